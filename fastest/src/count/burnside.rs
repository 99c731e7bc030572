//! Fundamental solutions from a plain count, by Burnside's lemma.
//!
//! A counter that weighs its boards by class size (the constellations) knows
//! how many solutions there are, not how many classes. Burnside's lemma gives
//! the classes: their number is the average, over the 8 symmetries of the
//! square, of the solutions each one leaves unchanged. For `n >= 2` the four
//! reflections fix none (see [`queens::fast::symmetry`]), the quarter turns fix
//! the same boards, and those are among the boards the half turn fixes:
//!
//! `classes = (solutions + fixed by the half turn + 2 × fixed by a quarter turn) / 8`
//!
//! The boards a rotation fixes are found by a search that places a queen
//! together with its images, so it walks a tree of about the square root of
//! the full one (milliseconds at n = 18).

/// The classes of solutions (OEIS A002562) of an `n × n` board with
/// `solutions` solutions in all (OEIS A000170). `n` from 2 to 32.
///
/// ```
/// use queens_fastest::count::burnside;
/// assert_eq!(burnside::fundamental(8, 92), 12);
/// ```
///
/// # Panics
/// If `n < 2` (one queen is also its own reflection) or `n > 32`.
pub fn fundamental(n: usize, solutions: u64) -> u64 {
    assert!(
        (2..=32).contains(&n),
        "Burnside's count here needs 2 <= n <= 32"
    );
    let half = fixed(n, Turn::Half);
    let quarter = fixed(n, Turn::Quarter);
    (solutions + half + 2 * quarter) / 8
}

/// The rotations whose fixed boards are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Half a turn: `(row, col) -> (n - 1 - row, n - 1 - col)`.
    Half,
    /// A quarter turn: `(row, col) -> (col, n - 1 - row)`.
    Quarter,
}

/// The solutions of an `n × n` board (`n <= 32`) that `turn` leaves unchanged.
///
/// ```
/// use queens_fastest::count::burnside::{Turn, fixed};
/// assert_eq!((fixed(8, Turn::Half), fixed(8, Turn::Quarter)), (4, 0));
/// assert_eq!((fixed(4, Turn::Half), fixed(4, Turn::Quarter)), (2, 2));
/// ```
pub fn fixed(n: usize, turn: Turn) -> u64 {
    assert!(n <= 32, "boards go up to 32");
    Fixed { n, turn }.search(0, Lines::default())
}

/// Rows, columns, diagonals (`row - col + n - 1`) and anti-diagonals
/// (`row + col`) taken.
#[derive(Clone, Copy, Debug, Default)]
struct Lines {
    rows: u64,
    columns: u64,
    diagonals: u64,
    anti_diagonals: u64,
}

struct Fixed {
    n: usize,
    turn: Turn,
}

impl Fixed {
    /// The images of `(row, col)` under the powers of the turn (with repeats
    /// for the centre of an odd board).
    fn orbit(&self, row: usize, col: usize) -> ([(usize, usize); 4], usize) {
        let last = self.n - 1;
        match self.turn {
            Turn::Half => ([(row, col), (last - row, last - col), (0, 0), (0, 0)], 2),
            Turn::Quarter => (
                [
                    (row, col),
                    (col, last - row),
                    (last - row, last - col),
                    (last - col, row),
                ],
                4,
            ),
        }
    }

    /// Fixed boards below these lines: the first row without a queen takes one
    /// with its images, in every way that attacks nothing.
    fn search(&self, from: usize, lines: Lines) -> u64 {
        let Some(row) = (from..self.n).find(|&row| lines.rows >> row & 1 == 0) else {
            return 1;
        };
        (0..self.n)
            .filter_map(|col| self.place(lines, row, col))
            .map(|lines| self.search(row + 1, lines))
            .sum()
    }

    /// The lines after placing `(row, col)` and its images, if none attacks
    /// another queen or one of the others.
    fn place(&self, mut lines: Lines, row: usize, col: usize) -> Option<Lines> {
        let (cells, count) = self.orbit(row, col);
        for (i, &(r, c)) in cells[..count].iter().enumerate() {
            if cells[..i].contains(&(r, c)) {
                continue; // the centre, its own image
            }
            let (d, a) = (r + self.n - 1 - c, r + c);
            let taken = lines.rows >> r
                | lines.columns >> c
                | lines.diagonals >> d
                | lines.anti_diagonals >> a;
            if taken & 1 != 0 {
                return None;
            }
            lines.rows |= 1 << r;
            lines.columns |= 1 << c;
            lines.diagonals |= 1 << d;
            lines.anti_diagonals |= 1 << a;
        }
        Some(lines)
    }
}
