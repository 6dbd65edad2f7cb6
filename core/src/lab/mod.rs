//! The laboratory around the engine: experiments (a seed, hardware, options, a dataset and
//! steps) and their share links, lessons as data, the chapter's fidelity checks, benchmarks
//! and crash sweeps. The engine never imports the lab that runs it.

pub mod bench;
pub mod chapter;
pub mod crash_sweep;
pub mod experiment;
pub mod fidelity;
pub mod lesson;
pub mod link;
