#![doc = include_str!("../README.md")]

mod checkpoint;
mod cluster;
mod error;
mod liveness;
mod owners;
mod report;
mod search;
mod slice;

pub use cluster::{Cluster, loopback_addresses};
pub use error::Error;
pub use report::{Report, Traffic};
pub use search::{ClusterSearch, RunOnCluster};
