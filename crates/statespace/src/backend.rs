//! What a crate that runs a [`TwoBitSearch`](crate::TwoBitSearch) somewhere else than this
//! process's memory builds on: the same builder, taken apart ([`TwoBitParts`], with its space
//! borrowed or shared: [`SpaceRef`]), or run with its codes in a [`TableStore`] of the crate's
//! own ([`TwoBitSearch::run_in`](crate::TwoBitSearch::run_in), going on from a [`Resume`],
//! told each level's start by a [`LevelStart`]).
//!
//! A user of the search needs none of it: `statespace-disk` adds `run_on_disk` to the builder
//! through these, and `statespace-timely` `run_on_cluster`.

pub use crate::two_bit::{LevelStart, Resume, SpaceRef, TableStore, TwoBitParts};
