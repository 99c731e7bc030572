//! Count-only: the constellation method. Border queens placed first, one board
//! per class of border placements, weighed by the size of that class.
//!
//! Every solution on more than one cell has either a queen in a corner or
//! exactly one queen on each edge, none in a corner (each edge row or column
//! holds one queen). So a solution is its *border* (the queens on the edges)
//! completed inside:
//!
//! * **Corner.** At most one corner holds a queen, so rotate it top left: the
//!   queens of the bottom row and the right column, in column `b` and row `r`,
//!   finish the border (`b != r`: `(n-1, b)` and `(b, n-1)` share an
//!   anti-diagonal). Reflecting in the main diagonal swaps them, so keep
//!   `b < r`; each such border stands for 8, one per symmetry.
//! * **No corner.** The border is four queens, top `(0, t)`, bottom
//!   `(n-1, b)`, left `(l, 0)`, right `(r, n-1)`. The 8 symmetries move whole
//!   borders to borders; keep the border whose `(t, b, l, r)` is smallest of
//!   its images, weighed by how many distinct images it has (8, 4 or 2).
//!
//! A symmetry maps the completions of one border one-to-one onto those of its
//! image, so the weighted sum of the completions of the kept borders (the
//! *constellations*) is the number of solutions, with no symmetry test at any
//! leaf. The classes (OEIS A002562) follow by Burnside's lemma from the count
//! and the few boards a half or quarter turn fixes ([`crate::count::burnside`]).
//!
//! Each constellation is then a count of the rows between, top down, by the
//! count-only loop of [`crate::count::kernel`]: all border queens' diagonals are
//! in the masks from the first row on (a diagonal that reaches the board only
//! further down sits in bits left of it, `u64` masks with the board at bits
//! `n - 2 ..`), and the rows of the side queens are skipped by shifting two
//! rows at once. Any of the 8 images of a border counts the same, so each is
//! walked in the image whose tree looks smallest (37 % fewer nodes at n = 16
//! than the kept image itself). The walk stops before the end, as the kernel
//! [`select`] chose says: five rows before it, each board's last five rows
//! counted by table lookups ([`crate::count::five_rows`]; about 37 % less
//! time at n = 16 than the batches on AMD family 25), or four rows before
//! it, the boards that get there gathered, a batch per constellation, and
//! counted side by side with vector instructions
//! ([`crate::count::four_rows`]; about 40 % less time at n = 16 with
//! AVX-512 than the walk alone). At n = 16 there are 3,206
//! constellations (91 with a corner queen), thousands of independent units of
//! work for the threads.
//!
//! The published method (NQueensFAF) needs `n` large enough for its tables
//! and miscounts n = 4, 5, 6; this one is exact from n = 2 (the tests compare
//! it with the reference counts), and the command line runs it from
//! [`FROM_N`] on.

use queens::report::stats::SearchStats;
use queens::strategy::{Strategy, Tree};

use crate::count::burnside;
use crate::count::kernel::Placed;
use crate::count::kernels::Kernel;
use crate::count::last_rows::LastRows;
use crate::count::select;

/// The smallest board `fastest` counts with constellations: below it the
/// whole count takes microseconds and the symmetry walk, with its full
/// statistics, runs instead.
pub const FROM_N: usize = 8;

/// The largest board the `u64` masks hold (board at bits `n - 2 .. 2n - 2`,
/// diagonals from the bottom row up to bit `3n - 6`). Beyond it a count would
/// take years anyway.
pub const MAX_N: usize = 23;

/// One border placement and the weight of its class.
#[derive(Clone, Copy, Debug)]
pub struct Constellation {
    /// Boards of its class: 8 for a corner one, 8, 4 or 2 otherwise.
    pub weight: u64,
    /// The queens placed, `(row, column)`: 3 with a corner queen, else 4.
    pub queens: [(u8, u8); 4],
    /// Whether one of them is in the corner.
    pub corner: bool,
    start: Placed,
}

impl Constellation {
    /// The completions of this border: boards that have these edge queens
    /// (with the kernel [`select::chosen`]).
    pub fn completions(&self) -> u64 {
        self.completions_with(&mut LastRows::new(select::chosen().kernel))
    }

    /// [`Constellation::completions`], with `last` for the last rows
    /// (reused from one constellation to the next:
    /// [`Placed::count_gathered`]), whose kernel counts.
    pub fn completions_with(&self, last: &mut LastRows) -> u64 {
        self.start.count_gathered(last)
    }

    /// Its completions times its weight: the solutions of its class.
    pub fn solutions(&self) -> u64 {
        self.weight * self.completions()
    }

    /// [`Constellation::solutions`] with `last` for the last rows.
    pub fn solutions_with(&self, last: &mut LastRows) -> u64 {
        self.weight * self.completions_with(last)
    }

    /// A guess at the size of the walk, to pick among the images: the nodes
    /// of a tree whose row `k` has as many children as free cells the border
    /// leaves it, thinned by the share of columns the rows above leave open,
    /// squared (the rows above take columns and cover diagonals). At n = 16
    /// the images picked walk 37 % fewer nodes than the kept borders (34 %
    /// with the share not squared; a walk of all 8 images, keeping the
    /// smallest, would save 42 %). Measured 2026-11-30.
    fn estimate(&self) -> f64 {
        let Placed {
            rows,
            columns,
            diagonals: mut d,
            anti_diagonals: mut a,
        } = self.start;
        let m = rows.count as f64;
        let (mut total, mut level) = (0.0, 1.0);
        for depth in 0..rows.count {
            let free = (rows.board & !(columns | d | a)).count_ones();
            let thinning = (m - depth as f64) / m;
            level *= f64::from(free) * thinning * thinning;
            total += level;
            d <<= rows.steps[depth];
            a >>= rows.steps[depth];
        }
        total
    }

    /// The placement `queens` (pairwise peaceful, on the border), ready to walk.
    fn new(n: usize, queens: &[(usize, usize)], weight: u64) -> Self {
        let mut placed = [(0, 0); 4];
        for (slot, &(row, col)) in placed.iter_mut().zip(queens) {
            *slot = (row as u8, col as u8);
        }
        Self {
            weight,
            queens: placed,
            corner: queens.len() == 3,
            start: Placed::new(n, queens),
        }
    }
}

/// The constellations of an `n × n` board (`2 <= n <= 23`): corner ones first,
/// then the others, largest first (the top queen nearer the middle).
///
/// ```
/// use queens_fastest::count::constellation::constellations;
/// let all = constellations(8);
/// let solutions: u64 = all.iter().map(|c| c.solutions()).sum();
/// assert_eq!(solutions, 92);
/// ```
///
/// # Panics
/// If `n < 2` or `n > 23`.
pub fn constellations(n: usize) -> Vec<Constellation> {
    assert!(
        (2..=MAX_N).contains(&n),
        "constellations need 2 <= n <= {MAX_N}"
    );
    let last = n - 1;
    let mut all = Vec::new();
    for b in 1..last {
        for r in b + 1..last {
            all.push(oriented(n, &[(0, 0), (last, b), (r, last)], 8));
        }
    }
    let mut edges = Vec::new();
    for t in 1..last {
        for b in 1..last {
            for l in 1..last {
                for r in 1..last {
                    let border = [t, b, l, r];
                    let queens = cells(n, border);
                    if !peaceful(&queens) {
                        continue;
                    }
                    if let Some(weight) = weight_if_kept(n, border) {
                        edges.push(oriented(n, &queens, weight));
                    }
                }
            }
        }
    }
    edges.reverse();
    all.extend(edges);
    all
}

/// The image of the placement `queens` the walk goes through fastest.
fn oriented(n: usize, queens: &[(usize, usize)], weight: u64) -> Constellation {
    (0..8)
        .map(|symmetry| {
            let image: Vec<(usize, usize)> = queens
                .iter()
                .map(|&(row, col)| apply(symmetry, n - 1, row, col))
                .collect();
            Constellation::new(n, &image, weight)
        })
        .min_by(|x, y| x.estimate().total_cmp(&y.estimate()))
        .expect("8 images")
}

/// The queens of the border `[t, b, l, r]`: top, bottom, left, right.
fn cells(n: usize, [t, b, l, r]: [usize; 4]) -> [(usize, usize); 4] {
    [(0, t), (n - 1, b), (l, 0), (r, n - 1)]
}

/// Whether no two of `queens` share a line.
fn peaceful(queens: &[(usize, usize)]) -> bool {
    queens.iter().enumerate().all(|(i, &(r1, c1))| {
        queens[..i]
            .iter()
            .all(|&(r2, c2)| r1 != r2 && c1 != c2 && r1 + c2 != r2 + c1 && r1 + c1 != r2 + c2)
    })
}

/// The weight of the border `[t, b, l, r]` (no corner queen) if it is the
/// smallest of its images: 8 divided by the symmetries that fix it.
fn weight_if_kept(n: usize, border: [usize; 4]) -> Option<u64> {
    let last = n - 1;
    let queens = cells(n, border);
    let mut fixed = 0;
    for symmetry in 0..8 {
        let mut image = [0; 4];
        for &(row, col) in &queens {
            let (row, col) = apply(symmetry, last, row, col);
            match (row, col) {
                (0, _) => image[0] = col,
                (r, _) if r == last => image[1] = col,
                (_, 0) => image[2] = row,
                _ => image[3] = row,
            }
        }
        match image.cmp(&border) {
            std::cmp::Ordering::Less => return None,
            std::cmp::Ordering::Equal => fixed += 1,
            std::cmp::Ordering::Greater => {}
        }
    }
    Some(8 / fixed)
}

/// Symmetry number `symmetry` (0..8, 0 the identity) of the square whose last
/// row is `last`, applied to `(row, col)`.
fn apply(symmetry: u8, last: usize, row: usize, col: usize) -> (usize, usize) {
    // A reflection in the main diagonal (odd numbers) after 0-3 quarter turns.
    let (row, col) = if symmetry & 1 == 1 {
        (col, row)
    } else {
        (row, col)
    };
    (0..symmetry / 2).fold((row, col), |(row, col), _| (col, last - row))
}

/// What a constellation count found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    /// All solutions (OEIS A000170).
    pub solutions: u64,
    /// Solutions distinct up to the symmetries of the square (OEIS A002562).
    pub fundamental: u64,
    /// Constellations with a corner queen (3 border queens).
    pub corner: u64,
    /// Constellations without (4 border queens).
    pub edge: u64,
}

/// Counts the solutions of an `n × n` board (`2 <= n <= 23`) on this thread,
/// with the kernel [`select::chosen`] (timed on first use).
///
/// ```
/// let census = queens_fastest::count::constellation::count(10);
/// assert_eq!((census.solutions, census.fundamental), (724, 92));
/// ```
///
/// # Panics
/// If `n < 2` or `n > 23`.
pub fn count(n: usize) -> Census {
    count_with(n, select::chosen().kernel)
}

/// [`count`] with `kernel`.
///
/// ```
/// use queens_fastest::count::{constellation, select::Kernel};
/// assert_eq!(constellation::count_with(8, Kernel::Scalar).solutions, 92);
/// ```
///
/// # Panics
/// If `n < 2` or `n > 23`, or this CPU cannot run `kernel`.
pub fn count_with(n: usize, kernel: Kernel) -> Census {
    let all = constellations(n);
    let mut last = LastRows::new(kernel);
    let solutions = all.iter().map(|unit| unit.solutions_with(&mut last)).sum();
    census(n, &all, solutions)
}

/// [`count`] on the calling thread and rayon's pool: each thread takes the
/// next constellation from a shared counter until none is left.
///
/// ```
/// let census = queens_fastest::count::constellation::count_parallel(10);
/// assert_eq!((census.solutions, census.fundamental), (724, 92));
/// ```
pub fn count_parallel(n: usize) -> Census {
    count_parallel_with(n, select::chosen().kernel)
}

/// [`count_parallel`] with `kernel`.
///
/// # Panics
/// If `n < 2` or `n > 23`, or this CPU cannot run `kernel`.
pub fn count_parallel_with(n: usize, kernel: Kernel) -> Census {
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
    assert!(
        kernel.available(),
        "this CPU cannot run the {kernel} kernel"
    );
    let all = constellations(n);
    let next = AtomicUsize::new(0);
    let total = AtomicU64::new(0);
    let drain = || {
        let (mut sum, mut last) = (0, LastRows::new(kernel));
        while let Some(unit) = all.get(next.fetch_add(1, Ordering::Relaxed)) {
            sum += unit.solutions_with(&mut last);
        }
        total.fetch_add(sum, Ordering::Relaxed);
    };
    // The calling thread walks too, from the first moment (see
    // `queens::fast::parallel` for why).
    rayon::in_place_scope(|scope| {
        for _ in 1..rayon::current_num_threads().min(all.len()) {
            scope.spawn(|_| drain());
        }
        drain();
    });
    census(n, &all, total.into_inner())
}

fn census(n: usize, all: &[Constellation], solutions: u64) -> Census {
    let corner = all.iter().filter(|c| c.corner).count() as u64;
    Census {
        solutions,
        fundamental: burnside::fundamental(n, solutions),
        corner,
        edge: all.len() as u64 - corner,
    }
}

/// Whether `fastest` counts an `n × n` board with constellations: from
/// [`FROM_N`] to [`MAX_N`], without a node budget (the walk records no nodes
/// to stop at).
pub fn runs(n: usize, max_nodes: Option<u64>) -> bool {
    max_nodes.is_none() && (FROM_N..=MAX_N).contains(&n)
}

/// [`count_parallel`] where a second thread pays off
/// ([`queens::fast::threads_pay_off`]), else [`count`].
pub fn count_fastest(n: usize) -> Census {
    if queens::fast::threads_pay_off(n) {
        return count_parallel(n);
    }
    count(n)
}

impl Census {
    /// The statistics of this count as `strategy` on an `n × n` board, on the
    /// tree [`Tree::Constellations`]: the root and the constellations as
    /// nodes (on level 3 with a corner queen, 4 without), no candidates, no
    /// time.
    pub fn into_stats(self, n: usize, strategy: Strategy) -> SearchStats {
        let mut stats = SearchStats::new(n, strategy);
        stats.tree = Tree::Constellations;
        stats.solutions = self.solutions;
        stats.unique = Some(self.fundamental);
        stats.profile[0] = 1;
        if n >= 4 {
            // Smaller boards have no constellation.
            stats.profile[3] = self.corner;
            stats.profile[4] = self.edge;
        }
        stats.nodes = 1 + self.corner + self.edge;
        stats
    }
}
