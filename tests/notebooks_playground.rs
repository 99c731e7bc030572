//! Notebook 02's board, driven at random: whatever the reader types, the
//! three sets describe exactly the queens on the board, no two queens attack
//! each other, refused moves change nothing, and the free-cell counts match a
//! count done the slow way.

use proptest::prelude::*;
use queens::board::placement::conflicts;
use queens::display::Picture;
use queens::notebook::playground::Playground;
use queens::report::branching::available_per_row;
use queens::stores::sets::ConstraintSets;

#[derive(Clone, Debug)]
enum Move {
    Place(usize),
    Undo,
}

fn moves() -> impl Strategy<Value = Vec<Move>> {
    prop::collection::vec(
        prop_oneof![3 => (0usize..10).prop_map(Move::Place), 1 => Just(Move::Undo)],
        0..40,
    )
}

proptest! {
    #[test]
    fn the_board_stays_consistent(n in 1usize..=8, moves in moves()) {
        let mut board = Playground::new(n);
        for step in moves {
            let before = board.clone();
            let accepted = match step {
                Move::Place(col) => board.try_place(col).is_ok(),
                Move::Undo => board.try_undo().is_ok(),
            };
            if !accepted {
                prop_assert_eq!(board.queens(), before.queens());
                prop_assert_eq!(board.sets(), before.sets());
            }
            prop_assert_eq!(board.sets(), &ConstraintSets::from_placement(board.queens()));
            prop_assert!(conflicts(board.queens()).is_empty());
            prop_assert_eq!(board.available(), available_per_row(n, board.queens()));
            let dead = (board.queens().len()..n).any(|row| board.available()[row] == 0);
            prop_assert_eq!(board.is_dead_end(), dead);
            prop_assert_eq!(board.is_solved(), board.queens().len() == n);
            if let Some(row) = board.next_row() {
                prop_assert_eq!(board.free_columns().len(), board.available()[row]);
            }
        }
    }
}

#[test]
fn refusals_are_sentences_kept_on_the_board() {
    let mut board = Playground::new(4);
    board.place(1).place(1);
    assert_eq!(board.queens(), [1]);
    assert_eq!(
        board.note(),
        "refused: (1, 1) is attacked by the column: choose another column"
    );
    board.place(7);
    assert!(board.note().contains("column 7 is off the board"));
    board.undo().undo();
    assert_eq!(board.note(), "refused: there is no queen to take back");
    let picture = board.picture();
    assert!(
        picture
            .text()
            .contains("refused: there is no queen to take back")
    );
}

#[test]
fn a_hopeless_branch_is_seen_before_its_row_is_reached() {
    // Somewhere in the 7 x 7 search a placement leaves the next row some free
    // cells but a later row none; the board says so at once.
    let n = 7;
    let (mut hopeless, mut dead_ends) = (0, 0);
    for code in 0..n * n * n {
        let queens = [code / (n * n), code / n % n, code % n];
        let Ok(board) = Playground::from_queens(n, &queens) else {
            continue;
        };
        match board.dead_row() {
            Some(3) => {
                dead_ends += 1;
                assert!(board.note().contains("a dead end"), "{}", board.note());
            }
            Some(_) => {
                hopeless += 1;
                assert!(board.available()[3] > 0);
                assert!(
                    board.note().contains("this branch is hopeless"),
                    "{}",
                    board.note()
                );
            }
            None => assert!(!board.is_dead_end()),
        }
    }
    assert!(hopeless > 0, "{hopeless} hopeless, {dead_ends} dead ends");
}
