//! Tests: the pages of small scenes are reviewed snapshots; output is the same bytes every time;
//! nothing in a page reaches the network.

use crate::{
    CoinsScene, Flip, MarblesScene, PegMoves, PegsScene, Tilted, bar_chart_svg, coins_page,
    marbles_page, pegs_page,
};

fn tower(discs: u32) -> PegsScene {
    PegsScene {
        title: format!("Tower of Hanoi, {discs} discs"),
        pegs: 3,
        start: vec![(1..=discs).rev().collect(), vec![], vec![]],
        moves: PegMoves::Tower {
            discs,
            from: 0,
            to: 2,
        },
    }
}

fn coins() -> CoinsScene {
    CoinsScene {
        title: "Coins <3 x 3>".to_string(),
        rows: 3,
        cols: 3,
        tails: vec![false, true, true, false, true, true, true, false, false],
        flips: Some(vec![
            Flip {
                label: "R3".to_string(),
                cells: vec![6, 7, 8],
            },
            Flip {
                label: "C1".to_string(),
                cells: vec![0, 3, 6],
            },
        ]),
    }
}

fn marbles() -> MarblesScene {
    MarblesScene {
        title: "Marbles".to_string(),
        rows: 5,
        cols: 5,
        cells: ["#####", "#..B#", "#.#.#", "#RO.#", "#####"]
            .concat()
            .into_bytes(),
        red: 16,
        blue: 8,
        tilts: Some(vec![Tilted {
            direction: 'R',
            red: None,
            blue: Some(8),
        }]),
    }
}

#[test]
fn pages_are_reviewed_snapshots() {
    let four_pegs = PegsScene {
        title: "Four pegs".to_string(),
        pegs: 4,
        start: vec![vec![2], vec![], vec![1], vec![]],
        moves: PegMoves::List(vec![(2, 1), (0, 3), (1, 3)]),
    };
    insta::assert_snapshot!("pegs_list", pegs_page(&four_pegs));
    insta::assert_snapshot!("pegs_tower", pegs_page(&tower(3)));
    insta::assert_snapshot!("coins", coins_page(&coins()));
    let unsolvable = CoinsScene {
        flips: None,
        ..coins()
    };
    insta::assert_snapshot!("coins_unsolvable", coins_page(&unsolvable));
    insta::assert_snapshot!("marbles", marbles_page(&marbles()));
    let chart = bar_chart_svg("Levels", "distance", "configurations", &[1, 3, 6, 0, 2]);
    insta::assert_snapshot!("bar_chart", chart);
}

#[test]
fn the_same_scene_gives_the_same_bytes_and_no_external_asset() {
    for page in [
        pegs_page(&tower(20)),
        coins_page(&coins()),
        marbles_page(&marbles()),
    ] {
        assert!(page.starts_with("<!DOCTYPE html>"));
        for external in ["http:", "https:", "src=", "href=", "@import"] {
            assert!(!page.contains(external), "{external} in a page");
        }
    }
    assert_eq!(pegs_page(&tower(20)), pegs_page(&tower(20)));
    // A 20-disc transfer is computed in the page, not listed: the page stays small.
    assert!(pegs_page(&tower(20)).len() < 40_000);
}

#[test]
fn titles_and_labels_are_escaped() {
    let page = coins_page(&coins());
    assert!(page.contains("<title>Coins &lt;3 x 3&gt;</title>"));
    assert!(!page.contains("<3 x 3>"));
    let mut scene = coins();
    scene.flips.as_mut().unwrap()[0].label = "</script>".to_string();
    assert!(!coins_page(&scene).contains("\"</script>\""));
}

#[test]
fn bar_charts_at_the_edges_are_reviewed_snapshots() {
    // No bar, only zeros, and many bars over many decades (every other index labelled), with
    // labels that need escaping.
    let many: Vec<u64> = (0..23)
        .map(|i| if i == 7 { 0 } else { 3u64.pow(i) })
        .collect();
    let charts = [
        bar_chart_svg("Empty", "x", "y", &[]),
        bar_chart_svg("Zeros", "x", "y", &[0, 0, 0]),
        bar_chart_svg("<Many> & \"more\"", "a < b", "c & d", &many),
    ];
    insta::assert_snapshot!("bar_chart_edges", charts.join("\n"));
}
