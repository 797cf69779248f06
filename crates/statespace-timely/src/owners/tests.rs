//! The dealing of segments: every rank has one owner and one place in its slice, and the
//! slices add up to the space.

use super::Owners;

#[test]
fn every_rank_has_one_place_in_one_slice() {
    for len in [1, 63, 64, 1000, 5000, 19_683, 1 << 20, (1 << 22) + 12_345] {
        for peers in [1, 2, 3, 7, 64] {
            let owners = Owners::new(len, peers);
            let total: u64 = (0..peers).map(|w| owners.slice_len(w)).sum();
            assert_eq!(total, len, "len {len}, {peers} workers");
            let step = (len / 5000).max(1);
            for rank in (0..len).step_by(step as usize).chain([len - 1]) {
                let owner = owners.owner(rank);
                assert!(owner < peers);
                let local = owners.local(rank);
                assert!(local < owners.slice_len(owner), "rank {rank} of {len}");
                assert_eq!(owners.global(owner, local), rank);
            }
        }
    }
}

#[test]
fn large_spaces_have_segments_of_2_to_the_20_and_small_ones_at_least_16_a_worker() {
    assert_eq!(Owners::new(1 << 40, 64).shift, 20);
    let small = Owners::new(5000, 2);
    assert!(5000 >> small.shift >= 16 * 2 - 1);
    assert!(small.shift >= 6);
}

#[test]
fn the_division_by_multiplication_equals_the_processors_for_every_32_bit_segment_number() {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for peers in [
        1,
        2,
        3,
        5,
        6,
        7,
        64,
        100,
        1000,
        65_535,
        1 << 20,
        (1 << 31) + 11,
    ] {
        let owners = Owners::new(1 << 36, peers);
        assert!(peers == 1 || owners.reciprocal != 0);
        let peers = peers as u64;
        let ends = [
            0,
            1,
            peers - 1,
            peers,
            peers + 1,
            u32::MAX as u64,
            u32::MAX as u64 - 1,
        ];
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for segment in ends.into_iter().chain([x >> 32, (x >> 32) / peers * peers]) {
                assert_eq!(
                    owners.divide(segment),
                    (segment / peers, segment % peers),
                    "{segment} / {peers}"
                );
            }
        }
    }
    // Segment numbers of 2^32 and more: the processor's division.
    let huge = Owners::new(u64::MAX, 3);
    assert_eq!(huge.reciprocal, 0);
    let rank = u64::MAX - 5;
    let (owner, local) = huge.place(rank);
    assert_eq!(huge.global(owner, local), rank);
}
