//! The left-right mirror: half the first row, twice the solutions.
//!
//! Reflecting a solution left to right gives a solution, with the first queen
//! in column `n - 1 - c` instead of `c`. So the walk puts the first queen only
//! in the left half of the top row and counts those solutions twice. For odd
//! `n` the middle column is its own mirror image: its subtree is walked too and
//! counted once. Below the first row this is Knuth's tree, walked by
//! [`bitmask::walk_subtree`]; the right half of the top row is skipped by
//! symmetry (`pruned.symmetry`).
//!
//! For even `n` the tree has `(T - 1) / 2 + 1` nodes, `T` Knuth's count: 1029
//! at n = 8, 570,595,152 at n = 16.

use crate::fast::bitmask::{self, Recorder, full_mask};
use crate::search::Flow;

/// Walks the mirror-halved tree of an `n × n` board (`n <= 32`). A solution
/// with its first queen in the left half is reported twice: once for itself,
/// once for its mirror image.
///
/// ```
/// use queens::fast::{bitmask::Counts, mirror};
/// let mut counts = Counts::default();
/// let _ = mirror::walk(8, &mut counts);
/// assert_eq!((counts.nodes, counts.solutions), (1029, 92));
/// ```
///
/// # Panics
/// If `n > 32`.
pub fn walk<R: Recorder>(n: usize, recorder: &mut R) -> Flow {
    assert!(
        n <= bitmask::MAX_N,
        "bitmask boards go up to {}",
        bitmask::MAX_N
    );
    recorder.node(0)?;
    if n == 0 {
        recorder.solution();
        return Flow::Continue(());
    }
    recorder.expand(n, 0, 0, 0);
    let half = n / 2;
    // The right half of the top row: mirror images of the left half.
    let right_half = full_mask(n) & !full_mask(n - half);
    if right_half != 0 {
        recorder.symmetric_skip(right_half);
    }
    for col in 0..half {
        let bit = 1u32 << col;
        bitmask::walk_subtree(n, 1, bit, bit << 1, bit >> 1, &mut Twice(&mut *recorder))?;
    }
    if n % 2 == 1 {
        let bit = 1u32 << half;
        bitmask::walk_subtree(n, 1, bit, bit << 1, bit >> 1, recorder)?;
    }
    Flow::Continue(())
}

/// Passes everything on, every solution twice: it stands for its mirror image too.
struct Twice<'r, R>(&'r mut R);

impl<R: Recorder> Recorder for Twice<'_, R> {
    const USES_LEVEL: bool = R::USES_LEVEL;
    #[inline(always)]
    fn node(&mut self, level: usize) -> Flow {
        self.0.node(level)
    }
    #[inline(always)]
    fn expand(&mut self, n: usize, columns: u32, diagonals: u32, anti_diagonals: u32) {
        self.0.expand(n, columns, diagonals, anti_diagonals);
    }
    #[inline(always)]
    fn solution(&mut self) {
        self.0.solution();
        self.0.solution();
    }
}
