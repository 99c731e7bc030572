//! The tutorial's colours and fonts, in one place.

use plotters::prelude::{FontStyle, IntoFont, RGBColor, TextStyle};
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::board::constraint::Constraint;
use crate::strategy::Strategy;

/// Column (red), as in the interactive lesson.
pub const RED: RGBColor = RGBColor(0xe5, 0x39, 0x35);
/// Main diagonal (amber), as in the interactive lesson.
pub const AMBER: RGBColor = RGBColor(0xff, 0xb3, 0x00);
/// Anti-diagonal (purple), as in the interactive lesson.
pub const PURPLE: RGBColor = RGBColor(0x8e, 0x24, 0xaa);
/// Queens, node outlines and text.
pub const INK: RGBColor = RGBColor(0x26, 0x32, 0x38);
/// Secondary text and light lines.
pub const GREY: RGBColor = RGBColor(0x75, 0x75, 0x75);
/// Light squares of the board.
pub const LIGHT: RGBColor = RGBColor(0xf7, 0xf4, 0xee);
/// Dark squares of the board.
pub const DARK: RGBColor = RGBColor(0xdd, 0xd5, 0xc8);
/// Free cells and solutions.
pub const GREEN: RGBColor = RGBColor(0x43, 0xa0, 0x47);
/// The three sets' strategy (`sets`) and estimates.
pub const BLUE: RGBColor = RGBColor(0x1e, 0x88, 0xe5);
/// Page background.
pub const WHITE: RGBColor = RGBColor(0xff, 0xff, 0xff);

/// The interactive lesson's colour for a constraint.
pub const fn constraint(constraint: Constraint) -> RGBColor {
    match constraint {
        Constraint::Column => RED,
        Constraint::Diagonal => AMBER,
        Constraint::AntiDiagonal => PURPLE,
    }
}

/// A colour per strategy for the plots. Column-only pruning is red like the
/// column constraint; the three sets blue; forward checking green.
pub fn strategy(strategy: Strategy) -> RGBColor {
    match strategy.name() {
        "brute" => GREY,
        "columns" => RED,
        "sets" => BLUE,
        "arrays" => RGBColor(0x00, 0x89, 0x7b),
        "bitmask" => RGBColor(0x6d, 0x4c, 0x41),
        "forward-checking" => GREEN,
        _ => RGBColor(0x3f, 0x51, 0xb5),
    }
}

/// `colour` blended towards white: `strength` 1 is the colour, 0 white.
pub fn tint(colour: RGBColor, strength: f64) -> RGBColor {
    let mix = |c: u8| (255.0 - (255.0 - f64::from(c)) * strength).round() as u8;
    RGBColor(mix(colour.0), mix(colour.1), mix(colour.2))
}

/// A sans-serif font of `px` pixels, anchored at `pos`.
pub fn font(px: f64, colour: RGBColor, pos: (HPos, VPos)) -> TextStyle<'static> {
    // plotters' SVG backend writes font-size = size / 1.24.
    ("sans-serif", px * 1.24)
        .into_font()
        .color(&colour)
        .pos(Pos::new(pos.0, pos.1))
}

/// [`font`] in bold.
pub fn bold(px: f64, colour: RGBColor, pos: (HPos, VPos)) -> TextStyle<'static> {
    ("sans-serif", px * 1.24)
        .into_font()
        .style(FontStyle::Bold)
        .color(&colour)
        .pos(Pos::new(pos.0, pos.1))
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
            let RGBColor(r, g, b) = constraint(c);
            assert_eq!(format!("#{r:02x}{g:02x}{b:02x}"), c.colour_hex());
        }
    }

    #[test]
    fn tints_run_from_white_to_the_colour() {
        assert_eq!(tint(RED, 0.0), WHITE);
        assert_eq!(tint(RED, 1.0), RED);
    }
}
