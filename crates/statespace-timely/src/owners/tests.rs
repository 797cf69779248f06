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
