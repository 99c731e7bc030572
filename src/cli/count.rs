//! `queens count N`: solutions, nodes, profile, candidates, pruning.

use crate::Error;
use crate::run::count_with_budget;
use crate::stats::SearchStats;
use crate::strategy::Strategy;

use super::{Failure, Output, parse_board_size};

/// Arguments of `queens count`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Board size (0 to 32).
    #[arg(value_parser = parse_board_size, allow_negative_numbers = true)]
    pub n: usize,
    /// How to search.
    #[arg(long, short, value_enum, default_value_t = Strategy::Sets)]
    pub strategy: Strategy,
    /// Stop after this many nodes (brute and columns have a default budget).
    #[arg(long)]
    pub max_nodes: Option<u64>,
}

/// Counts, and prints the statistics; a search stopped by its budget still
/// prints what it found before the error.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let budget = args.max_nodes.or(args.strategy.default_budget());
    match count_with_budget(args.n, args.strategy, budget) {
        Ok(stats) => print(&stats, out),
        Err(Error::BudgetExceeded { limit, partial }) => {
            print(&partial, out)?;
            Err(Error::BudgetExceeded { limit, partial }.into())
        }
        Err(other) => Err(other.into()),
    }
}

fn print(stats: &SearchStats, out: &mut Output) -> Result<(), Failure> {
    if out.json() {
        out.write_json(stats)?;
        return Ok(());
    }
    let profile: Vec<String> = stats.profile.iter().map(u64::to_string).collect();
    out.line(format!(
        "n = {}, strategy {} ({})",
        stats.n,
        stats.strategy,
        stats.tree.describe()
    ))?;
    out.line(format!("solutions   {}", stats.solutions))?;
    out.line(format!("nodes       {} (root included)", stats.nodes))?;
    out.line(format!("profile     {}", profile.join(" ")))?;
    out.line(format!("candidates  {}", stats.candidates))?;
    out.line(format!(
        "pruned      {} = column {} + diagonal {} + anti-diagonal {} + dead end {}",
        stats.pruned.total(),
        stats.pruned.column,
        stats.pruned.diagonal,
        stats.pruned.anti_diagonal,
        stats.pruned.dead_end
    ))?;
    out.line(format!("time        {:.3} ms", stats.elapsed_ms))?;
    Ok(())
}
