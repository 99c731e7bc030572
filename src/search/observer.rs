//! What a search reports as it goes, and the small observers that listen.
//!
//! One search, many views: the engine calls an [`Observer`] at every step and
//! knows nothing about statistics, traces or pictures. Observers compose as
//! tuples, so `(&mut stats, &mut solutions)` gathers both in one walk.

use std::ops::ControlFlow;

use crate::board::constraint::Attack;
use crate::board::coords::Cell;
use crate::board::placement::{Board, board_rows};

/// Whether the search goes on (`Continue`) or stops at once (`Break`).
pub type Flow = ControlFlow<()>;

/// Listens to a backtracking search. Every method has a do-nothing default.
///
/// The order of calls for one node is: `node`, then for each column in turn
/// `candidate`, and for a free candidate `place`, the child's calls, `backtrack`.
pub trait Observer {
    /// The search entered a node: `queens[r]` is the column of the queen in row
    /// `r`, so `queens.len()` is the level. Called once per call of the recursive
    /// step, root (no queens) included: this is the one node count of the project.
    fn node(&mut self, queens: &[usize]) -> Flow {
        let _ = queens;
        Flow::Continue(())
    }

    /// The search tested `cell`; `attack` says which constraints attack it
    /// (empty: the cell is free and will be tried).
    fn candidate(&mut self, cell: Cell, attack: Attack) {
        let _ = (cell, attack);
    }

    /// Forward checking only: `cell` is free, but a queen there would leave
    /// `blocked_row` with no free cell, so the search does not go down there.
    fn dead_end(&mut self, cell: Cell, blocked_row: usize) {
        let _ = (cell, blocked_row);
    }

    /// A queen was placed on `cell` (the next `node` call is its child).
    fn place(&mut self, cell: Cell) {
        let _ = cell;
    }

    /// The queen on `cell` was taken back after its subtree was explored.
    fn backtrack(&mut self, cell: Cell) {
        let _ = cell;
    }

    /// `queens` is a solution (called right after its `node` call).
    fn solution(&mut self, queens: &[usize]) -> Flow {
        let _ = queens;
        Flow::Continue(())
    }
}

impl Observer for () {}

impl<O: Observer + ?Sized> Observer for &mut O {
    fn node(&mut self, queens: &[usize]) -> Flow {
        (**self).node(queens)
    }
    fn candidate(&mut self, cell: Cell, attack: Attack) {
        (**self).candidate(cell, attack)
    }
    fn dead_end(&mut self, cell: Cell, blocked_row: usize) {
        (**self).dead_end(cell, blocked_row)
    }
    fn place(&mut self, cell: Cell) {
        (**self).place(cell)
    }
    fn backtrack(&mut self, cell: Cell) {
        (**self).backtrack(cell)
    }
    fn solution(&mut self, queens: &[usize]) -> Flow {
        (**self).solution(queens)
    }
}

macro_rules! tuple_observer {
    ($($name:ident),+) => {
        impl<$($name: Observer),+> Observer for ($($name,)+) {
            #[allow(non_snake_case)]
            fn node(&mut self, queens: &[usize]) -> Flow {
                let ($($name,)+) = self;
                // Every observer sees the node even if an earlier one stops.
                let mut flow = Flow::Continue(());
                $( if $name.node(queens).is_break() { flow = Flow::Break(()); } )+
                flow
            }
            #[allow(non_snake_case)]
            fn candidate(&mut self, cell: Cell, attack: Attack) {
                let ($($name,)+) = self;
                $( $name.candidate(cell, attack); )+
            }
            #[allow(non_snake_case)]
            fn dead_end(&mut self, cell: Cell, blocked_row: usize) {
                let ($($name,)+) = self;
                $( $name.dead_end(cell, blocked_row); )+
            }
            #[allow(non_snake_case)]
            fn place(&mut self, cell: Cell) {
                let ($($name,)+) = self;
                $( $name.place(cell); )+
            }
            #[allow(non_snake_case)]
            fn backtrack(&mut self, cell: Cell) {
                let ($($name,)+) = self;
                $( $name.backtrack(cell); )+
            }
            #[allow(non_snake_case)]
            fn solution(&mut self, queens: &[usize]) -> Flow {
                let ($($name,)+) = self;
                let mut flow = Flow::Continue(());
                $( if $name.solution(queens).is_break() { flow = Flow::Break(()); } )+
                flow
            }
        }
    };
}

tuple_observer!(A);
tuple_observer!(A, B);
tuple_observer!(A, B, C);
tuple_observer!(A, B, C, D);

/// Stops the search once it has entered more than `limit` nodes.
#[derive(Clone, Debug)]
pub struct NodeBudget {
    limit: u64,
    used: u64,
}

impl NodeBudget {
    /// A budget of `limit` nodes.
    pub fn new(limit: u64) -> Self {
        Self { limit, used: 0 }
    }

    /// The limit this budget was made with.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Whether the search tried to go past the limit.
    pub fn exceeded(&self) -> bool {
        self.used > self.limit
    }
}

impl Observer for NodeBudget {
    fn node(&mut self, _queens: &[usize]) -> Flow {
        self.used += 1;
        if self.exceeded() {
            Flow::Break(())
        } else {
            Flow::Continue(())
        }
    }
}

/// Collects every solution as a board (`".Q.."` rows), in the order found.
#[derive(Clone, Debug, Default)]
pub struct CollectBoards {
    n: usize,
    /// The boards found so far.
    pub boards: Vec<Board>,
}

impl CollectBoards {
    /// A collector for `n × n` boards.
    pub fn new(n: usize) -> Self {
        Self {
            n,
            boards: Vec::new(),
        }
    }
}

impl Observer for CollectBoards {
    fn solution(&mut self, queens: &[usize]) -> Flow {
        self.boards.push(board_rows(self.n, queens));
        Flow::Continue(())
    }
}
