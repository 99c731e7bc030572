//! The three constraints as bits of three machine words.
//!
//! Bit `c` of a mask stands for column `c` of the *current* row. `columns` holds
//! the columns in use; `diagonals` the cells of this row on a used main diagonal,
//! shifted left one bit per row because a main diagonal moves one column right
//! per row down; `anti_diagonals` likewise, shifted right. The free cells of a
//! row are then `!(columns | diagonals | anti_diagonals)`, and
//! `free & free.wrapping_neg()` picks the lowest one: the leftmost column, so the
//! walk visits Knuth's tree in the same order as the sets.

use crate::search::{Flow, NodeBudget, Observer};
use crate::stats::SearchStats;

/// The largest board the masks hold: one bit per column in a `u32`.
pub const MAX_N: usize = 32;

/// The mask with the lowest `n` bits set (`n <= 32`).
pub const fn full_mask(n: usize) -> u32 {
    ((1u64 << n) - 1) as u32
}

/// What the bitmask walk reports. Monomorphised, so a recorder that ignores a
/// call costs nothing.
pub trait Recorder {
    /// Entered a node on `level` (queens placed).
    fn node(&mut self, level: usize) -> Flow;
    /// About to try the free cells of a node that is not a full board; the masks
    /// are already cut to the board's `n` bits.
    fn expand(&mut self, n: usize, columns: u32, diagonals: u32, anti_diagonals: u32) {
        let _ = (n, columns, diagonals, anti_diagonals);
    }
    /// Reached a full board: a solution.
    fn solution(&mut self);
}

/// Fills a [`SearchStats`] with the same numbers the sets would report:
/// `n` candidates per expanded node, pruned ones charged column first.
impl Recorder for SearchStats {
    fn node(&mut self, level: usize) -> Flow {
        self.nodes += 1;
        self.profile[level] += 1;
        Flow::Continue(())
    }
    fn expand(&mut self, n: usize, columns: u32, diagonals: u32, anti_diagonals: u32) {
        self.candidates += n as u64;
        self.pruned.column += u64::from(columns.count_ones());
        self.pruned.diagonal += u64::from((diagonals & !columns).count_ones());
        self.pruned.anti_diagonal +=
            u64::from((anti_diagonals & !diagonals & !columns).count_ones());
    }
    fn solution(&mut self) {
        self.solutions += 1;
    }
}

/// Walks Knuth's tree for an `n × n` board (`n <= 32`), reporting to `recorder`.
///
/// # Panics
/// If `n > 32`; [`crate::run::count`] checks this first.
pub fn walk<R: Recorder>(n: usize, recorder: &mut R) -> Flow {
    assert!(n <= MAX_N, "bitmask boards go up to {MAX_N}");
    walk_from(n, full_mask(n), 0, 0, 0, 0, recorder)
}

fn walk_from<R: Recorder>(
    n: usize,
    full: u32,
    level: usize,
    columns: u32,
    diagonals: u32,
    anti_diagonals: u32,
    recorder: &mut R,
) -> Flow {
    recorder.node(level)?;
    if level == n {
        recorder.solution();
        return Flow::Continue(());
    }
    let (diagonals, anti_diagonals) = (diagonals & full, anti_diagonals & full);
    recorder.expand(n, columns, diagonals, anti_diagonals);
    let mut free = !(columns | diagonals | anti_diagonals) & full;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        walk_from(
            n,
            full,
            level + 1,
            columns | bit,
            (diagonals | bit) << 1,
            (anti_diagonals | bit) >> 1,
            recorder,
        )?;
    }
    Flow::Continue(())
}

/// Lets a [`NodeBudget`] stop a bitmask walk.
impl Recorder for NodeBudget {
    fn node(&mut self, _level: usize) -> Flow {
        Observer::node(self, &[])
    }
    fn solution(&mut self) {}
}

/// Two recorders listening to one walk; the walk stops if either says so.
impl<A: Recorder, B: Recorder> Recorder for (A, B) {
    fn node(&mut self, level: usize) -> Flow {
        let a = self.0.node(level);
        let b = self.1.node(level);
        if a.is_break() || b.is_break() {
            Flow::Break(())
        } else {
            Flow::Continue(())
        }
    }
    fn expand(&mut self, n: usize, columns: u32, diagonals: u32, anti_diagonals: u32) {
        self.0.expand(n, columns, diagonals, anti_diagonals);
        self.1.expand(n, columns, diagonals, anti_diagonals);
    }
    fn solution(&mut self) {
        self.0.solution();
        self.1.solution();
    }
}

impl<R: Recorder + ?Sized> Recorder for &mut R {
    fn node(&mut self, level: usize) -> Flow {
        (**self).node(level)
    }
    fn expand(&mut self, n: usize, columns: u32, diagonals: u32, anti_diagonals: u32) {
        (**self).expand(n, columns, diagonals, anti_diagonals)
    }
    fn solution(&mut self) {
        (**self).solution()
    }
}
