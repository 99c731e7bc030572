//! `queens trace N`: the search step by step.

use crate::choice::strategies;
use queens::report::trace::Event;
use queens::run::trace;
use queens::strategy::Strategy;

use super::{Failure, Output, parse_board_size};

/// Arguments of `queens trace`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Board size (0 to 8).
    #[arg(value_parser = parse_board_size, allow_negative_numbers = true)]
    pub n: usize,
    /// How to search (every strategy but bitmask can be traced).
    #[arg(long, short, value_parser = strategies(), default_value_t = Strategy::Sets)]
    pub strategy: Strategy,
}

/// Prints the events: JSON as a list of tagged objects, text one step a line,
/// indented by depth.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let events = trace(args.n, args.strategy)?;
    if out.json() {
        out.write_json(&events)?;
        return Ok(());
    }
    for event in &events {
        out.line(describe(event))?;
    }
    Ok(())
}

/// One line per step, indented two spaces per row.
fn describe(event: &Event) -> String {
    let indent = |row: usize| "  ".repeat(row);
    match event {
        Event::Place { row, col } => format!("{}place     ({row}, {col})", indent(*row)),
        Event::Prune { row, col, by } => {
            let by: Vec<&str> = by.iter().map(|c| c.label()).collect();
            format!(
                "{}prune     ({row}, {col}) by {}",
                indent(*row),
                by.join(" + ")
            )
        }
        Event::DeadEnd {
            row,
            col,
            blocked_row,
        } => format!(
            "{}dead end  ({row}, {col}) leaves row {blocked_row} no free cell",
            indent(*row)
        ),
        Event::Backtrack { row, col } => format!("{}backtrack ({row}, {col})", indent(*row)),
        Event::Solution { queens } => format!("{}solution  {queens:?}", indent(queens.len())),
    }
}
