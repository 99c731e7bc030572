//! Sudoku in the two shapes of this folder: a binary CSP (81 cells, digits
//! 1 to 9, every two peers differ: Russell & Norvig, §6.2.6) and an exact
//! cover (Knuth, §7.2.2.1: 324 primary items, each cell filled and each
//! digit once in each row, column and box; one option per cell and digit).

use super::dlx::ExactCover;
use super::problem::{Problem, Relation};
use crate::board::coords::Cell;
use crate::sudoku::{CELLS, Grid, SIDE, box_of};

/// Whether two cells are peers: same row, column or box, and not the same.
fn peers(a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = (a / SIDE, a % SIDE, b / SIDE, b % SIDE);
    a != b && (ra == rb || ca == cb || box_of(ra, ca) == box_of(rb, cb))
}

/// The puzzle as a CSP: cell `r4c7` (rows and columns from 1) is variable
/// `row * 9 + col`, its domain the digits 1 to 9, its neighbours its 20
/// peers, the givens fixed.
pub fn problem(puzzle: &Grid) -> Problem {
    Problem {
        names: (0..CELLS)
            .map(|c| format!("r{}c{}", c / SIDE + 1, c % SIDE + 1))
            .collect(),
        domains: vec![(1..=SIDE).collect(); CELLS],
        neighbours: (0..CELLS)
            .map(|a| (0..CELLS).filter(|&b| peers(a, b)).collect())
            .collect(),
        relation: Relation::Differ,
        givens: (puzzle.digits().iter())
            .map(|&d| (d != 0).then_some(usize::from(d)))
            .collect(),
    }
}

/// The cells whose domain is down to one digit, as a grid (the others
/// empty): what arc consistency has fixed. On Sudoku, where peers only
/// differ, AC-3 removes a digit only next to a fixed cell, so its fixed point
/// is naked singles applied until none is left, and the other domains are
/// the candidates of that grid.
pub fn fixed(domains: &[Vec<usize>]) -> Grid {
    let mut grid = Grid::empty();
    for (index, domain) in domains.iter().enumerate() {
        if let [digit] = domain[..] {
            grid.set(Cell::new(index / SIDE, index % SIDE), digit as u8);
        }
    }
    grid
}

/// A CSP solution (one digit per cell) as a grid.
pub fn grid_of(values: &[usize]) -> Grid {
    let mut grid = Grid::empty();
    for (index, &digit) in values.iter().enumerate() {
        grid.set(Cell::new(index / SIDE, index % SIDE), digit as u8);
    }
    grid
}

/// The puzzle as an exact cover: items `cell`, `row × digit`, `column ×
/// digit`, `box × digit` (81 each, all primary); option `cell * 9 + digit -
/// 1` puts `digit` in `cell`, and a given cell keeps only its given's.
pub fn exact_cover(puzzle: &Grid) -> ExactCover {
    let mut options = Vec::new();
    for (cell, &given) in puzzle.digits().iter().enumerate() {
        let (row, col) = (cell / SIDE, cell % SIDE);
        for digit in 0..SIDE {
            if given == 0 || usize::from(given) == digit + 1 {
                options.push(vec![
                    cell,
                    CELLS + row * SIDE + digit,
                    2 * CELLS + col * SIDE + digit,
                    3 * CELLS + box_of(row, col) * SIDE + digit,
                ]);
            } else {
                // Kept empty so that option numbers stay `cell * 9 + digit`.
                options.push(Vec::new());
            }
        }
    }
    ExactCover::new(4 * CELLS, 0, &options)
}

/// An exact cover's options (as [`exact_cover`] numbers them) as a grid.
pub fn grid_of_options(options: &[usize]) -> Grid {
    let mut grid = Grid::empty();
    for &option in options {
        let (cell, digit) = (option / SIDE, option % SIDE + 1);
        grid.set(Cell::new(cell / SIDE, cell % SIDE), digit as u8);
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csp::search::{Inference, Order, solve};
    use crate::sudoku::{self, Strategy, bank};

    #[test]
    fn every_cell_has_twenty_peers() {
        let problem = problem(&Grid::empty());
        assert!(problem.neighbours.iter().all(|n| n.len() == 20));
    }

    #[test]
    fn mac_and_dlx_solve_the_diabolical_puzzles_as_singles_does() {
        for line in bank::diabolical().iter().take(5) {
            let puzzle = &line.grid;
            let singles = sudoku::solve(puzzle, Strategy::Singles);
            let expected = singles.solution.unwrap();
            let mac = solve(&problem(puzzle), Inference::Mac, Order::FewestValues, 2);
            assert_eq!(mac.solutions, 1);
            assert_eq!(grid_of(&mac.first.unwrap()), expected);
            let dlx = exact_cover(puzzle).solve(2);
            assert_eq!(dlx.solutions, 1);
            assert_eq!(grid_of_options(&dlx.first.unwrap()), expected);
        }
    }

    #[test]
    fn arc_consistency_leaves_the_candidates_of_the_grid_it_fixes() {
        let puzzle = bank::diabolical()[0].grid;
        let problem = problem(&puzzle);
        let domains = crate::csp::arc::ac3(&problem, problem.starting_domains())
            .domains
            .unwrap();
        let grid = fixed(&domains);
        assert!(grid.givens() >= puzzle.givens());
        for cell in 0..CELLS {
            let taken: Vec<usize> = (problem.neighbours[cell].iter())
                .filter_map(|&peer| match domains[peer][..] {
                    [digit] => Some(digit),
                    _ => None,
                })
                .collect();
            if domains[cell].len() > 1 {
                let candidates: Vec<usize> = (1..=SIDE).filter(|d| !taken.contains(d)).collect();
                assert_eq!(domains[cell], candidates, "cell {cell}");
            }
        }
    }

    #[test]
    fn checking_walks_the_course_s_naive_and_mrv_trees() {
        for line in bank::diabolical().iter().take(3) {
            let problem = problem(&line.grid);
            let first = solve(&problem, Inference::Checking, Order::InOrder, 2);
            assert_eq!(
                first.nodes,
                sudoku::solve(&line.grid, Strategy::Naive).nodes
            );
            let fewest = solve(&problem, Inference::Checking, Order::FewestValues, 2);
            assert_eq!(fewest.nodes, sudoku::solve(&line.grid, Strategy::Mrv).nodes);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        /// A solved diabolical grid with cells emptied has as many
        /// completions (up to 20) for MAC, dancing links and `singles`.
        #[test]
        fn mac_dlx_and_singles_count_the_same_completions(
            puzzle in 0usize..40,
            emptied in proptest::collection::vec(0usize..CELLS, 0..60),
        ) {
            let line = &bank::diabolical()[puzzle];
            let mut grid = sudoku::solve(&line.grid, Strategy::Singles).solution.unwrap();
            for &cell in &emptied {
                grid.clear(Cell::new(cell / SIDE, cell % SIDE));
            }
            let limit = 20;
            let singles = sudoku::solve_up_to(&grid, Strategy::Singles, limit).solutions;
            let mac = solve(&problem(&grid), Inference::Mac, Order::FewestValues, limit).solutions;
            let dlx = exact_cover(&grid).solve(limit).solutions;
            proptest::prop_assert_eq!((mac, dlx), (singles, singles));
        }
    }
}
