//! A [`Grade`](crate::grader::Grade) as a per-blank scorecard: text, JSON, CSV, JUnit XML, or
//! Gradescope's `results.json`.
//!
//! Every graded test is worth one point unless the course's `queens.toml`
//! gives its group points ([`crate::settings`]). Tests are grouped by the part of their
//! name before `::`: `blank_1_prune_check` is blank 1, `end_to_end` runs the
//! whole search. `score` is the sum over all groups, blanks and end-to-end.
//! One file per format: [`text`], [`json`], [`csv`], [`junit`], [`gradescope`].

mod csv;
mod gradescope;
mod json;
mod junit;
mod score;
mod text;

pub use csv::{CsvLayout, csv};
pub use gradescope::{Gradescope, GradescopeTest, gradescope};
pub use json::{JsonReport, json};
pub use junit::junit;
pub use score::{
    FLAGS, GroupScore, TestScore, describe_problem, flags, problems, scheme_groups, scored_groups,
    totals, warnings,
};
pub use text::text;

/// The output formats of `queens grade`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A scorecard for people.
    Text,
    /// Everything, as JSON.
    Json,
    /// One row per submission (the batch format).
    Csv,
    /// JUnit XML, one test suite per blank.
    Junit,
    /// Gradescope's `results.json`.
    Gradescope,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: [Format; 5] = [
        Self::Text,
        Self::Json,
        Self::Csv,
        Self::Junit,
        Self::Gradescope,
    ];

    /// The name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::Json => "json",
            Self::Csv => "csv",
            Self::Junit => "junit",
            Self::Gradescope => "gradescope",
        }
    }

    /// What the format is, in one line.
    pub const fn summary(self) -> &'static str {
        match self {
            Self::Text => "A scorecard for people",
            Self::Json => "Everything, as JSON",
            Self::Csv => "One row per submission (the batch format)",
            Self::Junit => "JUnit XML, one test suite per blank",
            Self::Gradescope => "Gradescope's `results.json`",
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|format| format.name() == name)
            .ok_or_else(|| format!("unknown format '{name}'"))
    }
}
