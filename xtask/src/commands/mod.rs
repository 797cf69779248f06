//! One module a command, each with its `run(args)`: `main` dispatches to them.

pub mod bench;
pub mod browser;
pub mod doc_links;
pub mod fuzz;
pub mod gen_testdata;
pub mod lists;
pub mod new_puzzle;
pub mod oracle;
pub mod verify;
