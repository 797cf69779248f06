//! Tests of the browser check's verdict: what waives it and what passes.

use std::ffi::OsStr;

use super::{succeeded, waived};

#[test]
fn only_an_explicit_one_waives_the_browser() {
    assert!(waived(Some(OsStr::new("1"))));
    for value in ["0", "", "true", "yes", "01", " 1"] {
        assert!(!waived(Some(OsStr::new(value))), "{value:?}");
    }
    assert!(!waived(None));
}

#[test]
fn a_run_that_checked_no_page_fails() {
    assert!(!succeeded(0, 0));
    assert!(!succeeded(3, 1));
    assert!(!succeeded(0, 2));
    assert!(succeeded(3, 0));
}
