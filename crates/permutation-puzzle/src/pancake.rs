//! Definition files of pancake stacks: flips of the top `k` pancakes as moves.

use std::fmt::Write;

/// The definition of a stack of `n` pancakes (`n >= 2`): one set of `n` slots, the top first,
/// and a move `F{k}` flipping the top `k` for `k = 2..=n`. Burnt pancakes have two sides
/// (orientation 2), and a flip of `k = 1..=n` also turns each flipped pancake over.
pub fn pancakes(n: usize, burnt: bool) -> String {
    let mut text = String::new();
    let omod = if burnt { 2 } else { 1 };
    let kind = if burnt { "BurntPancakes" } else { "Pancakes" };
    let _ = writeln!(
        text,
        "Name {kind}{n}\n\nSet STACK {n} {omod}\n\nSolved\nSTACK"
    );
    let identity: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    let _ = writeln!(text, "{}\nEnd", identity.join(" "));
    let first = if burnt { 1 } else { 2 };
    for k in first..=n {
        // Slot i (< k) receives the pancake from slot k - 1 - i.
        let perm: Vec<String> = (0..n)
            .map(|i| if i < k { k - i } else { i + 1 }.to_string())
            .collect();
        let _ = writeln!(text, "\nMove F{k}\nSTACK\n{}", perm.join(" "));
        if burnt {
            let ori: Vec<&str> = (0..n).map(|i| if i < k { "1" } else { "0" }).collect();
            let _ = writeln!(text, "{}", ori.join(" "));
        }
        let _ = writeln!(text, "End");
    }
    text
}
