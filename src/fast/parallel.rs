//! The symmetry walk on every thread of the machine.
//!
//! [`symmetry::split`] walks the first two levels and returns one [`Task`] per
//! choice of the first two queens: 92 subtrees at n = 16, none over 3.5 % of the
//! work, many more than threads. The threads take the next task from a shared
//! counter until none is left, so the cores stay busy to the end even though
//! the subtrees differ in size. Each thread tallies into its own recorder
//! (nothing shared but the counter, no locks while walking); the tallies are
//! added at the end. Same tree, same statistics as [`symmetry::walk`].
//!
//! The calling thread walks too, from the first moment, on the core that is
//! already running: it does not hand all the work to rayon's pool and wait
//! for two pool threads, one of them on a core that has been idle. Measured
//! in turns with the one-thread walk on 2 cores, handing everything to the
//! pool gave 1.0x at n = 13 and 1.7x at n = 14; walking in the caller as well
//! gives 1.9-2.0x at both. (The pool thread starts within 0.1 ms, but on the
//! idle core it walks about 20 % slower for the first tens of milliseconds.)
//!
//! [`Task`]: symmetry::Task

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::fast::bitmask::{Counts, Recorder};
use crate::fast::symmetry::{self, Task};
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

/// Walks the symmetry-reduced tree of an `n × n` board (`n <= 32`) on the
/// calling thread and rayon's thread pool, and returns the added records.
/// Node budgets have no place here: a recorder that stops the walk stops only
/// the subtree it is in.
///
/// ```
/// use queens::fast::{bitmask::Counts, parallel};
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
    let queue = Queue {
        tasks: &tasks,
        next: AtomicUsize::new(0),
    };
    let helpers = Mutex::new(Vec::new());
    rayon::in_place_scope(|scope| {
        for _ in 1..rayon::current_num_threads().min(tasks.len()) {
            scope.spawn(|_| {
                let record = queue.drain(n);
                helpers.lock().expect("no helper panics").push(record);
            });
        }
        top.absorb(queue.drain(n));
    });
    for record in helpers.into_inner().expect("no helper panics") {
        top.absorb(record);
    }
    top
}

/// The subtrees still to walk, handed out one at a time.
struct Queue<'t> {
    tasks: &'t [Task],
    next: AtomicUsize,
}

impl Queue<'_> {
    /// Walks the next subtree until none is left; returns what it recorded.
    fn drain<R: Mergeable>(&self, n: usize) -> R {
        let mut record = R::empty(n);
        while let Some(task) = self.tasks.get(self.next.fetch_add(1, Ordering::Relaxed)) {
            let _ = task.walk(&mut record);
        }
        record
    }
}
