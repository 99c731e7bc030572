//! `fastest`: each digit's candidates as three machine words, one per band.
//!
//! A **band** is three rows (27 cells); cell `i` is bit `i % 27` of band
//! `i / 27`, so the board is `cand[band * 9 + digit]`: 27 words of 27 bits,
//! plus one word per band of the cells still empty. Every rule then works on
//! one word at a time:
//!
//! * **Within a band** a digit fills one cell of each of its three rows and of
//!   each of its three boxes, so the *mini-rows* (a row's three cells inside
//!   one box) that hold it form a 3 × 3 permutation matrix. A table keeps, for
//!   each of the 512 patterns of mini-rows still open, only those that lie on
//!   some permutation: box-line reductions (pointing and claiming) and their
//!   consequences in one look-up, and an empty row or box is a dead end. The
//!   pattern comes from the word by a fold and one multiply, not by a look-up
//!   a row (an update is some 70 instructions, and on puzzles whose branches
//!   the CPU has learnt their number is the time).
//! * **Hidden singles**: a row or a box of the band with one cell left for the
//!   digit is a mini-row on every permutation left (a second table) with one
//!   cell in it, found for the whole word in a few bit operations, and written
//!   by taking its cells from the band's other digits (SSE2, four words an
//!   instruction: the table has already cleared its row, box and column); and
//!   a column (across the three bands) with one cell left, the columns of all
//!   nine digits counted at once (SSE2, four digits an instruction).
//! * **Passes**: the words an update changes are the next pass's work, so a
//!   pass compares the 27 words with their last update only after a naked
//!   or column single; the updates of a pass are known when it starts (a
//!   word changed by the pass is updated in the next), so the processor runs
//!   them ahead of one another: updating it in the same pass makes each
//!   update wait for the one before it, and ran 25 % slower.
//! * **Columns across bands**: a box whose digit is confined to one of its
//!   columns takes that column away from the other two bands.
//! * **Naked singles** and dead cells: bit-sliced counting over the nine words
//!   of a band finds the cells with exactly one candidate, or none; only the
//!   bands whose words changed since the last count are counted again.
//! * **Placing** a set of cells of one digit (no two in a row or a box) is a
//!   handful of word operations: the rows and boxes they touch come from two
//!   8-entry tables, so no placement loops over its cells.
//! * **Guessing** is on a cell with two candidates when there is one (the
//!   fewest a guess can have), the one with the most empty cells in its
//!   row, column and box (its guess reaches the most cells: 22 nodes a
//!   puzzle on a public list of hard puzzles, against 41 for the first such
//!   cell), otherwise on a cell with the fewest. The state
//!   is a `Copy` value of 228 bytes: a guess copies it on the stack (its last
//!   candidate goes on in place), so no node allocates, and backtracking is
//!   dropping the copy.
//! * **Setup**: each word is built whole from its digit's givens (the band's
//!   bytes compared with the digit sixteen at a time, SSE2 on x86-64), not by
//!   placing the givens one by one.
//!
//! What is *not* here, measured and dropped (one paired run each, whole
//! processes on the shared machine, BENCHMARKS.md): the 27 updates of a pass
//! unrolled with a branch a word (as JCZSolve writes them: 28 % faster on the
//! 40 shipped puzzles repeated, whose branches the CPU learns, and 15 %
//! slower on distinct puzzles as hard), a branch-free write of the hidden
//! singles (3 % slower: most updates find none), AVX-512 for the
//! comparison of the 27 words with their last update (a vector load right
//! after scalar stores to the same words waits on store forwarding: the
//! scalar build with `popcnt` and BMI ran 3-6 % faster), bits of words
//! written kept per placement instead of that comparison (10 % slower on hard
//! puzzles), updating a word's successors in the same pass (40 % slower on
//! hard puzzles), fat LTO with one codegen unit (3 % faster on easy
//! puzzles, 6 % slower on hard ones), and no early return for a word whose
//! digit is placed in all three rows (5 fewer instructions an update, 4 %
//! slower on the 40 shipped puzzles repeated: the return is well predicted
//! and skips the update's chain of look-ups).
//!
//! What we learned from, and wrote again in our own words: the band-of-27-bits
//! layout, the per-digit-band update of the words that changed and
//! the preference for bivalue cells come from the description of JCZSolve (by
//! "JasonLion" and "zhouyundong_2012", as written up in Tom Dillon's tdoku
//! notes, <https://t-dillon.github.io/tdoku/>, and in the comments of the
//! `sudoku` crate's port of it, read and never copied: that crate is
//! AGPL-3.0 and only ever runs beside ours as a separate benchmark program);
//! the permutation view of a band, its forced mini-rows as hidden singles and
//! the column singles are ours (tdoku's notes describe the same box-line logic
//! on band triads).

use queens::sudoku::{CELLS, Grid};

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// One column's three cells in a band: bits `c`, `c + 9`, `c + 18`.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// For each row pattern (9 bits, one per column), which of its three boxes it
/// touches (3 bits).
const STACKS_OF_ROW: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        table[x] = ((x & 0o7 != 0) as u8)
            | (((x & 0o70 != 0) as u8) << 1)
            | (((x & 0o700 != 0) as u8) << 2);
        x += 1;
    }
    table
};

/// The six 3 × 3 permutation matrices as 9-bit mini-row masks (bit
/// `row * 3 + box`).
const PERMUTATIONS: [u16; 6] = {
    let mut table = [0u16; 6];
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut k = 0;
    while k < 6 {
        let mut row = 0;
        while row < 3 {
            table[k] |= 1 << (row * 3 + orders[k][row]);
            row += 1;
        }
        k += 1;
    }
    table
};

/// For each pattern of open mini-rows, those lying on a permutation inside it
/// (0 when none does: the digit cannot fill the band).
const ON_A_PERMUTATION: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 6 {
            if PERMUTATIONS[k] & m as u16 == PERMUTATIONS[k] {
                table[m] |= PERMUTATIONS[k];
            }
            k += 1;
        }
        m += 1;
    }
    table
};

/// For each pattern of open mini-rows, those on every permutation inside it:
/// the mini-rows the digit must use.
const FORCED: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut all = 0x1FF;
        let mut k = 0;
        while k < 6 {
            if PERMUTATIONS[k] & m as u16 == PERMUTATIONS[k] {
                all &= PERMUTATIONS[k];
            }
            k += 1;
        }
        table[m] = if ON_A_PERMUTATION[m] == 0 { 0 } else { all };
        m += 1;
    }
    table
};

/// The lowest cell of each mini-row (bits 0, 3, 6, ..., 24).
const LOWEST_OF_MINIROWS: u32 = 0o111_111_111;

/// Mini-row mask (9 bits) to the cells it covers (27 bits).
const CELLS_OF_MINIROWS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        // Mini-row `row * 3 + stack` is cells `(row * 9 + stack * 3)..+3`:
        // three bits a mini-row.
        table[m] = spread_bits(m, 0b111, 3) as u32;
        m += 1;
    }
    table
};

/// A word's mini-rows: those that still have a cell, as a 9-bit mask in
/// stack-major order (bit `stack * 3 + row`), the index of [`KEPT_CELLS`] and
/// [`FORCED_CELLS`]; and those with exactly one cell, on their lowest bit
/// (bits 0, 3, ..., 24). Without a table: each mini-row's three cells are
/// brought onto its lowest bit, and one multiply gathers the nine open ones
/// into a row. Its three terms shift them by 16, 8 and 0, amounts that differ
/// modulo 3, so no two partial products land on one bit and nothing carries;
/// bits 16-24 of the product hold mini-rows 0, 3, 6, 1, 4, 7, 2, 5, 8: each
/// stack's three rows in turn.
#[inline(always)]
fn minirows(a: u32) -> (usize, u32) {
    let lowest = a & LOWEST_OF_MINIROWS;
    let middle = (a >> 1) & LOWEST_OF_MINIROWS;
    let highest = (a >> 2) & LOWEST_OF_MINIROWS;
    let open = (((lowest | middle | highest) as u64 * 0x1_0101) >> 16) as usize & 0x1FF;
    let one_cell = (lowest ^ middle ^ highest) & !(lowest & middle & highest);
    (open, one_cell)
}

/// The row-major mini-row mask (bit `row * 3 + stack`) of a stack-major one.
const fn row_major(stack_major: usize) -> usize {
    let mut mask = 0;
    let mut bit = 0;
    while bit < 9 {
        if stack_major & (1 << bit) != 0 {
            let (stack, row) = (bit / 3, bit % 3);
            mask |= 1 << (row * 3 + stack);
        }
        bit += 1;
    }
    mask
}

/// For each pattern of open mini-rows (stack-major, as [`minirows`]
/// gives it), the cells of those on a permutation (0: a dead end).
const KEPT_CELLS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        table[m] = CELLS_OF_MINIROWS[ON_A_PERMUTATION[row_major(m)] as usize];
        m += 1;
    }
    table
};

/// For each pattern of open mini-rows (stack-major), the cells of the forced
/// ones.
const FORCED_CELLS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        table[m] = CELLS_OF_MINIROWS[FORCED[row_major(m)] as usize];
        m += 1;
    }
    table
};

/// For the columns a digit may use in a band (9 bits), the cells of those it
/// must use (the only column left in their box) on all three rows: what the
/// other two bands lose.
const LOCKED_CELLS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut c = 0;
    while c < 512 {
        let mut stack = 0;
        while stack < 3 {
            let group = (c >> (stack * 3)) & 0b111;
            if group != 0 && group & (group - 1) == 0 {
                table[c] |= on_three_rows((group << (stack * 3)) as u32);
            }
            stack += 1;
        }
        c += 1;
    }
    table
};

/// For each word `band * 9 + digit`, the same digit's words in the other two
/// bands.
const OTHER_WORDS: [[u8; 2]; 27] = {
    let mut table = [[0u8; 2]; 27];
    let mut k = 0;
    while k < 27 {
        table[k] = [((k + 9) % 27) as u8, ((k + 18) % 27) as u8];
        k += 1;
    }
    table
};

/// The columns (9 bits) a band's word has cells in.
#[inline(always)]
const fn columns_of(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1FF
}

/// A 9-bit column mask on all three rows of a band.
#[inline(always)]
const fn on_three_rows(columns: u32) -> u32 {
    columns | columns << 9 | columns << 18
}

/// `unit` shifted by `step` bits for each set bit of `bits` (bit `i` gives
/// `unit << (i * step)`), all of them together: the tables of sets below.
const fn spread_bits(bits: usize, unit: u64, step: usize) -> u64 {
    let mut all = 0;
    let mut bit = 0;
    while bits >> bit != 0 {
        if bits & (1 << bit) != 0 {
            all |= unit << (bit * step);
        }
        bit += 1;
    }
    all
}

/// The cells of the rows (bit `r`) of a band.
const ROW_SETS: [u32; 8] = {
    let mut table = [0u32; 8];
    let mut r = 0;
    while r < 8 {
        table[r] = spread_bits(r, 0x1FF, 9) as u32;
        r += 1;
    }
    table
};

/// The cells of the boxes (bit `s` for stack `s`) of a band.
const BOX_SETS: [u32; 8] = {
    let mut table = [0u32; 8];
    let mut b = 0;
    while b < 8 {
        table[b] = spread_bits(b, 0o7007007, 3) as u32;
        b += 1;
    }
    table
};

/// The rows and boxes of a band that `cells` touch, as cells, and whether
/// no two of the cells share a row or a box.
#[inline(always)]
fn rows_and_boxes(cells: u32) -> (u32, bool) {
    let rows = (cells & 0x1FF != 0) as usize
        | ((cells >> 9 & 0x1FF != 0) as usize) << 1
        | ((cells >> 18 != 0) as usize) << 2;
    let stacks = STACKS_OF_ROW[columns_of(cells) as usize] as usize;
    let n = cells.count_ones();
    let apart = rows.count_ones() == n && stacks.count_ones() == n;
    (ROW_SETS[rows] | BOX_SETS[stacks], apart)
}

/// For each cell of a band, the other cells of its row and of its box.
const BAND_PEERS: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (row, stack) = (p / 9, (p % 9) / 3);
        let box_cells = 0o7007007 << (stack * 3);
        table[p] = ((0x1FF << (row * 9)) | box_cells) & !(1 << p);
        p += 1;
    }
    table
};

/// For each cell of a band, its column's cells in two bands' words side by
/// side (bits 0-26 and 32-58).
const COLUMN_IN_BOTH: [u64; 27] = {
    let mut table = [0u64; 27];
    let mut p = 0;
    while p < 27 {
        let column = (COLUMN << (p % 9)) as u64;
        table[p] = column | column << 32;
        p += 1;
    }
    table
};

/// The two other bands of each band (a table: `%` costs a multiply here).
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// For each band and digit (`band * 9 + digit - 1`), the band's cells that
/// hold the digit.
#[inline(always)]
fn digit_words(digits: &[u8; CELLS]) -> [u32; 27] {
    let mut words = [0u32; 27];
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
        };
        // Sixteen cells compared with a digit in one instruction, their bits
        // gathered in another (SSE2, which every x86-64 CPU has).
        let mut padded = [0u8; 96];
        padded[..CELLS].copy_from_slice(digits);
        for band in 0..3 {
            // SAFETY: SSE2 is part of x86-64; both loads read 16 bytes
            // inside `padded` (at most 54 + 32 = 86 of its 96).
            unsafe {
                let low = _mm_loadu_si128(padded.as_ptr().add(band * 27).cast::<__m128i>());
                let high = _mm_loadu_si128(padded.as_ptr().add(band * 27 + 16).cast::<__m128i>());
                for d in 0..9 {
                    let digit = _mm_set1_epi8(d as i8 + 1);
                    let low = _mm_movemask_epi8(_mm_cmpeq_epi8(low, digit)) as u32;
                    let high = _mm_movemask_epi8(_mm_cmpeq_epi8(high, digit)) as u32;
                    words[band * 9 + d] = (low | high << 16) & BAND;
                }
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    for (band, cells) in digits.chunks_exact(27).enumerate() {
        for (p, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                words[band * 9 + digit as usize - 1] |= 1 << p;
            }
        }
    }
    words
}

/// Takes `cells` from the nine words of a band; returns which words lost a
/// cell, one bit a digit.
#[inline(always)]
fn clear_in_band(words: &mut [u32], cells: u32) -> u32 {
    let words: &mut [u32; 9] = words.try_into().expect("a band's nine words");
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32,
            _mm_loadu_si128, _mm_movemask_ps, _mm_set1_epi32, _mm_setzero_si128, _mm_storeu_si128,
        };
        // Four digits an instruction (SSE2, which every x86-64 CPU has).
        // SAFETY: SSE2 is part of x86-64; the loads and stores touch words
        // 0-3 and 4-7 of the nine.
        let hit = unsafe {
            let cut = _mm_set1_epi32(cells as i32);
            let low = _mm_loadu_si128(words.as_ptr().cast::<__m128i>());
            let high = _mm_loadu_si128(words.as_ptr().add(4).cast::<__m128i>());
            let zero = _mm_setzero_si128();
            let kept_low = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
                _mm_and_si128(low, cut),
                zero,
            )));
            let kept_high = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
                _mm_and_si128(high, cut),
                zero,
            )));
            _mm_storeu_si128(
                words.as_mut_ptr().cast::<__m128i>(),
                _mm_andnot_si128(cut, low),
            );
            _mm_storeu_si128(
                words.as_mut_ptr().add(4).cast::<__m128i>(),
                _mm_andnot_si128(cut, high),
            );
            !(kept_low | kept_high << 4) as u32 & 0xFF
        };
        let hit = hit | ((words[8] & cells != 0) as u32) << 8;
        words[8] &= !cells;
        hit
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut hit = 0;
        for (digit, word) in words.iter_mut().enumerate() {
            hit |= ((*word & cells != 0) as u32) << digit;
            *word &= !cells;
        }
        hit
    }
}

/// For one band's word, the columns with a cell in at least one of its three
/// rows and in at least two (bits 0-8; the bits above are left over).
#[inline(always)]
fn fold_rows(a: u32) -> (u32, u32) {
    let (r1, r2) = (a >> 9, a >> 18);
    let either = a | r1;
    (either | r2, (a & r1) | (r2 & either))
}

/// Three bands' folds of one digit as one: the columns with a cell in at
/// least one of the nine rows, and in at least two.
#[inline(always)]
fn fold_bands((o0, t0): (u32, u32), (o1, t1): (u32, u32), (o2, t2): (u32, u32)) -> (u32, u32) {
    let either = o0 | o1;
    (
        (either | o2) & 0x1FF,
        (t0 | t1 | t2 | (o0 & o1) | (o2 & either)) & 0x1FF,
    )
}

/// For each digit, the columns with at least one cell left for it, and with
/// at least two: nine digits' columns counted together, four digits an
/// instruction (SSE2).
#[inline(always)]
fn column_counts(cand: &[u32; 27]) -> ([u32; 9], [u32; 9]) {
    let (mut one, mut two) = ([0u32; 9], [0u32; 9]);
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_and_si128, _mm_loadu_si128, _mm_or_si128, _mm_set1_epi32, _mm_srli_epi32,
            _mm_storeu_si128,
        };
        // SAFETY: SSE2 is part of x86-64; each load reads digits `first` to
        // `first + 3` (at most 7) of one band, inside the 27 words, and each
        // store writes lanes `first` to `first + 3` of a nine-lane array.
        unsafe {
            let fold = |band: usize, first: usize| {
                let a = _mm_loadu_si128(cand.as_ptr().add(band * 9 + first).cast::<__m128i>());
                let (r1, r2) = (_mm_srli_epi32::<9>(a), _mm_srli_epi32::<18>(a));
                let either = _mm_or_si128(a, r1);
                (
                    _mm_or_si128(either, r2),
                    _mm_or_si128(_mm_and_si128(a, r1), _mm_and_si128(r2, either)),
                )
            };
            let columns = _mm_set1_epi32(0x1FF);
            for first in [0, 4] {
                let ((o0, t0), (o1, t1), (o2, t2)) =
                    (fold(0, first), fold(1, first), fold(2, first));
                let either = _mm_or_si128(o0, o1);
                let at_least_one = _mm_and_si128(_mm_or_si128(either, o2), columns);
                let pairs = _mm_or_si128(_mm_and_si128(o0, o1), _mm_and_si128(o2, either));
                let at_least_two = _mm_and_si128(
                    _mm_or_si128(_mm_or_si128(t0, t1), _mm_or_si128(t2, pairs)),
                    columns,
                );
                _mm_storeu_si128(one.as_mut_ptr().add(first).cast::<__m128i>(), at_least_one);
                _mm_storeu_si128(two.as_mut_ptr().add(first).cast::<__m128i>(), at_least_two);
            }
        }
        (one[8], two[8]) = fold_bands(fold_rows(cand[8]), fold_rows(cand[17]), fold_rows(cand[26]));
    }
    #[cfg(not(target_arch = "x86_64"))]
    for d in 0..9 {
        (one[d], two[d]) = fold_bands(
            fold_rows(cand[d]),
            fold_rows(cand[9 + d]),
            fold_rows(cand[18 + d]),
        );
    }
    (one, two)
}

/// Each band's cells that hold a given: all nine digits' givens there.
#[inline(always)]
fn filled_cells(givens: &[u32; 27]) -> [u32; 3] {
    let mut filled = [0u32; 3];
    for (band, words) in givens.chunks_exact(9).enumerate() {
        filled[band] = words.iter().fold(0, |all, &word| all | word);
    }
    filled
}

/// [`Board::new`]'s words for `digits`: each digit's givens, and the cells
/// that neither a given fills nor a given of the digit sees (its rows, boxes
/// and columns). Returns whether two givens of one digit share a row, a box or
/// a column.
#[inline(always)]
fn open_to_givens(
    givens: &[u32; 27],
    filled: &[u32; 3],
    cand: &mut [u32; 27],
    digits: std::ops::Range<usize>,
) -> bool {
    let mut clash = false;
    for d in digits {
        let own = [givens[d], givens[9 + d], givens[18 + d]];
        let columns = columns_of(own[0] | own[1] | own[2]);
        clash |= columns.count_ones() != own.iter().map(|g| g.count_ones()).sum::<u32>();
        for (band, &g) in own.iter().enumerate() {
            let (lines, apart) = rows_and_boxes(g);
            clash |= !apart;
            let blocked = on_three_rows(columns) | lines;
            cand[band * 9 + d] = (BAND & !blocked & !filled[band]) | g;
        }
    }
    clash
}

/// [`open_to_givens`] for digits 0 to 7, four digits an instruction (SSE2).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn open_to_givens_sse2(givens: &[u32; 27], filled: &[u32; 3], cand: &mut [u32; 27]) -> bool {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi32, _mm_loadu_si128,
        _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi32, _mm_setzero_si128, _mm_slli_epi32,
        _mm_srli_epi32, _mm_storeu_si128, _mm_sub_epi32,
    };
    // SAFETY: SSE2 is part of x86-64; each load and store touches digits
    // `first` to `first + 3` (at most 7) of one band, inside the 27 words.
    unsafe {
        let zero = _mm_setzero_si128();
        let one = _mm_set1_epi32(1);
        let mut twice = zero;
        for first in [0, 4] {
            let g = [0, 1, 2].map(|band| {
                _mm_loadu_si128(givens.as_ptr().add(band * 9 + first).cast::<__m128i>())
            });
            let columns = g.map(|g| {
                let folded = _mm_or_si128(
                    _mm_or_si128(g, _mm_srli_epi32::<9>(g)),
                    _mm_srli_epi32::<18>(g),
                );
                _mm_and_si128(folded, _mm_set1_epi32(0x1FF))
            });
            // A column with givens in two bands (in one band they share a box).
            let either = _mm_or_si128(columns[0], columns[1]);
            twice = _mm_or_si128(twice, _mm_and_si128(columns[0], columns[1]));
            twice = _mm_or_si128(twice, _mm_and_si128(columns[2], either));
            let all = _mm_or_si128(either, columns[2]);
            let seen_by_columns = _mm_or_si128(
                _mm_or_si128(all, _mm_slli_epi32::<9>(all)),
                _mm_slli_epi32::<18>(all),
            );
            for band in 0..3 {
                let mut seen = seen_by_columns;
                for line in [
                    0x1FF,
                    0x1FF << 9,
                    0x1FF << 18,
                    0o7007007,
                    0o70070070,
                    0o700700700,
                ] {
                    let line = _mm_set1_epi32(line);
                    let here = _mm_and_si128(g[band], line);
                    // The line is seen when it holds a given; two givens in it
                    // leave bits in `here & (here - 1)`.
                    seen = _mm_or_si128(seen, _mm_andnot_si128(_mm_cmpeq_epi32(here, zero), line));
                    twice = _mm_or_si128(twice, _mm_and_si128(here, _mm_sub_epi32(here, one)));
                }
                let open = _mm_andnot_si128(
                    _mm_or_si128(seen, _mm_set1_epi32(filled[band] as i32)),
                    _mm_set1_epi32(BAND as i32),
                );
                _mm_storeu_si128(
                    cand.as_mut_ptr().add(band * 9 + first).cast::<__m128i>(),
                    _mm_or_si128(open, g[band]),
                );
            }
        }
        _mm_movemask_epi8(_mm_cmpeq_epi32(twice, zero)) != 0xFFFF
    }
}

/// A dead end: some cell, row, column or box has no place left.
struct Dead;

/// The whole search state. `Copy`, so a guess is a copy on the stack.
#[derive(Clone, Copy)]
struct Board {
    /// `cand[band * 9 + digit]`: the cells of the band where `digit + 1` may
    /// still go, its placed cells included. Band-major, so clearing a cell
    /// from every digit touches nine neighbouring words.
    cand: [u32; 27],
    /// Each word as the last update saw it: a word that differs has news.
    seen: [u32; 27],
    /// The empty cells of each band.
    empty: [u32; 3],
}

impl Board {
    /// The board of `grid`, or `None` when two givens clash. Each word is
    /// built whole from the digit's givens (their rows, columns and boxes
    /// taken away), not by placing the givens one at a time.
    #[inline(always)]
    fn new(grid: &Grid) -> Option<Self> {
        let givens = digit_words(grid.digits());
        let filled = filled_cells(&givens);
        let mut board = Self {
            cand: [0; 27],
            seen: [0; 27],
            empty: filled.map(|cells| BAND & !cells),
        };
        // Whether two givens clash, found on the way without a branch;
        // digits 0-7 four at a time where SSE2 is (every x86-64).
        #[cfg(target_arch = "x86_64")]
        let clash = open_to_givens_sse2(&givens, &filled, &mut board.cand)
            | open_to_givens(&givens, &filled, &mut board.cand, 8..9);
        #[cfg(not(target_arch = "x86_64"))]
        let clash = open_to_givens(&givens, &filled, &mut board.cand, 0..9);
        (!clash).then_some(board)
    }

    /// Writes digit `d + 1` in the `cells` of `band` (no two of them in one
    /// row or box): the cells leave every other digit's word, their rows,
    /// boxes and columns leave `d`'s.
    #[inline(always)]
    fn place(&mut self, d: usize, band: usize, cells: u32) {
        self.empty[band] &= !cells;
        let words = &mut self.cand[band * 9..band * 9 + 9];
        let own = words[d];
        for word in words.iter_mut() {
            *word &= !cells;
        }
        words[d] = (own & !rows_and_boxes(cells).0) | cells;
        let columns = on_three_rows(columns_of(cells));
        for other in OTHER_WORDS[band * 9 + d] {
            self.cand[usize::from(other)] &= !columns;
        }
    }

    /// The words changed since their last update, one bit each.
    #[inline(always)]
    fn changed(&self) -> u32 {
        let mut mask = 0;
        for k in 0..27 {
            mask |= ((self.cand[k] != self.seen[k]) as u32) << k;
        }
        mask
    }

    /// Applies the band rules to word `k` (band `k / 9`, digit `k % 9`),
    /// placing its hidden singles.
    #[inline(always)]
    fn update(&mut self, k: usize) -> Result<u32, Dead> {
        let band = k / 9;
        let mut a = self.cand[k];
        let empty = self.empty[band];
        if a & empty == 0 {
            // Nothing left to decide: the digit must hold one cell a row.
            self.seen[k] = a;
            return if a.count_ones() == 3 {
                Ok(0)
            } else {
                Err(Dead)
            };
        }
        let (open, one_cell) = minirows(a);
        // Both looked up from `open` at once: no load waits for another.
        let (kept, forced) = (KEPT_CELLS[open], FORCED_CELLS[open]);
        if kept == 0 {
            return Err(Dead);
        }
        a &= kept;
        self.seen[k] = a;
        // A box confined to one column takes it from the other bands
        // (without a branch: whether one is, is hard to predict).
        let spread = LOCKED_CELLS[columns_of(a) as usize];
        let [k1, k2] = OTHER_WORDS[k].map(usize::from);
        let mut news = ((self.cand[k1] & spread != 0) as u32) << k1
            | ((self.cand[k2] & spread != 0) as u32) << k2;
        self.cand[k1] &= !spread;
        self.cand[k2] &= !spread;
        // Hidden singles: a row or a box of the band with one cell left is a
        // mini-row on every permutation (forced) with one cell left, found
        // for the three rows at once without a branch (counted before
        // `kept`, which keeps or drops whole mini-rows).
        let singles = a & ((one_cell & forced) * 0b111) & empty;
        // Writing them needs no branch (whether there are any is hard to
        // predict) and less than `place`: a forced mini-row is the only
        // one of its row and of its box on every permutation, so `kept`
        // has already taken their rows and boxes from `a`, and a single's
        // box confined to its column has taken the column from the other
        // bands. Left: the cells leave the other digits.
        if singles != 0 {
            self.empty[band] &= !singles;
            let hit = clear_in_band(&mut self.cand[band * 9..band * 9 + 9], singles);
            news |= (hit << (band * 9)) & !(1 << k);
        }
        // Stored last: the band's vector loads above would wait on a store
        // to one of their words still in flight (no store forwarding from a
        // narrower store), and word k's cleared copy is replaced anyway.
        self.cand[k] = a;
        Ok(news)
    }

    /// Cells of `bands` (one bit each) with one candidate are written; a
    /// cell with none is a dead end. Returns whether anything was written.
    #[inline(always)]
    fn naked_singles(&mut self, mut bands: u32) -> Result<bool, Dead> {
        let mut wrote = false;
        while bands != 0 {
            let band = bands.trailing_zeros() as usize;
            bands &= bands - 1;
            let words = &self.cand[band * 9..band * 9 + 9];
            let (mut one, mut two) = (0u32, 0u32);
            for &x in words {
                two |= one & x;
                one |= x;
            }
            let empty = self.empty[band];
            if empty & !one != 0 {
                return Err(Dead);
            }
            let singles = empty & !two;
            if singles == 0 {
                continue;
            }
            wrote = true;
            for d in 0..9 {
                let cells = singles & self.cand[band * 9 + d];
                if cells != 0 {
                    // Two singles of one digit in one row or box: a dead end.
                    if !rows_and_boxes(cells).1 {
                        return Err(Dead);
                    }
                    self.place(d, band, cells);
                }
            }
        }
        Ok(wrote)
    }

    /// Columns with one cell left for a digit of `digits` are written there; a
    /// column with none is a dead end. Returns whether anything was written.
    /// The columns of all nine digits are counted at once, before any is
    /// written: a count that a write makes stale can only be high, so a
    /// single it names that is still a candidate is one, and what it misses
    /// the next search finds (the rules' fixed point is the same in any
    /// order).
    #[inline(always)]
    fn column_singles(&mut self, mut digits: u32) -> Result<bool, Dead> {
        let (one, two) = column_counts(&self.cand);
        let mut wrote = false;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if one[d] != 0x1FF {
                return Err(Dead);
            }
            // A column whose one cell holds the digit already counts one
            // too: only those whose cell is empty have a single to write.
            let open = (self.cand[d] & self.empty[0])
                | (self.cand[9 + d] & self.empty[1])
                | (self.cand[18 + d] & self.empty[2]);
            let singles = on_three_rows(one[d] & !two[d] & columns_of(open));
            if singles == 0 {
                continue;
            }
            for band in 0..3 {
                let x = self.cand[band * 9 + d] & singles & self.empty[band];
                if x != 0 {
                    let (lines, apart) = rows_and_boxes(x);
                    let placed = self.cand[band * 9 + d] & !self.empty[band];
                    // Two in a row or a box, or the digit placed in one.
                    if !apart || lines & placed != 0 {
                        return Err(Dead);
                    }
                    self.place(d, band, x);
                    wrote = true;
                }
            }
        }
        Ok(wrote)
    }

    /// Every rule until none applies, or a dead end.
    #[inline(always)]
    fn propagate(&mut self) -> Result<(), Dead> {
        // Words changed since the last column search, and since the last
        // naked-singles search (a band none of whose words changed has no
        // new single: every word is news at the root).
        let (mut touched, mut fresh) = (0u32, BAND);
        let mut left = self.changed();
        loop {
            if left != 0 {
                touched |= left;
                fresh |= left;
                // What this pass's updates change is the next pass's work:
                // no comparison of the 27 words with their last update.
                let mut next = 0;
                while left != 0 {
                    let k = left.trailing_zeros() as usize;
                    left &= left - 1;
                    // A word still to come in this pass sees the change.
                    next |= self.update(k)? & !left;
                }
                left = next;
                continue;
            }
            if fresh != 0 {
                let bands = (fresh & 0x1FF != 0) as u32
                    | ((fresh >> 9 & 0x1FF != 0) as u32) << 1
                    | ((fresh >> 18 != 0) as u32) << 2;
                fresh = 0;
                if self.naked_singles(bands)? {
                    left = self.changed();
                    continue;
                }
            }
            if touched != 0 {
                let digits = (touched | touched >> 9 | touched >> 18) & 0x1FF;
                touched = 0;
                if self.column_singles(digits)? {
                    left = self.changed();
                    continue;
                }
            }
            return Ok(());
        }
    }

    #[inline(always)]
    fn solved(&self) -> bool {
        self.empty == [0; 3]
    }

    /// The cell to guess on, `(band, bit)`: one with two candidates if any
    /// (the one with the most empty peers), else one with the fewest.
    #[inline(always)]
    fn guess_cell(&self) -> (usize, usize) {
        // Among the two-candidate cells, the one with the most empty peers:
        // its guess reaches the most cells.
        // The best as one number, reach first, then band and cell: the
        // largest is the last cell of the most reach, found without a branch.
        let mut chosen = 0u32;
        for (band, &[o1, o2]) in OTHER_BANDS.iter().enumerate() {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for &x in &self.cand[band * 9..band * 9 + 9] {
                three |= two & x;
                two |= one & x;
                one |= x;
            }
            let empty = self.empty[band];
            // The other two bands' empty cells side by side: one count
            // for a column of both.
            let others = u64::from(self.empty[o1]) | u64::from(self.empty[o2]) << 32;
            let mut pairs = two & !three & empty;
            while pairs != 0 {
                let p = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let reach = (BAND_PEERS[p] & empty).count_ones()
                    + (others & COLUMN_IN_BOTH[p]).count_ones();
                chosen = chosen.max((reach + 1) << 16 | (band as u32) << 8 | p as u32);
            }
        }
        if chosen != 0 {
            return ((chosen >> 8 & 0xFF) as usize, (chosen & 0xFF) as usize);
        }
        let mut best = (u32::MAX, 0, 0);
        for band in 0..3 {
            let mut empty = self.empty[band];
            while empty != 0 {
                let p = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                let count = self.cand[band * 9..band * 9 + 9]
                    .iter()
                    .filter(|&&x| x & (1 << p) != 0)
                    .count() as u32;
                if count < best.0 {
                    best = (count, band, p);
                }
            }
        }
        (best.1, best.2)
    }

    /// The 81 digits of a solved board, without a loop over its cells: each
    /// bit of the digits (1 to 9) is a word of the cells that have it, and
    /// eight cells' bits become eight bytes in one look-up.
    #[inline(always)]
    fn cells(&self) -> [u8; CELLS] {
        // Room for the last band's eight-byte writes past cell 80.
        let mut padded = [0u8; CELLS + 7];
        for band in 0..3 {
            let w = &self.cand[band * 9..band * 9 + 9];
            let planes = [
                w[0] | w[2] | w[4] | w[6] | w[8],
                w[1] | w[2] | w[5] | w[6],
                w[3] | w[4] | w[5] | w[6],
                w[7] | w[8],
            ];
            for chunk in 0..4 {
                let mut bytes = 0u64;
                for (bit, plane) in planes.iter().enumerate() {
                    bytes |= BYTES_OF_BITS[(plane >> (chunk * 8)) as usize & 0xFF] << bit;
                }
                let at = band * 27 + chunk * 8;
                padded[at..at + 8].copy_from_slice(&bytes.to_le_bytes());
            }
        }
        let mut cells = [0u8; CELLS];
        cells.copy_from_slice(&padded[..CELLS]);
        cells
    }
}

/// Eight bits as eight bytes of 0 or 1, lowest bit in the lowest byte.
const BYTES_OF_BITS: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = spread_bits(b, 1, 8);
        b += 1;
    }
    table
};

/// What the walk found.
#[derive(Clone, Debug, Default)]
pub struct Walk {
    /// Nodes: calls of the recursive step, root included.
    pub nodes: u64,
    /// Solutions found, at most the limit.
    pub found: u64,
    /// The first solution's 81 digits.
    pub first: Option<[u8; CELLS]>,
}

/// Searches `grid` until `limit` solutions are found or the tree ends.
pub fn walk(grid: &Grid, limit: u64) -> Walk {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::native_bits() {
        // SAFETY: `native_bits` checked that the CPU has what `walk_native`
        // is compiled for.
        return unsafe { walk_native(grid, limit) };
    }
    walk_portable(grid, limit)
}

/// The board's setup and search, compiled once per target (the setup's bit
/// counts gain from `popcnt` too).
macro_rules! walker {
    ($name:ident, $visit:ident $(#[$attribute:meta])*) => {
        /// Sets up the board and searches it.
        $(#[$attribute])*
        fn $name(grid: &Grid, limit: u64) -> Walk {
            let mut walk = Walk::default();
            // `seen` starts at 0: every word is news to the first update.
            if let Some(mut board) = Board::new(grid) {
                $visit(&mut walk, &mut board, limit);
            }
            walk
        }
    };
}

walker!(walk_portable, visit_portable);
walker!(walk_native, visit_native
    /// # Safety
    /// The CPU must have what [`crate::cpu::native_bits`] checks.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
);

/// The search, as a function body compiled once per target: the portable
/// one, and one with `popcnt` and BMI (`tzcnt`, `blsr`), picked at run time.
/// Not AVX-512: comparing the 27 words in two vector loads right after
/// scalar stores to them stalls on store forwarding, and the scalar
/// comparison ran 3-6 % faster.
macro_rules! visitor {
    ($name:ident $(#[$attribute:meta])*) => {
        /// One node. Returns `true` when the search must stop.
        $(#[$attribute])*
        fn $name(walk: &mut Walk, board: &mut Board, limit: u64) -> bool {
            walk.nodes += 1;
            if board.propagate().is_err() {
                return false;
            }
            if board.solved() {
                walk.found += 1;
                walk.first.get_or_insert_with(|| board.cells());
                return walk.found >= limit;
            }
            let (band, p) = board.guess_cell();
            let mut left: u16 = 0;
            for d in 0..9 {
                if board.cand[band * 9 + d] & (1 << p) != 0 {
                    left |= 1 << d;
                }
            }
            while left != 0 {
                let d = left.trailing_zeros() as usize;
                left &= left - 1;
                if left == 0 {
                    // The last candidate needs no copy: it goes on in place.
                    board.place(d, band, 1 << p);
                    return $name(walk, board, limit);
                }
                let mut child = *board;
                child.place(d, band, 1 << p);
                if $name(walk, &mut child, limit) {
                    return true;
                }
            }
            false
        }
    };
}

visitor!(visit_portable);
visitor!(visit_native
    /// # Safety
    /// The CPU must have what [`crate::cpu::native_bits`] checks.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
);

#[cfg(test)]
mod tests {
    use super::*;
    use queens::sudoku::bank;

    /// The vector clear takes the cells from every word and names exactly
    /// the words that lost one.
    #[test]
    fn clearing_a_band_names_the_words_that_lost_a_cell() {
        let mut words = [0u32; 9];
        for (d, word) in words.iter_mut().enumerate() {
            *word = (0x5A5_A5A5 >> d) & BAND;
        }
        for cells in [0, 1, 1 << 26, 0b1011 << 7, BAND] {
            let mut cleared = words;
            let hit = clear_in_band(&mut cleared, cells);
            for d in 0..9 {
                assert_eq!(cleared[d], words[d] & !cells, "digit {d}, cells {cells:#x}");
                assert_eq!(
                    hit >> d & 1 == 1,
                    words[d] & cells != 0,
                    "digit {d}, cells {cells:#x}"
                );
            }
            assert_eq!(hit >> 9, 0);
        }
    }

    /// The multiply gathers the same open mini-rows, and the same mini-rows of
    /// one cell, as a cell-by-cell look.
    #[test]
    fn the_mini_rows_are_gathered_without_a_carry() {
        let mut rng = fastrand::Rng::with_seed(24);
        let words = (0..27).map(|bit| 1 << bit).chain([0, BAND]);
        for a in words.chain((0..100_000).map(|_| rng.u32(..) & BAND)) {
            let mut expected = 0;
            for row in 0..3 {
                for stack in 0..3 {
                    if a >> (row * 9 + stack * 3) & 0b111 != 0 {
                        expected |= 1 << (stack * 3 + row);
                    }
                }
            }
            let mut one_cell = 0;
            for minirow in 0..9 {
                if (a >> (minirow * 3) & 0b111).count_ones() == 1 {
                    one_cell |= 1 << (minirow * 3);
                }
            }
            assert_eq!(minirows(a), (expected, one_cell), "{a:#x}");
        }
    }

    /// The nine digits' columns counted together match a count a cell at a
    /// time.
    #[test]
    fn columns_are_counted_for_every_digit_at_once() {
        let mut rng = fastrand::Rng::with_seed(24);
        for _ in 0..10_000 {
            let mut cand = [0u32; 27];
            for word in &mut cand {
                // Sparse and dense words both.
                *word = rng.u32(..) & rng.u32(..) & BAND;
            }
            let (one, two) = column_counts(&cand);
            for d in 0..9 {
                for column in 0..9 {
                    let cells = (0..3)
                        .flat_map(|band| (0..3).map(move |row| (band, row)))
                        .filter(|&(band, row)| cand[band * 9 + d] >> (row * 9 + column) & 1 == 1)
                        .count();
                    assert_eq!(
                        one[d] >> column & 1 == 1,
                        cells >= 1,
                        "digit {d} column {column}"
                    );
                    assert_eq!(
                        two[d] >> column & 1 == 1,
                        cells >= 2,
                        "digit {d} column {column}"
                    );
                }
                assert_eq!((one[d] | two[d]) >> 9, 0);
            }
        }
    }

    /// The vector setup builds the words the digit-by-digit one does, and
    /// finds the same clashes (rows, boxes, columns) as the checked parse.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_vector_setup_agrees_with_the_digit_by_digit_one() {
        let mut rng = fastrand::Rng::with_seed(24);
        let mut clashes = 0;
        for round in 0..20_000 {
            let mut digits = [0u8; CELLS];
            for _ in 0..rng.usize(1..=12 + round % 30) {
                digits[rng.usize(..CELLS)] = rng.u8(1..=9);
            }
            let grid = Grid::from_cells(digits);
            let givens = digit_words(grid.digits());
            let filled = filled_cells(&givens);
            let (mut vector, mut scalar) = ([0u32; 27], [0u32; 27]);
            let clash = open_to_givens_sse2(&givens, &filled, &mut vector)
                | open_to_givens(&givens, &filled, &mut vector, 8..9);
            let expected = open_to_givens(&givens, &filled, &mut scalar, 0..9);
            assert_eq!(vector, scalar, "{grid}");
            assert_eq!(clash, expected, "{grid}");
            let text: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            assert_eq!(clash, Grid::parse(&text).is_err(), "{grid}");
            clashes += usize::from(clash);
        }
        // Both kinds of grid were met.
        assert!((1_000..19_000).contains(&clashes), "{clashes} clashes");
    }

    /// Both builds of the search walk the same tree (this machine may take
    /// only one of them through `walk`).
    #[test]
    fn the_portable_and_native_builds_agree() {
        for puzzle in bank::diabolical() {
            let board = Board::new(&puzzle.grid).expect("no clash");
            let mut portable = Walk::default();
            let mut copy = board;
            visit_portable(&mut portable, &mut copy, 2);
            let through = walk(&puzzle.grid, 2);
            assert_eq!(
                (portable.nodes, portable.found, portable.first),
                (through.nodes, through.found, through.first)
            );
            assert_eq!(portable.found, 1);
        }
    }
}
