//! Every text the notebooks' boards draw reads: WCAG AA asks a contrast of at
//! least 4.5:1 between a text and what is under it. The pictures are read back
//! from their SVG, so the check sees what a reader sees: for each `<text>`, the
//! last filled rectangle drawn before it under its middle.

use queens::board::coords::Cell;
use queens::display::{BoardPicture, Gallery, Numbers, Picture, Shading, SudokuPicture};
use queens::sudoku::{Grid, Strategy as SudokuStrategy, bank, rules, solve};

/// WCAG AA for normal text.
const AA: f64 = 4.5;

/// `#rrggbb` as three bytes.
fn rgb(hex: &str) -> [u8; 3] {
    let hex = hex.trim_start_matches('#');
    assert_eq!(hex.len(), 6, "colour {hex:?} is not #rrggbb");
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex colour");
    [byte(0), byte(2), byte(4)]
}

/// WCAG 2 relative luminance, written out here again so that the test does
/// not trust the library's own.
fn luminance([r, g, b]: [u8; 3]) -> f64 {
    let linear = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

fn contrast(a: &str, b: &str) -> f64 {
    let (la, lb) = (luminance(rgb(a)), luminance(rgb(b)));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

fn number(node: roxmltree::Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0)
}

/// Every text of `svg` whose contrast with the fill under it is under AA, as
/// `"text" fg on bg = ratio`.
fn unreadable(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let mut fills: Vec<([f64; 4], String)> = Vec::new();
    let mut bad = Vec::new();
    for node in doc.descendants().filter(|n| n.is_element()) {
        let fill = node.attribute("fill").unwrap_or("none");
        match node.tag_name().name() {
            "rect" if fill.starts_with('#') => {
                let (x, y) = (number(node, "x"), number(node, "y"));
                let (w, h) = (number(node, "width"), number(node, "height"));
                fills.push(([x, y, x + w, y + h], fill.to_owned()));
            }
            "text" => {
                let label = node.text().unwrap_or("").trim().to_owned();
                let size = number(node, "font-size");
                // The middle of the text's box: plotters anchors it at its
                // start, middle or end, vertically centred (dy = 0.5ex).
                let width = 0.55 * size * label.chars().count() as f64;
                let x = number(node, "x")
                    + match node.attribute("text-anchor") {
                        Some("middle") => 0.0,
                        Some("end") => -width / 2.0,
                        _ => width / 2.0,
                    };
                let y = number(node, "y");
                let under = fills
                    .iter()
                    .rev()
                    .find(|([x0, y0, x1, y1], _)| {
                        (*x0..=*x1).contains(&x) && (*y0..=*y1).contains(&y)
                    })
                    .map_or("#ffffff", |(_, f)| f.as_str());
                let ratio = contrast(fill, under);
                if ratio < AA {
                    bad.push(format!("{label:?} {fill} on {under} = {ratio:.2}"));
                }
            }
            _ => {}
        }
    }
    bad
}

fn assert_readable(what: &str, svg: &str) {
    let bad = unreadable(svg);
    assert!(
        bad.is_empty(),
        "{what}: texts under {AA}:1\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_contrast_formula_gives_wcag_reference_values() {
    assert!((contrast("#ffffff", "#000000") - 21.0).abs() < 1e-9);
    assert!((contrast("#757575", "#ffffff") - 4.61).abs() < 0.01);
    // Issue 34's example: white digits on notebook 01's amber.
    assert!(contrast("#ffffff", "#ffb300") < 2.0);
}

#[test]
fn the_check_finds_a_light_text_on_a_light_fill() {
    let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
        <rect x="0" y="0" width="40" height="40" fill="#FFFFFF"/>
        <rect x="0" y="0" width="20" height="20" fill="#FFB300"/>
        <text x="10" y="10" text-anchor="middle" font-size="11" fill="#FFFFFF">7</text>
        <text x="30" y="30" text-anchor="middle" font-size="11" fill="#263238">7</text>
        </svg>"##;
    assert_eq!(unreadable(svg).len(), 1, "{:?}", unreadable(svg));
}

#[test]
fn notebook_01s_numbered_boards_read_on_every_shade() {
    for numbers in [
        Numbers::Diagonal,
        Numbers::AntiDiagonal,
        Numbers::DiagonalOffset,
    ] {
        for n in [4, 5, 6, 8, 10] {
            assert_readable(
                &format!("{numbers:?} n={n}"),
                &BoardPicture::numbers(n, numbers).svg(),
            );
            for (row, col) in [(0, 0), (1, 2), (n - 1, 0)] {
                let svg = BoardPicture::numbers(n, numbers).highlight(row, col).svg();
                assert_readable(&format!("{numbers:?} n={n} through ({row}, {col})"), &svg);
            }
        }
    }
}

#[test]
fn boards_with_queens_read_in_every_constraint_colour() {
    let placements: [&[usize]; 6] = [&[], &[1], &[1, 3], &[0, 2], &[1, 3, 0], &[0, 4, 7, 5]];
    for queens in placements {
        let n = if queens.len() > 3 { 8 } else { 4 };
        for shading in [Shading::EmptyRows, Shading::NextRow, Shading::Off] {
            let board = BoardPicture::new(n, queens).shading(shading);
            assert_readable(&format!("{queens:?} {shading:?}"), &board.clone().svg());
            let marked = board.mark(&[Cell::new(0, queens.first().copied().unwrap_or(0))]);
            assert_readable(
                &format!("{queens:?} marked"),
                &marked.caption("a caption").svg(),
            );
        }
    }
    let gallery = Gallery::solutions(6).expect("6 has solutions");
    assert_readable("gallery of 6", &gallery.svg());
}

#[test]
fn sudoku_pictures_read_with_candidates_units_and_dead_ends() {
    let puzzle = bank::diabolical()[0].grid;
    let solved = solve(&puzzle, SudokuStrategy::Singles)
        .solution
        .expect("the bank's puzzles solve");
    let pictures = [
        ("givens", SudokuPicture::new(&puzzle)),
        ("filled in", SudokuPicture::new(&puzzle).filled(&solved)),
        ("candidates", SudokuPicture::new(&puzzle).candidates()),
        ("box numbers", SudokuPicture::box_numbers()),
    ];
    for (what, picture) in pictures {
        assert_readable(what, &picture.svg());
    }
    for cell in puzzle.empty_cells().take(9) {
        let svg = SudokuPicture::new(&puzzle).candidates().focus(cell).svg();
        assert_readable(&format!("focus {cell:?}"), &svg);
    }
    for single in rules::hidden_singles(&puzzle).into_iter().take(9) {
        let svg = SudokuPicture::new(&puzzle).hidden_single(single).svg();
        assert_readable("hidden single", &svg);
    }
    // (0, 8) has no candidate left: 1-8 in its row, 9 in its column.
    let dead: Grid = format!("12345678.........9{}", ".".repeat(63))
        .parse()
        .expect("no clash");
    let svg = SudokuPicture::new(&dead)
        .candidates()
        .focus(Cell::new(0, 8))
        .svg();
    assert!(svg.contains("none"), "the dead end is drawn");
    assert_readable("dead end", &svg);
}

/// The clickable board's stylesheet: the custom property `--name`'s value,
/// from the first (light theme) block that sets it.
fn css_colour(css: &str, value: &str) -> String {
    let value = value.trim();
    match value.strip_prefix("var(").and_then(|v| v.strip_suffix(')')) {
        Some(name) => {
            let at = css
                .find(&format!("{name}:"))
                .unwrap_or_else(|| panic!("{name} is not set"));
            let rest = &css[at + name.len() + 1..];
            css_colour(css, &rest[..rest.find(';').expect("declaration ends")])
        }
        None if value == "#fff" => "#ffffff".to_owned(),
        None => value.to_owned(),
    }
}

#[test]
fn the_clickable_boards_stripes_and_swatches_read() {
    let css = include_str!("../src/display/assets/board.css");
    let mut pairs = 0;
    for rule in css
        .lines()
        .filter(|l| l.contains("background:") && l.contains(" color:"))
    {
        let declaration = |name: &str| {
            let from = rule.find(name).expect("declared") + name.len();
            css_colour(
                css,
                &rule[from..from + rule[from..].find(';').expect("ends")],
            )
        };
        let (fill, text) = (declaration("background:"), declaration(" color:"));
        let ratio = contrast(&text, &fill);
        assert!(ratio >= AA, "{rule}: {text} on {fill} = {ratio:.2}");
        pairs += 1;
    }
    assert!(
        pairs >= 6,
        "the three stripes and the three swatches ({pairs} found)"
    );
    // The board's texts on the light page: counts, messages, the muted key.
    for name in ["--qb-text", "--qb-muted", "--qb-alarm", "--qb-good"] {
        let colour = css_colour(css, &format!("var({name})"));
        let ratio = contrast(&colour, "#ffffff");
        assert!(ratio >= AA, "{name} {colour} on white = {ratio:.2}");
    }
}
