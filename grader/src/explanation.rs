//! Why an answer differs from the reference's, in parts each tool draws its
//! own way: prose, a board, a bit mask. The terminal and the Markdown page
//! print [`Explanation::text`]; the HTML page draws the boards as pictures
//! from the parts themselves, never from the text.
//!
//! A homework's explainer builds these from a [`Difference`]; a homework
//! without one (or a difference it does not explain) gets [`generic`]: the
//! question, the reference's answer, the student's and where they first
//! differ.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One row of a board: a character per cell (`Q` a queen, `o` free, `.`
/// empty, `x` attacked or wrong, `*` the cell asked about, a digit) and a
/// note printed after it (may be empty).
pub type Row = (Vec<char>, String);

/// One part of an explanation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// Prose, one or more lines.
    Text(String),
    /// A board, row by row.
    Board(Vec<Row>),
    /// A bit mask of `width` bits (bit `c` is column `c`), with a label.
    Bits {
        /// What the mask is: `your free mask`.
        label: String,
        /// The mask.
        value: u64,
        /// The board's width.
        width: u32,
    },
}

/// Why an answer is wrong, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    /// Its parts, in the order they are read.
    pub parts: Vec<Part>,
}

impl Explanation {
    /// An explanation that is one sentence or paragraph.
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            parts: vec![Part::Text(text.into())],
        }
    }

    /// This explanation, then `part`.
    #[must_use]
    pub fn then(mut self, part: Part) -> Self {
        self.parts.push(part);
        self
    }

    /// This explanation, then more prose.
    #[must_use]
    pub fn then_text(self, text: impl Into<String>) -> Self {
        self.then(Part::Text(text.into()))
    }

    /// This explanation, then a board.
    #[must_use]
    pub fn then_board(self, rows: Vec<Row>) -> Self {
        self.then(Part::Board(rows))
    }

    /// This explanation, then `parts` in order.
    #[must_use]
    pub fn then_all(mut self, parts: impl IntoIterator<Item = Part>) -> Self {
        self.parts.extend(parts);
        self
    }

    /// The explanation as plain text: boards as rows of characters (`o o . .`,
    /// their notes after two spaces), masks as bit strings with their columns.
    pub fn to_text(&self) -> String {
        let mut lines = Vec::new();
        for part in &self.parts {
            match part {
                Part::Text(text) => lines.push(text.clone()),
                Part::Board(rows) => lines.extend(rows.iter().map(|(cells, note)| {
                    let cells: Vec<String> = cells.iter().map(char::to_string).collect();
                    let row = format!("    {}", cells.join(" "));
                    if note.is_empty() {
                        row
                    } else {
                        format!("{row}   {note}")
                    }
                })),
                Part::Bits {
                    label,
                    value,
                    width,
                } => lines.push(format!("    {label}: {}", bits(*value, *width))),
            }
        }
        lines.join("\n")
    }
}

impl From<String> for Explanation {
    fn from(text: String) -> Self {
        Self::text(text)
    }
}

/// An `n` × `n` board for [`Part::Board`]: `cell(row, col)` gives each
/// cell's character, `note(row)` each row's note (empty for none).
pub fn board(
    n: usize,
    cell: impl Fn(usize, usize) -> char,
    note: impl Fn(usize) -> String,
) -> Vec<Row> {
    (0..n)
        .map(|row| ((0..n).map(|col| cell(row, col)).collect(), note(row)))
        .collect()
}

/// A count and what it counts, singular for one: `1 node`, `17 nodes`.
pub fn counted(count: impl std::fmt::Display, what: &str) -> String {
    match count.to_string() {
        one if one == "1" => format!("1 {what}"),
        many => format!("{many} {what}s"),
    }
}

/// A mask as a student reads it: `0b0100_1010 (columns 1, 3, 6)`, the bit
/// string as wide as the board, bit `c` being column `c` from the right.
pub fn bits(value: u64, width: u32) -> String {
    let width = width.clamp(1, 64) as usize;
    let digits = format!("{value:0width$b}");
    let columns: Vec<String> = (0..64)
        .filter(|c| value >> c & 1 == 1)
        .map(|c: u32| c.to_string())
        .collect();
    let held = match columns.len() {
        0 => "no column".to_owned(),
        1 => format!("column {}", columns[0]),
        _ => format!("columns {}", columns.join(", ")),
    };
    format!("0b{digits} ({held})")
}

/// An answer that is not the reference's: what the judge hands a homework's
/// explainer.
#[derive(Debug, Clone, Copy)]
pub struct Difference<'a> {
    /// The test's full name.
    pub test: &'a str,
    /// The rule it checks, in plain words.
    pub rule: &'a str,
    /// Which of the test's questions (from 0).
    pub index: usize,
    /// The question, as the test process was asked it.
    pub question: &'a Value,
    /// The reference's answer.
    pub reference: &'a Value,
    /// The student's answer.
    pub yours: &'a Value,
}

impl Difference<'_> {
    /// The question and both answers in the homework's own types; `None`
    /// when one does not read back (the generic explanation then speaks).
    pub fn typed<Q: DeserializeOwned, A: DeserializeOwned>(&self) -> Option<(Q, A, A)> {
        Some((
            serde_json::from_value(self.question.clone()).ok()?,
            serde_json::from_value(self.reference.clone()).ok()?,
            serde_json::from_value(self.yours.clone()).ok()?,
        ))
    }
}

/// A homework's explainer: `None` leaves the difference to [`generic`].
pub type Explainer = fn(&Difference) -> Option<Explanation>;

/// The explainer of a homework that has none.
pub fn no_explainer(_: &Difference) -> Option<Explanation> {
    None
}

/// What any difference says without a homework's words: the rule, the
/// question, where the two answers first differ and what each holds there.
pub fn generic(difference: &Difference) -> Explanation {
    let (path, reference, yours) = first_difference(difference.reference, difference.yours, "");
    let at = if path.is_empty() {
        String::new()
    } else {
        format!(" at `{path}`")
    };
    // One line each, in words: never the answers' JSON.
    Explanation::text(format!(
        "{}: your answer differs from the reference's{at}.\nAsked: {}\nThe reference has: {}\n\
         Yours has: {}",
        difference.rule,
        in_words(difference.question),
        in_words(reference),
        in_words(yours)
    ))
}

/// The first place two JSON values differ (a path like `boards[3][1]`), with
/// what each holds there.
pub fn first_difference<'a>(
    reference: &'a Value,
    yours: &'a Value,
    path: &str,
) -> (String, &'a Value, &'a Value) {
    match (reference, yours) {
        (Value::Array(a), Value::Array(b)) => {
            match a.iter().zip(b).position(|(x, y)| x != y) {
                Some(i) => first_difference(&a[i], &b[i], &format!("{path}[{i}]")),
                // One is a prefix of the other: the lengths differ.
                None => (format!("{path}.len()"), reference, yours),
            }
        }
        (Value::Object(a), Value::Object(b)) => {
            let differing = a
                .iter()
                .find(|(key, value)| b.get(key.as_str()) != Some(value));
            match differing {
                Some((key, value)) => match b.get(key.as_str()) {
                    Some(theirs) => first_difference(value, theirs, &join(path, key)),
                    None => (join(path, key), value, &Value::Null),
                },
                None => (path.to_owned(), reference, yours),
            }
        }
        _ => (path.to_owned(), reference, yours),
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

/// The most characters [`in_words`] gives: with its label, a line of a
/// message stays within about 100 characters.
const WORDS: usize = 86;
/// The items of a list [`in_words`] shows before it says how many there are.
const ITEMS: usize = 6;

/// A value of a question or an answer (as the homework serialises it) in
/// words, for a homework with no explainer: a variant's name split into
/// words (`TooBig` is `too big`, `{"Region": 3}` is `region: 3`), fields as
/// `name: value` in parentheses, a list in brackets with its first few items and its length,
/// `none` for nothing; no braces, no quotes, and at most about
/// `WORDS` characters.
pub fn in_words(value: &Value) -> String {
    let text = words(value);
    if text.chars().count() > WORDS {
        format!("{}…", text.chars().take(WORDS - 1).collect::<String>())
    } else {
        text
    }
}

fn words(value: &Value) -> String {
    match value {
        Value::Null => "none".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(text) => name_in_words(text, false),
        Value::Array(items) => {
            let shown: Vec<String> = items.iter().take(ITEMS).map(words).collect();
            match items.len() {
                0 => "[]".to_owned(),
                n if n > ITEMS => format!("[{}, … ({n} in all)]", shown.join(", ")),
                _ => format!("[{}]", shown.join(", ")),
            }
        }
        // An enum's variant with its content (`{"TooBig": …}`).
        Value::Object(fields) if fields.len() == 1 && is_variant(fields.keys().next()) => {
            let (variant, content) = fields.iter().next().expect("one field");
            let variant = name_in_words(variant, true);
            match content {
                Value::Object(_) | Value::Array(_) => format!("{variant} {}", words(content)),
                scalar => format!("{variant}: {}", words(scalar)),
            }
        }
        Value::Object(fields) => {
            let fields: Vec<String> = fields
                .iter()
                .map(|(name, value)| format!("{}: {}", name.replace('_', " "), words(value)))
                .collect();
            format!("({})", fields.join(", "))
        }
    }
}

/// Whether an object's only key is an enum variant's name: `TooBig`.
fn is_variant(key: Option<&String>) -> bool {
    key.is_some_and(|key| key.starts_with(|c: char| c.is_ascii_uppercase()))
}

/// A variant's name in words, `TooBig` as `too big`; other text (a name
/// like `Australia`, a sentence) as it is, unless it is a `variant`'s key
/// (`{"Boards": …}` is `boards …`).
fn name_in_words(text: &str, variant: bool) -> String {
    let identifier = text.chars().all(|c| c.is_ascii_alphanumeric())
        && text.starts_with(|c: char| c.is_ascii_uppercase())
        && (variant || text.chars().skip(1).any(|c| c.is_ascii_uppercase()));
    if !identifier {
        return text.to_owned();
    }
    let mut words = String::new();
    for (i, c) in text.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            words.push(' ');
        }
        words.push(c.to_ascii_lowercase());
    }
    words
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_first_difference_is_found_deep_inside() {
        let reference = json!({"boards": [[1, 3], [2, 0]], "nodes": 5});
        let yours = json!({"boards": [[1, 3], [2, 1]], "nodes": 5});
        let (path, a, b) = first_difference(&reference, &yours, "");
        assert_eq!(path, "boards[1][1]");
        assert_eq!((a, b), (&json!(0), &json!(1)));
        let shorter = json!([1, 2]);
        let longer = json!([1, 2, 3]);
        assert_eq!(first_difference(&shorter, &longer, "").0, ".len()");
    }

    /// What [`generic`] says of end-to-end test `x` ("the boards match")
    /// asked `question`, answered `reference` and `yours`.
    fn generic_text(question: &Value, reference: &Value, yours: &Value) -> String {
        generic(&Difference {
            test: "end_to_end::x",
            rule: "the boards match",
            index: 0,
            question,
            reference,
            yours,
        })
        .to_text()
    }

    #[test]
    fn the_generic_explanation_names_the_rule_the_place_and_both_answers() {
        let text = generic_text(
            &json!({"n": 4}),
            &json!({"nodes": 17}),
            &json!({"nodes": 16}),
        );
        for needle in ["the boards match", "(n: 4)", "`nodes`", "17", "16"] {
            assert!(text.contains(needle), "{needle} in {text}");
        }
    }

    #[test]
    fn a_question_without_an_explainer_is_said_in_words_not_json() {
        let text = generic_text(
            &json!({"TooBig": [{"chosen": [0], "n_queens": 4, "rows": null}]}),
            &json!({"Boards": (0..40).collect::<Vec<_>>()}),
            &json!(true),
        );
        assert!(
            text.contains("Asked: too big [(chosen: [0], n queens: 4, rows: none)]"),
            "{text}"
        );
        assert!(
            text.contains("reference has: boards [0, 1, 2, 3, 4, 5, … (40 in all)]"),
            "{text}"
        );
        assert!(!text.contains(['{', '}', '"']), "JSON in {text}");
        assert!(
            text.lines().all(|line| line.chars().count() <= 100),
            "{text}"
        );
        assert_eq!(in_words(&json!("UsaMap")), "usa map");
        assert_eq!(in_words(&json!("Australia")), "Australia");
        assert_eq!(in_words(&json!({"Region": 3})), "region: 3");
        assert_eq!(
            in_words(&json!({"Search": {"map": "Usa"}})),
            "search (map: Usa)"
        );
        let long = json!({"Search": {"assignment": vec![json!({"Some": 3}); 200]}});
        assert!(
            in_words(&long).chars().count() <= WORDS,
            "{}",
            in_words(&long)
        );
    }

    #[test]
    fn boards_and_masks_print_as_text() {
        let explanation = Explanation::text("look:")
            .then_board(vec![
                (vec!['Q', '.'], "row 0".into()),
                (vec!['.', 'o'], String::new()),
            ])
            .then(Part::Bits {
                label: "free".into(),
                value: 0b0110,
                width: 4,
            });
        assert_eq!(
            explanation.to_text(),
            "look:\n    Q .   row 0\n    . o\n    free: 0b0110 (columns 1, 2)"
        );
    }
}
