//! Storage: table definitions, InnoDB record and B+tree geometry (16 KB pages, DYNAMIC row
//! format), and tables whose rows are generated on demand with only changed rows stored.

pub mod btree;
pub mod catalog;
pub mod index;
pub mod key;
pub mod name_map;
pub mod page_layout;
pub mod partition;
pub mod record;
pub mod schema;
pub mod statistics;
pub mod table;
pub mod table_stats;
pub mod value;
pub mod value_bytes;
