//! The three constraints as bits of three machine words.
//!
//! Bit `c` of a mask stands for column `c` of the *current* row. `columns` holds
//! the columns in use; `diagonals` the cells of this row on a used main diagonal,
//! shifted left one bit per row because a main diagonal moves one column right
//! per row down; `anti_diagonals` likewise, shifted right. The free cells of a
//! row are then `!(columns | diagonals | anti_diagonals)`, and
//! `free & free.wrapping_neg()` picks the lowest one: the leftmost column, so the
//! walk visits Knuth's tree in the same order as the sets.

use crate::report::stats::SearchStats;
use crate::search::{Flow, NodeBudget, Observer};

/// The largest board the masks hold: one bit per column in a `u32`.
pub const MAX_N: usize = 32;

/// The mask with the lowest `n` bits set (`n <= 32`).
pub const fn full_mask(n: usize) -> u32 {
    ((1u64 << n) - 1) as u32
}

/// What the bitmask walk reports. Monomorphised, so a recorder that ignores a
/// call costs nothing.
pub trait Recorder {
    /// Whether [`Recorder::node`] looks at its `level`. A recorder that does not
    /// (a bare count) gets `0` instead, and the walk keeps one register fewer:
    /// the difference between matching C and trailing it by 5 %.
    const USES_LEVEL: bool = true;
    /// Entered a node on `level` (queens placed).
    fn node(&mut self, level: usize) -> Flow;
    /// About to try the free cells of a node that is not a full board; the masks
    /// are already cut to the board's `n` bits.
    fn expand(&mut self, n: usize, columns: u32, diagonals: u32, anti_diagonals: u32) {
        let _ = (n, columns, diagonals, anti_diagonals);
    }
    /// Reached a full board: a solution. (The symmetry walk reports
    /// [`Recorder::fundamental`] instead.)
    fn solution(&mut self);
    /// Free cells of the node just expanded that the walk skips because a
    /// mirror or rotation of the board covers them (mirror and symmetry walks
    /// only; never called with no cell).
    fn symmetric_skip(&mut self, cells: u32) {
        let _ = cells;
    }
    /// The full board just reached is the one board the symmetry walk counts
    /// for its class, which holds `orbit` boards (1, 2, 4 or 8).
    fn fundamental(&mut self, orbit: u64) {
        let _ = orbit;
    }
}

/// Nodes and solutions only: the tight loop, compared with C in the benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Nodes entered, root included.
    pub nodes: u64,
    /// Solutions: full boards, or the orbit sizes of the fundamental ones.
    pub solutions: u64,
    /// Fundamental solutions (symmetry walks only).
    pub fundamental: u64,
}

impl Recorder for Counts {
    const USES_LEVEL: bool = false;
    #[inline(always)]
    fn node(&mut self, _level: usize) -> Flow {
        self.nodes += 1;
        Flow::Continue(())
    }
    #[inline(always)]
    fn solution(&mut self) {
        self.solutions += 1;
    }
    #[inline(always)]
    fn fundamental(&mut self, orbit: u64) {
        self.fundamental += 1;
        self.solutions += orbit;
    }
}

/// Counts the nodes and solutions of Knuth's tree with nothing else recorded.
///
/// ```
/// let counts = queens::fast::bitmask::count(8);
/// assert_eq!((counts.nodes, counts.solutions), (2057, 92));
/// ```
///
/// # Panics
/// If `n > 32`.
pub fn count(n: usize) -> Counts {
    let mut counts = Counts::default();
    let _ = walk(n, &mut counts);
    counts
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
    fn symmetric_skip(&mut self, cells: u32) {
        self.pruned.symmetry += u64::from(cells.count_ones());
    }
    fn fundamental(&mut self, orbit: u64) {
        self.solutions += orbit;
        *self.unique.get_or_insert(0) += 1;
    }
}

/// Walks Knuth's tree for an `n × n` board (`n <= 32`), reporting to `recorder`.
///
/// # Panics
/// If `n > 32`; [`crate::run::count`] checks this first.
pub fn walk<R: Recorder>(n: usize, recorder: &mut R) -> Flow {
    walk_subtree(n, 0, 0, 0, 0, recorder)
}

/// Walks the subtree of Knuth's tree below one node: `level` queens placed,
/// whose masks are `columns`, `diagonals` and `anti_diagonals` as the parent
/// passes them down (shifted, not yet cut to the board). The mirror walk
/// starts here, below each queen of the top row's left half.
///
/// # Panics
/// If `n > 32`.
pub fn walk_subtree<R: Recorder>(
    n: usize,
    level: usize,
    columns: u32,
    diagonals: u32,
    anti_diagonals: u32,
    recorder: &mut R,
) -> Flow {
    assert!(n <= MAX_N, "bitmask boards go up to {MAX_N}");
    walk_from(
        n,
        full_mask(n),
        level,
        columns,
        diagonals,
        anti_diagonals,
        recorder,
    )
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
    // Tested on the columns, not the level: one word the loop already holds.
    if columns == full {
        recorder.solution();
        return Flow::Continue(());
    }
    // Bits shifted past the board's edge stay in the masks (cutting them costs
    // time on every node); `full` cuts them where it matters.
    recorder.expand(n, columns, diagonals & full, anti_diagonals & full);
    let mut free = !(columns | diagonals | anti_diagonals) & full;
    // A constant when the recorder ignores it, so the compiler drops it.
    let child_level = if R::USES_LEVEL { level + 1 } else { 0 };
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        walk_from(
            n,
            full,
            child_level,
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
    const USES_LEVEL: bool = false;
    fn node(&mut self, _level: usize) -> Flow {
        Observer::node(self, &[])
    }
    fn solution(&mut self) {}
}

/// Two recorders listening to one walk; the walk stops if either says so.
impl<A: Recorder, B: Recorder> Recorder for (A, B) {
    const USES_LEVEL: bool = A::USES_LEVEL || B::USES_LEVEL;
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
    fn symmetric_skip(&mut self, cells: u32) {
        self.0.symmetric_skip(cells);
        self.1.symmetric_skip(cells);
    }
    fn fundamental(&mut self, orbit: u64) {
        self.0.fundamental(orbit);
        self.1.fundamental(orbit);
    }
}

impl<R: Recorder + ?Sized> Recorder for &mut R {
    const USES_LEVEL: bool = R::USES_LEVEL;
    fn node(&mut self, level: usize) -> Flow {
        (**self).node(level)
    }
    fn expand(&mut self, n: usize, columns: u32, diagonals: u32, anti_diagonals: u32) {
        (**self).expand(n, columns, diagonals, anti_diagonals)
    }
    fn solution(&mut self) {
        (**self).solution()
    }
    fn symmetric_skip(&mut self, cells: u32) {
        (**self).symmetric_skip(cells)
    }
    fn fundamental(&mut self, orbit: u64) {
        (**self).fundamental(orbit)
    }
}
