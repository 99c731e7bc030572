//! Pictures: boards, search trees and plots as SVG (feature `svg`; the charts
//! and search trees need `charts`, plotters' chart code being most of the
//! library's build in a notebook's first cell). Every picture draws on a
//! [`Canvas`]: boards, galleries and Sudoku grids with its few shapes, the
//! charts with plotters on the same SVG backend.
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

#[cfg(feature = "charts")]
mod bars;
mod board;
mod board_page;
mod canvas;
#[cfg(feature = "charts")]
mod chart;
#[cfg(feature = "charts")]
mod chart_area;
#[cfg(all(feature = "charts", feature = "homework"))]
pub mod feedback;
#[cfg(feature = "charts")]
mod figures;
mod gallery;
pub mod palette;
mod picture;
#[cfg(feature = "sudoku")]
mod sudoku;
mod text;
#[cfg(feature = "charts")]
mod tree;

#[cfg(feature = "charts")]
pub use bars::{Bar, BarChart};
pub use board::{BoardPicture, Numbers, Shading, set_legend};
pub use board_page::{
    BOARD_PAGE_SIZES, BoardPageError, ClickableBoard, board_page, free_label, refusal,
};
pub use canvas::{Canvas, Font, Paint, Rgb};
#[cfg(feature = "charts")]
pub use chart::{Chart, Legend, Note, Series, Style, compact};
#[cfg(feature = "charts")]
pub use figures::{
    branching_factors, candidates_against_nodes, estimate_against_exact, nodes_against_n, profile,
    pruned_by_constraint, timings,
};
pub use gallery::{Gallery, MAX_FRAMES, MAX_GALLERY_N, symmetric_images};
pub use palette::{AMBER, BLUE, GREEN, GREY, INK, PURPLE, RED};
pub use picture::Picture;
#[cfg(all(feature = "sudoku", feature = "charts"))]
pub use sudoku::sudoku_nodes;
#[cfg(feature = "sudoku")]
pub use sudoku::{Move, SudokuPicture, WalkStep, Walkthrough};
pub use text::{plural, thousands};
#[cfg(feature = "charts")]
pub use tree::{MAX_SLOTS, TreeChild, TreeNode, TreePicture};

/// Gives a picture type the inherent `evcxr_display` the evcxr kernel calls.
macro_rules! jupyter_display {
    ($($picture:ty),+ $(,)?) => {
        $(
            impl $picture {
                /// Shows the picture in Jupyter: SVG plus a text version.
                pub fn evcxr_display(&self) {
                    $crate::display::picture::show(self)
                }
            }
        )+
    };
}

jupyter_display!(BoardPicture, Gallery);
#[cfg(feature = "charts")]
jupyter_display!(BarChart, Chart, TreePicture);

impl crate::notebook::playground::Playground {
    /// The board as a picture: attacked cells coloured, free cells per row on
    /// the right, the three sets and the last move's note below.
    pub fn picture(&self) -> BoardPicture {
        BoardPicture::new(self.n(), self.queens()).caption(self.note())
    }

    /// Shows the board in Jupyter (see [`picture`](Self::picture)).
    pub fn evcxr_display(&self) {
        picture::show(&self.picture())
    }
}
