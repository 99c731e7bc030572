//! A subcommand's arguments, built only when that subcommand runs.
//!
//! clap's derive builds every subcommand's arguments (their help, values and
//! groups) before it parses anything: about a fifth of a millisecond for our
//! fourteen subcommands, a quarter of what `queens sudoku solve` on the 40
//! shipped puzzles costs in all (BENCHMARKS.md). `Command::defer` (clap 4.3)
//! delays a command's set-up until the parser enters it or help needs it;
//! this wrapper asks for it from the derive, one subcommand at a time. The
//! idea is from clap's own issue on deferring derived subcommands
//! (<https://github.com/clap-rs/clap/issues/4959>).
//!
//! For the same reason `--json` and `--version` are not global at the top:
//! clap copies a global argument into every subcommand before it parses,
//! set up or not. Each subcommand gets them as it is set up instead
//! ([`with_shared`], global from there down), listed and completed where
//! the global ones were, and [`json_given`] reads `--json` wherever it was
//! written (`Cli::try_parse_args` sets `Cli::json` from it).

use std::ops::{Deref, DerefMut};

use clap::{Arg, ArgAction, ArgMatches, Args, Command, Error, FromArgMatches, Id};

/// The id of `--json`, which every subcommand takes.
const JSON: &str = "json";

/// `--json`'s help, the same at the top and in every subcommand.
pub(crate) const JSON_HELP: &str = "Print JSON instead of text";

/// What every subcommand takes besides its own arguments, for itself and the
/// subcommands under it: `--json` and `--version` (why not global at the
/// top: the module's doc; 0.09 ms of every start-up, BENCHMARKS.md).
fn with_shared(cmd: Command) -> Command {
    cmd.arg(
        Arg::new(JSON)
            .long("json")
            .help(JSON_HELP)
            .action(ArgAction::SetTrue)
            // Where a global `--json` of the top command would be listed:
            // with the subcommand's first argument, in name order.
            .display_order(0)
            .global(true),
    )
    .version(env!("CARGO_PKG_VERSION"))
    .propagate_version(true)
    // The subcommand's own arguments are listed from 0 too.
    .next_display_order(0)
}

/// Whether `--json` was given, before the subcommand or anywhere after it.
pub(crate) fn json_given(matches: &ArgMatches) -> bool {
    let flag = |matches: &ArgMatches| matches!(matches.try_get_one::<bool>(JSON), Ok(Some(true)));
    flag(matches) || matches.subcommand().is_some_and(|(_, sub)| flag(sub))
}

/// The arguments `T` of a subcommand, set up when it is the one run.
#[derive(Debug)]
pub struct Deferred<T>(pub T);

impl<T: Args> Args for Deferred<T> {
    fn augment_args(cmd: Command) -> Command {
        cmd.defer(|cmd| T::augment_args(with_shared(cmd)))
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        cmd.defer(|cmd| T::augment_args_for_update(with_shared(cmd)))
    }

    fn group_id() -> Option<Id> {
        T::group_id()
    }
}

impl<T: FromArgMatches> FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, Error> {
        T::from_arg_matches(matches).map(Self)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, Error> {
        T::from_arg_matches_mut(matches).map(Self)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

impl<T> Deref for Deferred<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Deferred<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    use crate::Cli;

    /// Deferred or not, every subcommand's arguments are there for help,
    /// completions and parsing.
    #[test]
    fn every_subcommand_is_complete_once_built() {
        let mut command = Cli::command();
        command.build();
        let sudoku = command.find_subcommand("sudoku").expect("sudoku");
        let solve = sudoku.find_subcommand("solve").expect("solve");
        assert!(solve.get_arguments().any(|arg| arg.get_id() == "file"));
        let count = command.find_subcommand("count").expect("count");
        assert!(count.get_arguments().any(|arg| arg.get_id() == "strategy"));
        assert!(Cli::try_parse_from(["queens", "sudoku", "solve", "--file", "f.txt"]).is_ok());
    }

    /// `--json` before the subcommand, after it, or after a nested one; and
    /// not at all.
    #[test]
    fn json_is_taken_anywhere() {
        let json = |args: &[&str]| Cli::try_parse_args(args).expect("parses").json;
        assert!(json(&["queens", "--json", "count", "8"]));
        assert!(json(&["queens", "count", "8", "--json"]));
        assert!(json(&[
            "queens", "sudoku", "solve", "--file", "f.txt", "--json"
        ]));
        assert!(json(&[
            "queens", "sudoku", "--json", "solve", "--file", "f.txt"
        ]));
        assert!(!json(&["queens", "count", "8"]));
        assert!(!json(&["queens", "sudoku", "solve", "--file", "f.txt"]));
    }
}
