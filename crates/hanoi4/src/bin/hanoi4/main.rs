//! `hanoi4`: the judge solver (stdin to stdout) by default; `table` and `eccentricity`
//! subcommands build, save, check and explore the two-bit goal tables. Each command is a module
//! of a few calls into the library; this file only dispatches.

mod args;
mod eccentricity;
mod judge_mode;
mod status;
mod table;

use std::process::ExitCode;

use args::{Arguments, Command, EXAMPLES, TableCommand};
use judge::cli;

fn main() -> ExitCode {
    cli::run("hanoi4", EXAMPLES, |arguments: Arguments| {
        match arguments.command {
            None => judge_mode::run(&arguments),
            Some(Command::Eccentricity {
                n,
                plot,
                ignore_memory_limits,
                disk,
                cluster,
            }) => {
                if cluster.wanted() {
                    eccentricity::spread(usize::from(n), &cluster, disk.as_deref(), plot.as_deref())
                } else if let Some(dir) = disk {
                    eccentricity::on_disk(
                        usize::from(n),
                        &dir,
                        plot.as_deref(),
                        !ignore_memory_limits,
                    )
                } else {
                    let check = !ignore_memory_limits;
                    eccentricity::run(usize::from(n), plot.as_deref(), check)
                }
            }
            Some(Command::Table(TableCommand::Build {
                n,
                dir,
                replace,
                detour,
                disk,
                ignore_memory_limits,
            })) => {
                if disk {
                    table::build_on_disk(usize::from(n), dir, replace, !ignore_memory_limits)
                } else {
                    table::build(usize::from(n), dir, replace, detour, !ignore_memory_limits)
                }
            }
            Some(Command::Table(TableCommand::Info { file })) => table::info(&file),
        }
    })
}

#[cfg(test)]
mod cli_errors;
