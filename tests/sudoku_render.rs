//! Sudoku pictures (feature `svg`): well-formed SVG, the digits they should
//! show, and the nodes chart's numbers.
#![cfg(feature = "svg")]

use queens::board::constraint::Constraint;
use queens::board::coords::Cell;
use queens::display::palette;
use queens::display::{Move, Picture, Rgb, SudokuPicture, Walkthrough, sudoku_nodes};
use queens::sudoku::search::CellOrder;
use queens::sudoku::{Grid, Strategy, Unit, bank, rules, solve};

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
    // Unrelated puzzles: dots, never a line from one puzzle to the next.
    for series in &chart.series {
        assert_eq!(
            series.style,
            queens::display::Style::Points,
            "{}",
            series.name
        );
    }
    let svg = chart.svg();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    for series in &chart.series {
        let [r, g, b] = series.colour;
        let colour = format!("#{r:02X}{g:02X}{b:02X}");
        let joined = doc.descendants().any(|n| {
            n.has_tag_name("polyline")
                && n.attribute("stroke") == Some(colour.as_str())
                && n.attribute("points")
                    .is_some_and(|p| p.split_whitespace().count() > 2)
        });
        assert!(!joined, "a line joins {}'s puzzles", series.name);
    }
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

/// The fill of the rectangle drawn over a whole cell, if any.
fn cell_fill(svg: &str, cell: Cell) -> Option<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let at = |k: usize| (28 + 46 * k).to_string();
    doc.descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("fill").is_some_and(|f| f != "none"))
        .find(|n| {
            n.attribute("x") == Some(&at(cell.col))
                && n.attribute("y") == Some(&at(cell.row))
                && n.attribute("width")
                    .and_then(|w| w.parse::<i32>().ok())
                    .is_some_and(|w| w >= 40)
        })
        .and_then(|n| n.attribute("fill"))
        .map(str::to_ascii_lowercase)
}

fn hex(colour: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", colour.0, colour.1, colour.2)
}

/// A unit's tint is its colour blended with white: the queens' constraint
/// colour it stands for.
fn is_tint_of(fill: &str, colour: Rgb) -> bool {
    (0..=100).any(|s| hex(palette::tint(colour, f64::from(s) / 100.0)) == fill)
}

#[test]
fn a_unit_keeps_its_colour_in_every_picture_and_it_is_its_queens_constraints() {
    let puzzle = first();
    let focus = Cell::new(4, 4);
    let framed = SudokuPicture::new(&puzzle).candidates().focus(focus).svg();
    // A cell of the focus row, column and box outside the other two.
    let focus_fill = |unit: Unit| {
        let cell = match unit {
            Unit::Row(_) => Cell::new(4, 0),
            Unit::Column(_) => Cell::new(0, 4),
            Unit::Box(_) => Cell::new(3, 3),
        };
        cell_fill(&framed, cell).expect("tinted")
    };
    let queens = [
        (Unit::Row(0), Constraint::Column),
        (Unit::Column(0), Constraint::Diagonal),
        (Unit::Box(0), Constraint::AntiDiagonal),
    ];
    for (unit, constraint) in queens {
        let fill = focus_fill(unit);
        assert!(
            is_tint_of(&fill, palette::constraint(constraint)),
            "{unit:?} {fill} is not {constraint}'s colour"
        );
    }
    // Hidden singles tint their unit the same way, whatever kind it is.
    let mut kinds_seen = [false; 3];
    for line in bank::diabolical() {
        for single in rules::hidden_singles(&line.grid) {
            let kind = match single.unit {
                Unit::Row(_) => 0,
                Unit::Column(_) => 1,
                Unit::Box(_) => 2,
            };
            if kinds_seen[kind] {
                continue;
            }
            kinds_seen[kind] = true;
            let svg = SudokuPicture::new(&line.grid).hidden_single(single).svg();
            let other = single
                .unit
                .cells()
                .find(|&c| c != single.cell)
                .expect("nine cells");
            let fill = cell_fill(&svg, other).expect("the unit is tinted");
            assert_eq!(
                fill,
                focus_fill(single.unit),
                "{:?} in the hidden single's picture",
                single.unit
            );
        }
    }
    assert_eq!(
        kinds_seen, [true; 3],
        "the bank has hidden singles in a row, a column and a box"
    );
}

#[test]
fn the_nodes_chart_uses_no_constraint_colour_for_a_strategy() {
    let puzzles: Vec<Grid> = bank::diabolical()
        .into_iter()
        .take(3)
        .map(|p| p.grid)
        .collect();
    let svg = sudoku_nodes(&puzzles).svg().to_ascii_lowercase();
    for constraint in Constraint::ALL {
        let colour = hex(palette::constraint(constraint));
        assert!(
            !svg.contains(&colour),
            "{colour} means the {constraint} (a row, column or box), not a strategy"
        );
    }
}
