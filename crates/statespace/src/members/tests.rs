//! `Members` against a plain `u64` of bits.

use super::*;

#[test]
fn members_agree_with_plain_bits() {
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..2000 {
        let (a, b) = (rng.u64(..), rng.u64(..) & rng.u64(..));
        let (x, y) = (Members::from_bits(a), Members::from_bits(b));
        assert_eq!(x.bits(), a);
        assert_eq!(x.layout() & !EVEN, 0, "odd bits stay clear");
        assert_eq!(Members::from_layout(x.layout() | !EVEN), x);
        assert_eq!((x & y).bits(), a & b);
        assert_eq!((x | y).bits(), a | b);
        assert_eq!((!x).bits(), !a);
        assert_eq!(x.len(), a.count_ones());
        assert_eq!(x.is_empty(), a == 0);
        assert_eq!(x.last(), (a != 0).then(|| 63 - a.leading_zeros()));
        let states: Vec<u32> = (0..64).filter(|&i| a >> i & 1 == 1).collect();
        assert_eq!(x.iter().collect::<Vec<_>>(), states);
        for i in 0..64 {
            assert_eq!(x.contains(i), a >> i & 1 == 1);
        }
        for shift in [0, 1, 5, 31, 32, 63, 64, 100] {
            assert_eq!(x.shift_up(shift).bits(), a.checked_shl(shift).unwrap_or(0));
            assert_eq!(
                x.shift_down(shift).bits(),
                a.checked_shr(shift).unwrap_or(0)
            );
        }
    }
    assert_eq!(Members::ALL.bits(), u64::MAX);
    assert!(Members::EMPTY.is_empty());
}

#[test]
fn sets_lie_over_the_words_that_hold_their_states() {
    let mut rng = fastrand::Rng::with_seed(11);
    for _ in 0..2000 {
        let set = Members::from_bits(rng.u64(..) & rng.u64(..));
        let first = rng.u64(..1 << 20);
        let (word, pieces) = set.over_words(first);
        let mut seen = Vec::new();
        for (i, piece) in pieces.enumerate() {
            seen.extend(
                (0..32)
                    .filter(|j| piece >> (2 * j) & 1 == 1)
                    .map(|j| 32 * (word + i as u64) + j),
            );
            assert_eq!(piece & !0x5555_5555_5555_5555, 0, "only low bits of fields");
        }
        let want: Vec<u64> = set.iter().map(|i| first + u64::from(i)).collect();
        assert_eq!(seen, want, "{first}");
    }
    assert_eq!(Members::EMPTY.over_words(5).1.len(), 0);
}

#[test]
fn with_code_finds_the_states_of_a_code() {
    // State i has code i % 4 in the low word and (i + 1) % 4 in the high one (3: unseen).
    let low = (0..32).fold(0u64, |w, i| w | (i % 4) << (2 * i));
    let high = (0..32).fold(0u64, |w, i| w | ((i + 1) % 4) << (2 * i));
    for code in 0..4 {
        let want = (0..64u64)
            .filter(|&i| {
                if i < 32 {
                    i % 4 == code
                } else {
                    (i - 32 + 1) % 4 == code
                }
            })
            .fold(0u64, |m, i| m | 1 << i);
        assert_eq!(
            Members::with_code([low, high], code).bits(),
            want,
            "code {code}"
        );
    }
}
