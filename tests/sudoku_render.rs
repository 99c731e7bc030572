//! Sudoku pictures (feature `svg`): well-formed SVG, the digits they should
//! show, and the nodes chart's numbers.
#![cfg(feature = "svg")]

use queens::board::coords::Cell;
use queens::display::{Move, Picture, SudokuPicture, Walkthrough, sudoku_nodes};
use queens::sudoku::search::CellOrder;
use queens::sudoku::{Grid, Strategy, bank, solve};

fn texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or_default().trim().to_owned())
        .collect()
}

fn first() -> Grid {
    bank::diabolical()[0].grid
}

#[test]
fn the_box_identity_shows_nine_of_each_box_number() {
    let svg = SudokuPicture::box_numbers().svg();
    let texts = texts(&svg);
    for b in 0..9 {
        // 81 cells, plus the row and column numbers 0-8 (9 + 9 labels).
        let count = texts.iter().filter(|t| **t == b.to_string()).count();
        assert_eq!(count, 9 + 2, "box {b}");
    }
    assert!(texts.iter().any(|t| t.contains("(row / 3) * 3 + col / 3")));
}

#[test]
fn a_puzzle_shows_its_givens_and_candidates() {
    let puzzle = first();
    let plain = texts(&SudokuPicture::new(&puzzle).svg());
    // Givens and the 18 axis labels.
    assert_eq!(plain.len(), puzzle.givens() + 18);
    let with = texts(&SudokuPicture::new(&puzzle).candidates().svg());
    let units = queens::sudoku::Units::from_grid(&puzzle).unwrap();
    let candidates: usize = puzzle
        .empty_cells()
        .map(|c| units.candidates(c).len() as usize)
        .sum();
    assert_eq!(with.len(), puzzle.givens() + 18 + candidates);
    let text = SudokuPicture::new(&puzzle).focus(Cell::new(0, 0)).text();
    assert!(
        text.contains("cell (0, 0), box 0: candidates {1, 4, 5, 6, 7}"),
        "{text}"
    );
}

#[test]
fn a_walkthrough_replays_the_search_to_its_first_solution() {
    let puzzle = first();
    let walk = Walkthrough::new(&puzzle, CellOrder::FewestCandidates, 10_000);
    let places = walk.steps.iter().filter(|s| s.kind == Move::Place).count();
    // Every empty cell filled once more than it was rubbed out.
    assert_eq!(places - walk.backtracks(), 81 - puzzle.givens());
    assert_eq!(
        walk.steps.last().unwrap().grid,
        solve(&puzzle, Strategy::Mrv).solution.unwrap()
    );
    assert_eq!(walk.nodes as usize, places + 1);
    let frame = walk.frame(0);
    let svg = frame.svg();
    assert!(
        texts(&svg).iter().any(|t| t.starts_with("step 1:")),
        "{svg}"
    );
    // Past the end: the last step.
    assert!(
        walk.frame(usize::MAX)
            .text()
            .contains(&format!("step {}:", walk.len()))
    );
}

#[test]
fn the_nodes_chart_computes_the_ratio() {
    let puzzles: Vec<Grid> = bank::diabolical().into_iter().map(|p| p.grid).collect();
    let chart = sudoku_nodes(&puzzles[..5]);
    let naive: u64 = puzzles[..5]
        .iter()
        .map(|p| solve(p, Strategy::Naive).nodes)
        .sum();
    let mrv: u64 = puzzles[..5]
        .iter()
        .map(|p| solve(p, Strategy::Mrv).nodes)
        .sum();
    let text = chart.text();
    assert!(
        text.contains(&format!("{:.0}x fewer", naive as f64 / mrv as f64)),
        "{text}"
    );
    assert_eq!(chart.find("naive").unwrap().points.len(), 5);
    roxmltree::Document::parse(&chart.svg()).expect("well-formed SVG");
}

#[test]
fn before_mrvs_first_backtrack_some_cell_has_no_candidate() {
    // Notebook 07 shows these two frames for the seventh puzzle.
    let puzzle = bank::diabolical()[6].grid;
    let walk = Walkthrough::new(&puzzle, CellOrder::FewestCandidates, 10_000);
    let first = walk
        .steps
        .iter()
        .position(|s| s.kind == Move::Backtrack)
        .expect("the seventh puzzle needs a backtrack");
    assert!(
        walk.frame(first - 1)
            .text()
            .contains("no candidate left in")
    );
    assert!(walk.frame(first).text().contains("backtrack"));
    assert!(
        walk.steps.iter().filter(|s| s.choices == 1).count() * 2 > walk.len() - walk.backtracks()
    );
}
