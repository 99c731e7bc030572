//! The proofs that read files, not grades: every blank has hints, and the
//! committed handout and hints are what the reference generates.

use crate::course::Course;
use crate::homework::Homework;
use crate::markers::Blank;

/// Proof 5: the committed hints file has an entry with at least one hint
/// for every blank of the reference.
pub fn hints(course: &Course, homework: &'static Homework) -> Result<String, String> {
    let handout = course
        .generate_exercise(homework, &[])
        .map_err(|e| e.to_string())?;
    let path = format!("exercises/{}", homework.hints);
    let text = std::fs::read_to_string(course.root().join(&path))
        .map_err(|e| format!("{path}: cannot read it ({e})"))?;
    let listed: Vec<Blank> =
        serde_json::from_str(&text).map_err(|e| format!("{path}: not a list of blanks ({e})"))?;
    let without: Vec<String> = handout
        .blanks
        .iter()
        .filter(|blank| {
            !listed
                .iter()
                .any(|entry| entry.id == blank.id && !entry.hints.is_empty())
        })
        .map(|blank| format!("blank {} ({})", blank.id, blank.title))
        .collect();
    if without.is_empty() {
        Ok(format!(
            "{} {} hints in {path}",
            super::proofs::all(handout.blanks.len(), "blank", "blanks"),
            if handout.blanks.len() == 1 {
                "has"
            } else {
                "have"
            }
        ))
    } else {
        Err(format!(
            "{path} has no hint for {}: add `// hint:` lines to its answer in {} and run \
             `queens handout`",
            without.join(", "),
            homework.reference
        ))
    }
}

/// Proof 6: the committed handout and hints are what the reference
/// generates (`queens handout --check`, for this homework).
pub fn up_to_date(course: &Course, homework: &'static Homework) -> Result<String, String> {
    let handout = course
        .generate_exercise(homework, &[])
        .map_err(|e| e.to_string())?;
    let files = handout.files();
    let stale: Vec<&str> = files
        .iter()
        .filter(|(path, text)| {
            std::fs::read_to_string(course.root().join(path)).map_or(true, |t| t != *text)
        })
        .map(|(path, _)| path.as_str())
        .collect();
    let paths: Vec<&str> = files.iter().map(|(path, _)| path.as_str()).collect();
    if stale.is_empty() {
        Ok(format!(
            "{} are what {} generates",
            paths.join(" and "),
            homework.reference
        ))
    } else {
        Err(format!(
            "{} differ from what {} generates: run `queens handout`",
            stale.join(" and "),
            homework.reference
        ))
    }
}
