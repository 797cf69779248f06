//! The argument reader takes what is asked and refuses the rest by name.

use super::Args;

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

#[test]
fn flags_names_and_leftovers() {
    let mut args = Args::new("fuzz", &words("alpha --cases 30 beta --seed 7"));
    assert_eq!(args.value::<usize>("--cases", "a count").unwrap(), Some(30));
    assert_eq!(args.value::<u64>("--seed", "a number").unwrap(), Some(7));
    assert_eq!(args.value::<u64>("--other", "a number").unwrap(), None);
    assert_eq!(args.names(&["alpha", "beta", "gamma"]), ["alpha", "beta"]);
    assert!(args.finish(&["alpha"]).is_ok());
}

#[test]
fn bad_values_and_unknown_words_are_named() {
    let mut args = Args::new("fuzz", &words("--cases many"));
    let error = args.value::<usize>("--cases", "a count").unwrap_err();
    assert_eq!(error, "fuzz --cases needs a count, not `many`");
    let mut args = Args::new("fuzz", &words("--seed"));
    assert_eq!(
        args.value::<u64>("--seed", "a number").unwrap_err(),
        "fuzz --seed needs a number"
    );
    let mut args = Args::new("verify", &words("alpah --fast"));
    assert!(args.names(&["alpha"]).is_empty());
    assert_eq!(
        args.finish(&["alpha", "beta"]).unwrap_err(),
        "verify: unknown name `alpah`; the names: alpha, beta"
    );
    let args = Args::new("browser", &words("--fast"));
    assert_eq!(
        args.finish(&[]).unwrap_err(),
        "browser: unknown argument `--fast` (see cargo xtask --help)"
    );
}
