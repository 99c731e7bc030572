//! Nodes without a child, level by level: what a branching factor below 1
//! does and does not say.
//!
//! A branching factor is an average (nodes on level `k + 1` per node on level
//! `k`). Below 1 it means *some* nodes have no child, not most: at n = 8
//! level 5 has a factor of 0.97, and 150 of its 568 nodes are childless.
//!
//! ```
//! use queens::{Strategy, notebook::childless::childless};
//! let shape = childless(8, Strategy::Sets)?;
//! assert_eq!((shape.childless[5], shape.profile[5]), (150, 568));
//! assert_eq!(shape.first_majority(), Some(7));
//! # Ok::<(), queens::Error>(())
//! ```

#[cfg(feature = "serde")]
use serde::Serialize;

use crate::board::coords::Cell;
use crate::report::trace::Event;
use crate::run::error::Result;
use crate::run::{check_size, explore_with};
use crate::search::{Flow, Observer};
use crate::strategy::Strategy;

/// Nodes and childless nodes on each level `0..=n` of one search tree.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Childless {
    /// Board size.
    pub n: usize,
    /// Nodes on each level (level = queens placed).
    pub profile: Vec<u64>,
    /// Nodes on each level with no child: dead ends, where the search
    /// backtracks. Full boards (level `n`) are solutions, never counted.
    pub childless: Vec<u64>,
}

impl Childless {
    fn new(n: usize) -> Self {
        Self {
            n,
            profile: vec![0; n + 1],
            childless: vec![0; n + 1],
        }
    }

    /// The first level where childless nodes are more than half the nodes.
    pub fn first_majority(&self) -> Option<usize> {
        (0..self.n).find(|&k| 2 * self.childless[k] > self.profile[k])
    }

    /// All dead ends of the tree (the light grey nodes of a tree picture).
    pub fn dead_ends(&self) -> u64 {
        self.childless.iter().sum()
    }

    /// One line per level: "level 5: 150 of 568 nodes have no child (26 %)".
    pub fn lines(&self) -> Vec<String> {
        (0..self.n)
            .map(|k| {
                let (none, all) = (self.childless[k], self.profile[k]);
                let share = if all == 0 {
                    0.0
                } else {
                    100.0 * none as f64 / all as f64
                };
                let nodes = if all == 1 { "node has" } else { "nodes have" };
                format!("level {k}: {none} of {all} {nodes} no child ({share:.0} %)")
            })
            .collect()
    }
}

/// Counts, for every node the search enters, whether it has a child.
struct Counter {
    shape: Childless,
    /// Children of each node on the path from the root to the current node.
    open: Vec<u64>,
}

impl Counter {
    fn enter(&mut self) {
        if let Some(parent) = self.open.last_mut() {
            *parent += 1;
        }
        self.shape.profile[self.open.len()] += 1;
        self.open.push(0);
    }

    fn leave(&mut self) {
        let level = self.open.len() - 1;
        if self.open.pop() == Some(0) && level < self.shape.n {
            self.shape.childless[level] += 1;
        }
    }
}

impl Observer for Counter {
    fn place(&mut self, _cell: Cell) {
        self.enter();
    }
    fn backtrack(&mut self, _cell: Cell) {
        self.leave();
    }
    fn solution(&mut self, _queens: &[usize]) -> Flow {
        Flow::Continue(())
    }
}

/// Childless nodes per level of the tree `strategy` walks (a strategy that
/// tests cells one at a time: `brute`, `columns`, `sets`, `arrays`,
/// `forward-checking`), n ≤ 14.
pub fn childless(n: usize, strategy: Strategy) -> Result<Childless> {
    check_size(n, 14, "counting childless nodes")?;
    let mut counter = Counter {
        shape: Childless::new(n),
        open: Vec::new(),
    };
    counter.enter(); // the root
    let _ = explore_with(
        n,
        strategy,
        &mut counter,
        "count childless nodes (it takes free cells from a mask)",
    )?;
    counter.leave();
    Ok(counter.shape)
}

/// The same count from a recorded search (for example a student's).
pub fn childless_of(n: usize, events: &[Event]) -> Childless {
    let mut counter = Counter {
        shape: Childless::new(n),
        open: Vec::new(),
    };
    counter.enter();
    for event in events {
        match event {
            Event::Place { .. } => counter.enter(),
            Event::Backtrack { .. } => counter.leave(),
            _ => {}
        }
    }
    counter.leave();
    counter.shape
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_four_by_four_trees_have_four_and_two_dead_ends() {
        assert_eq!(childless(4, Strategy::Sets).unwrap().dead_ends(), 4);
        assert_eq!(
            childless(4, Strategy::ForwardChecking).unwrap().dead_ends(),
            2
        );
    }

    #[test]
    fn one_node_is_singular() {
        let lines = childless(8, Strategy::Sets).unwrap().lines();
        assert_eq!(lines[0], "level 0: 0 of 1 node has no child (0 %)");
        assert_eq!(lines[5], "level 5: 150 of 568 nodes have no child (26 %)");
    }

    #[test]
    fn events_and_observer_agree() {
        let events = crate::run::trace(6, Strategy::Sets).unwrap();
        assert_eq!(
            childless_of(6, &events),
            childless(6, Strategy::Sets).unwrap()
        );
    }
}
