//! `fastest`, the banded Sudoku solver, against the library's rungs: on the
//! shipped puzzles, on grids with many solutions or none, on generated
//! puzzles and on random givens (proptest); its names on the command line.

use queens::board::coords::Cell;
use queens::sudoku::bank;
use queens::sudoku::{Grid, Strategy as Rung, Units};
use queens_fastest::sudoku::{Strategy, solve, solve_up_to};

const FIRST: &str =
    "083020090000800100029300008000098700070000060006740000300006980002005000010030540";

const FASTEST: Strategy = Strategy::Fastest;
const SINGLES: Strategy = Strategy::Rung(Rung::Singles);

#[test]
fn fastest_solves_every_shipped_puzzle_as_singles_does_in_fewer_nodes() {
    let (mut ours, mut theirs) = (0, 0);
    for (index, puzzle) in bank::diabolical().iter().enumerate() {
        let fastest = solve(&puzzle.grid, FASTEST);
        let singles = solve(&puzzle.grid, SINGLES);
        let solution = fastest.solution.expect("a solution");
        assert!(solution.solves(&puzzle.grid), "puzzle {}", index + 1);
        assert_eq!(fastest.solution, singles.solution, "puzzle {}", index + 1);
        assert!(fastest.unique, "puzzle {}", index + 1);
        (ours, theirs) = (ours + fastest.nodes, theirs + singles.nodes);
    }
    assert!(ours < theirs, "{ours} vs {theirs}");
}

#[test]
fn fastest_agrees_when_there_are_many_solutions_none_or_a_clash() {
    // The empty grid: the search stops at its second solution.
    let solved = solve(&Grid::empty(), FASTEST);
    assert_eq!(solved.solutions, 2);
    assert!(!solved.unique);
    assert!(solved.solution.unwrap().is_solved());
    // No clash among the givens, yet no solution: r1c9 cannot hold anything.
    let mut grid = Grid::empty();
    for (col, digit) in (0..8).zip(1..=8) {
        grid.set(Cell::new(0, col), digit);
    }
    grid.set(Cell::new(1, 8), 9);
    let solved = solve(&grid, FASTEST);
    assert_eq!((solved.solution, solved.solutions), (None, 0));
    assert!(solved.nodes >= 1);
    // Clashing givens: no solution, no search.
    let mut grid = Grid::empty();
    grid.set(Cell::new(0, 0), 4);
    grid.set(Cell::new(0, 1), 4);
    let solved = solve(&grid, FASTEST);
    assert_eq!((solved.solution, solved.nodes), (None, 0));
    // One empty cell: a naked single at the root.
    let solution = solve(&FIRST.parse().unwrap(), FASTEST).solution.unwrap();
    let mut grid = solution;
    grid.clear(Cell::new(4, 4));
    let solved = solve(&grid, FASTEST);
    assert_eq!((solved.nodes, solved.solution), (1, Some(solution)));
}

#[test]
fn strategy_names_round_trip_and_the_rungs_are_the_librarys() {
    for strategy in Strategy::ALL {
        assert_eq!(strategy.name().parse::<Strategy>().unwrap(), strategy);
    }
    let rungs: Vec<Strategy> = Rung::ALL.into_iter().map(Strategy::from).collect();
    assert_eq!(rungs, Strategy::ALL[..Rung::ALL.len()]);
    assert_eq!(
        "dlx".parse::<Strategy>().unwrap_err().to_string(),
        "unknown Sudoku strategy 'dlx': expected naive, mrv, naked, singles or fastest"
    );
}

/// A puzzle made from a shipped solution: digits relabelled, then the cells
/// of `keep` (one flag per cell) kept as givens.
fn generated(source: usize, relabel: &[u8], keep: &[bool]) -> Grid {
    let puzzles = bank::diabolical();
    let solution = queens::sudoku::solve(&puzzles[source % puzzles.len()].grid, Rung::Naked)
        .solution
        .expect("a shipped puzzle solves");
    let mut grid = Grid::empty();
    for (index, (&digit, &kept)) in solution.digits().iter().zip(keep).enumerate() {
        if kept {
            grid.set(Cell::new(index / 9, index % 9), relabel[digit as usize - 1]);
        }
    }
    grid
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(300))]

    /// `fastest` against the slow strategies on generated puzzles: the same
    /// number of solutions (up to 2), each one valid, the same one when unique.
    #[test]
    fn fastest_agrees_with_the_slow_strategies_on_generated_puzzles(
        source in 0usize..40,
        relabel in proptest::prelude::Strategy::prop_shuffle(
            proptest::sample::subsequence((1u8..=9).collect::<Vec<_>>(), 9)
        ),
        keep in proptest::collection::vec(proptest::bool::weighted(0.33), 81),
    ) {
        let puzzle = generated(source, &relabel, &keep);
        let fastest = solve(&puzzle, FASTEST);
        let mut references = vec![solve(&puzzle, SINGLES), solve(&puzzle, Strategy::Rung(Rung::Naked))];
        if puzzle.givens() >= 30 {
            references.push(solve(&puzzle, Strategy::Rung(Rung::Mrv)));
        }
        for reference in &references {
            proptest::prop_assert_eq!(fastest.solutions, reference.solutions, "{}", puzzle);
            if reference.unique {
                proptest::prop_assert_eq!(fastest.solution, reference.solution, "{}", puzzle);
            }
        }
        let first = fastest.solution.expect("a puzzle cut from a solution solves");
        proptest::prop_assert!(first.solves(&puzzle), "{}", puzzle);
    }

    /// Counting up to a limit: `fastest` and `singles` count the same.
    #[test]
    fn fastest_counts_solutions_like_singles(
        source in 0usize..40,
        keep in proptest::collection::vec(proptest::bool::weighted(0.25), 81),
    ) {
        let puzzle = generated(source, &[1, 2, 3, 4, 5, 6, 7, 8, 9], &keep);
        let limit = 50;
        let fastest = solve_up_to(&puzzle, FASTEST, limit);
        let singles = solve_up_to(&puzzle, SINGLES, limit);
        proptest::prop_assert_eq!(fastest.solutions, singles.solutions, "{}", puzzle);
        proptest::prop_assert!(fastest.solutions >= 1);
    }
}

/// A grid of random givens, clashing or not: `digits[i]` in cell `i` where
/// `filled[i]`.
fn random_grid(digits: &[u8], filled: &[bool]) -> Grid {
    let mut grid = Grid::empty();
    for (index, (&digit, &given)) in digits.iter().zip(filled).enumerate() {
        if given {
            grid.set(Cell::new(index / 9, index % 9), digit);
        }
    }
    grid
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(500))]

    /// `fastest` builds its board straight from the givens' words: a grid
    /// whose givens clash has no solution and a search of 0 nodes, and any
    /// other counts as many solutions (up to 2) as `singles`.
    #[test]
    fn fastest_sets_up_any_grid_like_the_sets(
        digits in proptest::collection::vec(1u8..=9, 81),
        filled in proptest::collection::vec(proptest::bool::weighted(0.12), 81),
    ) {
        let grid = random_grid(&digits, &filled);
        let fastest = solve(&grid, FASTEST);
        if Units::from_grid(&grid).is_err() {
            proptest::prop_assert_eq!((fastest.solutions, fastest.nodes), (0, 0), "{}", grid);
        } else {
            let singles = solve(&grid, SINGLES);
            proptest::prop_assert_eq!(fastest.solutions, singles.solutions, "{}", grid);
            if let Some(first) = fastest.solution {
                proptest::prop_assert!(first.solves(&grid), "{}", grid);
            }
        }
    }
}
