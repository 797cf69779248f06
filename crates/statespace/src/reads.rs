//! [`Reads`]: how a two-bit search reads the words of the successors it generates state by
//! state, at once or gathered with their words prefetched, chosen by trying both.

use std::time::Duration;

/// Tables of more than this many states (16 MiB of codes) start their trial gathered, smaller
/// ones read at once: the way more likely to win goes first, and stays when no level is large
/// enough to time.
const CACHED_STATES: u64 = 1 << 26;

/// What makes a level large enough for its time to count in the trial: work (successors or
/// states, as the search counts it) of at least `len / 2^LARGE_SHIFT` and [`MIN_WORK`], and
/// at least [`MIN_TIME`]. A smaller level keeps its words in the caches whichever way it reads,
/// and its time is mostly the level's fixed costs: it would tell nothing, or the wrong thing.
/// A larger bound costs more where one way is much slower: the trial spends a level in it,
/// and on several threads, reading at once a space whose moves land anywhere makes a level
/// take several times as long as gathered (the threads' atomic `or`s fight over the same
/// lines of reached bits). With the earlier bounds (`len / 2^8` and ten times [`MIN_TIME`])
/// that one level cost a search of a few million such states on two threads much of what the
/// second thread gained (measured in `docs/performance.md`: the read trial on sizes the bench
/// did not cover).
const LARGE_SHIFT: u32 = 10;
const MIN_WORK: u64 = 1 << 14;
const MIN_TIME: Duration = Duration::from_millis(2);

/// How a two-bit search reads the words of successors generated state by state: each one at
/// once (a load that may wait on memory), or, for those far from the block being expanded,
/// gathered in a batch with their words prefetched and read a batch at a time (the loads
/// overlap, at the cost of a store and a load a successor). Which pays depends on the space and
/// the machine, not on the table's length alone: 11 pancakes (costly moves that land
/// anywhere) run faster gathered, a hypercube of 2^27 states (cheap bit flips) faster at once
/// (measured in `docs/performance.md`). So a search tries both: the first large level one way,
/// the next the other, and keeps the way whose work cost less time, for the rest of the search.
///
/// Shared by [`TwoBitSearch`](crate::TwoBitSearch) and `statespace_timely` (each worker
/// tries for its own slice).
///
/// ```
/// use std::time::Duration;
/// use statespace::block::Reads;
///
/// let mut reads = Reads::new(1 << 30, None);
/// assert!(reads.gathers()); // a large table starts gathered
/// // A large level gathered, on one thread...
/// assert!(reads.measured(Duration::from_millis(100), 10_000_000, 1));
/// assert!(!reads.gathers()); // ...so the next one is read at once:
/// // Half the time a successor: reading at once wins, and stays.
/// reads.measured(Duration::from_millis(50), 10_000_000, 1);
/// assert!(!reads.gathers());
/// assert!(!reads.measured(Duration::from_millis(900), 10_000_000, 1)); // decided
/// assert!(!Reads::new(1 << 20, None).gathers()); // a small table starts reading at once
/// assert!(Reads::new(1 << 20, Some(false)).gathers()); // as asked
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Reads {
    len: u64,
    state: State,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    /// Decided (or asked for): gathered or not.
    Decided(bool),
    /// Trying: the next large level is read gathered or not; `other` is the time a unit of
    /// work took the other way (in picoseconds), once tried.
    Trying { gathers: bool, other: Option<u128> },
}

impl Reads {
    /// The reads of a table of `len` states: `cached` as asked (`Some(true)`: at once,
    /// `Some(false)`: gathered), or by trial (`None`).
    ///
    /// ```
    /// use statespace::block::Reads;
    ///
    /// assert!(Reads::new(1 << 30, None).gathers()); // by trial: a large table starts gathered
    /// assert!(!Reads::new(1 << 20, None).gathers()); // and a small one reading at once
    /// assert!(!Reads::new(1 << 30, Some(true)).gathers()); // as asked: at once, for good
    /// ```
    pub fn new(len: u64, cached: Option<bool>) -> Self {
        let state = match cached {
            Some(cached) => State::Decided(!cached),
            None => State::Trying {
                gathers: len > CACHED_STATES,
                other: None,
            },
        };
        Self { len, state }
    }

    /// Whether the next level gathers far successors.
    ///
    /// ```
    /// use std::time::Duration;
    /// use statespace::block::Reads;
    ///
    /// let mut reads = Reads::new(1 << 30, None);
    /// assert!(reads.gathers());
    /// reads.measured(Duration::from_millis(100), 10_000_000, 1); // a large level, gathered
    /// assert!(!reads.gathers()); // the next one tries reading at once
    /// ```
    pub fn gathers(&self) -> bool {
        match self.state {
            State::Decided(gathers) | State::Trying { gathers, .. } => gathers,
        }
    }

    /// Takes a level's time on `threads` threads and the work it did (successors generated,
    /// or states expanded: any count proportional to the level's reads, the same every
    /// level); whether the way of reading changes for the next level.
    ///
    /// ```
    /// use std::time::Duration;
    /// use statespace::block::Reads;
    ///
    /// let mut reads = Reads::new(1 << 30, None);
    /// // A level too small to tell anything changes nothing.
    /// assert!(!reads.measured(Duration::from_micros(10), 100, 1));
    /// // Two large levels, gathered then at once, the second half as long a successor.
    /// assert!(reads.measured(Duration::from_millis(100), 10_000_000, 1));
    /// assert!(!reads.measured(Duration::from_millis(50), 10_000_000, 1));
    /// assert!(!reads.gathers()); // at once, from now on
    /// assert!(!reads.measured(Duration::from_millis(900), 10_000_000, 1));
    /// ```
    pub fn measured(&mut self, time: Duration, work: u64, threads: usize) -> bool {
        let State::Trying { gathers, other } = self.state else {
            return false;
        };
        if work < (self.len >> LARGE_SHIFT).max(MIN_WORK) || time < MIN_TIME {
            return false;
        }
        let cost = time.as_nanos() * 1000 * threads.max(1) as u128 / u128::from(work);
        self.state = match other {
            None => State::Trying {
                gathers: !gathers,
                other: Some(cost),
            },
            // This way is kept when it cost no more than the other.
            Some(other) => State::Decided((cost <= other) == gathers),
        };
        self.gathers() != gathers
    }
}

#[cfg(test)]
mod tests;
