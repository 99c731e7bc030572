//! `queens count N`: solutions, nodes, profile, candidates, pruning.

use serde::Serialize;

use crate::choice::{kernels, strategies};
use queens::Error;
use queens::report::stats::SearchStats;
use queens::strategy::{Strategy, Tree};
use queens_fastest::count::select::{self, Choice, Kernel, Reason};
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
    /// The kernel of `fastest`'s constellations (n = 8 to 23) [default: the
    /// fastest of those this CPU runs, timed at start; or $QUEENS_KERNEL].
    #[arg(long, value_parser = kernels())]
    pub kernel: Option<Kernel>,
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
    force_kernel(args.kernel)?;
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

/// Forces the kernel of `--kernel`, else of `$QUEENS_KERNEL` if set: one it
/// does not know, or this CPU cannot run, is a usage error before any count.
fn force_kernel(asked: Option<Kernel>) -> Result<(), Failure> {
    let kernel = match asked {
        Some(kernel) => Some(kernel.check().map_err(Failure::usage)?),
        None => select::from_env()
            .map_err(|error| Failure::usage(format!("{}: {error}", select::ENV)))?,
    };
    if let Some(kernel) = kernel {
        select::force(kernel).map_err(Failure::usage)?;
    }
    Ok(())
}

/// `--json`: the statistics, and the kernel where the constellations ran.
#[derive(Serialize)]
struct Counted<'a> {
    #[serde(flatten)]
    stats: &'a SearchStats,
    #[serde(skip_serializing_if = "Option::is_none")]
    kernel: Option<KernelReport>,
}

/// Which kernel counted and why; with the time of each candidate when
/// measured (its best round on the sample, in ms).
#[derive(Serialize)]
struct KernelReport {
    name: &'static str,
    reason: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    measured_ms: Option<Measured>,
    /// What the choice took, measuring included (not in `elapsed_ms`).
    choice_ms: f64,
}

/// Each candidate's time in ms, plainest kernel first: a JSON object in
/// that order.
struct Measured(Vec<(&'static str, f64)>);

impl Serialize for Measured {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, ms) in &self.0 {
            map.serialize_entry(name, ms)?;
        }
        map.end()
    }
}

impl KernelReport {
    fn of(choice: &Choice) -> Self {
        let measured_ms = match &choice.reason {
            Reason::Measured(times) => Some(Measured(
                times
                    .iter()
                    .map(|(kernel, time)| (kernel.name(), ms(time.as_secs_f64())))
                    .collect(),
            )),
            _ => None,
        };
        Self {
            name: choice.kernel.name(),
            reason: choice.reason.name(),
            measured_ms,
            choice_ms: ms(choice.spent.as_secs_f64()),
        }
    }

    /// `avx2 (measured: scalar 2.10 ms, avx2 1.20 ms; 10.5 ms in all)`.
    fn line(&self) -> String {
        let times = self.measured_ms.as_ref().map_or_else(String::new, |times| {
            let each: Vec<String> = times
                .0
                .iter()
                .map(|(name, ms)| format!("{name} {ms:.2} ms"))
                .collect();
            format!(": {}; {:.1} ms in all", each.join(", "), self.choice_ms)
        });
        format!("{} ({}{times})", self.name, self.reason)
    }
}

/// Milliseconds to the microsecond.
fn ms(seconds: f64) -> f64 {
    (seconds * 1e6).round() / 1e3
}

fn print(stats: &SearchStats, budget: Option<u64>, out: &mut Output) -> Result<(), Failure> {
    // Only the constellations run a kernel; the choice is made by then.
    let kernel = (stats.tree == Tree::Constellations)
        .then(select::made)
        .flatten()
        .map(KernelReport::of);
    if out.json() {
        out.write_json(&Counted { stats, kernel })?;
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
    if let Some(kernel) = &kernel {
        out.line(format!("kernel      {}", kernel.line()))?;
    }
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
