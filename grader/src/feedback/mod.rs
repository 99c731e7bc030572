//! `queens grade --batch DIR --feedback OUT`: one page per student, written
//! as each row is, in Markdown (`OUT/<id>.md`) and as a self-contained HTML
//! page (`OUT/<id>.html`), and for the instructor only: `OUT/index.html`, one
//! line per student linking both with the submission's flags, and
//! `OUT/instructor/<id>.txt`, what the grader observed of each test and the
//! output it kept ([`observations`]). Nothing of the instructor's folder
//! reaches a student's page unless `queens.toml` sets `[feedback]
//! show_observations` (and then a summary, not the log).
//!
//! `page` gathers what a page says (per blank the score, the first failure
//! in the homework's words, the next hint; compile errors at the student's
//! lines; clippy's notes in the blanks, never scored), `markdown` and
//! `html` write it, `picture` draws the boards the messages draw as text.

mod html;
mod markdown;
pub mod observations;
mod page;
mod picture;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use html_escape::encode_text as escape;

use crate::grader::{Grade, Status};

pub use html::html;
pub use markdown::markdown;
pub use page::{Page, Section, blank_at};
pub use picture::svg;

/// Where the feedback of one batch goes.
#[derive(Debug, Clone)]
pub struct Feedback {
    dir: PathBuf,
}

/// One line of the instructor's index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexLine {
    /// The submission's id.
    pub id: String,
    /// Points earned.
    pub score: String,
    /// Points possible.
    pub max: String,
    /// Its status (`graded`, `compile-error`…).
    pub status: String,
    /// Its cluster of similar work (empty when nothing was read).
    pub cluster: String,
    /// What the containment stopped or saw (`left-running; touched-files`).
    pub flags: String,
}

impl IndexLine {
    /// Whether the grader could not grade this submission: no score, graded
    /// again on `--resume`.
    pub fn needs_regrade(&self) -> bool {
        Status::from_name(&self.status).is_some_and(Status::is_grader_error)
    }
}

/// The instructor's folder inside the feedback folder.
pub const INSTRUCTOR_DIR: &str = "instructor";

impl Feedback {
    /// Feedback into `dir`, created if need be.
    pub fn new(dir: &Path) -> std::io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        Ok(Self {
            dir: dir.to_owned(),
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes `grade`'s two pages; `quality` is clippy's notes in its blanks.
    pub fn write(&self, grade: &Grade, quality: Vec<String>) -> std::io::Result<()> {
        let source = grade
            .source
            .as_ref()
            .and_then(|path| std::fs::read_to_string(path).ok());
        let page = Page::new(grade, source.as_deref(), quality);
        std::fs::write(self.page_path(&grade.submission, "md"), markdown(&page))?;
        std::fs::write(self.page_path(&grade.submission, "html"), html(&page))?;
        let instructor = self.dir.join(INSTRUCTOR_DIR);
        std::fs::create_dir_all(&instructor)?;
        std::fs::write(
            instructor.join(format!("{}.txt", grade.submission)),
            observations::log(grade),
        )
    }

    /// `OUT/<id>.<extension>`.
    pub fn page_path(&self, id: &str, extension: &str) -> PathBuf {
        self.dir.join(format!("{id}.{extension}"))
    }

    /// Writes `OUT/index.html`: one line per student, then `sections`
    /// (a title and its lines, such as the roster's unmatched ids).
    pub fn write_index(
        &self,
        title: &str,
        lines: &[IndexLine],
        sections: &[(String, Vec<String>)],
    ) -> std::io::Result<()> {
        std::fs::write(self.dir.join("index.html"), index(title, lines, sections))
    }
}

/// The instructor's index page.
pub fn index(title: &str, lines: &[IndexLine], sections: &[(String, Vec<String>)]) -> String {
    let mut sizes: HashMap<&str, usize> = HashMap::new();
    for line in lines.iter().filter(|l| !l.cluster.is_empty()) {
        *sizes.entry(&line.cluster).or_default() += 1;
    }
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>\
         <style>{}</style></head><body>\n<h1>{title}</h1>\n<p>{} submissions; a cluster shared by \
         several rows is the same code in every blank, names and layout aside.</p>\n\
         <table><tr><th>id</th><th>score</th><th>status</th><th>flags</th><th>cluster</th>\
         <th>feedback</th></tr>\n",
        html::STYLE,
        lines.len(),
        title = escape(title),
    );
    for line in lines {
        let score = (
            line.score.parse().unwrap_or(0),
            line.max.parse().unwrap_or(0),
        );
        let cluster = match sizes.get(line.cluster.as_str()) {
            Some(&size) if size > 1 => format!("{} ({size} alike)", escape(&line.cluster)),
            _ => escape(&line.cluster).into_owned(),
        };
        let link = href(&line.id);
        let score = if line.needs_regrade() {
            "<td class=\"none\">regrade</td>".to_owned()
        } else {
            format!(
                "<td class=\"{}\">{} / {}</td>",
                html::class(score),
                escape(&line.score),
                escape(&line.max)
            )
        };
        out.push_str(&format!(
            "<tr><td>{id}</td>{score}<td>{}</td><td>{}</td>\
             <td>{cluster}</td><td><a href=\"{link}.html\">page</a> · <a href=\"{link}.md\">\
             markdown</a> · <a href=\"{INSTRUCTOR_DIR}/{link}.txt\">what it did</a></td></tr>\n",
            escape(&line.status),
            escape(&line.flags),
            id = escape(&line.id),
        ));
    }
    out.push_str("</table>\n");
    let regrade: Vec<&str> = lines
        .iter()
        .filter(|line| line.needs_regrade())
        .map(|line| line.id.as_str())
        .collect();
    if !regrade.is_empty() {
        out.push_str(&format!(
            "<h2>To regrade: {} submissions the grader could not grade</h2>\n<p>No score was \
             given (empty cells in the CSV and the LMS file). Fix the grader (each row's detail \
             says what failed), then run the same command with --resume: these are graded \
             again.</p>\n<ul>\n",
            regrade.len()
        ));
        for id in regrade {
            out.push_str(&format!("<li>{}</li>\n", escape(id)));
        }
        out.push_str("</ul>\n");
    }
    for (heading, items) in sections {
        out.push_str(&format!("<h2>{}</h2>\n<ul>\n", escape(heading)));
        for item in items {
            out.push_str(&format!("<li>{}</li>\n", escape(item)));
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</body></html>\n");
    out
}

/// An id as a relative link: every byte but letters, digits, `-`, `_` and
/// `.` percent-encoded (an id is a folder name, any text).
fn href(id: &str) -> String {
    id.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_escapes_ids_and_links_them() {
        let line = |id: &str, cluster: &str| IndexLine {
            id: id.to_owned(),
            score: "3".to_owned(),
            max: "4".to_owned(),
            status: "graded".to_owned(),
            cluster: cluster.to_owned(),
            flags: "left-running".to_owned(),
        };
        let page = index(
            "batch",
            &[
                line("<b>ada", "c1"),
                line("bob lee", "c1"),
                line("cy", "c2"),
            ],
            &[(
                "unmatched".to_owned(),
                vec!["<script>x</script>".to_owned()],
            )],
        );
        assert!(page.contains("&lt;b&gt;ada"), "{page}");
        assert!(page.contains("href=\"%3Cb%3Eada.html\""), "{page}");
        assert!(page.contains("href=\"bob%20lee.md\""), "{page}");
        assert!(page.contains("c1 (2 alike)"), "{page}");
        assert!(!page.contains("<script>"), "{page}");
    }

    #[test]
    fn a_submission_the_grader_could_not_grade_is_listed_for_a_regrade() {
        let line = |id: &str, score: &str, status: &str| IndexLine {
            id: id.to_owned(),
            score: score.to_owned(),
            max: "50".to_owned(),
            status: status.to_owned(),
            cluster: String::new(),
            flags: String::new(),
        };
        let page = index(
            "batch",
            &[
                line("ada", "50", "graded"),
                line("bob", "", "grader-error"),
                line("cy", "0", "compile-error"),
            ],
            &[],
        );
        let row = |id: &str| {
            page.lines()
                .find(|l| l.starts_with(&format!("<tr><td>{id}</td>")))
                .unwrap_or_default()
                .to_owned()
        };
        assert!(row("bob").contains(">regrade</td>"), "{page}");
        assert!(!row("bob").contains("/ 50"), "{page}");
        assert!(row("ada").contains("50 / 50"), "{page}");
        assert!(!row("cy").contains("regrade"), "{page}");
        assert!(page.contains("To regrade: 1 submissions"), "{page}");
        assert!(page.contains("<li>bob</li>"), "{page}");
    }
}
