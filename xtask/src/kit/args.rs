//! The one way the commands read their arguments: flags with a value (`--seed 7`), switches,
//! and the names of puzzles or benchmarks, with anything left over refused by name.

use std::str::FromStr;

/// A command's arguments, taken as the command asks for them.
pub struct Args {
    /// The command, for messages (`verify`).
    command: &'static str,
    /// What is not taken yet, in order.
    words: Vec<String>,
}

impl Args {
    /// The arguments of `cargo xtask command ...`.
    pub fn new(command: &'static str, args: &[String]) -> Self {
        Self {
            command,
            words: args.to_vec(),
        }
    }

    /// The value of `--flag VALUE` (its last use), read as `T`, or `None` when absent.
    ///
    /// # Errors
    /// A flag with no value, or a value that is not `what`.
    pub fn value<T: FromStr>(&mut self, flag: &str, what: &str) -> Result<Option<T>, String> {
        let mut found = None;
        while let Some(at) = self.words.iter().position(|w| w == flag) {
            self.words.remove(at);
            if at >= self.words.len() {
                return Err(format!("{} {flag} needs {what}", self.command));
            }
            let text = self.words.remove(at);
            let value = text
                .parse()
                .map_err(|_| format!("{} {flag} needs {what}, not `{text}`", self.command))?;
            found = Some(value);
        }
        Ok(found)
    }

    /// The words that are among `known` (in order), taken out; the rest stay for
    /// [`Args::finish`] to refuse.
    pub fn names(&mut self, known: &[&str]) -> Vec<String> {
        let (names, rest) = std::mem::take(&mut self.words)
            .into_iter()
            .partition(|w| known.contains(&w.as_str()));
        self.words = rest;
        names
    }

    /// Ends the reading with the names among `known` that were given, or all of `known` when
    /// none was.
    ///
    /// # Errors
    /// As [`Args::finish`].
    pub fn finish_naming(mut self, known: &[&str]) -> Result<Vec<String>, String> {
        let mut names = self.names(known);
        self.finish(known)?;
        if names.is_empty() {
            names = known.iter().map(|name| name.to_string()).collect();
        }
        Ok(names)
    }

    /// The first word that is not a flag, taken out, if any.
    pub fn positional(&mut self) -> Option<String> {
        let at = self.words.iter().position(|w| !w.starts_with("--"))?;
        Some(self.words.remove(at))
    }

    /// What is left, taken as is (a command that passes its remaining arguments on).
    pub fn rest(&mut self) -> Vec<String> {
        std::mem::take(&mut self.words)
    }

    /// Ends the reading.
    ///
    /// # Errors
    /// The first argument no one asked for, named, with the values `known` where a name was
    /// expected.
    pub fn finish(self, known: &[&str]) -> Result<(), String> {
        match self.words.first() {
            None => Ok(()),
            Some(word) if known.is_empty() || word.starts_with("--") => Err(format!(
                "{}: unknown argument `{word}` (see cargo xtask --help)",
                self.command
            )),
            Some(word) => Err(format!(
                "{}: unknown name `{word}`; the names: {}",
                self.command,
                known.join(", ")
            )),
        }
    }
}

#[cfg(test)]
mod tests;
