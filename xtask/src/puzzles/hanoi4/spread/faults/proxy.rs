//! A TCP proxy between two processes of a spread search, for the faults a kernel without
//! `tc netem` cannot make: every byte each way delayed, the link throttled, or everything
//! stalled from a moment the caller picks ([`Proxy::stall`]: connections left open, nothing
//! forwarded).

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What the proxy does to the bytes.
#[derive(Clone, Copy, Debug)]
pub enum Mode {
    /// Each piece forwarded this long after it arrived (throughput kept: a delay line).
    Delay(Duration),
    /// At most this many bytes a second each way.
    Throttle(u64),
}

/// A running proxy; dropping it closes every connection.
pub struct Proxy {
    /// Where the proxied process connects.
    pub address: String,
    stop: Arc<AtomicBool>,
    stalled: Arc<AtomicBool>,
    accept: Option<JoinHandle<()>>,
}

impl Proxy {
    /// Listens on a free loopback port and forwards each connection to `target` (retried
    /// until it listens: the target process may start later), in `mode`.
    pub fn start(target: String, mode: Mode) -> Result<Self, String> {
        let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("proxy: {e}"))?;
        let address = listener
            .local_addr()
            .map_err(|e| format!("proxy: {e}"))?
            .to_string();
        listener
            .set_nonblocking(true)
            .map_err(|e| format!("proxy: {e}"))?;
        let stop = Arc::new(AtomicBool::new(false));
        let stalled = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let stall = Arc::clone(&stalled);
        let accept = std::thread::spawn(move || {
            let mut pumps = Vec::new();
            while !flag.load(Ordering::Relaxed) {
                match listener.accept() {
                    Ok((client, _)) => {
                        if let Some(server) = connect(&target, &flag) {
                            let _ = client.set_nonblocking(false);
                            pumps.extend(pair(client, server, mode, &flag, &stall));
                        }
                    }
                    Err(e) if e.kind() == ErrorKind::WouldBlock => {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    Err(_) => break,
                }
            }
            for pump in pumps {
                let _ = pump.join();
            }
        });
        Ok(Self {
            address,
            stop,
            stalled,
            accept: Some(accept),
        })
    }

    /// From now on nothing is forwarded either way; the connections stay open.
    pub fn stall(&self) {
        self.stalled.store(true, Ordering::SeqCst);
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(accept) = self.accept.take() {
            let _ = accept.join();
        }
    }
}

/// Connects to `target`, retrying for a minute.
fn connect(target: &str, stop: &AtomicBool) -> Option<TcpStream> {
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline && !stop.load(Ordering::Relaxed) {
        if let Ok(stream) = TcpStream::connect(target) {
            return Some(stream);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

/// The two pumps of one connection.
fn pair(
    client: TcpStream,
    server: TcpStream,
    mode: Mode,
    stop: &Arc<AtomicBool>,
    stalled: &Arc<AtomicBool>,
) -> Vec<JoinHandle<()>> {
    let (Ok(client2), Ok(server2)) = (client.try_clone(), server.try_clone()) else {
        return Vec::new();
    };
    [(client, server2), (server, client2)]
        .into_iter()
        .map(|(from, to)| {
            let (stop, stalled) = (Arc::clone(stop), Arc::clone(stalled));
            std::thread::spawn(move || pump(from, to, mode, &stop, &stalled))
        })
        .collect()
}

/// Forwards `from` to `to` in `mode` until either end closes or the proxy stops.
fn pump(mut from: TcpStream, to: TcpStream, mode: Mode, stop: &AtomicBool, stalled: &AtomicBool) {
    let _ = from.set_read_timeout(Some(Duration::from_millis(50)));
    let _ = to.set_nodelay(true);
    let (pieces, arriving) = channel::<(Instant, Vec<u8>)>();
    // The sending half: waits out each piece's delay (zero but in Delay mode), then writes.
    let delay = match mode {
        Mode::Delay(delay) => delay,
        _ => Duration::ZERO,
    };
    let mut writer = match to.try_clone() {
        Ok(writer) => writer,
        Err(_) => return,
    };
    let sender = std::thread::spawn(move || {
        loop {
            match arriving.recv_timeout(Duration::from_millis(50)) {
                Ok((at, bytes)) => {
                    let due = at + delay;
                    if let Some(wait) = due.checked_duration_since(Instant::now()) {
                        std::thread::sleep(wait);
                    }
                    if writer.write_all(&bytes).is_err() {
                        return;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    let _ = writer.shutdown(Shutdown::Write);
                    return;
                }
            }
        }
    });
    let mut buffer = vec![0u8; 64 << 10];
    while !stop.load(Ordering::Relaxed) {
        if stalled.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(50));
            continue;
        }
        let limit = match mode {
            // A twentieth of a second's bytes at a time, then the rest of that twentieth.
            Mode::Throttle(rate) => (rate / 20).clamp(1, buffer.len() as u64) as usize,
            _ => buffer.len(),
        };
        let piece_started = Instant::now();
        match from.read(&mut buffer[..limit]) {
            Ok(0) => break,
            Ok(n) => {
                if pieces.send((Instant::now(), buffer[..n].to_vec())).is_err() {
                    break;
                }
                if let Mode::Throttle(rate) = mode {
                    let share = Duration::from_secs_f64(n as f64 / rate as f64);
                    if let Some(wait) = share.checked_sub(piece_started.elapsed()) {
                        std::thread::sleep(wait);
                    }
                }
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => break,
        }
    }
    drop(pieces);
    let _ = sender.join();
    if stop.load(Ordering::Relaxed) {
        let _ = from.shutdown(Shutdown::Both);
        let _ = to.shutdown(Shutdown::Both);
    }
}
