//! One CSV row per submission (`--format csv`, batches).

use super::score::*;
use crate::grader::*;
use crate::results::*;
use crate::settings::Scheme;

/// The CSV columns for submissions of one homework (from its test list, so
/// every row has the same ones): one column of points per group, then the
/// totals, what happened (`flags`: what the containment stopped, see
/// [`FLAGS`]), the submission's cluster of similar work
/// ([`crate::fingerprint::cluster`]) and the homework.
#[derive(Debug, Clone)]
pub struct CsvLayout {
    groups: Vec<(String, u32)>,
}

impl CsvLayout {
    /// The layout of a homework's groups, each with its points in `scheme`.
    pub fn new(scheme: &Scheme) -> Self {
        let mut groups: Vec<(String, u32)> = Vec::new();
        for name in scheme.homework.test_names() {
            let group = group_of(name);
            let points = scheme.points(name);
            match groups.last_mut() {
                Some((last, count)) if last == group => *count += points,
                _ => groups.push((group.to_owned(), points)),
            }
        }
        Self { groups }
    }

    /// The header row.
    pub fn header(&self) -> Vec<String> {
        let mut header = vec!["id".to_owned()];
        header.extend(self.groups.iter().map(|(group, _)| column_name(group)));
        header.extend(
            [
                "total", "max", "status", "problems", "flags", "notes", "detail", "seconds",
                "cluster", "homework",
            ]
            .map(str::to_owned),
        );
        header
    }

    /// The row of one grade. A grade the grader could not give
    /// ([`Grade::scored`] false) has empty score cells, never a 0.
    pub fn row(&self, grade: &Grade) -> Vec<String> {
        let scored = scored_groups(grade);
        let mut row = vec![grade.submission.clone()];
        let cell = |score: u32| {
            if grade.scored() {
                score.to_string()
            } else {
                String::new()
            }
        };
        for (group, _) in &self.groups {
            let score = scored
                .iter()
                .find(|g| &g.group == group)
                .map_or(0, |g| g.score);
            row.push(cell(score));
        }
        let (score, _) = totals(grade);
        let max: u32 = self.groups.iter().map(|(_, max)| max).sum();
        let detail = if grade.detail.is_empty() {
            scored
                .iter()
                .find_map(GroupScore::first_failure)
                .map(|t| {
                    format!(
                        "{}: {}",
                        t.full_name,
                        t.message.lines().next().unwrap_or("")
                    )
                })
                .unwrap_or_default()
        } else {
            grade.detail.clone()
        };
        row.push(cell(score));
        row.push(max.to_string());
        row.push(grade.status.name().to_owned());
        row.push(
            problems(grade)
                .iter()
                .map(|(problem, count)| format!("{problem}:{count}"))
                .collect::<Vec<_>>()
                .join("; "),
        );
        row.push(flags(grade).join("; "));
        row.push(grade.notes.join("; "));
        row.push(detail);
        row.push(format!("{:.1}", grade.elapsed.as_secs_f64()));
        row.push(cluster(grade));
        // A resumed batch refuses another homework's rows by it.
        row.push(grade.homework.name.to_owned());
        row
    }

    /// How many groups of points a row has (after the id).
    pub fn group_count(&self) -> usize {
        self.groups.len()
    }
}

/// The cluster of the file that was graded; empty when none was read.
fn cluster(grade: &Grade) -> String {
    grade
        .source
        .as_ref()
        .filter(|_| !matches!(grade.status, Status::NoSubmission | Status::Rejected))
        .and_then(|source| std::fs::read_to_string(source).ok())
        .map(|code| crate::fingerprint::cluster(&code))
        .unwrap_or_default()
}

/// `blank_1` for `blank_1_prune_check`; other groups keep their name.
fn column_name(group: &str) -> String {
    match blank_of(group) {
        Some(id) => format!("blank_{id}"),
        None => group.to_owned(),
    }
}

/// One grade as CSV: the header and one row.
pub fn csv(grade: &Grade) -> Result<String, ::csv::Error> {
    let layout = CsvLayout::new(&grade.scheme);
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    writer.write_record(layout.header())?;
    writer.write_record(layout.row(grade))?;
    let bytes = writer
        .into_inner()
        .map_err(|e| ::csv::Error::from(e.into_error()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}
