//! The order in which segments are let go.

use super::Resident;

/// Enters `segment`, then lets go of segments while more than `most` are entered; the
/// segments let go.
fn enter(resident: &Resident, segment: usize, most: usize) -> Vec<usize> {
    let mut gone = Vec::new();
    let was_in = resident.entered().contains(&segment);
    let new = resident
        .enter(
            segment,
            |count| count > most,
            |s| {
                gone.push(s);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
    assert_eq!(new, !was_in, "segment {segment}");
    gone
}

#[test]
fn the_segment_used_longest_ago_goes_first_and_a_held_one_never() {
    let resident = Resident::new(8);
    assert!(enter(&resident, 0, 2).is_empty());
    resident.leave(0);
    assert!(enter(&resident, 1, 2).is_empty());
    resident.leave(1);
    // Used again: 1 is now the oldest.
    assert!(enter(&resident, 0, 2).is_empty());
    resident.leave(0);
    assert_eq!(enter(&resident, 2, 2), [1]);
    // 0 and 2 entered, 2 held: 0 goes although 2 is older than the new one.
    assert_eq!(enter(&resident, 3, 2), [0]);
    // 2 and 3 held: none can go.
    assert!(enter(&resident, 4, 2).is_empty());
    assert_eq!(resident.entered(), [2, 3, 4]);
    resident.leave(2);
    resident.leave(3);
    resident.leave(4);
    assert_eq!(enter(&resident, 5, 2), [2, 3]);
    // Entered many times over: stale entries are dropped, each segment goes once.
    for _ in 0..3000 {
        enter(&resident, 6, 8);
        resident.leave(6);
        enter(&resident, 7, 8);
        resident.leave(7);
    }
    resident.leave(5);
    assert_eq!(resident.entered(), [4, 5, 6, 7]);
    assert_eq!(enter(&resident, 1, 1), [4, 5, 6, 7]);
}
