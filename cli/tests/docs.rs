//! The documents a student or an instructor copies from (README.md and
//! `docs/*.md`), held to what they describe: every homework table lists
//! the grader's registry (`homeworks::ALL`), row for row, so a fifth homework
//! cannot leave one stale; and every `queens` command they show parses with
//! the command line's own clap definition, as shown.

use std::path::PathBuf;

use queens_cli::Cli;
use queens_grader::homeworks::ALL;

fn root() -> PathBuf {
    queens_grader::course::course_root()
}

/// README.md and every Markdown file of `docs/`, by name, with their text.
fn documents() -> Vec<(String, String)> {
    let mut names = vec![PathBuf::from("README.md")];
    let docs = std::fs::read_dir(root().join("docs")).expect("docs/");
    let mut found: Vec<PathBuf> = (docs.filter_map(Result::ok))
        .map(|entry| PathBuf::from("docs").join(entry.file_name()))
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    found.sort();
    names.extend(found);
    (names.into_iter())
        .map(|name| {
            let text = std::fs::read_to_string(root().join(&name))
                .unwrap_or_else(|e| panic!("{}: {e}", name.display()));
            (name.display().to_string(), text)
        })
        .collect()
}

/// The rows of `text`'s homework tables: a table row whose first cell
/// starts with a number and a homework's name in backticks (`| 2 `sudoku` …`).
fn homework_rows(text: &str) -> Vec<(u32, String, String)> {
    text.lines()
        .filter_map(|line| {
            let first = line.strip_prefix("| ")?.split(" | ").next()?;
            let (number, rest) = first.split_once(" `")?;
            let (name, _) = rest.split_once('`')?;
            Some((number.parse().ok()?, name.to_owned(), line.to_owned()))
        })
        .collect()
}

/// The notebook whose metadata names `homework` (`course.homework`), by its
/// number (`"09"`).
fn notebook_of(homework: &str) -> Option<String> {
    let folder = root().join("notebooks");
    let names = queens::notebook::names(&folder).expect("the notebooks");
    names.into_iter().find_map(|name| {
        let text = std::fs::read_to_string(folder.join(format!("{name}.ipynb"))).ok()?;
        let notebook: serde_json::Value = serde_json::from_str(&text).ok()?;
        (notebook["metadata"]["course"]["homework"] == homework).then(|| name[..2].to_owned())
    })
}

/// The registry's homeworks of the course as written: those whose notebook
/// comes before the conclusion (the last notebook that checks no homework).
/// A homework added later (`queens homework new`) comes after it and edits no
/// other file, so a table may leave it out (and is checked when it lists it).
fn homeworks_before_the_conclusion() -> Vec<&'static str> {
    let folder = root().join("notebooks");
    let names = queens::notebook::names(&folder).expect("the notebooks");
    let checks = |name: &String| {
        ALL.iter()
            .any(|h| notebook_of(h.name).as_deref() == Some(&name[..2]))
    };
    let conclusion = names
        .iter()
        .rposition(|name| !checks(name))
        .expect("a conclusion");
    let before = &names[..conclusion];
    (ALL.iter())
        .filter(|h| notebook_of(h.name).is_some_and(|n| before.iter().any(|b| b[..2] == n)))
        .map(|h| h.name)
        .collect()
}

/// Every homework table lists the registry's homeworks in the course's
/// order (every one of the course as written, and any added later that it
/// names), each with its file, its test command and (where the row names
/// one) the notebook that checks it; README and the student guide have one;
/// and a count of homeworks in words is the registry's.
#[test]
fn the_homework_tables_list_every_homework_of_the_registry() {
    let written = homeworks_before_the_conclusion();
    assert!(written.len() >= 4, "the course as written: {written:?}");
    let words = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let mut tables = Vec::new();
    for (document, text) in documents() {
        let rows = homework_rows(&text);
        if !rows.is_empty() {
            tables.push(document.clone());
            let listed: Vec<(u32, &str)> = rows.iter().map(|(o, n, _)| (*o, n.as_str())).collect();
            let expected: Vec<(u32, &str)> = (ALL.iter())
                .filter(|h| written.contains(&h.name) || listed.iter().any(|(_, n)| *n == h.name))
                .map(|h| (h.order, h.name))
                .collect();
            assert_eq!(listed, expected, "{document}'s homework table");
        }
        let listed = rows
            .iter()
            .map(|(_, name, _)| ALL.iter().find(|h| h.name == *name));
        for ((_, _, row), homework) in rows.iter().zip(listed.flatten()) {
            let file = format!("`exercises/{}`", homework.source);
            let tests = format!("`cargo test -p exercises --test {}`", homework.test_target);
            assert!(row.contains(&file), "{document}: {row} names {file}");
            assert!(row.contains(&tests), "{document}: {row} names {tests}");
            if let Some(at) = row.find("(notebook ") {
                let notebook = notebook_of(homework.name).expect("a notebook checks it");
                assert!(
                    row[at..].starts_with(&format!("(notebook {notebook}")),
                    "{document}: {} is checked by notebook {notebook}: {row}",
                    homework.name
                );
            }
        }
        // "The four homeworks", "four homeworks to write": the registry's count.
        let prose = text.to_lowercase();
        for (count, word) in words.iter().enumerate().skip(2) {
            for said in [
                format!(" {word} homeworks"),
                format!(" all {word} homeworks"),
            ] {
                assert!(
                    !prose.contains(&said) || count == ALL.len(),
                    "{document} says \"{}\": the registry has {}",
                    said.trim(),
                    ALL.len()
                );
            }
        }
    }
    assert!(
        tables.contains(&"README.md".to_owned()) && tables.contains(&"docs/students.md".to_owned()),
        "README.md and docs/students.md each list the homeworks: {tables:?}"
    );
}

/// The reference run the student guide shows for the site takes every
/// notebook on the handout, as `cargo queens book` needs them all: it picks
/// them with `grep -l '"homework":'`, which finds exactly the notebooks whose
/// metadata names a homework, so a homework added later needs no edit here.
#[test]
fn the_site_s_reference_run_in_the_student_guide_takes_every_homework_notebook() {
    let guide = std::fs::read_to_string(root().join("docs/students.md")).expect("the guide");
    let line = (guide.lines())
        .find(|l| l.contains("notebooks.py execute --reference"))
        .expect("the guide's reference run");
    let pick = "$(grep -l '\"homework\":' notebooks/*.ipynb)";
    assert!(
        line.ends_with(pick),
        "the reference run picks its notebooks with {pick}: {line}"
    );
    let folder = root().join("notebooks");
    for name in queens::notebook::names(&folder).expect("the notebooks") {
        let text = std::fs::read_to_string(folder.join(format!("{name}.ipynb"))).unwrap();
        let notebook: serde_json::Value = serde_json::from_str(&text).unwrap();
        let homework = notebook["metadata"]["course"]["homework"].is_string();
        assert_eq!(
            text.contains("\"homework\":"),
            homework,
            "{name}: grep picks it iff it checks a homework"
        );
    }
}

/// The `queens` commands of a document, each with whether cargo runs it: what follows `cargo run [--release]
/// --`, `cargo queens` or a bare `queens` in a code span (which may break
/// across lines) or a line of a code block (its spans, where it has some: a
/// screen's text), up to a comment or the span's end.
fn commands(text: &str) -> Vec<(String, bool)> {
    let mut pieces = Vec::new();
    let mut in_block = false;
    let mut prose = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block && !line.contains('`') {
            pieces.push(line.split(" #").next().unwrap_or_default().to_owned());
        } else {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    // Code spans: every other piece between backticks, a line break a space.
    pieces.extend(
        prose
            .split('`')
            .skip(1)
            .step_by(2)
            .map(|span| span.replace('\n', " ")),
    );
    let starts = [
        "cargo run --release -- ",
        "cargo run -- ",
        "cargo queens ",
        "queens ",
    ];
    let mut found = Vec::new();
    for piece in pieces {
        let piece = piece.trim();
        for start in starts {
            let Some(at) = piece.find(start) else {
                continue;
            };
            // `queens ` inside `cargo queens ` is that command, not another.
            if start == "queens " && (at > 0 || piece.starts_with("cargo")) {
                continue;
            }
            found.push((piece[at + start.len()..].to_owned(), start != "queens "));
            break;
        }
    }
    found
}

/// A shown command as its arguments: placeholders filled (`NAME` a
/// homework, `N` a blank, `MODE` a sandbox's, `[--flag X]` taken in), a `a\|b` choice its first,
/// a shell's closing `)` dropped; `None` for an elided one (`…`).
fn arguments(command: &str) -> Option<Vec<String>> {
    if command.contains('…') || command.contains('<') {
        return None;
    }
    let cut = command.split([';', '>']).next().unwrap_or_default();
    Some(
        cut.split_whitespace()
            .map(|word| {
                let word = word.trim_matches(['[', ']']).trim_end_matches(')');
                let word = word.split("\\|").next().unwrap_or_default();
                match word {
                    "NAME" => ALL[0].name.to_owned(),
                    "N" => "1".to_owned(),
                    "MODE" => "auto".to_owned(),
                    _ => word.to_owned(),
                }
            })
            .filter(|word| !word.is_empty())
            .collect(),
    )
}

/// Every `queens` command README.md and `docs/*.md` show parses as shown
/// (clap's help and version aside): its subcommand and every flag exist,
/// required ones given (`cargo run -- book` needs `--out`).
#[test]
fn every_command_in_the_documents_parses_as_shown() {
    let subcommands: Vec<String> = (<Cli as clap::CommandFactory>::command().get_subcommands())
        .map(|s| s.get_name().to_owned())
        .collect();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (document, text) in documents() {
        for (command, through_cargo) in commands(&text) {
            let Some(args) = arguments(&command) else {
                continue;
            };
            // A bare `queens` is a command only before a subcommand (`queens
            // <homework>` is a Canvas title); after cargo it must be one.
            if !args.first().is_some_and(|s| subcommands.contains(s)) {
                if through_cargo {
                    wrong.push(format!("{document}: `{command}`: no subcommand"));
                }
                continue;
            }
            checked += 1;
            let parsed = Cli::try_parse_args(std::iter::once("queens".to_owned()).chain(args));
            if let Err(error) = parsed {
                use clap::error::ErrorKind::{DisplayHelp, DisplayVersion};
                if !matches!(error.kind(), DisplayHelp | DisplayVersion) {
                    let first = error.to_string();
                    let first = first.lines().next().unwrap_or_default().to_owned();
                    wrong.push(format!("{document}: `{command}`: {first}"));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "commands that do not parse:\n{}",
        wrong.join("\n")
    );
    assert!(
        checked > 50,
        "only {checked} commands found in the documents"
    );
}
