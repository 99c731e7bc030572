//! The symmetry walk on every thread of the machine.
//!
//! [`symmetry::split`] walks the first two levels and returns one [`Task`] per
//! choice of the first two queens: 92 subtrees at n = 16, none over 3 % of the
//! work, many more than threads, so rayon's work stealing keeps every core busy
//! even though the subtrees differ in size. Each task tallies into its own recorder
//! (nothing shared, no locks); the tallies are added at the end. Same tree,
//! same statistics as [`symmetry::walk`].
//!
//! [`Task`]: symmetry::Task

use std::ops::ControlFlow;

use rayon::prelude::*;

use crate::bitmask::{Counts, Recorder};
use crate::fast::symmetry;
use crate::fast::tally::Tally;

/// A recorder whose records of disjoint subtrees add up.
pub trait Mergeable: Recorder + Send {
    /// An empty record for an `n × n` board.
    fn empty(n: usize) -> Self;
    /// Adds the record of a disjoint subtree.
    fn absorb(&mut self, other: Self);
}

impl Mergeable for Tally {
    fn empty(n: usize) -> Self {
        Tally::new(n)
    }
    fn absorb(&mut self, other: Self) {
        self.merge(&other);
    }
}

impl Mergeable for Counts {
    fn empty(_n: usize) -> Self {
        Counts::default()
    }
    fn absorb(&mut self, other: Self) {
        self.nodes += other.nodes;
        self.solutions += other.solutions;
        self.fundamental += other.fundamental;
    }
}

/// Walks the symmetry-reduced tree of an `n × n` board (`n <= 32`) on rayon's
/// thread pool and returns the added records. Node budgets have no place here:
/// a recorder that stops the walk stops only its own subtree.
///
/// ```
/// use queens::{bitmask::Counts, fast::parallel};
/// let counts: Counts = parallel::walk(8);
/// assert_eq!((counts.solutions, counts.fundamental), (92, 12));
/// ```
///
/// # Panics
/// If `n > 32`.
pub fn walk<R: Mergeable>(n: usize) -> R {
    let mut top = R::empty(n);
    let tasks = match symmetry::split(n, &mut top) {
        ControlFlow::Continue(tasks) => tasks,
        ControlFlow::Break(()) => return top,
    };
    let below = tasks
        .par_iter()
        .map(|task| {
            let mut record = R::empty(n);
            let _ = task.walk(&mut record);
            record
        })
        .reduce(
            || R::empty(n),
            |mut a, b| {
                a.absorb(b);
                a
            },
        );
    top.absorb(below);
    top
}
