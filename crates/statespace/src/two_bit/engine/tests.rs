//! The layout of segments and the gathering of a word's codes.

use super::*;

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
fn local_and_global_words_are_inverse() {
    for threads in 1..9 {
        let layout = Layout::with(threads, 11);
        let words = 10 * layout.segment_words() + 5;
        let mut seen = vec![false; words];
        for owner in 0..threads {
            for local in 0..layout.owned_words(words) {
                let word = layout.global_word(owner, local);
                if word < words {
                    let state = (word as u64) << 5;
                    assert_eq!(layout.owner(state), owner);
                    assert_eq!(layout.local_word(state), local);
                    assert!(!seen[word]);
                    seen[word] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
