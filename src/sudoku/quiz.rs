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
            "Rows 3 to 5 and columns 6 to 8: the same row / 3 and col / 3.",
            "Rows 4 to 6 and columns 7 to 9: a box starts at the cell it is asked about.",
            "Every cell whose (row + col) / 3 is 3, the same as for (4, 7).",
            "Every cell whose row * 3 + col equals 19, the value for (4, 7).",
        ],
        'A',
        "Where does a box start? Look at which rows and columns a thick line separates, and divide by 3.",
        "Integer division by 3 names the band (row / 3) and the stack (col / 3); a step inside a box changes neither, a step across a thick line changes one. So band times 3 plus stack names the box: 4 / 3 = 1 and 7 / 3 = 2 give box 1 × 3 + 2 = 5, the middle band's right box. Like row - col for a diagonal, one number per box, the same for its nine cells.",
    ),
    Question::new(
        "MRV",
        "mrv differs from naive only in the cell it branches on. Why does it explore so many fewer nodes?",
        [
            "It tries the digits in a smarter order than 1 to 9, so the right digit comes first.",
            "It stops at the first solution instead of going on to look for a second one.",
            "A cell with no candidate ends its branch at once, near the top of the tree.",
            "It keeps the three sets as bitmasks, so each node costs much less time.",
        ],
        'C',
        "The question is about nodes, not time: what does mrv look at before it branches that naive does not?",
        "Both try the digits 1 to 9 and both go on to prove the solution unique. naive fills the first empty cell even when a later cell already has no candidate left, and finds out only when the search reaches that cell, after many useless nodes. mrv looks at every empty cell first (most constrained first, 'fail first'), so a contradiction ends the branch where it appears.",
    ),
    Question::new(
        "constraint propagation",
        "An empty cell has one candidate left. What does constraint propagation (the naked strategy's naked singles) do with it?",
        [
            "It branches on it like on any other cell, one child per candidate digit.",
            "It fills it without a node, which may force other cells in turn.",
            "It backtracks at once: a cell with only one candidate left is a sign of a mistake.",
            "It takes the digit out of the cell's row and leaves the cell empty for later.",
        ],
        'B',
        "Is a cell with a single candidate a choice? And what does writing a digit do to its neighbours' candidates?",
        "A forced move is not a choice, so it costs no node: the search writes every single down, and each write removes a digit from the candidates of its row, column and box, which can force the next cell. It is the queens' forward checking pushed further: there a row with no free cell stopped the search one level early; here the consequences of every digit are followed until nothing more is forced, and only then does the search guess.",
    ),
];

/// Answers question `number` (from 1) with `choice` (`'A'` to `'D'`; `'?'`
/// for not yet). Numbers past the last question wrap around rather than fail.
pub fn ask(number: usize, choice: char) -> Feedback {
    let index = number.max(1).saturating_sub(1) % QUESTIONS.len();
    Feedback::new(index + 1, QUESTIONS[index], choice)
}
