//! Everything that can go wrong, in words a student understands.

use crate::report::stats::SearchStats;
use crate::strategy::Strategy;

/// Why a request could not be carried out.
#[derive(Debug)]
pub enum Error {
    /// The board is larger than this operation supports.
    BoardTooLarge {
        /// The requested size.
        n: usize,
        /// The largest supported size.
        max: usize,
        /// What was asked for ("counting", "listing every board", ...).
        operation: &'static str,
    },

    /// A search stopped at its node budget; the partial statistics are kept.
    BudgetExceeded {
        /// The budget that was hit.
        limit: u64,
        /// What the search had computed when it stopped.
        partial: Box<SearchStats>,
    },

    /// The strategy's tree is known in advance to be larger than the budget.
    TreeTooLarge {
        /// The strategy asked for.
        strategy: Strategy,
        /// The board size.
        n: usize,
        /// Its exact tree size.
        size: u128,
        /// The budget.
        limit: u64,
    },

    /// The strategy cannot do what was asked (for example trace a bitmask walk).
    Unsupported {
        /// The strategy asked for.
        strategy: Strategy,
        /// What was asked.
        operation: &'static str,
        /// Strategies that can.
        supported: String,
    },
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::BoardTooLarge { n, max, operation } => {
                write!(
                    f,
                    "n = {n} is too large for {operation}: it goes up to n = {max}"
                )
            }
            Self::BudgetExceeded { limit, partial } => write!(
                f,
                "the {} search at n = {} stopped at its budget of {limit} nodes, with {} \
                 solutions found so far; {}",
                partial.strategy,
                partial.n,
                partial.solutions,
                budget_advice(partial.strategy)
            ),
            Self::TreeTooLarge {
                strategy,
                n,
                size,
                limit,
            } => write!(
                f,
                "the {strategy} search at n = {n} would explore {size} nodes, over its budget of \
                 {limit}; {}",
                budget_advice(*strategy)
            ),
            Self::Unsupported {
                strategy,
                operation,
                supported,
            } => write!(
                f,
                "the {strategy} strategy cannot {operation}; use one of: {supported}"
            ),
        }
    }
}

impl std::error::Error for Error {}

fn budget_advice(strategy: Strategy) -> &'static str {
    match strategy {
        Strategy::Brute | Strategy::Columns => {
            "this strategy is exponential by design; try a smaller n, --strategy sets, or raise --max-nodes"
        }
        _ => "raise --max-nodes or try a smaller n",
    }
}

/// This crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
