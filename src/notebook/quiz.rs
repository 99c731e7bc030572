//! Notebook 05's questions: seed 001's three on constraint propagation, and a
//! few more on the numbers of the tutorial. Each answer comes back with the
//! reasoning, right or wrong.
//!
//! ```
//! use queens::notebook::quiz::ask;
//! let unanswered = ask(1, '?');
//! assert!(!unanswered.answered);
//! let right = ask(2, 'B');
//! assert!(right.correct);
//! ```

/// One multiple-choice question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    /// What it is about, in a few words.
    pub topic: &'static str,
    /// The question.
    pub prompt: &'static str,
    /// Choices A to D.
    pub choices: [&'static str; 4],
    /// The right letter.
    answer: char,
    /// Why, shown after any answer.
    pub explanation: &'static str,
}

/// The questions, numbered from 1 in the notebook.
pub const QUESTIONS: [Question; 8] = [
    Question {
        topic: "constraint propagation",
        prompt: "How does constraint propagation differ from simple pruning?",
        choices: [
            "Propagation only checks the cell being tried; pruning updates the whole board.",
            "Pruning is a local test at the current step (\"already impossible? skip\"); propagation pushes the consequences of a choice to every future row at once.",
            "They are two names for the same thing.",
            "Propagation undoes choices, pruning makes them.",
        ],
        answer: 'B',
        explanation: "Simple pruning looks at one condition where the search stands. Placing a queen with the three sets blocks her column, main diagonal and anti-diagonal for all rows below simultaneously: the free-cell counts of every later row change, and a row at 0 shows a failure before the search gets there.",
    },
    Question {
        topic: "the constraint sets",
        prompt: "Placing one queen per row, which constraint sets does the N-Queens solver need?",
        choices: [
            "Rows, columns and main diagonals.",
            "Columns, main diagonals (row - col) and anti-diagonals (row + col).",
            "Columns only: diagonals can be checked when the board is full.",
            "Rows and columns.",
        ],
        answer: 'B',
        explanation: "Rows are safe by construction (one queen per row). A queen also attacks her column and her two diagonals; row - col names a main diagonal and row + col an anti-diagonal, so three sets answer \"is this cell attacked?\" with three look-ups. Checking diagonals only at the end is correct but explores the permutation tree: 109,601 nodes at n = 8 instead of 2,057.",
    },
    Question {
        topic: "the branching factor",
        prompt: "How does constraint propagation affect the branching factor?",
        choices: [
            "It stays n at every level; only the leaves are cut.",
            "It grows with depth: more queens, more choices.",
            "It collapses as the search goes deeper: each placement removes cells from every row below, so later rows keep few free cells or none (a backtrack).",
            "It halves at every level, exactly.",
        ],
        answer: 'C',
        explanation: "On the 8 x 8 board the three sets give 8 children at the root, about 5.3 per node at level 1, 3.3 at level 2, and under 1 from level 5 on: most deep nodes have no child. Nothing halves exactly; it depends on where the queens stand.",
    },
    Question {
        topic: "Knuth's count",
        prompt: "How many nodes does the three-set search enter on the 8 x 8 board, the empty board included?",
        choices: ["92", "2,057", "15,720", "16,777,216"],
        answer: 'B',
        explanation: "2,057 consistent partial placements (OEIS A319283). 92 is the number of solutions (the nodes on the last level), 15,720 the number of candidate cells tested (8 per inner node), and 16,777,216 = 8^8 the full boards brute force would check.",
    },
    Question {
        topic: "diagonal names",
        prompt: "Which cell is on the same main diagonal as (2, 5)?",
        choices: ["(3, 4)", "(4, 7)", "(5, 2)", "(0, 7)"],
        answer: 'B',
        explanation: "Main diagonals keep row - col: 2 - 5 = -3 and 4 - 7 = -3. The other three cells all keep row + col = 7 instead: they share its anti-diagonal, the other line through (2, 5).",
    },
    Question {
        topic: "row - col in Rust",
        prompt: "Why does the Rust solver store row - col as an isize (or shift it by n - 1)?",
        choices: [
            "isize arithmetic is faster.",
            "row - col is negative above the long diagonal, and a usize cannot hold it: debug builds panic with an overflow.",
            "HashSet only accepts signed keys.",
            "isize takes less memory than usize.",
        ],
        answer: 'B',
        explanation: "For (0, 3), row - col = -3. On usize that subtraction overflows: a panic in a debug build, a huge wrapped number in a release build. Signed arithmetic (row as isize - col as isize) suits a set; the offset row + n - 1 - col, never negative, suits an array of 2n - 1 flags.",
    },
    Question {
        topic: "backtracking",
        prompt: "The search backtracks from a queen on (r, c). What must it do with the three sets?",
        choices: [
            "Nothing: the next placement overwrites them.",
            "Clear all three sets.",
            "Remove exactly c, r - c and r + c, the entries that queen added.",
            "Remove c from the column set only.",
        ],
        answer: 'C',
        explanation: "The queens above are still on the board, so their entries must stay; only the queen taken back releases her column and her two diagonals. Forgetting one of them (blank 3) leaves phantom attacks and the search misses solutions; clearing everything loses the queens above.",
    },
    Question {
        topic: "forward checking",
        prompt: "Forward checking enters fewer nodes than the three sets. Why is it not automatically faster?",
        choices: [
            "It finds fewer solutions.",
            "Each node costs more: after a placement it scans every row below for a free cell.",
            "It cannot use recursion.",
            "It has to hash its keys.",
        ],
        answer: 'B',
        explanation: "The look-ahead saves the nodes that would die one level later, but it pays a scan of up to n rows of n cells at every placement. Fewer nodes is not the same as less work: notebook 04's candidate counts leave this cost out, and notebook 06 measures time.",
    },
];

/// The reply to an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feedback {
    /// Which question (from 1).
    pub number: usize,
    /// The question.
    pub question: Question,
    /// The letter given, upper case.
    pub given: char,
    /// Whether a letter A to D was given.
    pub answered: bool,
    /// Whether it is the right one.
    pub correct: bool,
}

/// Answers question `number` (from 1) with `choice` (`'A'` to `'D'`; `'?'`
/// for not yet). Numbers past the last question wrap around rather than fail.
pub fn ask(number: usize, choice: char) -> Feedback {
    let index = number.max(1).saturating_sub(1) % QUESTIONS.len();
    Feedback::new(index + 1, QUESTIONS[index], choice)
}

impl Question {
    /// A question whose right answer is `answer` (`'A'` to `'D'`); other
    /// notebooks' quizzes (notebook 07's Sudoku) are made of these.
    pub const fn new(
        topic: &'static str,
        prompt: &'static str,
        choices: [&'static str; 4],
        answer: char,
        explanation: &'static str,
    ) -> Self {
        Self {
            topic,
            prompt,
            choices,
            answer,
            explanation,
        }
    }
}

impl Feedback {
    /// The reply to `choice` for `question`, shown as question `number`.
    pub fn new(number: usize, question: Question, choice: char) -> Self {
        let given = choice.to_ascii_uppercase();
        let answered = ('A'..='D').contains(&given);
        Self {
            number,
            question,
            given,
            answered,
            correct: answered && given == question.answer,
        }
    }
}

/// How many of `answers` (question 1 first) are right.
pub fn score(answers: &[char]) -> (usize, usize) {
    let right = answers
        .iter()
        .enumerate()
        .filter(|&(i, &c)| ask(i + 1, c).correct)
        .count();
    (right, answers.len().min(QUESTIONS.len()))
}

impl Feedback {
    /// The question, its choices and the verdict, as Markdown.
    pub fn markdown(&self) -> String {
        let q = &self.question;
        let mut out = format!(
            "**Question {} · {}**\n\n{}\n\n",
            self.number, q.topic, q.prompt
        );
        for (letter, choice) in ('A'..='D').zip(q.choices) {
            out.push_str(&format!("- **{letter}.** {choice}\n"));
        }
        out.push('\n');
        out.push_str(&self.verdict());
        out
    }

    /// The verdict and the explanation, or how to answer.
    pub fn verdict(&self) -> String {
        if !self.answered {
            return format!(
                "*Not answered yet:* replace `'{}'` with `'A'`, `'B'`, `'C'` or `'D'` and run the cell again.",
                self.given
            );
        }
        let head = if self.correct {
            format!("**{}: right.**", self.given)
        } else {
            format!(
                "**{}: not quite.** The answer is {}.",
                self.given, self.question.answer
            )
        };
        format!("{head} {}", self.question.explanation)
    }

    /// Shows the question and the verdict in Jupyter (Markdown, with a
    /// plain-text copy).
    pub fn evcxr_display(&self) {
        let markdown = self.markdown();
        println!("EVCXR_BEGIN_CONTENT text/markdown\n{markdown}\nEVCXR_END_CONTENT");
        let plain = markdown.replace("**", "").replace(['`', '*'], "");
        println!("EVCXR_BEGIN_CONTENT text/plain\n{plain}\nEVCXR_END_CONTENT");
    }
}

impl std::fmt::Display for Feedback {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.markdown().replace("**", ""))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_question_has_one_right_letter_among_four() {
        for (i, q) in QUESTIONS.iter().enumerate() {
            assert!(('A'..='D').contains(&q.answer), "question {}", i + 1);
            let right = ('A'..='D').filter(|&c| ask(i + 1, c).correct).count();
            assert_eq!(right, 1);
            assert!(q.explanation.len() > 80 && q.choices.iter().all(|c| !c.is_empty()));
        }
    }

    #[test]
    fn answers_are_case_blind_and_questions_never_run_out() {
        assert!(ask(1, 'b').correct);
        assert!(!ask(1, '?').answered);
        assert_eq!(ask(9, 'A').number, 1);
        assert_eq!(ask(0, 'A').number, 1);
        assert!(ask(3, 'A').verdict().contains("The answer is C"));
    }

    #[test]
    fn the_numbers_in_the_explanations_are_the_library_s() {
        let stats = crate::run::count(8, crate::Strategy::Sets).unwrap();
        assert_eq!(
            (stats.nodes, stats.candidates, stats.solutions),
            (2057, 15720, 92)
        );
        let columns = crate::Strategy::Columns.known_tree_size(8);
        assert_eq!(columns, Some(109_601));
        let factors = stats.branching_factors();
        assert!((factors[1] - 5.25).abs() < 0.01 && (factors[2] - 3.33).abs() < 0.01);
        assert!(factors[5..].iter().all(|&f| f < 1.0));
        assert_eq!(score(&['B', 'B', 'C', 'B', 'B', 'B', 'C', 'B']), (8, 8));
    }
}
