//! How the threads meet and share: the [`Barrier`] three times a level, the flags that say
//! which segments a thread holds ([`Holds`]), and values alone on their cache lines
//! ([`Padded`]).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long a thread at a [`Barrier`] spins before it sleeps, when every thread has a core of
/// its own: the levels of small tables are a few milliseconds long, and a thread that falls
/// asleep at each of their three barriers costs a wake-up each time (a shorter spin was slower
/// on the 14-disc quotient on two threads: measured in docs/performance.md).
pub(super) const SPIN: Duration = Duration::from_millis(2);

/// How long a thread at a [`Barrier`] spins before it sleeps when there are more threads than
/// cores: a spinning thread would then hold a core that a working one needs.
pub(super) const SHORT_SPIN: Duration = Duration::from_micros(50);

/// The meeting point of the search's threads, three times a level. A thread that arrives
/// early spins for up to [`SPIN`] before it sleeps: the phases of a level mostly end within
/// microseconds of each other, and waking a sleeping thread costs tens to hundreds of
/// microseconds on a virtual machine (measured at 13 discs with a sleeping hand-over: see
/// docs/performance.md).
pub(super) struct Barrier {
    pub(super) threads: AtomicUsize,
    /// How long a thread spins before it sleeps.
    pub(super) spin: Duration,
    pub(super) arrived: AtomicUsize,
    pub(super) generation: AtomicUsize,
    pub(super) lock: Mutex<()>,
    pub(super) wake: Condvar,
}

impl Barrier {
    pub(super) fn new(threads: usize) -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Self {
            threads: AtomicUsize::new(threads),
            spin: if threads <= cores { SPIN } else { SHORT_SPIN },
            arrived: AtomicUsize::new(0),
            generation: AtomicUsize::new(0),
            lock: Mutex::new(()),
            wake: Condvar::new(),
        }
    }

    /// Returns once every thread has called it (as many times).
    pub(super) fn wait(&self) {
        let threads = self.threads.load(Ordering::Acquire);
        if threads == 1 {
            return;
        }
        // The generation cannot change before this thread arrives.
        let generation = self.generation.load(Ordering::Acquire);
        if self.arrived.fetch_add(1, Ordering::AcqRel) + 1 == threads {
            // Reset before the release: no thread arrives again before it sees the new
            // generation, which the release store orders after the reset.
            self.arrived.store(0, Ordering::Relaxed);
            let _guard = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
            self.generation
                .store(generation.wrapping_add(1), Ordering::Release);
            self.wake.notify_all();
            return;
        }
        let start = Instant::now();
        let mut spins = 0u32;
        while self.generation.load(Ordering::Acquire) == generation {
            spins = spins.wrapping_add(1);
            if spins.is_multiple_of(64) && start.elapsed() > self.spin {
                let mut guard = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
                while self.generation.load(Ordering::Acquire) == generation {
                    guard = self
                        .wake
                        .wait(guard)
                        .unwrap_or_else(PoisonError::into_inner);
                }
                return;
            }
            std::hint::spin_loop();
        }
    }

    /// One thread fewer to wait for: a thread that could not be started. Called by the
    /// calling thread before it first waits (the others cannot complete a wait without it).
    pub(super) fn leave(&self) {
        self.threads.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A value alone on its cache lines (two, as a line's neighbour is fetched with it).
#[repr(align(128))]
pub(super) struct Padded<T>(pub(super) T);

/// Per segment, whether a thread holds it: the one expanding it, or one writing a successor
/// into it for a moment (see [`Holds::try_hold`]).
///
/// Each flag is alone on its cache lines: threads take and let go of them at every bucket of
/// far successors, and flags sharing a line would send it from core to core each time.
pub(super) struct Holds(pub(super) Vec<Padded<AtomicBool>>);

impl Holds {
    pub(super) fn new(segments: usize) -> Self {
        Self(
            (0..segments)
                .map(|_| Padded(AtomicBool::new(false)))
                .collect(),
        )
    }

    /// Holds `segment` for the thread that claimed it, waiting for a thread that writes into it
    /// for a moment to let go.
    pub(super) fn hold(&self, segment: usize) -> Held<'_> {
        let flag = &self.0[segment].0;
        let mut spins = 0u32;
        while flag.swap(true, Ordering::Acquire) {
            spins = spins.wrapping_add(1);
            if spins.is_multiple_of(1024) {
                // The writer may have lost its core (more threads than cores): give it back.
                std::thread::yield_now();
            } else {
                std::hint::spin_loop();
            }
        }
        Held(flag)
    }

    /// Holds `segment` when no thread does, for a write into it: a successor outside the
    /// segment a thread expands is written at once unless another thread holds its segment,
    /// which saves mailing it (a far move mostly lands in a segment already expanded or not yet
    /// claimed in the level: mailing them all took more memory at 19 discs).
    #[inline]
    pub(super) fn try_hold(&self, segment: usize) -> Option<Held<'_>> {
        let flag = &self.0[segment].0;
        // `then`, not `then_some`: a `Held` made and dropped when the flag was taken already
        // would let go of another thread's segment.
        (!flag.swap(true, Ordering::Acquire)).then(|| Held(flag))
    }
}

/// A segment held by the calling thread, let go when dropped (also when a space or a weight
/// panics, so no thread waits for it).
pub(super) struct Held<'s>(pub(super) &'s AtomicBool);

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}
