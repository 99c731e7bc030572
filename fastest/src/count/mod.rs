//! The count-only walks: solutions (and fundamental solutions) without
//! statistics, as fast as this crate knows how.
//!
//! | module | idea |
//! | --- | --- |
//! | [`constellation`] | border queens first, one placement per class weighed by its size (`fastest` from n = 8 to 23) |
//! | [`kernel`] | their inner loop on `u64` masks, two builds chosen at run time, from queens already placed (`Placed`) |
//! | [`kernels`] | the kernels (the walk alone, or with batches of a build) and the builds, with what each needs of the CPU |
//! | [`four_rows`] | the last four rows of a batch of boards, counted with vector instructions |
//! | [`five_rows`] | the last five rows of one board, counted by table lookups |
//! | [`last_rows`] | which of those a kernel walks with, kept from one constellation to the next |
//! | [`select`] | which kernel counts, timed on first use on a few placements walked by [`kernel`] |
//! | [`burnside`] | fundamental solutions from a count, by Burnside's lemma |
//! | [`mirror_count`] | the mirror on the count-only loop (what the C counters of the benchmarks compute) |
//!
//! They share the inner loop of [`kernel`] and report no statistics; the
//! constellations hand their last five rows to [`five_rows`] or their last
//! four to [`four_rows`], by kernel; [`burnside`] turns a count into the number of fundamental
//! solutions. The walks that record statistics (Knuth's tree, the mirror, the
//! symmetries, on every core) are the lesson's: [`queens::fast`].

pub mod burnside;
pub mod constellation;
pub mod five_rows;
pub mod four_rows;
pub mod kernel;
pub mod kernels;
pub mod last_rows;
pub mod mirror_count;
pub mod select;

/// What the tests of the last rows' counters compare against.
#[cfg(test)]
pub(crate) mod by_hand {
    /// The completions of the last rows by trying every free cell, row by
    /// row: rows `steps` apart, on the board `board`, from the masks of the
    /// first of them.
    pub(crate) fn completions(board: u64, steps: &[u32], columns: u64, d: u64, a: u64) -> u64 {
        let free = board & !(columns | d | a);
        let Some((&step, rest)) = steps.split_first() else {
            return u64::from(free.count_ones());
        };
        let mut total = 0;
        let mut cells = free;
        while cells != 0 {
            let bit = cells & cells.wrapping_neg();
            cells ^= bit;
            total += completions(
                board,
                rest,
                columns | bit,
                (d | bit) << step,
                (a | bit) >> step,
            );
        }
        total
    }
}
