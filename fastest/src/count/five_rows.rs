//! The last five rows of a board counted by table lookups, one board at a
//! time and without a branch.
//!
//! Five rows left means five columns left, and a completion gives each row
//! one of them: it is one of the 5! = 120 orders of the five columns. Each
//! order is a bit of a `u128`, and a board's completions are the orders that
//! pass two tests, each a few lookups:
//!
//! * **the queens already placed**: row `r`'s free cells among the five
//!   columns, taken out of the masks as 5 bits (`pext`), index a table of the
//!   orders that give row `r` one of those columns; the five rows' sets are
//!   ANDed;
//! * **the five new queens among themselves**: two of them attack each other
//!   when their columns are as far apart as their rows. That depends only on
//!   the four gaps between the five columns and on the rows' distances (rows
//!   that already hold a queen lie between some of them). So the orders it
//!   rules out are one table per shape of the rows, indexed by the four gaps,
//!   each clipped to "wider than the five rows' span" (such a gap, and any
//!   sum of gaps holding it, never matches a distance). A table is made the
//!   first time its shape is met and kept: a count meets a handful of shapes.
//!
//! What is left is counted with `popcnt`. On AMD EPYC family 25 model 17
//! (AVX-512 on a 256-bit datapath) the whole one-thread count at n = 16 took
//! 0.58 s this way against 0.80 s with the walk handing four-row boards to
//! AVX-512 batches ([`crate::count::four_rows`]), and 0.48 s against 0.76 s
//! once the walk's loops of the rows above were written into one another
//! (BENCHMARKS.md, 2026-12-06 evening). `pext` is one instruction on Intel
//! since Haswell and AMD since Zen 3, and microcoded (tens of cycles) on
//! Zen 1 and 2: which way counts fastest is for [`crate::count::select`]'s
//! timing to say, not for this module.
//!
//! The idea of counting a small board's completions as a set of
//! permutations filtered by lookups is ours; the bit layout of the masks is
//! [`crate::count::kernel`]'s.

/// Rows (and columns) counted here.
const ROWS: usize = 5;

/// The orders of five columns: 5! of them.
const ORDERS: usize = 120;

/// The pairs of five ranks (or rows), the lower first, in the order the
/// tables use.
const PAIRS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// Counts the completions of boards with five rows left, all of the same
/// shape (the same rows between them already taken); made once per thread
/// and reshaped from one constellation to the next.
///
/// ```
/// use queens_fastest::count::five_rows::LastFive;
/// // A 5 × 5 board as bits 0..5, nothing placed: 10 solutions.
/// let last = LastFive::new(0b11111, [1, 1, 1, 1]);
/// assert_eq!(last.count(0, 0, 0), 10);
/// // A 7-column board with columns 0 and 6 taken (rows elsewhere hold
/// // them): 5 columns left on 5 consecutive rows.
/// let last = LastFive::new(0b111_1111, [1; 4]);
/// assert_eq!(last.count(0b100_0001, 0, 0), 10);
/// ```
#[derive(Clone)]
pub struct LastFive {
    /// `fits[r][free]`: the orders that give row `r` a column of `free` (5
    /// bits, one per column left, lowest first).
    fits: Box<[[u128; 32]; ROWS]>,
    /// `on_rows[pair of columns][pair of rows]`: the orders that put those
    /// two columns on those two rows.
    on_rows: Box<[[u128; 10]; 10]>,
    /// Every shape met so far, the current one at `current`.
    shapes: Vec<Shape>,
    current: usize,
    /// The current shape's `down` and `levels`, at hand.
    down: [u32; ROWS],
    levels: u32,
    board: u64,
}

/// The clash table of one shape of five rows.
#[derive(Clone)]
struct Shape {
    /// How far each row is below the first (0 for the first).
    down: [u32; ROWS],
    /// Gaps told apart: 1 to `down[4]`, and wider.
    levels: u32,
    /// The orders whose queens attack each other, by the four gaps between
    /// the columns, each as `min(gap, levels) - 1`, the first gap lowest.
    clashes: Box<[u128]>,
}

impl std::fmt::Debug for LastFive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LastFive")
            .field("board", &self.board)
            .field("down", &self.shapes[self.current].down)
            .field("shapes", &self.shapes.len())
            .finish_non_exhaustive()
    }
}

impl LastFive {
    /// Counts for boards whose cells are the bits `board` and whose last
    /// five rows are `steps` rows apart (first to second, ..., fourth to
    /// fifth: 1 when consecutive).
    ///
    /// # Panics
    /// If a step is 0 or the five rows span more than 32 rows.
    pub fn new(board: u64, steps: [u32; 4]) -> Self {
        let orders = orders();
        let mut fits = Box::new([[0u128; 32]; ROWS]);
        let mut on_rows = Box::new([[0u128; 10]; 10]);
        for (bit, order) in orders.iter().enumerate() {
            for (row, fit) in fits.iter_mut().enumerate() {
                for (free, orders) in fit.iter_mut().enumerate() {
                    if free >> order[row] & 1 == 1 {
                        *orders |= 1 << bit;
                    }
                }
            }
            for (columns, &(k, l)) in PAIRS.iter().enumerate() {
                for (rows, &(r, s)) in PAIRS.iter().enumerate() {
                    if [order[r], order[s]] == [k, l] || [order[s], order[r]] == [k, l] {
                        on_rows[columns][rows] |= 1 << bit;
                    }
                }
            }
        }
        let mut last = Self {
            fits,
            on_rows,
            shapes: Vec::new(),
            current: 0,
            down: [0; ROWS],
            levels: 1,
            board,
        };
        last.reshape(board, steps);
        last
    }

    /// Counts from now on for boards of another shape (see [`LastFive::new`]).
    ///
    /// # Panics
    /// As [`LastFive::new`].
    pub fn reshape(&mut self, board: u64, steps: [u32; 4]) {
        assert!(
            steps.iter().all(|&step| step > 0) && steps.iter().sum::<u32>() < 32,
            "five rows {steps:?} apart"
        );
        self.board = board;
        let mut down = [0; ROWS];
        for row in 1..ROWS {
            down[row] = down[row - 1] + steps[row - 1];
        }
        self.current = match self.shapes.iter().position(|shape| shape.down == down) {
            Some(known) => known,
            None => {
                self.shapes.push(Shape::new(down, &self.on_rows));
                self.shapes.len() - 1
            }
        };
        (self.down, self.levels) = (down, self.shapes[self.current].levels);
    }

    /// The completions of a board whose columns taken and attacked cells of
    /// the first of the five rows are these masks (as in
    /// [`crate::count::kernel::Placed`]).
    pub fn count(&self, columns: u64, diagonals: u64, anti_diagonals: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::native_bits() {
            // SAFETY: the CPU has BMI2.
            return unsafe { self.count_native(columns, diagonals, anti_diagonals) };
        }
        self.completions(columns, diagonals, anti_diagonals, portable_pext)
    }

    /// [`LastFive::count`] with the `pext` instruction, inlined into the
    /// walks of [`crate::count::kernel`].
    ///
    /// # Safety
    /// The CPU must have BMI2.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(crate) unsafe fn count_native(
        &self,
        columns: u64,
        diagonals: u64,
        anti_diagonals: u64,
    ) -> u64 {
        // SAFETY: the caller's (BMI2).
        let pext = |x, mask| unsafe { core::arch::x86_64::_pext_u64(x, mask) };
        self.completions(columns, diagonals, anti_diagonals, pext)
    }

    /// The count, with `pext` taking the bits of a mask at the five columns.
    #[inline(always)]
    fn completions(
        &self,
        columns: u64,
        diagonals: u64,
        anti_diagonals: u64,
        pext: impl Fn(u64, u64) -> u64,
    ) -> u64 {
        let (down, levels) = (self.down, self.levels);
        let left = self.board & !columns;
        // Where the five columns are, lowest first.
        let mut rest = left;
        let mut at = [0u32; ROWS];
        for column in &mut at {
            *column = rest.trailing_zeros();
            rest &= rest.wrapping_sub(1);
        }
        // The orders the queens placed allow.
        let mut allowed = u128::MAX;
        for (row, fits) in self.fits.iter().enumerate() {
            let attacked = diagonals << down[row] | anti_diagonals >> down[row];
            allowed &= fits[(pext(!attacked, left) & 31) as usize];
        }
        // The orders whose own queens clash, by the gaps between the columns.
        let level = |k: usize| (at[k].wrapping_sub(at[k - 1])).min(levels) - 1;
        let gaps = level(1) + levels * (level(2) + levels * (level(3) + levels * level(4)));
        let clashes = self.shapes[self.current].clashes[gaps as usize];
        let left = allowed & !clashes;
        u64::from((left as u64).count_ones() + ((left >> 64) as u64).count_ones())
    }
}

impl Shape {
    /// The table of the rows `down` from the first (`down[0]` = 0).
    fn new(down: [u32; ROWS], on_rows: &[[u128; 10]; 10]) -> Self {
        let levels = down[ROWS - 1] + 1;
        let width = levels as usize;
        // `by_gap[pair of columns][gap]`: the orders that clash when those
        // two columns are `gap` apart (gap 0 stands for "wider").
        let mut by_gap = vec![[0u128; 10]; width];
        for (rows, &(r, s)) in PAIRS.iter().enumerate() {
            let distance = (down[s] - down[r]) as usize;
            for (columns, orders) in by_gap[distance].iter_mut().enumerate() {
                *orders |= on_rows[columns][rows];
            }
        }
        let clashes = (0..width.pow(4))
            .map(|gaps| {
                // The columns' positions, the first at 0; a gap at the last
                // level is wider than any distance, and so is every sum
                // holding it.
                let mut at = [0usize; ROWS];
                for k in 1..ROWS {
                    let level = gaps / width.pow(k as u32 - 1) % width;
                    at[k] = at[k - 1] + if level + 1 < width { level + 1 } else { width };
                }
                PAIRS
                    .iter()
                    .enumerate()
                    .filter(|&(_, &(k, l))| at[l] - at[k] < width)
                    .fold(0, |clash, (columns, &(k, l))| {
                        clash | by_gap[at[l] - at[k]][columns]
                    })
            })
            .collect();
        Self {
            down,
            levels,
            clashes,
        }
    }
}

/// Every order of five columns: `orders()[bit][row]` is the rank (0 for the
/// lowest column) of the column it gives `row`.
fn orders() -> Vec<[usize; ROWS]> {
    let mut orders = Vec::with_capacity(ORDERS);
    for code in 0..ROWS.pow(ROWS as u32) {
        let order: [usize; ROWS] = std::array::from_fn(|row| code / ROWS.pow(row as u32) % ROWS);
        if (0..ROWS).all(|rank| order.contains(&rank)) {
            orders.push(order);
        }
    }
    orders
}

/// `pext` in plain code: the bits of `x` at the set bits of `mask`, packed
/// low.
fn portable_pext(x: u64, mask: u64) -> u64 {
    let (mut out, mut mask, mut bit) = (0, mask, 0);
    while mask != 0 {
        let lowest = mask & mask.wrapping_neg();
        out |= u64::from(x & lowest != 0) << bit;
        mask ^= lowest;
        bit += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The completions of the five rows by trying every free cell, row by row.
    fn by_hand(board: u64, steps: [u32; 4], columns: u64, diagonals: u64, anti: u64) -> u64 {
        crate::count::by_hand::completions(board, &steps, columns, diagonals, anti)
    }

    #[test]
    fn there_are_120_orders_and_pext_packs_the_masks_bits() {
        let orders = orders();
        assert_eq!(orders.len(), ORDERS);
        let mut sorted = orders.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), ORDERS);
        assert_eq!(portable_pext(0b1010_1100, 0b1111_0000), 0b1010);
        assert_eq!(portable_pext(0b0101, 0b1010_1010), 0);
        assert_eq!(portable_pext(u64::MAX, 0b1000_0001), 0b11);
    }

    /// Random boards with exactly five free columns, attacked cells in the
    /// first row, diagonals coming in from outside the board, and rows
    /// skipped between the five.
    #[test]
    fn every_board_counts_what_trying_each_cell_counts() {
        let mut rng = fastrand::Rng::with_seed(48);
        let mut last = LastFive::new(0, [1; 4]);
        let mut nonzero = 0;
        for _ in 0..20_000 {
            let n = rng.u32(5..=21);
            let offset = n - 2;
            let board = ((1u64 << n) - 1) << offset;
            let mut left = 0u64;
            while left.count_ones() < 5 {
                left |= 1 << (offset + rng.u32(0..n));
            }
            let steps = [
                rng.u32(1..=3),
                rng.u32(1..=3),
                rng.u32(1..=2),
                rng.u32(1..=3),
            ];
            let d = rng.u64(..) & rng.u64(..) & ((1u64 << (2 * n + offset)) - 1);
            let a = rng.u64(..) & rng.u64(..) & ((1u64 << (3 * n)) - 1);
            let expected = by_hand(board, steps, board & !left, d, a);
            nonzero += usize::from(expected > 0);
            last.reshape(board, steps);
            assert_eq!(
                last.count(board & !left, d, a),
                expected,
                "{board:#x} {steps:?}"
            );
            assert_eq!(
                last.completions(board & !left, d, a, portable_pext),
                expected,
                "plain pext"
            );
        }
        // The boards must not be mostly dead ones, or the test shows little.
        assert!(nonzero > 5_000, "{nonzero}");
        assert!(last.shapes.len() > 10);
    }

    #[test]
    fn a_shape_met_again_reuses_its_table() {
        let mut last = LastFive::new(0xff, [1; 4]);
        last.reshape(0xff, [2, 1, 1, 1]);
        last.reshape(0x7f, [1; 4]);
        assert_eq!(last.shapes.len(), 2);
        assert_eq!(last.current, 0);
        assert_eq!(last.count(0b11, 0, 0), by_hand(0x7f, [1; 4], 0b11, 0, 0));
    }
}
