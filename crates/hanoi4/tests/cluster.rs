//! `hanoi4 eccentricity N` spread over processes of the real binary on loopback (ports chosen
//! free by the test, written to a host file): the same levels as the one-machine search and
//! the published largest distances, a stopped run resumed to the same report, and a killed or
//! stopped (`SIGSTOP`) process ending the others' run with an error instead of a hang.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn binary() -> &'static Path {
    env!("CARGO_BIN_EXE_hanoi4").as_ref()
}

/// An empty folder of its own under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hanoi4-cluster-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A host file of `n` free loopback ports.
fn hostfile(dir: &Path, n: usize) -> PathBuf {
    let lines = statespace_timely::loopback_addresses(n).unwrap();
    let path = dir.join("hosts");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// Starts process `process` of `processes` with `args` after `eccentricity N`.
fn start(n: u8, processes: usize, process: usize, hosts: &Path, args: &[&str]) -> Child {
    Command::new(binary())
        .args(["eccentricity", &n.to_string(), "--processes"])
        .arg(processes.to_string())
        .arg("--process")
        .arg(process.to_string())
        .arg("--hostfile")
        .arg(hosts)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits until `child`, started with `--hold-after level`, holds there (its first line on
/// stderr) and checks that it still runs; its stderr, to read the rest from.
fn held(child: &mut Child, level: u32) -> BufReader<ChildStderr> {
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert_eq!(line, format!("hanoi4: held after level {level}\n"));
    assert!(child.try_wait().unwrap().is_none(), "it holds, so it runs");
    stderr
}

/// Lets a child held by `--hold-after` go on; what it wrote on stderr after the held line,
/// and its output.
fn release(mut child: Child, mut stderr: BufReader<ChildStderr>) -> (String, Output) {
    child.stdin.as_mut().unwrap().write_all(b"\n").unwrap();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    (rest, child.wait_with_output().unwrap())
}

/// Runs all processes; their outputs in process order.
fn run_all(n: u8, processes: usize, hosts: &Path, args: &[&str]) -> Vec<Output> {
    let children: Vec<Child> = (0..processes)
        .map(|p| start(n, processes, p, hosts, args))
        .collect();
    children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The `distance d: k configurations` lines of a report.
fn levels(report: &str) -> Vec<&str> {
    report
        .lines()
        .filter(|l| l.starts_with("distance"))
        .collect()
}

fn one_machine(n: u8) -> String {
    let output = Command::new(binary())
        .args(["eccentricity", &n.to_string()])
        .output()
        .unwrap();
    assert!(output.status.success());
    text(&output.stdout)
}

/// Largest distances to a tower of four pegs (Korf 2004; Frame-Stewart's tower numbers up to
/// 13 discs).
const PUBLISHED: [(u8, u32); 6] = [(8, 33), (9, 41), (10, 49), (11, 65), (12, 81), (13, 97)];

#[test]
fn two_and_three_processes_give_the_one_machine_levels_from_8_to_13_discs() {
    let dir = scratch("levels");
    for (n, largest) in PUBLISHED {
        let expected = one_machine(n);
        for (processes, workers) in [(2, "1"), (3, "1"), (2, "2")] {
            let hosts = hostfile(&dir, processes);
            let outputs = run_all(n, processes, &hosts, &["--workers", workers]);
            for (process, output) in outputs.iter().enumerate() {
                assert!(output.status.success(), "process {process}: {output:?}");
                assert_eq!(
                    text(&output.stderr),
                    "",
                    "process {process} prints no error"
                );
                if process > 0 {
                    assert_eq!(text(&output.stdout), "", "only process 0 reports");
                }
            }
            let report = text(&outputs[0].stdout);
            assert_eq!(
                levels(&report),
                levels(&expected),
                "n = {n}, {processes} processes"
            );
            assert_eq!(levels(&report).len() as u32, largest + 1, "n = {n}");
            let summary = report.lines().last().unwrap();
            assert!(
                summary.starts_with(&format!(
                    "{n} discs: {} configurations, largest distance to a tower {largest} (",
                    4u64.pow(u32::from(n))
                )),
                "{summary}"
            );
            assert!(
                summary.ends_with(&format!(
                    "on {processes} processes x {workers} worker{}",
                    if workers == "1" { "" } else { "s" }
                )),
                "{summary}"
            );
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_stopped_two_process_run_resumes_to_the_uninterrupted_report() {
    let dir = scratch("resume");
    let checkpoints = dir.join("checkpoints");
    let hosts = hostfile(&dir, 2);
    let expected = one_machine(12);
    let checkpoint = checkpoints.to_str().unwrap();
    let stopped = run_all(
        12,
        2,
        &hosts,
        &[
            "--checkpoint",
            checkpoint,
            "--checkpoint-every",
            "8",
            "--stop-after",
            "50",
        ],
    );
    assert!(stopped.iter().all(|o| o.status.success()), "{stopped:?}");
    let part = text(&stopped[0].stdout);
    assert_eq!(levels(&part), levels(&expected)[..=50]);
    assert!(part.contains("12 discs: stopped after level 50"), "{part}");
    let resumed = run_all(12, 2, &hosts, &["--resume", checkpoint, "--stats"]);
    assert!(resumed.iter().all(|o| o.status.success()), "{resumed:?}");
    let report = text(&resumed[0].stdout);
    assert_eq!(levels(&report), levels(&expected));
    assert!(report.contains("resumed after level 50"), "{report}");
    assert!(report.contains("process 1: peak memory"), "{report}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_killed_process_ends_the_run_of_the_others_with_an_error() {
    let dir = scratch("kill");
    let hosts = hostfile(&dir, 3);
    // Process 0 holds after level 40 (of 130) while process 1 is killed: the kill lands
    // mid-run however fast the machine is.
    let mut children: Vec<Child> = (0..3)
        .map(|p| {
            start(
                15,
                3,
                p,
                &hosts,
                if p == 0 { &["--hold-after", "40"] } else { &[] },
            )
        })
        .collect();
    let stderr = held(&mut children[0], 40);
    assert!(children[1].try_wait().unwrap().is_none(), "process 1 runs");
    children[1].kill().unwrap();
    children[1].wait().unwrap();
    let killed = Instant::now();
    let mut children = children.into_iter();
    let (said, first) = release(children.next().unwrap(), stderr);
    let third = children.nth(1).unwrap().wait_with_output().unwrap();
    let lost = "hanoi4: a process of the search stopped or lost its connection (the network threads stopped)\n";
    for (process, said, output) in [(0, said, first), (2, text(&third.stderr), third)] {
        assert!(
            killed.elapsed() < Duration::from_secs(20),
            "process {process} stopped {:?} after the kill",
            killed.elapsed()
        );
        assert_eq!(
            output.status.code(),
            Some(2),
            "process {process}: {output:?}"
        );
        assert_eq!(text(&output.stdout), "");
        assert_eq!(said, lost, "process {process}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_stopped_process_ends_the_run_of_the_others_within_the_peer_timeout() {
    let dir = scratch("sigstop");
    let hosts = hostfile(&dir, 3);
    // Process 0 waits 2 s for a silent peer, process 2 a minute: process 0 finds the silence
    // and tells process 2, which names the silent process too, not process 0's cut. Process 1
    // is stopped while process 0 holds after level 40 (of 130): mid-run on any machine.
    let timeouts = ["2", "60", "60"];
    let mut children: Vec<Child> = (0..3)
        .map(|p| {
            let hold: &[&str] = if p == 0 { &["--hold-after", "40"] } else { &[] };
            start(
                15,
                3,
                p,
                &hosts,
                &[&["--peer-timeout", timeouts[p]], hold].concat(),
            )
        })
        .collect();
    let stderr = held(&mut children[0], 40);
    let signal = |name: &str, child: &Child| {
        let status = Command::new("kill")
            .args([name, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    };
    // Alive to the kernel (its connections stay open), silent to the others.
    assert!(children[1].try_wait().unwrap().is_none(), "process 1 runs");
    signal("-STOP", &children[1]);
    let stopped = Instant::now();
    let mut children = children.into_iter();
    let (said, first) = release(children.next().unwrap(), stderr);
    let mut silent = children.next().unwrap();
    let third = children.next().unwrap().wait_with_output().unwrap();
    for (process, error, output) in [(0, said, first), (2, text(&third.stderr), third)] {
        let waited = stopped.elapsed();
        assert!(
            waited < Duration::from_secs(10),
            "process {process} stopped {waited:?} after the SIGSTOP"
        );
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        assert_eq!(text(&output.stdout), "");
        assert_eq!(error.lines().count(), 1, "{error}");
        assert!(
            error.starts_with("hanoi4: process 1 at 127.0.0.1:")
                && error.contains("(stopped, frozen or cut off by the network)"),
            "{error}"
        );
        if process == 0 {
            // "... sent nothing for 2.0 s ...; the last it said: expanding level 38"
            assert!(
                error.contains(" sent nothing for 2.") && error.contains("; the last it said: "),
                "{error}"
            );
        } else {
            assert!(
                error.contains(" sent nothing to process 0 for 2."),
                "{error}"
            );
        }
    }
    signal("-KILL", &silent);
    silent.wait().unwrap();
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn processes_started_for_different_searches_refuse_to_run() {
    let dir = scratch("mismatch");
    let hosts = hostfile(&dir, 2);
    let children = [start(9, 2, 0, &hosts, &[]), start(10, 2, 1, &hosts, &[])];
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert!(
            text(&output.stderr).contains("searches another space than this process"),
            "{output:?}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}
