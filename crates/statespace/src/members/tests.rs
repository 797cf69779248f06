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
