//! `performance_schema.setup_instruments`: the instrument classes of a default MySQL 9.7 server
//! as data (`instruments.txt`), their default ENABLED and TIMED from MySQL's rules
//! (`classes`), the running server's settings of them, changed by UPDATE and by the
//! `performance-schema-instrument` startup option (`settings`).

pub mod classes;
pub mod settings;

pub use classes::{classes, Class};
pub use settings::{InstrumentSettings, Setting};
