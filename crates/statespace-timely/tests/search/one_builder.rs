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
    // What each run tells its progress: every level once, in order, with its size.
    let told: Vec<(u32, u64)> = want
        .iter()
        .enumerate()
        .map(|(level, &size)| (level as u32, size))
        .collect();

    let mut in_memory_told = Vec::new();
    let (in_memory_table, in_memory) = search(&space)
        .threads(2)
        .progress(|level, size| in_memory_told.push((level, size)))
        .run();
    assert_eq!(in_memory.sizes(), want, "in memory");
    assert_eq!(in_memory_told, told, "in memory");

    let dir = std::env::temp_dir().join(format!("one-builder-{}", std::process::id()));
    let mut on_disk_told = Vec::new();
    let result = search(&space)
        .threads(2)
        .progress(|level, size| on_disk_told.push((level, size)))
        .run_on_disk(&dir, "torus 61 x 37");
    let (on_disk_table, on_disk) = result.expect("a search on disk");
    let same_codes = (0..W * H).all(|s| on_disk_table.code(s) == in_memory_table.code(s));
    drop(on_disk_table);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(on_disk.sizes(), want, "on disk");
    assert_eq!(on_disk_told, told, "on disk");
    assert!(
        same_codes,
        "the table on disk holds the codes of the one in memory"
    );

    let cluster_told = Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = Arc::clone(&cluster_told);
    let report = search(&space)
        .progress(move |level, size| sink.lock().unwrap().push((level, size)))
        .run_on_cluster(&Cluster::single(3), "torus 61 x 37")
        .expect("a search over three workers");
    assert!(report.complete);
    assert_eq!(report.levels.sizes(), want, "on a cluster");
    assert_eq!(*cluster_told.lock().unwrap(), told, "on a cluster");
}
