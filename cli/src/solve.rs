//! `queens solve N`: every solution as boards.

use queens::run::solve;

use super::{Failure, Output, parse_board_size};

/// Arguments of `queens solve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Board size (0 to 12: larger boards have too many solutions to list).
    #[arg(value_parser = parse_board_size, allow_negative_numbers = true)]
    pub n: usize,
}

/// Prints the boards: JSON as the JavaScript article's `solveNQueens` returns them (a list of
/// lists of row strings), text as boards separated by blank lines.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let boards = solve(args.n)?;
    if out.json() {
        out.write_json(&boards)?;
        return Ok(());
    }
    if boards.is_empty() {
        eprintln!("no solutions for n = {}", args.n);
    }
    for (i, board) in boards.iter().enumerate() {
        if i > 0 {
            out.line("")?;
        }
        for row in board {
            out.line(row)?;
        }
    }
    Ok(())
}
