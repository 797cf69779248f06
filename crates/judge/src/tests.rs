//! Tests: the input rule on each of its clauses, and no panic on arbitrary text.

use rstest::rstest;

use crate::{Found, Lines, ParseError, decode};

/// Reads `input` as lines of numbers from 0 to 99, each line ending where its tokens do, and
/// returns them or the message of the first refusal.
fn numbers(input: &str) -> Result<Vec<Vec<u8>>, String> {
    let mut lines = Lines::new(input);
    let mut read = Vec::new();
    while let Some(mut line) = lines.next_line() {
        let mut values = Vec::new();
        while !line.remainder().is_empty() {
            values.push(line.number("a value", 0..=99).map_err(|e| e.to_string())?);
        }
        line.end().map_err(|e| e.to_string())?;
        read.push(values);
    }
    Ok(read)
}

#[rstest]
#[case::plain("1 2\n3\n", &[&[1, 2][..], &[3]])]
#[case::crlf_and_no_final_newline("1 2\r\n3", &[&[1, 2][..], &[3]])]
#[case::tabs_and_runs_of_spaces("\t1 \t  2  \n", &[&[1, 2][..]])]
#[case::blank_lines_anywhere("\n \t\n1\n\n\r\n2\n\n", &[&[1][..], &[2]])]
#[case::leading_zeros("007 00", &[&[7, 0][..]])]
#[case::byte_order_mark("\u{feff}5\n", &[&[5][..]])]
fn accepted(#[case] input: &str, #[case] expected: &[&[u8]]) {
    let expected: Vec<Vec<u8>> = expected.iter().map(|l| l.to_vec()).collect();
    assert_eq!(numbers(input), Ok(expected));
}

#[rstest]
#[case::sign("1\n-1\n", r#"line 2: expected a value from 0 to 99, found "-1""#)]
#[case::plus("+3", r#"line 1: expected a value from 0 to 99, found "+3""#)]
#[case::out_of_range("100", r#"line 1: expected a value from 0 to 99, found "100""#)]
#[case::past_u64(
    "\n99999999999999999999999",
    r#"line 2: expected a value from 0 to 99, found "99999999999999999999999""#
)]
#[case::mark_inside(
    "1 \u{feff}2",
    r#"line 1: expected a value from 0 to 99, found "\u{feff}2""#
)]
#[case::no_break_space(
    "1\u{a0}2",
    r#"line 1: expected a value from 0 to 99, found "1\u{a0}2""#
)]
#[case::lone_carriage_return("1\r2\n", r#"line 1: expected a value from 0 to 99, found "1\r2""#)]
fn refused(#[case] input: &str, #[case] message: &str) {
    assert_eq!(numbers(input), Err(message.to_string()));
}

#[test]
fn missing_lines_and_trailing_text_name_their_line() {
    let mut lines = Lines::new("1\n\n");
    lines.line("the first").unwrap();
    let missing = lines.line("the second").unwrap_err();
    assert_eq!(
        missing.to_string(),
        "line 3: expected the second, found end of input"
    );

    let mut lines = Lines::new("1\n\n2 3\n");
    lines.line("the first").unwrap();
    let error = lines.end().unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"line 3: expected end of input, found "2 3""#
    );

    let mut line = Lines::new("4 x").next_line().unwrap();
    line.number("a value", 0u8..=9).unwrap();
    let error = line.end().unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"line 1: expected end of line, found "x""#
    );
}

#[test]
fn bytes_that_are_not_utf8_name_their_line() {
    assert_eq!(decode(b"1\n2\n"), Ok("1\n2\n"));
    assert_eq!(
        decode(b"1\n\n2 \xff\n"),
        Err(ParseError::new(
            3,
            "UTF-8 text",
            Found::Other("the byte 0xff".into())
        ))
    );
    let error = decode(b"\xc3").unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 1: expected UTF-8 text, found the byte 0xc3"
    );
}

#[test]
fn messages_stay_on_one_line_whatever_the_input() {
    let mut rng = fastrand::Rng::with_seed(9);
    let alphabet = [
        '1', '0', ' ', '\t', '\n', '\r', '-', '+', 'x', '\u{feff}', '\u{a0}', '9',
    ];
    for _ in 0..20_000 {
        let len = rng.usize(0..24);
        let input: String = (0..len)
            .map(|_| alphabet[rng.usize(..alphabet.len())])
            .collect();
        if let Err(message) = numbers(&input) {
            assert!(!message.contains('\n'), "{input:?} gives {message:?}");
            assert!(message.starts_with("line "), "{input:?} gives {message:?}");
        }
    }
}

/// What `numbers` should read, from the rule's reference readers (`testing`), not from `Lines`.
#[cfg(feature = "testing")]
fn reference_numbers(input: &str, max: u64) -> Option<Vec<Vec<u8>>> {
    crate::testing::reference_lines(input)
        .iter()
        .map(|tokens| {
            tokens
                .iter()
                .map(|t| crate::testing::reference_number(t, 0..=max).map(|v| v as u8))
                .collect()
        })
        .collect()
}

/// A reader of `numbers`' format, right or with a planted bug.
#[cfg(feature = "testing")]
type NumbersReader<'a> = &'a dyn Fn(&str) -> Result<Vec<Vec<u8>>, String>;

#[cfg(feature = "testing")]
const NUMBERS_SAMPLE: &str = "12 99\n\n7 0 03\n";

#[cfg(feature = "testing")]
const NUMBERS_ALPHABET: [&str; 16] = [
    "0",
    "1",
    "9",
    "99",
    "100",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "-",
    "+",
    "x",
    "\u{feff}",
    "\u{a0}",
    "99999999999999999999999",
];

/// The mutated texts both checks below read: from the sample, with the alphabet, seed 17.
#[cfg(feature = "testing")]
const NUMBERS_MUTATIONS: crate::testing::Mutations<'static> = crate::testing::Mutations {
    seed: 17,
    sample: NUMBERS_SAMPLE,
    alphabet: &NUMBERS_ALPHABET,
};

/// `Lines` and the reference readers of the rule agree on what every text means.
#[cfg(feature = "testing")]
#[test]
fn lines_read_what_the_rule_says() {
    crate::testing::parse_matches_reference(NUMBERS_MUTATIONS, numbers, |text| {
        reference_numbers(text, 99)
    });
}

/// The check fails on a parser that accepts a number one past the range, one that ignores a
/// trailing token, and one that refuses everything: it does not pass any `Ok`.
#[cfg(feature = "testing")]
#[test]
fn the_reference_check_catches_planted_bugs() {
    use crate::testing::compare_with_reference;
    let check = |parse: NumbersReader<'_>| {
        compare_with_reference(NUMBERS_MUTATIONS, parse, |text| reference_numbers(text, 99))
    };
    let one_past = |input: &str| -> Result<Vec<Vec<u8>>, String> {
        let mut lines = Lines::new(input);
        let mut read = Vec::new();
        while let Some(mut line) = lines.next_line() {
            let mut values = Vec::new();
            while !line.remainder().is_empty() {
                values.push(line.number("a value", 0..=100).map_err(|e| e.to_string())?);
            }
            read.push(values);
        }
        Ok(read)
    };
    let error = check(&one_past).unwrap_err();
    assert!(error.contains("the reference refuses it"), "{error}");
    assert!(error.contains("100"), "{error}");

    let first_two_only = |input: &str| -> Result<Vec<Vec<u8>>, String> {
        let mut lines = Lines::new(input);
        let mut read = Vec::new();
        while let Some(mut line) = lines.next_line() {
            let mut values = Vec::new();
            for _ in 0..2 {
                if line.remainder().is_empty() {
                    break;
                }
                values.push(line.number("a value", 0..=99).map_err(|e| e.to_string())?);
            }
            read.push(values);
        }
        Ok(read)
    };
    let error = check(&first_two_only).unwrap_err();
    assert!(error.contains("parse"), "{error}");

    let refuse_all =
        |_: &str| -> Result<Vec<Vec<u8>>, String> { Err("line 1: expected nothing".into()) };
    let error = check(&refuse_all).unwrap_err();
    assert!(error.contains("the reference reads"), "{error}");
    let tally = check(&numbers).unwrap();
    assert!(tally.accepted * 20 >= tally.texts, "{tally:?}");
}
