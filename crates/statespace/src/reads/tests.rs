//! The trial keeps whichever way cost less, and only large levels count.

use std::time::Duration;

use super::Reads;

const LARGE: u64 = 1 << 24;

fn ms(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

#[test]
fn the_faster_way_is_kept_whichever_comes_first() {
    for (len, first_gathers) in [(1 << 30, true), (1 << 24, false)] {
        for gathered_wins in [false, true] {
            let mut reads = Reads::new(len, None);
            assert_eq!(reads.gathers(), first_gathers);
            let cost = |gathers: bool| if gathers == gathered_wins { 40 } else { 90 };
            // The first way: a large level, then the other way.
            assert!(reads.measured(ms(cost(first_gathers)), LARGE, 2));
            assert_eq!(reads.gathers(), !first_gathers);
            reads.measured(ms(cost(!first_gathers)), LARGE, 2);
            assert_eq!(reads.gathers(), gathered_wins, "len {len}");
            // Decided: nothing changes it.
            assert!(!reads.measured(ms(1), LARGE, 2));
            assert!(!reads.measured(ms(100_000), LARGE, 2));
            assert_eq!(reads.gathers(), gathered_wins);
        }
    }
}

#[test]
fn small_levels_do_not_count_and_asked_ways_never_change() {
    let mut reads = Reads::new(1 << 30, None);
    // 2^30 / 2^10 = 2^20 units of work at least, and 2 ms.
    assert!(!reads.measured(ms(100), (1 << 20) - 1, 1));
    assert!(!reads.measured(Duration::from_micros(1999), LARGE, 1));
    assert!(reads.gathers());
    for mut fixed in [
        Reads::new(1 << 30, Some(true)),
        Reads::new(1 << 10, Some(false)),
    ] {
        let before = fixed.gathers();
        assert!(!fixed.measured(ms(5), LARGE, 1));
        assert!(!fixed.measured(ms(500), LARGE, 1));
        assert_eq!(fixed.gathers(), before);
    }
    assert!(!Reads::new(1 << 30, Some(true)).gathers());
    assert!(Reads::new(1 << 10, Some(false)).gathers());
}

#[test]
fn small_tables_take_the_trial_too_from_levels_of_2_to_the_14() {
    // A table of 2^20 states (a few milliseconds a level): read at once first, and a level
    // of 2^14 units of work or more counts.
    let mut reads = Reads::new(1 << 20, None);
    assert!(!reads.gathers());
    assert!(!reads.measured(ms(50), (1 << 14) - 1, 2));
    assert!(reads.measured(ms(8), 1 << 16, 2)); // at once: 8 ms for 2^16
    assert!(reads.gathers());
    reads.measured(ms(5), 1 << 18, 2); // gathered: 5 ms for 2^18, cheaper
    assert!(reads.gathers());
    assert!(!reads.measured(ms(500), 1 << 18, 2)); // decided
    assert!(reads.gathers());
}

#[test]
fn a_level_s_cost_is_its_time_on_all_threads_for_its_work() {
    // Gathered on two threads for 40 ms is 80 ms of thread time; read at once on one thread
    // for 70 ms is 70: reading at once wins.
    let mut reads = Reads::new(1 << 30, None);
    reads.measured(ms(40), LARGE, 2); // gathered: 80 ms of thread time
    reads.measured(ms(70), LARGE, 1); // at once: 70 ms of thread time
    assert!(!reads.gathers());
}
