//! Storage: table definitions, InnoDB record and B+tree geometry (16 KB pages, DYNAMIC row
//! format), and tables whose rows are generated on demand with only changed rows stored.

pub mod btree;
pub mod index;
pub mod page_layout;
pub mod record;
pub mod schema;
pub mod table;
