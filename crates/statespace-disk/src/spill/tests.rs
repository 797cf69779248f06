//! Tests of the runs' pieces: varints and file names.

use super::*;

#[test]
fn varints_round_trip() {
    let values = [
        0,
        1,
        127,
        128,
        300,
        16_383,
        16_384,
        u64::from(u32::MAX),
        u64::MAX,
    ];
    let mut bytes = Vec::new();
    for &value in &values {
        push_varint(&mut bytes, value);
    }
    let mut at = 0;
    for &value in &values {
        assert_eq!(read_varint(&bytes, &mut at), Some(value));
    }
    assert_eq!(read_varint(&bytes, &mut at), None);
    assert_eq!(read_varint(&[0x80; 11], &mut 0), None);
}

#[test]
fn file_names_give_their_depth() {
    assert_eq!(file_depth(&file_name(12, 1)), Some(12));
    assert_eq!(file_depth("12"), None);
    assert_eq!(file_depth("x.1"), None);
    assert_eq!(file_depth("3.x"), None);
}
