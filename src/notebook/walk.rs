//! Why a bitmask search goes wrong, in the student's terms, for the grader
//! and notebook 09 alike: a row's free columns against the right ones
//! ([`free_columns`]), and the first node where a recorded search leaves
//! Knuth's tree ([`departure`]), with the blank most likely at fault and the
//! board where it happens. A sentence says what is wrong and where, never
//! the code that would be right (the hints give that, a step at a time).
//!
//! ```
//! use queens::notebook::walk::{departure, recorded};
//! use queens::notebook::masks::knuth_tree;
//! let tree = recorded(4, &knuth_tree(4));
//! let said = departure(4, &tree, &tree[..5]);
//! assert!(said.text.contains("blank 3"), "{said}");
//! ```

use std::fmt;

use crate::fast::bitmask::full_mask;
use crate::notebook::masks::{Mask, Row, knuth_tree};
use crate::notebook::table::thousands;

/// One node of a recorded bitmask search: its row (the queens above it), its
/// masks `[cols, diags, anti]` as the search received them, and the free
/// columns found there (`None` at a full board: a solution).
pub type Node = (usize, [u32; 3], Option<u32>);

/// What is wrong, the masks to look at, and the board where it happens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// What is wrong and where, naming the blank to look at.
    pub text: String,
    /// The masks to look at, each with its label, in order.
    pub masks: Vec<(String, Mask)>,
    /// The board where it happens, if there is one.
    pub board: Option<Below>,
}

/// A board with queens on its first rows and the next row's free columns
/// marked, one row noted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Below {
    /// The board's size.
    pub n: usize,
    /// `queens[row]` is the column of the queen on `row`.
    pub queens: Vec<usize>,
    /// The next row's free columns (marked `o`).
    pub free: u32,
    /// A note on one row: `(row, note)`; else the free row says what `o` is.
    pub note: Option<(usize, String)>,
}

impl Below {
    /// The board row by row: a character per cell (`Q` a queen, `o` a free
    /// column of the next row, `.` empty) and the row's note (may be empty).
    pub fn rows(&self) -> Vec<(Vec<char>, String)> {
        let next = self.queens.len();
        let cell = |row: usize, col: usize| match self.queens.get(row) {
            Some(&queen) if queen == col => 'Q',
            None if row == next && self.free >> col & 1 == 1 => 'o',
            _ => '.',
        };
        let note = |row: usize| match &self.note {
            Some((at, note)) if *at == row => note.clone(),
            _ if row == next && self.free != 0 => "<- free columns: o".to_owned(),
            _ => String::new(),
        };
        (0..self.n)
            .map(|row| ((0..self.n).map(|col| cell(row, col)).collect(), note(row)))
            .collect()
    }
}

impl fmt::Display for Said {
    /// The sentence, the masks as bit strings, then the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.text)?;
        for (label, mask) in &self.masks {
            write!(f, "\n    {label}: {mask:?}")?;
        }
        for (cells, note) in self.board.iter().flat_map(Below::rows) {
            let cells: Vec<String> = cells.iter().map(char::to_string).collect();
            write!(f, "\n    {}", cells.join(" "))?;
            if !note.is_empty() {
                write!(f, "   {note}")?;
            }
        }
        Ok(())
    }
}

impl Said {
    /// Shows it in Jupyter, as text.
    pub fn evcxr_display(&self) {
        println!("{self}");
    }
}

/// What every blank could get wrong when the search explores too much.
pub const TOO_MUCH: &str = "does free_columns leave out every attacked column and keep only \
the board's bits? Does choose_and_recurse keep the queen's column taken one row down? Does \
next_free clear the column just tried?";

/// `a 6 × 6 board`, `an 8 × 8 board`.
pub fn a_board(n: usize) -> String {
    let article = if [8, 11, 18].contains(&n) { "an" } else { "a" };
    format!("{article} {n} × {n} board")
}

/// A row's three masks labelled, and its free columns when given.
pub fn row_masks(n: usize, masks: [u32; 3], free: Option<u32>) -> Vec<(String, Mask)> {
    let named = ["cols", "diags", "anti"].into_iter().zip(masks);
    let free = free.map(|free| ("free", free));
    (named.chain(free))
        .map(|(label, bits)| (label.to_owned(), Mask { n, bits }))
        .collect()
}

/// Why a row's free columns (`mine`) differ from the right ones (`free`),
/// its masks `[cols, diags, anti]` beside them.
pub fn free_columns(n: usize, masks: [u32; 3], free: u32, mine: u32) -> Said {
    let why = if mine & !full_mask(n) != 0 {
        "bits past the board's edge are set: flipping a u32 flips all 32 of its bits, not only \
         the board's"
    } else if mine & (masks[0] | masks[1] | masks[2]) != 0 {
        "an attacked column is called free: a column is attacked when ANY of the three masks \
         holds it"
    } else {
        "a column no mask holds is missing"
    };
    let mut shown = row_masks(n, masks, None);
    shown.push(("free columns".to_owned(), Mask { n, bits: free }));
    shown.push(("yours".to_owned(), Mask { n, bits: mine }));
    Said {
        text: format!(
            "on {}, the free columns are the board's columns that no mask holds; {why}",
            a_board(n)
        ),
        masks: shown,
        board: None,
    }
}

/// A recorded walk of Knuth's tree as [`Node`]s: the reference's nodes,
/// which a student's are held to.
pub fn recorded(n: usize, tree: &[Row]) -> Vec<Node> {
    (tree.iter())
        .map(|row| match row.row() < n {
            true => (
                row.row(),
                [row.cols, row.diags, row.anti],
                Some(row.free().bits),
            ),
            false => (n, [row.cols, 0, 0], None),
        })
        .collect()
}

/// The queens above node `index`, row by row, from the columns masks on the
/// path down to it.
fn queens_above(nodes: &[Node], index: usize) -> Vec<usize> {
    let mut path = vec![0];
    for &(row, [cols, ..], _) in &nodes[..=index] {
        path.truncate(row + 1);
        path.push(cols);
    }
    let added = path[1..].windows(2).map(|pair| pair[1] & !pair[0]);
    added.map(|bit| bit.trailing_zeros() as usize).collect()
}

/// The first node where a recorded search (`seen`) leaves Knuth's tree
/// (`tree`, the reference's nodes) on the `n × n` board: what it did there,
/// the blank most likely at fault, and the board where it happens. Two
/// walks that do not part are a search stopped by its budget.
pub fn departure(n: usize, tree: &[Node], seen: &[Node]) -> Said {
    let say = |text: String| Said {
        text: format!("for n = {n}, {text}"),
        masks: Vec::new(),
        board: None,
    };
    let Some(k) = (0..tree.len().max(seen.len())).find(|&k| tree.get(k) != seen.get(k)) else {
        return say(format!("your search went past its budget: {TOO_MUCH}"));
    };
    let at = |j: usize, note: Option<(usize, &str)>| Below {
        n,
        queens: queens_above(tree, j),
        free: tree[j].2.unwrap_or(0),
        note: note.map(|(row, note)| (row, note.to_owned())),
    };
    let Some(&(level, masks, free)) = tree.get(k) else {
        return say(format!(
            "your search goes on after Knuth's tree ends ({} nodes), in row {}: a column tried \
             twice? Blank 3 must clear the column just tried; blank 2 goes down once a call.",
            thousands(tree.len() as u64),
            seen[k].0
        ));
    };
    if let Some(&(.., mine)) = seen
        .get(k)
        .filter(|node| (node.0, node.1) == (level, masks))
    {
        let why = free_columns(n, masks, free.unwrap_or(0), mine.unwrap_or(0));
        return Said {
            text: format!(
                "for n = {n}, node {} (row {level}), blank 1: {}",
                k + 1,
                why.text
            ),
            board: Some(at(k, None)),
            ..why
        };
    }
    let Some(p) = (0..k).rev().find(|&j| tree[j].0 + 1 == level) else {
        return say("the search starts at the root, row 0 with nothing taken".to_owned());
    };
    let (above, first) = (tree[p], p + 1 == k);
    let wanted = (masks[0] & !above.1[0]).trailing_zeros();
    let text = match seen.get(k) {
        None if first => format!(
            "your search stops at node {} (row {}): it never goes one row down from it, to \
             column {wanted} — blank 2: choose_and_recurse must call place",
            p + 1,
            above.0
        ),
        None => format!(
            "your search stops after {k} node{}; Knuth's tree goes on to column {wanted} of row \
             {} — blank 3: does next_free clear more than the column just tried?",
            if k == 1 { "" } else { "s" },
            above.0
        ),
        Some(&(found, ..)) if found != level => format!(
            "node {} is a queen on column {wanted} of row {}; yours is in row {found} — {}",
            k + 1,
            above.0,
            match (found < level, first) {
                (true, true) => "blank 2: choose_and_recurse must call place",
                (true, false) => "blank 3: does next_free clear more than the column tried?",
                (false, _) => "blank 2: a call of choose_and_recurse goes down one row, once",
            }
        ),
        Some(&(_, mine, _)) => {
            let placed = mine[0] & !above.1[0];
            if placed.count_ones() != 1 || placed.trailing_zeros() == wanted {
                let yours = ["your cols", "your diags", "your anti"]
                    .into_iter()
                    .zip(mine);
                let mut shown = row_masks(n, masks, None);
                shown.extend(yours.map(|(label, bits)| (label.to_owned(), Mask { n, bits })));
                return Said {
                    masks: shown,
                    board: Some(at(k, Some((above.0, "<- this queen")))),
                    ..say(format!(
                        "node {} (row {level}): below a queen on column {wanted} of row {}, \
                         your search passed other masks — blank 2: one row down her column \
                         stays taken, a main diagonal moves one column right and an \
                         anti-diagonal one column left",
                        k + 1,
                        above.0
                    ))
                };
            }
            let placed = placed.trailing_zeros();
            if first {
                format!(
                    "in row {} the first queen goes on the lowest free column, {wanted}; yours \
                     went on {placed} — blank 2: choose_and_recurse",
                    above.0
                )
            } else {
                let before = (p + 1..k).rev().find(|&j| tree[j].0 == level);
                let before = before.map_or(0, |j| (tree[j].1[0] & !above.1[0]).trailing_zeros());
                let (again, twice) = match placed == before {
                    true => (" again", " (or blank 2 goes down twice)"),
                    false => ("", ""),
                };
                format!(
                    "in row {}, after column {before}, the next queen goes on column {wanted}; \
                     yours went on {placed}{again} — blank 3: next_free must clear exactly the \
                     column just tried{twice}",
                    above.0
                )
            }
        }
    };
    Said {
        board: Some(at(p, None)),
        ..say(text)
    }
}

/// Where a student's recorded search of the `n × n` board (each node
/// `(row, cols, diags, anti, free)`) first leaves Knuth's tree, its masks cut
/// to the board as the tree's are and none looked at on a full board (which
/// has no row to fill). `None` when it walks the whole tree, node by node:
/// right counts alone cannot tell a search whose two diagonal masks move the
/// wrong way, since each then does the other's job.
pub fn leaves_knuth_s_tree(
    n: usize,
    nodes: impl IntoIterator<Item = (usize, u32, u32, u32, Option<u32>)>,
) -> Option<Said> {
    let tree = recorded(n, &knuth_tree(n));
    let full = full_mask(n);
    let seen: Vec<Node> = (nodes.into_iter())
        .map(|(row, cols, diags, anti, free)| match row < n {
            true => (row, [cols, diags & full, anti & full], free),
            false => (row, [cols, 0, 0], None),
        })
        .collect();
    (seen != tree).then(|| departure(n, &tree, &seen))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_first_difference_names_its_blank_and_no_code() {
        let right = recorded(4, &knuth_tree(4));
        let mut swapped = right.clone();
        swapped.iter_mut().for_each(|node| node.1.swap(1, 2));
        let mut too_free = right.clone();
        too_free[1].2 = Some(0b1111);
        for (seen, blank, says) in [
            (swapped, "blank 2", "a main diagonal moves one column right"),
            (too_free, "blank 1", "an attacked column is called free"),
            (right[..1].to_vec(), "blank 2", "never goes one row down"),
            (right[..5].to_vec(), "blank 3", "stops after 5 nodes"),
        ] {
            let said = departure(4, &right, &seen).to_string();
            assert!(said.contains(blank) && said.contains(says), "{said}");
            for code in ["<<", ">>", "wrapping_neg", "& full", "!bit", "self.place("] {
                assert!(!said.contains(code), "{said}");
            }
        }
        assert!(
            departure(4, &right, &right)
                .text
                .contains("past its budget")
        );
    }

    /// A search with its two shifts swapped: every count right, yet it
    /// leaves Knuth's tree, and blank 2 is named.
    #[test]
    fn swapped_shifts_keep_the_counts_but_leave_knuth_s_tree() {
        type Seen = (usize, u32, u32, u32, Option<u32>);
        fn swapped(row: usize, full: u32, masks: (u32, u32, u32), out: &mut Vec<Seen>) {
            let (cols, diags, anti) = masks;
            let mut free = !(cols | diags | anti) & full;
            out.push((row, cols, diags, anti, (cols != full).then_some(free)));
            while cols != full && free != 0 {
                let bit = free & free.wrapping_neg();
                let below = (cols | bit, (diags | bit) >> 1, (anti | bit) << 1);
                swapped(row + 1, full, below, out);
                free &= !bit;
            }
        }
        let tree = knuth_tree(6);
        let mut nodes = Vec::new();
        swapped(0, full_mask(6), (0, 0, 0), &mut nodes);
        assert_eq!(nodes.len(), tree.len(), "the same number of nodes");
        let full_boards = nodes.iter().filter(|node| node.0 == 6).count();
        let solutions = tree.iter().filter(|row| row.row() == 6).count();
        assert_eq!(full_boards, solutions, "the same solutions");
        let said = leaves_knuth_s_tree(6, nodes).expect("the tree left");
        assert!(said.text.contains("blank 2"), "{said}");
    }

    /// A student's nodes are held to the tree with their masks cut to the
    /// board: bits past its edge, and masks at a full board, do not count.
    #[test]
    fn a_walk_of_the_whole_tree_leaves_it_nowhere() {
        let n = 5;
        let nodes = knuth_tree(n).into_iter().map(|row| {
            let free = (row.row() < n).then(|| row.free().bits);
            (row.row(), row.cols, row.diags | 1 << 20, row.anti, free)
        });
        assert_eq!(leaves_knuth_s_tree(n, nodes.clone()), None);
        let stopped = nodes.take(7);
        let said = leaves_knuth_s_tree(n, stopped).expect("a stop");
        assert!(said.text.contains("your search stops"), "{said}");
    }

    #[test]
    fn the_board_marks_the_queens_and_the_free_columns() {
        let below = Below {
            n: 4,
            queens: vec![1],
            free: 0b1000,
            note: None,
        };
        let rows = below.rows();
        assert_eq!(rows[0], (vec!['.', 'Q', '.', '.'], String::new()));
        assert_eq!(
            rows[1],
            (vec!['.', '.', '.', 'o'], "<- free columns: o".to_owned())
        );
    }
}
