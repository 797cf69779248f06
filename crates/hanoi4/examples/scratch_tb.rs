//! scratch timing (not committed)
use hanoi4::{GoalTable, HanoiSpace};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = &args[1];
    let n: usize = args[2].parse().unwrap();
    let threads: usize = args[3].parse().unwrap();
    let t = Instant::now();
    if kind == "kernel" {
        struct Null(u64);
        impl statespace::Successors for Null {
            fn one(&mut self, s: u64, t: u64) {
                self.0 = self.0.wrapping_add(s ^ t)
            }
            fn many(&mut self, f: u64, m: statespace::Members) {
                self.0 = self.0.wrapping_add(f ^ m.layout() as u64)
            }
        }
        use statespace::Space;
        let space = HanoiSpace::new(n);
        let blocks = 1u64 << (2 * n - 6);
        let mut null = Null(0);
        let mut rng = 12345u64;
        let t = Instant::now();
        for rep in 0..4 {
            for b in 0..blocks {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let m = if rep < 2 { rng & (rng >> 3) } else { rng };
                space.expand_block(b * 64, statespace::Members::from_bits(m), &mut null);
            }
        }
        println!(
            "kernel: {:.1} ns/block ({})",
            t.elapsed().as_nanos() as f64 / (4 * blocks) as f64,
            null.0
        );
        return;
    }
    if kind == "qcount" {
        use std::sync::atomic::AtomicU64;
        let space = hanoi4::RankedSpace::new(n);
        let c = Count(
            &space,
            AtomicU64::new(0),
            AtomicU64::new(0),
            AtomicU64::new(0),
            AtomicU64::new(0),
        );
        let len = space.index().len();
        let goal = space.rank_of((1u64 << (2 * n)) - 1);
        let (_, levels) =
            statespace::two_bit_bfs(&c, len, &[goal], threads, space.orbits(), |_, _| {});
        let r = |a: &AtomicU64| a.load(std::sync::atomic::Ordering::Relaxed);
        println!(
            "len {len} blocks {} ones {} sets {} setbits {} members {} states {}",
            r(&c.1),
            r(&c.2),
            r(&c.3),
            r(&c.4) & 0xffffffff,
            r(&c.4) >> 32,
            levels.reached()
        );
        return;
    }
    if kind == "count" {
        use std::sync::atomic::AtomicU64;
        let space = HanoiSpace::new(n);
        let c = Count(
            &space,
            AtomicU64::new(0),
            AtomicU64::new(0),
            AtomicU64::new(0),
            AtomicU64::new(0),
        );
        let len = 1u64 << (2 * n);
        let (_, levels) = statespace::two_bit_bfs(&c, len, &[len - 1], threads, 1, |_, _| {});
        let r = |a: &AtomicU64| a.load(std::sync::atomic::Ordering::Relaxed);
        println!(
            "blocks {} ones {} sets {} setbits {} members {} states {}",
            r(&c.1),
            r(&c.2),
            r(&c.3),
            r(&c.4) & 0xffffffff,
            r(&c.4) >> 32,
            levels.reached()
        );
    } else if kind == "full" {
        let space = HanoiSpace::new(n);
        let len = 1u64 << (2 * n);
        let mut last = Instant::now();
        let verbose = std::env::var("V").is_ok();
        let (_, levels) =
            statespace::two_bit_bfs(&space, len, &[len - 1], threads, 1, |l, size| {
                if verbose {
                    let e = last.elapsed().as_secs_f64() * 1000.0;
                    last = Instant::now();
                    if l % 4 == 0 {
                        eprintln!(
                            "{l} {size} {e:.1} ms  {:.1} ns/state",
                            e * 1e6 / size as f64
                        );
                    }
                }
            });
        println!(
            "full {n} thr {threads}: {:.3} s, max {} reached {}",
            t.elapsed().as_secs_f64(),
            levels.max_distance(),
            levels.reached()
        );
    } else {
        let (_, levels) = GoalTable::build(n, threads, |_, _| {}).unwrap();
        println!(
            "quot {n} thr {threads}: {:.3} s, max {} reached {}",
            t.elapsed().as_secs_f64(),
            levels.max_distance(),
            levels.reached()
        );
    }
}
pub struct Count<'a, S>(
    pub &'a S,
    pub std::sync::atomic::AtomicU64,
    pub std::sync::atomic::AtomicU64,
    pub std::sync::atomic::AtomicU64,
    pub std::sync::atomic::AtomicU64,
);
struct Wrap<'o, O>(&'o mut O, u64, u64, u64);
impl<O: statespace::Successors> statespace::Successors for Wrap<'_, O> {
    fn one(&mut self, s: u64, t: u64) {
        self.1 += 1;
        self.0.one(s, t)
    }
    fn many(&mut self, f: u64, m: statespace::Members) {
        if !m.is_empty() {
            self.2 += 1;
            self.3 += m.len() as u64;
        }
        self.0.many(f, m)
    }
}
impl<S: statespace::Space> statespace::Space for Count<'_, S> {
    fn for_each_successor<F: FnMut(u64)>(&self, s: u64, v: F) {
        self.0.for_each_successor(s, v)
    }
    fn expand_block(
        &self,
        first: u64,
        members: statespace::Members,
        out: &mut impl statespace::Successors,
    ) {
        use std::sync::atomic::Ordering::Relaxed;
        let mut w = Wrap(out, 0, 0, 0);
        self.0.expand_block(first, members, &mut w);
        self.1.fetch_add(1, Relaxed);
        self.2.fetch_add(w.1, Relaxed);
        self.3.fetch_add(w.2, Relaxed);
        self.4
            .fetch_add(w.3 + members.len() as u64 * (1 << 32), Relaxed);
    }
}
