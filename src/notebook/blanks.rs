//! Notebook 03's checks of the three blanks, one call each: the cell shows the
//! student's code (a prune check asked about four cells, two inserts, an
//! insert undone), the library holds the cells asked about, the expected
//! values (its own [`ConstraintSets`]) and the hints.
//!
//! ```
//! use queens::notebook::blanks;
//! use queens::notebook::feedback::State;
//! use queens::stores::sets::ConstraintSets;
//! let sets = ConstraintSets::from_placement(&[1]);
//! assert_eq!(blanks::prune_check(|row, col| sets.is_attacked(row, col)).state, State::Done);
//! let blind = blanks::prune_check(|_, col| col == 1);
//! assert_eq!(blind.state, State::Wrong);
//! assert!(!blind.to_string().contains("true, true, true"), "{blind}");
//! ```

use std::collections::{BTreeSet, HashSet};

use crate::notebook::feedback::BlankCheck;
use crate::stores::sets::ConstraintSets;

/// The handout's three sets as its fields hold them: columns, main diagonals
/// (`row - col`), anti-diagonals (`row + col`).
pub type Sets = (HashSet<usize>, HashSet<isize>, HashSet<usize>);

/// The three sets sorted, so that a wrong answer prints in a stable order.
type Sorted = (BTreeSet<usize>, BTreeSet<isize>, BTreeSet<usize>);

/// The queen of blank 1's check, `(0, QUEEN)`, and the cells asked about:
/// her column, her main diagonal, her anti-diagonal, and a free cell.
pub const QUEEN: usize = 1;
/// The cells blank 1's check asks about, in order.
pub const ASKED: [(usize, usize); 4] = [(2, 1), (1, 2), (1, 0), (1, 3)];

/// Blank 1: `is_attacked` asked about [`ASKED`] with one queen on
/// `(0, `[`QUEEN`]`)` written straight into the sets (so it needs no
/// blank 2). The expected answers are the library's.
pub fn prune_check(is_attacked: impl Fn(usize, usize) -> bool) -> BlankCheck {
    let sets = ConstraintSets::from_placement(&[QUEEN]);
    let expected = ASKED.map(|(row, col)| sets.is_attacked(row, col));
    BlankCheck::run(1, "prune check", expected, || {
        ASKED.map(|(row, col)| is_attacked(row, col))
    })
    .hint(
        "the answers are for (2, 1), (1, 2), (1, 0), (1, 3) in that order; a cell is attacked \
         when ANY of its three keys is in its set.",
    )
}

/// Blank 2: the sets after `insert(0, 1)` and `insert(1, 3)`, which `code`
/// returns, against the library's sets of the same two queens.
pub fn insert(code: impl FnOnce() -> Sets) -> BlankCheck {
    BlankCheck::run(2, "insert", expected(&[1, 3]), || sorted(code())).hint(
        "one insert per set, with the keys the prune check looks up: col, row - col (signed), \
         row + col.",
    )
}

/// Blank 3: the sets after `insert(0, 1)`, `insert(1, 3)` and `delete(1, 3)`,
/// which `code` returns, against the library's sets of the first queen
/// alone. It waits for blank 2: without a working insert there is nothing
/// to take back.
pub fn delete(blank_2: &BlankCheck, code: impl FnOnce() -> Sets) -> BlankCheck {
    BlankCheck::run(3, "delete", expected(&[1]), || sorted(code()))
        .hint("remove exactly the three keys insert added for (1, 3), and nothing else.")
        .after(blank_2, "it takes back what insert added")
}

/// The library's three sets for a queen per row on `queens`, sorted.
fn expected(queens: &[usize]) -> Sorted {
    let sets = ConstraintSets::from_placement(queens);
    (sets.columns(), sets.diagonals(), sets.anti_diagonals())
}

fn sorted((columns, diagonals, anti_diagonals): Sets) -> Sorted {
    (
        columns.into_iter().collect(),
        diagonals.into_iter().collect(),
        anti_diagonals.into_iter().collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notebook::feedback::State;

    fn sets_of(queens: &[(usize, usize)]) -> Sets {
        let columns = queens.iter().map(|&(_, c)| c).collect();
        let diagonals = queens
            .iter()
            .map(|&(r, c)| r as isize - c as isize)
            .collect();
        let anti = queens.iter().map(|&(r, c)| r + c).collect();
        (columns, diagonals, anti)
    }

    #[test]
    fn right_blanks_are_done_and_wrong_ones_never_show_the_expected_sets() {
        let two = insert(|| sets_of(&[(0, 1), (1, 3)]));
        assert_eq!(two.state, State::Done, "{two}");
        assert_eq!(delete(&two, || sets_of(&[(0, 1)])).state, State::Done);
        // Row + col stored as the diagonal too: wrong, and the right sets stay hidden.
        let swapped = insert(|| {
            let (c, _, a) = sets_of(&[(0, 1), (1, 3)]);
            (c, [1, 4].into_iter().collect(), a)
        });
        assert_eq!(swapped.state, State::Wrong);
        assert!(!swapped.to_string().contains("-2"), "{swapped}");
        assert!(swapped.to_string().contains("Hint:"), "{swapped}");
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
