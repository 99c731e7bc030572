//! The count-only inner loop shared by the fast counters that record nothing
//! but solutions ([`crate::count::constellation`], [`crate::count::mirror_count`]).
//!
//! Compared with the statistics walks ([`queens::fast::bitmask::walk`]) it does less
//! per node:
//!
//! * no recorder: nothing but the count leaves the loop;
//! * the next row's free cells are computed before recursing, and a child
//!   with none is never called;
//! * the last row is counted without a call: with one column left, its free
//!   cells' popcount is the number of solutions below;
//! * the masks are `u64`, so that a walk can carry diagonals of queens placed
//!   *below* the current row (bits left of the board that shift into it), and
//!   rows that already hold a queen are skipped by shifting further
//!   ([`Rows::steps`]).
//!
//! The loop is compiled twice: for any x86-64, and with `popcnt`, `bmi1` and
//! `bmi2` (variable shifts in one instruction, `blsr`/`blsi` for the lowest
//! bit), picked at run time by [`crate::cpu`]. So the portable
//! release binary uses them where the CPU has them (every x86-64 since 2013).
//!
//! [`count_gathered`] is the same walk stopped four rows early: each board
//! with four rows left goes into a [`LastFour`] batch, counted with vector
//! instructions ([`crate::count::four_rows`]) where the batch's kernel says
//! so ([`crate::count::select`]).

use crate::count::four_rows::LastFour;

/// The most rows a walk fills.
pub const MAX_ROWS: usize = 32;

/// What the walk needs to know of the rows still to fill.
#[derive(Clone, Copy, Debug)]
pub struct Rows {
    /// The board's cells, as bits of the masks (any `n` consecutive bits).
    pub board: u64,
    /// How many rows are left to fill.
    pub count: usize,
    /// `steps[d]`: from the `d`-th row to fill to the next, how many rows
    /// down (1, or more when a row between already holds a queen).
    pub steps: [u32; MAX_ROWS],
}

impl Rows {
    /// `count` consecutive rows on the board `board`.
    pub fn consecutive(board: u64, count: usize) -> Self {
        Self {
            board,
            count,
            steps: [1; MAX_ROWS],
        }
    }
}

/// Queens placed on some rows of an `n × n` board, as the walk starts from
/// them: the rows left to fill and the masks of their first row.
#[derive(Clone, Copy, Debug)]
pub struct Placed {
    /// The rows left to fill, the board at bits `n - 2 .. 2n - 2` (so that a
    /// diagonal that reaches the board only further down sits in bits left
    /// of it).
    pub rows: Rows,
    /// The columns taken.
    pub columns: u64,
    /// The cells of the first row to fill on a queen's main diagonal.
    pub diagonals: u64,
    /// The cells of the first row to fill on a queen's anti-diagonal.
    pub anti_diagonals: u64,
}

impl Placed {
    /// The placement `queens`, `(row, column)` (pairwise peaceful), on an
    /// `n × n` board, ready to walk.
    ///
    /// # Panics
    /// If a queen's lines fall outside the masks (`n` beyond 23 or so).
    pub fn new(n: usize, queens: &[(usize, usize)]) -> Self {
        let offset = n as i64 - 2;
        let fill: Vec<usize> = (0..n)
            .filter(|&row| queens.iter().all(|&(r, _)| r != row))
            .collect();
        let mut rows = Rows::consecutive(((1u64 << n) - 1) << offset, fill.len());
        for (step, pair) in rows.steps.iter_mut().zip(fill.windows(2)) {
            *step = (pair[1] - pair[0]) as u32;
        }
        // Seen from the first row to fill (or any row: with none, nothing is read).
        let first = fill.first().copied().unwrap_or(1) as i64;
        let bit = |col: i64| {
            let at = col + offset;
            assert!((0..64).contains(&at), "n = {n} is beyond the masks");
            1u64 << at
        };
        let (mut columns, mut diagonals, mut anti_diagonals) = (0, 0, 0);
        for &(row, col) in queens {
            let (row, col) = (row as i64, col as i64);
            columns |= bit(col);
            // Where its lines cross the first row to fill; a main diagonal
            // moves right one column per row down, an anti-diagonal left.
            diagonals |= bit(col + first - row);
            anti_diagonals |= bit(col - (first - row));
        }
        Self {
            rows,
            columns,
            diagonals,
            anti_diagonals,
        }
    }

    /// Its completions, by [`count_gathered`] with `last`.
    pub fn count_gathered(&self, last: &mut LastFour) -> u64 {
        count_gathered(
            &self.rows,
            self.columns,
            self.diagonals,
            self.anti_diagonals,
            last,
        )
    }
}

/// The solutions below a consistent placement: `columns` the columns taken,
/// `diagonals` and `anti_diagonals` the attacked cells of the first row to
/// fill, all as bits of [`Rows::board`]. `UNIT` says every step is one row
/// (a constant shift, for walks that skip no row).
#[inline]
pub fn count<const UNIT: bool>(
    rows: &Rows,
    columns: u64,
    diagonals: u64,
    anti_diagonals: u64,
) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::native_bits() {
        // SAFETY: the CPU has the features `native::count` is compiled for.
        return unsafe { native::count::<UNIT>(rows, columns, diagonals, anti_diagonals) };
    }
    portable::count::<UNIT>(rows, columns, diagonals, anti_diagonals)
}

/// [`count`] (rows may be skipped) with the boards that reach four rows left
/// gathered into `last` and counted there in batches, where `last`'s kernel
/// batches ([`LastFour::kernel`]) and the walk has five rows or more;
/// otherwise [`count`] itself. `last` is reshaped for these rows, and left
/// empty.
pub fn count_gathered(
    rows: &Rows,
    columns: u64,
    diagonals: u64,
    anti_diagonals: u64,
    last: &mut LastFour,
) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if rows.count >= 5 && last.kernel().build().is_some() {
        let k = rows.count;
        let earlier = last.reshape(
            rows.board,
            [rows.steps[k - 4], rows.steps[k - 3], rows.steps[k - 2]],
        );
        // SAFETY: a batch is made only for a kernel this CPU runs
        // (`LastFour::with_kernel`), and every batching kernel needs popcnt
        // and BMI (`Kernel::available`).
        let below = unsafe { gathered::count(rows, columns, diagonals, anti_diagonals, last) };
        return earlier + below + last.drain();
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = last;
    count::<false>(rows, columns, diagonals, anti_diagonals)
}

/// The loop, as a module body, so it can be compiled once per target.
macro_rules! walker {
    ($(#[$feature:meta])*) => {
        use super::Rows;

        $(#[$feature])*
        pub(super) fn count<const UNIT: bool>(
            rows: &Rows,
            columns: u64,
            diagonals: u64,
            anti_diagonals: u64,
        ) -> u64 {
            let free = rows.board & !(columns | diagonals | anti_diagonals);
            match rows.count {
                0 => 1,
                1 => u64::from(free.count_ones()),
                _ if free == 0 => 0,
                _ => descend::<UNIT>(rows, 0, columns, diagonals, anti_diagonals, free),
            }
        }

        /// Row `depth` (at least two rows left) with `free` cells, not empty.
        $(#[$feature])*
        fn descend<const UNIT: bool>(
            rows: &Rows,
            depth: usize,
            columns: u64,
            diagonals: u64,
            anti_diagonals: u64,
            mut free: u64,
        ) -> u64 {
            let step = if UNIT { 1 } else { rows.steps[depth] };
            let board = rows.board;
            let mut total = 0;
            if depth + 3 == rows.count {
                // Two rows after this one, and two columns left for them:
                // both ways to fill them are tested without a branch.
                let after = if UNIT { 1 } else { rows.steps[depth + 1] };
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    let left = board & !(columns | bit);
                    let d = (diagonals | bit) << step;
                    let a = (anti_diagonals | bit) >> step;
                    let next = left & !(d | a);
                    let last = left & !(d << after | a >> after);
                    let x = left & left.wrapping_neg();
                    let y = left ^ x;
                    // Queens a row pair apart attack when `after` columns apart.
                    let apart = ((x << after) | (x >> after)) & y == 0;
                    let xy = (next & x != 0) & (last & y != 0);
                    let yx = (next & y != 0) & (last & x != 0);
                    total += u64::from(apart & xy) + u64::from(apart & yx);
                }
                return total;
            }
            if depth + 2 == rows.count {
                // The next row is the last: count its free cells, no call.
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    let next = board
                        & !(columns | bit | (diagonals | bit) << step | (anti_diagonals | bit) >> step);
                    total += u64::from(next.count_ones());
                }
                return total;
            }
            let after = if UNIT { 1 } else { rows.steps[depth + 1] };
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                let (c, d, a) = (columns | bit, (diagonals | bit) << step, (anti_diagonals | bit) >> step);
                let next = board & !(c | d | a);
                // The row after next, before the next row's queen: empty
                // already means no solution below.
                let then = board & !(c | d << after | a >> after);
                // Look before calling: most children have no free cell.
                if (next != 0) & (then != 0) {
                    total += descend::<UNIT>(rows, depth + 1, c, d, a, next);
                }
            }
            total
        }
    };
}

mod portable {
    walker!();
}

#[cfg(target_arch = "x86_64")]
mod native {
    walker!(#[target_feature(enable = "popcnt,bmi1,bmi2")]);
}

/// The walk of `walker!` down to five rows left, whose children go to the batch.
#[cfg(target_arch = "x86_64")]
mod gathered {
    use super::{LastFour, Rows};

    /// The solutions found so far below the placement (at least five rows
    /// left); what reached four rows left and is still in `last` is not in it.
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    pub(super) fn count(
        rows: &Rows,
        columns: u64,
        diagonals: u64,
        anti_diagonals: u64,
        last: &mut LastFour,
    ) -> u64 {
        let free = rows.board & !(columns | diagonals | anti_diagonals);
        if free == 0 {
            return 0;
        }
        descend(rows, 0, columns, diagonals, anti_diagonals, free, last)
    }

    /// Row `depth` (at least five rows left) with `free` cells, not empty.
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    fn descend(
        rows: &Rows,
        depth: usize,
        columns: u64,
        diagonals: u64,
        anti_diagonals: u64,
        mut free: u64,
        last: &mut LastFour,
    ) -> u64 {
        if depth + 5 == rows.count {
            return gather(rows, depth, columns, diagonals, anti_diagonals, free, last);
        }
        let step = rows.steps[depth];
        let after = rows.steps[depth + 1];
        let board = rows.board;
        // With six rows left the children's children go to the batch: their
        // loop is written in here rather than called.
        let gathers = depth + 6 == rows.count;
        let mut total = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let child = Child::new(
                board,
                [step, after],
                [columns, diagonals, anti_diagonals],
                bit,
            );
            if child.alive {
                let Child { c, d, a, next, .. } = child;
                total += if gathers {
                    gather(rows, depth + 1, c, d, a, next, last)
                } else {
                    descend(rows, depth + 1, c, d, a, next, last)
                };
            }
        }
        total
    }

    /// Row `depth`, five rows left: its children have four rows left and go
    /// into the batch, kept when their next two rows have a free cell,
    /// without a branch. Returns what a full batch counted, if it was drained.
    #[inline(always)]
    fn gather(
        rows: &Rows,
        depth: usize,
        columns: u64,
        diagonals: u64,
        anti_diagonals: u64,
        mut free: u64,
        last: &mut LastFour,
    ) -> u64 {
        let step = rows.steps[depth];
        let after = rows.steps[depth + 1];
        let board = rows.board;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let child = Child::new(
                board,
                [step, after],
                [columns, diagonals, anti_diagonals],
                bit,
            );
            last.push(child.c, child.d, child.a, child.alive);
        }
        if last.needs_draining() {
            last.drain()
        } else {
            0
        }
    }

    /// The masks of the next row after a queen on `bit`, from the masks
    /// `[columns, diagonals, anti_diagonals]` of this row and the rows from
    /// it to the next and to the one after (`[step, after]`).
    struct Child {
        c: u64,
        d: u64,
        a: u64,
        /// The next row's free cells.
        next: u64,
        /// Whether the next row and the one after it have a free cell (with
        /// none, nothing below is a solution).
        alive: bool,
    }

    impl Child {
        #[inline(always)]
        fn new(
            board: u64,
            [step, after]: [u32; 2],
            [columns, diagonals, anti_diagonals]: [u64; 3],
            bit: u64,
        ) -> Self {
            let (c, d, a) = (
                columns | bit,
                (diagonals | bit) << step,
                (anti_diagonals | bit) >> step,
            );
            let next = board & !(c | d | a);
            let then = board & !(c | d << after | a >> after);
            Self {
                c,
                d,
                a,
                next,
                alive: (next != 0) & (then != 0),
            }
        }
    }
}
