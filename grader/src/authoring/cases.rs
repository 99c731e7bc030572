//! The homework's own wrong versions: the cases of its case table
//! (the homework's `instructor/cases.toml`, which `scripts/make-batch` turns
//! into submissions) that get a blank wrong, made here the same way: the
//! reference with the answers the case names (`blanks.n`) or the text it
//! names (`replace`) replaced.
//!
//! Only plain wrong answers are taken: cases that score full marks, start
//! from the handout, add files, expect a status or a problem label (the
//! hostile ones: endless loops, fork bombs, memory hogs) are left to the
//! grader's own tests.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::markers::with_answer;

/// One wrong version from the case table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// Its id in the table (`wrong-b1-and-for-or`).
    pub id: String,
    /// The blanks it changes (`blanks.n`), else the one it blames.
    pub blanks: Vec<u32>,
    /// The reference with the case's changes.
    pub code: String,
}

/// A case as the table writes it (the fields this reads; others ignored).
#[derive(Debug, Deserialize)]
struct Entry {
    id: String,
    #[serde(default)]
    score: Option<String>,
    #[serde(default)]
    blame: Option<u32>,
    #[serde(default)]
    handout: bool,
    #[serde(default)]
    blanks: BTreeMap<String, String>,
    #[serde(default)]
    replace: Vec<(String, String)>,
    #[serde(default)]
    files: Option<toml::Table>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    problems: Option<Vec<String>>,
}

#[derive(Debug, Deserialize)]
struct Table {
    #[serde(default)]
    case: Vec<Entry>,
}

/// The wrong versions the case table `table` (its text) makes of
/// `reference`, in the table's order; an error names the case.
pub fn wrong_cases(table: &str, reference: &str) -> Result<Vec<Case>, String> {
    let table: Table = toml::from_str(table).map_err(|e| e.message().to_owned())?;
    table
        .case
        .into_iter()
        .filter(|entry| {
            matches!(entry.score.as_deref(), Some("partial" | "zero"))
                && !entry.handout
                && entry.files.is_none()
                && entry.status.is_none()
                && entry.problems.is_none()
                && !(entry.blanks.is_empty() && entry.replace.is_empty())
        })
        .map(|entry| made(entry, reference))
        .collect()
}

fn made(entry: Entry, reference: &str) -> Result<Case, String> {
    let mut code = reference.to_owned();
    for (old, new) in &entry.replace {
        if code.matches(old.as_str()).count() != 1 {
            return Err(format!(
                "case {}: {old:?} is not in the reference exactly once",
                entry.id
            ));
        }
        code = code.replace(old.as_str(), new);
    }
    let mut blanks = Vec::new();
    for (blank, answer) in &entry.blanks {
        let id: u32 = blank
            .parse()
            .map_err(|_| format!("case {}: blanks.{blank} is not a blank's number", entry.id))?;
        code = with_answer(&code, id, answer).map_err(|e| format!("case {}: {e}", entry.id))?;
        blanks.push(id);
    }
    if blanks.is_empty() {
        blanks.extend(entry.blame);
    }
    Ok(Case {
        id: entry.id,
        blanks,
        code,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const REFERENCE: &str = "fn f(x: u32) -> u32 {\n    // BLANK 1: one\n    // todo: t\n    \
                             x + 1\n    // END BLANK 1\n}\n";

    #[test]
    fn plain_wrong_answers_are_made_and_the_rest_left_out() {
        let table = r#"
            [homework]
            name = "sample"

            [[case]]
            id = "right"
            score = "full"

            [[case]]
            id = "minus"
            score = "partial"
            blame = 1
            blanks.1 = "x - 1"

            [[case]]
            id = "two"
            score = "zero"
            replace = [["x + 1", "x + 2"]]

            [[case]]
            id = "loops"
            score = "partial"
            problems = ["timeout"]
            blanks.1 = "loop {}"

            [[case]]
            id = "untouched"
            handout = true
            score = "zero"
        "#;
        let cases = wrong_cases(table, REFERENCE).unwrap();
        let ids: Vec<&str> = cases.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["minus", "two"]);
        assert!(cases[0].code.contains("    x - 1\n    // END BLANK 1"));
        assert_eq!(cases[0].blanks, [1]);
        assert!(cases[1].code.contains("x + 2") && cases[1].blanks.is_empty());
        let blamed =
            "[[case]]\nid = \"b\"\nscore = \"zero\"\nblame = 1\nreplace = [[\"x + 1\", \"x\"]]\n";
        assert_eq!(wrong_cases(blamed, REFERENCE).unwrap()[0].blanks, [1]);
    }

    #[test]
    fn a_case_that_does_not_apply_is_named() {
        let table = "[[case]]\nid = \"gone\"\nscore = \"zero\"\nreplace = [[\"y\", \"z\"]]\n";
        let error = wrong_cases(table, REFERENCE).unwrap_err();
        assert!(error.starts_with("case gone:"), "{error}");
        assert!(wrong_cases("[[case]\n", REFERENCE).is_err());
    }
}
