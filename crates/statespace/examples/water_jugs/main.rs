//! The water-jug puzzle on the typed layer: jugs of 8, 5 and 3 litres, the 8-litre one full;
//! a move pours one jug into another until the first is empty or the second full. Measure
//! 4 litres. `cargo run -p statespace-search --example water_jugs`.
//!
//! A pour cannot always be undone in one move (pouring 5 into an empty 3 leaves 2 and 3; the
//! 3 poured back gives 5 and 0 only when the first jug had room), so the search that needs
//! nothing of the moves ([`Search::bfs`]), A* with parent links ([`Search::astar`]) and the
//! bidirectional search given the predecessors ([`Search::predecessors`]) all apply; the
//! bidirectional search without predecessors refuses, naming the move.

use statespace::{FnSpace, Packed, Puzzle, Search, SearchError};

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
    let space = Packed(&WaterJugs);
    let start = WaterJugs.pack(&[8, 0, 0]);
    let four = |packed: u64| WaterJugs.unpack(packed).contains(&4);
    let named = |error: SearchError| error.map(|p| WaterJugs.unpack(p));

    let by_bfs = Search::over(&space)
        .bfs(start, &four)
        .expect("4 litres can be measured");
    println!("BFS, {} pours:", by_bfs.len() - 1);
    for jugs in space.states(&by_bfs) {
        println!("  {jugs:?}");
    }

    // A* with the goal as a predicate; a jug off 4 litres needs at least one more pour.
    let by_astar = Search::over(&space)
        .astar(start, &four, &mut |packed| u32::from(!four(packed)))
        .map_err(named)?;
    let expanded = by_astar.expanded;
    let by_astar = by_astar.path.expect("4 litres can be measured");
    println!(
        "A*, {} pours, {expanded} states expanded",
        by_astar.len() - 1
    );
    assert_eq!(by_astar.len(), by_bfs.len());

    // The bidirectional search starts from each goal, so it takes them as a list.
    let goals: Vec<u64> = (0..=5)
        .flat_map(|large| (0..=3).map(move |small| [8 - large - small, large, small]))
        .map(|jugs| WaterJugs.pack(&jugs))
        .filter(|&packed| four(packed))
        .collect();
    let before = FnSpace(|packed: u64, visit: &mut dyn FnMut(u64)| {
        predecessors(&WaterJugs.unpack(packed), &mut |jugs| {
            visit(WaterJugs.pack(&jugs))
        });
    });
    let by_both = Search::over(&space)
        .predecessors(&before)
        .bidirectional(start, &goals)
        .map_err(named)?
        .expect("4 litres can be measured");
    println!(
        "bidirectional with predecessors, {} pours",
        by_both.len() - 1
    );
    assert_eq!(by_both.len(), by_bfs.len());

    // Without them it refuses, naming the first pour it saw that cannot be undone.
    let refused = Search::over(&space)
        .bidirectional(start, &goals)
        .unwrap_err();
    println!("bidirectional without predecessors: {}", named(refused));
    Ok(())
}

#[cfg(test)]
mod tests;
