//! `naked` and `singles`: the three sets as bitmasks, the most constrained cell
//! first, and forced cells filled in before every branch.
//!
//! * `naked` fills **naked singles**: an empty cell with one candidate left.
//! * `singles` fills naked singles and **hidden singles**, Norvig's second
//!   rule ("Solving Every Sudoku Puzzle", <https://norvig.com/sudoku.html>):
//!   when a unit has only one place left for a digit, the digit goes there.
//!   A unit where a missing digit has no place left is a dead end.
//!
//! Each node copies a small state (the grid, 27 masks, the list of empty cells)
//! instead of undoing moves: backtracking is dropping the copy. At a node, every
//! forced cell is filled, again and again until none is left; a cell with no
//! candidate ends the node (a dead end). Only then does the node branch, on the cell with the fewest
//! candidates. Forced moves therefore cost no node: a node is still one call
//! of the recursive step, root included.

use crate::search::Flow;

use super::cells::{CELLS, SIDE, box_of};
use super::grid::Grid;

/// Which forced cells a node fills before it branches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rules {
    /// Naked singles only.
    Naked,
    /// Naked singles and hidden singles.
    Singles,
}

/// The cell indices of each of the 27 units: rows, columns, boxes.
const UNIT_CELLS: [[u8; SIDE]; 27] = {
    let mut table = [[0u8; SIDE]; 27];
    let mut u = 0;
    while u < 27 {
        let mut k = 0;
        while k < SIDE {
            let (row, col) = match u / SIDE {
                0 => (u, k),
                1 => (k, u - SIDE),
                _ => {
                    let b = u - 2 * SIDE;
                    ((b / 3) * 3 + k / 3, (b % 3) * 3 + k % 3)
                }
            };
            table[u][k] = (row * SIDE + col) as u8;
            k += 1;
        }
        u += 1;
    }
    table
};

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

    /// The digits unit `u` already holds.
    fn held(&self, u: usize) -> u16 {
        match u / SIDE {
            0 => self.rows[u],
            1 => self.columns[u - SIDE],
            _ => self.boxes[u - 2 * SIDE],
        }
    }

    /// Fills the hidden singles of every unit, one pass. `Err` when a unit has
    /// no place left for a digit it lacks; `Ok(true)` when a digit was written.
    fn hidden_singles(&mut self) -> Result<bool, ()> {
        let mut wrote = false;
        for (u, cells) in UNIT_CELLS.iter().enumerate() {
            // Digits with at least one place, and with two or more.
            let (mut once, mut twice) = (0u16, 0u16);
            for &i in cells {
                if self.cells[i as usize] == 0 {
                    let candidates = self.candidates(i as usize);
                    twice |= once & candidates;
                    once |= candidates;
                }
            }
            let held = self.held(u);
            if (ALL & !held) & !once != 0 {
                return Err(()); // a missing digit with no place left
            }
            let mut lone = once & !twice & !held;
            while lone != 0 {
                let digit = lone.trailing_zeros() as u8;
                lone &= lone - 1;
                let i = cells
                    .iter()
                    .map(|&i| i as usize)
                    .find(|&i| self.cells[i] == 0 && self.candidates(i) & (1 << digit) != 0);
                // An earlier write of this pass may have taken the last place.
                let Some(i) = i else { return Err(()) };
                self.place(i, digit);
                let k = self.empty[..self.open]
                    .iter()
                    .position(|&e| e as usize == i)
                    .expect("an empty cell is on the list");
                self.fill(k);
                wrote = true;
            }
        }
        Ok(wrote)
    }
}

/// What the walk found.
#[derive(Clone, Debug, Default)]
pub(super) struct Walk {
    pub nodes: u64,
    pub found: u64,
    pub first: Option<[u8; CELLS]>,
}

/// Searches `grid` (whose givens must not clash) with `rules` until `limit`
/// solutions are found or the tree ends.
pub(super) fn walk(grid: &Grid, rules: Rules, limit: u64) -> Walk {
    let mut walk = Walk::default();
    let _ = visit(&mut walk, State::new(grid), rules, limit);
    walk
}

fn visit(walk: &mut Walk, mut state: State, rules: Rules, limit: u64) -> Flow {
    walk.nodes += 1;
    // Forced cells until none is left; remember the most constrained cell.
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
        if progressed {
            continue;
        }
        match rules {
            Rules::Singles if state.open > 0 => match state.hidden_singles() {
                Err(()) => return Flow::Continue(()),
                Ok(true) => continue,
                Ok(false) => break,
            },
            _ => break,
        }
    }
    if state.open == 0 {
        walk.found += 1;
        walk.first.get_or_insert(state.cells);
        return if walk.found >= limit {
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
        visit(walk, child, rules, limit)?;
    }
    Flow::Continue(())
}
