//! Fast counters: bitmask walks that record little, use the symmetries of the
//! square, and run on every core.
//!
//! | module | idea | tree ([`crate::Tree`]) |
//! | --- | --- | --- |
//! | [`bitmask`] | the three constraints as machine words, free cells from a mask | `Knuth` |
//! | [`tally`] | full statistics derived from a few counters | any |
//! | [`mirror`] | first queen in the left half, solutions doubled | `MirrorHalved` |
//! | [`symmetry`] | one board per class of the 8 symmetries | `SymmetryReduced` |
//! | `parallel` (feature `parallel`) | the symmetry walk split over threads | `SymmetryReduced` |
//!
//! The count-only walks of the command line's `fastest` (the constellations,
//! tree `Constellations`) are not here: no notebook calls them, so they live
//! in the package `queens-fastest` (`fastest/`), which the notebooks never
//! compile.
//!
//! They walk with the lowest-set-bit loop of [`bitmask`] and
//! report to a [`bitmask::Recorder`]: [`bitmask::Counts`] for
//! the bare count, [`Tally`] for every field of [`crate::SearchStats`].
//!
//! # Limits
//!
//! Any `n <= 32` is accepted (one bit per column of a `u32`); every count is a
//! `u64`. Time runs out long before the counters do: each `n` costs about 7-8
//! times the one before near n = 18, as Knuth's tree grows. Counting to
//! `u64::MAX` one node at a time takes 585 years at a billion nodes a second,
//! so n = 32 ends by patience, not by overflow. Q(28) and beyond are not known to anyone.

pub mod bitmask;
pub mod mirror;
#[cfg(feature = "parallel")]
pub mod parallel;
pub mod symmetry;
pub mod tally;

pub use tally::Tally;

/// Below this `n` the whole search takes well under a millisecond, and waking a
/// second thread costs about as much as it saves: `fastest` stays on one.
/// Measured in turns on 2 cores (medians of 201 rounds, two runs), `parallel`
/// over `symmetry` was 0.7-0.8x at n = 7, 1.1-1.4x at n = 8, noisy at n = 9
/// (a quarter of the rounds under 0.5x in one run), 1.2-2.1x at n = 10,
/// 1.6x and more from n = 11, about 2x from n = 13.
pub const PARALLEL_FROM_N: usize = 10;

/// Whether a search on an `n × n` board is worth a second thread here: the
/// `parallel` feature is on, rayon has more than one thread, and
/// `n >= PARALLEL_FROM_N`. The one rule `fastest` follows, whichever walk it runs.
pub fn threads_pay_off(n: usize) -> bool {
    #[cfg(feature = "parallel")]
    if n >= PARALLEL_FROM_N && rayon::current_num_threads() > 1 {
        return true;
    }
    let _ = n;
    false
}
