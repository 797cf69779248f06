//! `hanoi4 < INPUT`: the judge mode. Reads the cases, solves the file, optionally writes the
//! page of one case and the timings, and answers on stdout.

use hanoi4::{Options, Solution, TableDir, Timings};
use judge::cli::{self, Failure, Stdout};

use crate::args::Arguments;
use crate::status::Status;

/// Solves the judge input on stdin as `arguments` ask.
pub fn run(arguments: &Arguments) -> Result<Stdout<'static>, Failure> {
    let tables = arguments
        .tables
        .clone()
        .map(TableDir::open)
        .transpose()
        .map_err(|error| Failure::new(format!("--tables: {error}")))?;
    let starts = hanoi4::parse(&cli::read_stdin()?)?;
    let shown = arguments.page.shown(starts.len())?;
    let mut status = Status::new(cli::progress_wanted());
    let mut timings = Timings::default();
    let mut report = |p| {
        status.update(p);
        timings.update(p);
    };
    let options = Options {
        engine: arguments.engine,
        tables: tables.as_ref(),
        progress: Some(&mut report),
        moves: arguments.moves,
    };
    let solved = hanoi4::solve(&starts, options);
    status.clear();
    if arguments.stats {
        for group in timings.groups() {
            eprintln!("hanoi4: {group}");
        }
    }
    let solution = solved?;
    if let Some((path, index)) = shown {
        cli::write_file(&path, &page(&starts[index], index, &solution))?;
    }
    Ok(Stdout::display_line(solution))
}

/// The page that plays case `index` (from `start`) of `solution`.
fn page(start: &hanoi4::Config, index: usize, solution: &Solution) -> String {
    let moves = &solution.moves[index];
    let scene = render::PegsScene {
        title: format!(
            "Four-peg Hanoi, case {}: {} discs to peg 4 in {} moves",
            index + 1,
            start.n_discs(),
            moves.len()
        ),
        pegs: 4,
        start: start
            .stacks()
            .iter()
            .map(|stack| stack.iter().map(|&d| d as u32).collect())
            .collect(),
        moves: render::PegMoves::list(moves.iter().map(|m| (m.from.index(), m.to.index()))),
    };
    render::pegs_page(&scene)
}
