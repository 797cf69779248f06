#![doc = include_str!("../README.md")]

mod config;
pub mod notation;
mod peg;

pub use config::{Config, ConfigError};
pub use peg::{Disc, Move, Peg};

#[cfg(test)]
mod tests;
