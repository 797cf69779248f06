//! What the shared input rule accepts and refuses, each checked against what the rule says:
//! `cargo run -p judge --example input_rule`.

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
    // Each input with what the rule in the README says of it, worked out by hand.
    for (input, expected) in [
        ("3\n1 2 3\n", Ok(vec![1, 2, 3])),
        // A byte-order mark, leading zeros, CRLF, blank lines, tabs and runs of spaces.
        ("\u{feff}003\r\n\n\t1  2\t3 \r\n\n", Ok(vec![1, 2, 3])),
        (
            "3\n1 2\n",
            Err("line 2: expected a digit from 0 to 9, found end of line"),
        ),
        (
            "3\n1 -2 3\n",
            Err(r#"line 2: expected a digit from 0 to 9, found "-2""#),
        ),
        (
            "3\n1 2 3 4\n",
            Err(r#"line 2: expected end of line, found "4""#),
        ),
        (
            "3\n1 2 3\nmore\n",
            Err(r#"line 3: expected end of input, found "more""#),
        ),
    ] {
        let read = read(input).map_err(|error| error.to_string());
        match &read {
            Ok(digits) => println!("{input:?}: {digits:?}"),
            Err(error) => println!("{input:?}: {error}"),
        }
        assert_eq!(read, expected.map_err(String::from), "{input:?}");
    }
}
