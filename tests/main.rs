//! The library's and the course's tests, one test binary: each file below is
//! a module (`cargo test --test course notebooks::` runs one of them). One
//! binary links once after a change in the library, where one per file
//! linked twenty times.

// Shared by several modules: published numbers, the notebooks' cells, SVG.
#[path = "common/cells.rs"]
mod cells;
mod common;
#[cfg(feature = "svg")]
#[path = "common/svg.rs"]
mod svg;

#[cfg(feature = "svg")]
mod board_page;
mod boards;
mod claims;
mod contrast;
mod counts;
#[cfg(feature = "csp")]
mod csp_claims;
mod fast;
mod layers;
mod notebooks;
mod notebooks_homeworks;
#[cfg(feature = "svg")]
mod notebooks_playground;
#[cfg(feature = "svg")]
mod notebooks_render;
mod reference_answers;
mod self_checks;
#[cfg(feature = "serde")]
mod serde;
mod sudoku;
mod sudoku_claims;
mod sudoku_render;
mod wording;
