//! `cargo xtask faults`: the spread search of the real `hanoi4` binary under real faults, each
//! checked against what it must do. Needs root for all but the proxy runs (network namespaces,
//! tmpfs mounts, a memory cgroup); `.ci/run` runs it as root.
//!
//! * **Network namespaces** (`ip netns`, a veth pair): a clean run across them equals the
//!   levels checked in from the oracle (`testdata/hanoi4/eccentricity/`); the link taken down mid-run (`ip link set ... down`) ends both
//!   processes within the peer timeout with exit 2, and `--resume` afterwards gives the
//!   uninterrupted report; a `SIGSTOP`ped process ends the other's run the same way.
//! * **A TCP proxy** between the processes (this kernel has no `tc netem`): delayed and
//!   throttled links give the clean report; a stalled one (connections open, nothing moving)
//!   ends the run within the timeout.
//! * **Full disks** (a small tmpfs): a table that does not fit is one line naming the file,
//!   with no partial file left and the table already there intact; a checkpoint that does not
//!   fit stops the run the same way, the previous checkpoint intact, and `--resume` once there
//!   is room gives the uninterrupted report.
//! * **A memory cgroup** too small for the table: the build and the spread search refuse in
//!   one line naming the cgroup's limit.

mod netns;
mod proxy;

use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use super::processes::{Ended, Process, checked_in_levels, hostfile, run_all, scratch};
use crate::kit::args::Args;
use crate::kit::cgroup::Cgroup;
use crate::process::loopback;
use netns::Namespaces;
use proxy::{Mode, Proxy};

/// Discs of the runs that go to the end, and of those a fault cuts.
const WHOLE: u8 = 14;
const CUT: u8 = 15;
/// The level of a [`CUT`] run (of 130) after which process 0 holds while a fault is made:
/// the fault lands there, mid-run, however fast the machine is.
const FAULT_AT: u32 = 40;
/// The peer timeout of the runs, and how long after it a run may take to end.
const PEER_TIMEOUT: Duration = Duration::from_secs(3);
const SLACK: Duration = Duration::from_secs(5);

/// One scenario: its name and what it checks, returning the figures it measured.
type Scenario = (&'static str, fn(&Context) -> Result<String, String>);

/// What the scenarios share: the checked-in levels and a scratch folder.
struct Context {
    whole: Vec<u64>,
    cut: Vec<u64>,
    dir: std::path::PathBuf,
}

/// Runs every scenario (or those whose name contains `--filter TEXT`).
pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let mut args = Args::new("faults", args);
    let filter: Option<String> = args.value("--filter", "a text")?;
    let filter = filter.as_deref();
    args.finish(&[])?;
    let chosen = chosen(filter)?;
    crate::process::build(&["hanoi4".to_string()])?;
    let context = Context {
        whole: checked_in_levels(WHOLE)?,
        cut: checked_in_levels(CUT)?,
        dir: scratch("faults")?,
    };
    let mut failed = 0;
    for (name, scenario) in chosen {
        let started = Instant::now();
        let result = scenario(&context);
        let seconds = started.elapsed().as_secs_f64();
        match result {
            Ok(figures) => println!("ok    {name} ({seconds:.1} s): {figures}"),
            Err(why) => {
                failed += 1;
                println!("FAIL  {name} ({seconds:.1} s): {why}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&context.dir);
    if failed > 0 {
        return Err(format!("{failed} fault scenario(s) failed"));
    }
    Ok(ExitCode::SUCCESS)
}

/// The scenarios whose name contains `filter` (all without one); none is an error, before
/// anything is built or run.
fn chosen(filter: Option<&str>) -> Result<Vec<Scenario>, String> {
    let scenarios: [Scenario; 10] = [
        (
            "harness: a fault asked for past the run's last level is a failure",
            fault_that_cannot_land,
        ),
        (
            "namespaces: a clean run across a veth link",
            clean_across_namespaces,
        ),
        (
            "namespaces: the link down mid-run, then --resume",
            link_down,
        ),
        (
            "namespaces: a process stopped with SIGSTOP, then --resume",
            stopped_process,
        ),
        ("proxy: 20 ms of delay each way", |c| {
            proxied(c, Mode::Delay(Duration::from_millis(20)))
        }),
        ("proxy: throttled to 1 MiB/s", |c| {
            proxied(c, Mode::Throttle(1 << 20))
        }),
        (
            "proxy: stalled mid-run, connections open, then --resume",
            stalled,
        ),
        ("disk: a table on a full tmpfs", full_disk_table),
        (
            "disk: a checkpoint on a full tmpfs, then --resume",
            full_disk_checkpoint,
        ),
        (
            "memory: a memory cgroup too small for the table",
            small_cgroup,
        ),
    ];
    let chosen: Vec<Scenario> = scenarios
        .into_iter()
        .filter(|(name, _)| filter.is_none_or(|f| name.contains(f)))
        .collect();
    if chosen.is_empty() {
        return Err(format!(
            "no scenario's name contains {:?}: nothing was checked",
            filter.unwrap_or_default()
        ));
    }
    Ok(chosen)
}

/// Checks that a run ended with the levels `expected` (process 0's report, checked in by the
/// oracle) and nothing said.
fn whole(ended: &[Option<Ended>], expected: &[u64]) -> Result<(), String> {
    for (process, ended) in ended.iter().enumerate() {
        let ended = ended
            .as_ref()
            .ok_or(format!("process {process} did not end"))?;
        if ended.code != Some(0) {
            return Err(format!(
                "process {process} exited {:?}: {}",
                ended.code, ended.stderr
            ));
        }
    }
    let report = ended[0].as_ref().expect("checked");
    if report.level_sizes() != expected {
        return Err("the report differs from the checked-in levels".into());
    }
    Ok(())
}

/// The "resumed after level L" line of a resumed run's report, or an error when it started
/// over.
fn resumed_line(ended: &[Option<Ended>]) -> Result<String, String> {
    ended[0]
        .as_ref()
        .and_then(|e| {
            e.stdout
                .lines()
                .find(|l| l.starts_with("resumed after level"))
        })
        .map(str::to_string)
        .ok_or_else(|| "the run with --resume started over".to_string())
}

/// Checks that a process ended with exit 2 and one line on stderr containing `says`.
fn refused(ended: Option<Ended>, process: usize, says: &str) -> Result<String, String> {
    let ended = ended.ok_or(format!("process {process} did not end in time"))?;
    if ended.code != Some(2) || !ended.stdout.is_empty() {
        return Err(format!(
            "process {process}: exit {:?}, stdout {:?}, stderr {:?}",
            ended.code, ended.stdout, ended.stderr
        ));
    }
    if ended.stderr.lines().count() != 1 || !ended.stderr.contains(says) {
        return Err(format!(
            "process {process} said {:?}, not one line with {says:?}",
            ended.stderr
        ));
    }
    Ok(ended.stderr.trim_end().to_string())
}

/// Checks that every process of a cut run ended as [`refused`] with a line naming a silent
/// peer; their lines.
fn all_silent(ended: Vec<Option<Ended>>) -> Result<Vec<String>, String> {
    ended
        .into_iter()
        .enumerate()
        .map(|(i, ended)| refused(ended, i, "sent nothing"))
        .collect()
}

/// The host files of processes in the two namespaces.
fn namespace_hosts(c: &Context) -> Result<Vec<std::path::PathBuf>, String> {
    let addresses: Vec<String> = Namespaces::ADDRESSES
        .iter()
        .enumerate()
        .map(|(i, a)| format!("{a}:{}", 2101 + i))
        .collect();
    let hosts = hostfile(&c.dir, "netns-hosts", &addresses)?;
    Ok(vec![hosts.clone(), hosts])
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// A fault meant to land after level 500 of a 14-disc run (about a hundred levels) must
/// fail the scenario that asks for it, not pass it: the check of every cut run, shown to fail.
fn fault_that_cannot_land(c: &Context) -> Result<String, String> {
    let addresses = loopback(2)?;
    let hosts = hostfile(&c.dir, "harness-hosts", &addresses)?;
    let last = c.whole.len() as u32;
    let at = 500;
    match cut_run(
        WHOLE,
        &[hosts.clone(), hosts],
        &[],
        [None, None],
        at,
        |_| Ok(()),
    ) {
        Ok(_) => Err(format!(
            "a fault after level {at} of a run of {last} levels was taken as made"
        )),
        Err(why) if why.contains("never landed") => Ok(format!("refused as it must be: {why}")),
        Err(why) => Err(format!("failed for another reason: {why}")),
    }
}

fn clean_across_namespaces(c: &Context) -> Result<String, String> {
    let namespaces = Namespaces::create()?;
    let [a, b] = &namespaces.names;
    let started = Instant::now();
    let ended = run_all(
        WHOLE,
        &namespace_hosts(c)?,
        &[],
        &[Some(a), Some(b)],
        Duration::from_secs(300),
    )?;
    whole(&ended, &c.whole)?;
    Ok(format!(
        "{WHOLE} discs in {:.2} s, the checked-in levels",
        started.elapsed().as_secs_f64()
    ))
}

/// Starts both processes of `n` discs, process 0 holding after level `at`; makes `fault`
/// while it holds (both processes still running: an error otherwise, as when the run ends
/// before that level), lets it go on, and waits for both to end within the peer timeout and
/// the slack; their endings and how long after the fault.
fn cut_run(
    n: u8,
    hosts: &[std::path::PathBuf],
    args: &[String],
    netns: [Option<&str>; 2],
    at: u32,
    fault: impl FnOnce(&[Process]) -> Result<(), String>,
) -> Result<(Vec<Option<Ended>>, Duration), String> {
    let mut processes = held_run(n, hosts, args, netns, at)?;
    fault(&processes)?;
    let made = Instant::now();
    processes[0].release()?;
    let deadline = made + PEER_TIMEOUT + SLACK;
    let mut ended = Vec::new();
    let mut last = Duration::ZERO;
    for process in processes {
        ended.push(process.wait_until(deadline)?);
        last = last.max(made.elapsed());
    }
    Ok((ended, last))
}

/// Starts both processes of `n` discs (process `i` with `hosts[i]` in `netns[i]`), process 0
/// with `--hold-after at`, and returns them once it holds there with both still running.
fn held_run(
    n: u8,
    hosts: &[std::path::PathBuf],
    args: &[String],
    netns: [Option<&str>; 2],
    at: u32,
) -> Result<Vec<Process>, String> {
    let hold = [args, &strings(&["--hold-after", &at.to_string()])].concat();
    let mut processes = (0..2)
        .map(|i| {
            Process::start(
                n,
                2,
                i,
                &hosts[i],
                if i == 0 { &hold } else { args },
                netns[i],
            )
        })
        .collect::<Result<Vec<_>, String>>()?;
    processes[0].held_after(at, Instant::now() + Duration::from_secs(300))?;
    if !processes[1].running() {
        return Err(format!(
            "process 1 ended before level {at}: the fault would not land"
        ));
    }
    Ok(processes)
}

/// A run cut by a fault and resumed: checkpoints every 10 levels in a folder of its own, and
/// the peer timeout.
struct Checkpointed {
    dir: std::path::PathBuf,
    args: Vec<String>,
}

impl Checkpointed {
    fn new(name: &str) -> Result<Self, String> {
        let timeout = PEER_TIMEOUT.as_secs().to_string();
        Ok(Self {
            dir: scratch(name)?,
            args: strings(&["--checkpoint-every", "10", "--peer-timeout", &timeout]),
        })
    }

    /// The arguments of the first run.
    fn first(&self) -> Vec<String> {
        [&self.args[..], &["--checkpoint".into(), path(&self.dir)]].concat()
    }

    /// Resumes the search (process `i` with `hosts[i]`, in `netns[i]`), checks that it gives
    /// the uninterrupted report, and returns its "resumed after level L" line.
    fn resume(
        self,
        c: &Context,
        hosts: &[std::path::PathBuf],
        netns: &[Option<&str>],
    ) -> Result<String, String> {
        let args = [&self.args[..], &["--resume".into(), path(&self.dir)]].concat();
        let resumed = run_all(CUT, hosts, &args, netns, Duration::from_secs(300))?;
        whole(&resumed, &c.cut)?;
        let _ = std::fs::remove_dir_all(&self.dir);
        resumed_line(&resumed)
    }
}

fn link_down(c: &Context) -> Result<String, String> {
    let namespaces = Namespaces::create()?;
    let [a, b] = &namespaces.names;
    let hosts = namespace_hosts(c)?;
    let run = Checkpointed::new("faults-link")?;
    let (ended, took) = cut_run(
        CUT,
        &hosts,
        &run.first(),
        [Some(a), Some(b)],
        FAULT_AT,
        |_| namespaces.link(0, false),
    )?;
    let said = all_silent(ended)?;
    namespaces.link(0, true)?;
    let resumed = run.resume(c, &hosts, &[Some(a), Some(b)])?;
    Ok(format!(
        "the link went down after level {FAULT_AT}; both ended {:.1} s later ({}); {resumed} to \
         the uninterrupted report",
        took.as_secs_f64(),
        said.join(" / "),
    ))
}

fn stopped_process(c: &Context) -> Result<String, String> {
    let namespaces = Namespaces::create()?;
    let [a, b] = &namespaces.names;
    let hosts = namespace_hosts(c)?;
    let run = Checkpointed::new("faults-stop")?;
    let processes = held_run(CUT, &hosts, &run.first(), [Some(a), Some(b)], FAULT_AT)?;
    let [mut first, second]: [Process; 2] = processes.try_into().map_err(|_| "two processes")?;
    second.signal("STOP")?;
    let at = Instant::now();
    first.release()?;
    let ended = first.wait_until(at + PEER_TIMEOUT + SLACK)?;
    let took = at.elapsed();
    second.signal("KILL")?;
    drop(second);
    let said = refused(ended, 0, "process 1 at 10.77.0.2:2102 sent nothing for")?;
    let resumed = run.resume(c, &hosts, &[Some(a), Some(b)])?;
    Ok(format!(
        "process 1 stopped after level {FAULT_AT}; process 0 ended {:.1} s later: {said}; \
         {resumed} to the uninterrupted report",
        took.as_secs_f64(),
    ))
}

/// Host files where process 1 reaches process 0 through `proxy` (process 0 listens at its own
/// address).
fn proxied_hosts(c: &Context, mode: Mode) -> Result<(Vec<std::path::PathBuf>, Proxy), String> {
    let addresses = loopback(2)?;
    let proxy = Proxy::start(addresses[0].clone(), mode)?;
    let direct = hostfile(&c.dir, "direct-hosts", &addresses)?;
    let through = hostfile(
        &c.dir,
        "proxied-hosts",
        &[proxy.address.clone(), addresses[1].clone()],
    )?;
    Ok((vec![direct, through], proxy))
}

fn proxied(c: &Context, mode: Mode) -> Result<String, String> {
    let addresses = loopback(2)?;
    let direct = hostfile(&c.dir, "loopback-hosts", &addresses)?;
    let started = Instant::now();
    let clean = run_all(
        WHOLE,
        &[direct.clone(), direct],
        &[],
        &[],
        Duration::from_secs(300),
    )?;
    let clean_time = started.elapsed();
    whole(&clean, &c.whole)?;
    let (hosts, proxy) = proxied_hosts(c, mode)?;
    let started = Instant::now();
    let ended = run_all(WHOLE, &hosts, &[], &[], Duration::from_secs(600))?;
    let time = started.elapsed();
    drop(proxy);
    whole(&ended, &c.whole)?;
    Ok(format!(
        "{WHOLE} discs in {:.2} s through the proxy, {:.2} s direct; the checked-in levels",
        time.as_secs_f64(),
        clean_time.as_secs_f64()
    ))
}

fn stalled(c: &Context) -> Result<String, String> {
    let (hosts, proxy) = proxied_hosts(c, Mode::Delay(Duration::ZERO))?;
    let run = Checkpointed::new("faults-stall")?;
    let (ended, took) = cut_run(CUT, &hosts, &run.first(), [None, None], FAULT_AT, |_| {
        proxy.stall();
        Ok(())
    })?;
    drop(proxy);
    let said = all_silent(ended)?;
    // Resumed over a proxy that no longer stalls.
    let (hosts, proxy) = proxied_hosts(c, Mode::Delay(Duration::ZERO))?;
    let resumed = run.resume(c, &hosts, &[])?;
    drop(proxy);
    Ok(format!(
        "the proxy stalled after level {FAULT_AT}; both ended {:.1} s later ({}); {resumed} to \
         the uninterrupted report",
        took.as_secs_f64(),
        said.join(" / "),
    ))
}

/// A tmpfs of `size` mounted at a new folder, unmounted on drop.
struct Tmpfs(std::path::PathBuf);

impl Tmpfs {
    fn mount(name: &str, size: &str) -> Result<Self, String> {
        let dir = scratch(name)?;
        succeed(
            Command::new("mount")
                .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
                .arg(&dir),
        )?;
        Ok(Self(dir))
    }

    fn resize(&self, size: &str) -> Result<(), String> {
        succeed(
            Command::new("mount")
                .args(["-o", &format!("remount,size={size}")])
                .arg(&self.0),
        )
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `command`, an error with what it said when it fails.
fn succeed(command: &mut Command) -> Result<(), String> {
    let output = command.output().map_err(|e| format!("{command:?}: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{command:?}: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    }
}

fn path(p: &Path) -> String {
    p.display().to_string()
}

/// The files in `dir` whose names contain `part`.
fn files_with(dir: &Path, part: &str) -> Vec<String> {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.contains(part))
        .collect()
}

/// Runs `hanoi4 args` to the end.
fn hanoi4(args: &[String]) -> Result<Ended, String> {
    let mut command = Command::new(super::processes::binary());
    command.args(args);
    Process::spawn(command)?
        .wait_until(Instant::now() + Duration::from_secs(300))?
        .ok_or_else(|| format!("hanoi4 {} took over 5 minutes", args.join(" ")))
}

fn full_disk_table(_: &Context) -> Result<String, String> {
    let disk = Tmpfs::mount("faults-tables", "2m")?;
    let dir = path(&disk.0);
    let first = hanoi4(&strings(&["table", "build", "12", "--dir", &dir]))?;
    if first.code != Some(0) {
        return Err(format!("the 12-disc table did not fit: {}", first.stderr));
    }
    let full = hanoi4(&strings(&["table", "build", "13", "--dir", &dir]))?;
    let said = refused(Some(full), 0, "hanoi4-n13.t2: No space left on device")?;
    let left: Vec<String> = files_with(&disk.0, "");
    if left != ["hanoi4-n12.t2"] {
        return Err(format!(
            "the folder holds {left:?}, not just the 12-disc table"
        ));
    }
    let table = format!("{dir}/hanoi4-n12.t2");
    let info = hanoi4(&strings(&["table", "info", &table]))?;
    if info.code != Some(0) || !info.stdout.contains("verified") {
        return Err(format!("the 12-disc table was damaged: {}", info.stderr));
    }
    Ok(format!("{said}; no partial file, the 12-disc table intact"))
}

fn full_disk_checkpoint(c: &Context) -> Result<String, String> {
    // One worker's slice of 14 discs is 5.6 MB: a checkpoint of both is 11.2 MB, and the
    // third (two kept, one being written) does not fit in 28 MB.
    let disk = Tmpfs::mount("faults-checkpoints", "28m")?;
    let addresses = loopback(2)?;
    let hosts = hostfile(&c.dir, "disk-hosts", &addresses)?;
    let dir = path(&disk.0);
    let args = strings(&["--checkpoint-every", "10"]);
    let ended = run_all(
        WHOLE,
        &[hosts.clone(), hosts.clone()],
        &[&args[..], &["--checkpoint".into(), dir.clone()]].concat(),
        &[],
        Duration::from_secs(300),
    )?;
    let mut said = Vec::new();
    for (i, ended) in ended.into_iter().enumerate() {
        let ended = ended.ok_or(format!("process {i} did not end"))?;
        // The worker whose file did not fit names it; the other says a worker failed.
        if ended.stderr.contains("No space left on device") {
            said.push(refused(Some(ended), i, "checkpoint ")?);
        } else {
            refused(Some(ended), i, "failed")?;
        }
    }
    if said.is_empty() {
        return Err("no process named the full disk".into());
    }
    let partial = files_with(&disk.0, ".partial-");
    if !partial.is_empty() {
        return Err(format!("partial files left: {partial:?}"));
    }
    disk.resize("200m")?;
    let resumed = run_all(
        WHOLE,
        &[hosts.clone(), hosts],
        &[&args[..], &["--resume".into(), dir]].concat(),
        &[],
        Duration::from_secs(300),
    )?;
    whole(&resumed, &c.whole)?;
    Ok(format!(
        "{}; no partial file; once there was room, {} to the uninterrupted report",
        said.join(" / "),
        resumed_line(&resumed)?
    ))
}

/// `hanoi4 args` run inside `group` (the shell joins it, then becomes the binary).
fn in_cgroup(group: &Cgroup, args: &[String]) -> Result<Ended, String> {
    Process::spawn(group.command(&super::processes::binary(), args))?
        .wait_until(Instant::now() + Duration::from_secs(300))?
        .ok_or_else(|| "the run in the cgroup took over 5 minutes".to_string())
}

fn small_cgroup(c: &Context) -> Result<String, String> {
    let group = Cgroup::create("faults", 64 << 20)?;
    let dir = path(&c.dir.join("cgroup-tables"));
    let build = in_cgroup(&group, &strings(&["table", "build", "16", "--dir", &dir]))?;
    let build = refused(Some(build), 0, "the memory cgroup's limit allows")?;
    let spread = in_cgroup(&group, &strings(&["eccentricity", "16", "--workers", "1"]))?;
    let spread = refused(Some(spread), 0, "the memory cgroup's limit allows")?;
    Ok(format!("{build} / {spread}"))
}

#[cfg(test)]
mod tests;
