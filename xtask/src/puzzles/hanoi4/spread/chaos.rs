//! `cargo xtask chaos [--faults K] [--discs N] [--seed S]` (with `--disk`, the search on disk
//! instead: [`crate::puzzles::hanoi4::disk_chaos`]): a spread search of two `hanoi4`
//! processes on loopback, checkpointing every few levels, hit K times at random moments (a
//! checkpoint being written included) by `SIGKILL` or `SIGSTOP` of a random process, resumed
//! after each fault until it completes; every completed search's report must equal the
//! uninterrupted one, and the search starts over.
//!
//! The moments are drawn over the uninterrupted run's time, so they scale with the machine's
//! speed; a fault that came after the run had done its work (the report printed all the same)
//! is not counted but drawn again, so every counted fault landed mid-run. After each fault the
//! survivor must end with exit 2 and one line within the peer timeout and a slack; the newest
//! level both workers saved must not go back (a checkpoint lost). The search the last fault
//! cut is resumed to its end too, and a chaos run that compared no completed search fails.
//! The figures: faults landed and survived, faults drawn again, faults during a checkpoint
//! write (a partial file left behind), checkpoints lost, searches completed and compared,
//! answers changed (must be 0).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::processes::{Ended, Process, checked_in_levels, hostfile, scratch};
use crate::kit::args::Args;
use crate::kit::generate::Rng;
use crate::process::loopback;

/// Levels between two checkpoints, and the peer timeout of the runs.
const EVERY: u32 = 3;
const PEER_TIMEOUT: Duration = Duration::from_secs(2);
/// How long after a fault and the peer timeout the survivor may take to end.
const SLACK: Duration = Duration::from_secs(5);

/// The figures of a chaos run.
#[derive(Default)]
struct Figures {
    injected: u32,
    /// Faults that came after the run had done its work (drawn again, not counted).
    late: u32,
    kills: u32,
    stops: u32,
    survived: u32,
    during_writes: u32,
    checkpoints_lost: u32,
    searches: u32,
    /// Searches compared that had resumed from a checkpoint.
    resumed_searches: u32,
    answers_changed: u32,
    restarts_from_scratch: u32,
}

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    if args.iter().any(|a| a == "--disk") {
        return crate::puzzles::hanoi4::disk_chaos::run(args);
    }
    let mut args = Args::new("chaos", args);
    let faults: u32 = args.value("--faults", "a number of faults")?.unwrap_or(50);
    let discs: u8 = args.value("--discs", "a number of discs")?.unwrap_or(14);
    let seed: Option<u64> = args.value("--seed", "a whole number")?;
    args.finish(&[])?;
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
            | 1
    });
    println!("chaos: {faults} faults, {discs} discs, seed {seed} (--seed {seed} replays it)");
    crate::process::build(&["hanoi4".to_string()])?;
    let expected = checked_in_levels(discs)?;
    let dir = scratch("chaos")?;
    let hosts = hostfile(&dir, "hosts", &loopback(2)?)?;
    let checkpoints = dir.join("checkpoints");
    let started = Instant::now();
    let clean = search(discs, &hosts, &checkpoints, false)?;
    let clean_time = started.elapsed();
    if clean.level_sizes() != expected {
        return Err("the uninterrupted spread run differs from the checked-in levels".into());
    }
    let mut chaos = Chaos {
        discs,
        hosts,
        checkpoints,
        clean: clean_time,
        expected,
        rng: Rng::new(seed),
        figures: Figures::default(),
    };
    let mut resume = false;
    reset(&chaos.checkpoints)?;
    while chaos.figures.injected < faults {
        resume = chaos.attempt(resume)?;
    }
    // The search the last fault cut is resumed to its end and compared like the others.
    if resume {
        let report = search(discs, &chaos.hosts, &chaos.checkpoints, true)?;
        count_search(&report, &mut chaos.figures, &chaos.expected, true);
    }
    let _ = std::fs::remove_dir_all(&dir);
    let figures = chaos.figures;
    report(&figures, clean_time, started.elapsed());
    verdict(&figures)?;
    Ok(ExitCode::SUCCESS)
}

/// A chaos run passes when every fault was survived, no checkpoint was lost, no answer changed,
/// and at least one completed search was compared.
fn verdict(figures: &Figures) -> Result<(), String> {
    if figures.answers_changed > 0
        || figures.survived < figures.injected
        || figures.checkpoints_lost > 0
    {
        return Err("the search did not survive every fault".into());
    }
    if figures.resumed_searches == 0 {
        return Err("no resumed search was completed: no resume was compared".into());
    }
    Ok(())
}

/// Whether the survivor of a fault ended as it must: exit 2 and one line naming the fault.
fn survived(ended: Option<&Ended>) -> bool {
    match ended {
        Some(e) if e.code == Some(2) => e.stdout.is_empty() && e.stderr.lines().count() == 1,
        _ => false,
    }
}

fn report(f: &Figures, clean: Duration, total: Duration) {
    println!(
        "faults landed mid-run {} ({} SIGKILL, {} SIGSTOP; {} more came after the run had done \
         its work and were drawn again), survived {}, during a checkpoint write {}, checkpoints \
         lost {}; searches completed and compared with the checked-in levels {} ({} of them \
         resumed), answers changed {} ({} started over for want of a checkpoint); an \
         uninterrupted run {:.2} s, the whole chaos run {:.0} s",
        f.injected,
        f.kills,
        f.stops,
        f.late,
        f.survived,
        f.during_writes,
        f.checkpoints_lost,
        f.searches,
        f.resumed_searches,
        f.answers_changed,
        f.restarts_from_scratch,
        clean.as_secs_f64(),
        total.as_secs_f64()
    );
}

/// An empty checkpoint folder.
fn reset(checkpoints: &Path) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(checkpoints);
    std::fs::create_dir_all(checkpoints).map_err(|e| format!("{}: {e}", checkpoints.display()))
}

/// The arguments of a run: checkpoints every [`EVERY`] levels, resumed or fresh.
fn arguments(checkpoints: &Path, resume: bool) -> Vec<String> {
    let folder = if resume { "--resume" } else { "--checkpoint" };
    [
        "--checkpoint-every",
        &EVERY.to_string(),
        "--peer-timeout",
        &PEER_TIMEOUT.as_secs().to_string(),
        // A process killed before it connected leaves the other waiting this long.
        "--connect-timeout",
        &PEER_TIMEOUT.as_secs().to_string(),
        folder,
        &checkpoints.display().to_string(),
    ]
    .map(String::from)
    .to_vec()
}

fn start(
    discs: u8,
    hosts: &Path,
    checkpoints: &Path,
    resume: bool,
) -> Result<Vec<Process>, String> {
    (0..2)
        .map(|i| Process::start(discs, 2, i, hosts, &arguments(checkpoints, resume), None))
        .collect()
}

/// One uninterrupted run; process 0's ending.
fn search(discs: u8, hosts: &Path, checkpoints: &Path, resume: bool) -> Result<Ended, String> {
    let deadline = Instant::now() + Duration::from_secs(600);
    let mut ended = Vec::new();
    for process in start(discs, hosts, checkpoints, resume)? {
        ended.push(
            process
                .wait_until(deadline)?
                .ok_or("a run took over 10 minutes")?,
        );
    }
    for (i, e) in ended.iter().enumerate() {
        if e.code != Some(0) {
            return Err(format!("process {i} exited {:?}: {}", e.code, e.stderr));
        }
    }
    Ok(ended.swap_remove(0))
}

/// The newest level both workers saved (`None` before the first), and whether a partial file
/// lies in the folder.
fn saved(checkpoints: &Path) -> (Option<u32>, bool) {
    let mut newest = [None::<u32>; 2];
    let mut partial = false;
    for entry in std::fs::read_dir(checkpoints)
        .into_iter()
        .flatten()
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        partial |= name.contains(".partial-");
        let parsed = name
            .strip_prefix('w')
            .and_then(|rest| rest.split_once("-of-0002-level-"))
            .and_then(|(worker, rest)| {
                Some((
                    worker.parse::<usize>().ok()?,
                    rest.strip_suffix(".bfs")?.parse::<u32>().ok()?,
                ))
            });
        if let Some((worker, level)) = parsed
            && worker < 2
        {
            newest[worker] = newest[worker].max(Some(level));
        }
    }
    (
        newest[0]
            .min(newest[1])
            .filter(|_| newest.iter().all(Option::is_some)),
        partial,
    )
}

/// A chaos run under way: the search, the uninterrupted run's time and report, the random
/// generator and the figures so far.
struct Chaos {
    discs: u8,
    hosts: PathBuf,
    checkpoints: PathBuf,
    clean: Duration,
    expected: Vec<u64>,
    rng: Rng,
    figures: Figures,
}

impl Chaos {
    /// One run, fresh or resumed, with a fault at a random moment of its expected time: counts
    /// the fault (or the completed search) and says whether the next run resumes.
    fn attempt(&mut self, resume: bool) -> Result<bool, String> {
        let (checkpoints, figures, rng) = (&self.checkpoints, &mut self.figures, &mut self.rng);
        let (clean, expected) = (self.clean, &self.expected);
        let mut processes = start(self.discs, &self.hosts, checkpoints, resume)?;
        let started = Instant::now();
        let at = started + Duration::from_micros(rng.below(clean.as_micros() as u64 + 1));
        while Instant::now() < at && processes.iter_mut().any(Process::running) {
            std::thread::sleep(Duration::from_millis(1));
        }
        if !processes.iter_mut().any(Process::running) {
            return finished(processes, figures, expected, checkpoints, resume);
        }
        let victim = rng.below(2) as usize;
        let stop = rng.below(5) == 0;
        let before = saved(checkpoints).0;
        processes[victim].signal(if stop { "STOP" } else { "KILL" })?;
        let (_, partial) = saved(checkpoints);
        let victim_process = processes.remove(victim);
        let survivor = processes.pop().expect("two processes");
        // A stopped peer is noticed after the peer timeout; one gone before it connected, after
        // the connection timeout (the same).
        let deadline = Instant::now() + SLACK + PEER_TIMEOUT;
        let ended = survivor.wait_until(deadline)?;
        if stop {
            if matches!(&ended, Some(e) if e.code == Some(0)) {
                // The survivor finished: the victim had done its part, let it end too.
                victim_process.signal("CONT")?;
            } else {
                victim_process.signal("KILL")?;
            }
        }
        let victim_ended = victim_process.wait_until(Instant::now() + SLACK)?;
        // The fault came too late when the search got its report all the same: process 0
        // (victim or survivor) printed it and exited 0.
        let report = match victim {
            0 => victim_ended.filter(|e| e.code == Some(0)),
            _ => ended.clone().filter(|e| e.code == Some(0)),
        };
        if let Some(report) = report.filter(|r| r.stdout.contains("largest distance")) {
            figures.late += 1;
            count_search(&report, figures, expected, resume);
            reset(checkpoints)?;
            return Ok(false);
        }
        if victim == 0 && matches!(&ended, Some(e) if e.code == Some(0)) {
            // Process 1 finished its part: the search was done before process 0 was killed
            // writing its report. Late, and nothing to compare.
            figures.late += 1;
            reset(checkpoints)?;
            return Ok(false);
        }
        figures.injected += 1;
        if stop {
            figures.stops += 1;
        } else {
            figures.kills += 1;
        }
        figures.during_writes += u32::from(partial);
        match ended {
            other if survived(other.as_ref()) => figures.survived += 1,
            other => println!(
                "fault {}: {} of process {victim} {} ms into a {} run; the survivor ended {other:?}",
                figures.injected,
                if stop { "SIGSTOP" } else { "SIGKILL" },
                (at - started).as_millis(),
                if resume { "resumed" } else { "fresh" },
            ),
        }
        let after = saved(checkpoints).0;
        if after < before {
            figures.checkpoints_lost += 1;
            println!(
                "fault {}: the newest checkpoint went from {before:?} to {after:?}",
                figures.injected
            );
        }
        if after.is_none() {
            figures.restarts_from_scratch += 1;
            reset(checkpoints)?;
            return Ok(false);
        }
        Ok(true)
    }
}

/// A run that ended before its fault: both must have succeeded with the expected report.
fn finished(
    processes: Vec<Process>,
    figures: &mut Figures,
    expected: &[u64],
    checkpoints: &Path,
    resumed: bool,
) -> Result<bool, String> {
    let deadline = Instant::now() + SLACK;
    let mut first = None;
    for (i, process) in processes.into_iter().enumerate() {
        let ended = process
            .wait_until(deadline)?
            .ok_or("a finished process hung")?;
        if ended.code != Some(0) {
            return Err(format!(
                "process {i} exited {:?} without a fault: {}",
                ended.code, ended.stderr
            ));
        }
        first = first.or(Some(ended));
    }
    count_search(&first.expect("two processes"), figures, expected, resumed);
    let (_, partial) = saved(checkpoints);
    if partial {
        return Err("a completed search left partial checkpoint files".into());
    }
    reset(checkpoints)?;
    Ok(false)
}

/// Counts a completed search (`resumed` from a checkpoint or not) and compares its report with
/// the checked-in levels.
fn count_search(report: &Ended, figures: &mut Figures, expected: &[u64], resumed: bool) {
    figures.searches += 1;
    figures.resumed_searches += u32::from(resumed);
    if report.level_sizes() != expected {
        figures.answers_changed += 1;
        println!(
            "search {}: the report differs from the checked-in levels",
            figures.searches
        );
    }
}

#[cfg(test)]
mod tests;
