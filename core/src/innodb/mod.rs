//! InnoDB: the buffer pool (and, as the engine grows, the redo log, flushing and recovery).

pub mod buffer_pool;
pub mod redo;
pub mod tablespace;
pub mod trx;
