//! Placements (one column per row) and the JavaScript article's board strings.
//!
//! The solvers place one queen per row, so a placement is just the list of
//! columns, `queens[row] = col`. The JavaScript article prints it as rows of `.` and `Q`:
//! `[1, 3, 0, 2]` is `[".Q..", "...Q", "Q...", "..Q."]`.

use crate::board::coords::{Cell, attack_each_other};

/// A board as the JavaScript article's `solveNQueens` returns it: one string per row, `Q` for
/// a queen and `.` for an empty square.
pub type Board = Vec<String>;

/// The JavaScript article's board strings for `queens` on an `n × n` board (rows without a
/// queen yet are all dots).
///
/// ```
/// assert_eq!(queens::board::placement::board_rows(4, &[1, 3, 0, 2]),
///            [".Q..", "...Q", "Q...", "..Q."]);
/// ```
pub fn board_rows(n: usize, queens: &[usize]) -> Board {
    (0..n)
        .map(|row| {
            (0..n)
                .map(|col| {
                    if queens.get(row) == Some(&col) {
                        'Q'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect()
}

/// Reads board strings back into a placement; `None` unless every row is made
/// of `.` and `Q`, has the board's width and holds exactly one queen.
pub fn parse_board(rows: &[impl AsRef<str>]) -> Option<Vec<usize>> {
    let n = rows.len();
    rows.iter()
        .map(|row| {
            let row = row.as_ref();
            if row.len() != n || !row.bytes().all(|b| b == b'.' || b == b'Q') {
                return None;
            }
            let mut queens = row.bytes().enumerate().filter(|&(_, b)| b == b'Q');
            match (queens.next(), queens.next()) {
                (Some((col, _)), None) => Some(col),
                _ => None,
            }
        })
        .collect()
}

/// The pairs of queens that attack each other in `queens` (rows are distinct by
/// construction, so only columns and diagonals can clash).
pub fn conflicts(queens: &[usize]) -> Vec<(Cell, Cell)> {
    let cells: Vec<Cell> = queens
        .iter()
        .enumerate()
        .map(|(row, &col)| Cell::new(row, col))
        .collect();
    let mut clashes = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            if attack_each_other(a, b) {
                clashes.push((a, b));
            }
        }
    }
    clashes
}

/// Whether `queens` is a solution on an `n × n` board: `n` queens, every column
/// on the board, no two attacking.
pub fn is_solution(n: usize, queens: &[usize]) -> bool {
    // Allocation-free: brute force calls this at every one of its n^n leaves.
    let cell = |row: usize| Cell::new(row, queens[row]);
    queens.len() == n
        && queens.iter().all(|&col| col < n)
        && (0..n).all(|a| (a + 1..n).all(|b| !attack_each_other(cell(a), cell(b))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_round_trip_through_their_strings() {
        let queens = [1, 3, 0, 2];
        let rows = board_rows(4, &queens);
        assert_eq!(parse_board(&rows), Some(queens.to_vec()));
        assert!(is_solution(4, &queens));
    }

    #[test]
    fn malformed_boards_are_rejected() {
        assert_eq!(parse_board(&["Q.", "QQ"]), None);
        assert_eq!(parse_board(&["Q.", ".."]), None);
        assert_eq!(parse_board(&["Q.", ".x"]), None);
        assert_eq!(parse_board(&["Q..", ".Q"]), None);
    }

    #[test]
    fn clashes_are_found_on_every_line() {
        assert_eq!(conflicts(&[0, 0]).len(), 1); // column
        assert_eq!(conflicts(&[0, 1]).len(), 1); // diagonal
        assert_eq!(conflicts(&[1, 0]).len(), 1); // anti-diagonal
        assert!(conflicts(&[0, 2]).is_empty());
        assert!(!is_solution(3, &[0, 2]));
    }
}
