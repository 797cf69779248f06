//! [`Resident`]: the segments the search entered, in the order it last used them, so that the
//! store writes back the changed pages of the one used longest ago (that no thread holds) when
//! memory runs short.
//!
//! Levels claim their segments in alternate directions, so the segments a level starts with
//! are those the last one left in memory.

use std::collections::VecDeque;
use std::sync::Mutex;

/// The segments entered, in the order in which they were last used.
pub(crate) struct Resident {
    inner: Mutex<Lru>,
}

struct Lru {
    /// For each segment, when it was last entered (0: let go since, or never entered).
    stamp: Vec<u64>,
    /// Whether a thread holds the segment (entered and not yet done with).
    held: Vec<bool>,
    /// The segments in the order they were entered, with the stamp of that entry: an entry
    /// whose stamp is no longer the segment's is stale and skipped.
    order: VecDeque<(usize, u64)>,
    /// The segments entered and not let go.
    count: usize,
    clock: u64,
}

impl Resident {
    /// `segments` segments, none entered.
    pub(crate) fn new(segments: usize) -> Self {
        Self {
            inner: Mutex::new(Lru {
                stamp: vec![0; segments],
                held: vec![false; segments],
                order: VecDeque::new(),
                count: 0,
                clock: 0,
            }),
        }
    }

    /// A thread takes `segment`; then, while `over` says that the segments entered and not
    /// let go (their number given) take too much memory, the segment used longest ago that no
    /// thread holds is let go and handed to `evict` (under the lock, so that no thread enters
    /// it while it is written back). Returns whether `segment` was let go before (or never
    /// entered): its pages are not the process's own yet.
    pub(crate) fn enter<E>(
        &self,
        segment: usize,
        over: impl Fn(usize) -> bool,
        mut evict: impl FnMut(usize) -> Result<(), E>,
    ) -> Result<bool, E> {
        let mut lru = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let lru = &mut *lru;
        lru.clock += 1;
        let new = lru.stamp[segment] == 0;
        if new {
            lru.count += 1;
        }
        lru.stamp[segment] = lru.clock;
        lru.held[segment] = true;
        lru.order.push_back((segment, lru.clock));
        // Stale entries pile up when segments are entered again before they are let go.
        if lru.order.len() > 4 * lru.count + 1024 {
            let stamp = &lru.stamp;
            lru.order.retain(|&(s, t)| stamp[s] == t);
        }
        while over(lru.count) {
            let Some(oldest) = lru.oldest() else {
                break;
            };
            evict(oldest)?;
        }
        Ok(new)
    }

    /// The thread that entered `segment` is done with it (a segment never entered: nothing).
    pub(crate) fn leave(&self, segment: usize) {
        let mut lru = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(held) = lru.held.get_mut(segment) {
            *held = false;
        }
    }

    /// The segments entered and not let go, from the one used longest ago.
    #[cfg(test)]
    fn entered(&self) -> Vec<usize> {
        let lru = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let mut entered: Vec<usize> = (0..lru.stamp.len())
            .filter(|&s| lru.stamp[s] != 0)
            .collect();
        entered.sort_by_key(|&s| lru.stamp[s]);
        entered
    }
}

impl Lru {
    /// The segment used longest ago that no thread holds, let go (`None` when every segment
    /// entered is held).
    fn oldest(&mut self) -> Option<usize> {
        let mut skipped = Vec::new();
        let mut found = None;
        while let Some((segment, stamp)) = self.order.pop_front() {
            if self.stamp[segment] != stamp {
                continue;
            }
            if self.held[segment] {
                skipped.push((segment, stamp));
                continue;
            }
            self.stamp[segment] = 0;
            self.count -= 1;
            found = Some(segment);
            break;
        }
        // Held segments keep their place at the front.
        for entry in skipped.into_iter().rev() {
            self.order.push_front(entry);
        }
        found
    }
}

#[cfg(test)]
mod tests;
