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
//! Which board of a class does the walk keep? One it can recognise early,
//! in two disjoint cases:
//!
//! * **A queen in a corner.** At most one corner can hold a queen (any two
//!   corners share a row, a column or a diagonal), so all 8 boards of the class
//!   have one. The two with it top-left are each other's reflection in the main
//!   diagonal; keep the one whose second-row queen, in column `b`, is left of the
//!   row of the queen in column 1 (they cannot be equal: `(1, b)` and `(b, 1)`
//!   share an anti-diagonal). So column 1 stays empty in rows `2..b`, and the
//!   second queen is never in the last column. Each board found stands for 8.
//! * **No corner queen.** Each edge of the board holds exactly one queen;
//!   measure how far each is from the nearer end of its edge, and rotate and
//!   reflect the board so that the *largest* distance `c` is the top queen's,
//!   from the left: the first queen is in column `c <= n - 1 - c`. Then every
//!   other edge queen is within `c` of a corner: the side queens in the first
//!   or the last `c` rows below the top one, the bottom queen in the `c` columns
//!   next to either corner. Those are the cells skipped by symmetry.
//!
//!   These rules bite late (the bottom row comes last), so the walk also looks
//!   ahead: a queen is not placed if, after it, a side column or the bottom row
//!   has no free cell left where the rules allow its queen. The masks a node
//!   already has tell this (a cell in column 0 further down is attacked only
//!   along an anti-diagonal, one in column `n - 1` only along a diagonal, and
//!   the bottom row is the masks shifted by the rows still to go). At n = 16
//!   it cuts the tree from 220,874,108 nodes to 138,548,323, though each node
//!   then costs more: the walk is about 7 % faster for it.
//!
//!   Several boards of a class can pass these tests when distances tie. The
//!   walk keeps the one whose column list is smallest among those that also
//!   start with column `c`, and that comparison also tells the class size.
//!   (Keeping the *smallest* distance on top instead, as Takaken's classic
//!   program does, leaves the first queen's column-1 subtree unrestricted:
//!   246,135,108 nodes at n = 16 without looking ahead, and looking ahead
//!   saves less there.)
//!
//! Below `n = 4` there is nothing to exploit; the same rules give the right
//! answers (one board for `n = 1`, nothing for 2 and 3).

use std::cmp::Ordering;
use std::ops::ControlFlow;

use crate::fast::bitmask::{MAX_N, Recorder, full_mask};
use crate::search::Flow;

/// Walks the symmetry-reduced tree of an `n × n` board (`n <= 32`): the first
/// two levels, then the subtrees below them in the order of [`split`].
/// Fundamental solutions are reported with their class size.
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
/// returns the subtrees below them, roughly the largest first (what the
/// parallel walk wants, so that the last subtrees handed out are small): the
/// first queen in the middle of the top row, then in the corner, then the
/// other top-row columns from the middle outwards.
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
    let first_row = top_columns(n).fold(1u32, |row, column| row | 1 << column);
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

    // No corner queen: the first queen's column is the largest distance.
    let mut edge_tasks = Vec::new();
    for column in top_columns(n) {
        let branch = Branch::edge(n, column);
        let first = 1u32 << column;
        let (columns, diagonals, anti_diagonals) = (first, first << 1, first >> 1);
        recorder.node(1)?;
        let seconds = branch.children(1, columns, diagonals, anti_diagonals, recorder);
        for second in bits(seconds) {
            let bit = 1u32 << second;
            let task = Task {
                branch,
                placed: [column as u8, second as u8],
                columns: columns | bit,
                diagonals: (diagonals | bit) << 1,
                anti_diagonals: (anti_diagonals | bit) >> 1,
            };
            if branch.viable(2, task.columns, task.diagonals, task.anti_diagonals) {
                edge_tasks.push(task);
            } else {
                recorder.symmetric_skip(bit);
            }
        }
    }
    // Largest first: the subtrees grow with the first queen's column (fewer
    // rules bind), and the corner's lie between the middle column's and the
    // next one's (measured at n = 14 and 16).
    edge_tasks.reverse();
    let middle = edge_tasks
        .iter()
        .take_while(|task| task.placed[0] == edge_tasks[0].placed[0])
        .count();
    let corner_tasks = std::mem::replace(&mut tasks, edge_tasks);
    tasks.splice(middle..middle, corner_tasks);
    ControlFlow::Continue(tasks)
}

/// The columns of the set bits of `mask`, ascending.
fn bits(mask: u32) -> impl Iterator<Item = usize> {
    (0..MAX_N).filter(move |&col| mask & (1 << col) != 0)
}

/// The first-row columns `c` of the non-corner branches: `1 <= c <= n - 1 - c`.
fn top_columns(n: usize) -> impl Iterator<Item = usize> {
    (1..n).take_while(move |&c| c + c < n)
}

/// One branch of the search: the symmetry rules below one first queen (or,
/// in a corner, below the first two).
#[derive(Clone, Copy, Debug)]
struct Branch {
    n: usize,
    full: u32,
    corner: bool,
    /// Cells each row skips by symmetry whatever the queens above.
    skip: [u32; MAX_N],
    /// No corner, looking ahead from row `r`: bit `k` is set when row `r + k`
    /// (before the last) may hold column 0's queen; the anti-diagonal mask
    /// shows which of those cells are attacked.
    left_ahead: [u32; MAX_N],
    /// The same for column `n - 1`, at bit `n - 1 - k`, read in the diagonal mask.
    right_ahead: [u32; MAX_N],
    /// No corner: the columns the bottom queen may take.
    bottom: u32,
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
            corner: true,
            skip,
            left_ahead: [0; MAX_N],
            right_ahead: [0; MAX_N],
            bottom: full_mask(n),
        }
    }

    /// No corner queen; the first queen in column `column`, the edge queen
    /// furthest from a corner.
    fn edge(n: usize, column: usize) -> Self {
        let (full, last) = (full_mask(n), n - 1);
        let side = 1 | 1 << last;
        // Rows below the top one where a side queen may stand: within
        // `column` of the top or bottom edge.
        let side_row = |row: usize| row <= column || row + column >= last;
        let mut skip = [0; MAX_N];
        for (row, cells) in skip.iter_mut().enumerate().take(last).skip(1) {
            if !side_row(row) {
                *cells = side;
            }
        }
        // The bottom queen within `column` of a corner, not in it.
        let bottom = full_mask(column) << 1 | full_mask(column) << (last - column);
        skip[last] = full & !bottom;
        if column + column == last {
            // The middle column is its own mirror image: of the two mirror
            // boards, keep the one whose second queen is in the left half.
            skip[1] |= full & !full_mask(column);
        }
        let (mut left_ahead, mut right_ahead) = ([0; MAX_N], [0; MAX_N]);
        for from in 1..last {
            for row in (from..last).filter(|&row| side_row(row)) {
                left_ahead[from] |= 1 << (row - from);
                right_ahead[from] |= 1 << (last - (row - from));
            }
        }
        Self {
            n,
            full,
            corner: false,
            skip,
            left_ahead,
            right_ahead,
            bottom,
        }
    }

    /// Expands a node on `level` (its masks as passed down, not cut to the
    /// board): records it and returns the free cells the rules allow.
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
        let allowed = free & !self.skip[level];
        if allowed != free {
            recorder.symmetric_skip(free ^ allowed);
        }
        allowed
    }

    /// Whether a node on `row` with these masks can still lead to a board the
    /// rules keep: each side column and the bottom row keep a free cell where
    /// their queen may stand. Always true in a corner branch, and from the
    /// second-to-last row on (the rules themselves decide there).
    fn viable(&self, row: usize, columns: u32, diagonals: u32, anti_diagonals: u32) -> bool {
        self.corner
            || row + 1 >= self.n
            || self
                .ahead_of(row)
                .allows(columns, diagonals, anti_diagonals)
    }

    /// What to look ahead at from `row` (non-corner, `row < n - 1`).
    #[inline(always)]
    fn ahead_of(&self, row: usize) -> Ahead {
        let last = self.n - 1;
        Ahead {
            left: self.left_ahead[row],
            right: self.right_ahead[row],
            right_column: last as u32,
            bottom: self.bottom,
            rows: (last - row) as u32,
        }
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
        let mut queens = [0; MAX_N];
        queens[..placed.len()].copy_from_slice(placed);
        let level = placed.len();
        if self.corner {
            let mut walker = Walker::<R, false> {
                branch: *self,
                queens,
                recorder,
            };
            walker.visit(level, columns, diagonals, anti_diagonals)
        } else {
            let mut walker = Walker::<R, true> {
                branch: *self,
                queens,
                recorder,
            };
            walker.visit(level, columns, diagonals, anti_diagonals)
        }
    }

    /// The class size of the full board `queens` if it is the one board of its
    /// class this walk counts, else 0.
    fn orbit(&self, queens: &[u8]) -> u64 {
        if self.corner {
            return 8;
        }
        let last = self.n - 1;
        let mut row_of = [0usize; MAX_N];
        for (row, &col) in queens.iter().enumerate() {
            row_of[usize::from(col)] = row;
        }
        let top = usize::from(queens[0]);
        // The rules already rule out a larger distance on top; a tie brings
        // another edge's queen to the top, and only those brought to column
        // `top` (not `n - 1 - top`) can give a smaller column list.
        let mut same = 1;
        let mut image = [0u8; MAX_N];
        for symmetry in Symmetry::OTHERS {
            let image_top = match symmetry {
                Symmetry::QuarterTurn => last - row_of[0],
                Symmetry::HalfTurn => last - usize::from(queens[last]),
                Symmetry::ThreeQuarterTurn => row_of[last],
                Symmetry::LeftRight => last - top,
                Symmetry::UpDown => usize::from(queens[last]),
                Symmetry::Diagonal => row_of[0],
                Symmetry::AntiDiagonal => last - row_of[last],
            };
            if image_top != top {
                continue;
            }
            for (row, &col) in queens.iter().enumerate() {
                let (to_row, to_col) = symmetry.apply(last, row, usize::from(col));
                image[to_row] = to_col as u8;
            }
            match queens.cmp(&image[..self.n]) {
                Ordering::Greater => return 0,
                Ordering::Equal => same += 1,
                Ordering::Less => {}
            }
        }
        8 / same
    }
}

/// The look-ahead from one row of a non-corner branch: where the side
/// queens and the bottom queen may still stand.
#[derive(Clone, Copy, Debug, Default)]
struct Ahead {
    /// Bit `k`: the row `k` below this one (or this one, `k = 0`) may hold
    /// column 0's queen; read against the anti-diagonal mask.
    left: u32,
    /// Bit `n - 1 - k`: the same for column `n - 1`'s queen, read against the
    /// diagonal mask.
    right: u32,
    /// `n - 1`, the right column.
    right_column: u32,
    /// The columns the bottom queen may take.
    bottom: u32,
    /// Rows from this one to the bottom row.
    rows: u32,
}

impl Ahead {
    /// Whether a node on this row with these masks leaves each side column
    /// and the bottom row a cell for its queen. A cell further down column 0
    /// can only be attacked along an anti-diagonal, one in column `n - 1`
    /// along a diagonal; the bottom row's attacks are the masks shifted by
    /// the rows still to go.
    #[inline(always)]
    fn allows(&self, columns: u32, diagonals: u32, anti_diagonals: u32) -> bool {
        // A side column passes if it has its queen or a free cell ahead.
        let left = columns & 1 | !anti_diagonals & self.left;
        let right = columns >> self.right_column | !diagonals & self.right;
        let attacked = columns | anti_diagonals >> self.rows | diagonals << self.rows;
        // Without `&&`: one hard-to-predict branch instead of three.
        (left != 0) & (right != 0) & (!attacked & self.bottom != 0)
    }
}

/// The symmetries of the square other than the identity.
#[derive(Clone, Copy, Debug)]
enum Symmetry {
    QuarterTurn,
    HalfTurn,
    ThreeQuarterTurn,
    LeftRight,
    UpDown,
    Diagonal,
    AntiDiagonal,
}

impl Symmetry {
    const OTHERS: [Self; 7] = [
        Self::QuarterTurn,
        Self::HalfTurn,
        Self::ThreeQuarterTurn,
        Self::LeftRight,
        Self::UpDown,
        Self::Diagonal,
        Self::AntiDiagonal,
    ];

    /// Where the cell `(row, col)` goes on a board whose last row is `last`.
    fn apply(self, last: usize, row: usize, col: usize) -> (usize, usize) {
        match self {
            Self::QuarterTurn => (col, last - row),
            Self::HalfTurn => (last - row, last - col),
            Self::ThreeQuarterTurn => (last - col, row),
            Self::LeftRight => (row, last - col),
            Self::UpDown => (last - row, col),
            Self::Diagonal => (col, row),
            Self::AntiDiagonal => (last - col, last - row),
        }
    }
}

/// The recursion of one branch: its rules, the queens placed, the recorder.
/// `LOOK_AHEAD`: whether the branch's rules can be checked ahead (no corner).
struct Walker<'r, R, const LOOK_AHEAD: bool> {
    branch: Branch,
    queens: [u8; MAX_N],
    recorder: &'r mut R,
}

impl<R: Recorder, const LOOK_AHEAD: bool> Walker<'_, R, LOOK_AHEAD> {
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
        // Looking ahead from the children's row, unless it is the full board's.
        let look_ahead = LOOK_AHEAD && level + 2 < self.branch.n;
        let ahead = if look_ahead {
            self.branch.ahead_of(level + 1)
        } else {
            Ahead::default()
        };
        // Cells the look-ahead skips, recorded once for the node.
        let mut skipped = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let (columns, diagonals, anti_diagonals) = (
                columns | bit,
                (diagonals | bit) << 1,
                (anti_diagonals | bit) >> 1,
            );
            if look_ahead && !ahead.allows(columns, diagonals, anti_diagonals) {
                skipped |= bit;
                continue;
            }
            self.queens[level] = bit.trailing_zeros() as u8;
            let flow = self.visit(level + 1, columns, diagonals, anti_diagonals);
            if flow.is_break() {
                self.record_skipped(skipped);
                return flow;
            }
        }
        self.record_skipped(skipped);
        Flow::Continue(())
    }

    #[inline(always)]
    fn record_skipped(&mut self, cells: u32) {
        if cells != 0 {
            self.recorder.symmetric_skip(cells);
        }
    }
}
