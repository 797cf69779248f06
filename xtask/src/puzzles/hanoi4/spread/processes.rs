//! The spread search of the real `hanoi4` binary as the fault runs see it: processes started
//! with a host file (optionally inside a network namespace), signalled, and waited for with a
//! deadline; their reports compared by level.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The release binary the runs use.
pub fn binary() -> PathBuf {
    crate::workspace::release_binary("hanoi4")
}

/// An empty folder of its own under the system's temporary folder.
pub fn scratch(name: &str) -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("xtask-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

/// Writes `addresses` (one a line) as the host file `name` in `dir`.
pub fn hostfile(dir: &Path, name: &str, addresses: &[String]) -> Result<PathBuf, String> {
    let path = dir.join(name);
    std::fs::write(&path, addresses.join("\n") + "\n")
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// What a child wrote on one of its pipes so far, filled by a thread as it comes.
#[derive(Clone, Default)]
struct Pipe(Arc<Mutex<Vec<u8>>>);

impl Pipe {
    /// A thread that copies `pipe` into a new [`Pipe`] until it ends.
    fn collect(mut pipe: impl Read + Send + 'static) -> (Self, JoinHandle<()>) {
        let collected = Self::default();
        let filled = collected.clone();
        let reader = std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n @ 1..) = pipe.read(&mut chunk) {
                filled.bytes().extend_from_slice(&chunk[..n]);
            }
        });
        (collected, reader)
    }

    fn bytes(&self) -> std::sync::MutexGuard<'_, Vec<u8>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes()).into_owned()
    }
}

/// One process of a spread search, its output collected as it comes.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: Pipe,
    stderr: Pipe,
    readers: Vec<JoinHandle<()>>,
}

/// How a process ended.
#[derive(Clone, Debug)]
pub struct Ended {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Ended {
    /// The `distance d: k configurations` lines of the report.
    pub fn levels(&self) -> Vec<&str> {
        self.stdout
            .lines()
            .filter(|l| l.starts_with("distance"))
            .collect()
    }

    /// The level sizes of the report (`distance d: k configurations`), in order.
    pub fn level_sizes(&self) -> Vec<u64> {
        self.levels()
            .iter()
            .filter_map(|line| {
                line.split(':')
                    .nth(1)?
                    .split_whitespace()
                    .next()?
                    .parse()
                    .ok()
            })
            .collect()
    }
}

/// The level sizes of `discs` checked in by the oracle's plain BFS
/// (`testdata/hanoi4/eccentricity/nNN.levels`, written by `cargo xtask gen-testdata hanoi4`):
/// what every run of `hanoi4 eccentricity N` under faults is compared with, never the binary's
/// own run.
pub fn checked_in_levels(discs: u8) -> Result<Vec<u64>, String> {
    let path = crate::workspace::root()
        .join("testdata/hanoi4/eccentricity")
        .join(format!("n{discs:02}.levels"));
    let text = std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "{}: {e} (the checked-in levels are of 8 to 15 discs)",
            path.display()
        )
    })?;
    let sizes = text
        .lines()
        .map(|line| {
            line.split_whitespace()
                .nth(1)
                .and_then(|count| count.parse().ok())
                .ok_or_else(|| format!("{}: a line of `distance count`: {line:?}", path.display()))
        })
        .collect::<Result<Vec<u64>, String>>()?;
    if sizes.iter().sum::<u64>() != 1 << (2 * u32::from(discs)) {
        return Err(format!(
            "{}: the levels do not add up to 4^{discs}",
            path.display()
        ));
    }
    Ok(sizes)
}

/// The line a process started with `--hold-after LEVEL` writes on stderr when it holds.
fn held_line(level: u32) -> String {
    format!("hanoi4: held after level {level}\n")
}

impl Process {
    /// Starts `hanoi4 eccentricity N` as process `process` of `processes` with the host file
    /// `hosts` and `args`, inside the network namespace `netns` when given.
    pub fn start(
        n: u8,
        processes: usize,
        process: usize,
        hosts: &Path,
        args: &[String],
        netns: Option<&str>,
    ) -> Result<Self, String> {
        let mut command = match netns {
            Some(name) => {
                let mut command = Command::new("ip");
                command.args(["netns", "exec", name]).arg(binary());
                command
            }
            None => Command::new(binary()),
        };
        command
            .args(["eccentricity", &n.to_string()])
            .args(["--processes", &processes.to_string()])
            .args(["--process", &process.to_string()])
            .arg("--hostfile")
            .arg(hosts)
            .args(args);
        Self::spawn(command)
    }

    /// Starts `command` with its output collected and its stdin open (see [`Process::release`]).
    pub fn spawn(mut command: Command) -> Result<Self, String> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{}: {e}", binary().display()))?;
        let (stdout, out_reader) = Pipe::collect(child.stdout.take().expect("piped"));
        let (stderr, err_reader) = Pipe::collect(child.stderr.take().expect("piped"));
        Ok(Self {
            stdin: child.stdin.take(),
            child,
            stdout,
            stderr,
            readers: vec![out_reader, err_reader],
        })
    }

    /// Waits until the process (started with `--hold-after level`) holds after `level`:
    /// `Ok(())` while it still runs there, an error when it ended first (the run never
    /// reached that level, so a fault meant for it cannot land) or `deadline` passed.
    pub fn held_after(&mut self, level: u32, deadline: Instant) -> Result<(), String> {
        let line = held_line(level);
        loop {
            if self.stderr.text().contains(&line) {
                return if self.running() {
                    Ok(())
                } else {
                    Err(format!("the run ended while held after level {level}"))
                };
            }
            if !self.running() {
                return Err(format!(
                    "the run ended before level {level}, so the fault never landed (stderr {:?})",
                    self.stderr.text()
                ));
            }
            if Instant::now() >= deadline {
                return Err(format!("the run did not reach level {level} in time"));
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Lets a process held by `--hold-after` go on (a line on its stdin).
    pub fn release(&mut self) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("stdin already closed")?;
        stdin
            .write_all(b"\n")
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("releasing process {}: {e}", self.child.id()))
    }

    /// Sends `signal` (`STOP`, `CONT`, `KILL`) to the process.
    pub fn signal(&self, signal: &str) -> Result<(), String> {
        let status = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(self.child.id().to_string())
            .status()
            .map_err(|e| format!("kill: {e}"))?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("kill -{signal} {} failed", self.child.id()))
        }
    }

    /// Waits until the process ends or `deadline` passes (then it is killed and the answer is
    /// `None`). The line `--hold-after` writes is left out of the stderr returned.
    pub fn wait_until(mut self, deadline: Instant) -> Result<Option<Ended>, String> {
        loop {
            if let Some(status) = self.child.try_wait().map_err(|e| e.to_string())? {
                for reader in self.readers.drain(..) {
                    let _ = reader.join();
                }
                let stderr = self.stderr.text();
                let stderr = stderr
                    .lines()
                    .filter(|l| !l.starts_with("hanoi4: held after level "))
                    .map(|l| format!("{l}\n"))
                    .collect();
                return Ok(Some(Ended {
                    code: status.code(),
                    stdout: self.stdout.text(),
                    stderr,
                }));
            }
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                return Ok(None);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Whether the process is still running.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Process {
    /// A process left behind by a failed check is killed, not left running.
    fn drop(&mut self) {
        if self.running() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Runs every process of a search (process `i` with `hosts[i]`, in `netns[i]` when given) to
/// the end or `limit`; how each ended, `None` for those killed at the limit.
pub fn run_all(
    n: u8,
    hosts: &[PathBuf],
    args: &[String],
    netns: &[Option<&str>],
    limit: Duration,
) -> Result<Vec<Option<Ended>>, String> {
    let processes = hosts
        .iter()
        .enumerate()
        .map(|(i, hosts)| {
            Process::start(
                n,
                hosts_len(hosts)?,
                i,
                hosts,
                args,
                netns.get(i).copied().flatten(),
            )
        })
        .collect::<Result<Vec<_>, String>>()?;
    let deadline = Instant::now() + limit;
    processes
        .into_iter()
        .map(|p| p.wait_until(deadline))
        .collect()
}

/// The number of addresses in a host file.
fn hosts_len(path: &Path) -> Result<usize, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text.lines().filter(|l| !l.trim().is_empty()).count())
}
