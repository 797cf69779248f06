//! `cargo xtask chaos --disk [--faults K] [--discs N] [--seed S]`: `hanoi4 eccentricity N --disk
//! DIR` hit K times by faults, resumed after each, checked every time against the level sizes
//! checked in under `testdata/hanoi4/eccentricity/` (the oracle's plain BFS, never the binary).
//!
//! The faults, drawn at random moments of an uninterrupted run's time (so they scale with the
//! machine's speed), and what must follow each:
//!
//! * **kill**: `SIGKILL` mid-run, in a memory cgroup small enough that the search writes pages of
//!   its table back between checkpoints (root only; without root the pages stay in memory and
//!   the kill is still a kill). The next run, with the same command, resumes: it may be killed
//!   again, and again, before one is let finish, which must print exactly the checked-in
//!   levels.
//! * **damaged log**: a kill, then the folder's undo log removed, cut at half, cut at a random
//!   byte, or a random byte of it (or of its header) changed. The resumed run must either refuse
//!   (exit 2, one line on stderr naming the log, nothing on stdout) or, where the damage
//!   touched nothing the resume needs (records past the committed ones, a kill in the instant
//!   between a checkpoint and the log's restart), print exactly the checked-in levels. Either
//!   way the next search starts in an empty folder.
//! * **full disk** (root only): the folder on a small tmpfs, filled to the last byte at a random
//!   moment; the run must stop with exit 2 and one line, and with the room back, resume to the
//!   checked-in levels.
//!
//! A fault that came after the run had printed its report is not counted but drawn again (its
//! report is compared all the same), so every counted fault landed mid-run. The report counts
//! the faults of each kind, the resumes, the refusals, the answers compared and the answers
//! changed (must be 0), and fails on any run that ended otherwise.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use super::spread::processes::{Ended, Process, binary, checked_in_levels, scratch};
use crate::kit::args::Args;
use crate::kit::cgroup::Cgroup;
use crate::kit::generate::Rng;

/// How long a run may take before the chaos run gives up on it.
const LIMIT: Duration = Duration::from_secs(600);

/// The kinds of fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    Kill,
    DamagedLog,
    FullDisk,
}

/// The figures of a chaos run.
#[derive(Default)]
struct Figures {
    kills: u32,
    damaged: u32,
    full: u32,
    /// Faults that came after the run had printed its report (drawn again).
    late: u32,
    resumes: u32,
    /// Kills that left committed records in the undo log: pages of the table written since
    /// the checkpoint, which the resume must take back.
    with_records: u32,
    refusals: u32,
    compared: u32,
    changed: u32,
    /// Runs that ended in a way no fault allows (exit status, lines, output).
    wrong_endings: u32,
}

impl Figures {
    fn landed(&self) -> u32 {
        self.kills + self.damaged + self.full
    }
}

/// The chaos run's shared state.
struct Chaos {
    discs: u8,
    expected: Vec<u64>,
    /// An uninterrupted run's time: faults are drawn over it.
    clean: Duration,
    /// The bytes of the search's table file.
    table_bytes: u64,
    dir: PathBuf,
    cgroup: Option<Cgroup>,
    root: bool,
    rng: Rng,
    figures: Figures,
}

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let args: Vec<String> = args.iter().filter(|a| *a != "--disk").cloned().collect();
    let mut args = Args::new("chaos --disk", &args);
    let faults: u32 = args.value("--faults", "a number of faults")?.unwrap_or(50);
    let discs: u8 = args.value("--discs", "a number of discs")?.unwrap_or(14);
    let seed: Option<u64> = args.value("--seed", "a whole number")?;
    args.finish(&[])?;
    let expected = checked_in_levels(discs)?;
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
            | 1
    });
    println!(
        "chaos --disk: {faults} faults on hanoi4 eccentricity {discs} --disk, seed {seed} (--seed {seed} replays the draws)"
    );
    crate::process::build(&["hanoi4".to_string()])?;
    let root = is_root();
    // A quarter of the table's bytes for the process: its changed pages are written back long
    // before a checkpoint.
    let table_bytes = (1u64 << (2 * discs)) / 6 / 4;
    let cgroup = if root {
        Some(Cgroup::create(
            "chaos-disk",
            (table_bytes / 4).max(24 << 20),
        )?)
    } else {
        println!(
            "not root: no memory cgroup (pages stay in memory until a checkpoint) and no full-disk faults"
        );
        None
    };
    let dir = scratch("chaos-disk")?;
    let mut chaos = Chaos {
        discs,
        expected,
        clean: Duration::ZERO,
        table_bytes: 0,
        dir,
        cgroup,
        root,
        rng: Rng::new(seed),
        figures: Figures::default(),
    };
    let started = Instant::now();
    chaos.clean = chaos.uninterrupted()?;
    // At least a fifth of the faults damage the log, a tenth fill the disk (root), two and one
    // at least; the rest are kills.
    let damaged = (faults / 5).max(2).min(faults);
    let full = if root { (faults / 10).max(1) } else { 0 }.min(faults - damaged);
    let mut kinds: Vec<Fault> = (0..faults)
        .map(|i| match i {
            i if i < damaged => Fault::DamagedLog,
            i if i < damaged + full => Fault::FullDisk,
            _ => Fault::Kill,
        })
        .collect();
    for i in (1..kinds.len()).rev() {
        kinds.swap(i, chaos.rng.below(i as u64 + 1) as usize);
    }
    for kind in kinds {
        chaos.fault(kind)?;
    }
    // The search the last kill cut is resumed to its end and compared.
    if chaos.folder().join("checkpoint").exists() {
        chaos.finish()?;
    }
    let _ = std::fs::remove_dir_all(&chaos.dir);
    let f = &chaos.figures;
    println!(
        "kills {}, damaged logs {}, full disks {}; {} faults came after the report and were drawn again; resumes {} ({} kills left pages to undo), refusals of a damaged log {}; an uninterrupted run {:.2} s, the whole chaos run {:.0} s",
        f.kills,
        f.damaged,
        f.full,
        f.late,
        f.resumes,
        f.with_records,
        f.refusals,
        chaos.clean.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    println!(
        "{} faults landed ({} kills, {} damaged logs, {} full disks), {} answers compared with the checked-in levels, {} answers changed, {} runs ended wrongly",
        f.landed(),
        f.kills,
        f.damaged,
        f.full,
        f.compared,
        f.changed,
        f.wrong_endings
    );
    verdict(f, faults)?;
    Ok(ExitCode::SUCCESS)
}

/// A chaos run passes when every fault landed, no answer changed, every run ended as its fault
/// allows, and answers were compared.
fn verdict(f: &Figures, faults: u32) -> Result<(), String> {
    if f.changed > 0 || f.wrong_endings > 0 {
        return Err("a run answered wrongly or ended in a way no fault allows".into());
    }
    if f.landed() < faults {
        return Err(format!("only {} of {faults} faults landed", f.landed()));
    }
    if f.compared == 0 {
        return Err("no answer was compared".into());
    }
    Ok(())
}

/// The records the undo log at `path` counts as committed (its header's bytes 40..48), 0
/// when it has none or no header.
fn committed_records(path: &Path) -> u64 {
    std::fs::read(path)
        .ok()
        .and_then(|log| Some(u64::from_le_bytes(log.get(40..48)?.try_into().ok()?)))
        .unwrap_or(0)
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

impl Chaos {
    /// The search's folder.
    fn folder(&self) -> PathBuf {
        self.dir.join("search")
    }

    /// Starts `hanoi4 eccentricity N --disk DIR` (in the memory cgroup when `limited`).
    fn start(&self, folder: &Path, limited: bool) -> Result<Process, String> {
        let args: Vec<String> = [
            "eccentricity".to_string(),
            self.discs.to_string(),
            "--disk".to_string(),
            folder.display().to_string(),
        ]
        .to_vec();
        let command = match (&self.cgroup, limited) {
            (Some(cgroup), true) => {
                let mut args = args;
                args.push("--ignore-memory-limits".into());
                cgroup.command(&binary(), &args)
            }
            _ => {
                let mut command = Command::new(binary());
                command.args(&args);
                command
            }
        };
        Process::spawn(command)
    }

    /// One run to its end, compared; its time.
    fn uninterrupted(&mut self) -> Result<Duration, String> {
        let _ = std::fs::remove_dir_all(self.folder());
        let started = Instant::now();
        let ended = self.wait(self.start(&self.folder(), true)?)?;
        let time = started.elapsed();
        self.compare(&ended, "the uninterrupted run")?;
        let table = self.folder().join("table.2bit");
        self.table_bytes = std::fs::metadata(&table)
            .map_err(|e| format!("{}: {e}", table.display()))?
            .len();
        let _ = std::fs::remove_dir_all(self.folder());
        Ok(time)
    }

    fn wait(&self, process: Process) -> Result<Ended, String> {
        process
            .wait_until(Instant::now() + LIMIT)?
            .ok_or_else(|| format!("a run took over {} s", LIMIT.as_secs()))
    }

    /// Compares a run that exited 0 with the checked-in levels; a run that did not is counted
    /// as ended wrongly.
    fn compare(&mut self, ended: &Ended, what: &str) -> Result<(), String> {
        if ended.code != Some(0) {
            self.figures.wrong_endings += 1;
            println!("{what}: exit {:?}: {}", ended.code, ended.stderr.trim());
            return Ok(());
        }
        self.figures.compared += 1;
        if ended.level_sizes() != self.expected {
            self.figures.changed += 1;
            println!(
                "{what}: the levels differ from the checked-in ones:\n{}",
                ended.stdout
            );
        }
        Ok(())
    }

    /// A run of the folder's search (resumed when it has a checkpoint) killed at a random
    /// moment: `Some(ended)` when it ended before the kill.
    fn killed_run(&mut self, folder: &Path, limited: bool) -> Result<Option<Ended>, String> {
        let resumed = folder.join("checkpoint").exists();
        let mut process = self.start(folder, limited)?;
        let at = Instant::now()
            + Duration::from_micros(self.rng.below(self.clean.as_micros() as u64 + 1));
        while Instant::now() < at && process.running() {
            std::thread::sleep(Duration::from_millis(1));
        }
        self.figures.resumes += u32::from(resumed);
        if !process.running() {
            return self.wait(process).map(Some);
        }
        process.signal("KILL")?;
        let ended = self.wait(process)?;
        if ended.code == Some(0) {
            // It printed its report between the check and the signal.
            return Ok(Some(ended));
        }
        self.figures.with_records += u32::from(committed_records(&folder.join("undo")) > 0);
        Ok(None)
    }

    /// A run that ended before its fault: its report is compared, the fault drawn again, and
    /// the next search starts afresh.
    fn late(&mut self, ended: &Ended) -> Result<(), String> {
        self.figures.late += 1;
        self.compare(ended, "a run that ended before its fault")?;
        let _ = std::fs::remove_dir_all(self.folder());
        Ok(())
    }

    /// Lands one fault of `kind` (drawing its moment again while it comes too late), and
    /// checks what follows it.
    fn fault(&mut self, kind: Fault) -> Result<(), String> {
        loop {
            let landed = match kind {
                Fault::Kill => self.kill()?,
                Fault::DamagedLog => self.damaged_log()?,
                Fault::FullDisk => self.full_disk()?,
            };
            if landed {
                return Ok(());
            }
            if self.figures.late > 20 * self.figures.landed() + 50 {
                return Err("faults keep coming after the runs end".into());
            }
        }
    }

    /// A kill; half the time, the run after it is let finish and compared.
    fn kill(&mut self) -> Result<bool, String> {
        let folder = self.folder();
        if let Some(ended) = self.killed_run(&folder, true)? {
            self.late(&ended)?;
            return Ok(false);
        }
        self.figures.kills += 1;
        if self.rng.below(2) == 0 {
            self.finish()?;
        }
        Ok(true)
    }

    /// The folder's search resumed to its end and compared; the next one starts afresh.
    fn finish(&mut self) -> Result<(), String> {
        self.figures.resumes += 1;
        let ended = self.wait(self.start(&self.folder(), true)?)?;
        self.compare(&ended, "a resumed run")?;
        let _ = std::fs::remove_dir_all(self.folder());
        Ok(())
    }

    /// A kill, then the undo log damaged: the resume refuses in one line or answers exactly.
    fn damaged_log(&mut self) -> Result<bool, String> {
        let folder = self.folder();
        if let Some(ended) = self.killed_run(&folder, true)? {
            self.late(&ended)?;
            return Ok(false);
        }
        let log = folder.join("undo");
        let how = self.damage(&log)?;
        self.figures.damaged += 1;
        self.figures.resumes += 1;
        let ended = self.wait(self.start(&folder, true)?)?;
        let names_the_log = ended.stderr.contains(&log.display().to_string());
        if ended.code == Some(2) {
            let one_line = ended.stderr.lines().count() == 1 && ended.stdout.is_empty();
            if one_line && names_the_log {
                self.figures.refusals += 1;
            } else {
                self.figures.wrong_endings += 1;
                println!(
                    "a log {how}: refused, but not in one line naming the log: {:?}",
                    ended.stderr
                );
            }
        } else {
            self.compare(&ended, &format!("a resume after a log {how}"))?;
        }
        let _ = std::fs::remove_dir_all(&folder);
        Ok(true)
    }

    /// Damages the log at `path` one of five ways, at random; what it did.
    fn damage(&mut self, path: &Path) -> Result<String, String> {
        let mut bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) => return Ok(format!("already unreadable ({e})")),
        };
        let len = bytes.len() as u64;
        let how = match self.rng.below(5) {
            0 => {
                std::fs::remove_file(path).map_err(|e| format!("{}: {e}", path.display()))?;
                return Ok("removed".into());
            }
            1 => {
                bytes.truncate(bytes.len() / 2);
                format!("cut from {len} bytes to half")
            }
            2 => {
                let at = self.rng.below(len.max(1)) as usize;
                bytes.truncate(at);
                format!("cut from {len} bytes to {at}")
            }
            3 if len > 0 => {
                let at = self.rng.below(len) as usize;
                bytes[at] ^= 1 << self.rng.below(8);
                format!("of {len} bytes with byte {at} changed")
            }
            _ => {
                let at = self.rng.below(len.clamp(1, 64)) as usize;
                if let Some(byte) = bytes.get_mut(at) {
                    *byte ^= 1 << self.rng.below(8);
                }
                format!("of {len} bytes with byte {at} of its header changed")
            }
        };
        std::fs::write(path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(how)
    }

    /// The folder on a tmpfs with room for the search, filled at a random moment: the run stops
    /// in one line (or finishes first: drawn again); with the room back it resumes exactly.
    fn full_disk(&mut self) -> Result<bool, String> {
        if !self.root {
            return Err("a full-disk fault needs root (a tmpfs)".into());
        }
        let table = self.table_bytes;
        let tmpfs = Tmpfs::mount(&self.dir.join("tmpfs"), table + table / 2 + (1 << 20))?;
        let folder = tmpfs.0.join("search");
        let mut process = self.start(&folder, false)?;
        let at = Instant::now()
            + Duration::from_micros(self.rng.below(self.clean.as_micros() as u64 + 1));
        while Instant::now() < at && process.running() {
            std::thread::sleep(Duration::from_millis(1));
        }
        let filler = tmpfs.0.join("filler");
        if process.running() {
            fill(&filler);
        }
        let ended = self.wait(process)?;
        if ended.code == Some(0) {
            self.late(&ended)?;
            return Ok(false);
        }
        self.figures.full += 1;
        if !(ended.code == Some(2) && ended.stdout.is_empty() && ended.stderr.lines().count() == 1)
        {
            self.figures.wrong_endings += 1;
            println!(
                "a full disk: the run ended with {:?}, not one line and exit 2: {:?}",
                ended.code, ended.stderr
            );
        }
        std::fs::remove_file(&filler).map_err(|e| format!("{}: {e}", filler.display()))?;
        self.figures.resumes += 1;
        let ended = self.wait(self.start(&folder, false)?)?;
        self.compare(&ended, "a resume after a full disk")?;
        Ok(true)
    }
}

/// Writes `path` until the disk is full.
fn fill(path: &Path) {
    use std::io::Write;
    let Ok(mut file) = std::fs::File::create(path) else {
        return;
    };
    let chunk = vec![0u8; 1 << 16];
    while file.write_all(&chunk).is_ok() {}
    let _ = file.sync_all();
}

/// A tmpfs of `bytes` mounted at `dir`, unmounted on drop.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(dir: &Path, bytes: u64) -> Result<Self, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={bytes}"), "tmpfs"])
            .arg(dir)
            .status()
            .map_err(|e| format!("mount: {e}"))?;
        if !status.success() {
            return Err(format!("mount -t tmpfs at {} failed", dir.display()));
        }
        Ok(Self(dir.to_path_buf()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
