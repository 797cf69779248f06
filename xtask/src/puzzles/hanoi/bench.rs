//! The benchmarks of `hanoi` (`cargo xtask bench hanoi`).

use std::path::Path;

use crate::kit::bench::{ms, time_process};

/// hanoi: N = 20 (1,048,575 move lines) against `cat` copying the same bytes, both to /dev/null.
pub fn bench(runs: usize) -> Result<(), String> {
    let testdata = crate::workspace::root().join("testdata/hanoi");
    let ours = time_process(
        &crate::workspace::release_binary("hanoi"),
        &[],
        &testdata.join("n020.in"),
        runs,
    )?;
    let cat = time_process(
        Path::new("cat"),
        &[testdata.join("n020.out").to_str().expect("utf-8")],
        Path::new("/dev/null"),
        runs,
    )?;
    println!(
        "hanoi N=20 to /dev/null: median {} vs cat of the same {} bytes {} -> ratio {:.2} (target <= 2)",
        ms(ours),
        std::fs::metadata(testdata.join("n020.out"))
            .map_err(|e| e.to_string())?
            .len(),
        ms(cat),
        ours.as_secs_f64() / cat.as_secs_f64()
    );
    Ok(())
}
