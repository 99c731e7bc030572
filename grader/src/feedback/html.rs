//! A feedback page as one self-contained HTML file: styles inline, boards as
//! inline SVG, nothing fetched. Student code, compiler output, test messages
//! and ids are hostile text: every one goes through `html-escape`.

use html_escape::encode_text as escape;

use super::page::{Page, Section};
use super::picture::svg;
use crate::explanation::{Explanation, Part};
use crate::homework::Squares;

/// The styles of every page the feedback writes.
pub const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;\
padding:0 1rem;color:#222;line-height:1.45}h1{margin-bottom:.2rem}pre{background:#f6f6f6;\
padding:.6rem;overflow-x:auto;white-space:pre-wrap;border-radius:4px}table{border-collapse:collapse}\
td,th{border:1px solid #ccc;padding:.25rem .6rem;text-align:left}.full{color:#1e7b34}\
.some{color:#a15c00}.none{color:#b00020}.note{border-left:4px solid #d9a400;padding-left:.6rem}\
.hint{background:#eef6ff;padding:.5rem;border-radius:4px}section{margin-top:1.5rem}\
.board{margin:.5rem 0}";

/// The page as HTML.
pub fn html(page: &Page) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Feedback for {id}</title><style>{STYLE}</style></head><body>\n\
         <h1>Feedback for {id}</h1>\n<p>{homework}</p>\n<p>{score}</p>\n",
        id = escape(&page.id),
        homework = escape(&page.homework),
        score = if page.scored() {
            format!(
                "<strong class=\"{}\">Score: {} / {}</strong> ({})",
                class(page.score),
                page.score.0,
                page.score.1,
                escape(&page.status)
            )
        } else {
            format!(
                "<strong>Not graded yet</strong> ({}): {}",
                escape(&page.status),
                escape(super::page::NOT_GRADED)
            )
        },
    ));
    if !page.detail.is_empty() && page.compile_errors.is_empty() {
        out.push_str(&format!("<pre>{}</pre>\n", escape(&page.detail)));
    }
    for note in page.notes.iter().chain(&page.warnings) {
        out.push_str(&format!("<p class=\"note\">{}</p>\n", escape(note)));
    }
    if !page.compile_errors.is_empty() {
        out.push_str("<section><h2>Your code does not compile</h2><p>No test could run.");
        if !page.error_lines.is_empty() {
            out.push_str(" The compiler points at these lines of your file:</p>\n");
            for (line, text) in &page.error_lines {
                out.push_str(&format!("<p>line {line}:</p><pre>{}</pre>\n", escape(text)));
            }
        } else {
            out.push_str("</p>\n");
        }
        out.push_str(&format!(
            "<p>What the compiler says:</p><pre>{}</pre></section>\n",
            escape(&page.compile_errors)
        ));
    }
    out.push_str(
        "<section><h2>Your score, blank by blank</h2><table><tr><th>part</th><th>score</th></tr>\n",
    );
    for section in &page.sections {
        out.push_str(&format!(
            "<tr><td>{}</td><td class=\"{}\">{} / {}</td></tr>\n",
            escape(&section.heading),
            class(section.score),
            section.score.0,
            section.score.1
        ));
    }
    out.push_str("</table></section>\n");
    for section in &page.sections {
        out.push_str(&section_html(section, page.squares));
    }
    if !page.quality.is_empty() {
        out.push_str(
            "<section><h2>Code-quality notes (not scored)</h2>\
             <p>Clippy's remarks on the code inside your blanks:</p>\n",
        );
        for note in &page.quality {
            out.push_str(&format!("<pre>{}</pre>\n", escape(note)));
        }
        out.push_str("</section>\n");
    }
    if !page.observations.is_empty() {
        out.push_str("<section><h2>What the grader saw of each test</h2><ul>\n");
        for line in &page.observations {
            out.push_str(&format!("<li>{}</li>\n", escape(line)));
        }
        out.push_str("</ul></section>\n");
    }
    out.push_str("</body></html>\n");
    out
}

fn section_html(section: &Section, squares: Squares) -> String {
    let mut out = format!(
        "<section><h3>{} — <span class=\"{}\">{} / {}</span></h3>\n",
        escape(&section.heading),
        class(section.score),
        section.score.0,
        section.score.1
    );
    if section.not_run {
        out.push_str("<p>Not run: your code does not compile.</p></section>\n");
        return out;
    }
    if section.failed.is_empty() {
        out.push_str("<p>Every test passes.</p></section>\n");
        return out;
    }
    let failed: Vec<String> = section
        .failed
        .iter()
        .map(|t| format!("<code>{}</code>", escape(t)))
        .collect();
    out.push_str(&format!("<p>Failed: {}</p>\n", failed.join(", ")));
    if let Some((test, message)) = &section.first_failure {
        out.push_str(&format!(
            "<p>The first failure, <code>{}</code>:</p>\n",
            escape(test)
        ));
        if section.first_failure_parts.is_empty() {
            out.push_str(&format!("<pre>{}</pre>\n", escape(message)));
        }
        for part in &section.first_failure_parts {
            match part {
                Part::Text(text) => out.push_str(&format!("<pre>{}</pre>\n", escape(text))),
                Part::Board(board) => out.push_str(&format!(
                    "<div class=\"board\">{}</div>\n",
                    svg(board, squares)
                )),
                Part::Bits { .. } => out.push_str(&format!(
                    "<pre>{}</pre>\n",
                    escape(
                        &Explanation {
                            parts: vec![part.clone()]
                        }
                        .to_text()
                    )
                )),
            }
        }
    }
    if let Some(hint) = &section.hint {
        out.push_str(&format!(
            "<p class=\"hint\"><strong>Hint:</strong> {}</p>\n",
            escape(hint)
        ));
    }
    out.push_str(&format!(
        "<p>More hints, one at a time: <code>{}</code></p></section>\n",
        escape(&section.hint_command)
    ));
    out
}

/// The colour class of a score: all, some or none of the points.
pub fn class((score, max): (u32, u32)) -> &'static str {
    if max > 0 && score == max {
        "full"
    } else if score > 0 {
        "some"
    } else {
        "none"
    }
}
