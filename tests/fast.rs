//! The fast counters (bitmask tally, mirror, symmetry, parallel, fastest)
//! against the published numbers, against each other, and against the full
//! statistics recorded node by node. (The command line's `fastest`, the
//! constellations, is tested in fastest/tests/constellation.rs.)

use crate::common;

use queens::fast::bitmask::{self, Counts};
#[cfg(feature = "parallel")]
use queens::fast::parallel;
use queens::fast::{Tally, mirror, symmetry};
use queens::run::{count, count_with_budget};
use queens::{Error, SearchStats, Strategy, Tree};

/// `parallel` needs the `parallel` feature (on by default, with `cli`).
const SYMMETRY_STRATEGIES: &[Strategy] = if cfg!(feature = "parallel") {
    &[Strategy::Symmetry, Strategy::Parallel, Strategy::Fastest]
} else {
    &[Strategy::Symmetry, Strategy::Fastest]
};

/// The default `cargo test` goes this far; the `#[ignore]`d tests go to 18.
const QUICK_N: usize = 14;

/// The fields that must agree between two runs of the same tree.
fn without_time(mut stats: SearchStats, strategy: Strategy) -> SearchStats {
    stats.elapsed_ms = 0.0;
    stats.strategy = strategy;
    stats
}

fn assert_consistent(stats: &SearchStats) {
    let n = stats.n as u64;
    let leaves = *stats.profile.last().unwrap();
    assert_eq!(stats.profile.iter().sum::<u64>(), stats.nodes, "{stats:?}");
    assert_eq!(stats.candidates, n * (stats.nodes - leaves), "{stats:?}");
    // Every candidate becomes a child node or is pruned, for one reason.
    assert_eq!(
        stats.candidates,
        stats.nodes - 1 + stats.pruned.total(),
        "{stats:?}"
    );
    assert_eq!(stats.pruned.dead_end, 0);
}

#[test]
fn every_fast_strategy_counts_a000170_up_to_14() {
    // `bitmask` walks Knuth's tree: tests/counts.rs checks it with the others.
    for strategy in [Strategy::Mirror]
        .into_iter()
        .chain(SYMMETRY_STRATEGIES.iter().copied())
    {
        for n in 0..=QUICK_N {
            let stats = count(n, strategy).unwrap();
            assert_eq!(stats.solutions, common::SOLUTIONS[n], "{strategy} n = {n}");
            assert_consistent(&stats);
        }
    }
}

#[test]
fn the_symmetry_strategies_count_a002562_up_to_14() {
    for &strategy in SYMMETRY_STRATEGIES {
        // The empty board is one class of one board.
        assert_eq!(count(0, strategy).unwrap().unique, Some(1));
        for n in 1..=QUICK_N {
            let stats = count(n, strategy).unwrap();
            assert_eq!(
                stats.unique,
                Some(common::FUNDAMENTAL[n]),
                "{strategy} n = {n}"
            );
            assert_eq!(stats.tree, Tree::SymmetryReduced);
        }
    }
    // The others do not claim to know.
    for strategy in [Strategy::Sets, Strategy::Bitmask, Strategy::Mirror] {
        assert_eq!(count(8, strategy).unwrap().unique, None);
    }
}

#[test]
fn bitmask_statistics_from_the_tally_match_the_node_by_node_record() {
    for n in 0..=12 {
        let mut recorded = SearchStats::new(n, Strategy::Bitmask);
        let _ = bitmask::walk(n, &mut recorded);
        let tallied = count(n, Strategy::Bitmask).unwrap();
        assert_eq!(
            without_time(tallied, Strategy::Bitmask),
            recorded,
            "n = {n}"
        );
    }
}

#[test]
fn mirror_and_symmetry_tallies_match_the_node_by_node_record() {
    for n in 0..=12 {
        let mut recorded = SearchStats::new(n, Strategy::Mirror);
        let _ = mirror::walk(n, &mut recorded);
        let mut tally = Tally::new(n);
        let _ = mirror::walk(n, &mut tally);
        assert_eq!(
            tally.into_stats(n, Strategy::Mirror),
            recorded,
            "mirror n = {n}"
        );

        let mut recorded = SearchStats::new(n, Strategy::Symmetry);
        let _ = symmetry::walk(n, &mut recorded);
        let mut tally = Tally::new(n);
        let _ = symmetry::walk(n, &mut tally);
        assert_eq!(
            tally.into_stats(n, Strategy::Symmetry),
            recorded,
            "symmetry n = {n}"
        );
    }
}

#[test]
fn the_mirror_walks_the_published_halved_tree() {
    for &(n, total, _, halved, _) in &common::TOTALS[..QUICK_N] {
        let stats = count(n, Strategy::Mirror).unwrap();
        assert_eq!(stats.tree, Tree::MirrorHalved);
        if let Some(halved) = halved {
            assert_eq!(stats.nodes, halved, "n = {n}");
        }
        if n % 2 == 0 {
            assert_eq!(stats.nodes, (total - 1) / 2 + 1, "n = {n}");
        }
        // Only the top row's right half is skipped by symmetry.
        assert_eq!(stats.pruned.symmetry, n as u64 / 2);
    }
}

#[test]
fn the_symmetry_tree_is_its_own_and_much_smaller() {
    let stats = count(8, Strategy::Symmetry).unwrap();
    assert_eq!(
        (stats.nodes, stats.solutions, stats.unique),
        (344, 92, Some(12))
    );
    assert!(stats.pruned.symmetry > 0);
    for n in 9..=QUICK_N {
        let symmetric = count(n, Strategy::Symmetry).unwrap().nodes;
        let halved = count(n, Strategy::Mirror).unwrap().nodes;
        // From n = 9, over three times smaller than the mirror's (3.7x at n = 12).
        assert!(symmetric * 3 < halved, "n = {n}: {symmetric} vs {halved}");
    }
}

#[test]
#[cfg(feature = "parallel")]
fn parallel_reports_exactly_what_symmetry_reports() {
    for n in 0..=12 {
        let alone = count(n, Strategy::Symmetry).unwrap();
        for strategy in [Strategy::Parallel, Strategy::Fastest] {
            let stats = count(n, strategy).unwrap();
            assert_eq!(stats.strategy, strategy);
            assert_eq!(
                without_time(stats, Strategy::Symmetry),
                without_time(alone.clone(), Strategy::Symmetry),
                "{strategy} n = {n}"
            );
        }
    }
}

#[test]
fn bare_counts_agree_with_the_tallies() {
    for n in 0..=11 {
        let knuth = bitmask::count(n);
        assert_eq!(
            (knuth.nodes, knuth.solutions),
            (
                if n == 0 { 1 } else { common::total_nodes(n) },
                common::SOLUTIONS[n]
            )
        );
        let mut halved = Counts::default();
        let _ = mirror::walk(n, &mut halved);
        let stats = count(n, Strategy::Mirror).unwrap();
        assert_eq!(
            (halved.nodes, halved.solutions),
            (stats.nodes, stats.solutions)
        );
        let mut reduced = Counts::default();
        let _ = symmetry::walk(n, &mut reduced);
        #[cfg(feature = "parallel")]
        {
            let together: Counts = parallel::walk(n);
            assert_eq!(reduced, together, "n = {n}");
        }
        let stats = count(n, Strategy::Symmetry).unwrap();
        assert_eq!(
            (reduced.nodes, reduced.solutions, Some(reduced.fundamental)),
            (stats.nodes, stats.solutions, stats.unique)
        );
    }
}

#[test]
fn budgets_stop_the_sequential_fast_walks_and_keep_what_they_found() {
    for strategy in [Strategy::Mirror, Strategy::Symmetry, Strategy::Fastest] {
        match count_with_budget(12, strategy, Some(1_000)) {
            Err(Error::BudgetExceeded { limit, partial }) => {
                assert_eq!(limit, 1_000);
                assert_eq!(partial.nodes, 1_001, "{strategy}");
                assert_eq!(partial.profile.iter().sum::<u64>(), partial.nodes);
                assert_eq!(partial.strategy, strategy);
            }
            other => panic!("{strategy}: expected a budget error, got {other:?}"),
        }
    }
    // A budget large enough changes nothing.
    let stats = count_with_budget(10, Strategy::Fastest, Some(1_000_000)).unwrap();
    assert_eq!((stats.solutions, stats.unique), (724, Some(92)));
    // Threads cannot share one budget: refused, with the way out.
    let err = count_with_budget(10, Strategy::Parallel, Some(1_000)).unwrap_err();
    assert!(matches!(err, Error::Unsupported { .. }), "{err}");
    assert!(err.to_string().contains("symmetry"), "{err}");
}

#[test]
fn fast_strategies_cannot_be_traced_and_refuse_33() {
    for strategy in [
        Strategy::Mirror,
        Strategy::Symmetry,
        Strategy::Parallel,
        Strategy::Fastest,
    ] {
        assert!(matches!(
            queens::run::Plan::of(strategy),
            queens::run::Plan::Walk(_)
        ));
        let err = queens::run::trace(4, strategy).unwrap_err().to_string();
        assert!(err.contains("cannot be traced"), "{err}");
        let err = count(33, strategy).unwrap_err().to_string();
        assert_eq!(
            err,
            "n = 33 is too large for counting: it goes up to n = 32"
        );
    }
}

#[test]
#[cfg(feature = "serde")]
fn json_without_the_new_fields_still_parses() {
    let old = r#"{"n":4,"strategy":"sets","tree":"knuth","solutions":2,"nodes":17,
        "profile":[1,4,6,4,2],"candidates":60,
        "pruned":{"column":22,"diagonal":14,"anti_diagonal":8,"dead_end":0},"elapsed_ms":0.1}"#;
    let stats: SearchStats = serde_json::from_str(old).unwrap();
    assert_eq!((stats.unique, stats.pruned.symmetry), (None, 0));
    // And `unique` appears only where it was counted.
    let json = serde_json::to_value(count(6, Strategy::Sets).unwrap()).unwrap();
    assert!(json.get("unique").is_none());
    let json = serde_json::to_value(count(6, Strategy::Symmetry).unwrap()).unwrap();
    assert_eq!(json["unique"], 1);
    assert_eq!(json["tree"], "symmetry-reduced");
}

#[test]
#[ignore = "heavy: n = 15..18 with the symmetry walk (about a minute on 2 cores)"]
fn symmetry_is_exact_up_to_18() {
    for n in 15..=18 {
        let strategy = if cfg!(feature = "parallel") {
            Strategy::Parallel
        } else {
            Strategy::Symmetry
        };
        let stats = count(n, strategy).unwrap();
        assert_eq!(stats.solutions, common::SOLUTIONS[n], "n = {n}");
        assert_eq!(stats.unique, Some(common::FUNDAMENTAL[n]), "n = {n}");
        assert_consistent(&stats);
    }
}

#[test]
#[ignore = "heavy: Knuth's and the mirror's trees at n = 15..17 (several minutes)"]
fn bitmask_and_mirror_are_exact_up_to_17() {
    for n in 15..=17 {
        let knuth = count(n, Strategy::Bitmask).unwrap();
        assert_eq!(knuth.profile, common::profile(n), "n = {n}");
        let halved = count(n, Strategy::Mirror).unwrap();
        assert_eq!(halved.solutions, common::SOLUTIONS[n], "n = {n}");
        if let Some(expected) = common::TOTALS[n - 1].3 {
            assert_eq!(halved.nodes, expected, "n = {n}");
        }
        assert_consistent(&halved);
    }
}

#[test]
#[ignore = "very heavy: Knuth's tree at n = 18, 59 billion nodes (about 8 minutes)"]
fn bitmask_and_mirror_are_exact_at_18() {
    let knuth = bitmask::count(18);
    assert_eq!(
        (knuth.nodes, knuth.solutions),
        (common::total_nodes(18), common::SOLUTIONS[18])
    );
    let halved = count(18, Strategy::Mirror).unwrap();
    assert_eq!(halved.solutions, common::SOLUTIONS[18]);
}

#[test]
fn fastest_stays_on_one_thread_for_small_boards_and_under_a_budget() {
    use queens::run::{PARALLEL_FROM_N, resolve};
    let small = PARALLEL_FROM_N - 1;
    assert_eq!(resolve(Strategy::Fastest, small, None), Strategy::Symmetry);
    assert_eq!(
        resolve(Strategy::Fastest, PARALLEL_FROM_N, Some(1_000)),
        Strategy::Symmetry
    );
    let threads = if cfg!(feature = "parallel") {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        1
    };
    // rayon's pool has a thread per core unless RAYON_NUM_THREADS says otherwise.
    if threads > 1 && std::env::var_os("RAYON_NUM_THREADS").is_none() {
        assert_eq!(
            resolve(Strategy::Fastest, PARALLEL_FROM_N, None),
            Strategy::Parallel
        );
    }
    // Whichever runs, the other strategies are asked for by name.
    assert_eq!(resolve(Strategy::Mirror, 4, None), Strategy::Mirror);
}
