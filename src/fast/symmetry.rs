//! The 8 symmetries of the square: one board per class, weighted by its size.
//!
//! Rotating a solution by a quarter turn, or reflecting it, gives a solution.
//! The 8 boards so obtained form its *class* (orbit). No solution on more than
//! one cell is its own reflection (a mirror through the middle would need
//! every queen on the middle column or row; one along a diagonal swaps queens
//! in pairs that share a line), so a class holds 8 boards, 4 (the solution is
//! its own half turn) or 2 (its own quarter turn). Counting one board per
//! class gives the *fundamental* solutions (OEIS A002562); adding up the class
//! sizes gives all of them (A000170).
//!
//! Which board of a class does the walk keep? The one that lets it prune
//! earliest, following the bounds of Takaken's classic N-Queens program, in
//! two disjoint cases:
//!
//! * **A queen in a corner.** At most one corner can hold a queen (any two
//!   corners share a row, a column or a diagonal), so all 8 boards of the class
//!   have one. The two with it top-left are each other's reflection in the main
//!   diagonal; keep the one whose second-row queen, in column `b`, is left of the
//!   row of the queen in column 1 (they cannot be equal: `(1, b)` and `(b, 1)`
//!   share an anti-diagonal). So column 1 stays empty in rows `2..b`, and the
//!   second queen is never in the last column. Each board found stands for 8.
//! * **No corner queen.** Each edge of the board holds exactly one queen; measure
//!   how far each is from either end of its edge, and rotate and reflect the
//!   board so that the smallest distance `b` is the top queen's from the left:
//!   the first queen is in column `b < n - 1 - b`. Then no side queen may be in
//!   the first `b` rows or the last `b` rows, and the bottom queen not in the
//!   `b` columns nearest either corner. Those are the cells skipped by symmetry:
//!   side columns in rows `1..b`, both side queens placed by row `n - 1 - b`,
//!   the corners' `b` columns in the last row.
//!
//!   Several boards of a class can pass these tests when distances tie. The
//!   walk keeps the one whose column list is smallest among the rotations that
//!   also start with column `b` (only rotations can: a reflection would need
//!   a queen measured the other way round at distance `b`, which always shares
//!   a line with the top queen), and that comparison also tells the class size.
//!
//! Below `n = 4` there is nothing to exploit; the same rules give the right
//! answers (one board for `n = 1`, nothing for 2 and 3).

use std::cmp::Ordering;
use std::ops::ControlFlow;

use crate::bitmask::{MAX_N, Recorder, full_mask};
use crate::search::Flow;

/// Walks the symmetry-reduced tree of an `n × n` board (`n <= 32`): the root,
/// a corner queen and its subtrees, then every non-corner first queen and its
/// subtree. Fundamental solutions are reported with their class size.
///
/// # Panics
/// If `n > 32`.
pub fn walk<R: Recorder>(n: usize, recorder: &mut R) -> Flow {
    for task in split(n, recorder)? {
        task.walk(recorder)?;
    }
    Flow::Continue(())
}

/// The subtree below one choice of the first two queens: the unit of work the
/// parallel walk hands to a thread.
#[derive(Clone, Copy, Debug)]
pub struct Task {
    branch: Branch,
    placed: [u8; 2],
    columns: u32,
    diagonals: u32,
    anti_diagonals: u32,
}

impl Task {
    /// Walks this subtree.
    pub fn walk<R: Recorder>(&self, recorder: &mut R) -> Flow {
        self.branch.walk(
            &self.placed,
            self.columns,
            self.diagonals,
            self.anti_diagonals,
            recorder,
        )
    }
}

/// Walks the first two levels of the tree, reporting them to `recorder`, and
/// returns the subtrees below them, first queen in the corner first.
///
/// # Panics
/// If `n > 32`.
pub fn split<R: Recorder>(n: usize, recorder: &mut R) -> ControlFlow<(), Vec<Task>> {
    assert!(n <= MAX_N, "bitmask boards go up to {MAX_N}");
    let mut tasks = Vec::new();
    recorder.node(0)?;
    if n == 0 {
        // The empty board: its own image under every symmetry.
        recorder.fundamental(1);
        return ControlFlow::Continue(tasks);
    }
    let full = full_mask(n);
    recorder.expand(n, 0, 0, 0);
    let first_row = edge_bounds(n).fold(1u32, |row, bound| row | 1 << bound);
    if full & !first_row != 0 {
        recorder.symmetric_skip(full & !first_row);
    }

    // The corner queen, top left; its children are the second queens.
    recorder.node(1)?;
    if n == 1 {
        recorder.fundamental(1);
        return ControlFlow::Continue(tasks);
    }
    let (columns, diagonals) = (1u32, 0b10u32);
    recorder.expand(n, columns, diagonals, 0);
    let free = !(columns | diagonals) & full;
    // The second queen is left of the row of column 1's queen, so never in the
    // last column.
    let seconds = free & !(1 << (n - 1));
    if seconds != free {
        recorder.symmetric_skip(free ^ seconds);
    }
    for bound in bits(seconds) {
        let bit = 1u32 << bound;
        tasks.push(Task {
            branch: Branch::corner(n, bound),
            placed: [0, bound as u8],
            columns: columns | bit,
            diagonals: (diagonals | bit) << 1,
            anti_diagonals: bit >> 1,
        });
    }

    // No corner queen: the first queen's column is the smallest distance.
    for bound in edge_bounds(n) {
        let branch = Branch::edge(n, bound);
        let first = 1u32 << bound;
        let (columns, diagonals, anti_diagonals) = (first, first << 1, first >> 1);
        recorder.node(1)?;
        let seconds = branch.children(1, columns, diagonals, anti_diagonals, recorder);
        for second in bits(seconds) {
            let bit = 1u32 << second;
            tasks.push(Task {
                branch,
                placed: [bound as u8, second as u8],
                columns: columns | bit,
                diagonals: (diagonals | bit) << 1,
                anti_diagonals: (anti_diagonals | bit) >> 1,
            });
        }
    }
    ControlFlow::Continue(tasks)
}

/// The columns of the set bits of `mask`, ascending.
fn bits(mask: u32) -> impl Iterator<Item = usize> {
    (0..MAX_N).filter(move |&col| mask & (1 << col) != 0)
}

/// The first-row columns `b` of the non-corner branches: `1 <= b < n - 1 - b`.
fn edge_bounds(n: usize) -> impl Iterator<Item = usize> {
    (1..n).take_while(move |&b| b + 1 + b < n)
}

/// One branch of the search: the symmetry rules below one first queen (or,
/// in a corner, below the first two).
#[derive(Clone, Copy, Debug)]
struct Branch {
    n: usize,
    full: u32,
    /// `b`: the first queen's column (no corner), or the second's (corner).
    bound: usize,
    corner: bool,
    /// Cells each row skips by symmetry whatever the queens above.
    skip: [u32; MAX_N],
    /// No corner: the row by which both side columns must hold a queen.
    side_row: usize,
    /// The two side columns, `0` and `n - 1`.
    side: u32,
}

impl Branch {
    /// Queen top left, second queen in column `bound`.
    fn corner(n: usize, bound: usize) -> Self {
        let mut skip = [0; MAX_N];
        for row in skip.iter_mut().take(bound).skip(2) {
            *row = 0b10;
        }
        Self {
            n,
            full: full_mask(n),
            bound,
            corner: true,
            skip,
            side_row: usize::MAX,
            side: 0,
        }
    }

    /// No corner queen; the first queen in column `bound`, nearest to a corner.
    fn edge(n: usize, bound: usize) -> Self {
        let full = full_mask(n);
        let side = 1 | 1 << (n - 1);
        let mut skip = [0; MAX_N];
        for row in skip.iter_mut().take(bound).skip(1) {
            *row = side;
        }
        let near_corners = full_mask(bound) | full_mask(bound) << (n - bound);
        skip[n - 1] = near_corners;
        Self {
            n,
            full,
            bound,
            corner: false,
            skip,
            side_row: n - 1 - bound,
            side,
        }
    }

    /// Expands a node on `level` (its masks as passed down, not cut to the
    /// board): records it and returns the free cells the walk goes on with.
    #[inline(always)]
    fn children<R: Recorder>(
        &self,
        level: usize,
        columns: u32,
        diagonals: u32,
        anti_diagonals: u32,
        recorder: &mut R,
    ) -> u32 {
        recorder.expand(
            self.n,
            columns,
            diagonals & self.full,
            anti_diagonals & self.full,
        );
        let free = !(columns | diagonals | anti_diagonals) & self.full;
        let mut allowed = free & !self.skip[level];
        if level == self.side_row {
            // A side queen still missing must be here: any lower, it would be
            // nearer a corner than the first queen.
            let sides = columns & self.side;
            if sides == 0 {
                allowed = 0;
            } else if sides != self.side {
                allowed &= self.side;
            }
        }
        if allowed != free {
            recorder.symmetric_skip(free ^ allowed);
        }
        allowed
    }

    /// Walks the subtree below the queens `placed` (their columns, row by
    /// row), whose masks are given as the last one passes them down.
    fn walk<R: Recorder>(
        &self,
        placed: &[u8],
        columns: u32,
        diagonals: u32,
        anti_diagonals: u32,
        recorder: &mut R,
    ) -> Flow {
        let mut walker = Walker {
            branch: *self,
            queens: [0; MAX_N],
            recorder,
        };
        walker.queens[..placed.len()].copy_from_slice(placed);
        walker.visit(placed.len(), columns, diagonals, anti_diagonals)
    }

    /// The class size of the full board `queens` if it is the one board of its
    /// class this walk counts, else 0.
    fn orbit(&self, queens: &[u8]) -> u64 {
        if self.corner {
            return 8;
        }
        let (n, last, bound) = (self.n, self.n - 1, self.bound);
        let mut turned = [0u8; MAX_N];
        // Only the rotations that also put the top queen in column `bound`
        // passed the same tests; each is recognised by one queen of `queens`.
        // A quarter turn, (r, c) -> (c, n-1-r): its top queen comes from column 0.
        if queens[last - bound] == 0 {
            for (row, &col) in queens.iter().enumerate() {
                turned[usize::from(col)] = (last - row) as u8;
            }
            match queens.cmp(&turned[..n]) {
                Ordering::Greater => return 0,
                Ordering::Equal => return 2,
                Ordering::Less => {}
            }
        }
        // A half turn, (r, c) -> (n-1-r, n-1-c): from the bottom queen.
        if usize::from(queens[last]) == last - bound {
            for (row, &col) in queens.iter().enumerate() {
                turned[last - row] = (last - usize::from(col)) as u8;
            }
            match queens.cmp(&turned[..n]) {
                Ordering::Greater => return 0,
                Ordering::Equal => return 4,
                Ordering::Less => {}
            }
        }
        // Three quarters, (r, c) -> (n-1-c, r): from column n - 1.
        if usize::from(queens[bound]) == last {
            for (row, &col) in queens.iter().enumerate() {
                turned[last - usize::from(col)] = row as u8;
            }
            if queens > &turned[..n] {
                return 0;
            }
        }
        8
    }
}

/// The recursion of one branch: its rules, the queens placed, the recorder.
struct Walker<'r, R> {
    branch: Branch,
    queens: [u8; MAX_N],
    recorder: &'r mut R,
}

impl<R: Recorder> Walker<'_, R> {
    fn visit(&mut self, level: usize, columns: u32, diagonals: u32, anti_diagonals: u32) -> Flow {
        self.recorder.node(level)?;
        if columns == self.branch.full {
            let orbit = self.branch.orbit(&self.queens[..self.branch.n]);
            if orbit > 0 {
                self.recorder.fundamental(orbit);
            }
            return Flow::Continue(());
        }
        let mut free =
            self.branch
                .children(level, columns, diagonals, anti_diagonals, self.recorder);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.queens[level] = bit.trailing_zeros() as u8;
            self.visit(
                level + 1,
                columns | bit,
                (diagonals | bit) << 1,
                (anti_diagonals | bit) >> 1,
            )?;
        }
        Flow::Continue(())
    }
}
