//! One `statespace::TwoBitSearch` builder, three places to run it: in memory (`run`), with its
//! table in a file (`statespace-disk`'s `run_on_disk`) and over a cluster's workers
//! (`run_on_cluster`). Only the last call differs, and the levels are the same: those a plain
//! queue BFS written here finds.

use std::collections::VecDeque;
use std::sync::Arc;

use statespace::{FnSpace, TwoBitSearch};
use statespace_disk::RunOnDisk;
use statespace_timely::{Cluster, RunOnCluster};

/// A torus of 61 x 37 states with a knight-like move and its inverse: moves that can be
/// undone, levels of several sizes.
type Successors = fn(u64, &mut dyn FnMut(u64));

const W: u64 = 61;
const H: u64 = 37;

fn torus(s: u64, visit: &mut dyn FnMut(u64)) {
    let (x, y) = (s % W, s / W);
    for (dx, dy) in [(1, 2), (W - 1, H - 2), (2, H - 1), (W - 2, 1)] {
        visit((x + dx) % W + (y + dy) % H * W);
    }
}

/// The builder every run below starts from.
fn search(space: &Arc<FnSpace<Successors>>) -> TwoBitSearch<'static, FnSpace<Successors>> {
    TwoBitSearch::of(Arc::clone(space), W * H).sources([0, 100])
}

/// The level sizes of a textbook queue BFS from the same sources.
fn queue_levels() -> Vec<u64> {
    let mut distance = vec![u32::MAX; (W * H) as usize];
    let mut queue = VecDeque::from([0u64, 100]);
    distance[0] = 0;
    distance[100] = 0;
    while let Some(s) = queue.pop_front() {
        torus(s, &mut |t| {
            if distance[t as usize] == u32::MAX {
                distance[t as usize] = distance[s as usize] + 1;
                queue.push_back(t);
            }
        });
    }
    let deepest = *distance.iter().filter(|&&d| d != u32::MAX).max().unwrap();
    let mut sizes = vec![0u64; deepest as usize + 1];
    for d in distance.into_iter().filter(|&d| d != u32::MAX) {
        sizes[d as usize] += 1;
    }
    sizes
}

#[test]
fn the_same_builder_runs_in_memory_on_disk_and_on_a_cluster() {
    let space = Arc::new(FnSpace(torus as Successors));
    let want = queue_levels();
    assert!(want.len() > 10, "a space of many levels: {want:?}");

    let (_, in_memory) = search(&space).threads(2).run();
    assert_eq!(in_memory.sizes(), want, "in memory");

    let dir = std::env::temp_dir().join(format!("one-builder-{}", std::process::id()));
    let (_, on_disk) = search(&space)
        .threads(2)
        .run_on_disk(&dir, "torus 61 x 37")
        .expect("a search on disk");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(on_disk.sizes(), want, "on disk");

    let report = search(&space)
        .run_on_cluster(&Cluster::single(3), "torus 61 x 37")
        .expect("a search over three workers");
    assert!(report.complete);
    assert_eq!(report.levels.sizes(), want, "on a cluster");
}
