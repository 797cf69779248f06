//! [`Cluster`]: where the workers of a search run (threads of this process, or processes on
//! one or more machines), and the connections between processes.
//!
//! Timely connects processes itself when given `host:port` addresses, but it reports progress
//! on stdout and retries forever. Here the connections are made before timely starts, with a
//! deadline, a handshake that checks both ends belong to the same cluster, and errors instead
//! of output; the sockets are then handed to timely's
//! `initialize_networking_from_sockets`, so all data still travels through timely.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream, ToSocketAddrs};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use timely::CommunicationConfig;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely::communication::{Hooks, WorkerGuards};
use timely::worker::Worker;
use timely::{WorkerConfig, execute::execute_from};

use crate::error::Error;
use crate::liveness::{Liveness, Status};

/// First word of the handshake: "STBFS" and a protocol version.
const MAGIC: u64 = 0x5354_4246_5300_0002;
/// The handshake's last word: what the connection carries.
const DATA: u64 = 0;
const HEARTBEAT: u64 = 1;
/// Words of the handshake.
const HELLO: usize = 5;

/// A connection to every other process, `None` at this process's place.
type Sockets = Vec<Option<TcpStream>>;

/// `n` loopback addresses (`127.0.0.1:PORT`) whose ports were free a moment ago, for processes
/// of one machine (tests, a search spread over local processes).
///
/// The ports are taken from 10000 to 31999, below the range Linux hands out for outgoing
/// connections (32768 and up by default), so that no connection made meanwhile, by this
/// search or another, takes a port before its process listens there (a port the system picks
/// with `:0` is in that range, and can be). Calls in one process give different ports, and
/// different processes start at different places.
///
/// # Errors
/// When fewer than `n` ports of that range are free.
///
/// ```
/// let addresses = statespace_timely::loopback_addresses(2)?;
/// assert_eq!(addresses.len(), 2);
/// assert_ne!(addresses[0], addresses[1]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn loopback_addresses(n: usize) -> std::io::Result<Vec<String>> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    const FIRST: u32 = 10_000;
    const SPAN: u32 = 22_000;
    let start = std::process::id().wrapping_mul(101) % SPAN;
    let mut listeners = Vec::with_capacity(n);
    for _ in 0..SPAN {
        if listeners.len() == n {
            break;
        }
        let port = FIRST + (start + NEXT.fetch_add(1, Ordering::Relaxed)) % SPAN;
        if let Ok(listener) = TcpListener::bind(("127.0.0.1", port as u16)) {
            listeners.push(listener);
        }
    }
    if listeners.len() < n {
        return Err(std::io::Error::new(
            std::io::ErrorKind::AddrInUse,
            format!(
                "fewer than {n} free ports from {FIRST} to {} on 127.0.0.1",
                FIRST + SPAN - 1
            ),
        ));
    }
    listeners
        .iter()
        .map(|l| l.local_addr().map(|a| a.to_string()))
        .collect()
}

/// The workers of a search: `workers` threads in each of `addresses.len()` processes (one when
/// no addresses are given), this process being number `process`.
///
/// The meanings are timely's: `--workers` threads per process, `--processes`, `--process` and a
/// host file with one `host:port` per line, process `i` listening on line `i`.
#[derive(Clone, Debug)]
pub struct Cluster {
    workers: usize,
    process: usize,
    addresses: Vec<String>,
    connect_timeout: Duration,
    peer_timeout: Duration,
}

impl Cluster {
    /// How long a process waits for the others to start and connect, by default.
    pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(60);
    /// How long a process hears nothing from another before it takes it for stopped, frozen
    /// or cut off, by default.
    pub const PEER_TIMEOUT: Duration = Duration::from_secs(60);

    /// One process of `workers` threads (at least one).
    pub fn single(workers: usize) -> Self {
        Self {
            workers: workers.max(1),
            process: 0,
            addresses: Vec::new(),
            connect_timeout: Self::CONNECT_TIMEOUT,
            peer_timeout: Self::PEER_TIMEOUT,
        }
    }

    /// Process `process` of the processes at `addresses` (`host:port`, one a process), each
    /// with `workers` threads.
    ///
    /// # Errors
    /// [`Error::Cluster`] when `workers` is 0, there are no addresses, or `process` is not one
    /// of them.
    pub fn new(workers: usize, process: usize, addresses: Vec<String>) -> Result<Self, Error> {
        if workers == 0 {
            return Err(Error::Cluster("a process needs at least one worker".into()));
        }
        if addresses.is_empty() {
            return Err(Error::Cluster("no process addresses".into()));
        }
        if process >= addresses.len() {
            return Err(Error::Cluster(format!(
                "process {process} is not one of the {} processes (numbered from 0)",
                addresses.len()
            )));
        }
        Ok(Self {
            workers,
            process,
            addresses,
            connect_timeout: Self::CONNECT_TIMEOUT,
            peer_timeout: Self::PEER_TIMEOUT,
        })
    }

    /// `processes` processes on this machine at `localhost:2101`, `localhost:2102`, ... (timely's
    /// default ports).
    ///
    /// # Errors
    /// As [`Cluster::new`].
    pub fn localhost(workers: usize, processes: usize, process: usize) -> Result<Self, Error> {
        Self::new(
            workers,
            process,
            (0..processes)
                .map(|i| format!("localhost:{}", 2101 + i))
                .collect(),
        )
    }

    /// The first `processes` lines of the host file at `path` (one `host:port` a line; blank
    /// lines and lines starting with `#` skipped).
    ///
    /// # Errors
    /// [`Error::Cluster`] when the file cannot be read or has fewer addresses than `processes`;
    /// otherwise as [`Cluster::new`].
    pub fn from_hostfile(
        workers: usize,
        processes: usize,
        process: usize,
        path: &Path,
    ) -> Result<Self, Error> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::Cluster(format!("cannot read {}: {e}", path.display())))?;
        let addresses: Vec<String> = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .take(processes)
            .map(String::from)
            .collect();
        if addresses.len() < processes {
            return Err(Error::Cluster(format!(
                "{} holds {} addresses, fewer than the {processes} processes",
                path.display(),
                addresses.len()
            )));
        }
        Self::new(workers, process, addresses)
    }

    /// The same cluster, waiting at most `timeout` for the other processes to connect.
    pub fn with_connect_timeout(mut self, timeout: Duration) -> Self {
        self.connect_timeout = timeout;
        self
    }

    /// The same cluster, ending the search with [`Error::PeerSilent`] when another process
    /// sends no heartbeat for `timeout` (at least 40 ms). Heartbeats travel on connections of
    /// their own, sent by a thread of their own a few times per timeout, so a process busy with
    /// a long level or a checkpoint keeps beating; only one that is stopped, frozen or cut off
    /// falls silent.
    pub fn with_peer_timeout(mut self, timeout: Duration) -> Self {
        self.peer_timeout = timeout.max(Duration::from_millis(40));
        self
    }

    /// How long a silent process is waited for.
    pub fn peer_timeout(&self) -> Duration {
        self.peer_timeout
    }

    /// Threads per process.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// The number of processes.
    pub fn processes(&self) -> usize {
        self.addresses.len().max(1)
    }

    /// This process's number, from 0.
    pub fn process(&self) -> usize {
        self.process
    }

    /// All workers of all processes.
    pub fn peers(&self) -> usize {
        self.workers * self.processes()
    }

    /// Runs `work` on every worker of this process, connected to the other processes'
    /// workers, with the status its heartbeats tell the others; returns the workers' results in
    /// order, and the heartbeats' watch when there are other processes.
    pub(crate) fn execute<T, F>(
        &self,
        work: F,
    ) -> Result<(WorkerGuards<T>, Option<Liveness>), Error>
    where
        T: Send + 'static,
        F: Fn(&mut Worker, &Status) -> T + Send + Sync + 'static,
    {
        let status = Arc::new(Status::default());
        let mut liveness = None;
        let (builders, others): (Vec<AllocatorBuilder>, Box<dyn std::any::Any + Send>) =
            if self.addresses.len() <= 1 {
                CommunicationConfig::Process(self.workers)
                    .try_build()
                    .map_err(Error::Cluster)?
            } else {
                let (sockets, beats) = self.connect()?;
                let copies = sockets
                    .iter()
                    .flatten()
                    .map(TcpStream::try_clone)
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| Error::Cluster(format!("socket: {e}")))?;
                let beats = beats
                    .into_iter()
                    .enumerate()
                    .filter_map(|(i, s)| s.map(|s| (i, self.addresses[i].clone(), s)))
                    .collect();
                liveness = Some(
                    Liveness::start(
                        Arc::clone(&status),
                        self.peer_timeout,
                        beats,
                        copies,
                        self.addresses.clone(),
                    )
                    .map_err(|e| Error::Cluster(format!("cannot start the heartbeats: {e}")))?,
                );
                let hooks = Hooks::default();
                let local = ProcessBuilder::new_typed_vector(
                    self.workers,
                    hooks.refill.clone(),
                    hooks.spill.clone(),
                );
                let (builders, guard) = initialize_networking_from_sockets(
                    local,
                    sockets,
                    self.process,
                    self.workers,
                    hooks,
                )
                .map_err(|e| Error::Cluster(format!("cannot start the network threads: {e}")))?;
                (
                    builders.into_iter().map(AllocatorBuilder::Tcp).collect(),
                    Box::new(guard),
                )
            };
        let guards = execute_from(builders, others, WorkerConfig::default(), move |worker| {
            work(worker, &status)
        })
        .map_err(Error::Cluster)?;
        Ok((guards, liveness))
    }

    /// Two sockets to every other process (`None` at this process's place), one for the
    /// data and one for the heartbeats: this process listens at its own address, connects to
    /// the processes numbered below it and accepts the ones above, all before the deadline.
    fn connect(&self) -> Result<(Sockets, Sockets), Error> {
        let deadline = Instant::now() + self.connect_timeout;
        let me = self.process;
        let listener = TcpListener::bind(&self.addresses[me]).map_err(|e| {
            Error::Cluster(format!(
                "process {me} cannot listen at {}: {e}",
                self.addresses[me]
            ))
        })?;
        let none = || (0..self.addresses.len()).map(|_| None).collect::<Vec<_>>();
        let (mut data, mut beats): (Sockets, Sockets) = (none(), none());
        for (other, address) in self.addresses.iter().enumerate().take(me) {
            for kind in [DATA, HEARTBEAT] {
                let mut stream = connect_until(address, deadline).map_err(|e| {
                    Error::Cluster(format!(
                        "process {me} cannot reach process {other} at {address}: {e}"
                    ))
                })?;
                self.send_hello(&mut stream, kind)?;
                let (index, _) = self.check_hello(read_words(&mut stream, deadline)?)?;
                if index != other {
                    return Err(Error::Cluster(format!(
                        "{address} answered as process {index}, not {other}: do the processes share one host file?"
                    )));
                }
                let slots = if kind == DATA { &mut data } else { &mut beats };
                slots[other] = Some(stream);
            }
        }
        listener
            .set_nonblocking(true)
            .map_err(|e| Error::Cluster(format!("cannot poll the listener: {e}")))?;
        let waiting = |data: &[Option<TcpStream>], beats: &[Option<TcpStream>]| -> Vec<usize> {
            (me + 1..data.len())
                .filter(|&i| data[i].is_none() || beats[i].is_none())
                .collect()
        };
        while !waiting(&data, &beats).is_empty() {
            match listener.accept() {
                Ok((mut stream, _)) => {
                    stream
                        .set_nonblocking(false)
                        .map_err(|e| Error::Cluster(format!("socket: {e}")))?;
                    // Answer before checking, so both ends can say what differs.
                    let theirs = read_words(&mut stream, deadline)?;
                    self.send_hello(&mut stream, theirs[HELLO - 1])?;
                    let (index, kind) = self.check_hello(theirs)?;
                    let slots = if kind == DATA { &mut data } else { &mut beats };
                    if index <= me || index >= slots.len() || slots[index].is_some() {
                        return Err(Error::Cluster(format!(
                            "process {me} was reached by a process numbered {index}, which it does not wait for"
                        )));
                    }
                    slots[index] = Some(stream);
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if Instant::now() >= deadline {
                        let missing: Vec<String> = waiting(&data, &beats)
                            .iter()
                            .map(usize::to_string)
                            .collect();
                        return Err(Error::Cluster(format!(
                            "process {me} waited {} s for process {} to connect",
                            self.connect_timeout.as_secs(),
                            missing.join(", ")
                        )));
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(e) => return Err(Error::Cluster(format!("accept: {e}"))),
            }
        }
        for stream in data.iter().flatten() {
            stream
                .set_nodelay(true)
                .and_then(|()| stream.set_read_timeout(None))
                .map_err(|e| Error::Cluster(format!("socket: {e}")))?;
        }
        Ok((data, beats))
    }

    /// The handshake: magic, process number, the cluster's shape, and what the connection
    /// carries.
    fn hello(&self, kind: u64) -> [u64; HELLO] {
        [
            MAGIC,
            self.process as u64,
            self.addresses.len() as u64,
            self.workers as u64,
            kind,
        ]
    }

    fn send_hello(&self, stream: &mut TcpStream, kind: u64) -> Result<(), Error> {
        let bytes: Vec<u8> = self
            .hello(kind)
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect();
        stream
            .write_all(&bytes)
            .map_err(|e| Error::Cluster(format!("handshake: {e}")))
    }

    /// Checks the other end's handshake; returns its process number and what the connection
    /// carries.
    fn check_hello(&self, theirs: [u64; HELLO]) -> Result<(usize, u64), Error> {
        let mine = self.hello(DATA);
        if theirs[0] != MAGIC {
            return Err(Error::Cluster(
                "a connection that is not from a process of this search (or of another version)"
                    .into(),
            ));
        }
        if theirs[2..4] != mine[2..4] {
            return Err(Error::Cluster(format!(
                "process {} was started for {} processes x {} workers, this one for {} x {}",
                theirs[1], theirs[2], theirs[3], mine[2], mine[3]
            )));
        }
        if theirs[4] > HEARTBEAT {
            return Err(Error::Cluster(format!(
                "process {} opened a connection of an unknown kind {}",
                theirs[1], theirs[4]
            )));
        }
        Ok((theirs[1] as usize, theirs[4]))
    }
}

/// Reads a handshake (little-endian words), waiting until `deadline` at most.
fn read_words(stream: &mut TcpStream, deadline: Instant) -> Result<[u64; HELLO], Error> {
    let wait = deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(100));
    stream
        .set_read_timeout(Some(wait))
        .map_err(|e| Error::Cluster(format!("socket: {e}")))?;
    let mut bytes = [0u8; 8 * HELLO];
    stream.read_exact(&mut bytes).map_err(|e| {
        Error::Cluster(format!(
            "handshake with another process failed: {e} (is every process of the same version?)"
        ))
    })?;
    Ok(std::array::from_fn(|i| {
        u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().unwrap())
    }))
}

/// Connects to `address`, retrying every 50 ms until `deadline` (the other process may not
/// have started yet).
fn connect_until(address: &str, deadline: Instant) -> std::io::Result<TcpStream> {
    loop {
        let attempt = address.to_socket_addrs().and_then(|mut addrs| {
            let addr = addrs.next().ok_or_else(|| {
                std::io::Error::new(std::io::ErrorKind::NotFound, "no such address")
            })?;
            let left = deadline
                .saturating_duration_since(Instant::now())
                .max(Duration::from_millis(10));
            TcpStream::connect_timeout(&addr, left)
        });
        match attempt {
            Ok(stream) => return Ok(stream),
            Err(e) if Instant::now() >= deadline => return Err(e),
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}
