//! The simulated host's `sh`: a command line split into a pipeline with its redirections
//! (`pipeline`), the text filters a pipe feeds (`text_filters`: grep, cut, head, tail, wc;
//! `sort_uniq`: sort, uniq),
//! the files they read (`files`: the host's home and mysqld's datadir), `ls` and pathname
//! expansion (`glob`), and what the container tells about the machine (`host_info`: nproc,
//! free, the cgroup files), `hostname` and `date` (`clock_and_name`), and command
//! substitution, `$(...)` and backquotes (`substitution`).

pub mod clock_and_name;
pub mod files;
pub mod glob;
pub mod host_info;
pub mod ls;
pub mod pipeline;
pub mod sort_uniq;
pub mod substitution;
pub mod text_filters;
