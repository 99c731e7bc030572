//! A feedback page as Markdown: every piece of student code, compiler output
//! and test message in a fenced block longer than any backtick run inside
//! it, so nothing the student wrote is read as Markdown or HTML.

use super::page::Page;

/// The page as Markdown.
pub fn markdown(page: &Page) -> String {
    let mut out = String::new();
    let score = if page.scored() {
        format!(
            "**Score: {} / {}** ({})",
            page.score.0, page.score.1, page.status
        )
    } else {
        format!(
            "**Not graded yet** ({}): {}",
            page.status,
            super::page::NOT_GRADED
        )
    };
    out.push_str(&format!(
        "# Feedback for {}\n\n{}\n\n{score}\n",
        inline(&page.id),
        page.homework,
    ));
    if !page.detail.is_empty() && page.compile_errors.is_empty() {
        out.push_str(&format!("\n{}\n", fenced(&page.detail, "text")));
    }
    for note in page.notes.iter().chain(&page.warnings) {
        out.push_str(&format!("\n> {}\n", note.replace('\n', " ")));
    }
    if !page.compile_errors.is_empty() {
        out.push_str("\n## Your code does not compile\n\nNo test could run. ");
        if !page.error_lines.is_empty() {
            out.push_str("The compiler points at these lines of your file:\n\n");
            for (line, text) in &page.error_lines {
                out.push_str(&format!("line {line}:\n\n{}\n", fenced(text, "rust")));
            }
        }
        out.push_str(&format!(
            "\nWhat the compiler says:\n\n{}\n",
            fenced(&page.compile_errors, "text")
        ));
    }
    out.push_str("\n## Your score, blank by blank\n\n| part | score |\n| --- | --- |\n");
    for section in &page.sections {
        out.push_str(&format!(
            "| {} | {} / {} |\n",
            section.heading.replace('|', "\\|"),
            section.score.0,
            section.score.1
        ));
    }
    for section in &page.sections {
        out.push_str(&format!(
            "\n### {} — {} / {}\n",
            section.heading, section.score.0, section.score.1
        ));
        if section.not_run {
            out.push_str("\nNot run: your code does not compile.\n");
            continue;
        }
        if section.failed.is_empty() {
            out.push_str("\nEvery test passes.\n");
            continue;
        }
        out.push_str(&format!("\nFailed: {}\n", names(&section.failed)));
        if let Some((test, message)) = &section.first_failure {
            out.push_str(&format!(
                "\nThe first failure, {}:\n\n{}\n",
                inline(test),
                fenced(message, "text")
            ));
        }
        if let Some(hint) = &section.hint {
            out.push_str(&format!("\n**Hint:** {hint}\n"));
        }
        out.push_str(&format!(
            "\nMore hints, one at a time: {}\n",
            inline(&section.hint_command)
        ));
    }
    if !page.quality.is_empty() {
        out.push_str(
            "\n## Code-quality notes (not scored)\n\nClippy's remarks on the code inside your blanks:\n\n",
        );
        for note in &page.quality {
            out.push_str(&format!("{}\n", fenced(note, "text")));
        }
    }
    if !page.observations.is_empty() {
        out.push_str("\n## What the grader saw of each test\n\n");
        for line in &page.observations {
            out.push_str(&format!("- {}\n", inline(line)));
        }
    }
    out
}

fn names(tests: &[String]) -> String {
    tests
        .iter()
        .map(|t| inline(t))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `text` as inline code, its backticks outnumbered.
fn inline(text: &str) -> String {
    let ticks = "`".repeat(longest_run(text) + 1);
    let text = text.replace('\n', " ");
    if text.starts_with('`') || text.ends_with('`') {
        format!("{ticks} {text} {ticks}")
    } else {
        format!("{ticks}{text}{ticks}")
    }
}

/// `text` as a fenced block of `language`.
fn fenced(text: &str, language: &str) -> String {
    let fence = "`".repeat((longest_run(text) + 1).max(3));
    format!("{fence}{language}\n{}\n{fence}", text.trim_end())
}

fn longest_run(text: &str) -> usize {
    text.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_outnumber_the_backticks_inside() {
        assert_eq!(fenced("a ```` b", "text"), "`````text\na ```` b\n`````");
        assert_eq!(fenced("plain", "rust"), "```rust\nplain\n```");
        assert_eq!(inline("a`b"), "``a`b``");
    }
}
