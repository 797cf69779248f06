//! The `--render` pages of `permutation-puzzle`: none (the binary draws no page).

use std::path::Path;

use crate::kit::pages::Page;

/// No pages: the binary has no `--render`.
pub fn pages(_root: &Path) -> Result<Vec<Page>, String> {
    Ok(Vec::new())
}
