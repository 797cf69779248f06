//! Checkers for outputs that are not unique: they replay the emitted moves on the input.
//!
//! Each checker re-reads the judge input with its own plain parser, applies the rules of the
//! puzzle as the crates' READMEs state them, and accepts an output when every count equals
//! the one in `.out` and every move sequence is legal, reaches the goal, and has that length.
//! None of this shares code with the solvers.

/// A checker: `(input, expected lines, actual lines, args) -> Ok or why not`.
pub type Checker = fn(&str, &[&str], &[&str], &[String]) -> Result<(), String>;

/// Reads the line at `index` of the output, or explains that the output ended.
pub fn line<'a>(lines: &[&'a str], index: usize) -> Result<&'a str, String> {
    lines
        .get(index)
        .copied()
        .ok_or_else(|| format!("output ends before line {}", index + 1))
}

/// Reads a count line and checks it against the expected one.
pub fn count_line(actual: &[&str], index: usize, expected: &str) -> Result<i64, String> {
    let got = line(actual, index)?;
    if got != expected {
        return Err(format!(
            "line {}: count {got:?}, expected {expected:?}",
            index + 1
        ));
    }
    expected
        .parse()
        .map_err(|_| format!("expected count {expected:?} is not a number"))
}

/// Parses a move line `A B` with pegs in `1..=n_pegs`.
pub fn peg_move(text: &str, n_pegs: usize, line_no: usize) -> Result<(usize, usize), String> {
    let words: Vec<&str> = text.split(' ').collect();
    let parse = |w: &str| w.parse::<usize>().ok().filter(|p| (1..=n_pegs).contains(p));
    match words.as_slice() {
        [a, b] => match (parse(a), parse(b)) {
            (Some(a), Some(b)) if a != b => Ok((a - 1, b - 1)),
            _ => Err(format!("line {line_no}: bad move {text:?}")),
        },
        _ => Err(format!("line {line_no}: bad move {text:?}")),
    }
}

/// Requires that the output has nothing after `used` lines.
pub fn no_extra(actual: &[&str], used: usize) -> Result<(), String> {
    if actual.len() > used {
        return Err(format!(
            "line {}: unexpected extra output {:?}",
            used + 1,
            actual[used]
        ));
    }
    Ok(())
}

/// Reads a count line at `at` (which must equal `want`), then that many `A B` move lines,
/// moving the top of each stack (bottom to top) and requiring `legal` of the destination after
/// each move. Returns the index of the line after the moves.
pub fn replay_moves<T: Copy>(
    actual: &[&str],
    mut at: usize,
    want: &str,
    pegs: &mut [Vec<T>],
    legal: impl Fn(&[T]) -> bool,
) -> Result<usize, String> {
    let count = count_line(actual, at, want)?;
    at += 1;
    for _ in 0..count {
        let (from, to) = peg_move(line(actual, at)?, pegs.len(), at + 1)?;
        let disc = pegs[from]
            .pop()
            .ok_or(format!("line {}: peg {} is empty", at + 1, from + 1))?;
        pegs[to].push(disc);
        if !legal(&pegs[to]) {
            return Err(format!(
                "line {}: the move onto peg {} breaks the stacking rule",
                at + 1,
                to + 1
            ));
        }
        at += 1;
    }
    Ok(at)
}
