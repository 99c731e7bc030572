//! The interactive lesson's branching factor: how many cells each row still has free.
//!
//! After each placement the three constraints remove cells from every row below.
//! Counting what is left shows the search space shrinking, and a row at 0 is a
//! dead end before the search even gets there.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::board::coords::{Cell, attack_each_other};
use crate::search::{Flow, Observer};

/// For each row of an `n × n` board, how many cells no queen of `queens`
/// attacks. Rows that already hold a queen count 0.
///
/// ```
/// // A queen in the corner of a 4 × 4 board leaves 2, 2 and 2 cells below it.
/// assert_eq!(queens::report::branching::available_per_row(4, &[0]), [0, 2, 2, 2]);
/// ```
pub fn available_per_row(n: usize, queens: &[usize]) -> Vec<usize> {
    (0..n)
        .map(|row| {
            if row < queens.len() {
                return 0;
            }
            (0..n)
                .filter(|&col| {
                    let cell = Cell::new(row, col);
                    queens
                        .iter()
                        .enumerate()
                        .all(|(r, &c)| !attack_each_other(Cell::new(r, c), cell))
                })
                .count()
        })
        .collect()
}

/// The free cells per row at one node of the search.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct NodeAvailability {
    /// The placement at this node (`queens[row] = col`).
    pub queens: Vec<usize>,
    /// Free cells in each row `0..n` (0 for rows that hold a queen).
    pub available: Vec<usize>,
}

/// The observer that records [`NodeAvailability`] at every node. Meant for the
/// small boards of the notebooks: it stores `n` numbers per node.
#[derive(Clone, Debug, Default)]
pub struct AvailabilityRecorder {
    n: usize,
    /// One entry per node, in visiting order.
    pub nodes: Vec<NodeAvailability>,
}

impl AvailabilityRecorder {
    /// A recorder for an `n × n` board.
    pub fn new(n: usize) -> Self {
        Self {
            n,
            nodes: Vec::new(),
        }
    }
}

impl Observer for AvailabilityRecorder {
    fn node(&mut self, queens: &[usize]) -> Flow {
        self.nodes.push(NodeAvailability {
            queens: queens.to_vec(),
            available: available_per_row(self.n, queens),
        });
        Flow::Continue(())
    }
}
