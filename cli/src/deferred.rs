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

use std::ops::{Deref, DerefMut};

use clap::{ArgMatches, Args, Command, Error, FromArgMatches, Id};

/// The arguments `T` of a subcommand, set up when it is the one run.
#[derive(Debug)]
pub struct Deferred<T>(pub T);

impl<T: Args> Args for Deferred<T> {
    fn augment_args(cmd: Command) -> Command {
        cmd.defer(T::augment_args)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        cmd.defer(T::augment_args_for_update)
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
        let cli = Cli::try_parse_from(["queens", "sudoku", "solve", "--file", "f.txt", "--json"])
            .expect("parses");
        assert!(cli.json);
    }
}
