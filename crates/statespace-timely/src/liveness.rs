//! Liveness: heartbeats between the processes of a search, on connections of their own, so a
//! peer that stops making progress (stopped by a signal, frozen, cut off by the network) is
//! noticed within the peer timeout, while a peer that is only slow (a long level, a checkpoint
//! being written) keeps beating and is never taken for dead.
//!
//! Each process runs one thread that sends its [`Status`] to every peer a few times per
//! timeout, and one thread per peer that reads the peer's. A peer heard from for longer than
//! the timeout is declared [`Silence`]: the watcher cuts this process's data connections
//! (timely's sockets, of which it holds copies), which ends the search here the way a dead
//! peer does, and the search reports the silence instead of a lost connection.

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What a process is doing, as its heartbeats tell it: a phase and a level.
#[derive(Debug, Default)]
pub(crate) struct Status(AtomicU64);

/// The phases a heartbeat names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Connected, not searching yet (checking the space, loading a checkpoint).
    Starting = 0,
    /// Expanding a level.
    Expanding = 1,
    /// Writing a checkpoint.
    Saving = 2,
    /// Gathering the report.
    Finishing = 3,
}

/// The phase of a last word: this process found the peer in bits 8 to 31 silent for the
/// milliseconds in bits 32 to 63, and cut its connections.
const VERDICT: u64 = 0xff;

/// How long the finder of a silence waits between telling the others and cutting its
/// connections.
const VERDICT_LEAD: Duration = Duration::from_millis(50);

impl Status {
    /// Records that this process is in `phase` at `level`.
    pub fn set(&self, phase: Phase, level: u32) {
        self.0
            .store(u64::from(level) << 8 | phase as u64, Ordering::Relaxed);
    }

    fn word(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// Words what a heartbeat said.
fn describe(word: u64) -> String {
    let level = word >> 8;
    match word & 0xff {
        0 => "starting".into(),
        1 => format!("expanding level {level}"),
        2 => format!("writing the checkpoint of level {level}"),
        3 => "gathering the report".into(),
        _ => format!("an unknown status {word:#x}"),
    }
}

/// A peer that fell silent: who, for how long, and the last it said.
#[derive(Clone, Debug)]
pub(crate) struct Silence {
    pub process: usize,
    pub address: String,
    pub waited: Duration,
    /// What its last heartbeat said (`waited` ago); `None` when it never sent one (`waited`
    /// is then the time since the connection), or when another process found the silence.
    pub last: Option<String>,
    /// The process that found the silence and told this one, when not this one.
    pub noticed_by: Option<usize>,
}

/// The heartbeat threads of one process, and what they found.
pub(crate) struct Liveness {
    shared: Arc<Shared>,
    stop: Option<Sender<()>>,
    threads: Vec<JoinHandle<()>>,
}

struct Shared {
    status: Arc<Status>,
    timeout: Duration,
    silence: Mutex<Option<Silence>>,
    /// Set once a verdict or the end of the search makes every thread stop.
    done: AtomicBool,
    /// Copies of the data connections, cut when a peer falls silent.
    data: Vec<TcpStream>,
    /// The heartbeat connections, closed at the end.
    beats: Vec<TcpStream>,
    /// The peers' addresses, by process number.
    addresses: Vec<String>,
}

impl Shared {
    /// Records `silence` (the first verdict only), tells the other peers (so they name the
    /// silent one rather than this process's cut connections) and cuts every connection.
    fn declare(&self, silence: Silence) {
        let mut slot = self.silence.lock().unwrap_or_else(PoisonError::into_inner);
        if slot.is_some() {
            return;
        }
        let millis = silence.waited.as_millis().min(u128::from(u32::MAX)) as u64;
        let word = millis << 32 | (silence.process as u64 & 0xff_ffff) << 8 | VERDICT;
        *slot = Some(silence);
        drop(slot);
        self.done.store(true, Ordering::Relaxed);
        for mut stream in &self.beats {
            // One small write: whole, or not at all once the peer's buffer is full.
            let _ = stream.write_all(&word.to_le_bytes());
        }
        if self.beats.len() > 1 {
            // A head start for the word over the cut, which the others also see as a lost
            // connection: they record the silence first (see `Liveness::finish`).
            std::thread::sleep(VERDICT_LEAD);
        }
        for stream in self.data.iter().chain(&self.beats) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }
}

impl Liveness {
    /// Starts beating to and watching the peers of `beats` (process number, address, heartbeat
    /// connection); `data` are copies of the data connections to cut on a verdict.
    pub(crate) fn start(
        status: Arc<Status>,
        timeout: Duration,
        beats: Vec<(usize, String, TcpStream)>,
        data: Vec<TcpStream>,
        addresses: Vec<String>,
    ) -> std::io::Result<Self> {
        // Several beats a timeout, so one late beat is no verdict; no busier than 100 a second.
        let interval = (timeout / 4).clamp(Duration::from_millis(10), Duration::from_secs(1));
        let mut copies = Vec::new();
        for (_, _, stream) in &beats {
            stream.set_nodelay(true)?;
            stream.set_read_timeout(Some(interval))?;
            stream.set_write_timeout(Some(interval))?;
            copies.push(stream.try_clone()?);
        }
        let shared = Arc::new(Shared {
            status,
            timeout,
            silence: Mutex::new(None),
            done: AtomicBool::new(false),
            data,
            beats: copies,
            addresses,
        });
        let (stop, stopped) = channel();
        let mut writers = Vec::new();
        let mut threads = Vec::new();
        for (process, address, stream) in beats {
            writers.push(stream.try_clone()?);
            let shared = Arc::clone(&shared);
            threads.push(
                std::thread::Builder::new()
                    .name(format!("watch-{process}"))
                    .spawn(move || watch(&shared, process, address, stream))?,
            );
        }
        let beating = Arc::clone(&shared);
        threads.push(
            std::thread::Builder::new()
                .name("heartbeat".into())
                .spawn(move || beat(&beating, writers, interval, &stopped))?,
        );
        Ok(Self {
            shared,
            stop: Some(stop),
            threads,
        })
    }

    /// Stops the threads (closing the heartbeat connections) and returns the silence found,
    /// if any. After a failed search, `failed`, a peer's word about a silence, sent
    /// [`VERDICT_LEAD`] before its cut, may still be being read: it is given a moment.
    pub fn finish(mut self, failed: bool) -> Option<Silence> {
        let deadline = Instant::now() + Duration::from_millis(20);
        while failed && Instant::now() < deadline && self.threads_running() {
            if self
                .shared
                .silence
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .is_some()
            {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.stop_threads();
        self.shared
            .silence
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Whether a watcher still reads a peer.
    fn threads_running(&self) -> bool {
        self.threads
            .iter()
            .filter(|t| t.thread().name() != Some("heartbeat"))
            .any(|t| !t.is_finished())
    }

    fn stop_threads(&mut self) {
        self.shared.done.store(true, Ordering::Relaxed);
        self.stop.take();
        for stream in &self.shared.beats {
            let _ = stream.shutdown(Shutdown::Both);
        }
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

impl Drop for Liveness {
    /// Stops the threads when the search ends before [`Liveness::finish`] (an error while
    /// starting timely).
    fn drop(&mut self) {
        self.stop_threads();
    }
}

/// Sends this process's status to every peer each `interval`, until `stopped` says so. A peer
/// whose connection fails or stays full for a whole interval gets no more (its watcher here
/// decides about it; a half-written beat would garble the next ones).
fn beat(shared: &Shared, mut writers: Vec<TcpStream>, interval: Duration, stopped: &Receiver<()>) {
    let mut alive = vec![true; writers.len()];
    loop {
        let word = shared.status.word().to_le_bytes();
        for (stream, alive) in writers.iter_mut().zip(&mut alive) {
            if *alive && stream.write_all(&word).is_err() {
                *alive = false;
            }
        }
        match stopped.recv_timeout(interval) {
            Err(RecvTimeoutError::Timeout) if !shared.done.load(Ordering::Relaxed) => {}
            _ => return,
        }
    }
}

/// Reads `process`'s heartbeats until the search ends, the peer closes its end (it finished,
/// or died: a death is the data connections' to report), or it stays silent past the timeout.
fn watch(shared: &Shared, process: usize, address: String, mut stream: TcpStream) {
    let started = Instant::now();
    let mut heard = started;
    let mut last = None;
    let mut bytes = [0u8; 8];
    let mut filled = 0;
    while !shared.done.load(Ordering::Relaxed) {
        match stream.read(&mut bytes[filled..]) {
            Ok(0) => return,
            Ok(n) => {
                filled += n;
                if filled == bytes.len() {
                    filled = 0;
                    heard = Instant::now();
                    let word = u64::from_le_bytes(bytes);
                    if word & 0xff == VERDICT {
                        let silent = (word >> 8 & 0xff_ffff) as usize;
                        shared.declare(Silence {
                            process: silent,
                            address: shared.addresses.get(silent).cloned().unwrap_or_default(),
                            waited: Duration::from_millis(word >> 32),
                            last: None,
                            noticed_by: Some(process),
                        });
                        return;
                    }
                    last = Some(word);
                }
            }
            Err(e)
                if matches!(
                    e.kind(),
                    ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted
                ) => {}
            Err(_) => return,
        }
        let quiet = heard.elapsed();
        if quiet >= shared.timeout && !shared.done.load(Ordering::Relaxed) {
            shared.declare(Silence {
                process,
                address,
                waited: quiet,
                last: last.map(describe),
                noticed_by: None,
            });
            return;
        }
    }
}
