//! [`MemoryPlan`]: how a search on disk shares what the process may take between the mail,
//! the table's changed pages and the pages the kernel keeps.

use std::path::Path;

/// What a search on disk keeps in memory, from what the process may take: a quarter for the
/// mail (shared by the threads: an eighth of a thread's share for the pairs it gathers before it
/// hands them over, a quarter for the encoded mail it keeps before it writes a run, which may
/// take twice that with its vectors' slack), and half of what is left beside the search's
/// bitmaps (`len / 256` bytes) for the table's changed pages; the rest for the pages read,
/// which the kernel drops as it needs.
pub(crate) struct MemoryPlan {
    /// The bytes of changed pages at most, `None` when no limit is known.
    pub(crate) pages: Option<u64>,
    /// Pairs of mail a thread gathers before it hands them to the runs (16 bytes each).
    pub(crate) spill_at: usize,
    /// Bytes of encoded mail a thread keeps before it writes a run.
    pub(crate) run_bytes: usize,
}

impl MemoryPlan {
    pub(crate) fn new(dir: &Path, len: u64, threads: usize) -> Self {
        let allowed = memory::budget().map(|budget| budget.allowed);
        let mail = allowed.unwrap_or(1 << 32) / 4;
        let share = mail / threads.max(1) as u64;
        #[cfg_attr(not(test), allow(unused_mut))]
        let mut plan = MemoryPlan {
            pages: allowed.map(|allowed| allowed.saturating_sub(len / 256 + mail) / 2),
            spill_at: (share / 8 / 16).clamp(1 << 12, 1 << 20) as usize,
            run_bytes: (share / 4).clamp(1 << 20, 1 << 28) as usize,
        };
        #[cfg(test)]
        if let Some((spill_at, run_bytes)) = crate::hooks::hooks(dir).spill {
            (plan.spill_at, plan.run_bytes) = (spill_at, run_bytes);
        }
        let _ = dir;
        plan
    }
}
