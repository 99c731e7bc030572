//! `fastest`: the three sets as bitmasks, the most constrained cell first, and
//! naked singles filled in before every branch.
//!
//! Each node copies a small state (the grid, 27 masks, the list of empty cells)
//! instead of undoing moves: backtracking is dropping the copy. At a node, every
//! empty cell with one candidate left (a *naked single*) is filled, again and
//! again until none is left; a cell with no candidate ends the node (a dead
//! end). Only then does the node branch, on the cell with the fewest
//! candidates. Forced moves therefore cost no node: a node is still one call
//! of the recursive step, root included.

use crate::search::Flow;

use super::grid::{CELLS, Grid, SIDE, box_of};

/// The row, column and box of each cell index, as `u8`s.
const UNITS_OF: [[u8; 3]; CELLS] = {
    let mut table = [[0u8; 3]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (row, col) = (i / SIDE, i % SIDE);
        table[i] = [row as u8, col as u8, box_of(row, col) as u8];
        i += 1;
    }
    table
};

/// Bits 1 to 9.
const ALL: u16 = 0b11_1111_1110;

#[derive(Clone, Copy)]
struct State {
    cells: [u8; CELLS],
    rows: [u16; SIDE],
    columns: [u16; SIDE],
    boxes: [u16; SIDE],
    /// The empty cells' indices, `empty[..open]`, in no particular order.
    empty: [u8; CELLS],
    open: usize,
}

impl State {
    fn new(grid: &Grid) -> Self {
        let mut state = Self {
            cells: [0; CELLS],
            rows: [0; SIDE],
            columns: [0; SIDE],
            boxes: [0; SIDE],
            empty: [0; CELLS],
            open: 0,
        };
        for (i, &digit) in grid.digits().iter().enumerate() {
            if digit == 0 {
                state.empty[state.open] = i as u8;
                state.open += 1;
            } else {
                state.place(i, digit);
            }
        }
        state
    }

    #[inline]
    fn candidates(&self, i: usize) -> u16 {
        let [r, c, b] = UNITS_OF[i];
        ALL & !(self.rows[r as usize] | self.columns[c as usize] | self.boxes[b as usize])
    }

    #[inline]
    fn place(&mut self, i: usize, digit: u8) {
        let [r, c, b] = UNITS_OF[i];
        let bit = 1 << digit;
        self.cells[i] = digit;
        self.rows[r as usize] |= bit;
        self.columns[c as usize] |= bit;
        self.boxes[b as usize] |= bit;
    }

    /// Takes `empty[k]` off the list of empty cells.
    #[inline]
    fn fill(&mut self, k: usize) {
        self.open -= 1;
        self.empty[k] = self.empty[self.open];
    }
}

/// What the walk found.
#[derive(Clone, Debug, Default)]
pub(super) struct Walk {
    pub nodes: u64,
    pub found: u64,
    pub first: Option<[u8; CELLS]>,
}

/// Searches `grid` (whose givens must not clash) until its second solution or
/// the end of the tree.
pub(super) fn walk(grid: &Grid) -> Walk {
    let mut walk = Walk::default();
    let _ = visit(&mut walk, State::new(grid));
    walk
}

fn visit(walk: &mut Walk, mut state: State) -> Flow {
    walk.nodes += 1;
    // Naked singles until none is left; remember the most constrained cell.
    let mut best = 0;
    loop {
        let mut progressed = false;
        let mut fewest = u32::MAX;
        let mut k = 0;
        while k < state.open {
            let i = state.empty[k] as usize;
            let candidates = state.candidates(i);
            match candidates.count_ones() {
                0 => return Flow::Continue(()), // a dead end
                1 => {
                    state.place(i, candidates.trailing_zeros() as u8);
                    state.fill(k);
                    progressed = true;
                }
                count => {
                    if count < fewest {
                        fewest = count;
                        best = k;
                    }
                    k += 1;
                }
            }
        }
        if !progressed {
            break;
        }
    }
    if state.open == 0 {
        walk.found += 1;
        walk.first.get_or_insert(state.cells);
        return if walk.found >= 2 {
            Flow::Break(())
        } else {
            Flow::Continue(())
        };
    }
    let i = state.empty[best] as usize;
    let mut candidates = state.candidates(i);
    state.fill(best);
    while candidates != 0 {
        let digit = candidates.trailing_zeros() as u8;
        candidates &= candidates - 1;
        let mut child = state;
        child.place(i, digit);
        visit(walk, child)?;
    }
    Flow::Continue(())
}
