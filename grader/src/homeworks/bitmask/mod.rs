//! Homework 3, the bitmask solver: the student writes the search's row
//! (`exercises/src/bitmask.rs`): the free columns of a row as one mask, the
//! choice of the lowest free bit and the recursive call one row down, and
//! the next free column. Graded one blank at a time, then end to end.
//!
//! The table below names each graded test once, with its rule and its
//! questions; [`questions`](mod@questions): how the test process puts them
//! to the student's code (the [`Blanks`] its test target implements); the
//! reference's answers are `answers.json`; [`explain`]: why an answer
//! differs.

pub mod explain;
pub mod questions;

use queens::fast::bitmask::full_mask;
use queens::notebook::masks::{Row, knuth_tree};

pub use questions::{Answer, Blanks, Explored, Look, Masks, NodeView, Question, Recorded};

crate::homework! {
    name: "bitmask",
    title: "Bitmasks: the free columns of a row, the recursive call and the next column, on three machine words",
    order: 3,
    next: "your bitmask solver timed against your sets solver",
    explain: explain::explain,
}

/// The rows of Knuth's 6 × 6 tree that are not a full board.
fn six_queens_rows() -> impl Iterator<Item = Row> {
    knuth_tree(6).into_iter().filter(|row| row.row() < 6)
}

/// A queen on the free columns of a few rows by hand (8 × 8) and of every
/// node of the 6 × 6 tree, `look` at the call; the diagonals' tests offer
/// one column, so that a wrong choice of column costs only its own test.
fn choices(look: Look) -> Vec<Question> {
    let by_hand = [
        (0xff, [0; 3]),
        (0x80, [0; 3]),
        (0x24, [1, 2, 0]),
        (0xc0, [0x12, 0x28, 5]),
    ];
    let tree = six_queens_rows().map(|row| (6, row.free().bits, [row.cols, row.diags, row.anti]));
    let rows = by_hand
        .map(|(free, masks)| (8, free, masks))
        .into_iter()
        .chain(tree);
    let offered = |free: u32| match look {
        Look::Diags | Look::Anti => free & free.wrapping_neg(),
        Look::Once | Look::Lowest => free,
    };
    let rows = rows.filter(|&(_, free, _)| free != 0);
    rows.map(|(n, free, masks)| Question::Choose(n, offered(free), masks, look))
        .collect()
}

/// Free masks of an 8 × 8 row, each with every bit the loop takes from it
/// in turn, lowest first.
fn tried_bits() -> impl Iterator<Item = (u32, u32)> {
    [0xff_u32, 0b1010_0101, 0x80, 1, 0b0110_1100]
        .into_iter()
        .flat_map(|free| {
            let bits = (0..8).map(|c| 1 << c).filter(move |bit| free & bit != 0);
            bits.map(move |bit: u32| (free & !(bit - 1), bit))
        })
}

crate::graded_tests! {
    question: Question;
    blank_1_free_columns {
        an_empty_row_is_all_free:
            "with no queen placed, every column of the board is free (n = 1 to 12, 31 and 32)"
            => (1..=12).chain([31, 32]).map(|n| Question::Free(n, [0; 3])).collect(),
        taken_columns_are_not_free: "a column in cols is not free; every other column is"
            => (0..8).map(|c| 1 << c).chain([0b1010_0101, 0x7e, 0xff])
                .map(|cols| Question::Free(8, [cols, 0, 0])).collect(),
        attacked_diagonals_are_not_free:
            "a column in diags or in anti is not free; every other column is"
            => (0..8).flat_map(|c| [[0, 1 << c, 0], [0, 0, 1 << c]])
                .chain([[0, 0b110, 0b110_0000], [0b1000, 0b101_0000, 0b101]])
                .map(|masks| Question::Free(8, masks)).collect(),
        bits_past_the_board_are_never_free:
            "the free mask holds only the board's n bits, whatever the masks hold past them"
            => (4..=8).flat_map(|n| {
                let masks = [[0, 1 << n, 0], [0, full_mask(n) << 1, 0], [0, 1 << n | 1, 0], [1, 0, 0]];
                masks.map(|masks| Question::Free(n, masks))
            }).collect(),
        every_node_of_the_six_queens_tree:
            "at every node of Knuth's 6 x 6 tree, the free columns are those no mask holds"
            => six_queens_rows().map(|row| Question::Below(6, row.queens)).collect(),
    }
    blank_2_choose_and_recurse {
        recurses_exactly_once:
            "choose_and_recurse goes one row down exactly once: one call of place"
            => choices(Look::Once),
        takes_the_lowest_free_bit:
            "it places the lowest free bit, returns it, and keeps its column taken one row down"
            => choices(Look::Lowest),
        the_diagonals_move_one_column_right:
            "one row down, every main diagonal it passes, the queen's too, is one column further right"
            => choices(Look::Diags),
        the_anti_diagonals_move_one_column_left:
            "one row down, every anti-diagonal it passes, the queen's too, is one column further left"
            => choices(Look::Anti),
    }
    blank_3_next_free {
        clears_the_tried_column: "next_free(free, bit) no longer holds bit"
            => tried_bits().map(|(free, bit)| Question::Clears(free, bit)).collect(),
        keeps_the_other_free_columns: "next_free(free, bit) keeps every other bit of free"
            => tried_bits().map(|(free, bit)| Question::Keeps(free, bit)).collect(),
        the_loop_tries_every_free_column_once:
            "taking the lowest bit and next_free until nothing is left tries each free column once, left to right"
            => [0xff, 0b1010_0101, 0b0100_0010, 0x80, 0].map(Question::Drain).into(),
    }
    end_to_end {
        the_search_walks_knuth_s_tree_node_by_node:
            "for n = 4 to 6 your search enters the nodes of Knuth's tree, in order, with the same masks and free columns"
            => (4..=6).map(Question::Walk).collect(),
        solutions_match_the_reference_for_n_1_to_12:
            "your search counts the published number of solutions (OEIS A000170) for n = 1 to 12"
            => (1..=12).map(Question::Solutions).collect(),
        nodes_match_knuth_for_n_1_to_12:
            "your search enters as many nodes as Knuth's tree has (OEIS A319283) for n = 1 to 12"
            => (1..=12).map(Question::Nodes).collect(),
        count_solutions_returns_the_counts:
            "count_solutions(n) returns the solutions and nodes of n = 1 to 8"
            // The search with a budget first: count_solutions has none.
            => (1..=8).flat_map(|n| [Question::Nodes(n), Question::Count(n)]).collect(),
    }
}
