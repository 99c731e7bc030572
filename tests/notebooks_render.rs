//! The notebooks' pictures, checked outside Jupyter: every SVG is well-formed
//! XML, boards show the right queens and the right coloured cells, trees the
//! right nodes, and the plots carry the published numbers (Knuth's 2057 at
//! n = 8). Also `queens render`, which writes the same pictures to files.

use queens::Strategy;
use queens::board::placement::is_solution;
use queens::display::{
    BoardPicture, Chart, Gallery, Numbers, Picture, TreePicture, branching_factors,
    candidates_against_nodes, estimate_against_exact, nodes_against_n, profile,
    pruned_by_constraint, symmetric_images, timings,
};
use queens::notebook::playground::Playground;
use queens::stores::sets::ConstraintSets;

use crate::svg;
use svg::{AMBER, PURPLE, QUEEN, RED, count, elements, texts};

#[test]
fn a_board_draws_its_queens_and_colours_each_attacked_cell_by_its_constraints() {
    let queens = [1, 3];
    let svg = BoardPicture::new(4, &queens).svg();
    assert_eq!(count(&svg, "polygon", QUEEN), 2, "one crown per queen");
    // Expected stripes: one per constraint attacking each cell of the empty rows,
    // plus one legend square per constraint beside the sets.
    let sets = ConstraintSets::from_placement(&queens);
    let mut expected = [1, 1, 1];
    for row in 2..4 {
        for col in 0..4 {
            let attack = sets.attack(row, col);
            expected[0] += usize::from(attack.column);
            expected[1] += usize::from(attack.diagonal);
            expected[2] += usize::from(attack.anti_diagonal);
        }
    }
    assert_eq!(
        [
            count(&svg, "rect", RED),
            count(&svg, "rect", AMBER),
            count(&svg, "rect", PURPLE)
        ],
        expected
    );
    let words = texts(&svg);
    assert!(words.contains("cols {1, 3}"), "{words}");
    assert!(words.contains("diags {-2, -1}"), "{words}");
    assert!(words.contains("antiDiags {1, 4}"), "{words}");
    assert!(
        words.contains("1 free") && words.contains("2 free"),
        "{words}"
    );
}

#[test]
fn a_dead_end_is_named_on_the_board() {
    let board = Playground::from_queens(4, &[0, 2]).unwrap();
    let svg = board.picture().svg();
    assert!(texts(&svg).contains("0 free: dead end"));
    assert!(board.picture().text().contains("0 free: dead end"));
}

#[test]
fn the_diagonal_tables_show_two_n_minus_one_numbers() {
    for (numbers, low, high) in [
        (Numbers::Diagonal, -7, 7),
        (Numbers::AntiDiagonal, 0, 14),
        (Numbers::DiagonalOffset, 0, 14),
    ] {
        let svg = BoardPicture::numbers(8, numbers).svg();
        let shown: std::collections::BTreeSet<i64> = texts(&svg)
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .filter(|v| (low..=high).contains(v))
            .collect();
        assert_eq!(shown.len(), 15, "{numbers:?}");
    }
    // Highlighting a line draws its 8 cells (for (0, 0) the long diagonal) in full amber.
    let svg = BoardPicture::numbers(8, Numbers::Diagonal)
        .highlight(0, 0)
        .svg();
    assert_eq!(count(&svg, "rect", AMBER), 8);
}

#[test]
fn the_n_4_tree_has_knuths_17_nodes_and_every_pruned_candidate() {
    let tree = TreePicture::new(4, Strategy::Sets).unwrap();
    assert_eq!(tree.nodes().len(), 17);
    let pruned: usize = tree.pruned().iter().sum();
    let stats = queens::run::count(4, Strategy::Sets).unwrap();
    assert_eq!(pruned as u64, stats.pruned.total());
    assert_eq!(tree.pruned()[0] as u64, stats.pruned.column);
    let svg = tree.svg();
    let outlined = elements(&svg)
        .iter()
        .filter(|(t, _, s)| t == "circle" && s.eq_ignore_ascii_case(QUEEN))
        .count();
    assert_eq!(outlined, 17, "one outlined circle per node");
    assert!(texts(&svg).contains("17 nodes, 2 solutions"));
    // Forward checking's dead ends are drawn, and its tree is smaller.
    let look_ahead = TreePicture::new(4, Strategy::ForwardChecking).unwrap();
    assert!(look_ahead.nodes().len() < 17 && look_ahead.pruned()[3] > 0);
    // Trees too wide to draw are refused with a sentence.
    let error = TreePicture::new(6, Strategy::Sets).unwrap_err().to_string();
    assert!(
        error.contains("too large for drawing this search tree"),
        "{error}"
    );
}

#[test]
fn a_students_trace_without_reasons_is_coloured_from_the_board() {
    let events: Vec<_> = queens::run::trace(4, Strategy::Sets)
        .unwrap()
        .into_iter()
        .map(|e| match e {
            queens::report::trace::Event::Prune { row, col, .. } => {
                queens::report::trace::Event::Prune {
                    row,
                    col,
                    by: Vec::new(),
                }
            }
            other => other,
        })
        .collect();
    let recoloured = TreePicture::from_events(4, &events).unwrap();
    let reference = TreePicture::new(4, Strategy::Sets).unwrap();
    assert_eq!(recoloured.nodes(), reference.nodes());
    let frames = Gallery::search(4, &events).unwrap();
    assert_eq!(frames.boards().len(), 17);
}

fn knuth_series(chart: &Chart) -> Vec<(f64, f64)> {
    chart
        .series
        .iter()
        .find(|s| s.name.starts_with("Knuth") || s.name.starts_with("exact"))
        .expect("a series of Knuth's counts")
        .points
        .clone()
}

#[test]
fn the_nodes_plot_carries_knuths_counts_and_the_measured_sets_match_them() {
    let chart = nodes_against_n(4..=12).unwrap();
    let knuth = knuth_series(&chart);
    assert!(knuth.contains(&(8.0, 2057.0)));
    assert_eq!(knuth.len(), 9);
    let sets = chart.find("three sets").expect("sets series");
    for &(n, nodes) in &sets.points {
        assert_eq!(
            Some(nodes as u64),
            queens::report::reference::knuth_nodes(n as usize),
            "n = {n}"
        );
    }
    let brute = chart.find("brute force (no pruning)").expect("brute");
    assert!(brute.points.contains(&(4.0, 341.0)));
    let svg = chart.svg();
    assert!(texts(&svg).contains("n = 8: 2057 nodes (Knuth)"));
    assert!(texts(&svg).contains("Knuth, TAOCP 7.2.2"));
}

#[test]
fn the_profile_is_a319284_and_sums_to_2057() {
    let chart = profile(8).unwrap();
    let bars = &chart.series[0].points;
    let levels: Vec<u64> = bars.iter().map(|&(_, v)| v as u64).collect();
    assert_eq!(levels, [1, 8, 42, 140, 344, 568, 550, 312, 92]);
    assert_eq!(levels.iter().sum::<u64>(), 2057);
    assert!(chart.findings.iter().any(|f| f.contains("Knuth's count")));
    elements(&chart.svg());
    let twelve: u64 = profile(12).unwrap().series[0]
        .points
        .iter()
        .map(|&(_, v)| v as u64)
        .sum();
    assert_eq!(twelve, 856_189);
}

#[test]
fn the_branching_factors_are_the_ratios_of_knuths_profile() {
    // OEIS A319284, row n = 8: nodes on each level of Knuth's tree.
    const PROFILE_8: [f64; 9] = [1.0, 8.0, 42.0, 140.0, 344.0, 568.0, 550.0, 312.0, 92.0];
    let chart = branching_factors(8).unwrap();
    let sets = chart.find("three sets (measured)").expect("sets");
    assert_eq!(sets.points.len(), 8);
    for (k, &(level, factor)) in sets.points.iter().enumerate() {
        assert_eq!(level, k as f64);
        let published = PROFILE_8[k + 1] / PROFILE_8[k];
        assert!(
            (factor - published).abs() < 1e-12,
            "level {k}: {factor} vs {published}"
        );
    }
    let columns = chart.find("columns only: n - k").expect("columns");
    assert_eq!(columns.points[0], (0.0, 8.0));
    assert_eq!(columns.points[7], (7.0, 1.0));
    elements(&chart.svg());
}

#[test]
fn the_other_charts_hold_the_library_s_numbers() {
    let candidates = candidates_against_nodes(4..=10).unwrap();
    let sets = candidates.find("three sets").unwrap();
    assert!(sets.points.contains(&(2057.0, 15720.0)));
    elements(&candidates.svg());

    // The chart tallies the bitmask walk; the engine's node-by-node record
    // with the three sets must give the same shares.
    let pruning = pruned_by_constraint(4..=12).unwrap();
    for n in [4, 8, 12] {
        let stats = queens::run::count(n, Strategy::Sets).unwrap();
        let share = |part: u64| 100.0 * part as f64 / stats.candidates as f64;
        for (name, expected) in [
            ("pruned: column (red)", share(stats.pruned.column)),
            ("pruned: diagonal (amber)", share(stats.pruned.diagonal)),
            (
                "pruned: anti-diagonal (purple)",
                share(stats.pruned.anti_diagonal),
            ),
        ] {
            let series = pruning.find(name).expect(name);
            let point = series.points.iter().find(|p| p.0 == n as f64).unwrap();
            assert!((point.1 - expected).abs() < 1e-9, "{name} at n = {n}");
        }
    }
    elements(&pruning.svg());

    let estimates = estimate_against_exact(4..=12, 500, 7).unwrap();
    assert!(knuth_series(&estimates).contains(&(8.0, 2057.0)));
    let means = &estimates.series[0];
    assert_eq!(means.errors.as_ref().map(Vec::len), Some(9));
    elements(&estimates.svg());
    legend_promises_only_visible_error_bars(&estimates);

    let bars = timings(9, &[Strategy::Sets, Strategy::Bitmask], 1).unwrap();
    assert_eq!(bars.bars.len(), 2);
    assert!(bars.bars.iter().all(|b| b.value > 0.0));
    assert!(texts(&bars.svg()).contains("sets:"));
    assert!(
        bars.bars[0].note.ends_with("the reference"),
        "{}",
        bars.bars[0].note
    );
    assert!(
        bars.bars[1].note.contains("x faster than sets")
            || bars.bars[1].note.contains("x slower than sets")
    );
    bars_in_proportion(&bars);
}

/// A bar chart of times shows their ratios: each bar as long as its value
/// on one linear scale (on a log axis a 31x gap looked like 2x).
fn bars_in_proportion(chart: &queens::display::BarChart) {
    let svg = chart.svg();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed");
    let widths: Vec<f64> = chart
        .bars
        .iter()
        .map(|bar| {
            let fill = format!(
                "#{:02X}{:02X}{:02X}",
                bar.colour[0], bar.colour[1], bar.colour[2]
            );
            doc.descendants()
                .find(|n| n.has_tag_name("rect") && n.attribute("fill") == Some(fill.as_str()))
                .and_then(|n| n.attribute("width")?.parse().ok())
                .unwrap_or_else(|| panic!("no bar for {}", bar.label))
        })
        .collect();
    let (longest, value) = widths
        .iter()
        .zip(&chart.bars)
        .map(|(&w, b)| (w, b.value))
        .fold((0.0, 0.0), |a, b| if b.0 > a.0 { b } else { a });
    for (width, bar) in widths.iter().zip(&chart.bars) {
        let expected = longest * bar.value / value;
        assert!(
            (width - expected).abs() <= 2.0,
            "{}: {width} px, in proportion {expected:.1} px",
            bar.label
        );
    }
}

#[test]
fn galleries_draw_every_board_once() {
    let six = Gallery::solutions(6).unwrap();
    assert_eq!(six.boards().len(), 4);
    assert_eq!(count(&six.svg(), "polygon", QUEEN), 24);
    let fundamental = Gallery::fundamental(8).unwrap();
    assert_eq!(fundamental.boards().len(), 12);
    assert!(
        fundamental
            .text()
            .contains("12 fundamental solutions standing for all 92")
    );
    for (name, image) in symmetric_images(8, &[0, 4, 7, 5, 2, 6, 1, 3]) {
        assert!(is_solution(8, &image), "{name}: {image:?}");
    }
    let walk = Gallery::walk(4, &[1, 3, 0, 2]);
    assert_eq!(walk.boards().len(), 5);
    assert!(walk.text().contains("4 queens: a solution"));
    assert!(Gallery::solutions(9).is_err());
}

#[test]
fn every_picture_has_a_text_version() {
    let pictures: Vec<Box<dyn Picture>> = vec![
        Box::new(BoardPicture::new(4, &[1])),
        Box::new(TreePicture::new(4, Strategy::Sets).unwrap()),
        Box::new(profile(6).unwrap()),
        Box::new(Gallery::solutions(4).unwrap()),
    ];
    for picture in pictures {
        let (width, height) = picture.size();
        assert!(width >= 200 && height >= 100);
        assert!(picture.text().lines().count() >= 3);
    }
}

/// The estimate's legend promises error bars only where they can be seen:
/// if it says they are thinner than the line, they are (under 6 px), and it
/// names their largest size; if it promises bars, one at least is visible.
fn legend_promises_only_visible_error_bars(chart: &queens::display::Chart) {
    let series = &chart.series[0];
    let errors = series.errors.as_ref().expect("error bars");
    let widest = series
        .points
        .iter()
        .zip(errors)
        .map(|(&(_, mean), e)| 100.0 * e / mean)
        .fold(0.0, f64::max);
    assert!(
        series.name.contains(&format!("{widest:.1} %")),
        "{:?} names the largest bar ({widest:.1} %)",
        series.name
    );
    let svg = chart.svg();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed");
    // The error bars: two-point vertical lines in the series' colour.
    let colour = format!(
        "#{:02X}{:02X}{:02X}",
        series.colour[0], series.colour[1], series.colour[2]
    );
    let heights: Vec<f64> = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke") == Some(colour.as_str()))
        .filter_map(|n| {
            let points: Vec<(f64, f64)> = n
                .attribute("points")?
                .split_whitespace()
                .filter_map(|p| p.split_once(','))
                .filter_map(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
                .collect();
            (points.len() == 2 && points[0].0 == points[1].0)
                .then(|| (points[0].1 - points[1].1).abs())
        })
        .collect();
    assert_eq!(heights.len(), errors.len(), "one error bar per point");
    let tallest = heights.iter().copied().fold(0.0, f64::max);
    if series.name.contains("thinner than the line") {
        assert!(
            tallest < 6.0,
            "the legend says the bars cannot be seen, but one is {tallest} px"
        );
    } else {
        assert!(
            tallest >= 6.0,
            "the legend promises error bars, the tallest is {tallest} px"
        );
    }
}

/// A student's solver whose prune check leaves out the anti-diagonals: what
/// notebook 03 records of it.
fn blind_to_anti_diagonals() -> Vec<queens::report::trace::Event> {
    use queens::notebook::handout::Handout;
    let yours = Handout::new(
        ConstraintSets::new(),
        |sets: &ConstraintSets, row, col| {
            sets.columns().contains(&col)
                || sets.diagonals().contains(&(row as isize - col as isize))
        },
        ConstraintSets::insert,
        ConstraintSets::delete,
    );
    yours
        .record(4, &queens::notebook::feedback::Progress::new([]))
        .events()
}

/// With a wrong prune check, the node gallery never calls a board with
/// attacking queens a solution, and frames every illegal board with its
/// pair; a node the truth says has no free cell is not followed unmarked
/// by a queen in that row.
#[test]
fn a_wrong_solver_s_boards_are_marked_illegal_never_solutions() {
    let events = blind_to_anti_diagonals();
    assert!(!events.is_empty());
    let frames = Gallery::search(4, &events).unwrap();
    let text = frames.text();
    let mut illegal = 0;
    for board in frames.boards() {
        let caption = board.text();
        let queens = board.queens();
        let clash = !queens::board::placement::conflicts(queens).is_empty();
        if clash {
            illegal += 1;
            assert!(
                caption.contains("illegal") || caption.contains("not a solution"),
                "{caption}"
            );
        }
        if caption.contains(": solution") {
            assert!(is_solution(4, queens), "a false solution: {caption}");
        }
    }
    assert!(illegal > 0, "{text}");
    assert!(
        text.contains("with queens that attack each other"),
        "{text}"
    );
    assert!(!frames.svg().is_empty());
}

/// The tree of the same wrong solver rings its illegal nodes, does not count
/// a board with attacking queens as a solution, and its legend names every
/// mark it draws: the ring, and ink squares for cells pruned though free.
#[test]
fn a_wrong_solver_s_tree_rings_illegal_nodes_and_its_legend_is_complete() {
    let tree = TreePicture::from_events(4, &blind_to_anti_diagonals()).unwrap();
    assert!(tree.illegal() > 0);
    let false_solutions = tree
        .nodes()
        .iter()
        .filter(|n| n.solution && n.illegal)
        .count();
    assert!(false_solutions > 0, "{}", tree.text());
    assert!(
        tree.summary().contains("counted as solutions"),
        "{}",
        tree.summary()
    );
    let svg = tree.svg();
    assert!(
        svg.contains("queens attack each other: not a legal board"),
        "legend"
    );
    assert!(
        tree.text()
            .contains("not a solution: queens attack each other")
    );
    // A prune check that sees attacks everywhere below row 0: every pruned cell of
    // row 1 free ones included, drawn in ink, and the legend says what ink means.
    use queens::notebook::handout::Handout;
    let everywhere = Handout::new(
        ConstraintSets::new(),
        |_: &ConstraintSets, row, _| row > 0,
        ConstraintSets::insert,
        ConstraintSets::delete,
    );
    let tree = TreePicture::from_events(
        4,
        &everywhere
            .record(4, &queens::notebook::feedback::Progress::new([]))
            .events(),
    )
    .unwrap();
    assert!(tree.pruned_free() > 0);
    assert!(tree.svg().contains("pruned, yet no queen attacks it"));
    // The right solver's tree draws neither, and its legend promises neither.
    let right = TreePicture::new(4, Strategy::Sets).unwrap();
    assert_eq!((right.illegal(), right.pruned_free()), (0, 0));
    assert!(!right.svg().contains("not a legal board"));
    assert!(!right.svg().contains("pruned, yet"));
}
