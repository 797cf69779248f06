//! The lexical rule of definition and scramble files: lines of tokens, comments and blank lines
//! skipped, every line keeping its number.

/// The lines of a file that hold tokens, each with its 1-based number, read one at a time.
#[derive(Clone, Debug)]
pub(crate) struct TokenLines<'a> {
    lines: Vec<(usize, Vec<&'a str>)>,
    next: usize,
    /// The number of the line after the last one, named when the input ends too soon.
    end_line: usize,
}

/// A token separator: a space or a tab, as the workspace's input rule says (no other character
/// is whitespace: a control character is part of a token, and refused where it does not fit).
fn is_separator(c: char) -> bool {
    c == ' ' || c == '\t'
}

impl<'a> TokenLines<'a> {
    /// The lines of `text` that hold tokens: a line whose first token starts with `#` is a
    /// comment; a line ends in `\n` or `\r\n` (the last may lack its line break).
    pub(crate) fn new(text: &'a str) -> Self {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = Vec::new();
        let mut count = 0;
        let last = text.split('\n').count() - 1;
        for (index, line) in text.split('\n').enumerate() {
            count = index + 1;
            // Only a `\r` before a `\n` belongs to the line break: a lone one at the very end
            // is part of the last token.
            let line = if index < last {
                line.strip_suffix('\r').unwrap_or(line)
            } else {
                line
            };
            let tokens: Vec<&str> = line.split(is_separator).filter(|t| !t.is_empty()).collect();
            if tokens.first().is_some_and(|t| !t.starts_with('#')) {
                lines.push((index + 1, tokens));
            }
        }
        let end_line = if text.is_empty() || text.ends_with('\n') {
            count
        } else {
            count + 1
        };
        Self {
            lines,
            next: 0,
            end_line,
        }
    }

    /// The next line's number and tokens, without taking it.
    pub(crate) fn peek(&self) -> Option<(usize, &[&'a str])> {
        self.lines
            .get(self.next)
            .map(|(line, tokens)| (*line, tokens.as_slice()))
    }

    /// Takes the next line.
    pub(crate) fn take(&mut self) -> Option<(usize, Vec<&'a str>)> {
        let line = self.lines.get(self.next).cloned();
        if line.is_some() {
            self.next += 1;
        }
        line
    }

    /// The line the input ends on, for "found end of input".
    pub(crate) fn end_line(&self) -> usize {
        self.end_line
    }
}

/// The tokens of a move sequence: separated by spaces, tabs or commas.
pub(crate) fn move_tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| is_separator(c) || c == ',')
        .filter(|t| !t.is_empty())
}
