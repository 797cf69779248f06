//! One configuration built through each Hanoi crate: disc 3 and disc 1 on peg 1 (bottom up),
//! disc 2 on peg 2. The crates must agree on disc and peg numbering, the bottom-up order of a
//! peg, the constructor and accessor names, and the notation of `Display` and `FromStr`.

/// The notation of the configuration with `pegs` pegs: `n`, then `k d1 .. dk` per peg.
fn notation(pegs: usize) -> String {
    let mut text = String::from("3\n2 3 1\n1 2");
    for _ in 2..pegs {
        text.push_str("\n0");
    }
    text
}

#[test]
fn three_pegs_classic() {
    use hanoi::{Config, Disc, Move, Peg};
    let mut config = Config::from_pegs([&[3, 1], &[2], &[]]).unwrap();
    assert_eq!(config.n_discs(), 3);
    assert_eq!(config.stacks(), [vec![3, 1], vec![2], vec![]]);
    assert_eq!(config.top(Peg::FIRST).map(Disc::number), Some(1));
    assert_eq!(
        config.top(Peg::from_number(2).unwrap()).map(Disc::number),
        Some(2)
    );
    assert_eq!(config.peg_of(Disc::new(3).unwrap()), Peg::FIRST);
    assert_eq!(config.to_string(), notation(3));
    assert_eq!(notation(3).parse::<Config>().unwrap(), config);
    assert_eq!(
        (
            Peg::FIRST.number(),
            Peg::LAST.number(),
            Peg::LAST.to_string()
        ),
        (1, 3, "3".to_string())
    );
    assert_eq!(Peg::from_index(0), Some(Peg::FIRST));
    config
        .apply(Move {
            from: Peg::FIRST,
            to: Peg::LAST,
        })
        .unwrap();
    assert_eq!(config.stacks(), [vec![3], vec![2], vec![1]]);
    assert_eq!(
        Config::tower(2, Peg::MIDDLE).unwrap().stacks(),
        [vec![], vec![2, 1], vec![]]
    );
    assert!(Config::tower(0, Peg::FIRST).is_err());
    assert!(
        Config::from_pegs([&[1, 3], &[2], &[]]).is_err(),
        "a larger disc above a smaller"
    );
}

#[test]
fn four_pegs() {
    use hanoi4::{Config, Disc, Move, Peg};
    let mut config = Config::from_pegs([&[3, 1], &[2], &[], &[]]).unwrap();
    assert_eq!(config.n_discs(), 3);
    assert_eq!(config.stacks(), [vec![3, 1], vec![2], vec![], vec![]]);
    assert_eq!(config.top(Peg::FIRST).map(Disc::number), Some(1));
    assert_eq!(
        config.top(Peg::from_number(2).unwrap()).map(Disc::number),
        Some(2)
    );
    assert_eq!(config.peg_of(Disc::new(3).unwrap()), Peg::FIRST);
    assert_eq!(config.to_string(), notation(4));
    assert_eq!(notation(4).parse::<Config>().unwrap(), config);
    assert_eq!(
        (
            Peg::FIRST.number(),
            Peg::LAST.number(),
            Peg::LAST.to_string()
        ),
        (1, 4, "4".to_string())
    );
    assert_eq!(Peg::from_index(0), Some(Peg::FIRST));
    config
        .apply(Move {
            from: Peg::FIRST,
            to: Peg::LAST,
        })
        .unwrap();
    assert_eq!(config.stacks(), [vec![3], vec![2], vec![], vec![1]]);
    let middle = Peg::from_number(2).unwrap();
    assert_eq!(
        Config::tower(2, middle).unwrap().stacks(),
        [vec![], vec![2, 1], vec![], vec![]]
    );
    assert!(Config::tower(0, Peg::FIRST).is_err());
    assert!(
        Config::from_pegs([&[1, 3], &[2], &[], &[]]).is_err(),
        "a larger disc above a smaller"
    );
}

#[test]
fn three_pegs_relaxed() {
    use hanoi_relaxed::{Move, Peg, Pegs};
    let pegs = Pegs::from_pegs([&[3, 1], &[2], &[]]).unwrap();
    assert_eq!(pegs.n_discs(), 3);
    assert_eq!(pegs.stacks(), [vec![3, 1], vec![2], vec![]]);
    assert_eq!(pegs.top(Peg::FIRST), Some(1));
    assert_eq!(pegs.top(Peg::from_number(2).unwrap()), Some(2));
    assert_eq!(pegs.to_string(), notation(3));
    assert_eq!(notation(3).parse::<Pegs>().unwrap(), pegs);
    assert_eq!(
        (
            Peg::FIRST.number(),
            Peg::LAST.number(),
            Peg::LAST.to_string()
        ),
        (1, 3, "3".to_string())
    );
    assert_eq!(Peg::from_index(0), Some(Peg::FIRST));
    let moved = pegs
        .apply(Move {
            from: Peg::FIRST,
            to: Peg::LAST,
        })
        .unwrap();
    assert_eq!(moved.stacks(), [vec![3], vec![2], vec![1]]);
    assert_eq!(
        Pegs::tower(&[2, 1], Peg::MIDDLE).unwrap().stacks(),
        [vec![], vec![2, 1], vec![]]
    );
    // The relaxed rule lets one larger disc stand above a smaller one, not two.
    assert!(Pegs::from_pegs([&[1, 3], &[2], &[]]).is_ok());
    assert!(Pegs::from_pegs([&[1, 3, 2], &[], &[]]).is_err());
}
