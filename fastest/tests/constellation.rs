//! The constellation counter (`fastest` from n = 8) and its parts against the
//! published numbers (OEIS A000170, A002562), the library's reference tables
//! and the symmetry walk. `cargo test --release -- --ignored` goes to n = 18.

#[path = "../../tests/common/mod.rs"]
mod common;

use queens::fast::symmetry;
use queens::report::reference;
use queens::{Strategy, Tree};
use queens_fastest::count::burnside::{self, Turn};
use queens_fastest::count::constellation::{self, FROM_N, MAX_N};
use queens_fastest::count::mirror_count;
use queens_fastest::run::{count, count_with_budget, resolve};

/// The default `cargo test` goes this far.
const QUICK_N: usize = 12;

fn assert_exact(n: usize, census: constellation::Census) {
    assert_eq!(census.solutions, common::SOLUTIONS[n], "n = {n}");
    assert_eq!(census.solutions, reference::SOLUTIONS[n], "n = {n}");
    assert_eq!(census.fundamental, common::FUNDAMENTAL[n], "n = {n}");
    assert_eq!(
        census.fundamental,
        reference::FUNDAMENTAL_SOLUTIONS[n],
        "n = {n}"
    );
}

#[test]
fn constellations_count_every_board_from_2_exactly() {
    // Exact below FROM_N too, where the published method miscounts (4, 5, 6).
    for n in 2..=QUICK_N {
        assert_exact(n, constellation::count(n));
    }
}

#[test]
fn the_threads_count_what_one_thread_counts() {
    for n in 2..=QUICK_N {
        assert_eq!(constellation::count_parallel(n), constellation::count(n));
    }
}

#[test]
fn fastest_is_exact_for_every_n_and_names_its_tree() {
    for n in 0..=QUICK_N {
        let stats = count(n, Strategy::Fastest).unwrap();
        assert_eq!(stats.solutions, common::SOLUTIONS[n], "n = {n}");
        if n >= 1 {
            assert_eq!(stats.unique, Some(common::FUNDAMENTAL[n]), "n = {n}");
        }
        let expected = if n >= FROM_N {
            Tree::Constellations
        } else {
            Tree::SymmetryReduced
        };
        assert_eq!(stats.tree, expected, "n = {n}");
        assert_eq!(stats.profile.iter().sum::<u64>(), stats.nodes, "n = {n}");
    }
}

#[test]
fn fastest_reports_the_root_and_the_constellations_as_nodes() {
    let stats = count(8, Strategy::Fastest).unwrap();
    let census = constellation::count(8);
    assert_eq!((census.corner, census.edge), (15, 63));
    assert_eq!(stats.nodes, 1 + 15 + 63);
    assert_eq!(stats.profile, [1, 0, 0, 15, 63, 0, 0, 0, 0]);
    assert_eq!((stats.candidates, stats.pruned.total()), (0, 0));
    assert_eq!(resolve(Strategy::Fastest, 8, None), Strategy::Fastest);
    // A budget needs a walk that counts its nodes: the symmetry walk.
    let budgeted = count_with_budget(12, Strategy::Fastest, Some(u64::MAX)).unwrap();
    assert_eq!(budgeted.tree, Tree::SymmetryReduced);
    assert_eq!(budgeted.solutions, 14_200);
    // Beyond the masks, the parallel symmetry walk or the symmetry walk.
    assert!(!constellation::runs(MAX_N + 1, None));
}

#[test]
fn weights_add_up_to_every_border() {
    // Each peaceful border stands for its class: the weights add up to the
    // number of all borders, counted by brute force.
    for n in 4..=10 {
        let weights: u64 = constellation::constellations(n)
            .iter()
            .map(|c| c.weight)
            .sum();
        let last = n - 1;
        let peaceful = |queens: &[(usize, usize)]| {
            queens.iter().enumerate().all(|(i, &(r1, c1))| {
                queens[..i].iter().all(|&(r2, c2)| {
                    r1 != r2 && c1 != c2 && r1 + c2 != r2 + c1 && r1 + c1 != r2 + c2
                })
            })
        };
        let mut borders = 0;
        // A corner queen: 4 corners, then the two edges away from it.
        for b in 1..last {
            for r in 1..last {
                if peaceful(&[(0, 0), (last, b), (r, last)]) {
                    borders += 4;
                }
            }
        }
        for t in 1..last {
            for b in 1..last {
                for l in 1..last {
                    for r in 1..last {
                        if peaceful(&[(0, t), (last, b), (l, 0), (r, last)]) {
                            borders += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(weights, borders, "n = {n}");
    }
}

#[test]
fn burnside_counts_the_classes() {
    // The boards each rotation fixes, against the symmetry walk's classes.
    for n in 2..=QUICK_N {
        let half = burnside::fixed(n, Turn::Half);
        let quarter = burnside::fixed(n, Turn::Quarter);
        assert!(quarter <= half, "n = {n}");
        assert_eq!(
            burnside::fundamental(n, common::SOLUTIONS[n]),
            common::FUNDAMENTAL[n],
            "n = {n}"
        );
    }
    assert_eq!(burnside::fixed(5, Turn::Quarter), 2);
    // 724 + 12 + 2 × 0 = 8 × 92.
    assert_eq!(burnside::fixed(10, Turn::Half), 12);
    assert_eq!(burnside::fixed(10, Turn::Quarter), 0);
}

#[test]
fn the_count_only_mirror_counts_every_board() {
    for n in 1..=QUICK_N {
        assert_eq!(mirror_count::count(n), common::SOLUTIONS[n], "n = {n}");
    }
}

#[test]
fn the_symmetry_walk_and_the_constellations_agree() {
    for n in FROM_N..=QUICK_N {
        let mut walked = queens::fast::bitmask::Counts::default();
        let _ = symmetry::walk(n, &mut walked);
        let census = constellation::count(n);
        assert_eq!(
            (census.solutions, census.fundamental),
            (walked.solutions, walked.fundamental)
        );
    }
}

#[test]
#[ignore = "heavy: constellations at n = 13..18 (about a minute on 2 cores)"]
fn constellations_are_exact_up_to_18() {
    for n in QUICK_N + 1..=18 {
        let stats = count(n, Strategy::Fastest).unwrap();
        assert_eq!(stats.tree, Tree::Constellations);
        assert_eq!(stats.solutions, common::SOLUTIONS[n], "n = {n}");
        assert_eq!(stats.unique, Some(common::FUNDAMENTAL[n]), "n = {n}");
    }
}

#[test]
#[ignore = "heavy: one thread, n = 13..16, and the count-only mirror to 16"]
fn one_thread_and_the_mirror_are_exact_up_to_16() {
    for n in QUICK_N + 1..=16 {
        assert_exact(n, constellation::count(n));
        assert_eq!(mirror_count::count(n), common::SOLUTIONS[n], "n = {n}");
    }
}

#[test]
fn outside_the_constellations_everything_runs_as_in_the_library() {
    assert_eq!(
        resolve(Strategy::Fastest, FROM_N - 1, None),
        Strategy::Symmetry
    );
    assert_eq!(
        resolve(Strategy::Fastest, 12, Some(1_000)),
        Strategy::Symmetry
    );
    let beyond = MAX_N + 1;
    assert_eq!(
        resolve(Strategy::Fastest, beyond, None),
        queens::run::resolve(Strategy::Fastest, beyond, None)
    );
    assert_eq!(resolve(Strategy::Mirror, 4, None), Strategy::Mirror);
    // Every other strategy, and `fastest` below FROM_N, counts what the library counts.
    let same = |n: usize, strategy: Strategy| {
        let mut ours = count(n, strategy).unwrap();
        let mut library = queens::run::count(n, strategy).unwrap();
        (ours.elapsed_ms, library.elapsed_ms) = (0.0, 0.0);
        assert_eq!(ours, library, "{strategy} n = {n}");
    };
    for strategy in Strategy::ALL
        .into_iter()
        .filter(|&s| s != Strategy::Fastest)
    {
        same(8, strategy);
    }
    same(FROM_N - 1, Strategy::Fastest);
    // The help names what runs here.
    assert!(queens_fastest::run::summary(Strategy::Fastest).contains("constellations"));
    assert_eq!(
        queens_fastest::run::summary(Strategy::Sets),
        Strategy::Sets.summary()
    );
}
