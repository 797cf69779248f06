//! `god FILE`: the distance distribution, God's number and antipodes of a definition file.

use std::fmt::Write;
use std::path::PathBuf;

use judge::cli::{Failure, LevelBar, Stdout};
use permutation_puzzle::{God, antipodes};

use crate::Common;

/// How `god` writes its answer.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub(crate) enum Format {
    /// `D COUNT` lines, `total N`, `gods-number G`, `antipode D MOVE...` lines.
    Text,
    /// Tab-separated `distance count` rows after a header, then `total`, `gods-number`, `antipode` rows.
    Tsv,
    /// One JSON object a line: `{"distance":D,"count":N}`, then the total and the antipodes.
    Jsonl,
}

/// Computes God's algorithm for a definition file: every position's distance from Solved.
#[derive(Clone, Debug, clap::Args)]
pub(crate) struct GodArguments {
    /// The definition file (`-` for stdin).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// How many antipodes (positions at the largest distance) to print, each with an optimal
    /// sequence from Solved.
    #[arg(long, value_name = "K", default_value_t = 1)]
    antipodes: usize,
    /// The output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Keep the two-bit table in a file of this folder instead of memory (resumable: run the
    /// same command again after a kill).
    #[arg(long, value_name = "DIR")]
    disk: Option<PathBuf>,
    /// Save the two-bit table to this file, for `solve --table`.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
}

pub(crate) fn exec(common: Common, args: GodArguments) -> Result<Stdout<'static>, Failure> {
    let puzzle = crate::read_definition(&args.file)?;
    let rank = crate::rank_of(&puzzle, common.metric, &args.file)?;
    // The level, the positions found, the time and an estimate of what is left, on a terminal
    // only; cleared before the report.
    let bar = LevelBar::new("god", rank.len(), "positions");
    let progress = |level: u32, size: u64| bar.level(level, size);
    let god = crate::table::search(&rank, common.threads, args.disk.as_deref(), progress);
    bar.clear();
    let god = god?;
    if let Some(path) = &args.save {
        crate::table::save(path, &rank, &god.table)?;
    }
    let found = antipodes(&rank, &god, args.antipodes)?;
    let names = |moves: &Vec<usize>| -> Vec<String> {
        moves
            .iter()
            .map(|&m| rank.move_names()[m].clone())
            .collect()
    };
    Ok(Stdout::display(report(
        &god,
        &found.iter().map(names).collect::<Vec<_>>(),
        args.format,
    )))
}

fn report(god: &God, antipodes: &[Vec<String>], format: Format) -> String {
    let sizes = god.levels.sizes();
    let total: u64 = sizes.iter().sum();
    let gods = sizes.len() - 1;
    let mut out = String::new();
    match format {
        Format::Text => {
            for (d, n) in sizes.iter().enumerate() {
                let _ = writeln!(out, "{d} {n}");
            }
            let _ = writeln!(out, "total {total}\ngods-number {gods}");
            for a in antipodes {
                let _ = writeln!(out, "antipode {} {}", a.len(), a.join(" "));
            }
        }
        Format::Tsv => {
            let _ = writeln!(out, "distance\tcount");
            for (d, n) in sizes.iter().enumerate() {
                let _ = writeln!(out, "{d}\t{n}");
            }
            let _ = writeln!(out, "total\t{total}\ngods-number\t{gods}");
            for a in antipodes {
                let _ = writeln!(out, "antipode\t{}", a.join(" "));
            }
        }
        Format::Jsonl => {
            for (d, n) in sizes.iter().enumerate() {
                let _ = writeln!(out, "{{\"distance\":{d},\"count\":{n}}}");
            }
            let _ = writeln!(out, "{{\"total\":{total},\"gods_number\":{gods}}}");
            for a in antipodes {
                let moves: Vec<String> = a
                    .iter()
                    .map(|m| format!("\"{}\"", json_escape(m)))
                    .collect();
                let _ = writeln!(out, "{{\"antipode\":[{}]}}", moves.join(","));
            }
        }
    }
    out
}

/// A move name inside JSON quotes.
fn json_escape(text: &str) -> String {
    text.chars()
        .flat_map(|c| match c {
            '"' => vec!['\\', '"'],
            '\\' => vec!['\\', '\\'],
            c if (c as u32) < 0x20 => format!("\\u{:04x}", c as u32).chars().collect(),
            c => vec![c],
        })
        .collect()
}
