//! Notebook 05's questions: the interactive lesson's three (what the solver
//! does, which sets it needs, what happens to the branching factor), with
//! right answers that are true of the solver, and a few more on the numbers
//! of the tutorial. Each answer comes back with the
//! reasoning, right or wrong.
//!
//! ```
//! use queens::notebook::quiz::ask;
//! let unanswered = ask(1, '?');
//! assert!(!unanswered.answered);
//! let right = ask(2, 'A');
//! assert!(right.correct);
//! ```

/// One multiple-choice question. Its `Debug` leaves the right letter out: a
/// question printed with `{:?}` must not give its answer away.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Question {
    /// What it is about, in a few words.
    pub topic: &'static str,
    /// The question.
    pub prompt: &'static str,
    /// Choices A to D.
    pub choices: [&'static str; 4],
    /// The right letter.
    answer: char,
    /// Why, shown after the right answer.
    pub explanation: &'static str,
    /// Where to look, shown after a wrong answer (which never shows the right one).
    pub hint: &'static str,
}

/// The questions, numbered from 1 in the notebook. The right letters are
/// spread (no letter answers more than two questions) and the right option is
/// not the longest one by habit: guessing a letter, or the longest option,
/// does not pass (the tests check both).
pub const QUESTIONS: [Question; 8] = [
    Question {
        topic: "checking or propagation",
        prompt: "The interactive lesson asks how constraint propagation differs from simple pruning. Which is true of the solver you built in notebook 03?",
        choices: [
            "It propagates: after each queen it updates the free cells of every row below, and gives up as soon as one of them reaches 0.",
            "It never prunes: every cell is tried, and a board is checked once it is full.",
            "It checks: it tests only the cell being tried against the queens placed, and meets a dead row when it gets there.",
            "It propagates naked singles: a row left with one free cell gets its queen at once, without a guess.",
        ],
        answer: 'C',
        explanation: "The three sets hold every queen's lines for all the rows below, but the search asks them only about the row it fills, so a dead row is found on arrival (the light grey nodes of notebook 04's tree). That is backtracking with a constant-time check. Propagation acts on the rows below: forward checking refuses a queen that leaves some row with no free cell (13 nodes instead of 17 at n = 4), and Sudoku's naked singles (notebook 07) fill forced cells. The free counts beside notebook 02's board are forward checking done by the picture, not by the solver.",
        hint: "Notebook 02, \"What the solver does\": which rows does the solver ask the three sets about?",
    },
    Question {
        topic: "the constraint sets",
        prompt: "Placing one queen per row, which constraint sets does the N-Queens solver need?",
        choices: [
            "Columns, main diagonals (row - col) and anti-diagonals (row + col).",
            "Rows, columns and main diagonals: the anti-diagonals follow from the other three.",
            "Columns only, because the diagonals can be checked once the board is full.",
            "Rows and columns, as in a Sudoku without its boxes.",
        ],
        answer: 'A',
        explanation: "Rows are safe by construction (one queen per row). A queen also attacks her column and her two diagonals; row - col names a main diagonal and row + col an anti-diagonal, so three sets answer \"is this cell attacked?\" with three look-ups. Checking diagonals only at the end is correct but explores the permutation tree: 109,601 nodes at n = 8 instead of 2,057.",
        hint: "One queen per row: which of the four kinds of line can two queens then still share?",
    },
    Question {
        topic: "the branching factor",
        prompt: "The interactive lesson says that propagation collapses the branching factor as you go deeper. What do the three sets, which only check, do to it?",
        choices: [
            "Nothing: it stays n at every level, and only propagation can lower it.",
            "It grows with depth, since every queen placed adds constraints to check.",
            "It halves at every level, exactly, whatever the size of the board.",
            "It shrinks with depth already: every queen takes cells from all the rows below.",
        ],
        answer: 'D',
        explanation: "On the 8 x 8 board the three sets give 8 children at the root, 5.25 per node at level 1 and 3.33 at level 2; the factor first drops below 1 at level 5 (0.97), where about a quarter of the nodes (150 of 568) have no child, and most nodes are childless only at level 7. Nothing halves exactly; it depends on where the queens stand. The collapse is the check's doing. Forward checking, which does not enter a node with a dead row below, lowers the factor further on the middle levels (1.04 against 1.65 at level 4) and raises it on the last: every node it keeps on level 7 has its one child (1.00 against 0.29).",
        hint: "Notebook 04's branching-factor chart, or the factors printed under this question.",
    },
    Question {
        topic: "Knuth's count",
        prompt: "How many nodes does the three-set search enter on the 8 x 8 board, the empty board included?",
        choices: ["92", "2,057", "15,720", "16,777,216"],
        answer: 'B',
        explanation: "2,057 consistent partial placements (OEIS A319283). 92 is the number of solutions (the nodes on the last level), 15,720 the number of candidate cells tested (8 per inner node), and 16,777,216 = 8^8 the full boards brute force would check.",
        hint: "Nodes are the partial placements the search enters, the empty board included: more than the solutions, fewer than the cells tested.",
    },
    Question {
        topic: "diagonal names",
        prompt: "Which cell is on the same main diagonal as (2, 5)?",
        choices: ["(3, 4)", "(5, 2)", "(0, 7)", "(4, 7)"],
        answer: 'D',
        explanation: "Main diagonals keep row - col: 2 - 5 = -3 and 4 - 7 = -3. The other three cells all keep row + col = 7 instead: they share its anti-diagonal, the other line through (2, 5).",
        hint: "Compute row - col for (2, 5) and for each cell.",
    },
    Question {
        topic: "row - col in Rust",
        prompt: "Why does the Rust solver store row - col as an isize (or shift it by n - 1)?",
        choices: [
            "Above the long diagonal row - col is negative, which a usize cannot hold.",
            "isize arithmetic is faster than usize arithmetic on 64-bit machines.",
            "HashSet only accepts signed integer keys, so usize keys would not compile.",
            "isize takes half the memory of usize, so the three sets stay smaller.",
        ],
        answer: 'A',
        explanation: "For (0, 3), row - col = -3. On usize that subtraction overflows: a panic in a debug build, a huge wrapped number in a release build. Signed arithmetic (row as isize - col as isize) suits a set; the offset row + n - 1 - col, never negative, suits an array of 2n - 1 flags.",
        hint: "Notebook 01: what happened to `0usize - 3usize`?",
    },
    Question {
        topic: "backtracking",
        prompt: "The search backtracks from a queen on (r, c). What must it do with the three sets?",
        choices: [
            "Nothing: the next placement in that row overwrites the entries anyway.",
            "Clear all three sets, so that the next placement starts from a clean board.",
            "Remove exactly c, r - c and r + c, the entries that queen added.",
            "Remove c from the column set only; the diagonals can stay.",
        ],
        answer: 'C',
        explanation: "The queens above are still on the board, so their entries must stay; only the queen taken back releases her column and her two diagonals. Forgetting one of them (blank 3) leaves phantom attacks and the search misses solutions; clearing everything loses the queens above.",
        hint: "The queens above the one taken back are still on the board.",
    },
    Question {
        topic: "forward checking",
        prompt: "At n = 8 forward checking on bool arrays enters 1,165 nodes, 0.57 of those of `arrays`, the same bool arrays without its look-ahead. Does it take less time in the same proportion?",
        choices: [
            "Yes: the time of a search is proportional to its nodes, whatever each node does.",
            "Not necessarily: after each placement it scans the rows below, so each node costs more work.",
            "Yes, and more: each node it keeps also tests fewer candidate cells of its next row.",
            "No, never: looking ahead always costs more time than the nodes it saves.",
        ],
        answer: 'B',
        explanation: "Time is nodes times the work per node. Every inner node tests the n cells of its next row (notebook 04 counts them), and forward checking also looks at every row below after each placement, up to n rows of n cells, to find one left with no free cell. Fewer nodes, more work per node: which wins depends on the board and the build, so it is measured, in notebook 06, against `arrays`. Against `sets` it wins easily, but for its store (bool arrays, not hash sets), not for its look-ahead.",
        hint: "Notebook 04, \"Candidates tested against nodes entered\": what does forward checking do after each placement that the chart does not show?",
    },
];

impl std::fmt::Debug for Question {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Question")
            .field("topic", &self.topic)
            .field("prompt", &self.prompt)
            .field("choices", &self.choices)
            .finish_non_exhaustive()
    }
}

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
    /// A question whose right answer is `answer` (`'A'` to `'D'`), with the
    /// hint a wrong answer gets and the explanation a right one gets; other
    /// notebooks' quizzes (notebook 07's Sudoku) are made of these.
    pub const fn new(
        topic: &'static str,
        prompt: &'static str,
        choices: [&'static str; 4],
        answer: char,
        hint: &'static str,
        explanation: &'static str,
    ) -> Self {
        Self {
            topic,
            prompt,
            choices,
            answer,
            explanation,
            hint,
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

    /// The verdict: the explanation after a right answer, a hint after a
    /// wrong one, or how to answer.
    pub fn verdict(&self) -> String {
        if !self.answered {
            return format!(
                "*Not answered yet:* replace `'{}'` with `'A'`, `'B'`, `'C'` or `'D'` and run the cell again.",
                self.given
            );
        }
        if self.correct {
            format!("**{}: right.** {}", self.given, self.question.explanation)
        } else {
            // A hint, not the answer: the student tries again.
            format!(
                "**{}: not quite.** Hint: {} Then change your letter and run the cell again.",
                self.given, self.question.hint
            )
        }
    }

    /// Shows the question and the verdict in Jupyter (Markdown, with a
    /// plain-text copy).
    pub fn evcxr_display(&self) {
        let markdown = self.markdown();
        println!("EVCXR_BEGIN_CONTENT text/markdown\n{markdown}\nEVCXR_END_CONTENT");
        let plain = plain_text(&markdown);
        println!("EVCXR_BEGIN_CONTENT text/plain\n{plain}\nEVCXR_END_CONTENT");
    }
}

/// `markdown` without its emphasis and code marks. A `*` between spaces is
/// a product (`row * 3 + col`), which Markdown leaves as it is, and so does this.
fn plain_text(markdown: &str) -> String {
    markdown
        .replace("**", "")
        .split(" * ")
        .map(|part| part.replace(['`', '*'], ""))
        .collect::<Vec<_>>()
        .join(" * ")
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
    fn plain_text_drops_emphasis_and_keeps_a_product() {
        assert_eq!(
            plain_text("*Not answered yet:* is `row * 3 + col` **19**?"),
            "Not answered yet: is row * 3 + col 19?"
        );
    }

    #[test]
    fn answers_are_case_blind_and_questions_never_run_out() {
        assert!(ask(1, 'c').correct);
        assert!(!ask(1, '?').answered);
        assert_eq!(ask(9, 'A').number, 1);
        assert_eq!(ask(0, 'A').number, 1);
        let wrong = ask(3, 'A').verdict();
        assert!(
            wrong.contains("not quite") && wrong.contains("Hint:"),
            "{wrong}"
        );
        assert!(!wrong.contains("answer is") && !wrong.contains(QUESTIONS[2].explanation));
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
        assert!(factors[..5].iter().all(|&f| f >= 1.0));
        assert!((factors[5] - 0.97).abs() < 0.01);
        let key: Vec<char> = QUESTIONS.iter().map(|q| q.answer).collect();
        assert_eq!(score(&key), (8, 8));
    }

    #[test]
    fn a_question_printed_with_debug_does_not_show_its_letter() {
        for (i, q) in QUESTIONS.iter().enumerate() {
            let shown = format!("{q:?} {:?}", ask(i + 1, '?'));
            assert!(!shown.contains("answer:"), "{shown}");
            assert!(!shown.contains(&format!("'{}'", q.answer)), "{shown}");
        }
    }

    #[test]
    fn no_letter_answers_more_than_two_questions() {
        for letter in 'A'..='D' {
            let (right, _) = score(&[letter; 8]);
            assert!(
                right <= 2,
                "answering {letter} everywhere scores {right} of 8"
            );
        }
    }

    #[test]
    fn the_longest_option_is_not_a_strategy() {
        // Picking the longest option (the first of equals) must not pass.
        let longest: Vec<char> = QUESTIONS
            .iter()
            .map(|q| {
                let (index, _) = q
                    .choices
                    .iter()
                    .enumerate()
                    .rev()
                    .max_by_key(|(_, c)| c.chars().count())
                    .expect("four choices");
                (b'A' + index as u8) as char
            })
            .collect();
        let (right, _) = score(&longest);
        assert!(right <= 3, "the longest option is right {right} times of 8");
    }
}
