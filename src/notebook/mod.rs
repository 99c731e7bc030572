//! Helpers for the notebooks: the interactive lesson's board driven by hand, a handout's
//! search recorded step by step, running a student's code without losing the
//! kernel, the self-checks' expected values (`checks`, `blanks`: never in a
//! notebook cell), whether a student's crate compiles before it is `:dep`ed
//! (`compiles`), the evidence beside notebook 01's corrections of the sources
//! (`sources`), the quiz, Knuth's Monte Carlo estimate of the tree size, a row's
//! three bitmasks for the bitmask homework and why a bitmask search
//! leaves Knuth's tree (`walk`, shared with the grader), plain backtracking on a
//! constraint-satisfaction problem as the map checks expect it (`csp`), tables of
//! figures (`table`), and a standalone homework file
//! as a crate a notebook can `:dep` (the Sudoku homework's search recorded and
//! compared is `sudoku::handout` and `sudoku::feedback`, feature `sudoku`); and
//! the names of the course's notebooks, read from their folder ([`names`]).
//!
//! The homework notebooks' helpers (`feedback`, `handout`, `compiles`,
//! `standalone`, `masks`, `walk`, `blanks`, `csp`) need the feature `homework`:
//! the other notebooks' first cell does not compile them.

pub mod attempt;
#[cfg(feature = "homework")]
pub mod blanks;
pub mod checks;
pub mod childless;
#[cfg(feature = "homework")]
pub mod compiles;
#[cfg(feature = "homework")]
pub mod csp;
pub mod estimate;
#[cfg(feature = "homework")]
pub mod feedback;
pub mod guard;
#[cfg(feature = "homework")]
pub mod handout;
#[cfg(feature = "homework")]
pub mod masks;
pub mod playground;
pub mod quiz;
pub mod sources;
#[cfg(feature = "homework")]
pub mod standalone;
pub mod table;
#[cfg(feature = "homework")]
pub mod walk;

/// The names of the notebooks in `folder` (their file names without
/// `.ipynb`), in reading order: the course keeps no list of its notebooks,
/// so the command line and the tests read the folder.
pub fn names(folder: &std::path::Path) -> std::io::Result<Vec<String>> {
    let mut names: Vec<String> = std::fs::read_dir(folder)?
        .filter_map(|entry| entry.ok())
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".ipynb").map(str::to_owned)
        })
        .collect();
    names.sort();
    Ok(names)
}
