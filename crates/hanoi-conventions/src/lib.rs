//! Nothing to import: this crate holds the tests of the convention that `hanoi`, `hanoi4` and
//! `hanoi-relaxed` share (see `tests/conventions.rs` and the workspace README), kept apart
//! because no puzzle crate may depend on another.
