//! Arguments that name one of the library's choices (`--strategy`,
//! `--format`): the names with their one-line summaries in `--help`.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use queens::Strategy;
use queens_grader::report::Format;

/// Parses a strategy name; `--help` lists every name with its summary.
pub fn strategies() -> impl TypedValueParser<Value = Strategy> {
    PossibleValuesParser::new(
        Strategy::ALL.map(|strategy| PossibleValue::new(strategy.name()).help(strategy.summary())),
    )
    .try_map(|name| name.parse::<Strategy>())
}

/// Parses a report format; `--help` lists every name with its summary.
pub fn formats() -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(
        Format::ALL.map(|format| PossibleValue::new(format.name()).help(format.summary())),
    )
    .try_map(|name| name.parse::<Format>())
}
