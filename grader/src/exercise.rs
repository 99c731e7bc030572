//! Which handout is graded: the N-Queens one (`src/lib.rs`, the default) or
//! the Sudoku one (`src/sudoku.rs`), and where each one's pieces are.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// A handout of the course, graded by its own tests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Exercise {
    /// `exercises/src/lib.rs`, tests `exercises/tests/graded.rs`.
    #[default]
    Nqueens,
    /// `exercises/src/sudoku.rs`, tests `exercises/tests/sudoku_graded.rs`.
    Sudoku,
}

impl Exercise {
    /// Every exercise, the default first.
    pub const ALL: [Exercise; 2] = [Exercise::Nqueens, Exercise::Sudoku];

    /// Its name on the command line: `nqueens`, `sudoku`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Nqueens => "nqueens",
            Self::Sudoku => "sudoku",
        }
    }

    /// Its graded tests, in order.
    pub fn tests(self) -> &'static [&'static str] {
        match self {
            Self::Nqueens => super::judge::TESTS,
            Self::Sudoku => super::judge_sudoku::TESTS,
        }
    }

    /// The test target of the `exercises` crate that grades it.
    pub fn test_target(self) -> &'static str {
        match self {
            Self::Nqueens => "graded",
            Self::Sudoku => "sudoku_graded",
        }
    }

    /// The student's file, inside the `exercises` crate.
    pub fn source(self) -> &'static str {
        match self {
            Self::Nqueens => "src/lib.rs",
            Self::Sudoku => "src/sudoku.rs",
        }
    }

    /// The student's file's name: `lib.rs`, `sudoku.rs`.
    pub fn file_name(self) -> &'static str {
        match self {
            Self::Nqueens => "lib.rs",
            Self::Sudoku => "sudoku.rs",
        }
    }

    /// The hints file, inside `exercises/`.
    pub fn hints(self) -> &'static str {
        match self {
            Self::Nqueens => "hints.json",
            Self::Sudoku => "sudoku-hints.json",
        }
    }
}

impl fmt::Display for Exercise {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Exercise {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|e| e.name() == name)
            .ok_or_else(|| format!("no exercise is named {name:?} (nqueens or sudoku)"))
    }
}
