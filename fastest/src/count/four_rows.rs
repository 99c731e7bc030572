//! The last four rows of many partial boards at once, without a branch.
//!
//! Near the leaves the walk of [`crate::count::kernel`] costs more in guesses
//! than in work: at n = 16 two thirds of its calls have five or fewer rows
//! left, each loop over a row's free cells ends after a number of turns the
//! processor cannot foresee, and each child is kept or dropped by a test it
//! cannot foresee either. Every wrong guess costs more than the masks.
//!
//! So the walk stops with four rows left and hands the partial board to a
//! [`LastFour`]: a batch of boards that share the same four rows (one
//! constellation, so the same gaps between those rows). Four rows left means
//! four columns left; the count below is the number of ways to give the four
//! rows the four columns, one each, with no queen attacked. All 24 orders are
//! tried, as 12 choices for the first two rows and both orders of the last two
//! columns, each made impossible (not skipped) when a queen on the way is
//! attacked. The same straight-line steps for every board: the compiler turns
//! the loop over the batch into vector instructions, 8 boards per step with
//! AVX-512, 4 with AVX2.
//!
//! A full batch counts at 224 M boards a second with AVX-512, 112 M with AVX2
//! and 35 M as plain 64-bit code (`cargo bench --bench constellation --
//! last-four`, AMD EPYC). With AVX-512 the one-thread count at n = 16 went
//! from 1.14 s to 0.64 s (with the squared estimate of
//! [`crate::count::constellation`]; BENCHMARKS.md). The plain build was slower
//! than the walk counting the last rows itself (0.88x on the whole count at
//! n = 16 while this was built), and AVX-512 on a 256-bit datapath slower
//! than AVX2 (issue 48): which build runs, or none, is the
//! [`Kernel`] the batch is made with, timed by [`crate::count::select`].

pub use crate::count::kernels::Build;
use crate::count::kernels::Kernel;

/// Boards held before they are counted; after each parent the batch is
/// drained when fewer than 40 places are left (32 children and a chunk of padding).
pub const CAPACITY: usize = 512;

/// Places a parent may fill (one child per column, at most 32) plus a chunk
/// of padding.
const ROOM: usize = 32 + LANES;

/// Boards counted side by side: 8 `u64` fill an AVX-512 register.
const LANES: usize = 8;

/// Partial boards with four rows left, all on the same rows, waiting to be
/// counted together.
///
/// ```
/// use queens_fastest::count::four_rows::LastFour;
/// // An 8-column board as bits 0..8, four consecutive rows left, columns
/// // 0, 2, 4 and 6 taken above and no diagonal reaching these rows.
/// let mut last = LastFour::new(0xff, [1, 1, 1]);
/// last.push(0b0101_0101, 0, 0, true);
/// // Columns 1, 3, 5, 7 are never neighbours; rows two apart must not be two
/// // columns apart, so rows 1 and 3 take {1, 5} or {3, 7}, rows 2 and 4 the
/// // other pair, each pair in either order: 2 × 2 × 2 ways.
/// assert_eq!(last.drain(), 8);
/// ```
#[derive(Clone)]
pub struct LastFour {
    columns: Box<[u64; CAPACITY]>,
    diagonals: Box<[u64; CAPACITY]>,
    anti_diagonals: Box<[u64; CAPACITY]>,
    len: usize,
    board: u64,
    steps: [u32; 3],
    /// The kernel the walk gathers for; its build is what [`LastFour::drain`] runs.
    kernel: Kernel,
}

impl std::fmt::Debug for LastFour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LastFour")
            .field("len", &self.len)
            .field("board", &self.board)
            .field("steps", &self.steps)
            .field("kernel", &self.kernel)
            .finish_non_exhaustive()
    }
}

impl LastFour {
    /// An empty batch for boards whose cells are the bits `board` and whose
    /// four last rows are `steps` rows apart (first to second, second to
    /// third, third to fourth: 1 when consecutive), for the widest kernel
    /// this CPU runs ([`Kernel::widest`]: no timing).
    pub fn new(board: u64, steps: [u32; 3]) -> Self {
        Self::with_kernel(board, steps, Kernel::widest())
    }

    /// [`LastFour::new`] for the walk of `kernel`: drained with its build
    /// (the plain one for [`Kernel::Scalar`], whose walk gathers nothing).
    ///
    /// # Panics
    /// If this CPU cannot run `kernel` ([`Kernel::available`]): the walk
    /// trusts the kernel a batch carries.
    pub fn with_kernel(board: u64, steps: [u32; 3], kernel: Kernel) -> Self {
        assert!(
            kernel.available(),
            "this CPU cannot run the {kernel} kernel"
        );
        Self {
            columns: Box::new([0; CAPACITY]),
            diagonals: Box::new([0; CAPACITY]),
            anti_diagonals: Box::new([0; CAPACITY]),
            len: 0,
            board,
            steps,
            kernel,
        }
    }

    /// The kernel this batch was made for.
    pub fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// Drains what is held (the count is returned) and makes the batch ready
    /// for boards of another shape.
    pub fn reshape(&mut self, board: u64, steps: [u32; 3]) -> u64 {
        let held = self.drain();
        (self.board, self.steps) = (board, steps);
        held
    }

    /// Adds the board whose columns taken and attacked cells of the first of
    /// the four rows are these masks, if `keep`. Without a branch: the board
    /// is written either way and counted only if kept.
    ///
    /// # Panics
    /// If the batch is full: drain it when [`LastFour::needs_draining`] says so.
    #[inline(always)]
    pub fn push(&mut self, columns: u64, diagonals: u64, anti_diagonals: u64, keep: bool) {
        let at = self.len;
        self.columns[at] = columns;
        self.diagonals[at] = diagonals;
        self.anti_diagonals[at] = anti_diagonals;
        self.len += usize::from(keep);
    }

    /// Whether a parent's children (at most 32) might not fit any more.
    #[inline(always)]
    pub fn needs_draining(&self) -> bool {
        self.len + ROOM > CAPACITY
    }

    /// The boards held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no board is held.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The solutions below every board held, which are let go; with the
    /// build of the batch's kernel.
    pub fn drain(&mut self) -> u64 {
        self.drain_with(self.kernel.build().unwrap_or(Build::Portable))
    }

    /// [`LastFour::drain`] with the build `build`.
    ///
    /// # Panics
    /// If this CPU cannot run `build` ([`Build::available`]).
    pub fn drain_with(&mut self, build: Build) -> u64 {
        assert!(build.available(), "this CPU cannot run the {build:?} build");
        match build {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the CPU has the features `drain_avx512` is built for.
            Build::Avx512 => unsafe { drain_avx512(self) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above, for AVX2.
            Build::Avx2 => unsafe { drain_avx2(self) },
            _ => drain_portable(self),
        }
    }
}

/// The lowest set bit of `x` (0 for 0).
#[inline(always)]
fn lowest(x: u64) -> u64 {
    x & x.wrapping_neg()
}

/// The completions of `LANES` boards side by side: each step is the same
/// operation on every lane, and a queen that is attacked empties the masks
/// after it instead of leaving the loop.
#[inline(always)]
fn chunk(
    board: u64,
    [s0, s1, s2]: [u32; 3],
    columns: &[u64; LANES],
    diagonals: &[u64; LANES],
    anti_diagonals: &[u64; LANES],
) -> [u64; LANES] {
    // The four columns left, lowest first, and the free cells of the first row.
    let mut rank = [[0u64; LANES]; 4];
    let mut first = [0u64; LANES];
    for lane in 0..LANES {
        let left = board & !columns[lane];
        let x0 = lowest(left);
        let rest = left ^ x0;
        let x1 = lowest(rest);
        let rest = rest ^ x1;
        let x2 = lowest(rest);
        rank[0][lane] = x0;
        rank[1][lane] = x1;
        rank[2][lane] = x2;
        rank[3][lane] = rest ^ x2;
        first[lane] = left & !(diagonals[lane] | anti_diagonals[lane]);
    }
    let mut total = [0u64; LANES];
    let lanes = Lanes {
        rank: &rank,
        first: &first,
        diagonals,
        anti_diagonals,
        steps: [s0, s1, s2],
    };
    // The 12 ways to give the first two rows two of the four columns (by
    // rank, lowest first), each with the two left for the last rows; written
    // out, not looped over, so that every rank is a constant.
    lanes.add_order(0, 1, [2, 3], &mut total);
    lanes.add_order(0, 2, [1, 3], &mut total);
    lanes.add_order(0, 3, [1, 2], &mut total);
    lanes.add_order(1, 0, [2, 3], &mut total);
    lanes.add_order(1, 2, [0, 3], &mut total);
    lanes.add_order(1, 3, [0, 2], &mut total);
    lanes.add_order(2, 0, [1, 3], &mut total);
    lanes.add_order(2, 1, [0, 3], &mut total);
    lanes.add_order(2, 3, [0, 1], &mut total);
    lanes.add_order(3, 0, [1, 2], &mut total);
    lanes.add_order(3, 1, [0, 2], &mut total);
    lanes.add_order(3, 2, [0, 1], &mut total);
    total
}

/// What every order of a chunk starts from.
struct Lanes<'a> {
    /// The four columns left, by rank, in each lane.
    rank: &'a [[u64; LANES]; 4],
    /// The free cells of the first row.
    first: &'a [u64; LANES],
    diagonals: &'a [u64; LANES],
    anti_diagonals: &'a [u64; LANES],
    steps: [u32; 3],
}

impl Lanes<'_> {
    /// Adds to `total` the boards that put the column of rank `i` in the
    /// first row, rank `j` in the second, and the last two, `last`, in the
    /// rows after, in either order.
    #[inline(always)]
    fn add_order(&self, i: usize, j: usize, last: [usize; 2], total: &mut [u64; LANES]) {
        let [s0, s1, s2] = self.steps;
        for (lane, sum) in total.iter_mut().enumerate() {
            // The first row's queen (none if attacked: then nothing follows).
            let q0 = self.rank[i][lane] & self.first[lane];
            let d1 = (self.diagonals[lane] | q0) << s0;
            let a1 = (self.anti_diagonals[lane] | q0) >> s0;
            let second = !(d1 | a1) & u64::from(q0 != 0).wrapping_neg();
            let q1 = self.rank[j][lane] & second;
            let d2 = (d1 | q1) << s1;
            let a2 = (a1 | q1) >> s1;
            let third = !(d2 | a2) & u64::from(q1 != 0).wrapping_neg();
            let (y, z) = (self.rank[last[0]][lane], self.rank[last[1]][lane]);
            let fourth_after_y = !(((d2 | y) << s2) | ((a2 | y) >> s2));
            let fourth_after_z = !(((d2 | z) << s2) | ((a2 | z) >> s2));
            let yz = (third & y != 0) & (fourth_after_y & z != 0);
            let zy = (third & z != 0) & (fourth_after_z & y != 0);
            *sum += u64::from(yz) + u64::from(zy);
        }
    }
}

/// The batch's count: padded to whole chunks with boards that have no
/// column left (they count 0), then counted a chunk at a time.
macro_rules! drainer {
    ($(#[$attribute:meta])* $name:ident) => {
        $(#[$attribute])*
        fn $name(batch: &mut LastFour) -> u64 {
            let len = batch.len;
            let padded = len.div_ceil(LANES) * LANES;
            batch.columns[len..padded].fill(batch.board);
            let mut sums = [0u64; LANES];
            for start in (0..padded).step_by(LANES) {
                let lanes = start..start + LANES;
                let counts = chunk(
                    batch.board,
                    batch.steps,
                    batch.columns[lanes.clone()].try_into().expect("a chunk"),
                    batch.diagonals[lanes.clone()].try_into().expect("a chunk"),
                    batch.anti_diagonals[lanes].try_into().expect("a chunk"),
                );
                for lane in 0..LANES {
                    sums[lane] += counts[lane];
                }
            }
            batch.len = 0;
            sums.iter().sum()
        }
    };
}

drainer!(drain_portable);
drainer!(
    /// # Safety
    /// The CPU must have AVX2, `popcnt`, BMI1 and BMI2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
    drain_avx2
);
drainer!(
    /// # Safety
    /// The CPU must have AVX-512 (F, VL, DQ) besides what AVX2 needs.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt,bmi1,bmi2,avx512f,avx512vl,avx512dq")]
    drain_avx512
);

#[cfg(test)]
mod tests {
    use super::*;

    /// The completions of the four rows by trying every order, one at a time.
    fn by_hand(board: u64, steps: [u32; 3], columns: u64, diagonals: u64, anti: u64) -> u64 {
        crate::count::by_hand::completions(board, &steps, columns, diagonals, anti)
    }

    /// Random boards with exactly four free columns, some attacked cells in
    /// the first row and diagonals coming in from outside the board.
    fn random_boards(seed: u64, count: usize) -> Vec<(u64, [u32; 3], u64, u64, u64)> {
        let mut rng = fastrand::Rng::with_seed(seed);
        (0..count)
            .map(|_| {
                let n = rng.u32(4..=20);
                let offset = n - 2;
                let board = ((1u64 << n) - 1) << offset;
                let mut left = 0u64;
                while left.count_ones() < 4 {
                    left |= 1 << (offset + rng.u32(0..n));
                }
                let steps = [rng.u32(1..=3), rng.u32(1..=3), rng.u32(1..=3)];
                let d = rng.u64(..) & ((1u64 << (2 * n + offset)) - 1);
                let a = rng.u64(..) & ((1u64 << (3 * n)) - 1) & rng.u64(..);
                (board, steps, board & !left, d & rng.u64(..), a)
            })
            .collect()
    }

    #[test]
    fn every_build_counts_what_trying_each_order_counts() {
        for seed in 0..40 {
            let boards = random_boards(seed, 300);
            for (board, steps, columns, d, a) in boards {
                let expected = by_hand(board, steps, columns, d, a);
                let mut batch = LastFour::new(board, steps);
                // The same board in several lanes, and a partial chunk.
                for copies in [1, 3, 8, 11] {
                    for _ in 0..copies {
                        batch.push(columns, d, a, true);
                    }
                    batch.push(0, 0, 0, false);
                    for build in Build::ALL.into_iter().filter(|b| b.available()) {
                        let mut copy = batch.clone();
                        assert_eq!(copy.drain_with(build), copies * expected, "{build:?}");
                        assert!(copy.is_empty());
                    }
                    assert_eq!(batch.drain(), copies * expected);
                    assert!(batch.is_empty());
                }
            }
        }
    }

    #[test]
    fn the_best_build_is_available_and_a_batch_drains_with_its_kernels_build() {
        assert!(Build::best().available());
        for kernel in Kernel::available_here() {
            let batch = LastFour::with_kernel(0xff, [1; 3], kernel);
            assert_eq!(batch.kernel(), kernel);
            assert!(kernel.build().is_none_or(Build::available));
        }
        assert_eq!(LastFour::new(0xff, [1; 3]).kernel(), Kernel::widest());
    }

    #[test]
    fn a_board_left_out_is_not_counted_and_reshaping_drains() {
        let board = 0xff;
        let mut batch = LastFour::new(board, [1, 1, 1]);
        // Columns 0, 2, 5 and 7 left on four consecutive rows.
        let columns = board & !0b1010_0101;
        let expected = by_hand(board, [1, 1, 1], columns, 0, 0);
        assert!(expected > 0);
        batch.push(columns, 0, 0, false);
        batch.push(columns, 0, 0, true);
        assert_eq!(batch.len(), 1);
        assert_eq!(batch.reshape(board, [2, 1, 1]), expected);
        assert!(batch.is_empty());
    }
}
