//! `hanoi4 table build` and `hanoi4 table info`: build and save goal and detour tables, check a
//! saved one.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use hanoi4::{DetourTable, GoalTable, SolveError, TableDir, TableKind};
use judge::cli::{Failure, Stdout};

use crate::eccentricity;
use crate::status::with_level_progress;

/// `table build N --dir DIR [--replace] [--detour]`: the goal table (with `detour`, loaded when
/// saved unless `replace`), then with `detour` the detour table, each saved; refused before any
/// work when a table is saved already (unless `replace`), N is past the detour table's limit,
/// or (with `check_memory`) a table would not fit in the memory the process may take.
pub(crate) fn build(
    n: usize,
    dir: PathBuf,
    replace: bool,
    detour: bool,
    check_memory: bool,
) -> Result<Stdout<'static>, Failure> {
    if n > GoalTable::MAX_DISCS {
        return Err(Failure::new(format!(
            "{n} discs: a table in memory takes 1 to {}, on disk (--disk) 1 to {}",
            GoalTable::MAX_DISCS,
            GoalTable::MAX_SPREAD_DISCS
        )));
    }
    if detour && n > DetourTable::MAX_DISCS {
        return Err(SolveError::DetourWidth {
            n_discs: n,
            reason: format!("is refused: at most {} discs", DetourTable::MAX_DISCS),
        }
        .into());
    }
    let dir = TableDir::create(dir)?;
    if !replace && dir.contains_detour(n) && detour {
        return Err(SolveError::TableExists {
            path: dir.detour_file(n),
        }
        .into());
    }
    if !detour {
        return eccentricity::build(n, Some(&dir), replace, None, check_memory);
    }
    if check_memory {
        GoalTable::admit(n)?;
    }
    let threads = eccentricity::cores();
    let mut out = String::new();
    let goal = if dir.contains(n) && !replace {
        let goal = dir.load(n)?;
        writeln!(
            out,
            "{n} discs: the saved goal table {}",
            dir.file(n).display()
        )
        .expect("writing to memory");
        goal
    } else {
        let ((goal, levels), built) =
            with_level_progress(n, |progress| GoalTable::build(n, threads, progress))?;
        dir.save(&goal, replace)?;
        out += &eccentricity::report(n, &levels, true, built, &format!("{threads} threads"));
        goal
    };
    if check_memory {
        DetourTable::admit(n)?;
    }
    let (detour, built) =
        with_level_progress(n, |progress| DetourTable::build(&goal, threads, progress))?;
    let path = dir.save_detour(&detour, replace)?;
    writeln!(
        out,
        "{n} discs: detour table saved in {}, values from {} (a configuration on two pegs), {built:.2} s on {threads} threads",
        path.display(),
        detour.floor(),
    )
    .expect("writing to memory");
    Ok(Stdout::display(out))
}

/// `table build N --dir DIR --disk [--replace]`: the goal table built on disk in
/// `DIR/hanoi4-nNN.disk` (going on from its checkpoint when a build stopped), refused when a
/// finished one is there unless `replace`, which removes it first.
pub fn build_on_disk(
    n: usize,
    dir: PathBuf,
    replace: bool,
    check_memory: bool,
) -> Result<Stdout<'static>, Failure> {
    let dir = TableDir::create(dir)?;
    let folder = dir.disk_folder(n);
    if dir.contains_on_disk(n) {
        if !replace {
            return Err(SolveError::TableExists { path: folder }.into());
        }
        std::fs::remove_dir_all(&folder).map_err(|source| SolveError::TableIo {
            path: folder.clone(),
            source,
        })?;
    }
    eccentricity::on_disk(n, &folder, None, check_memory)
}

/// `table info FILE`: loads `file` with every check (its kind told by its magic) and says what
/// it holds.
pub fn info(file: &Path) -> Result<Stdout<'static>, Failure> {
    let shown = file.display().to_string();
    let line = match TableKind::of_file(file)? {
        TableKind::Detour => {
            let table = DetourTable::load(file)?;
            format!(
                "{shown}: detour table of {} discs, values from {}; header, size, checksum and contents verified\n",
                table.n_discs(),
                table.floor(),
            )
        }
        TableKind::Goal => {
            let table = GoalTable::load(file)?;
            let bytes = std::fs::metadata(file).map_err(|source| SolveError::TableIo {
                path: file.to_path_buf(),
                source,
            })?;
            format!(
                "{shown}: goal table of {} discs, {} canonical configurations ({} configurations), {} bytes; header, size, checksum and contents verified\n",
                table.n_discs(),
                table.canonical_len(),
                4u64.pow(table.n_discs() as u32),
                bytes.len(),
            )
        }
    };
    Ok(Stdout::display(line))
}
