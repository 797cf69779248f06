//! The segments, the barrier and the gathering of a word's codes.

use std::time::Duration;

use super::*;
use crate::members::Members;

/// The even bits of `m` (bits `2i`), packed into the low 32 bits (bit `i`).
fn gather(mut m: u64) -> u64 {
    m = (m | m >> 1) & 0x3333_3333_3333_3333;
    m = (m | m >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
    m = (m | m >> 4) & 0x00ff_00ff_00ff_00ff;
    m = (m | m >> 8) & 0x0000_ffff_0000_ffff;
    (m | m >> 16) & 0xffff_ffff
}

#[test]
fn members_finds_the_states_of_a_code() {
    // State i has code i % 4 (3: unseen).
    let word = (0..32).fold(0u64, |w, i| w | (i % 4) << (2 * i));
    for code in 0..4 {
        let want = (0..32)
            .filter(|i| i % 4 == code)
            .fold(0u64, |m, i| m | 1 << i);
        let set = Members::with_code([word, word], code);
        assert_eq!(gather(set.layout() as u64), want, "code {code}");
        assert_eq!(gather((set.layout() >> 64) as u64), want, "code {code}");
    }
}

#[test]
fn segments_cover_the_table_and_own_whole_words_of_dirty_bits() {
    for len in [
        1,
        31,
        4096,
        65_535,
        65_536,
        1 << 22,
        (1 << 23) + 5,
        1 << 30,
        1 << 34,
    ] {
        for threads in [1, 2, 3] {
            let layout = Layout::new(len, threads);
            let states = 1u64 << layout.segment_shift;
            assert!(layout.segment_shift >= MIN_SEGMENT_SHIFT, "{len}");
            // 64 blocks of 64 states or more: one word of dirty bits or more, whole.
            assert!(states >= 64 * 64, "{len}");
            assert_eq!(layout.segments as u64, len.div_ceil(states), "{len}");
            assert_eq!(layout.segment(len - 1), layout.segments - 1, "{len}");
            if len < 1 << 16 {
                assert_eq!(layout.threads, 1, "{len}: too small for threads");
            } else {
                assert_eq!(layout.threads, threads);
                // Past the smallest, segments enough to share among the threads.
                assert!(len == 1 << 16 || layout.segments >= 2, "{len}");
            }
        }
    }
}

#[test]
fn the_barrier_holds_every_thread_until_all_arrive() {
    // Each round every thread adds one, waits, then reads the total: it must see the round's
    // every addition, and none of the next round's (the second wait keeps them apart).
    let threads = 3;
    let barrier = Barrier::new(threads);
    let total = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                for round in 1..=200 {
                    total.fetch_add(1, Ordering::Relaxed);
                    barrier.wait();
                    assert_eq!(total.load(Ordering::Relaxed), round * threads);
                    barrier.wait();
                }
            });
        }
    });
}

#[test]
fn a_thread_that_sleeps_at_the_barrier_is_woken() {
    // One thread arrives long after the other, which has long stopped spinning.
    let barrier = Barrier::new(2);
    let woken = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            barrier.wait();
            woken.store(true, Ordering::Relaxed);
        });
        std::thread::sleep(SPIN * 20);
        assert!(!woken.load(Ordering::Relaxed));
        barrier.wait();
    });
    assert!(woken.load(Ordering::Relaxed));
}

#[test]
fn a_barrier_left_by_a_thread_waits_for_the_others_only() {
    let barrier = Barrier::new(3);
    barrier.leave();
    std::thread::scope(|scope| {
        scope.spawn(|| barrier.wait());
        barrier.wait();
    });
}

#[test]
fn a_segment_held_stays_held_until_its_holder_lets_go() {
    let holds = Holds::new(3);
    let held = holds.hold(1);
    // A failed try neither takes the segment nor lets go of it.
    assert!(holds.try_hold(1).is_none());
    assert!(holds.try_hold(1).is_none());
    // Other segments are free.
    let other = holds.try_hold(2);
    assert!(other.is_some());
    drop(held);
    let again = holds.try_hold(1);
    assert!(again.is_some());
    assert!(holds.try_hold(2).is_none());
    drop(other);
    assert!(holds.try_hold(2).is_some());
}

#[test]
fn a_claimer_waits_for_a_writer_to_let_go() {
    // One thread holds segment 0 for a moment; the other claims it meanwhile and must wait.
    let holds = Holds::new(1);
    let inside = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let writer = holds.try_hold(0).expect("free");
        scope.spawn(|| {
            let _held = holds.hold(0);
            // Only once the writer let go.
            assert_eq!(inside.load(Ordering::Relaxed), 1);
        });
        std::thread::sleep(Duration::from_millis(20));
        inside.store(1, Ordering::Relaxed);
        drop(writer);
    });
}

#[test]
fn far_successors_are_those_beyond_2_to_the_16_states_when_reads_gather() {
    // The choice itself is tested with `Reads`; here, what it means for a level.
    assert_eq!(far_mask(Reads::new(1 << 20, None)), 0);
    assert_eq!(far_mask(Reads::new(1 << 30, None)), !0 << NEAR_SHIFT);
    assert_eq!(far_mask(Reads::new(1 << 30, Some(true))), 0);
    assert_eq!(far_mask(Reads::new(64, Some(false))), !0xffff);
}
