//! Pictures: boards, search trees and plots as SVG (feature `svg`).
//!
//! Every picture is a plain value built from the library's numbers. In Jupyter
//! (the evcxr kernel) a cell whose last expression is a picture shows it: each
//! type has an inherent `evcxr_display` method that prints the SVG as
//! `image/svg+xml` together with a `text/plain` version for readers without
//! images. Outside Jupyter, [`Picture::svg`] returns the same SVG and
//! `queens render …` writes it to a file.
//!
//! The colours are the interactive lesson's: red for a column, amber for a main diagonal
//! (`row - col`), purple for an anti-diagonal (`row + col`).

mod bars;
mod board;
mod board_page;
mod chart;
pub mod feedback;
mod figures;
mod gallery;
pub mod palette;
mod sudoku;
mod tree;

pub use bars::{Bar, BarChart};
pub use board::{BoardPicture, Numbers, Shading, set_legend};
pub use board_page::{
    BOARD_PAGE_SIZES, BoardPageError, ClickableBoard, board_page, free_label, refusal,
};
pub use chart::{Chart, Legend, Note, Series, Style, compact};
pub use figures::{
    branching_factors, candidates_against_nodes, estimate_against_exact, nodes_against_n, profile,
    pruned_by_constraint, timings,
};
pub use gallery::{Gallery, MAX_FRAMES, MAX_GALLERY_N, symmetric_images};
pub use palette::{AMBER, BLUE, GREEN, GREY, INK, PURPLE, RED};
pub use sudoku::{Move, SudokuPicture, WalkStep, Walkthrough, sudoku_nodes};
pub use tree::{MAX_SLOTS, TreeChild, TreeNode, TreePicture};

use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, IntoDrawingArea, SVGBackend};

/// The area a picture draws on: an SVG canvas, or a part of one.
pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// Something that can be drawn as SVG and described in text.
pub trait Picture {
    /// Width and height in pixels.
    fn size(&self) -> (u32, u32);

    /// Draws the picture on `area`, whose top-left corner is the picture's.
    fn draw(&self, area: &Area<'_>) -> Result<(), String>;

    /// The same information as plain text.
    fn text(&self) -> String;

    /// The picture as a standalone SVG document.
    fn svg(&self) -> String {
        let mut svg = String::new();
        let result = {
            let area = SVGBackend::with_string(&mut svg, self.size()).into_drawing_area();
            self.draw(&area)
                .and_then(|()| area.present().map_err(|e| e.to_string()))
        };
        match result {
            Ok(()) => svg,
            // Drawing into a string cannot fail short of a bug; say so in the
            // picture rather than panic in the reader's notebook.
            Err(error) => format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" height=\"40\">\
                 <text x=\"8\" y=\"24\">could not draw: {}</text></svg>",
                error.replace('&', "&amp;").replace('<', "&lt;")
            ),
        }
    }

    /// Writes [`svg`](Self::svg) to `path`.
    fn save_svg(&self, path: &std::path::Path) -> std::io::Result<()> {
        std::fs::write(path, self.svg())
    }
}

/// Prints one Jupyter display bundle: the SVG and its text version.
pub(crate) fn show(picture: &impl Picture) {
    println!(
        "EVCXR_BEGIN_CONTENT image/svg+xml\n{}\nEVCXR_END_CONTENT",
        picture.svg()
    );
    println!(
        "EVCXR_BEGIN_CONTENT text/plain\n{}\nEVCXR_END_CONTENT",
        picture.text()
    );
}

/// Gives a picture type the inherent `evcxr_display` the evcxr kernel calls.
macro_rules! jupyter_display {
    ($($picture:ty),+ $(,)?) => {
        $(
            impl $picture {
                /// Shows the picture in Jupyter: SVG plus a text version.
                pub fn evcxr_display(&self) {
                    $crate::display::show(self)
                }
            }
        )+
    };
}

jupyter_display!(BarChart, BoardPicture, Chart, Gallery, TreePicture);

impl crate::notebook::playground::Playground {
    /// The board as a picture: attacked cells coloured, free cells per row on
    /// the right, the three sets and the last move's note below.
    pub fn picture(&self) -> BoardPicture {
        BoardPicture::new(self.n(), self.queens()).caption(self.note())
    }

    /// Shows the board in Jupyter (see [`picture`](Self::picture)).
    pub fn evcxr_display(&self) {
        show(&self.picture())
    }
}

/// Wraps `text` into lines of at most `width` characters, at spaces.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// `1234567` as `1,234,567`.
pub fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// `count` and the word, singular for one: "1 queen", "2 queens", "0 nodes".
pub(crate) fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_words_whole() {
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
        assert!(wrap("", 5).is_empty());
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(2057), "2,057");
        assert_eq!(thousands(1_141_190_303), "1,141,190,303");
    }

    #[test]
    fn one_is_singular() {
        assert_eq!(plural(1, "queen", "queens"), "1 queen");
        assert_eq!(plural(0, "node", "nodes"), "0 nodes");
    }
}
