//! Notebook 08's checks of homework 2's three blanks, one call each: the cell
//! shows the student's code (a 5 written into the sets and five questions, two
//! digits inserted, a digit rubbed out), the library holds the questions, the
//! expected values (its own [`Units`]) and the hints, as
//! [`crate::notebook::blanks`] does for notebook 03.
//!
//! ```
//! use queens::sudoku::blanks::{self, Keys};
//! use queens::notebook::feedback::State;
//! let right = blanks::prune_check(|row, col, digit| {
//!     digit == 5 && (row == 0 || col == 7 || queens::sudoku::box_of(row, col) == 2)
//! });
//! assert_eq!(right.state, State::Done);
//! let rows_only = blanks::prune_check(|row, _, digit| row == 0 && digit == 5);
//! assert_eq!(rows_only.state, State::Wrong);
//! assert!(!rows_only.to_string().contains("true, true, true"), "{rows_only}");
//! ```

use std::collections::{BTreeSet, HashSet};

use crate::board::coords::Cell;
use crate::notebook::feedback::BlankCheck;
use crate::sudoku::{Digits, Units};

/// One of the handout's three sets: `(index, digit)` keys, the index a row's,
/// a column's or a box's.
pub type Keys = HashSet<(usize, u8)>;

/// The handout's three sets as its fields hold them: rows, columns, boxes.
pub type Sets = (Keys, Keys, Keys);

/// The three sets sorted, so that a wrong answer prints in a stable order.
type Sorted = (
    BTreeSet<(usize, u8)>,
    BTreeSet<(usize, u8)>,
    BTreeSet<(usize, u8)>,
);

/// The digit blank 1's check writes straight into the sets, and its cell:
/// a 5 on `(0, 7)`, in box 2.
pub const WRITTEN: (usize, usize, u8) = (0, 7, 5);

/// The questions of blank 1's check, in order, as `(row, col, digit)`: the
/// same row, the same column, the same box but neither, far away, and
/// another digit in the same row.
pub const ASKED: [(usize, usize, u8); 5] = [(0, 2, 5), (6, 7, 5), (1, 6, 5), (4, 4, 5), (0, 2, 4)];

/// The two digits blank 2's check inserts, as `(row, col, digit)`.
pub const INSERTED: [(usize, usize, u8); 2] = [(0, 7, 5), (4, 4, 3)];

/// Blank 3's check: a 5 on `(0, 7)` stays, a 3 on `(0, 6)` (the same row and
/// the same box) is written and rubbed out again.
pub const RUBBED_OUT: (usize, usize, u8) = (0, 6, 3);

/// Blank 1: `is_taken` asked the [`ASKED`] questions with the digit
/// [`WRITTEN`] straight into the sets (so it needs no blank 2). The expected
/// answers are the library's.
pub fn prune_check(is_taken: impl Fn(usize, usize, u8) -> bool) -> BlankCheck {
    let units = units_of(&[WRITTEN]);
    let expected = ASKED.map(|(row, col, digit)| units.clash(Cell::new(row, col), digit).is_some());
    BlankCheck::run(1, "prune check", expected, || {
        ASKED.map(|(row, col, digit)| is_taken(row, col, digit))
    })
    .hint(
        "the answers are for the five questions in that order; a digit is taken when ANY of its \
         three keys is in its set, and a key holds the digit as well as the line.",
    )
    .hints_of("sudoku")
}

/// Blank 2: the sets after inserting the [`INSERTED`] digits, which `code`
/// returns, against the keys the library's sets hold for them.
pub fn insert(code: impl FnOnce() -> Sets) -> BlankCheck {
    BlankCheck::run(2, "insert", expected(&INSERTED), || sorted(code()))
        .hint(
            "one insert per set, with the keys the prune check looks up: (row, digit), (col, \
             digit), (box_of(row, col), digit).",
        )
        .hints_of("sudoku")
}

/// Blank 3: the sets after inserting [`WRITTEN`] and [`RUBBED_OUT`] and
/// deleting [`RUBBED_OUT`], which `code` returns, against the keys of the
/// 5 alone. It waits for blank 2: without a working insert there is nothing
/// to take back.
pub fn delete(blank_2: &BlankCheck, code: impl FnOnce() -> Sets) -> BlankCheck {
    BlankCheck::run(3, "delete", expected(&[WRITTEN]), || sorted(code()))
        .hint("remove exactly the three keys insert added for the 3 on (0, 6), and nothing else.")
        .hints_of("sudoku")
        .after(blank_2, "it takes back what insert added")
}

/// The library's units with `digits` written, each `(row, col, digit)`.
fn units_of(digits: &[(usize, usize, u8)]) -> Units {
    let mut units = Units::default();
    for &(row, col, digit) in digits {
        units.insert(Cell::new(row, col), digit);
    }
    units
}

/// The keys the library's units hold for `digits`, read back set by set:
/// `(index, digit)` for every digit each row, column and box holds.
fn expected(digits: &[(usize, usize, u8)]) -> Sorted {
    let units = units_of(digits);
    let keys = |sets: &[Digits; 9]| -> BTreeSet<(usize, u8)> {
        sets.iter()
            .enumerate()
            .flat_map(|(index, held)| held.iter().map(move |digit| (index, digit)))
            .collect()
    };
    (keys(&units.rows), keys(&units.columns), keys(&units.boxes))
}

fn sorted((rows, columns, boxes): Sets) -> Sorted {
    (
        rows.into_iter().collect(),
        columns.into_iter().collect(),
        boxes.into_iter().collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notebook::feedback::State;
    use crate::sudoku::box_of;

    /// The sets a right handout holds for `digits`.
    fn sets_of(digits: &[(usize, usize, u8)]) -> Sets {
        let rows = digits.iter().map(|&(r, _, d)| (r, d)).collect();
        let columns = digits.iter().map(|&(_, c, d)| (c, d)).collect();
        let boxes = digits.iter().map(|&(r, c, d)| (box_of(r, c), d)).collect();
        (rows, columns, boxes)
    }

    #[test]
    fn right_blanks_are_done_and_wrong_ones_never_show_the_expected_sets() {
        let two = insert(|| sets_of(&INSERTED));
        assert_eq!(two.state, State::Done, "{two}");
        assert_eq!(delete(&two, || sets_of(&[WRITTEN])).state, State::Done);
        // The box keyed by the column: wrong, and the right keys stay hidden.
        let by_column = insert(|| {
            let (rows, columns, _) = sets_of(&INSERTED);
            (rows, columns.clone(), columns)
        });
        assert_eq!(by_column.state, State::Wrong);
        assert!(!by_column.to_string().contains("(2, 5)"), "{by_column}");
        assert!(by_column.to_string().contains("Hint:"), "{by_column}");
        // A delete that leaves the 3's keys in.
        let kept = delete(&two, || sets_of(&[WRITTEN, RUBBED_OUT]));
        assert_eq!(kept.state, State::Wrong);
    }

    #[test]
    fn the_prune_check_expects_the_library_s_answers() {
        let right = prune_check(|row, col, digit| {
            let (r, c, d) = WRITTEN;
            digit == d && (row == r || col == c || box_of(row, col) == box_of(r, c))
        });
        assert_eq!(right.state, State::Done, "{right}");
        let no_boxes = prune_check(|row, col, digit| digit == 5 && (row == 0 || col == 7));
        assert_eq!(no_boxes.state, State::Wrong, "{no_boxes}");
    }

    #[test]
    fn delete_waits_for_insert() {
        let unwritten = insert(|| todo!("blank 2 — insert: add the keys"));
        assert_eq!(unwritten.state, State::NotYet);
        let three = delete(&unwritten, || todo!("blank 2 — insert: add the keys"));
        assert_eq!(three.state, State::NotYet);
        assert!(
            three.to_string().contains("once blank 2 is done"),
            "{three}"
        );
    }
}
