//! # Arc consistency — AC-3, written by you
//!
//! Notebook 11 ran arc consistency from the library; here you write it. The
//! frame is notebook 10's, a **constraint-satisfaction problem** ([`Problem`]):
//! - the **variables** are numbered `0..problem.len()`: a board's rows, a
//!   map's regions, a Sudoku's cells;
//! - each one's **domain** is the values still possible for it ([`Domains`]):
//!   a row's columns, a region's colours, a cell's digits;
//! - a **constraint** joins each pair of neighbours ([`Problem::allows`]).
//!
//! An **arc** `(x, y)` is consistent when every value left for `x` has a
//! partner in `y`'s domain that the constraint allows. AC-3 (Russell and
//! Norvig, *Artificial Intelligence: A Modern Approach*, section 6.2.2, figure
//! 6.3) keeps a [`Queue`] of arcs, takes them one by one and makes each
//! consistent, until the queue is empty or a domain is: a **wipe-out**, no
//! solution from here. The queue, the loop ([`ac3`]) and the three problems are
//! written; two pieces are yours:
//! 1. **revise** ([`revise`]): make one arc consistent;
//! 2. **propagate** ([`propagate`]): what follows when a domain has shrunk.
//!
//! Check your work with `cargo test -p exercises --test arcs` (each test is
//! named after its blank: `blank_1_revise::…`).

use std::collections::{HashSet, VecDeque};

/// A variable: its number, `0..problem.len()`.
pub type Variable = usize;
/// A value: a column, a colour or a digit.
pub type Value = usize;
/// Every variable's values still possible: `domains[x]` is `x`'s domain.
pub type Domains = Vec<Vec<Value>>;

/// What two neighbours may not do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Neighbours take different values: a map's regions, a Sudoku's peers.
    Different,
    /// Two rows' queens neither share a column nor a diagonal.
    Queens,
}

/// A constraint-satisfaction problem whose constraints join pairs of
/// neighbours, all by one [`Rule`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// `neighbours[x]`: the variables that share a constraint with `x`, in
    /// increasing order.
    pub neighbours: Vec<Vec<Variable>>,
    /// The constraint between any two neighbours.
    pub rule: Rule,
}

impl Problem {
    /// N-Queens: a variable per row, its queen's column as the value; every
    /// row neighbours every other.
    pub fn queens(n: usize) -> Self {
        let neighbours = (0..n)
            .map(|row| (0..n).filter(|&other| other != row).collect())
            .collect();
        Self {
            neighbours,
            rule: Rule::Queens,
        }
    }

    /// Australia (Russell and Norvig's figure 6.1): WA, NT, SA, Q, NSW, V and
    /// T, in that order; Tasmania borders nobody.
    pub fn australia() -> Self {
        let borders = [
            (0, 1),
            (0, 2),
            (1, 2),
            (1, 3),
            (2, 3),
            (2, 4),
            (2, 5),
            (3, 4),
            (4, 5),
        ];
        let mut neighbours = vec![Vec::new(); 7];
        for (a, b) in borders {
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
        for list in &mut neighbours {
            list.sort_unstable();
        }
        Self {
            neighbours,
            rule: Rule::Different,
        }
    }

    /// A Sudoku: a variable per cell, row by row; a cell's neighbours are its
    /// peers, the other cells of its row, its column and its 3 × 3 box.
    pub fn sudoku() -> Self {
        let peers = |a: usize, b: usize| {
            let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
            a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3))
        };
        let neighbours = (0..81)
            .map(|a| (0..81).filter(|&b| peers(a, b)).collect())
            .collect();
        Self {
            neighbours,
            rule: Rule::Different,
        }
    }

    /// How many variables there are.
    pub fn len(&self) -> usize {
        self.neighbours.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.neighbours.is_empty()
    }

    /// Whether the constraint between neighbours `x` and `y` allows `x = a`
    /// together with `y = b`.
    pub fn allows(&self, x: Variable, a: Value, y: Variable, b: Value) -> bool {
        match self.rule {
            Rule::Different => a != b,
            Rule::Queens => a != b && a.abs_diff(b) != x.abs_diff(y),
        }
    }
}

/// How a message names the problem: `4 queens`, `a map of 7 regions`, `a Sudoku`.
impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match (self.rule, self.len()) {
            (Rule::Queens, n) => write!(f, "{n} queens"),
            (Rule::Different, 81) => write!(f, "a Sudoku"),
            (Rule::Different, n) => write!(f, "a map of {n} regions"),
        }
    }
}

/// Every one of `variables` variables may take any of the values `0..values`.
pub fn every_value(variables: usize, values: usize) -> Domains {
    vec![(0..values).collect(); variables]
}

/// A Sudoku's domains from its 81 characters, row by row: a given digit
/// alone, the digits 1 to 9 for a `.` or `0`.
pub fn sudoku_domains(puzzle: &str) -> Domains {
    puzzle
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .map(|c| match c.to_digit(10) {
            Some(digit @ 1..=9) => vec![digit as Value],
            _ => (1..=9).collect(),
        })
        .collect()
}

/// The arcs still to revise, oldest first, each at most once (the book's
/// queue is a set).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Queue {
    arcs: VecDeque<(Variable, Variable)>,
    queued: HashSet<(Variable, Variable)>,
}

impl Queue {
    /// Every arc of `problem`, both ways: where AC-3 starts.
    pub fn every_arc(problem: &Problem) -> Self {
        let mut queue = Self::default();
        for (x, neighbours) in problem.neighbours.iter().enumerate() {
            for &y in neighbours {
                queue.push(x, y);
            }
        }
        queue
    }

    /// Adds the arc `(x, y)`, unless it waits already.
    pub fn push(&mut self, x: Variable, y: Variable) {
        if self.queued.insert((x, y)) {
            self.arcs.push_back((x, y));
        }
    }

    /// Takes the oldest arc out.
    pub fn pop(&mut self) -> Option<(Variable, Variable)> {
        let arc = self.arcs.pop_front()?;
        self.queued.remove(&arc);
        Some(arc)
    }

    /// The arcs waiting, oldest first.
    pub fn waiting(&self) -> Vec<(Variable, Variable)> {
        self.arcs.iter().copied().collect()
    }
}

/// How a message names the queue: `no arc waiting`, `3 arcs waiting`.
impl std::fmt::Display for Queue {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self.arcs.len() {
            0 => write!(f, "no arc waiting"),
            1 => write!(f, "1 arc waiting"),
            n => write!(f, "{n} arcs waiting"),
        }
    }
}

/// Makes the arc `(x, y)` consistent: removes from `x`'s domain `xs` every
/// value that no value of `y`'s domain `ys` allows. Returns whether it
/// removed any.
pub fn revise(
    problem: &Problem,
    x: Variable,
    xs: &mut Vec<Value>,
    y: Variable,
    ys: &[Value],
) -> bool {
    // BLANK 1: revise
    todo!(
        "blank 1 — revise: make the arc ({x}, {y}) of {problem} consistent: keep in x's domain {xs:?} only the values a that some value b of y's domain {ys:?} allows (problem.allows(x, a, y, b)); return whether any value went."
    )
    // END BLANK 1
}

/// What one arc's revision led to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The queue is empty: every arc is consistent.
    Done,
    /// An arc was revised; AC-3 goes on.
    Revised,
    /// This variable's domain is empty: the problem has no solution from here.
    WipeOut(Variable),
}

/// Revising the arc `(x, y)` just removed values from `x`'s domain, which
/// holds `left` now: says what follows, and queues the arcs that must be
/// revised again.
pub fn propagate(
    problem: &Problem,
    queue: &mut Queue,
    x: Variable,
    y: Variable,
    left: &[Value],
) -> Step {
    // BLANK 2: propagate
    todo!(
        "blank 2 — propagate: {x} lost values revising ({x}, {y}) of {problem}, and {left:?} is left: if nothing is, that is a wipe-out of {x}; otherwise queue the arc (z, {x}) for every neighbour z of {x} except {y} ({queue} now), and say Step::Revised."
    )
    // END BLANK 2
}

/// One step of AC-3: the oldest arc revised, and what that led to.
pub fn step(problem: &Problem, domains: &mut Domains, queue: &mut Queue) -> Step {
    let Some((x, y)) = queue.pop() else {
        return Step::Done;
    };
    // A copy of y's domain, so that x's can change while it is read.
    let ys = domains[y].clone();
    if revise(problem, x, &mut domains[x], y, &ys) {
        propagate(problem, queue, x, y, &domains[x])
    } else {
        Step::Revised
    }
}

/// AC-3: every arc of `problem` queued, then revised until none waits.
/// The domains left, every arc consistent; `None` on a wipe-out.
pub fn ac3(problem: &Problem, mut domains: Domains) -> Option<Domains> {
    let mut queue = Queue::every_arc(problem);
    loop {
        match step(problem, &mut domains, &mut queue) {
            Step::Done => return Some(domains),
            Step::WipeOut(_) => return None,
            Step::Revised => {}
        }
    }
}
