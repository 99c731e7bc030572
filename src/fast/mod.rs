//! Fast counters: bitmask walks that record little, use the symmetries of the
//! square, and run on every core.
//!
//! | module | idea | tree ([`crate::Tree`]) |
//! | --- | --- | --- |
//! | [`tally`] | full statistics derived from a few counters | any |
//! | [`mirror`] | first queen in the left half, solutions doubled | `MirrorHalved` |
//! | [`symmetry`] | one board per class of the 8 symmetries | `SymmetryReduced` |
//! | `parallel` (feature `parallel`) | the symmetry walk split over threads | `SymmetryReduced` |
//!
//! All of them walk with the lowest-set-bit loop of [`crate::bitmask`] and
//! report to a [`crate::bitmask::Recorder`]: [`crate::bitmask::Counts`] for
//! the bare count, [`Tally`] for every field of [`crate::SearchStats`].
//!
//! # Limits
//!
//! Any `n <= 32` is accepted (one bit per column of a `u32`); every count is a
//! `u64`. Time runs out long before the counters do: each `n` costs about 7-8
//! times the one before near n = 18, as Knuth's tree grows (on 2 cores, `fastest` takes seconds at n = 17 and
//! about a minute at n = 18; n = 20 would take about an hour, n = 24 a year). Counting
//! to `u64::MAX` one node at a time takes 585 years at a billion nodes a
//! second, so n = 32 ends by patience, not by overflow. Q(28) and beyond are
//! not known to anyone.

pub mod mirror;
#[cfg(feature = "parallel")]
pub mod parallel;
pub mod symmetry;
pub mod tally;

pub use tally::Tally;
