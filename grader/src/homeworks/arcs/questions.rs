//! What the `arcs` homework's test process asks the student's AC-3: one
//! arc revised, what follows a shrunk domain, and whole runs. Nothing here
//! judges: the grader compares each answer with the reference's. Domains are
//! written down sorted and the waiting arcs as a sorted list, so an answer
//! never differs by an order the handout leaves free.

use serde::{Deserialize, Serialize};

/// A variable: a row, a region, a cell.
pub type Variable = usize;
/// Every variable's values still possible.
pub type Domains = Vec<Vec<usize>>;
/// An arc `(x, y)`.
pub type Arc = (Variable, Variable);

/// The handout's problems.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProblemName {
    /// `Problem::queens(n)`.
    Queens(usize),
    /// `Problem::australia()`.
    Australia,
    /// `Problem::sudoku()`.
    Sudoku,
}

/// What following a revision led to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// AC-3 goes on.
    Revised,
    /// This variable's domain is empty.
    WipeOut(Variable),
    /// The queue was empty (`step` only: `propagate` never says it).
    Done,
}

/// One question a graded test asks the student's code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Question {
    /// `revise(problem, domains, x, y)`.
    Revise {
        /// The problem.
        problem: ProblemName,
        /// The domains before.
        domains: Domains,
        /// The arc's first variable, whose domain may shrink.
        x: Variable,
        /// Its second.
        y: Variable,
    },
    /// `propagate(problem, domains, queue, x, y)`, the queue holding `waiting`.
    Propagate {
        /// The problem.
        problem: ProblemName,
        /// The domains after `(x, y)` was revised.
        domains: Domains,
        /// The arcs waiting before, oldest first.
        waiting: Vec<Arc>,
        /// The variable that lost values.
        x: Variable,
        /// The one it was revised against.
        y: Variable,
    },
    /// `ac3(problem, domains)`.
    Ac3 {
        /// The problem.
        problem: ProblemName,
        /// The domains it starts from.
        domains: Domains,
    },
}

/// What the student's code answered to one [`Question`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// What `revise` returned, and every domain after it.
    Revised {
        /// Whether it says it removed a value.
        removed: bool,
        /// The domains after, each sorted.
        domains: Domains,
    },
    /// What `propagate` returned, and the arcs waiting after it (sorted;
    /// none written down after a wipe-out, where the queue no longer
    /// matters).
    Propagated {
        /// Its result.
        outcome: Outcome,
        /// The arcs waiting after it, sorted.
        waiting: Option<Vec<Arc>>,
    },
    /// What `ac3` left: every domain sorted, or `None` on a wipe-out.
    Consistent(Option<Domains>),
}

/// The handout's two blanks and its AC-3, as a graded test sees them:
/// `exercises/tests/arcs.rs` implements this.
pub trait Blanks {
    /// Blank 1: `revise(problem, domains, x, y)`.
    fn revise(problem: ProblemName, domains: &mut Domains, x: Variable, y: Variable) -> bool;
    /// Blank 2: `propagate` on a queue holding `waiting`: its result and the
    /// arcs waiting after it, oldest first.
    fn propagate(
        problem: ProblemName,
        domains: &Domains,
        waiting: &[Arc],
        x: Variable,
        y: Variable,
    ) -> (Outcome, Vec<Arc>);
    /// The handout's `ac3(problem, domains)`.
    fn ac3(problem: ProblemName, domains: Domains) -> Option<Domains>;
}

/// Asks the student's code one question.
pub fn answer<B: Blanks>(question: &Question) -> Answer {
    match question {
        Question::Revise {
            problem,
            domains,
            x,
            y,
        } => {
            let mut domains = domains.clone();
            let removed = B::revise(*problem, &mut domains, *x, *y);
            Answer::Revised {
                removed,
                domains: sorted(domains),
            }
        }
        Question::Propagate {
            problem,
            domains,
            waiting,
            x,
            y,
        } => {
            let (outcome, mut after) = B::propagate(*problem, domains, waiting, *x, *y);
            after.sort_unstable();
            let waiting = (!matches!(outcome, Outcome::WipeOut(_))).then_some(after);
            Answer::Propagated { outcome, waiting }
        }
        Question::Ac3 { problem, domains } => {
            Answer::Consistent(B::ac3(*problem, domains.clone()).map(sorted))
        }
    }
}

fn sorted(mut domains: Domains) -> Domains {
    for domain in &mut domains {
        domain.sort_unstable();
    }
    domains
}
