//! The fuzzer's verdicts on stand-in binaries, judged against hanoi's oracle.

use crate::kit::testing::args;

/// A stand-in `hanoi` binary: a bash script that reads its input into `$input`, then runs
/// `body`.
fn stand_in(dir: &std::path::Path, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join("hanoi");
    std::fs::write(&path, format!("#!/bin/bash\ninput=$(cat)\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn the_fuzzer_rejects_every_kind_of_misbehaviour() {
    let dir = std::env::temp_dir().join(format!("xtask-fuzz-test-{}", std::process::id()));
    let input = b"3\n";
    let verdict = |body: &str| {
        let binary = stand_in(&dir, body);
        crate::commands::fuzz::examine_input("hanoi", &binary, &[], input).unwrap()
    };
    // The right answer for N = 3, from the oracle, passes; so does a clean refusal.
    let right = crate::commands::oracle::solve(&args(&["hanoi"]), "3\n").unwrap();
    assert_eq!(
        verdict(&format!("printf '{}'", right.replace('\n', "\\n"))),
        None
    );
    assert_eq!(verdict("echo 'hanoi: line 1: no' >&2; exit 2"), None);
    for (body, why) in [
        ("echo 8; exit 0", "differs from the oracle"),
        ("echo 'hanoi: line 1: no' >&2; exit 1", "exit status"),
        (
            "echo x; echo 'hanoi: line 1: no' >&2; exit 2",
            "output on stdout",
        ),
        ("printf 'hanoi: a\\nb\\n' >&2; exit 2", "one-line"),
        ("echo 'line 1: no' >&2; exit 2", "house shape"),
        ("echo 'hanoi: no' >&2; exit 2", "names no line"),
        ("echo \"thread 'main' panicked\" >&2; exit 2", "panic"),
        ("kill -9 $$", "exit status None"),
        ("date +%N", "second run"),
    ] {
        let found = verdict(body).unwrap_or_default();
        assert!(found.contains(why), "{body:?} gave {found:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_fuzzer_fails_a_binary_that_refuses_or_changes_what_the_input_rule_accepts() {
    use crate::commands::fuzz::{FlagsMust, examine_flags, examine_harmless};
    let dir = std::env::temp_dir().join(format!("xtask-fuzz-harmless-{}", std::process::id()));
    let right = crate::commands::oracle::solve(&args(&["hanoi"]), "3\n").unwrap();
    let printf = format!("printf '{}'", right.replace('\n', "\\n"));
    let harmless = |body: &str, mutated: &[u8]| {
        let binary = stand_in(&dir, body);
        examine_harmless("hanoi", &binary, &[], b"3\n", mutated, "a test").unwrap()
    };
    // Right on both: passes.
    assert_eq!(harmless(&printf, b"\xef\xbb\xbf3\r\n"), None);
    // Refusing the byte-order mark, or answering a tab otherwise: fails.
    let refuses_bom = format!(
        "if [[ $input == $'\\xef\\xbb\\xbf'* ]]; then echo 'hanoi: line 1: no' >&2; exit 2; fi\n{printf}"
    );
    let found = harmless(&refuses_bom, b"\xef\xbb\xbf3\n").unwrap_or_default();
    assert!(
        found.contains("refused an input the input rule accepts"),
        "{found}"
    );
    let tab_otherwise = format!("if [[ $input == *$'\\t'* ]]; then echo 8; exit 0; fi\n{printf}");
    let found = harmless(&tab_otherwise, b"\t3\n").unwrap_or_default();
    assert!(found.contains("answered otherwise"), "{found}");
    // Ignoring an unknown flag: fails; refusing it: passes.
    let flags = |body: &str| {
        let binary = stand_in(&dir, body);
        let args = args(&["--zz-fuzz"]);
        examine_flags(
            "hanoi",
            &binary,
            &args,
            b"3\n",
            FlagsMust::Refuse,
            "an unknown flag",
        )
        .unwrap()
    };
    let found = flags(&printf).unwrap_or_default();
    assert!(found.contains("accepted an unknown flag"), "{found}");
    assert_eq!(
        flags("echo \"hanoi: unexpected argument '--zz-fuzz' found\" >&2; exit 2"),
        None
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn harmless_mutations_change_nothing_the_input_rule_reads() {
    use crate::commands::fuzz::{LEADING_ZERO, canonical, mutate_harmless};
    let seed = "2\n3\n3 3 2 1\n0\n0\n0\n1\n0\n0\n0\n1 1\n";
    let mut kinds = std::collections::BTreeSet::new();
    for s in 1..200 {
        let mut rng = crate::kit::generate::Rng::new(s);
        let mut bytes = seed.as_bytes().to_vec();
        let kind = mutate_harmless(&mut rng, &mut bytes);
        kinds.insert(kind);
        let text = String::from_utf8(bytes).unwrap();
        assert_ne!(text, seed);
        if kind == LEADING_ZERO {
            // The same tokens, one of them a number with a zero before it.
            let tokens = |t: &str| -> Vec<u64> {
                t.split_whitespace().map(|w| w.parse().unwrap()).collect()
            };
            assert_eq!(tokens(&text), tokens(seed), "{text:?}");
            assert_eq!(text.len(), seed.len() + 1);
        } else {
            assert_eq!(canonical(&text), canonical(seed), "{text:?}");
        }
    }
    assert_eq!(kinds.len(), 7, "{kinds:?}");
}
