//! The tutorial's colours and fonts, in one place.

use plotters_backend::text_anchor::{HPos, VPos};

use super::canvas::{Font, Rgb};

use crate::board::constraint::Constraint;
use crate::strategy::Strategy;
#[cfg(feature = "sudoku")]
use crate::sudoku::{Strategy as SudokuStrategy, Unit};

/// Column (red), as in the interactive lesson.
pub const RED: Rgb = Rgb(0xe5, 0x39, 0x35);
/// Main diagonal (amber), as in the interactive lesson.
pub const AMBER: Rgb = Rgb(0xff, 0xb3, 0x00);
/// Anti-diagonal (purple), as in the interactive lesson.
pub const PURPLE: Rgb = Rgb(0x8e, 0x24, 0xaa);
/// Queens, node outlines and text.
pub const INK: Rgb = Rgb(0x26, 0x32, 0x38);
/// Secondary text and light lines.
pub const GREY: Rgb = Rgb(0x75, 0x75, 0x75);
/// Light squares of the board.
pub const LIGHT: Rgb = Rgb(0xf7, 0xf4, 0xee);
/// Dark squares of the board.
pub const DARK: Rgb = Rgb(0xdd, 0xd5, 0xc8);
/// Dead ends: a tree's node with no child, a Sudoku cell with no candidate.
/// Light grey, not red: red means a column (and a Sudoku row) everywhere.
pub const DEAD_END: Rgb = Rgb(0xcf, 0xcf, 0xcf);
/// Free cells and solutions.
pub const GREEN: Rgb = Rgb(0x43, 0xa0, 0x47);
/// The three sets' strategy (`sets`) and estimates.
pub const BLUE: Rgb = Rgb(0x1e, 0x88, 0xe5);
/// The `symmetry` strategy in the plots.
pub const INDIGO: Rgb = Rgb(0x3f, 0x51, 0xb5);
/// Sudoku's `mrv` (the most constrained cell first) in the plots: an idea
/// no N-Queens strategy has, so a colour none of them takes.
pub const ORANGE: Rgb = Rgb(0xef, 0x6c, 0x00);
/// Sudoku's `singles` (forced cells, hidden singles included) in the plots:
/// propagation beyond forward checking, a colour of its own.
pub const CYAN: Rgb = Rgb(0x00, 0xac, 0xc1);
/// Green for text: a hidden single's digit, on its green cell.
pub const GREEN_TEXT: Rgb = Rgb(0x1b, 0x5e, 0x20);
/// Page background.
pub const WHITE: Rgb = Rgb(0xff, 0xff, 0xff);
/// The edge of the light card every picture is drawn on: the pictures'
/// colours are chosen (and their contrast tested) against white, so on a
/// dark page (JupyterLab's dark theme) they keep their white card, framed
/// on purpose rather than a bare white box. Blue grey 200: seen on white
/// and on near-black alike.
pub const CARD_EDGE: Rgb = Rgb(0xb0, 0xbe, 0xc5);
/// How round the card's corners are, in pixels.
pub const CARD_RADIUS: u32 = 8;
/// Black, for text on the mid-tones where neither [`INK`] nor white reaches
/// [`MIN_CONTRAST`].
pub const BLACK: Rgb = Rgb(0x00, 0x00, 0x00);

/// What marks queens that attack each other: a board's frame, a tree node's
/// ring. Black, which no constraint uses: red is the column's.
pub const ILLEGAL: Rgb = BLACK;
/// Red for text (dead ends, forced digits): [`RED`] itself is 4.2:1 on white,
/// under WCAG AA.
pub const RED_TEXT: Rgb = Rgb(0xb7, 0x1c, 0x1c);
/// Blue for text (digits a solver filled in): [`BLUE`] itself is 3.7:1 on
/// white, under WCAG AA.
pub const BLUE_TEXT: Rgb = Rgb(0x15, 0x65, 0xc0);

/// Grey for small text on tinted cells (a Sudoku cell's candidates): [`GREY`]
/// reaches 4.5:1 on white only, not on the row, column and box tints.
pub const GREY_TEXT: Rgb = Rgb(0x55, 0x55, 0x55);

/// WCAG AA's least contrast for normal text: every text the pictures draw
/// reaches it against the fill under it.
pub const MIN_CONTRAST: f64 = 4.5;

/// WCAG 2 relative luminance of an sRGB colour, 0 (black) to 1 (white).
pub fn luminance(colour: Rgb) -> f64 {
    let linear = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(colour.0) + 0.7152 * linear(colour.1) + 0.0722 * linear(colour.2)
}

/// WCAG 2 contrast ratio of two colours, 1 to 21, in either order.
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The text colour for a number on `fill`: [`INK`] where it reads, else white,
/// else black (one of white and black always reaches 4.5:1).
pub fn ink_on(fill: Rgb) -> Rgb {
    [INK, WHITE]
        .into_iter()
        .find(|&ink| contrast(ink, fill) >= MIN_CONTRAST)
        .unwrap_or(BLACK)
}

/// The interactive lesson's colour for a constraint.
pub const fn constraint(constraint: Constraint) -> Rgb {
    match constraint {
        Constraint::Column => RED,
        Constraint::Diagonal => AMBER,
        Constraint::AntiDiagonal => PURPLE,
    }
}

/// A Sudoku unit's colour: the queens' constraint it stands for in the
/// prune check, so that a colour keeps one meaning across the course (a row
/// red like a column, a column amber like a diagonal, a box purple like an
/// anti-diagonal).
#[cfg(feature = "sudoku")]
pub const fn unit(unit: Unit) -> Rgb {
    match unit {
        Unit::Row(_) => constraint(Constraint::Column),
        Unit::Column(_) => constraint(Constraint::Diagonal),
        Unit::Box(_) => constraint(Constraint::AntiDiagonal),
    }
}

/// A colour per strategy for the plots, each its own (06 draws `mirror` and
/// `symmetry` side by side). Column-only pruning is red like the column
/// constraint; the three sets blue; forward checking green; no other strategy
/// takes a constraint's colour.
pub fn strategy(strategy: Strategy) -> Rgb {
    match strategy.name() {
        "brute" => GREY,
        "columns" => RED,
        "sets" => BLUE,
        "arrays" => Rgb(0x00, 0x89, 0x7b),
        "bitmask" => Rgb(0x6d, 0x4c, 0x41),
        "forward-checking" => GREEN,
        "mirror" => Rgb(0x54, 0x6e, 0x7a),
        "symmetry" => INDIGO,
        "parallel" => Rgb(0x82, 0x77, 0x17),
        "fastest" => Rgb(0xad, 0x14, 0x57),
        _ => INK,
    }
}

/// A Sudoku strategy's colour in the plots. Where its idea is an N-Queens
/// strategy's, the colour is that strategy's: `naive` checks the digits
/// placed, in a fixed order, as `sets` checks the queens (blue); `naked`
/// finds a cell left with one candidate or none on arrival, as
/// `forward-checking` finds a row left with one free cell or none (green).
/// `mrv` and `singles` have ideas, and colours, of their own.
#[cfg(feature = "sudoku")]
pub const fn sudoku_strategy(strategy: SudokuStrategy) -> Rgb {
    match strategy {
        SudokuStrategy::Naive => BLUE,
        SudokuStrategy::Mrv => ORANGE,
        SudokuStrategy::Naked => GREEN,
        SudokuStrategy::Singles => CYAN,
    }
}

/// `colour` blended towards white: `strength` 1 is the colour, 0 white.
pub fn tint(colour: Rgb, strength: f64) -> Rgb {
    let mix = |c: u8| (255.0 - (255.0 - f64::from(c)) * strength).round() as u8;
    Rgb(mix(colour.0), mix(colour.1), mix(colour.2))
}

/// A sans-serif font of `px` pixels, anchored at `pos`.
pub fn font(px: f64, colour: Rgb, pos: (HPos, VPos)) -> Font {
    Font {
        px,
        colour,
        bold: false,
        anchor: pos,
    }
}

/// [`font`] in bold.
pub fn bold(px: f64, colour: Rgb, pos: (HPos, VPos)) -> Font {
    Font {
        bold: true,
        ..font(px, colour, pos)
    }
}

/// Centred both ways.
pub const CENTRE: (HPos, VPos) = (HPos::Center, VPos::Center);
/// Left-aligned, vertically centred.
pub const LEFT: (HPos, VPos) = (HPos::Left, VPos::Center);
/// Right-aligned, vertically centred.
pub const RIGHT: (HPos, VPos) = (HPos::Right, VPos::Center);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_match_the_constraint_module() {
        for c in Constraint::ALL {
            let Rgb(r, g, b) = constraint(c);
            assert_eq!(format!("#{r:02x}{g:02x}{b:02x}"), c.colour_hex());
        }
    }

    #[test]
    fn contrast_matches_wcag_reference_values() {
        assert!((contrast(WHITE, BLACK) - 21.0).abs() < 1e-9);
        assert!((contrast(GREY, WHITE) - 4.61).abs() < 0.01);
        assert!(contrast(RED, WHITE) < MIN_CONTRAST);
        assert!(contrast(RED_TEXT, WHITE) >= MIN_CONTRAST);
        assert!(contrast(BLUE_TEXT, WHITE) >= MIN_CONTRAST);
    }

    #[test]
    fn ink_on_any_fill_reaches_aa() {
        for v in 0..=255u8 {
            for colour in [
                Rgb(v, v, v),
                tint(AMBER, f64::from(v) / 255.0),
                tint(PURPLE, f64::from(v) / 255.0),
            ] {
                assert!(
                    contrast(ink_on(colour), colour) >= MIN_CONTRAST,
                    "{colour:?}"
                );
            }
        }
    }

    #[test]
    fn each_strategy_has_its_own_colour_and_only_columns_a_constraints() {
        let colours: Vec<Rgb> = Strategy::ALL.into_iter().map(strategy).collect();
        for (i, a) in colours.iter().enumerate() {
            for b in &colours[i + 1..] {
                assert_ne!(a, b, "two strategies share {a:?}");
            }
        }
        for s in Strategy::ALL.into_iter().filter(|s| s.name() != "columns") {
            for c in Constraint::ALL {
                assert_ne!(
                    strategy(s),
                    constraint(c),
                    "{} takes the {c}'s colour",
                    s.name()
                );
            }
        }
    }

    #[test]
    #[cfg(feature = "sudoku")]
    fn a_sudoku_strategy_shares_a_colour_only_with_the_queens_strategy_of_its_idea() {
        let same_idea = |s: SudokuStrategy| match s {
            SudokuStrategy::Naive => Some("sets"),
            SudokuStrategy::Naked => Some("forward-checking"),
            SudokuStrategy::Mrv | SudokuStrategy::Singles => None,
        };
        let all = SudokuStrategy::ALL;
        for (i, &a) in all.iter().enumerate() {
            for &b in &all[i + 1..] {
                assert_ne!(sudoku_strategy(a), sudoku_strategy(b), "{a:?} and {b:?}");
            }
            for c in Constraint::ALL {
                assert_ne!(
                    sudoku_strategy(a),
                    constraint(c),
                    "{a:?} takes the {c}'s colour"
                );
            }
            for queens in Strategy::ALL {
                let shared = sudoku_strategy(a) == strategy(queens);
                assert_eq!(
                    shared,
                    same_idea(a) == Some(queens.name()),
                    "sudoku's {a:?} and the queens' {}",
                    queens.name()
                );
            }
        }
    }

    #[test]
    fn tints_run_from_white_to_the_colour() {
        assert_eq!(tint(RED, 0.0), WHITE);
        assert_eq!(tint(RED, 1.0), RED);
    }
}
