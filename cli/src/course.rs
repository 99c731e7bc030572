//! The course's notebooks as the command line reads them: every
//! `notebooks/*.ipynb` in file-name order (the reading order), each with its
//! title and the homework its metadata names (`course.homework`). No list of
//! notebooks is kept anywhere, and no homework names another: what comes
//! after a homework is the notebook after its own.

use std::path::Path;

use queens_grader::homework::Homework;
use serde_json::Value;

/// One notebook of the course.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notebook {
    /// Its file name without `.ipynb` (`09-bitmask-homework`).
    pub name: String,
    /// Its title, the first line of its first cell without the `# `
    /// (`09 · Homework 3: the bitmask solver`).
    pub title: String,
    /// The homework whose handout it runs, if any.
    pub homework: Option<String>,
}

/// The course's notebooks under `root`, in reading order; a notebook that
/// cannot be read or parsed is left out (the book and the tests say why).
pub fn notebooks(root: &Path) -> Vec<Notebook> {
    let folder = root.join("notebooks");
    queens::notebook::names(&folder)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|name| {
            let text = std::fs::read_to_string(folder.join(format!("{name}.ipynb"))).ok()?;
            let notebook: Value = serde_json::from_str(&text).ok()?;
            let first = match &notebook["cells"][0]["source"] {
                Value::String(text) => text.clone(),
                Value::Array(lines) => lines.iter().filter_map(Value::as_str).collect(),
                _ => String::new(),
            };
            let heading = first.lines().next().unwrap_or_default();
            let title = heading.strip_prefix("# ").unwrap_or(heading).to_owned();
            let homework = notebook["metadata"]["course"]["homework"]
                .as_str()
                .map(str::to_owned);
            Some(Notebook {
                name,
                title,
                homework,
            })
        })
        .collect()
}

/// What a student whose every test of `homework` passes does next: the rest
/// of the homework's notebook, then the notebook after it, found in the
/// course under `root` (without a course, only the homework's own words).
pub fn next_step(root: &Path, homework: &Homework) -> String {
    let notebooks = notebooks(root);
    let own = notebooks
        .iter()
        .position(|notebook| notebook.homework.as_deref() == Some(homework.name));
    let Some(own) = own else {
        return format!("Next, in this homework's notebook: {}.", homework.next);
    };
    let path = |notebook: &Notebook| format!("notebooks/{}.ipynb", notebook.name);
    let mut step = format!(
        "Next: the rest of {} ({}, `cargo run -- lab`): {}",
        notebooks[own].title,
        path(&notebooks[own]),
        homework.next
    );
    if let Some(after) = notebooks.get(own + 1) {
        step.push_str(&format!("; then {} ({})", after.title, path(after)));
    }
    step.push('.');
    step
}

#[cfg(test)]
mod tests {
    use super::*;

    fn course() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
    }

    /// Each homework's next step names its own notebook and the one after
    /// it, as the course orders them; its own words name neither, so adding
    /// or moving a notebook edits no homework.
    #[test]
    fn every_homework_s_next_step_is_its_notebook_then_the_following_one() {
        let notebooks = notebooks(course());
        for homework in queens_grader::homeworks::ALL {
            let own = notebooks
                .iter()
                .position(|n| n.homework.as_deref() == Some(homework.name))
                .unwrap_or_else(|| panic!("{}: no notebook runs it", homework.name));
            let step = next_step(course(), homework);
            assert!(
                step.starts_with(&format!(
                    "Next: the rest of {} (notebooks/{}.ipynb",
                    notebooks[own].title, notebooks[own].name
                )),
                "{step}"
            );
            if let Some(after) = notebooks.get(own + 1) {
                assert!(
                    step.ends_with(&format!(
                        "; then {} (notebooks/{}.ipynb).",
                        after.title, after.name
                    )),
                    "{step}"
                );
            }
            for word in ["notebook", "homework", ".ipynb"] {
                assert!(
                    !homework.next.to_lowercase().contains(word),
                    "{}: its next step names a {word}: {}",
                    homework.name,
                    homework.next
                );
            }
        }
    }

    /// The homework notebooks follow the registry: one notebook per
    /// homework, none for a homework the registry does not hold, in the
    /// homeworks' `order`.
    #[test]
    fn the_homework_notebooks_come_in_the_registry_s_order() {
        let in_notebooks: Vec<String> = notebooks(course())
            .into_iter()
            .filter_map(|notebook| notebook.homework)
            .collect();
        let registry: Vec<&str> = queens_grader::homeworks::ALL
            .iter()
            .map(|homework| homework.name)
            .collect();
        assert_eq!(in_notebooks, registry);
    }

    #[test]
    fn without_a_course_the_homework_s_own_words_remain() {
        let homework = queens_grader::homeworks::ALL[0];
        let step = next_step(Path::new("/nonexistent"), homework);
        assert_eq!(
            step,
            format!("Next, in this homework's notebook: {}.", homework.next)
        );
    }
}
