//! The model against a second, plainer description: configurations as lists of stacks.

use rstest::rstest;

use crate::{Config, ConfigError, Disc, Move, Peg};

/// Every assignment of `n` discs to `P` pegs, disc 1 first.
fn all_configs<const P: usize>(n: usize) -> Vec<Vec<Peg<P>>> {
    let mut all = vec![Vec::new()];
    for _ in 0..n {
        all = all
            .into_iter()
            .flat_map(|pegs: Vec<Peg<P>>| {
                Peg::ALL.into_iter().map(move |p| {
                    let mut pegs = pegs.clone();
                    pegs.push(p);
                    pegs
                })
            })
            .collect();
    }
    all
}

/// The stacks of an assignment, built by scanning discs from the largest down.
fn stacks_of<const P: usize>(pegs: &[Peg<P>]) -> Vec<Vec<usize>> {
    let mut stacks = vec![Vec::new(); P];
    for disc in (1..=pegs.len()).rev() {
        stacks[pegs[disc - 1].index()].push(disc);
    }
    stacks
}

fn round_trips<const P: usize>() {
    for n in 1..=4 {
        for pegs in all_configs::<P>(n) {
            let config = Config::<P, 8>::from_disc_pegs(pegs.clone()).unwrap();
            let stacks = stacks_of(&pegs);
            assert_eq!(config.stacks().to_vec(), stacks);
            let slices: [&[usize]; P] = std::array::from_fn(|p| stacks[p].as_slice());
            assert_eq!(Config::from_pegs(slices).unwrap(), config);
            let mut text = format!("{n}");
            for stack in &stacks {
                text.push_str(&format!("\n{}", stack.len()));
                for d in stack {
                    text.push_str(&format!(" {d}"));
                }
            }
            assert_eq!(config.to_string(), text);
            assert_eq!(text.parse::<Config<P, 8>>().unwrap(), config);
            assert_eq!(Config::<P, 8>::unpack(config.pack(), n), config);
            for peg in Peg::ALL {
                let top = stacks[peg.index()].last().copied();
                assert_eq!(config.top(peg).map(Disc::number), top);
            }
        }
    }
}

#[test]
fn configurations_round_trip_three_pegs() {
    round_trips::<3>();
}

#[test]
fn configurations_round_trip_four_pegs() {
    round_trips::<4>();
}

/// A move is legal when its source holds a disc smaller than the target's top, judged on
/// the stacks.
fn legal_on_stacks(stacks: &[Vec<usize>], step: (usize, usize)) -> bool {
    let (from, to) = step;
    match (stacks[from].last(), stacks[to].last()) {
        (None, _) => false,
        (Some(_), None) => from != to,
        (Some(a), Some(b)) => from != to && a < b,
    }
}

#[test]
fn moves_are_legal_exactly_when_the_stacks_say() {
    for pegs in all_configs::<4>(3) {
        let stacks = stacks_of(&pegs);
        for from in Peg::<4>::ALL {
            for to in Peg::<4>::ALL {
                let mut config = Config::<4, 8>::from_disc_pegs(pegs.clone()).unwrap();
                let before = config.clone();
                let result = config.apply(Move { from, to });
                let legal = legal_on_stacks(&stacks, (from.index(), to.index()));
                assert_eq!(result.is_ok(), legal, "{stacks:?} {from} {to}");
                if legal {
                    let mut expected = stacks.clone();
                    let disc = expected[from.index()].pop().unwrap();
                    expected[to.index()].push(disc);
                    assert_eq!(config.stacks().to_vec(), expected);
                } else {
                    assert_eq!(config, before);
                }
            }
        }
    }
}

#[test]
fn pegs_and_moves_count_from_one() {
    assert_eq!(Peg::<3>::ALL.map(Peg::number), [1, 2, 3]);
    assert_eq!(Peg::<4>::ALL.map(|p| p.to_string()), ["1", "2", "3", "4"]);
    assert_eq!(format!("{:?}", Peg::<4>::LAST), "Peg(4)");
    assert_eq!(Peg::<3>::MIDDLE.number(), 2);
    assert_eq!(Move::<3>::all().collect::<Vec<_>>(), Move::<3>::ALL);
    assert_eq!(Move::<4>::all().count(), 12);
    for a in Peg::<3>::ALL {
        for b in Peg::<3>::ALL.into_iter().filter(|&b| b != a) {
            let c = a.third(b);
            assert!(c != a && c != b);
        }
    }
    let step = Move {
        from: Peg::<4>::from_number(2).unwrap(),
        to: Peg::<4>::LAST,
    };
    assert_eq!(step.to_string(), "2 4");
    assert_eq!(step.judge_line(), *b"2 4\n");
}

#[rstest]
#[case::no_disc(vec![vec![], vec![], vec![]], ConfigError::DiscCount { got: 0, max: 3 })]
#[case::too_many(vec![vec![4, 3, 2, 1], vec![], vec![]], ConfigError::DiscCount { got: 4, max: 3 })]
#[case::range(vec![vec![3, 1], vec![], vec![]], ConfigError::DiscRange { disc: 3, n: 2 })]
#[case::twice(vec![vec![2, 2], vec![], vec![]], ConfigError::Duplicate(2))]
#[case::order(vec![vec![1, 2], vec![], vec![]], ConfigError::Order { peg: 1, above: 2, below: 1 })]
fn bad_stacks_are_refused(#[case] stacks: Vec<Vec<usize>>, #[case] error: ConfigError<3>) {
    let pegs = [&stacks[0][..], &stacks[1], &stacks[2]];
    assert_eq!(Config::<3, 3>::from_pegs(pegs), Err(error));
}

#[rstest]
#[case::missing_peg(
    "2\n2 2 1\n0\n",
    "line 4: expected a peg line `k d1 .. dk`, found end of input"
)]
#[case::twice(
    "2\n2 2 2\n0\n0\n",
    "line 2: expected each disc once, found disc 2 a second time"
)]
#[case::missing_disc(
    "2\n1 2\n0\n0\n",
    "line 4: expected every disc from 1 to 2 on a peg, found no disc 1"
)]
#[case::after("1\n1 1\n0\n0\n7\n", r#"line 5: expected end of input, found "7""#)]
fn bad_notation_names_its_line(#[case] text: &str, #[case] message: &str) {
    let error = text.parse::<Config<3, 5>>().unwrap_err();
    assert_eq!(error.to_string(), message);
}
