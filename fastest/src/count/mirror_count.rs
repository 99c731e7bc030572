//! Count-only: the left-right mirror on the loop of [`crate::count::kernel`].
//!
//! The same idea as [`queens::fast::mirror`] (first queen in the left half,
//! solutions doubled; the middle column of an odd board once), but nothing is
//! recorded on the way: only the solutions come out. It is what the plain C
//! counters compute (`benches/c/mirror.c`), and is measured beside them.

use crate::count::kernel::{self, Rows};

/// The solutions of an `n × n` board (`1 <= n <= 32`).
///
/// ```
/// assert_eq!(queens_fastest::count::mirror_count::count(8), 92);
/// ```
///
/// # Panics
/// If `n` is 0 or over 32.
pub fn count(n: usize) -> u64 {
    assert!((1..=32).contains(&n), "count-only boards go from 1 to 32");
    let rows = Rows::consecutive((1u64 << n) - 1, n - 1);
    let below = |col: usize| {
        let bit = 1u64 << col;
        kernel::count::<true>(&rows, bit, bit << 1, bit >> 1)
    };
    let half: u64 = (0..n / 2).map(below).sum();
    2 * half + if n % 2 == 1 { below(n / 2) } else { 0 }
}
