//! The boards `solve` returns: the seed's shape, the seed's order, all valid.

use std::collections::HashSet;

use proptest::prelude::*;
use queens::board::placement::{board_rows, conflicts, is_solution, parse_board};
use queens::run::solve;

use crate::common;

#[test]
fn n_4_gives_the_seeds_two_boards_in_order() {
    assert_eq!(
        solve(4).unwrap(),
        [
            [".Q..", "...Q", "Q...", "..Q."],
            ["..Q.", "Q...", "...Q", ".Q.."]
        ]
    );
}

#[test]
fn every_board_is_a_distinct_valid_solution_in_lexicographic_order() {
    for n in 0..=10 {
        let boards = solve(n).unwrap();
        assert_eq!(boards.len() as u64, common::SOLUTIONS[n], "n = {n}");
        let placements: Vec<Vec<usize>> = boards
            .iter()
            .map(|b| parse_board(b).expect("well-formed board"))
            .collect();
        for queens in &placements {
            assert!(is_solution(n, queens), "{queens:?} at n = {n}");
        }
        // Rows top to bottom, columns ascending: the seed's order is lexicographic.
        assert!(placements.windows(2).all(|w| w[0] < w[1]), "n = {n}");
        assert_eq!(
            placements.iter().collect::<HashSet<_>>().len(),
            placements.len()
        );
    }
}

#[test]
fn n_8_has_92_boards_the_first_being_the_textbook_one() {
    let boards = solve(8).unwrap();
    assert_eq!(boards.len(), 92);
    assert_eq!(parse_board(&boards[0]).unwrap(), [0, 4, 7, 5, 2, 6, 1, 3]);
    assert_eq!(parse_board(&boards[91]).unwrap(), [7, 3, 0, 2, 5, 1, 6, 4]);
}

proptest! {
    /// The solution check agrees with checking every pair of queens by hand.
    #[test]
    fn is_solution_agrees_with_pairwise_checks(queens in prop::collection::vec(0usize..7, 0..=7)) {
        let n = queens.len();
        let no_clash = (0..n).all(|a| (a + 1..n).all(|b| {
            let (ra, ca, rb, cb) = (a as i64, queens[a] as i64, b as i64, queens[b] as i64);
            ca != cb && (ra - rb).abs() != (ca - cb).abs()
        }));
        let on_board = queens.iter().all(|&c| c < n);
        prop_assert_eq!(is_solution(n, &queens), no_clash && on_board);
        prop_assert_eq!(conflicts(&queens).is_empty(), no_clash);
    }

    /// Board strings and placements are two spellings of one thing.
    #[test]
    fn board_strings_round_trip(perm in Just((0..8usize).collect::<Vec<_>>()).prop_shuffle()) {
        prop_assert_eq!(parse_board(&board_rows(8, &perm)), Some(perm));
    }
}
