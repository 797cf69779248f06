//! Where the workspace is: every command finds `testdata/`, `target/` and the crates from here.

use std::path::{Path, PathBuf};

/// The workspace root (the parent of this crate's folder).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one level below the workspace root")
        .to_path_buf()
}
