//! The handout is generated from the reference's markers: one source.
//!
//! A reference (`solutions/src/lib.rs` for homework 1, a homework folder's
//! `instructor/reference.rs` for the others) marks each blank's answer:
//!
//! ```text
//!     // BLANK 2: insert
//!     // todo: record a queen on ({row}, {col}) in the three sets.
//!     // hint: One `insert` per set.
//!     self.columns.insert(col);
//!     ...
//!     // END BLANK 2
//! ```
//!
//! The handout keeps the markers and replaces everything between them with
//! `todo!("blank 2 — insert: record a queen on ({row}, {col}) in the three sets.")`
//! (the instruction is a format string, so naming the parameters in it keeps
//! them used and the untouched handout free of warnings). The `hint:` lines go
//! to `exercises/hints.json`, which `queens hint` prints. Blanks are numbered
//! 1, 2, 3, … in the order they appear; nothing here assumes how many.

use serde::{Deserialize, Serialize};

use super::homework::Homework;
use super::homeworks;

/// The reference, the handout and the hints of `homework`, relative to the
/// course root.
pub fn paths(homework: &Homework) -> [String; 3] {
    [
        homework.reference.to_owned(),
        format!("exercises/{}", homework.source),
        format!("exercises/{}", homework.hints),
    ]
}

const BLANK: &str = "// BLANK ";
const END_BLANK: &str = "// END BLANK ";
const TODO: &str = "// todo:";
const HINT: &str = "// hint:";

/// One blank as the reference marks it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blank {
    /// Its number, from 1 in the order of the file.
    pub id: u32,
    /// A short name (`prune check`); the graded tests of blank 1 are
    /// `blank_1_prune_check::…`.
    pub title: String,
    /// The one-line instruction the `todo!` shows.
    pub instruction: String,
    /// Hints, from gentle to nearly the answer.
    pub hints: Vec<String>,
}

impl Blank {
    /// The group name of the blank's graded tests: `blank_1_prune_check`.
    pub fn test_group(&self) -> String {
        let slug: String = self
            .title
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect();
        format!("blank_{}_{}", self.id, slug)
    }
}

/// What the reference generates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handout {
    /// The handout's `lib.rs`.
    pub source: String,
    /// The blanks, in order.
    pub blanks: Vec<Blank>,
    /// The homework it is (where its files go).
    pub homework: &'static Homework,
}

impl Handout {
    /// `exercises/hints.json`: the blanks with their hints, pretty JSON.
    pub fn hints_json(&self) -> String {
        let mut text =
            serde_json::to_string_pretty(&self.blanks).expect("blanks serialize to JSON");
        text.push('\n');
        text
    }

    /// Every generated file: its path relative to the course root, and its text.
    pub fn files(&self) -> [(String, String); 2] {
        let [_, handout, hints] = paths(self.homework);
        [(handout, self.source.clone()), (hints, self.hints_json())]
    }
}

/// A marker the generator cannot make sense of.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {problem}")]
pub struct MarkerError {
    /// The file.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

/// A blank being read: where it started and what it holds so far.
struct Open {
    line: usize,
    indent: String,
    id: u32,
    title: String,
    instruction: Option<String>,
    hints: Vec<String>,
    answer: Vec<String>,
}

/// Generates the handout of `homework` from its reference's text, blanks
/// numbered in `filled` answered; a marker error names the homework's
/// reference.
pub fn generate_exercise(
    homework: &'static Homework,
    reference: &str,
    filled: &[u32],
) -> Result<Handout, MarkerError> {
    let mut handout = generate_filling(reference, filled).map_err(|mut error| {
        error.file = homework.reference.to_owned();
        error
    })?;
    handout.homework = homework;
    Ok(handout)
}

/// Generates the handout from the reference's text.
pub fn generate(reference: &str) -> Result<Handout, MarkerError> {
    generate_filling(reference, &[])
}

/// The handout with the blanks numbered in `filled` answered as in the
/// reference (the project's tests grade such copies: one blank filled must
/// pass exactly that blank's tests).
pub fn generate_filling(reference: &str, filled: &[u32]) -> Result<Handout, MarkerError> {
    let mut reader = Reader {
        filled,
        source: String::with_capacity(reference.len()),
        blanks: Vec::new(),
        open: None,
    };
    for (index, text) in reference.lines().enumerate() {
        reader.line(index + 1, text)?;
    }
    reader.finish()
}

/// Reads the reference line by line: text outside a blank is copied, a blank's
/// markers are kept, and its answer is replaced by a `todo!()` (or kept, for a
/// blank in `filled`).
struct Reader<'a> {
    filled: &'a [u32],
    source: String,
    blanks: Vec<Blank>,
    open: Option<Open>,
}

impl Reader<'_> {
    fn line(&mut self, line: usize, text: &str) -> Result<(), MarkerError> {
        let trimmed = text.trim_start();
        let indent = &text[..text.len() - trimmed.len()];
        if let Some(rest) = trimmed.strip_prefix(END_BLANK) {
            self.close(line, text, indent, rest)
        } else if let Some(rest) = trimmed.strip_prefix(BLANK) {
            self.start(line, text, indent, rest)
        } else if self.open.is_some() {
            self.inside(line, text)
        } else {
            self.copy(text);
            Ok(())
        }
    }

    fn copy(&mut self, text: &str) {
        self.source.push_str(text);
        self.source.push('\n');
    }

    /// `// BLANK n: title`: numbered in order, never nested.
    fn start(
        &mut self,
        line: usize,
        text: &str,
        indent: &str,
        rest: &str,
    ) -> Result<(), MarkerError> {
        if let Some(blank) = &self.open {
            return Err(marker_error(
                line,
                format!("blank {} (line {}) is not closed", blank.id, blank.line),
            ));
        }
        let expected = self.blanks.len() as u32 + 1;
        let (id, title) = rest
            .split_once(':')
            .map(|(id, title)| (id.trim().parse::<u32>().ok(), title.trim()))
            .unwrap_or((None, ""));
        if id != Some(expected) || title.is_empty() {
            return Err(marker_error(
                line,
                format!(
                    "expected '// BLANK {expected}: <title>', found '{}'",
                    text.trim_start()
                ),
            ));
        }
        self.open = Some(Open {
            line,
            indent: indent.to_owned(),
            id: expected,
            title: title.to_owned(),
            instruction: None,
            hints: Vec::new(),
            answer: Vec::new(),
        });
        self.copy(text);
        Ok(())
    }

    /// A line between the markers: the `todo:` instruction, a `hint:`, or
    /// the answer.
    fn inside(&mut self, line: usize, text: &str) -> Result<(), MarkerError> {
        let Some(blank) = &mut self.open else {
            return Ok(());
        };
        let trimmed = text.trim_start();
        if let Some(rest) = trimmed.strip_prefix(TODO) {
            if blank.instruction.is_some() {
                return Err(marker_error(
                    line,
                    format!("blank {} has a second '{TODO}' line", blank.id),
                ));
            }
            blank.instruction = Some(rest.trim().to_owned());
        } else if let Some(rest) = trimmed.strip_prefix(HINT) {
            blank.hints.push(rest.trim().to_owned());
        } else if !trimmed.is_empty() {
            if !text.starts_with(&blank.indent) {
                return Err(marker_error(
                    line,
                    format!(
                        "blank {}'s answer is indented less than its marker",
                        blank.id
                    ),
                ));
            }
            blank.answer.push(text.to_owned());
        }
        Ok(())
    }

    /// `// END BLANK n`: the answer becomes a `todo!()` unless filled.
    fn close(
        &mut self,
        line: usize,
        text: &str,
        indent: &str,
        rest: &str,
    ) -> Result<(), MarkerError> {
        let trimmed = text.trim_start();
        let Some(blank) = self.open.take() else {
            return Err(marker_error(
                line,
                format!("'{trimmed}' without a '// BLANK' before it"),
            ));
        };
        if rest.trim() != blank.id.to_string() {
            return Err(marker_error(
                line,
                format!(
                    "'{trimmed}' closes blank {} (opened on line {})",
                    blank.id, blank.line
                ),
            ));
        }
        let Some(instruction) = blank.instruction else {
            return Err(marker_error(
                blank.line,
                format!("blank {} has no '{TODO}' line", blank.id),
            ));
        };
        if blank.answer.is_empty() {
            return Err(marker_error(
                blank.line,
                format!("blank {} has no answer between its markers", blank.id),
            ));
        }
        if self.filled.contains(&blank.id) {
            for answer in &blank.answer {
                self.copy(answer);
            }
        } else {
            let todo = todo_call(indent, blank.id, &blank.title, &instruction);
            self.source.push_str(&todo);
        }
        self.copy(text);
        self.blanks.push(Blank {
            id: blank.id,
            title: blank.title,
            instruction,
            hints: blank.hints,
        });
        Ok(())
    }

    fn finish(self) -> Result<Handout, MarkerError> {
        if let Some(blank) = self.open {
            return Err(marker_error(
                blank.line,
                format!(
                    "blank {} is never closed ('{END_BLANK}{}')",
                    blank.id, blank.id
                ),
            ));
        }
        if self.blanks.is_empty() {
            return Err(marker_error(
                1,
                "no '// BLANK 1: <title>' marker: a handout needs a blank".to_owned(),
            ));
        }
        Ok(Handout {
            source: self.source,
            blanks: self.blanks,
            homework: homeworks::default(),
        })
    }
}

fn marker_error(line: usize, problem: String) -> MarkerError {
    MarkerError {
        file: homeworks::default().reference.to_owned(),
        line,
        problem,
    }
}

/// `todo!("blank 1 — prune check: …")` at `indent`, the instruction kept as a
/// format string, laid out as rustfmt would (one line if it fits in 100
/// columns), so the generated handout passes `cargo fmt --check`.
fn todo_call(indent: &str, id: u32, title: &str, instruction: &str) -> String {
    let message = format!("blank {id} — {title}: {instruction}");
    let literal = format!("\"{}\"", message.replace('\\', "\\\\").replace('"', "\\\""));
    let one_line = format!("{indent}todo!({literal})");
    if one_line.chars().count() <= MAX_WIDTH {
        format!("{one_line}\n")
    } else {
        format!("{indent}todo!(\n{indent}    {literal}\n{indent})\n")
    }
}

/// rustfmt's default `max_width`.
const MAX_WIDTH: usize = 100;

/// Blank `blank`'s answer in a handout file put back to the handout's
/// `todo!()`, the markers and everything outside them kept (`queens watch`'s
/// reset key). The blank is found by its `// BLANK n: title` and
/// `// END BLANK n` lines, as the generator reads them; an error says which
/// marker is missing.
pub fn reset_blank(text: &str, blank: &Blank) -> Result<String, String> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let (start, end) = blank_lines(&lines, blank)?;
    let indent = {
        let close = lines[end];
        &close[..close.len() - close.trim_start().len()]
    };
    let mut out = String::with_capacity(text.len());
    out.extend(lines[..=start].iter().copied());
    out.push_str(&todo_call(
        indent,
        blank.id,
        &blank.title,
        &blank.instruction,
    ));
    out.extend(lines[end..].iter().copied());
    Ok(out)
}

/// `text` (a reference) with blank `id`'s answer replaced by `answer`: its
/// markers and its `todo:` and `hint:` lines kept, `answer`'s first line at
/// the closing marker's indentation and its other lines as they are (as
/// `scripts/make-batch` writes a case's `blanks.n`). A wrong version of one
/// blank, the others answered; an error says which marker is missing.
pub fn with_answer(text: &str, id: u32, answer: &str) -> Result<String, String> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let (start, end) = marker_lines(&lines, id)?;
    let indent = {
        let close = lines[end];
        &close[..close.len() - close.trim_start().len()]
    };
    let mut out = String::with_capacity(text.len() + answer.len());
    out.extend(lines[..=start].iter().copied());
    out.extend(lines[start + 1..end].iter().copied().filter(|line| {
        let line = line.trim_start();
        line.starts_with(TODO) || line.starts_with(HINT)
    }));
    out.push_str(indent);
    out.push_str(answer.trim_end());
    out.push('\n');
    out.extend(lines[end..].iter().copied());
    Ok(out)
}

/// Whether blank `blank` of a handout file is still the handout's
/// `todo!()` (`None` when its markers are not there).
pub fn untouched(text: &str, blank: &Blank) -> Option<bool> {
    reset_blank(text, blank).ok().map(|reset| reset == text)
}

/// The indexes of blank `blank`'s opening and closing marker lines.
fn blank_lines(lines: &[&str], blank: &Blank) -> Result<(usize, usize), String> {
    marker_lines(lines, blank.id).map_err(|gone| {
        if gone.contains(END_BLANK) {
            gone
        } else {
            format!("its marker `{BLANK}{}: {}` is gone", blank.id, blank.title)
        }
    })
}

/// The indexes of blank `id`'s opening and closing marker lines.
fn marker_lines(lines: &[&str], id: u32) -> Result<(usize, usize), String> {
    let opening = format!("{BLANK}{id}:");
    let closing = format!("{END_BLANK}{id}");
    let start = lines
        .iter()
        .position(|line| line.trim_start().starts_with(&opening))
        .ok_or_else(|| format!("its marker `{opening}` is gone"))?;
    let end = lines[start..]
        .iter()
        .position(|line| line.trim() == closing)
        .map(|offset| start + offset)
        .ok_or_else(|| format!("its closing marker `{closing}` is gone"))?;
    Ok((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blank(id: u32, answer: &str) -> String {
        format!(
            "    fn f{id}(&self, x: usize) -> usize {{\n        // BLANK {id}: part {id}\n        \
             // todo: compute f{id}({{x}})\n        // hint: think\n        {answer}\n        \
             // END BLANK {id}\n    }}\n"
        )
    }

    #[test]
    fn a_blank_is_reset_to_the_handouts_todo_and_only_that_blank() {
        let reference = "fn f() {\n    // BLANK 1: a\n    // todo: do {x}\n    let x = 1;\n    \
                         // END BLANK 1\n}\nfn g() {\n    // BLANK 2: b\n    // todo: t\n    \
                         2\n    // END BLANK 2\n}\n";
        let handout = generate(reference).unwrap();
        let filled = generate_filling(reference, &[1, 2]).unwrap().source;
        let [one, two] = [&handout.blanks[0], &handout.blanks[1]];
        assert_eq!(untouched(&handout.source, one), Some(true));
        assert_eq!(untouched(&filled, one), Some(false));
        let reset = reset_blank(&filled, two).unwrap();
        assert_eq!(reset, generate_filling(reference, &[1]).unwrap().source);
        assert_eq!(reset_blank(&reset, one).unwrap(), handout.source);
        let gone = filled.replace("// END BLANK 2", "// the end");
        assert!(reset_blank(&gone, two).unwrap_err().contains("END BLANK 2"));
        assert!(reset_blank("", one).unwrap_err().contains("BLANK 1: a"));
    }

    #[test]
    fn a_blank_s_answer_is_replaced_and_its_comments_and_the_others_kept() {
        let reference = format!("{}{}", blank(1, "x + 1"), blank(2, "x + 2"));
        let wrong = with_answer(&reference, 2, "x - 2\n").unwrap();
        assert_eq!(wrong, format!("{}{}", blank(1, "x + 1"), blank(2, "x - 2")));
        assert!(
            with_answer(&reference, 3, "x")
                .unwrap_err()
                .contains("BLANK 3:")
        );
    }

    #[test]
    fn any_number_of_blanks_becomes_todos_and_hints() {
        let reference: String = (1..=4).map(|id| blank(id, "x + 1")).collect();
        let handout = generate(&reference).unwrap();
        assert_eq!(handout.blanks.len(), 4);
        assert_eq!(handout.blanks[3].test_group(), "blank_4_part_4");
        assert_eq!(handout.blanks[0].hints, ["think"]);
        assert!(!handout.source.contains("x + 1"));
        assert!(!handout.source.contains("hint"));
        assert_eq!(handout.source.matches("todo!(\"blank ").count(), 4);
        assert!(
            handout
                .source
                .contains("todo!(\"blank 2 — part 2: compute f2({x})\")")
        );
        let filled = generate_filling(&reference, &[3]).unwrap().source;
        assert_eq!(filled.matches("x + 1").count(), 1);
        assert_eq!(filled.matches("todo!(").count(), 3);
    }

    #[test]
    fn broken_markers_are_named_with_their_line() {
        let says = |source: &str, problem: &str| {
            let error = generate(source).unwrap_err().to_string();
            assert!(error.contains(problem), "{error}");
        };
        says("// BLANK 1: a\n// todo: t\nx\n", "never closed");
        let stray_end = "x\n// END BLANK 1\n";
        let error = generate(stray_end).unwrap_err();
        assert_eq!(error.line, 2);
        says("// BLANK 1: a\nx\n// END BLANK 1\n", "no '// todo:'");
        says(
            "// BLANK 2: a\n// todo: t\nx\n// END BLANK 2\n",
            "expected '// BLANK 1",
        );
        says("// BLANK 1: a\n// todo: t\n// END BLANK 1\n", "no answer");
        assert!(generate("fn main() {}\n").is_err());
    }

    #[test]
    fn a_marker_error_names_its_homework_s_reference() {
        for &homework in homeworks::ALL {
            let error = generate_exercise(homework, "x\n// END BLANK 1\n", &[]).unwrap_err();
            assert!(error.to_string().starts_with(homework.reference), "{error}");
            let handout = generate_exercise(homework, &blank(1, "x"), &[]).unwrap();
            assert_eq!(
                handout.files()[1].0,
                format!("exercises/{}", homework.hints)
            );
        }
    }

    #[test]
    fn a_long_instruction_is_laid_out_as_rustfmt_would() {
        let long = "y".repeat(120);
        let reference = format!("// BLANK 1: a\n// todo: {long}\nx\n// END BLANK 1\n");
        let source = generate(&reference).unwrap().source;
        assert!(source.contains(&format!("todo!(\n    \"blank 1 — a: {long}\"\n)\n")));
    }
}
