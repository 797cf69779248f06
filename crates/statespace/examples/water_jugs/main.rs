//! The water-jug puzzle on the typed layer: jugs of 8, 5 and 3 litres, the 8-litre one full;
//! a move pours one jug into another until the first is empty or the second full. Measure
//! 4 litres. `cargo run -p statespace-search --example water_jugs`.
//!
//! A pour cannot always be undone in one move (pouring 5 into an empty 3 leaves 2 and 3; the
//! 3 poured back gives 5 and 0 only when the first jug had room), so the search that needs
//! nothing of the moves ([`Search::bfs`]), A* with parent links ([`Search::astar`]) and the
//! bidirectional search given the predecessors ([`Search::bidirectional_with`]) all apply;
//! the bidirectional search without predecessors refuses, naming the move.

use statespace::{Puzzle, Search, SearchError, SparseArena};

/// Litres in the jugs of 8, 5 and 3.
type Jugs = [u64; 3];

const SIZES: Jugs = [8, 5, 3];

struct WaterJugs;

impl Puzzle for WaterJugs {
    type State = Jugs;

    fn pack(&self, jugs: &Jugs) -> u64 {
        jugs[0] * 36 + jugs[1] * 6 + jugs[2]
    }

    fn unpack(&self, packed: u64) -> Jugs {
        [packed / 36, packed / 6 % 6, packed % 6]
    }

    fn successors(&self, jugs: &Jugs, mut visit: impl FnMut(Jugs)) {
        for from in 0..3 {
            for to in 0..3 {
                let poured = jugs[from].min(SIZES[to] - jugs[to]);
                if from != to && poured > 0 {
                    let mut next = *jugs;
                    next[from] -= poured;
                    next[to] += poured;
                    visit(next);
                }
            }
        }
    }
}

/// The states one pour before `jugs`: every split of the same 8 litres that pours into it.
fn predecessors(jugs: &Jugs, visit: &mut dyn FnMut(Jugs)) {
    for large in 0..=5 {
        for small in 0..=3 {
            let Some(first) = 8u64.checked_sub(large + small) else {
                continue;
            };
            let before = [first, large, small];
            let mut leads_here = false;
            WaterJugs.successors(&before, |next| leads_here |= next == *jugs);
            if leads_here {
                visit(before);
            }
        }
    }
}

fn main() -> Result<(), SearchError<Jugs>> {
    let start = [8, 0, 0];
    let four = |jugs: &Jugs| jugs.contains(&4);
    let mut search = Search::new(&WaterJugs, SparseArena::new());

    let by_bfs = search
        .bfs(&start, &four, None)
        .expect("4 litres can be measured");
    println!("BFS, {} pours:", by_bfs.len() - 1);
    for jugs in &by_bfs {
        println!("  {jugs:?}");
    }

    // A* with the goal as a predicate; a jug off 4 litres needs at least one more pour.
    let by_astar = search
        .astar(&start, &four, |jugs| u32::from(!four(jugs)))
        .expect("4 litres can be measured");
    println!(
        "A*, {} pours, {} states expanded",
        by_astar.len() - 1,
        search.stats().expanded
    );
    assert_eq!(by_astar.len(), by_bfs.len());

    // The bidirectional search starts from each goal, so it takes them as a list.
    let goals: Vec<Jugs> = (0..=5)
        .flat_map(|large| (0..=3).map(move |small| [8 - large - small, large, small]))
        .filter(four)
        .collect();
    let by_both = search
        .bidirectional_with(&start, &goals, predecessors)?
        .expect("4 litres can be measured");
    println!(
        "bidirectional with predecessors, {} pours",
        by_both.len() - 1
    );
    assert_eq!(by_both.len(), by_bfs.len());

    // Without them it refuses, naming the first pour it saw that cannot be undone.
    let refused = search.bidirectional(&start, &goals).unwrap_err();
    println!("bidirectional without predecessors: {refused}");
    Ok(())
}

#[cfg(test)]
mod tests;
