//! The simulated host's `sh`: a command line split into a pipeline with its redirections
//! (`pipeline`), the text filters a pipe feeds (`text_filters`: grep, cut, head, tail, wc;
//! `sort_uniq`: sort, uniq),
//! the files they read (`files`: the host's home and mysqld's datadir), `ls` and pathname
//! expansion (`glob`), and what the container tells about the machine (`host_info`: nproc,
//! free, the cgroup files).

pub mod files;
pub mod glob;
pub mod host_info;
pub mod ls;
pub mod pipeline;
pub mod sort_uniq;
pub mod text_filters;
