//! The generators' helpers: a small deterministic generator (its sequence is what the committed
//! judge data was generated with) and the writing of one case with its oracle's answer.

use std::path::Path;

/// A small deterministic generator (xorshift64).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }
}

/// Writes `name.in` with `input` and `name.out` with `oracle`'s answer to it in `folder`.
pub fn write_case(
    folder: &Path,
    name: &str,
    input: &str,
    oracle: impl Fn(&str) -> String,
) -> Result<(), String> {
    std::fs::create_dir_all(folder).map_err(|e| e.to_string())?;
    let output = oracle(input);
    std::fs::write(folder.join(format!("{name}.in")), input).map_err(|e| e.to_string())?;
    std::fs::write(folder.join(format!("{name}.out")), output).map_err(|e| e.to_string())?;
    Ok(())
}
