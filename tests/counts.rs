//! Every strategy against the published numbers, and against each other.

use crate::common;

use queens::run::{count, count_with_budget};
use queens::{Error, Strategy, Tree};

const KNUTH_STRATEGIES: [Strategy; 3] = [Strategy::Sets, Strategy::Arrays, Strategy::Bitmask];

#[test]
fn solution_counts_match_a000170_for_every_engine_strategy() {
    for strategy in common::runnable_strategies() {
        let max_n = match strategy {
            Strategy::Brute => 7,
            Strategy::Columns => 9,
            Strategy::Sets => 11,
            Strategy::Arrays | Strategy::ForwardChecking => 12,
            Strategy::Bitmask => 14,
            // The fast counters have their own trees: tests/fast.rs checks them.
            Strategy::Mirror | Strategy::Symmetry | Strategy::Parallel | Strategy::Fastest => {
                continue;
            }
        };
        for n in 0..=max_n {
            let stats = count(n, strategy).unwrap();
            assert_eq!(
                stats.solutions,
                common::SOLUTIONS[n],
                "{strategy} at n = {n}"
            );
        }
    }
}

#[test]
fn knuth_strategies_visit_exactly_the_published_tree() {
    for strategy in KNUTH_STRATEGIES {
        let max_n = if strategy == Strategy::Sets { 11 } else { 12 };
        for n in 1..=max_n {
            let stats = count(n, strategy).unwrap();
            assert_eq!(stats.tree, Tree::Knuth);
            assert_eq!(
                stats.profile,
                common::profile(n),
                "{strategy} profile at n = {n}"
            );
            assert_eq!(
                stats.nodes,
                common::total_nodes(n),
                "{strategy} nodes at n = {n}"
            );
            assert_eq!(stats.profile.iter().sum::<u64>(), stats.nodes);
        }
    }
}

#[test]
fn the_sets_report_knuths_numbers_at_n_12() {
    let stats = count(12, Strategy::Sets).unwrap();
    assert_eq!((stats.solutions, stats.nodes), (14_200, 856_189));
    assert_eq!(stats.profile, common::profile(12));
}

#[test]
fn knuth_strategies_agree_on_every_statistic() {
    for n in 0..=10 {
        let mut all = KNUTH_STRATEGIES.map(|s| count(n, s).unwrap());
        for stats in &mut all {
            stats.elapsed_ms = 0.0;
            stats.strategy = Strategy::Sets;
        }
        assert_eq!(all[0], all[1], "sets vs arrays at n = {n}");
        assert_eq!(all[0], all[2], "sets vs bitmask at n = {n}");
    }
}

#[test]
fn candidates_are_n_per_inner_node_and_every_one_is_placed_or_pruned() {
    for &(n, total, candidate_tests, _, _) in common::TOTALS.iter().take(11) {
        for strategy in KNUTH_STRATEGIES {
            let stats = count(n, strategy).unwrap();
            assert_eq!(stats.candidates, candidate_tests, "{strategy} n = {n}");
            assert_eq!(stats.candidates, n as u64 * (total - stats.solutions));
            // Each candidate either becomes a child node or is pruned.
            assert_eq!(stats.candidates, stats.nodes - 1 + stats.pruned.total());
            assert_eq!(stats.pruned.dead_end, 0);
        }
    }
}

#[test]
fn the_unpruned_trees_have_their_textbook_sizes() {
    // Reference: at n = 8, 19,173,961 (every placement) and 109,601 (permutations).
    let brute = count(7, Strategy::Brute).unwrap();
    assert_eq!(brute.nodes, (0..=7).map(|k| 7u64.pow(k)).sum::<u64>());
    assert_eq!(brute.pruned.total(), 0);
    let columns = count(8, Strategy::Columns).unwrap();
    assert_eq!(columns.nodes, 109_601);
    assert_eq!(columns.pruned.diagonal + columns.pruned.anti_diagonal, 0);
    for n in 0..=7 {
        assert_eq!(
            Some(u128::from(count(n, Strategy::Brute).unwrap().nodes)),
            Strategy::Brute.known_tree_size(n)
        );
        assert_eq!(
            Some(u128::from(count(n, Strategy::Columns).unwrap().nodes)),
            Strategy::Columns.known_tree_size(n)
        );
    }
}

#[test]
fn forward_checking_prunes_a_subtree_of_knuths_tree() {
    for n in 1..=11 {
        let fc = count(n, Strategy::ForwardChecking).unwrap();
        let knuth = common::profile(n);
        assert_eq!(fc.tree, Tree::ForwardChecked);
        assert!(fc.profile.iter().zip(knuth).all(|(a, b)| a <= b), "n = {n}");
        assert_eq!(fc.solutions, common::SOLUTIONS[n]);
        assert_eq!(fc.candidates, fc.nodes - 1 + fc.pruned.total());
        if n >= 4 {
            assert!(fc.nodes < common::total_nodes(n) && fc.pruned.dead_end > 0);
        }
        // With nothing left to look ahead at, the last level holds only solutions.
        assert_eq!(fc.profile[n - 1], fc.profile[n], "n = {n}");
    }
}

#[test]
fn the_empty_board_has_one_solution_and_one_node() {
    for strategy in common::runnable_strategies() {
        let stats = count(0, strategy).unwrap();
        assert_eq!((stats.solutions, stats.nodes, stats.candidates), (1, 1, 0));
        assert_eq!(stats.profile, [1]);
    }
}

#[test]
fn library_tables_match_the_transcribed_reference() {
    assert_eq!(queens::report::reference::SOLUTIONS, common::SOLUTIONS);
    assert_eq!(
        queens::report::reference::FUNDAMENTAL_SOLUTIONS,
        common::FUNDAMENTAL
    );
    for n in 1..=18 {
        assert_eq!(
            queens::report::reference::knuth_nodes(n),
            Some(common::total_nodes(n))
        );
    }
}

#[test]
fn budgets_stop_the_search_and_keep_what_it_found() {
    for strategy in [Strategy::Sets, Strategy::Bitmask, Strategy::ForwardChecking] {
        match count_with_budget(12, strategy, Some(1_000)) {
            Err(Error::BudgetExceeded { limit, partial }) => {
                assert_eq!(limit, 1_000);
                assert!(
                    partial.nodes > 1_000 && partial.nodes <= 1_001,
                    "{strategy}"
                );
                assert!(
                    partial.solutions > 0,
                    "{strategy} found nothing in 1000 nodes"
                );
                assert_eq!(partial.profile.iter().sum::<u64>(), partial.nodes);
            }
            other => panic!("{strategy}: expected a budget error, got {other:?}"),
        }
    }
    // A tree known in advance to be too large is refused without searching.
    let err = count(9, Strategy::Brute).unwrap_err();
    assert!(
        matches!(
            err,
            Error::TreeTooLarge {
                size: 435_848_050,
                ..
            }
        ),
        "{err}"
    );
    // Unlimited budget on the unpruned trees works when asked for.
    assert_eq!(
        count_with_budget(6, Strategy::Brute, None)
            .unwrap()
            .solutions,
        4
    );
}

#[test]
fn sizes_out_of_range_are_refused_with_a_reason() {
    let err = count(33, Strategy::Bitmask).unwrap_err();
    assert_eq!(
        err.to_string(),
        "n = 33 is too large for counting: it goes up to n = 32"
    );
    assert!(queens::run::solve(13).is_err());
    assert!(queens::run::trace(9, Strategy::Sets).is_err());
}

/// The heavy checks: `cargo test --release -- --ignored` (about a minute).
#[test]
#[ignore = "heavy: n = 13..16 on Knuth's tree, run with --release -- --ignored"]
fn bitmask_matches_knuths_profiles_up_to_16() {
    for n in 13..=16 {
        let stats = count(n, Strategy::Bitmask).unwrap();
        assert_eq!(stats.profile, common::profile(n), "n = {n}");
        assert_eq!(stats.solutions, common::SOLUTIONS[n]);
    }
}

#[test]
#[ignore = "heavy: n = 13..14 with the sets and arrays"]
fn sets_and_arrays_match_knuths_profiles_at_13_and_14() {
    for n in 13..=14 {
        for strategy in [Strategy::Sets, Strategy::Arrays] {
            assert_eq!(count(n, strategy).unwrap().profile, common::profile(n));
        }
    }
}
