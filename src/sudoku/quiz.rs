//! Notebook 07's questions: the box identity, MRV, constraint propagation.
//! Each answer comes back with the reasoning, right or wrong.
//!
//! ```
//! use queens::sudoku::quiz::ask;
//! assert!(!ask(1, '?').answered);
//! assert!(ask(1, 'A').correct);
//! ```

use crate::notebook::quiz::{Feedback, Question};

/// The questions, numbered from 1 in the notebook.
pub const QUESTIONS: [Question; 3] = [
    Question::new(
        "the box identity",
        "Which cells share a box with the cell (4, 7)?",
        [
            "The cells with the same row / 3 and the same col / 3: rows 3 to 5 and columns 6 to 8, box 5 (band 1, stack 2).",
            "Rows 4 to 6 and columns 7 to 9: the box starts at the cell.",
            "The cells with the same (row + col) / 3.",
            "The cells with the same row * 3 + col.",
        ],
        'A',
        "Integer division by 3 names the band (row / 3) and the stack (col / 3); a step inside a box changes neither, a step across a thick line changes one. So band times 3 plus stack names the box: 4 / 3 = 1 and 7 / 3 = 2 give box 1 × 3 + 2 = 5, the middle band's right box. Like row - col for a diagonal, one number per box, the same for its nine cells.",
    ),
    Question::new(
        "MRV",
        "mrv differs from naive only in the cell it branches on. Why does it explore so many fewer nodes?",
        [
            "It tries the digits in a better order.",
            "It stops at the first solution instead of looking for a second one.",
            "It branches on the empty cell with the fewest candidates: a cell with none ends the branch at once, a cell with one costs no guess, so wrong choices are found near the top of the tree instead of deep below it.",
            "It keeps the three sets as bitmasks.",
        ],
        'C',
        "Both try the digits 1 to 9 and both go on to prove the solution unique. naive fills the first empty cell even when a later cell already has no candidate left, and finds out only when the search reaches that cell, after many useless nodes. mrv looks at every empty cell first (most constrained first, 'fail first'), so a contradiction ends the branch where it appears.",
    ),
    Question::new(
        "constraint propagation",
        "An empty cell has one candidate left. What does constraint propagation (fastest's naked singles) do with it?",
        [
            "It branches on it like on any other cell.",
            "It fills it at once, without a new node, and looks again at the other cells, which may in turn be left with one candidate (filled too) or none (a dead end).",
            "It backtracks: a cell with one candidate is a sign of a mistake.",
            "It takes the digit out of the cell's row.",
        ],
        'B',
        "A forced move is not a choice, so it costs no node: the search writes every single down, and each write removes a digit from the candidates of its row, column and box, which can force the next cell. It is the queens' forward checking pushed further: there a row with no free cell stopped the search one level early; here the consequences of every digit are followed until nothing more is forced, and only then does the search guess.",
    ),
];

/// Answers question `number` (from 1) with `choice` (`'A'` to `'D'`; `'?'`
/// for not yet). Numbers past the last question wrap around rather than fail.
pub fn ask(number: usize, choice: char) -> Feedback {
    let index = number.max(1).saturating_sub(1) % QUESTIONS.len();
    Feedback::new(index + 1, QUESTIONS[index], choice)
}
