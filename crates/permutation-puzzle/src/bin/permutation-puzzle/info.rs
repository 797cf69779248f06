//! `info FILE`: the puzzle's sets and moves, its rank (coordinates, table size) beside twsearch's
//! product of sets, and with `--search` the reachable count.

use std::fmt::Write;
use std::path::PathBuf;

use judge::cli::{Failure, Stdout};
use permutation_puzzle::god_with;

use crate::Common;

/// Describes a definition file and the rank this crate builds for it.
#[derive(Clone, Debug, clap::Args)]
pub(crate) struct InfoArguments {
    /// The definition file (`-` for stdin).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Also search the whole space, for the reachable count.
    #[arg(long)]
    search: bool,
}

pub(crate) fn exec(common: Common, args: InfoArguments) -> Result<Stdout<'static>, Failure> {
    let puzzle = crate::read_definition(&args.file)?;
    let rank = crate::rank_of(&puzzle, common.metric, &args.file)?;
    let mut out = String::new();
    let _ = writeln!(out, "name {}", puzzle.name());
    for set in puzzle.sets() {
        let _ = writeln!(
            out,
            "set {} slots {} orientations {}",
            set.name(),
            set.size(),
            set.omod()
        );
    }
    let _ = writeln!(
        out,
        "moves {} {}",
        rank.move_names().len(),
        rank.move_names().join(" ")
    );
    for c in rank.coordinates() {
        let _ = writeln!(
            out,
            "coordinate {} size {} table-bytes {}",
            c.what, c.size, c.table_bytes
        );
    }
    let _ = writeln!(
        out,
        "rank {} table-bytes {}",
        rank.len(),
        rank.len().div_ceil(4)
    );
    let _ = writeln!(out, "product-of-sets {:.0}", rank.product_of_sets());
    if args.search {
        let god = god_with(&rank, common.threads, |_, _| {})?;
        let _ = writeln!(out, "reachable {}", god.levels.reached());
        let _ = writeln!(out, "gods-number {}", god.levels.max_distance());
    }
    Ok(Stdout::display(out))
}
