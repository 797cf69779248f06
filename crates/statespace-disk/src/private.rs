//! [`Private`]: the search's table as a private mapping of its file, written back by the search
//! itself, a page at a time, only the pages it changed.
//!
//! A shared mapping lets the kernel write a changed page back whenever it likes: with the
//! table larger than memory the writeback threshold is always reached, so a page the search
//! goes on changing is written again and again (`docs/performance.md` has the figures). Here a
//! change lands in the process's own copy of the page
//! (the kernel copies it on the first write, and never writes it to the file), and the search
//! writes the page to the file when it lets its segment go, or at a checkpoint: once.

use std::fs::File;
use std::io;
use std::os::unix::fs::FileExt;
use std::sync::atomic::{AtomicU64, Ordering};

/// log2 of the words of a page (4 KiB): the unit written back.
pub(crate) const PAGE_SHIFT: u32 = 9;

/// A file of words mapped privately: reads come from the file, writes stay in memory until
/// [`Private::write_back`] writes them.
pub(crate) struct Private {
    map: memmap2::MmapMut,
    pub(crate) words: usize,
    file: File,
    /// A bit per page: changed since it was last written to the file.
    changed: Vec<AtomicU64>,
    /// The pages changed and not yet written: the memory the copies take.
    count: AtomicU64,
}

impl Private {
    /// Maps the first `words` words of `file` (which is at least that long).
    pub(crate) fn new(file: &File, words: usize) -> io::Result<Self> {
        let map = if words == 0 {
            memmap2::MmapMut::map_anon(8)?
        } else {
            // SAFETY: the file is this search's own, in its own folder, and no other process is
            // meant to change it while it is mapped: the checkpoint discipline says so in the
            // docs. A private mapping never writes to it.
            //
            // No memory is reserved for the copies (`MAP_NORESERVE`): the kernel would count
            // the whole table against memory and refuse a table larger than it, where the
            // search keeps at most its budget of changed pages.
            #[allow(unsafe_code)]
            unsafe {
                memmap2::MmapOptions::new()
                    .len(words * 8)
                    .no_reserve_swap()
                    .map_copy(file)?
            }
        };
        if words > 0 {
            // No reading around a page touched: the search asks for what it needs a segment
            // at a time ([`Private::will_need`]), and a fault elsewhere (a successor's word
            // read to see it reached) needs its page only.
            map.advise(memmap2::Advice::Random)?;
        }
        let pages = words.div_ceil(1 << PAGE_SHIFT);
        Ok(Self {
            map,
            words,
            file: file.try_clone()?,
            changed: (0..pages.div_ceil(64)).map(|_| AtomicU64::new(0)).collect(),
            count: AtomicU64::new(0),
        })
    }

    /// The words, as atomics (the engine's plain loads and stores).
    #[inline(always)]
    pub(crate) fn words(&self) -> &[AtomicU64] {
        assert!(self.map.len() >= self.words * 8);
        // SAFETY: a mapping starts on a page, so the pointer is aligned for u64; `AtomicU64`
        // has the size and alignment of `u64`; the bytes are `words * 8` long and live as long
        // as `self`; every access through the slice is atomic, and nothing in this process
        // reads or writes the mapping's bytes otherwise (no `&[u8]` of them is ever made).
        #[allow(unsafe_code)]
        unsafe {
            std::slice::from_raw_parts(self.map.as_ptr().cast::<AtomicU64>(), self.words)
        }
    }

    /// Notes that `word` is about to be written: its page is written back later.
    #[inline(always)]
    pub(crate) fn mark(&self, word: usize) {
        let page = word >> PAGE_SHIFT;
        let cell = &self.changed[page / 64];
        let bit = 1 << (page % 64);
        if cell.load(Ordering::Relaxed) & bit == 0
            && cell.fetch_or(bit, Ordering::Relaxed) & bit == 0
        {
            self.count.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// The pages changed and not yet written back.
    pub(crate) fn changed_pages(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    /// Writes the changed pages among the words `start..end` (whole pages) to the file and
    /// drops every copy of their pages from memory (the next read finds them in the file). No
    /// thread may read or write those pages meanwhile.
    pub(crate) fn write_back(&self, start: usize, end: usize) -> io::Result<()> {
        self.write_changed(start, end, false)?;
        self.discard(start, end);
        Ok(())
    }

    /// Writes the changed pages among the words `start..end` to the file and drops their
    /// copies (and only theirs) from memory. No thread may write those words meanwhile.
    pub(crate) fn write_back_changed(&self, start: usize, end: usize) -> io::Result<()> {
        self.write_changed(start, end, true)
    }

    /// Writes the changed pages among the words `start..end` to the file; their copies are
    /// dropped when `drop`, and otherwise stay, the same as the file's pages now. No thread may
    /// write those words meanwhile.
    fn write_changed(&self, start: usize, end: usize, drop: bool) -> io::Result<()> {
        let end = end.min(self.words);
        if start >= end {
            return Ok(());
        }
        let first = start >> PAGE_SHIFT;
        let last = (end - 1) >> PAGE_SHIFT;
        let mut page = first;
        let mut buffer = Vec::new();
        while page <= last {
            if !self.is_changed(page) {
                page += 1;
                continue;
            }
            // A run of changed pages, written in one call.
            let run = page;
            while page <= last && self.is_changed(page) {
                page += 1;
            }
            let from = run << PAGE_SHIFT;
            let to = (page << PAGE_SHIFT).min(self.words);
            buffer.clear();
            buffer.extend(
                self.words()[from..to]
                    .iter()
                    .flat_map(|w| w.load(Ordering::Relaxed).to_le_bytes()),
            );
            self.file.write_all_at(&buffer, from as u64 * 8)?;
            for p in run..page {
                self.changed[p / 64].fetch_and(!(1 << (p % 64)), Ordering::Relaxed);
            }
            self.count.fetch_sub((page - run) as u64, Ordering::Relaxed);
            if drop {
                self.discard(from, to);
            }
        }
        Ok(())
    }

    /// Writes every changed page to the file (their copies stay, the same as the file's pages
    /// now). No thread may write meanwhile.
    pub(crate) fn write_back_all(&self) -> io::Result<()> {
        for (i, cell) in self.changed.iter().enumerate() {
            if cell.load(Ordering::Relaxed) != 0 {
                let start = (i * 64) << PAGE_SHIFT;
                self.write_changed(start, start + (64 << PAGE_SHIFT), false)?;
            }
        }
        Ok(())
    }

    /// Makes the unchanged pages of the words `start..end` (whole pages that no other thread
    /// writes meanwhile; a read meanwhile costs its fault) the process's own copies at once,
    /// read from the file: a
    /// store into a page mapped from the file (read before) faults, and the fault flushes the
    /// page's old mapping from every core's TLB, an interrupt to the other cores for each
    /// page (`docs/performance.md` has what that cost); here the mappings go at once, one
    /// flush for a run of pages, and the copies are made with no mapping to flush. What
    /// memory the copies take is the caller's to count.
    pub(crate) fn own(&self, start: usize, end: usize) {
        let end = end.min(self.words);
        if start >= end {
            return;
        }
        let last = (end - 1) >> PAGE_SHIFT;
        let mut page = start >> PAGE_SHIFT;
        while page <= last {
            if self.is_changed(page) {
                page += 1;
                continue;
            }
            let run = page;
            while page <= last && !self.is_changed(page) {
                page += 1;
            }
            let (from, to) = (run << PAGE_SHIFT, (page << PAGE_SHIFT).min(self.words));
            self.discard(from, to);
            self.advise(from, to, libc::MADV_POPULATE_WRITE);
        }
    }

    /// Writes every changed page to the file and waits for the disk to have the file.
    pub(crate) fn flush(&self) -> io::Result<()> {
        self.write_back_all()?;
        self.file.sync_data()
    }

    /// Asks the kernel to read the words `start..end` from the file, without waiting.
    pub(crate) fn will_need(&self, start: usize, end: usize) {
        self.advise(start, end, libc::MADV_WILLNEED);
    }

    fn is_changed(&self, page: usize) -> bool {
        self.changed[page / 64].load(Ordering::Relaxed) >> (page % 64) & 1 == 1
    }

    /// Drops the process's copies of the words `start..end` (whole pages), the same as the
    /// file's (written to it already, or never changed): the next read of them maps the
    /// file's pages again.
    fn discard(&self, start: usize, end: usize) {
        self.advise(start, end, libc::MADV_DONTNEED);
    }

    /// `madvise(advice)` on the pages of the words `start..end`.
    fn advise(&self, start: usize, end: usize, advice: libc::c_int) {
        let start = start >> PAGE_SHIFT << PAGE_SHIFT;
        let end = end.min(self.words);
        if start < end {
            // SAFETY: the range lies within the mapping and starts on a page (a multiple of 512
            // words, the mapping starting on a page). The advice changes what is in memory,
            // never the bytes: `WILLNEED` reads ahead, `POPULATE_WRITE` copies the file's pages
            // (as a store would), and `DONTNEED` is given only for pages the same as the
            // file's. A failure costs time or memory, never data.
            #[allow(unsafe_code)]
            unsafe {
                libc::madvise(
                    self.map.as_ptr().add(start * 8).cast_mut().cast(),
                    (end - start) * 8,
                    advice,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests;
