//! The textbook queue BFS: the reference every search of `statespace` is compared with, shared
//! by the unit tests (`src/tests.rs`), the integration tests (`tests/any_graph.rs`) and
//! `statespace-timely`'s tests (`tests/search.rs`) through `#[path]`, so all check against one
//! implementation that shares no code with either library.

use std::collections::VecDeque;

/// Distances from `sources` over the states `0..len`, successors from `successors(state,
/// visit)`: `None` for the states not reached.
pub fn queue_distances(
    len: usize,
    sources: &[u64],
    successors: impl Fn(u64, &mut dyn FnMut(u64)),
) -> Vec<Option<u32>> {
    let mut distance = vec![None; len];
    let mut queue = VecDeque::new();
    for &s in sources {
        if distance[s as usize].is_none() {
            distance[s as usize] = Some(0);
            queue.push_back(s);
        }
    }
    while let Some(u) = queue.pop_front() {
        let du = distance[u as usize].unwrap();
        successors(u, &mut |v| {
            if distance[v as usize].is_none() {
                distance[v as usize] = Some(du + 1);
                queue.push_back(v);
            }
        });
    }
    distance
}
