//! The contract of [`TableStore`] as a store sees it: every word that changes is announced
//! first, and a search stopped at a level start goes on from what that call said.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rstest::rstest;

use super::{LevelStart, Resume, TableStore};
use crate::{Space, TwoBitSearch, from_fn};

/// A store in memory that checks, at each level start, that every word changed since the last
/// one was announced by `before_write`, and keeps what a resume needs at level `keep`.
struct Checking {
    words: Vec<AtomicU64>,
    announced: Vec<AtomicBool>,
    before: Mutex<Vec<u64>>,
    keep: u64,
    kept: Mutex<Option<(Resume, Vec<u64>)>>,
    starts: AtomicU64,
}

/// The payload that stops a search once its level `keep` is kept.
struct Stop;

impl Checking {
    fn new(words: Vec<u64>, keep: u64) -> Self {
        Self {
            announced: words.iter().map(|_| AtomicBool::new(false)).collect(),
            before: Mutex::new(words.clone()),
            words: words.into_iter().map(AtomicU64::new).collect(),
            keep,
            kept: Mutex::new(None),
            starts: AtomicU64::new(0),
        }
    }

    fn snapshot(&self) -> Vec<u64> {
        self.words
            .iter()
            .map(|w| w.load(Ordering::Relaxed))
            .collect()
    }
}

impl TableStore for Checking {
    fn words(&self) -> &[AtomicU64] {
        &self.words
    }

    fn before_write(&self, word: usize) {
        self.announced[word].store(true, Ordering::Relaxed);
    }

    fn level_start(&self, level: &LevelStart<'_>) {
        self.starts.fetch_add(1, Ordering::Relaxed);
        let now = self.snapshot();
        let mut before = self.before.lock().unwrap();
        for (word, (old, new)) in before.iter().zip(&now).enumerate() {
            if old != new {
                assert!(
                    self.announced[word].load(Ordering::Relaxed),
                    "word {word} changed unannounced before level {}",
                    level.depth
                );
                // Only unreached states become reached.
                assert_eq!(old & new, *new, "word {word} lost a reached state");
            }
            self.announced[word].store(false, Ordering::Relaxed);
        }
        *before = now.clone();
        if level.depth == self.keep && !level.complete {
            let resume = Resume {
                depth: level.depth,
                sizes: level.sizes.to_vec(),
                dirty: level
                    .dirty
                    .iter()
                    .map(|w| w.load(Ordering::Relaxed))
                    .collect(),
                mail: level.mail.concat(),
                complete: false,
            };
            *self.kept.lock().unwrap() = Some((resume, now));
            std::panic::resume_unwind(Box::new(Stop));
        }
    }
}

/// Four pegs and 9 discs, a disc the base-4 digit of its size (the smallest lowest): 2^18
/// states, four segments, so that a level mails successors to the next.
fn pegs() -> impl Space + Sync {
    let n = 9;
    from_fn(move |state, visit| {
        let mut top = [n; 4];
        for disc in (0..n).rev() {
            top[(state >> (2 * disc) & 3) as usize] = disc;
        }
        for from in 0..4 {
            for to in 0..4 {
                if to != from && top[from] < top[to] {
                    visit(state ^ ((from ^ to) as u64) << (2 * top[from]));
                }
            }
        }
    })
}

#[rstest]
fn a_store_is_told_of_every_write_and_resumes_from_a_level_start(
    #[values(1, 2)] threads: usize,
    #[values(3, 25, 40)] keep: u64,
) {
    let len = 1 << 18;
    let (memory, levels) = TwoBitSearch::new(&pegs(), len)
        .sources([0])
        .threads(threads)
        .run();
    let fresh = vec![u64::MAX; (len / 32) as usize];
    let store = std::sync::Arc::new(Checking::new(fresh, keep));
    let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        TwoBitSearch::new(&pegs(), len)
            .sources([0])
            .threads(threads)
            .run_in(Box::new(Shared(store.clone())), None)
    }));
    let Err(payload) = stopped else {
        panic!("the search went past level {keep}");
    };
    assert!(payload.is::<Stop>());
    let (resume, words) = store.kept.lock().unwrap().take().expect("level kept");
    assert!(store.starts.load(Ordering::Relaxed) > keep);
    if keep == 25 {
        // A wide level: the largest disc's moves leave the segment.
        assert!(!resume.mail.is_empty(), "no mail to resume with");
    }
    let mut reported = Vec::new();
    let store = Checking::new(words, u64::MAX);
    let (table, resumed) = TwoBitSearch::new(&pegs(), len)
        .sources([0])
        .threads(threads)
        .progress(|_, size| reported.push(size))
        .run_in(Box::new(store), Some(resume))
        .unwrap();
    assert_eq!(resumed.sizes(), levels.sizes());
    assert_eq!(reported, levels.sizes());
    assert!(table.words().eq(memory.words()), "the codes differ");
}

/// A [`Checking`] store shared with the test, which reads what it kept once the search has
/// stopped.
struct Shared(std::sync::Arc<Checking>);

impl TableStore for Shared {
    fn words(&self) -> &[AtomicU64] {
        self.0.words()
    }

    fn before_write(&self, word: usize) {
        self.0.before_write(word);
    }

    fn level_start(&self, level: &LevelStart<'_>) {
        self.0.level_start(level);
    }
}
