//! Knuth's Monte Carlo estimate of the size of a backtrack tree (1975).
//!
//! Walk from the root down one random branch: at each node count its
//! children `d` (the free cells of the next row), pick one at random, go on
//! until a node has none. Then
//!
//! ```text
//! 1 + d₁ + d₁·d₂ + d₁·d₂·d₃ + …
//! ```
//!
//! is an unbiased estimate of the number of nodes: a branch chosen with
//! probability `1 / (d₁·d₂·…·dₖ)` stands for that many nodes on its level.
//! One probe costs `n` steps instead of a whole search, so the average of a
//! few thousand probes sizes up a tree nobody can afford to walk.
//!
//! ```
//! let estimate = queens::notebook::estimate::knuth_estimate(8, 20_000, 1)?;
//! let exact = 2057.0;
//! assert!((estimate.mean - exact).abs() < 0.05 * exact);
//! # Ok::<(), queens::Error>(())
//! ```

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::fast::bitmask::{MAX_N, full_mask};
use crate::run::check_size;
use crate::run::error::Result;

/// The average of many random probes.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Estimate {
    /// Board size.
    pub n: usize,
    /// How many probes were averaged.
    pub probes: u64,
    /// The seed of the random generator: the number it starts from (same
    /// seed of the random generator, same estimate).
    pub seed: u64,
    /// The estimated number of nodes, root included.
    pub mean: f64,
    /// The standard error of the mean: about two thirds of estimates from
    /// other random generator seeds land within one of it.
    pub std_error: f64,
    /// The estimated nodes on each level `0..=n`.
    pub profile: Vec<f64>,
}

impl Estimate {
    /// How far the estimate is from `exact`, as a fraction (0.03 = 3 %).
    pub fn relative_error(&self, exact: f64) -> f64 {
        (self.mean - exact).abs() / exact
    }
}

/// One random walk from the root of Knuth's tree for an `n × n` board
/// (`n <= 32`); `level_sizes[k]` receives its estimate of the nodes on level
/// `k`. Returns the estimate of the whole tree.
fn probe(n: usize, rng: &mut fastrand::Rng, level_sizes: &mut [f64]) -> f64 {
    let full = full_mask(n);
    let (mut columns, mut diagonals, mut anti_diagonals) = (0u32, 0u32, 0u32);
    let mut weight = 1.0;
    let mut total = 1.0;
    level_sizes[0] += 1.0;
    for level_size in &mut level_sizes[1..=n] {
        let free = !(columns | diagonals | anti_diagonals) & full;
        let choices = free.count_ones();
        if choices == 0 {
            break;
        }
        weight *= f64::from(choices);
        total += weight;
        *level_size += weight;
        // The k-th free cell, k chosen uniformly.
        let mut rest = free;
        for _ in 0..rng.u32(0..choices) {
            rest &= rest - 1;
        }
        let bit = rest & rest.wrapping_neg();
        columns |= bit;
        diagonals = ((diagonals | bit) << 1) & full;
        anti_diagonals = (anti_diagonals | bit) >> 1;
    }
    total
}

/// Averages `probes` of Knuth's random walks on an `n × n` board, the
/// random generator started from the number `seed`.
pub fn knuth_estimate(n: usize, probes: u64, seed: u64) -> Result<Estimate> {
    check_size(n, MAX_N, "estimating")?;
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut profile = vec![0.0; n + 1];
    // Welford's running mean and variance: no overflow, one pass.
    let (mut mean, mut squares) = (0.0, 0.0);
    for i in 1..=probes.max(1) {
        let x = probe(n, &mut rng, &mut profile);
        let delta = x - mean;
        mean += delta / i as f64;
        squares += delta * (x - mean);
    }
    let count = probes.max(1) as f64;
    let variance = if count > 1.0 {
        squares / (count - 1.0)
    } else {
        0.0
    };
    for level in &mut profile {
        *level /= count;
    }
    Ok(Estimate {
        n,
        probes: probes.max(1),
        seed,
        mean,
        std_error: (variance / count).sqrt(),
        profile,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::reference::knuth_nodes;

    #[test]
    fn tiny_boards_are_estimated_exactly_or_closely() {
        // n = 1: one path, root + 1 node. No randomness.
        let one = knuth_estimate(1, 10, 7).unwrap();
        assert_eq!((one.mean, one.std_error), (2.0, 0.0));
        assert_eq!(one.profile, [1.0, 1.0]);
        // n = 0: the root alone.
        assert_eq!(knuth_estimate(0, 3, 7).unwrap().mean, 1.0);
    }

    #[test]
    fn estimates_land_near_knuths_counts() {
        for n in 4..=10 {
            let exact = knuth_nodes(n).unwrap() as f64;
            let estimate = knuth_estimate(n, 20_000, 42).unwrap();
            assert!(
                (estimate.mean - exact).abs() < 5.0 * estimate.std_error.max(1.0),
                "n = {n}: {} vs {exact} (std error {})",
                estimate.mean,
                estimate.std_error
            );
            let profile_sum: f64 = estimate.profile.iter().sum();
            assert!((profile_sum - estimate.mean).abs() < 1e-6 * estimate.mean);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_estimate() {
        let a = knuth_estimate(12, 500, 3).unwrap();
        let b = knuth_estimate(12, 500, 3).unwrap();
        assert_eq!(a, b);
        assert!(knuth_estimate(33, 1, 0).is_err());
    }
}
