//! The fuzzer's verdicts on stand-in binaries, judged against hanoi's oracle.

fn args(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

/// A stand-in binary: a shell script named `crate_name` that runs `body`.
fn fake_binary(dir: &std::path::Path, crate_name: &str, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(crate_name);
    std::fs::write(&path, format!("#!/bin/sh\ncat > /dev/null\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn the_fuzzer_rejects_every_kind_of_misbehaviour() {
    let dir = std::env::temp_dir().join(format!("xtask-fuzz-test-{}", std::process::id()));
    let input = b"3\n";
    let verdict = |body: &str| {
        let binary = fake_binary(&dir, "hanoi", body);
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
