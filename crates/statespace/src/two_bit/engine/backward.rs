//! A level run backward ([`Level::backward`]): each unreached state looks for a successor in
//! the level, in a space whose moves can be undone.

use std::sync::atomic::Ordering;

use super::level::*;
use super::worker::*;
use crate::space::Space;
use crate::two_bit::table::{UNSEEN, Weight, check_bound};

impl<S: Space + Sync, W: Weight> Level<'_, '_, S, W> {
    /// The level run backward on the calling thread: segments claimed in turn, and in each,
    /// every unreached state looks through its successors (the same as its predecessors in a
    /// [`Space::reversible`] space) for one with the level's code, and takes the next code
    /// when it finds one. A thread writes only the words of the segments it claims, a word
    /// at a time; the others only read them, and a code written now (the next level's) is
    /// never the one they look for, so no segment is held.
    ///
    /// Each state's successors are read one after another, stopping at the first in the level:
    /// most states stop at one of their first few, so prefetching them all first does not pay
    /// (measured in docs/performance.md).
    pub(super) fn backward(&self, worker: &mut Worker) {
        let shared = self.shared;
        let table = shared.table;
        let len = shared.len;
        let shift = shared.layout.segment_words_shift();
        let code = self.code;
        loop {
            let segment = shared.claim.0.fetch_add(1, Ordering::Relaxed);
            if segment >= shared.layout.segments || shared.failed.load(Ordering::Relaxed) {
                break;
            }
            let start = (segment << shift).min(table.len());
            let end = ((segment + 1) << shift).min(table.len());
            for (word, cell) in table.iter().enumerate().take(end).skip(start) {
                let codes = cell.load(Ordering::Relaxed);
                let first = (word as u64) << 5;
                // The low bit of each unreached state's field, none past the space's end.
                let mut unseen = codes & codes >> 1 & 0x5555_5555_5555_5555;
                if len - first < 32 {
                    unseen &= (1u64 << (2 * (len - first))) - 1;
                }
                let mut new = 0u64;
                while unseen != 0 {
                    let bit = unseen.trailing_zeros();
                    unseen &= unseen - 1;
                    let state = first + u64::from(bit / 2);
                    let hit = shared.space.any_successor(state, |succ| {
                        check_bound(state, succ, len);
                        let codes = table[(succ >> 5) as usize].load(Ordering::Relaxed);
                        codes >> (2 * (succ & 31)) & UNSEEN == code
                    });
                    new |= u64::from(hit) << bit;
                }
                if new != 0 {
                    cell.store(
                        codes & !(new * (UNSEEN ^ self.next_code)),
                        Ordering::Relaxed,
                    );
                    worker.found += shared.weight.of_fields(first, new);
                }
            }
        }
    }
}
