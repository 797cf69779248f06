#![doc = include_str!("../README.md")]

mod checkpoint;
mod cluster;
mod error;
mod liveness;
mod report;
mod search;

pub use cluster::Cluster;
pub use error::Error;
pub use report::{Report, Traffic};
pub use search::TwoBitSearch;
