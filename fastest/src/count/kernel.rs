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
//! [`count_gathered`] is the same walk stopped early, as the kernel chosen
//! by [`crate::count::select`] says: each board with four rows left goes into
//! a [`LastFour`](crate::count::four_rows::LastFour) batch, counted with
//! vector instructions ([`crate::count::four_rows`]), or each board with five
//! rows left is counted by [`LastFive`](crate::count::five_rows::LastFive)'s
//! lookups ([`crate::count::five_rows`]).

use crate::count::last_rows::LastRows;

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
    pub fn count_gathered(&self, last: &mut LastRows) -> u64 {
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

/// [`count`] (rows may be skipped) with the last rows counted by `last`:
/// the boards that reach four rows left gathered into its batches, or those
/// that reach five counted by its tables, where the walk has five rows or
/// more; otherwise (and for [`LastRows::Walked`]) [`count`] itself. `last` is
/// reshaped for these rows, and left empty.
pub fn count_gathered(
    rows: &Rows,
    columns: u64,
    diagonals: u64,
    anti_diagonals: u64,
    last: &mut LastRows,
) -> u64 {
    #[cfg(target_arch = "x86_64")]
    match (last, rows.count) {
        (LastRows::Four(last), k @ 5..) => {
            let earlier = last.reshape(
                rows.board,
                [rows.steps[k - 4], rows.steps[k - 3], rows.steps[k - 2]],
            );
            // SAFETY: a batch is made only for a kernel this CPU runs
            // (`LastRows::new`), and every batching kernel needs popcnt
            // and BMI (`Kernel::available`).
            let below = unsafe { gathered::count(rows, columns, diagonals, anti_diagonals, last) };
            return earlier + below + last.drain();
        }
        (LastRows::Five(last), k @ 5..) => {
            last.reshape(
                rows.board,
                [
                    rows.steps[k - 5],
                    rows.steps[k - 4],
                    rows.steps[k - 3],
                    rows.steps[k - 2],
                ],
            );
            // SAFETY: `LastRows::new` made the tables only for a CPU that
            // runs them, with popcnt and BMI (`Kernel::available`).
            return unsafe { gathered::count(rows, columns, diagonals, anti_diagonals, last) };
        }
        _ => {}
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

/// The walk of `walker!` down to five rows left, where what is left goes to
/// the last rows' counter, a [`Leaves`](gathered::Leaves).
#[cfg(target_arch = "x86_64")]
mod gathered {
    use super::Rows;
    use crate::count::five_rows::LastFive;
    use crate::count::four_rows::LastFour;

    /// What the walk hands the boards it reaches with five rows left.
    pub(super) trait Leaves {
        /// Whether a board is handed over only when its next two rows have
        /// a free cell: a branch that pays for the batches, whose every
        /// board costs a place and a count, not for the tables, which count
        /// a dead board as fast as any.
        const ALIVE_ONLY: bool;

        /// The solutions below row `depth` (five rows left, `free` its free
        /// cells) counted now; what is held to count later is not in it.
        fn five_left(&mut self, rows: &Rows, depth: usize, masks: [u64; 3], free: u64) -> u64;
    }

    /// The batches: the board's children, with four rows left, go in, kept
    /// when their next two rows have a free cell, without a branch; what a
    /// full batch counted is returned when it is drained.
    impl Leaves for LastFour {
        const ALIVE_ONLY: bool = true;

        #[inline(always)]
        fn five_left(
            &mut self,
            rows: &Rows,
            depth: usize,
            [columns, diagonals, anti_diagonals]: [u64; 3],
            mut free: u64,
        ) -> u64 {
            let step = rows.steps[depth];
            let after = rows.steps[depth + 1];
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                let child = Child::new(
                    rows.board,
                    [step, after],
                    [columns, diagonals, anti_diagonals],
                    bit,
                );
                self.push(child.c, child.d, child.a, child.alive);
            }
            if self.needs_draining() {
                self.drain()
            } else {
                0
            }
        }
    }

    /// The tables: the board's completions, counted at once.
    impl Leaves for LastFive {
        const ALIVE_ONLY: bool = false;

        #[inline(always)]
        fn five_left(&mut self, _: &Rows, _: usize, [c, d, a]: [u64; 3], _: u64) -> u64 {
            // SAFETY: the walk runs only where the CPU has BMI2 (`count`).
            unsafe { self.count_native(c, d, a) }
        }
    }

    /// The solutions found so far below the placement (at least five rows
    /// left); what is held in `last` to count later is not in it.
    ///
    /// # Safety
    /// The CPU must have popcnt, BMI1 and BMI2.
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    pub(super) fn count<L: Leaves>(
        rows: &Rows,
        columns: u64,
        diagonals: u64,
        anti_diagonals: u64,
        last: &mut L,
    ) -> u64 {
        let free = rows.board & !(columns | diagonals | anti_diagonals);
        if free == 0 {
            return 0;
        }
        descend(rows, 0, columns, diagonals, anti_diagonals, free, last)
    }

    /// Row `depth` (at least five rows left) with `free` cells, not empty:
    /// a call per node down to nine rows left, then the loops of the rows
    /// below written into one another ([`nine_left`] to [`six_left`]), the
    /// last one handing its children to `last`. At n = 16 the calls for the
    /// nodes with six to nine rows left had been a sixth of the count's time
    /// (0.58 s against 0.48 s with the tables, issue 48).
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    fn descend<L: Leaves>(
        rows: &Rows,
        depth: usize,
        columns: u64,
        diagonals: u64,
        anti_diagonals: u64,
        mut free: u64,
        last: &mut L,
    ) -> u64 {
        let masks = [columns, diagonals, anti_diagonals];
        match rows.count - depth {
            5 => return hand_over(rows, depth, masks, free, last),
            6 => return six_left(rows, depth, masks, free, last),
            7 => return seven_left(rows, depth, masks, free, last),
            8 => return eight_left(rows, depth, masks, free, last),
            9 => return nine_left(rows, depth, masks, free, last),
            _ => {}
        }
        let step = rows.steps[depth];
        let after = rows.steps[depth + 1];
        let above_nine = depth + 10 == rows.count;
        let mut total = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let child = Child::new(rows.board, [step, after], masks, bit);
            if child.alive {
                let Child { c, d, a, next, .. } = child;
                total += if above_nine {
                    nine_left(rows, depth + 1, [c, d, a], next, last)
                } else {
                    descend(rows, depth + 1, c, d, a, next, last)
                };
            }
        }
        total
    }

    /// A row whose loop is written into its parent's: its children go to
    /// `$below` (the loop of the row under it, or `last` itself), those whose
    /// next two rows have a free cell, or all of them where `$every` holds.
    macro_rules! written_in {
        ($(#[$doc:meta])* $name:ident, $below:ident, every: $every:expr) => {
            $(#[$doc])*
            #[inline(always)]
            fn $name<L: Leaves>(
                rows: &Rows,
                depth: usize,
                masks: [u64; 3],
                mut free: u64,
                last: &mut L,
            ) -> u64 {
                let step = rows.steps[depth];
                let after = rows.steps[depth + 1];
                let mut total = 0;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    let child = Child::new(rows.board, [step, after], masks, bit);
                    if $every || child.alive {
                        let Child { c, d, a, next, .. } = child;
                        total += $below(rows, depth + 1, [c, d, a], next, last);
                    }
                }
                total
            }
        };
    }

    /// Hands a board with five rows left to `last`.
    #[inline(always)]
    fn hand_over<L: Leaves>(
        rows: &Rows,
        depth: usize,
        masks: [u64; 3],
        free: u64,
        last: &mut L,
    ) -> u64 {
        last.five_left(rows, depth, masks, free)
    }

    written_in!(
        /// Row `depth`, six rows left, with `free` cells: its children go to
        /// `last` (every one where [`Leaves::ALIVE_ONLY`] is false).
        six_left,
        hand_over,
        every: !L::ALIVE_ONLY
    );
    written_in!(
        /// Row `depth`, seven rows left, with `free` cells.
        seven_left,
        six_left,
        every: false
    );
    written_in!(
        /// Row `depth`, eight rows left, with `free` cells.
        eight_left,
        seven_left,
        every: false
    );
    written_in!(
        /// Row `depth`, nine rows left, with `free` cells.
        nine_left,
        eight_left,
        every: false
    );

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
