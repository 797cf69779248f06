//! The system tests of the spread search (`hanoi4 eccentricity --processes`), the real binary
//! as a black box: [`processes`] starts, signals and waits for its processes; [`faults`]
//! (`cargo xtask faults`) and [`chaos`] (`cargo xtask chaos`) run it under faults; [`bench`]
//! (`cargo xtask bench cluster`) times it against one process.

pub mod bench;
pub mod chaos;
pub mod faults;
pub mod processes;
