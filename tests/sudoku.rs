//! Sudoku: every shipped puzzle solved, checked and unique; the parse errors;
//! every strategy agrees; the box identity and the three sets; the two rules.
//! (`fastest`, the banded solver, is tested in fastest/tests/sudoku.rs.)

use queens::board::coords::Cell;
use queens::search::{Flow, NodeBudget};
use queens::sudoku::bank::{self, PuzzleLine};
use queens::sudoku::search::{self, CellOrder, Observer};
use queens::sudoku::{Clash, Grid, ParseError, Strategy, Unit, Units, box_of, solve};

const FIRST: &str =
    "083020090000800100029300008000098700070000060006740000300006980002005000010030540";

#[test]
fn forty_diabolical_puzzles_are_shipped() {
    let puzzles = bank::diabolical();
    assert_eq!(puzzles.len(), 40);
    assert!(
        puzzles
            .iter()
            .all(|p| p.hash.as_ref().is_some_and(|h| h.len() == 12))
    );
    assert!(puzzles.iter().all(|p| p.rating.is_some_and(|r| r >= 5.0)));
    assert_eq!(puzzles[0].grid.to_string(), FIRST);
}

#[test]
fn every_shipped_puzzle_has_one_valid_solution_keeping_its_givens() {
    for (index, puzzle) in bank::diabolical().iter().enumerate() {
        let solved = solve(&puzzle.grid, Strategy::Singles);
        let solution = solved.solution.expect("a solution");
        assert!(solution.is_solved(), "puzzle {}: {solution}", index + 1);
        assert!(solution.solves(&puzzle.grid), "puzzle {}", index + 1);
        for (given, digit) in puzzle.grid.digits().iter().zip(solution.digits()) {
            assert!(*given == 0 || given == digit, "puzzle {}", index + 1);
        }
        assert_eq!(solved.solutions, 1, "puzzle {}", index + 1);
        assert!(solved.unique, "puzzle {}", index + 1);
    }
}

#[test]
fn every_strategy_agrees_on_every_shipped_puzzle() {
    let mut totals = [0u64; 4];
    for (index, puzzle) in bank::diabolical().iter().enumerate() {
        let [naive, mrv, naked, singles] = Strategy::ALL.map(|s| solve(&puzzle.grid, s));
        for other in [&mrv, &naked, &singles] {
            assert_eq!(naive.solution, other.solution, "puzzle {}", index + 1);
            assert!(other.unique, "puzzle {}", index + 1);
        }
        assert!(naive.unique);
        // MRV and naked singles shrink every tree; further rules may branch on
        // another cell, so one puzzle can grow a little, never the total.
        assert!(mrv.nodes < naive.nodes, "puzzle {}", index + 1);
        assert!(naked.nodes < mrv.nodes, "puzzle {}", index + 1);
        for (total, solved) in totals.iter_mut().zip([&naive, &mrv, &naked, &singles]) {
            *total += solved.nodes;
        }
    }
    assert!(
        totals.windows(2).all(|pair| pair[1] < pair[0]),
        "{totals:?}"
    );
}

#[test]
fn strategies_agree_when_there_are_many_solutions_or_none() {
    // The empty grid: the search stops at its second solution.
    for strategy in Strategy::ALL {
        let solved = solve(&Grid::empty(), strategy);
        assert_eq!(solved.solutions, 2, "{strategy}");
        assert!(!solved.unique);
        assert!(solved.solution.unwrap().is_solved());
    }
    // No clash among the givens, yet no solution: r1c9 cannot hold anything.
    let mut grid = Grid::empty();
    for (col, digit) in (0..8).zip(1..=8) {
        grid.set(Cell::new(0, col), digit);
    }
    grid.set(Cell::new(1, 8), 9);
    let grid: Grid = grid.to_string().parse().expect("no clash");
    for strategy in Strategy::ALL {
        let solved = solve(&grid, strategy);
        assert_eq!(solved.solution, None, "{strategy}");
        assert_eq!(solved.solutions, 0);
        assert!(!solved.unique);
        assert!(solved.nodes >= 1);
    }
}

#[test]
fn naive_takes_the_first_empty_cell_and_counts_the_root() {
    // One empty cell: the root and one child.
    let solution = solve(&FIRST.parse().unwrap(), Strategy::Singles)
        .solution
        .unwrap();
    let mut grid = solution;
    grid.clear(Cell::new(4, 4));
    for strategy in Strategy::ALL {
        let solved = solve(&grid, strategy);
        let forced = matches!(strategy, Strategy::Naked | Strategy::Singles);
        assert_eq!(solved.nodes, if forced { 1 } else { 2 }, "{strategy}");
        assert_eq!(solved.solution, Some(solution));
    }
    // A full grid is a solution at the root.
    assert_eq!(solve(&solution, Strategy::Naive).nodes, 1);
}

#[test]
fn the_box_identity_names_nine_boxes_of_nine_cells() {
    let mut sizes = [0; 9];
    for row in 0..9 {
        for col in 0..9 {
            let b = box_of(row, col);
            sizes[b] += 1;
            // Same band and stack, same box.
            assert_eq!(b / 3, row / 3);
            assert_eq!(b % 3, col / 3);
        }
    }
    assert_eq!(sizes, [9; 9]);
    for b in 0..9 {
        let cells: Vec<Cell> = Unit::Box(b).cells().collect();
        assert_eq!(cells.len(), 9);
        assert!(cells.iter().all(|c| box_of(c.row, c.col) == b));
    }
}

#[test]
fn the_prune_check_names_the_first_set_holding_the_digit() {
    let mut units = Units::new();
    units.insert(Cell::new(0, 0), 5);
    assert_eq!(units.clash(Cell::new(0, 8), 5), Some(Unit::Row(0)));
    assert_eq!(units.clash(Cell::new(8, 0), 5), Some(Unit::Column(0)));
    assert_eq!(units.clash(Cell::new(2, 2), 5), Some(Unit::Box(0)));
    assert_eq!(units.clash(Cell::new(4, 4), 5), None);
    assert_eq!(units.clash(Cell::new(0, 8), 4), None);
    assert_eq!(units.candidates(Cell::new(1, 1)).iter().count(), 8);
    units.delete(Cell::new(0, 0), 5);
    assert_eq!(units, Units::new());
}

#[test]
fn a_puzzle_is_81_cells_of_digits_zeros_or_dots() {
    let dotted = FIRST.replace('0', ".");
    assert_eq!(dotted.parse::<Grid>().unwrap().to_string(), FIRST);
    assert_eq!(
        format!("  {FIRST}\n").parse::<Grid>().unwrap().to_string(),
        FIRST
    );
    assert_eq!(Grid::empty().to_string(), "0".repeat(81));
    let pretty = FIRST.parse::<Grid>().unwrap().pretty();
    assert_eq!(pretty.lines().count(), 11);
    assert!(pretty.starts_with(". 8 3 | . 2 . | . 9 .\n"), "{pretty}");
}

#[test]
fn wrong_length_is_refused() {
    for (text, cells) in [
        ("", 0),
        ("123", 3),
        (&FIRST[1..], 80),
        (&format!("{FIRST}0"), 82),
    ] {
        let error = text.parse::<Grid>().unwrap_err();
        assert_eq!(error, ParseError::WrongLength { cells });
        assert_eq!(
            error.to_string(),
            format!("a puzzle has 81 cells, this one has {cells}")
        );
    }
}

#[test]
fn a_bad_character_is_named_with_its_row_and_column() {
    let mut text = FIRST.to_owned();
    text.replace_range(12..13, "x");
    let error = text.parse::<Grid>().unwrap_err();
    assert_eq!(
        error,
        ParseError::BadCharacter {
            character: 'x',
            cell: Cell::new(1, 3)
        }
    );
    assert_eq!(
        error.to_string(),
        "bad character 'x' in row 2, column 4: a cell is 1-9, or 0 or . when empty"
    );
    // A multi-byte character counts as one cell.
    let text = format!("é{}", &FIRST[1..]);
    assert!(matches!(
        text.parse::<Grid>(),
        Err(ParseError::BadCharacter {
            character: 'é', ..
        })
    ));
}

#[test]
fn clashing_givens_are_named_with_the_unit_and_both_cells() {
    let clash = |cells: &[(usize, usize, u8)]| {
        let mut text = vec![b'0'; 81];
        for &(row, col, digit) in cells {
            text[row * 9 + col] = b'0' + digit;
        }
        match String::from_utf8(text).unwrap().parse::<Grid>() {
            Err(ParseError::Clash(clash)) => clash,
            other => panic!("expected a clash, got {other:?}"),
        }
    };
    let row = clash(&[(2, 1, 5), (2, 6, 5)]);
    assert_eq!(row.unit, Unit::Row(2));
    assert_eq!(row.digit, 5);
    assert_eq!(row.cells, [Cell::new(2, 1), Cell::new(2, 6)]);
    assert_eq!(row.to_string(), "two 5s in row 3 (r3c2 and r3c7)");
    let column = clash(&[(0, 3, 7), (8, 3, 7)]);
    assert_eq!(column.to_string(), "two 7s in column 4 (r1c4 and r9c4)");
    let square = clash(&[(3, 5, 1), (5, 3, 1)]);
    assert_eq!(square.unit, Unit::Box(4));
    assert_eq!(square.to_string(), "two 1s in box 5 (r4c6 and r6c4)");
    let error = ParseError::Clash(square);
    assert_eq!(
        error.to_string(),
        "the givens clash: two 1s in box 5 (r4c6 and r6c4)"
    );
    // Different digits never clash.
    let ok = "120000000".to_owned() + &"0".repeat(72);
    assert!(ok.parse::<Grid>().is_ok());
}

#[test]
fn a_clash_is_reported_by_the_search_and_by_solve() {
    let mut grid = Grid::empty();
    grid.set(Cell::new(0, 0), 4);
    grid.set(Cell::new(0, 1), 4);
    let error: Clash = search::explore(&grid, CellOrder::FirstEmpty, &mut ()).unwrap_err();
    assert_eq!(error.unit, Unit::Row(0));
    for strategy in Strategy::ALL {
        let solved = solve(&grid, strategy);
        assert_eq!((solved.solution, solved.nodes), (None, 0));
    }
}

#[test]
fn bank_lines_and_bare_puzzles_parse() {
    let bare: PuzzleLine = FIRST.parse().unwrap();
    assert_eq!((bare.hash, bare.rating), (None, None));
    let line = format!("00015097c6c3 {FIRST}  7.2");
    let banked: PuzzleLine = line.parse().unwrap();
    assert_eq!(banked.hash.as_deref(), Some("00015097c6c3"));
    assert_eq!(banked.rating, Some(7.2));
    assert_eq!(
        format!("abc {FIRST}").parse::<PuzzleLine>().unwrap_err(),
        ParseError::BadLine { fields: 2 }
    );
    assert_eq!(
        format!("abc {FIRST} hard")
            .parse::<PuzzleLine>()
            .unwrap_err(),
        ParseError::BadRating {
            rating: "hard".into()
        }
    );
    let text = format!("# a comment\n\n{FIRST}\nabc {FIRST} 1.0 extra\n");
    let lines: Vec<_> = bank::read(&text).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].0, 3);
    assert!(lines[0].1.is_ok());
    assert_eq!(lines[1].0, 4);
    assert_eq!(lines[1].1, Err(ParseError::BadLine { fields: 4 }));
}

#[test]
#[cfg(feature = "serde")]
fn grids_serialize_as_their_81_characters() {
    let grid: Grid = FIRST.parse().unwrap();
    let json = serde_json::to_string(&grid).unwrap();
    assert_eq!(json, format!("\"{FIRST}\""));
    assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), grid);
    assert!(serde_json::from_str::<Grid>("\"12\"").is_err());
}

#[test]
fn strategy_names_round_trip() {
    for strategy in Strategy::ALL {
        assert_eq!(strategy.name().parse::<Strategy>().unwrap(), strategy);
    }
    assert_eq!(
        "dlx".parse::<Strategy>().unwrap_err().to_string(),
        "unknown Sudoku strategy 'dlx': expected naive, mrv, naked or singles"
    );
}

/// Counts every event of the search.
#[derive(Default)]
struct Events {
    nodes: u64,
    candidates: u64,
    pruned: u64,
    places: u64,
    backtracks: u64,
    solutions: u64,
}

impl Observer for Events {
    fn node(&mut self, _grid: &Grid) -> Flow {
        self.nodes += 1;
        Flow::Continue(())
    }
    fn candidate(&mut self, _cell: Cell, _digit: u8, clash: Option<Unit>) {
        self.candidates += 1;
        self.pruned += u64::from(clash.is_some());
    }
    fn place(&mut self, _cell: Cell, _digit: u8) {
        self.places += 1;
    }
    fn backtrack(&mut self, _cell: Cell, _digit: u8) {
        self.backtracks += 1;
    }
    fn solution(&mut self, _grid: &Grid) -> Flow {
        self.solutions += 1;
        Flow::Continue(())
    }
}

#[test]
fn the_observer_sees_the_tree_solve_counts() {
    let puzzle: Grid = FIRST.parse().unwrap();
    for (order, strategy) in [
        (CellOrder::FirstEmpty, Strategy::Naive),
        (CellOrder::FewestCandidates, Strategy::Mrv),
    ] {
        let mut events = Events::default();
        let flow = search::explore(&puzzle, order, &mut events).unwrap();
        assert!(flow.is_continue());
        assert_eq!(events.nodes, solve(&puzzle, strategy).nodes);
        // Every node but the root is one placement, undone once.
        assert_eq!(events.places + 1, events.nodes);
        assert_eq!(events.backtracks, events.places);
        assert_eq!(events.candidates, events.places + events.pruned);
        assert_eq!(events.solutions, 1);
        // Nine digits tried at every node that is not the solution.
        assert_eq!(events.candidates, 9 * (events.nodes - events.solutions));
    }
}

#[test]
fn the_queens_node_budget_stops_a_sudoku_search() {
    let puzzle: Grid = FIRST.parse().unwrap();
    let mut budget = NodeBudget::new(100);
    let mut events = Events::default();
    let flow = search::explore(
        &puzzle,
        CellOrder::FirstEmpty,
        &mut (&mut budget, &mut events),
    )
    .unwrap();
    assert!(flow.is_break());
    assert!(budget.exceeded());
    assert_eq!(events.nodes, 101);
}

#[test]
fn six_shipped_puzzles_have_a_naive_tree_of_at_most_5000_nodes() {
    // exercises/tests/sudoku_graded.rs runs the student's search on these.
    let small: Vec<u64> = bank::diabolical()
        .iter()
        .map(|p| solve(&p.grid, Strategy::Naive).nodes)
        .filter(|&nodes| nodes <= 5_000)
        .collect();
    assert_eq!(small, [684, 2016, 3363, 1453, 4227, 2096]);
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

    /// Parsing 81 characters (the byte-wise reading and its bitmask clash
    /// check) says what the cell-by-cell sets say: the same grid, or the same
    /// clash; dots read as zeros.
    #[test]
    fn parsing_finds_exactly_the_clashes_the_sets_find(
        digits in proptest::collection::vec(1u8..=9, 81),
        filled in proptest::collection::vec(proptest::bool::weighted(0.2), 81),
        dots in proptest::bool::ANY,
    ) {
        let grid = random_grid(&digits, &filled);
        let zeros = grid.to_string();
        let text = if dots { zeros.replace('0', ".") } else { zeros.clone() };
        match Units::from_grid(&grid) {
            Ok(_) => proptest::prop_assert_eq!(text.parse::<Grid>(), Ok(grid)),
            Err(clash) => {
                proptest::prop_assert_eq!(text.parse::<Grid>(), Err(ParseError::Clash(clash)))
            }
        }
    }
}
