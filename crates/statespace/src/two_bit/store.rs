//! [`TableStore`]: codes of a two-bit search kept somewhere other than this process's memory
//! (a file mapped into memory, in `statespace-disk`), and what the search tells such a store so
//! that it can take checkpoints and go on after a stop ([`Resume`]).

use std::sync::atomic::AtomicU64;

/// The words of a [`TwoBitTable`](crate::TwoBitTable) kept by someone else, and the search's
/// calls that let the keeper save and restore them: the out-of-core search of
/// `statespace-disk` maps a file and keeps an undo log, through this trait, while this crate
/// does no I/O.
///
/// A search run with a store ([`TwoBitSearch::run_in`](crate::TwoBitSearch::run_in)) writes a
/// word only to reach new states in it, calling [`TableStore::before_write`] first; a store
/// that must stop the search (a write that failed) unwinds from any of its calls with a payload
/// of its own (`std::panic::resume_unwind`, no message printed), which `run_in` raises again
/// once every thread has stopped.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use std::sync::{Arc, Mutex};
/// use statespace::backend::{LevelStart, Resume, TableStore};
/// use statespace::{TwoBitSearch, from_fn};
///
/// /// Codes in memory, and a checkpoint taken at the start of level 3: what a resume needs,
/// /// with the words as they were then.
/// struct Memory {
///     words: Vec<AtomicU64>,
///     checkpoint: Arc<Mutex<Option<(Resume, Vec<u64>)>>>,
/// }
///
/// impl TableStore for Memory {
///     fn words(&self) -> &[AtomicU64] {
///         &self.words
///     }
///     fn before_write(&self, _word: usize) {} // a store on disk would save the word first
///     fn level_start(&self, level: &LevelStart<'_>) {
///         if level.depth == 3 {
///             let resume = Resume {
///                 depth: level.depth,
///                 sizes: level.sizes.to_vec(),
///                 dirty: level.dirty.iter().map(|w| w.load(Ordering::Relaxed)).collect(),
///                 mail: level.mail.concat(),
///                 complete: level.complete,
///             };
///             let words = self.words.iter().map(|w| w.load(Ordering::Relaxed)).collect();
///             *self.checkpoint.lock().unwrap() = Some((resume, words));
///         }
///     }
/// }
///
/// let ring = from_fn(|s, visit| {
///     visit((s + 1) % 100);
///     visit((s + 99) % 100);
/// });
/// let checkpoint = Arc::new(Mutex::new(None));
/// let store = |words: Vec<u64>| {
///     let words = words.into_iter().map(AtomicU64::new).collect();
///     Box::new(Memory { words, checkpoint: Arc::clone(&checkpoint) })
/// };
/// let search = || TwoBitSearch::new(&ring, 100).sources([0]);
/// let (_, levels) = search().run_in(store(vec![!0; 4]), None)?; // 100 states: 4 words
/// assert_eq!(levels.max_distance(), 50);
/// // Going on from the checkpoint finds the same levels.
/// let (resume, words) = checkpoint.lock().unwrap().take().unwrap();
/// let (_, again) = search().run_in(store(words), Some(resume))?;
/// assert_eq!(again, levels);
/// # Ok::<(), statespace::TableAllocError>(())
/// ```
pub trait TableStore: Send + Sync {
    /// The codes: `len.div_ceil(32)` words laid out as [`TwoBitTable::words`](crate::TwoBitTable::words) says,
    /// every state unreached (all ones) in a new search.
    ///
    /// ```
    /// use std::sync::atomic::AtomicU64;
    /// use statespace::backend::{LevelStart, TableStore};
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// /// Codes in memory.
    /// struct Memory(Vec<AtomicU64>);
    /// impl TableStore for Memory {
    ///     fn words(&self) -> &[AtomicU64] {
    ///         &self.0
    ///     }
    /// #   fn before_write(&self, _: usize) {}
    /// #   fn level_start(&self, _: &LevelStart<'_>) {}
    /// }
    /// let line = from_fn(|s, visit| if s < 99 { visit(s + 1) });
    /// let store = Memory((0..4).map(|_| AtomicU64::new(!0)).collect()); // 100 states: 4 words
    /// let (table, _) = TwoBitSearch::new(&line, 100).sources([0]).run_in(Box::new(store), None)?;
    /// // The search wrote each state's distance mod 3 into the store's words.
    /// assert_eq!(table.words().len(), 4);
    /// assert_eq!((table.code(0), table.code(50), table.code(98)), (Some(0), Some(2), Some(2)));
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    fn words(&self) -> &[AtomicU64];

    /// Called before new states are written into `word`, by the one thread that may write it:
    /// no two threads write into the same aligned run of
    /// [`TwoBitSearch::exclusive_words`](crate::TwoBitSearch::exclusive_words) words at once.
    ///
    /// ```
    /// use std::sync::Mutex;
    /// use std::sync::atomic::AtomicU64;
    /// use statespace::backend::{LevelStart, TableStore};
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// /// The words announced, in order.
    /// static ANNOUNCED: Mutex<Vec<usize>> = Mutex::new(Vec::new());
    /// struct Memory(Vec<AtomicU64>);
    /// impl TableStore for Memory {
    ///     fn before_write(&self, word: usize) {
    ///         ANNOUNCED.lock().unwrap().push(word); // a store on disk would save the word here
    ///     }
    /// #   fn words(&self) -> &[AtomicU64] { &self.0 }
    /// #   fn level_start(&self, _: &LevelStart<'_>) {}
    /// }
    /// // The states 0 to 40 of 100 are reached: they lie in words 0 and 1 of 4.
    /// let line = from_fn(|s, visit| if s < 40 { visit(s + 1) });
    /// let store = Memory((0..4).map(|_| AtomicU64::new(!0)).collect());
    /// let (table, _) = TwoBitSearch::new(&line, 100).sources([0]).run_in(Box::new(store), None)?;
    /// let mut announced = ANNOUNCED.lock().unwrap().clone();
    /// announced.dedup();
    /// assert_eq!(announced, [0, 1]);
    /// assert!(table.words().skip(2).all(|w| w == !0)); // the words never announced are unchanged
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    fn before_write(&self, word: usize);

    /// Called before a thread reads or writes the words `start..end` (one segment, aligned to
    /// [`TwoBitSearch::exclusive_words`](crate::TwoBitSearch::exclusive_words)) for the level:
    /// to expand their states or to apply the successors mailed to them. A store that keeps
    /// only part of the table in memory brings them in at once. Each call is followed by
    /// [`TableStore::done_with`] with the same words, by the same thread. The search reads
    /// other words only now and then (a successor's word near the block expanded, to see that
    /// it is reached), and writes none. By default, nothing.
    ///
    /// ```
    /// # use std::sync::Mutex;
    /// # use std::sync::atomic::AtomicU64;
    /// # use statespace::backend::{LevelStart, TableStore};
    /// # use statespace::{TwoBitSearch, from_fn};
    /// /// The segments entered, in order.
    /// static ENTERED: Mutex<Vec<(usize, usize)>> = Mutex::new(Vec::new());
    /// struct Memory(Vec<AtomicU64>);
    /// impl TableStore for Memory {
    ///     fn enter(&self, start: usize, end: usize) {
    ///         ENTERED.lock().unwrap().push((start, end));
    ///     }
    /// #   fn words(&self) -> &[AtomicU64] { &self.0 }
    /// #   fn before_write(&self, _: usize) {}
    /// #   fn level_start(&self, _: &LevelStart<'_>) {}
    /// }
    /// // 2^20 states in 16 segments of 2^16 states (2^11 words); a move leaps to the next segment.
    /// let leaps = from_fn(|s, visit| if s < 15 << 16 { visit(s + (1 << 16)) });
    /// let store = Box::new(Memory((0..1 << 15).map(|_| AtomicU64::new(!0)).collect()));
    /// let search = TwoBitSearch::new(&leaps, 1 << 20).sources([0]).threads(1);
    /// let (_, levels) = search.run_in(store, None)?;
    /// // Level k expands the one state of segment k, which it enters (maybe more than once).
    /// let mut entered = ENTERED.lock().unwrap().clone();
    /// entered.dedup();
    /// assert_eq!(entered, (0..16).map(|k| (k << 11, (k + 1) << 11)).collect::<Vec<_>>());
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    fn enter(&self, start: usize, end: usize) {
        let _ = (start, end);
    }

    /// Called when the search expects to enter the words `start..end` soon (a segment a few
    /// claims ahead with states to expand, or mail to apply): a store that keeps only part of
    /// the table in memory may start reading them, without waiting. By default, nothing.
    ///
    /// ```
    /// # use std::sync::Mutex;
    /// # use std::sync::atomic::AtomicU64;
    /// # use statespace::backend::{LevelStart, TableStore};
    /// # use statespace::{TwoBitSearch, from_fn};
    /// /// The calls, in order: `true` for a prefetch, `false` for an enter.
    /// static CALLS: Mutex<Vec<(bool, usize, usize)>> = Mutex::new(Vec::new());
    /// struct Memory(Vec<AtomicU64>);
    /// impl TableStore for Memory {
    ///     fn prefetch(&self, start: usize, end: usize) {
    ///         CALLS.lock().unwrap().push((true, start, end)); // a disk store starts reading
    ///     }
    /// #   fn enter(&self, start: usize, end: usize) {
    /// #       CALLS.lock().unwrap().push((false, start, end));
    /// #   }
    /// #   fn words(&self) -> &[AtomicU64] { &self.0 }
    /// #   fn before_write(&self, _: usize) {}
    /// #   fn level_start(&self, _: &LevelStart<'_>) {}
    /// }
    /// // 2^20 states in 16 segments of 2^16 states (2^11 words); a move leaps to the next segment.
    /// let leaps = from_fn(|s, visit| if s < 15 << 16 { visit(s + (1 << 16)) });
    /// let store = Box::new(Memory((0..1 << 15).map(|_| AtomicU64::new(!0)).collect()));
    /// let search = TwoBitSearch::new(&leaps, 1 << 20).sources([0]).threads(1);
    /// let (_, levels) = search.run_in(store, None)?;
    /// // Each segment asked for is entered after the request.
    /// let calls = CALLS.lock().unwrap();
    /// let asked: Vec<usize> = (0..calls.len()).filter(|&i| calls[i].0).collect();
    /// assert!(!asked.is_empty());
    /// assert!(asked.iter().all(|&i| calls[i..].contains(&(false, calls[i].1, calls[i].2))));
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    fn prefetch(&self, start: usize, end: usize) {
        let _ = (start, end);
    }

    /// Called when a thread is done with the words `start..end` for the level (it expanded
    /// their states, or applied their mail, and wrote what it found in them): a store short of
    /// memory may write them back. Called for every segment of a level's expansion, entered
    /// or not (one with nothing to expand is not entered). By default, nothing.
    ///
    /// ```
    /// # use std::sync::Mutex;
    /// # use std::sync::atomic::AtomicU64;
    /// # use statespace::backend::{LevelStart, TableStore};
    /// # use statespace::{TwoBitSearch, from_fn};
    /// /// How many times each segment was entered, and was done with.
    /// static COUNTS: Mutex<[(u32, u32); 16]> = Mutex::new([(0, 0); 16]);
    /// struct Memory(Vec<AtomicU64>);
    /// impl TableStore for Memory {
    ///     fn done_with(&self, start: usize, end: usize) {
    ///         assert_eq!(end - start, 1 << 11);
    ///         COUNTS.lock().unwrap()[start >> 11].1 += 1; // a store may write them back
    ///     }
    /// #   fn enter(&self, start: usize, _: usize) { COUNTS.lock().unwrap()[start >> 11].0 += 1 }
    /// #   fn words(&self) -> &[AtomicU64] { &self.0 }
    /// #   fn before_write(&self, _: usize) {}
    /// #   fn level_start(&self, _: &LevelStart<'_>) {}
    /// }
    /// // 2^20 states in 16 segments of 2^16 states (2^11 words); a move leaps to the next segment.
    /// let leaps = from_fn(|s, visit| if s < 15 << 16 { visit(s + (1 << 16)) });
    /// let store = Box::new(Memory((0..1 << 15).map(|_| AtomicU64::new(!0)).collect()));
    /// let search = TwoBitSearch::new(&leaps, 1 << 20).sources([0]).threads(1);
    /// let (_, levels) = search.run_in(store, None)?;
    /// // Each of the 16 levels is done with all 16 segments, the one it entered among them.
    /// let counts = *COUNTS.lock().unwrap();
    /// assert_eq!(levels.sizes().len(), 16);
    /// assert!(counts.iter().all(|&(entered, done)| entered > 0 && done == 16));
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    fn done_with(&self, start: usize, end: usize) {
        let _ = (start, end);
    }

    /// Called on the calling thread before each level is expanded, while no other thread
    /// runs, and once more when the search is over (`complete`): a store may take a checkpoint
    /// ([`LevelStart`] is what [`Resume`] needs).
    ///
    /// ```
    /// use std::sync::Mutex;
    /// use std::sync::atomic::AtomicU64;
    /// use statespace::backend::{LevelStart, TableStore};
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// /// Each level start's depth and completeness, as told.
    /// static TOLD: Mutex<Vec<(u64, bool)>> = Mutex::new(Vec::new());
    /// struct Memory(Vec<AtomicU64>);
    /// impl TableStore for Memory {
    ///     fn level_start(&self, level: &LevelStart<'_>) {
    ///         TOLD.lock().unwrap().push((level.depth, level.complete));
    ///     }
    /// #   fn words(&self) -> &[AtomicU64] { &self.0 }
    /// #   fn before_write(&self, _: usize) {}
    /// }
    /// let line = from_fn(|s, visit| if s < 2 { visit(s + 1) }); // 0 -> 1 -> 2
    /// let store = Box::new(Memory(vec![AtomicU64::new(!0)]));
    /// TwoBitSearch::new(&line, 3).sources([0]).run_in(store, None)?;
    /// assert_eq!(*TOLD.lock().unwrap(), [(0, false), (1, false), (2, false), (3, true)]);
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    fn level_start(&self, level: &LevelStart<'_>);

    /// How many pairs of mail (successors a level sends to the next one, in segments the
    /// thread does not hold: see [`LevelStart::mail`]) a thread keeps in memory before it hands
    /// them to [`TableStore::spill`]; `None` (the default): all of it stays in memory until
    /// the next level applies it, and the store's other mail methods are never called.
    ///
    /// ```
    /// # use std::sync::Mutex;
    /// # use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
    /// # use statespace::backend::{LevelStart, TableStore};
    /// # use statespace::{TwoBitSearch, from_fn};
    /// /// How many times the search called `spill`.
    /// static SPILLS: AtomicUsize = AtomicUsize::new(0);
    /// /// Codes in memory, and the mail spilled by the level before and by this one.
    /// struct Spilling(Vec<AtomicU64>, Mutex<[Vec<(u64, u64)>; 2]>);
    /// impl TableStore for Spilling {
    ///     fn spill_at(&self) -> Option<usize> {
    ///         Some(1) // every pair at once
    ///     }
    /// #   fn words(&self) -> &[AtomicU64] { &self.0 }
    /// #   fn before_write(&self, _: usize) {}
    /// #   fn level_start(&self, _: &LevelStart<'_>) {
    /// #       let mut mail = self.1.lock().unwrap();
    /// #       mail[0] = std::mem::take(&mut mail[1]); // the mail of the level before
    /// #   }
    /// #   fn spill(&self, _: usize, mail: &mut Vec<(u64, u64)>) {
    /// #       SPILLS.fetch_add(1, Ordering::Relaxed);
    /// #       self.1.lock().unwrap()[1].append(mail);
    /// #   }
    /// #   fn spilled_any(&self) -> bool {
    /// #       !self.1.lock().unwrap()[1].is_empty() // before `level_start` takes it as the last
    /// #   }
    /// #   fn has_spilled(&self, start: usize, end: usize) -> bool {
    /// #       self.1.lock().unwrap()[0].iter().any(|&(w, _)| (start..end).contains(&(w as usize)))
    /// #   }
    /// #   fn spilled(&self, start: usize, end: usize, visit: &mut dyn FnMut(u64, u64)) {
    /// #       for &(w, fields) in &self.1.lock().unwrap()[0] {
    /// #           if (start..end).contains(&(w as usize)) {
    /// #               visit(w, fields);
    /// #           }
    /// #       }
    /// #   }
    /// }
    /// // 2^20 states in 16 segments; a move leaps to the next segment, so each level mails it.
    /// let leaps = from_fn(|s, visit| if s < 15 << 16 { visit(s + (1 << 16)) });
    /// let store = Spilling((0..1 << 15).map(|_| AtomicU64::new(!0)).collect(), Mutex::default());
    /// let search = TwoBitSearch::new(&leaps, 1 << 20).sources([0]);
    /// let (_, levels) = search.run_in(Box::new(store), None)?;
    /// assert_eq!(levels.sizes(), [1; 16]); // every level found: its mail came back
    /// // Each level but the last mails its one successor, at once.
    /// assert_eq!(SPILLS.load(Ordering::Relaxed), 15);
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    fn spill_at(&self) -> Option<usize> {
        None
    }

    /// Takes thread `thread`'s mail out of memory and empties `mail`: pairs of a word of codes
    /// and the low bit of the field of each of its states (in no order, maybe repeated), states
    /// of the level after the one being expanded. Between the expansions, the mail spilled by
    /// one level is what [`TableStore::spilled`] gives the next. By default, nothing is taken.
    ///
    /// ```
    /// # use std::sync::Mutex;
    /// # use std::sync::atomic::AtomicU64;
    /// # use statespace::backend::{LevelStart, TableStore};
    /// # use statespace::{TwoBitSearch, from_fn};
    /// /// Every pair spilled.
    /// static SPILLED: Mutex<Vec<(u64, u64)>> = Mutex::new(Vec::new());
    /// /// Codes in memory, and the mail spilled by the level before and by this one.
    /// struct Spilling(Vec<AtomicU64>, Mutex<[Vec<(u64, u64)>; 2]>);
    /// impl TableStore for Spilling {
    ///     fn spill(&self, _thread: usize, mail: &mut Vec<(u64, u64)>) {
    ///         SPILLED.lock().unwrap().extend_from_slice(mail);
    ///         self.1.lock().unwrap()[1].append(mail); // out of memory: `mail` is left empty
    ///     }
    /// #   fn words(&self) -> &[AtomicU64] { &self.0 }
    /// #   fn before_write(&self, _: usize) {}
    /// #   fn level_start(&self, _: &LevelStart<'_>) {
    /// #       let mut mail = self.1.lock().unwrap();
    /// #       mail[0] = std::mem::take(&mut mail[1]); // the mail of the level before
    /// #   }
    /// #   fn spill_at(&self) -> Option<usize> {
    /// #       Some(1) // every pair at once
    /// #   }
    /// #   fn spilled_any(&self) -> bool {
    /// #       !self.1.lock().unwrap()[1].is_empty() // before `level_start` takes it as the last
    /// #   }
    /// #   fn has_spilled(&self, start: usize, end: usize) -> bool {
    /// #       self.1.lock().unwrap()[0].iter().any(|&(w, _)| (start..end).contains(&(w as usize)))
    /// #   }
    /// #   fn spilled(&self, start: usize, end: usize, visit: &mut dyn FnMut(u64, u64)) {
    /// #       for &(w, fields) in &self.1.lock().unwrap()[0] {
    /// #           if (start..end).contains(&(w as usize)) {
    /// #               visit(w, fields);
    /// #           }
    /// #       }
    /// #   }
    /// }
    /// // 2^20 states in 16 segments; a move leaps to the next segment, so each level mails it.
    /// let leaps = from_fn(|s, visit| if s < 15 << 16 { visit(s + (1 << 16)) });
    /// let store = Spilling((0..1 << 15).map(|_| AtomicU64::new(!0)).collect(), Mutex::default());
    /// let search = TwoBitSearch::new(&leaps, 1 << 20).sources([0]);
    /// let (_, levels) = search.run_in(Box::new(store), None)?;
    /// assert_eq!(levels.sizes(), [1; 16]); // every level found: its mail came back
    /// // Level k - 1 spills state k << 16: word k << 11, the low bit of its first field.
    /// assert_eq!(*SPILLED.lock().unwrap(), (1..16).map(|k| (k << 11, 1)).collect::<Vec<_>>());
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    fn spill(&self, thread: usize, mail: &mut Vec<(u64, u64)>) {
        let _ = (thread, mail);
    }

    /// Whether the level just expanded spilled any mail: called between the levels, before
    /// [`TableStore::level_start`], it tells whether the next level has mail to apply. By
    /// default, `false`.
    ///
    /// ```
    /// # use std::sync::Mutex;
    /// # use std::sync::atomic::AtomicU64;
    /// # use statespace::backend::{LevelStart, TableStore};
    /// # use statespace::{TwoBitSearch, from_fn};
    /// /// Codes in memory, and the mail spilled by the level before and by this one.
    /// struct Spilling(Vec<AtomicU64>, Mutex<[Vec<(u64, u64)>; 2]>);
    /// impl TableStore for Spilling {
    ///     fn spilled_any(&self) -> bool {
    ///         !self.1.lock().unwrap()[1].is_empty() // before `level_start` takes it as the last
    ///     }
    /// #   fn words(&self) -> &[AtomicU64] { &self.0 }
    /// #   fn before_write(&self, _: usize) {}
    /// #   fn level_start(&self, _: &LevelStart<'_>) {
    /// #       let mut mail = self.1.lock().unwrap();
    /// #       mail[0] = std::mem::take(&mut mail[1]); // the mail of the level before
    /// #   }
    /// #   fn spill_at(&self) -> Option<usize> {
    /// #       Some(1) // every pair at once
    /// #   }
    /// #   fn spill(&self, _thread: usize, mail: &mut Vec<(u64, u64)>) {
    /// #       self.1.lock().unwrap()[1].append(mail); // out of memory: `mail` is left empty
    /// #   }
    /// #   fn has_spilled(&self, start: usize, end: usize) -> bool {
    /// #       self.1.lock().unwrap()[0].iter().any(|&(w, _)| (start..end).contains(&(w as usize)))
    /// #   }
    /// #   fn spilled(&self, start: usize, end: usize, visit: &mut dyn FnMut(u64, u64)) {
    /// #       for &(w, fields) in &self.1.lock().unwrap()[0] {
    /// #           if (start..end).contains(&(w as usize)) {
    /// #               visit(w, fields);
    /// #           }
    /// #       }
    /// #   }
    /// }
    /// // 2^20 states in 16 segments; a move leaps to the next segment, so each level mails it.
    /// let leaps = from_fn(|s, visit| if s < 15 << 16 { visit(s + (1 << 16)) });
    /// let store = Spilling((0..1 << 15).map(|_| AtomicU64::new(!0)).collect(), Mutex::default());
    /// let search = TwoBitSearch::new(&leaps, 1 << 20).sources([0]);
    /// let (_, levels) = search.run_in(Box::new(store), None)?;
    /// assert_eq!(levels.sizes(), [1; 16]); // every level found: its mail came back
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    fn spilled_any(&self) -> bool {
        false
    }

    /// Whether the mail spilled by the level before the one being expanded holds states in
    /// the words `start..end` (a segment, as in [`TableStore::enter`]). By default, `false`.
    ///
    /// ```
    /// # use std::sync::Mutex;
    /// # use std::sync::atomic::AtomicU64;
    /// # use statespace::backend::{LevelStart, TableStore};
    /// # use statespace::{TwoBitSearch, from_fn};
    /// /// Codes in memory, and the mail spilled by the level before and by this one.
    /// struct Spilling(Vec<AtomicU64>, Mutex<[Vec<(u64, u64)>; 2]>);
    /// impl TableStore for Spilling {
    ///     fn has_spilled(&self, start: usize, end: usize) -> bool {
    ///         self.1.lock().unwrap()[0].iter().any(|&(w, _)| (start..end).contains(&(w as usize)))
    ///     }
    /// #   fn words(&self) -> &[AtomicU64] { &self.0 }
    /// #   fn before_write(&self, _: usize) {}
    /// #   fn level_start(&self, _: &LevelStart<'_>) {
    /// #       let mut mail = self.1.lock().unwrap();
    /// #       mail[0] = std::mem::take(&mut mail[1]); // the mail of the level before
    /// #   }
    /// #   fn spill_at(&self) -> Option<usize> {
    /// #       Some(1) // every pair at once
    /// #   }
    /// #   fn spill(&self, _thread: usize, mail: &mut Vec<(u64, u64)>) {
    /// #       self.1.lock().unwrap()[1].append(mail); // out of memory: `mail` is left empty
    /// #   }
    /// #   fn spilled_any(&self) -> bool {
    /// #       !self.1.lock().unwrap()[1].is_empty() // before `level_start` takes it as the last
    /// #   }
    /// #   fn spilled(&self, start: usize, end: usize, visit: &mut dyn FnMut(u64, u64)) {
    /// #       for &(w, fields) in &self.1.lock().unwrap()[0] {
    /// #           if (start..end).contains(&(w as usize)) {
    /// #               visit(w, fields);
    /// #           }
    /// #       }
    /// #   }
    /// }
    /// // 2^20 states in 16 segments; a move leaps to the next segment, so each level mails it.
    /// let leaps = from_fn(|s, visit| if s < 15 << 16 { visit(s + (1 << 16)) });
    /// let store = Spilling((0..1 << 15).map(|_| AtomicU64::new(!0)).collect(), Mutex::default());
    /// let search = TwoBitSearch::new(&leaps, 1 << 20).sources([0]);
    /// let (_, levels) = search.run_in(Box::new(store), None)?;
    /// assert_eq!(levels.sizes(), [1; 16]); // every level found: its mail came back
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    fn has_spilled(&self, start: usize, end: usize) -> bool {
        let _ = (start, end);
        false
    }

    /// Calls `visit` with pairs of a word and the low bit of the field of each of its states
    /// ([`TableStore::spill`]) that together hold every state of the words `start..end` (a
    /// segment the calling thread entered) in the mail spilled by the level before the one
    /// being expanded. By default, none.
    ///
    /// ```
    /// # use std::sync::Mutex;
    /// # use std::sync::atomic::AtomicU64;
    /// # use statespace::backend::{LevelStart, TableStore};
    /// # use statespace::{TwoBitSearch, from_fn};
    /// /// Codes in memory, and the mail spilled by the level before and by this one.
    /// struct Spilling(Vec<AtomicU64>, Mutex<[Vec<(u64, u64)>; 2]>);
    /// impl TableStore for Spilling {
    ///     fn spilled(&self, start: usize, end: usize, visit: &mut dyn FnMut(u64, u64)) {
    ///         for &(w, fields) in &self.1.lock().unwrap()[0] {
    ///             if (start..end).contains(&(w as usize)) {
    ///                 visit(w, fields);
    ///             }
    ///         }
    ///     }
    /// #   fn words(&self) -> &[AtomicU64] { &self.0 }
    /// #   fn before_write(&self, _: usize) {}
    /// #   fn level_start(&self, _: &LevelStart<'_>) {
    /// #       let mut mail = self.1.lock().unwrap();
    /// #       mail[0] = std::mem::take(&mut mail[1]); // the mail of the level before
    /// #   }
    /// #   fn spill_at(&self) -> Option<usize> {
    /// #       Some(1) // every pair at once
    /// #   }
    /// #   fn spill(&self, _thread: usize, mail: &mut Vec<(u64, u64)>) {
    /// #       self.1.lock().unwrap()[1].append(mail); // out of memory: `mail` is left empty
    /// #   }
    /// #   fn spilled_any(&self) -> bool {
    /// #       !self.1.lock().unwrap()[1].is_empty() // before `level_start` takes it as the last
    /// #   }
    /// #   fn has_spilled(&self, start: usize, end: usize) -> bool {
    /// #       self.1.lock().unwrap()[0].iter().any(|&(w, _)| (start..end).contains(&(w as usize)))
    /// #   }
    /// }
    /// // 2^20 states in 16 segments; a move leaps to the next segment, so each level mails it.
    /// let leaps = from_fn(|s, visit| if s < 15 << 16 { visit(s + (1 << 16)) });
    /// let store = Spilling((0..1 << 15).map(|_| AtomicU64::new(!0)).collect(), Mutex::default());
    /// let search = TwoBitSearch::new(&leaps, 1 << 20).sources([0]);
    /// let (_, levels) = search.run_in(Box::new(store), None)?;
    /// assert_eq!(levels.sizes(), [1; 16]); // every level found: its mail came back
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    fn spilled(&self, start: usize, end: usize, visit: &mut dyn FnMut(u64, u64)) {
        let _ = (start, end, visit);
    }
}

/// The state of a search before a level is expanded, for [`TableStore::level_start`]: with
/// the store's words, all a search needs to go on from there ([`Resume`]).
///
/// ```
/// use std::sync::atomic::AtomicU64;
/// use std::sync::{Arc, Mutex};
/// use statespace::backend::{LevelStart, TableStore};
/// use statespace::{TwoBitSearch, from_fn};
///
/// /// Codes in memory; each level start's depth, sizes and completeness, as told.
/// struct Memory(Vec<AtomicU64>, Arc<Mutex<Vec<(u64, Vec<u64>, bool)>>>);
///
/// impl TableStore for Memory {
///     fn words(&self) -> &[AtomicU64] {
///         &self.0
///     }
///     fn before_write(&self, _: usize) {}
///     fn level_start(&self, level: &LevelStart<'_>) {
///         let told = (level.depth, level.sizes.to_vec(), level.complete);
///         self.1.lock().unwrap().push(told);
///     }
/// }
///
/// let line = from_fn(|s, visit| if s < 2 { visit(s + 1) }); // 0 -> 1 -> 2
/// let told = Arc::new(Mutex::new(Vec::new()));
/// let store = Memory(vec![AtomicU64::new(!0)], Arc::clone(&told));
/// TwoBitSearch::new(&line, 3).sources([0]).run_in(Box::new(store), None)?;
/// let expected = [
///     (0, vec![1], false),
///     (1, vec![1, 1], false),
///     (2, vec![1, 1, 1], false),
///     (3, vec![1, 1, 1], true), // over: depth is the number of levels
/// ];
/// assert_eq!(*told.lock().unwrap(), expected);
/// # Ok::<(), statespace::TableAllocError>(())
/// ```
pub struct LevelStart<'a> {
    /// The level about to be expanded (or, when `complete`, the number of levels).
    pub depth: u64,
    /// The level sizes so far, level `depth` included (all of them when `complete`). Level
    /// `depth`'s is what is known of it yet: the states the level before wrote in the segments
    /// it expanded, and the seeds; its mail adds the rest.
    pub sizes: &'a [u64],
    /// A bit per block of 64 states (bit `b % 64` of word `b / 64` for block `b`): the blocks
    /// that level `depth` expands (those that received a state of it), besides those of its
    /// mail.
    pub dirty: &'a [AtomicU64],
    /// The mail: successors that the level before found outside the segment it held, which
    /// level `depth` writes (those still unreached) before it expands their segment. Pairs of
    /// a word of codes and the low bit of the field of each of its states, in pieces sorted by
    /// word. Empty when `complete`.
    pub mail: &'a [&'a [(u64, u64)]],
    /// Whether the search is over.
    pub complete: bool,
}

/// Where a search run with a store goes on from: what a [`LevelStart`] said, with the store's
/// words as they were then.
///
/// ```
/// use std::sync::atomic::AtomicU64;
/// use statespace::backend::{LevelStart, Resume, TableStore};
/// use statespace::{TwoBitSearch, from_fn};
///
/// /// Codes in memory.
/// struct Memory(Vec<AtomicU64>);
///
/// impl TableStore for Memory {
///     fn words(&self) -> &[AtomicU64] {
///         &self.0
///     }
///     fn before_write(&self, _: usize) {}
///     fn level_start(&self, _: &LevelStart<'_>) {}
/// }
///
/// let line = from_fn(|s, visit| if s < 2 { visit(s + 1) });
/// // A search that was over: its levels are reported again, and nothing is searched.
/// let sizes = vec![1, 1, 1];
/// let (dirty, mail) = (Vec::new(), Vec::new());
/// let done = Resume { depth: 3, sizes, dirty, mail, complete: true };
/// let mut reported = Vec::new();
/// let (table, levels) = TwoBitSearch::new(&line, 3)
///     .sources([0])
///     .progress(|level, size| reported.push((level, size)))
///     .run_in(Box::new(Memory(vec![AtomicU64::new(!0)])), Some(done))?;
/// assert_eq!(levels.sizes(), [1, 1, 1]);
/// assert_eq!(reported, [(0, 1), (1, 1), (2, 1)]);
/// assert_eq!(table.code(2), None); // the store's words, as given
/// # Ok::<(), statespace::TableAllocError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resume {
    /// The level to expand next (or, when `complete`, the number of levels).
    pub depth: u64,
    /// The level sizes so far, level `depth` included.
    pub sizes: Vec<u64>,
    /// The dirty bits of level `depth` ([`LevelStart::dirty`]).
    pub dirty: Vec<u64>,
    /// The mail for level `depth` ([`LevelStart::mail`]), its pieces in one, in any order.
    pub mail: Vec<(u64, u64)>,
    /// Whether the search was over: nothing is searched, the levels are reported again.
    pub complete: bool,
}

#[cfg(test)]
mod tests;
