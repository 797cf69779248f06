//! The example's test: it runs to its end.

/// The example runs to its end: its own checks hold.
#[test]
fn runs() {
    super::main().expect("the example's searches succeed");
}
