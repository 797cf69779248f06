#![doc = include_str!("../README.md")]

mod checkpoint;
mod cluster;
mod error;
mod search;

pub use cluster::Cluster;
pub use error::Error;
pub use search::{Report, Traffic, TwoBitSearch};
