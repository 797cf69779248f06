//! Bit arithmetic on words of codes: the states of a set one by one, and a word's fields as a
//! bit a state.

/// Calls `expand` for each state of `states` (bit `i` for `first + i`), lowest first, and
/// counts them in `expanded`.
#[inline(always)]
pub(super) fn each_state(
    first: u64,
    mut states: u64,
    expanded: &mut u64,
    mut expand: impl FnMut(u64),
) {
    while states != 0 {
        let state = first + u64::from(states.trailing_zeros());
        states &= states - 1;
        *expanded += 1;
        expand(state);
    }
}

/// The low bit of each two-bit field of `fields` (bit `2i`), packed as bit `i`: a word of a
/// table's codes (or of a [`Members`](crate::block::Members) layout) as a bit a state.
///
/// ```
/// // States 0 and 2 of a word of codes, as the table lays out their fields' low bits.
/// assert_eq!(statespace::block::compress_fields(0b01_00_01), 0b101);
/// ```
#[inline(always)]
pub fn compress_fields(fields: u64) -> u64 {
    let mut x = fields & 0x5555_5555_5555_5555;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
    x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    (x | x >> 16) & 0xffff_ffff
}
