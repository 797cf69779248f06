//! The generated judge cases of `testdata/hanoi/`, written by `cargo xtask gen-testdata hanoi`
//! from a fixed-seed generator, each `.out` from the oracle ([`super::oracle`]), never from the
//! solver. Hand-written cases (judge samples, `bad/`) are not touched.

use std::path::Path;

use crate::kit::generate::write_case;

/// hanoi: the counts (and moves) of a few disc counts, small to 100.
pub fn generate(root: &Path) -> Result<(), String> {
    for n in [1, 2, 3, 4, 10, 20, 21, 64, 100] {
        write_case(
            root,
            &format!("n{n:03}"),
            &format!("{n}\n"),
            super::oracle::solve,
        )?;
    }
    Ok(())
}
