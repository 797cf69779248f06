//! What the shared input rule accepts and refuses: `cargo run -p judge --example input_rule`.

use judge::Lines;

/// Reads `N`, then `N` numbers from 0 to 9 on one line.
fn read(input: &str) -> Result<Vec<u8>, judge::ParseError> {
    let mut lines = Lines::new(input);
    let mut first = lines.line("the count")?;
    let count = first.number("the count", 1..=9)?;
    first.end()?;
    let mut second = lines.line("the digits")?;
    let digits = (0..count)
        .map(|_| second.number("a digit", 0..=9))
        .collect::<Result<Vec<u8>, _>>()?;
    second.end()?;
    lines.end()?;
    Ok(digits)
}

fn main() {
    for input in [
        "3\n1 2 3\n",
        "\u{feff}003\r\n\n\t1  2\t3 \r\n\n",
        "3\n1 2\n",
        "3\n1 -2 3\n",
        "3\n1 2 3 4\n",
        "3\n1 2 3\nmore\n",
    ] {
        match read(input) {
            Ok(digits) => println!("{input:?}: {digits:?}"),
            Err(error) => println!("{input:?}: {error}"),
        }
    }
}
