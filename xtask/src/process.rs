//! Running the workspace's binaries as black boxes: building them in release and running one on
//! an input with a time and memory limit.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a run of the binary produced.
pub struct RunOutput {
    /// The exit status, `None` when a signal ended the process.
    pub status: Option<i32>,
    /// Everything written on stdout.
    pub stdout: Vec<u8>,
    /// Everything written on stderr.
    pub stderr: Vec<u8>,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Whether it was killed at the time limit.
    pub timed_out: bool,
}

/// Runs `binary` with `args` on `input`, killed after `limit`; with `memory_mib`, under that
/// limit of address space (through the shell's `ulimit -v`).
pub fn run_binary(
    binary: &Path,
    args: &[String],
    input: &[u8],
    limit: Duration,
    memory_mib: Option<u64>,
) -> Result<RunOutput, String> {
    let started = Instant::now();
    let mut command = match memory_mib {
        Some(mib) => {
            let mut command = Command::new("sh");
            command
                .arg("-c")
                .arg("ulimit -v \"$1\" && shift && exec \"$0\" \"$@\"")
                .arg(binary)
                .arg((mib * 1024).to_string())
                .args(args);
            command
        }
        None => {
            let mut command = Command::new(binary);
            command.args(args);
            command
        }
    };
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", binary.display()))?;
    let mut stdin_pipe = child.stdin.take().expect("piped");
    let input = input.to_vec();
    // A binary may stop reading early (it refused the input): a broken pipe is not an error.
    let stdin_writer = std::thread::spawn(move || {
        let _ = std::io::Write::write_all(&mut stdin_pipe, &input);
    });
    let mut stdout_pipe = child.stdout.take().expect("piped");
    let mut stderr_pipe = child.stderr.take().expect("piped");
    let stdout_reader = std::thread::spawn(move || {
        let mut buffer = Vec::new();
        stdout_pipe.read_to_end(&mut buffer).map(|_| buffer)
    });
    let stderr_reader = std::thread::spawn(move || {
        let mut buffer = Vec::new();
        stderr_pipe.read_to_end(&mut buffer).map(|_| buffer)
    });
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > limit {
            timed_out = true;
            let _ = child.kill();
            break child.wait().map_err(|e| e.to_string())?;
        }
        std::thread::sleep(Duration::from_micros(500));
    };
    let elapsed = started.elapsed();
    stdin_writer.join().expect("writer thread");
    let stdout = stdout_reader
        .join()
        .expect("reader thread")
        .map_err(|e| e.to_string())?;
    let stderr = stderr_reader
        .join()
        .expect("reader thread")
        .map_err(|e| e.to_string())?;
    Ok(RunOutput {
        status: status.code(),
        stdout,
        stderr,
        elapsed,
        timed_out,
    })
}

/// Builds the release binaries of `crates` (each puzzle's binary has its name; the package may
/// be named otherwise).
/// Cargo shows its progress while it builds (a minute or more on a fresh clone).
pub fn build(crates: &[String]) -> Result<(), String> {
    println!("building the release binaries: {}", crates.join(", "));
    let mut command = crate::workspace::cargo();
    command.args(["build", "--release"]);
    for name in crates {
        command.args(["--bin", name]);
    }
    let status = command.status().map_err(|e| format!("cargo build: {e}"))?;
    if !status.success() {
        return Err("cargo build --release failed".to_string());
    }
    Ok(())
}

/// `n` loopback addresses whose ports were free a moment ago, below the range the system hands
/// out for outgoing connections (as `statespace_timely::loopback_addresses`, which says why).
pub fn loopback(n: usize) -> Result<Vec<String>, String> {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    const FIRST: u32 = 10_000;
    const SPAN: u32 = 22_000;
    let start = std::process::id().wrapping_mul(101) % SPAN;
    let mut listeners = Vec::with_capacity(n);
    for _ in 0..SPAN {
        if listeners.len() == n {
            break;
        }
        let port = FIRST + (start + NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) % SPAN;
        if let Ok(listener) = std::net::TcpListener::bind(("127.0.0.1", port as u16)) {
            listeners.push(listener);
        }
    }
    if listeners.len() < n {
        return Err(format!("fewer than {n} free loopback ports below 32000"));
    }
    listeners
        .iter()
        .map(|l| l.local_addr().map(|a| a.to_string()))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())
}
