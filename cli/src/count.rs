//! `queens count N`: solutions, nodes, profile, candidates, pruning.

use crate::choice::strategies;
use queens::Error;
use queens::report::stats::SearchStats;
use queens::strategy::Strategy;
use queens_fastest::run::{count_with_budget, resolve};

use super::{Failure, Output, parse_board_size};

/// Arguments of `queens count`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Board size (0 to 32).
    #[arg(value_parser = parse_board_size, allow_negative_numbers = true)]
    pub n: usize,
    /// How to search [default: sets, or fastest with --unique].
    #[arg(long, short, value_parser = strategies())]
    pub strategy: Option<Strategy>,
    /// Stop after this many nodes (brute and columns have a default budget).
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Also count the fundamental solutions, distinct up to rotations and
    /// reflections (OEIS A002562): strategies symmetry, parallel, fastest.
    #[arg(long)]
    pub unique: bool,
}

/// Counts, and prints the statistics; a search stopped by its budget still
/// prints what it found before the error.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let strategy = args.strategy.unwrap_or(if args.unique {
        Strategy::Fastest
    } else {
        Strategy::Sets
    });
    if args.unique && !strategy.counts_fundamental() {
        return Err(Error::Unsupported {
            strategy,
            operation: "count fundamental solutions (--unique)",
            supported: Strategy::ALL
                .into_iter()
                .filter(|s| s.counts_fundamental())
                .map(Strategy::name)
                .collect::<Vec<_>>()
                .join(", "),
        }
        .into());
    }
    let budget = args.max_nodes.or(strategy.default_budget());
    match count_with_budget(args.n, strategy, budget) {
        Ok(stats) => print(&stats, budget, out),
        Err(Error::BudgetExceeded { limit, partial }) => {
            print(&partial, budget, out)?;
            Err(Error::BudgetExceeded { limit, partial }.into())
        }
        Err(other) => Err(other.into()),
    }
}

fn print(stats: &SearchStats, budget: Option<u64>, out: &mut Output) -> Result<(), Failure> {
    if out.json() {
        out.write_json(stats)?;
        return Ok(());
    }
    let profile: Vec<String> = stats.profile.iter().map(u64::to_string).collect();
    let ran = resolve(stats.strategy, stats.n, budget);
    let picked = if ran == stats.strategy {
        String::new()
    } else {
        format!(" (ran {ran})")
    };
    out.line(format!(
        "n = {}, strategy {}{picked} ({})",
        stats.n,
        stats.strategy,
        stats.tree.describe()
    ))?;
    out.line(format!("solutions   {}", stats.solutions))?;
    if let Some(unique) = stats.unique {
        out.line(format!(
            "unique      {unique} (distinct up to rotations and reflections)"
        ))?;
    }
    out.line(format!("nodes       {} (root included)", stats.nodes))?;
    out.line(format!("profile     {}", profile.join(" ")))?;
    out.line(format!("candidates  {}", stats.candidates))?;
    let symmetry = if stats.pruned.symmetry > 0 {
        format!(" + symmetry {}", stats.pruned.symmetry)
    } else {
        String::new()
    };
    out.line(format!(
        "pruned      {} = column {} + diagonal {} + anti-diagonal {} + dead end {}{symmetry}",
        stats.pruned.total(),
        stats.pruned.column,
        stats.pruned.diagonal,
        stats.pruned.anti_diagonal,
        stats.pruned.dead_end
    ))?;
    out.line(format!("time        {:.3} ms", stats.elapsed_ms))?;
    Ok(())
}
