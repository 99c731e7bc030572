//! One plan per strategy, decided in one place: the generic engine with a
//! store ([`crate::search::explore`]), or a bitmask walk of its own
//! ([`crate::fast`]).

use crate::fast::bitmask::{self, Recorder};
use crate::fast::{Tally, mirror, symmetry};
use crate::report::stats::SearchStats;
use crate::run::error::{Error, Result};
use crate::search::{Flow, ForwardChecking, NodeBudget, Observer, explore};
use crate::stores::Rules;
use crate::stores::arrays::ConstraintArrays;
use crate::stores::naive::{ColumnsOnly, NoPruning};
use crate::stores::sets::ConstraintSets;
use crate::strategy::Strategy;

/// How a strategy runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// The engine, asking a store about one cell at a time: it can be traced.
    Engine(Engine),
    /// A bitmask walk, taking free cells from a mask: it can only be counted.
    Walk(Walk),
}

/// The strategies that run on the engine, each with its store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// [`NoPruning`]: every placement.
    Brute,
    /// [`ColumnsOnly`]: distinct columns.
    Columns,
    /// [`ConstraintSets`]: the three sets of the course.
    Sets,
    /// [`ConstraintArrays`]: the same as boolean arrays.
    Arrays,
    /// [`ForwardChecking`] over the arrays.
    ForwardChecking,
}

/// The strategies with a walk of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// Knuth's tree on three machine words ([`bitmask::walk`]).
    Knuth,
    /// The left half of the top row, doubled ([`mirror::walk`]).
    Mirror,
    /// One board per symmetry class ([`symmetry::walk`]).
    Symmetry,
    /// The symmetry walk on every core (`fast::parallel`).
    Parallel,
}

impl Plan {
    /// The plan for `strategy`; `fastest`, which [`plan`] resolves first,
    /// stands here for its walk on one thread.
    pub const fn of(strategy: Strategy) -> Self {
        match strategy {
            Strategy::Brute => Self::Engine(Engine::Brute),
            Strategy::Columns => Self::Engine(Engine::Columns),
            Strategy::Sets => Self::Engine(Engine::Sets),
            Strategy::Arrays => Self::Engine(Engine::Arrays),
            Strategy::ForwardChecking => Self::Engine(Engine::ForwardChecking),
            Strategy::Bitmask => Self::Walk(Walk::Knuth),
            Strategy::Mirror => Self::Walk(Walk::Mirror),
            Strategy::Symmetry => Self::Walk(Walk::Symmetry),
            Strategy::Parallel => Self::Walk(Walk::Parallel),
            Strategy::Fastest => Self::Walk(Walk::Symmetry),
        }
    }
}

/// The plan that runs `strategy` on an `n × n` board under the node budget
/// `max_nodes`: `fastest` is resolved first ([`super::resolve::resolve`]),
/// and a walk that cannot do what is asked is refused with a sentence.
pub fn plan(strategy: Strategy, n: usize, max_nodes: Option<u64>) -> Result<Plan> {
    let strategy = super::resolve::resolve(strategy, n, max_nodes);
    match Plan::of(strategy) {
        Plan::Walk(Walk::Parallel) if max_nodes.is_some() => Err(Error::Unsupported {
            strategy,
            operation: "stop at a node budget (its threads walk separate subtrees)",
            supported: "symmetry (the same tree on one thread), fastest".into(),
        }),
        Plan::Walk(Walk::Parallel) if !cfg!(feature = "parallel") => Err(Error::Unsupported {
            strategy,
            operation: "run without the `parallel` feature (rayon)",
            supported: "symmetry, fastest".into(),
        }),
        plan => Ok(plan),
    }
}

impl Engine {
    /// Runs the engine on an `n × n` board with this strategy's store.
    pub fn explore<O: Observer>(self, n: usize, observer: &mut O) -> Flow {
        fn go<R: Rules, O: Observer>(n: usize, mut rules: R, observer: &mut O) -> Flow {
            explore(n, &mut rules, observer)
        }
        match self {
            Self::Brute => go(n, NoPruning::new(n), observer),
            Self::Columns => go(n, ColumnsOnly::new(n), observer),
            Self::Sets => go(n, ConstraintSets::new(), observer),
            Self::Arrays => go(n, ConstraintArrays::new(n), observer),
            Self::ForwardChecking => go(
                n,
                ForwardChecking::new(n, ConstraintArrays::new(n)),
                observer,
            ),
        }
    }
}

impl Walk {
    /// Walks the `n × n` tree and reports it as `strategy`'s statistics,
    /// stopping at `budget` if any ([`plan`] gives `Parallel` none).
    pub fn stats(
        self,
        n: usize,
        strategy: Strategy,
        budget: Option<&mut NodeBudget>,
    ) -> SearchStats {
        self.tally(n, budget).into_stats(n, strategy)
    }

    /// Walks the `n × n` tree into a [`Tally`], stopping at `budget` if any
    /// (the tally then holds what was walked). Without a budget the walk is
    /// compiled without the check. [`plan`] never gives `Parallel` a budget.
    pub fn tally(self, n: usize, budget: Option<&mut NodeBudget>) -> Tally {
        #[cfg(feature = "parallel")]
        if let Self::Parallel = self {
            // Each thread gathers its own tally.
            return crate::fast::parallel::walk(n);
        }
        let mut tally = Tally::new(n);
        match budget {
            Some(budget) => self.run(n, &mut (&mut tally, budget)),
            None => self.run(n, &mut tally),
        }
        tally
    }

    /// The walks on one thread; `Parallel` without its feature walks the
    /// same tree on this thread ([`plan`] refuses it before it gets here).
    fn run<R: Recorder>(self, n: usize, recorder: &mut R) {
        let _ = match self {
            Self::Knuth => bitmask::walk(n, recorder),
            Self::Mirror => mirror::walk(n, recorder),
            Self::Symmetry | Self::Parallel => symmetry::walk(n, recorder),
        };
    }
}
