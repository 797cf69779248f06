//! The benchmarks of `hanoi-relaxed` (`cargo xtask bench hanoi-relaxed`).

use std::path::Path;

use crate::kit::bench::{baseline, compare, ms, peak_memory_kib, time_process};

/// hanoi-relaxed: single-instance files of 7, 8 and 9 distinct discs against the seed's Ruby
/// program (`SEED_RELAXED_RB`, run with `ruby`), and the 10- to 12-disc files alone.
pub fn bench(runs: usize) -> Result<(), String> {
    let large = crate::workspace::root().join("testdata/hanoi-relaxed/large");
    let seed = baseline("SEED_RELAXED_RB");
    for file in ["d08_12345678.in", "d09_123456789.in"] {
        let input = large.join(file);
        let mine = time_process(
            &crate::workspace::release_binary("hanoi-relaxed"),
            &[],
            &input,
            runs,
        )?;
        let theirs = match &seed {
            Some(script) => {
                let script = script.to_string_lossy().into_owned();
                Some(time_process(
                    Path::new("ruby"),
                    &[script.as_str()],
                    &input,
                    runs.min(3),
                )?)
            }
            None => None,
        };
        compare(
            &format!("hanoi-relaxed {file}"),
            mine,
            theirs,
            "target >= 100x at 9 discs, ours < 100 ms",
        );
    }
    for file in [
        "d10_1243567899.in",
        "d11_11234567899.in",
        "d12_124356778899.in",
        "d12_122345678899.in",
    ] {
        let input = large.join(file);
        let mine = time_process(
            &crate::workspace::release_binary("hanoi-relaxed"),
            &[],
            &input,
            runs.min(5),
        )?;
        let memory = peak_memory_kib(
            &crate::workspace::release_binary("hanoi-relaxed"),
            &[],
            &input,
        )
        .map_or(String::new(), |k| {
            format!(", peak {:.1} MiB", k as f64 / 1024.0)
        });
        println!("hanoi-relaxed {file}: ours {}{memory}", ms(mine));
    }
    Ok(())
}
