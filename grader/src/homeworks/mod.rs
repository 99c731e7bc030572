//! The course's homeworks, in the course's order: one folder each (its
//! graded tests with their questions, its explainer, the reference's
//! answers, its handout's paths), found by the build script (`build.rs`:
//! every folder here with a `mod.rs`), so adding a homework edits no list.
//!
//! A homework's folder declares itself with [`homework!`](crate::homework!):
//! a [`Homework`] named `HOMEWORK`, and `run`, which its test target in
//! `exercises/tests/` calls. Nothing outside this folder names a homework:
//! the grader's core, the command line and the platforms take them from
//! [`ALL`], in the order of their `order` field.

use crate::homework::Homework;

/// Declares each homework's module and lists it in [`ALL`], in the
/// course's order.
macro_rules! registry {
    ($($path:literal $homework:ident),+ $(,)?) => {
        $(#[path = $path] pub mod $homework;)+

        const FOUND: [&Homework; [$(stringify!($homework)),+].len()] = [$(&$homework::HOMEWORK),+];
        const SORTED: [&Homework; FOUND.len()] = in_course_order(FOUND);

        /// Every homework, in the course's order.
        pub const ALL: &[&Homework] = &SORTED;
    };
}

include!(concat!(env!("OUT_DIR"), "/registry.rs"));

/// Each homework's own tests of what only the instructor has
/// (`<homework>/instructor/tests.rs`: the reference against the library's
/// notebook helpers, say), found like the homeworks; a student copy has none.
#[cfg(test)]
mod instructor_tests {
    include!(concat!(env!("OUT_DIR"), "/instructor_tests.rs"));
}

/// The course's notebooks that check a homework (`course.homework` in their
/// metadata), in file order: `(homework, code cells)`, for the homeworks'
/// tests of their notebooks.
#[cfg(test)]
pub(crate) fn homework_notebooks() -> Vec<(String, Vec<String>)> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../notebooks");
    let names = queens::notebook::names(&folder).expect("the course's notebooks");
    let read = |name: &String| -> serde_json::Value {
        let text = std::fs::read_to_string(folder.join(format!("{name}.ipynb")));
        serde_json::from_str(&text.expect("a notebook")).expect("a notebook is JSON")
    };
    let source = |cell: &serde_json::Value| match &cell["source"] {
        serde_json::Value::Array(lines) => lines.iter().filter_map(|l| l.as_str()).collect(),
        source => source.as_str().unwrap_or_default().to_owned(),
    };
    (names.iter().map(read))
        .filter_map(|notebook| {
            let homework = notebook["metadata"]["course"]["homework"]
                .as_str()?
                .to_owned();
            let cells = notebook["cells"].as_array()?.iter();
            let code = cells.filter(|c| c["cell_type"] == "code").map(source);
            Some((homework, code.collect()))
        })
        .collect()
}

/// The code cells of the one notebook that checks `homework`.
#[cfg(test)]
#[allow(
    dead_code,
    reason = "for instructor/tests.rs, which a student copy has none of"
)]
pub(crate) fn notebook_cells(homework: &str) -> Vec<String> {
    let mut found = homework_notebooks()
        .into_iter()
        .filter(|(h, _)| h == homework);
    let (_, cells) = found.next().expect("a notebook checks this homework");
    assert!(found.next().is_none(), "one notebook checks {homework}");
    cells
}

/// Declares a homework folder's `HOMEWORK` (its [`Homework`]) and `run`, what
/// its test target's `main` calls, by the course's conventions: the student's
/// file `exercises/src/<name>.rs`, the reference `instructor/reference.rs`
/// in the folder (with the case table `instructor/cases.toml`: never in a
/// student copy, Gradescope's bundle or the grader's scratch workspace),
/// the hints `exercises/<name>-hints.json`, the test target `<name>`
/// (`exercises/tests/<name>.rs`), the reference's answers `answers.json` in
/// the folder, the tests and questions of its `graded_tests!` table, and its
/// `questions` module's `Blanks` and `answer`. What a homework may set, in
/// this order: other `source`, `reference` and `hints` paths (all three),
/// its explainer (else [`no_explainer`](crate::explanation::no_explainer)),
/// `explanations` of panics (else none) and `squares` (else chequered).
///
/// ```ignore
/// crate::homework! {
///     name: "knights",
///     title: "Knight's tours: the next square and the undo",
///     order: 5,
///     next: "your tour drawn square by square",
///     explain: explain::explain,
///     squares: Squares::Boxes(4),
/// }
/// ```
#[macro_export]
macro_rules! homework {
    (
        name: $name:literal,
        title: $title:literal,
        order: $order:literal,
        next: $next:literal,
        source: $source:literal,
        reference: $reference:literal,
        hints: $hints:literal,
        $($rest:tt)*
    ) => {
        $crate::homework!(@declare [$name, $title, $order, $next, $source, $reference, $hints] $($rest)*);
    };
    (
        name: $name:literal,
        title: $title:literal,
        order: $order:literal,
        next: $next:literal,
        $($rest:tt)*
    ) => {
        $crate::homework!(@declare [
            $name, $title, $order, $next,
            concat!("src/", $name, ".rs"),
            concat!("grader/src/homeworks/", $name, "/instructor/reference.rs"),
            concat!($name, "-hints.json")
        ] $($rest)*);
    };
    (
        @declare [$name:literal, $title:literal, $order:literal, $next:literal,
            $source:expr, $reference:expr, $hints:expr]
        $(explain: $explain:path,)?
        $(explanations: $explanations:expr,)?
        $(squares: $squares:expr,)?
    ) => {
        /// The homework, as the grader's core sees it.
        pub const HOMEWORK: $crate::homework::Homework = $crate::homework::Homework {
            name: $name,
            title: $title,
            order: $order,
            source: $source,
            reference: $reference,
            hints: $hints,
            test_target: $name,
            test_file: concat!("tests/", $name, ".rs"),
            tests: TESTS,
            judging: $crate::homework::Judging {
                questions: questions_json,
                answers: include_str!("answers.json"),
                explain: $crate::homework!(@or [$($explain)?] $crate::explanation::no_explainer),
            },
            next: $next,
            explanations: $crate::homework!(@or [$($explanations)?] &[]),
            squares: $crate::homework!(@or [$($squares)?] $crate::homework::Squares::Chequered),
            #[cfg(feature = "instructor")]
            files: $crate::homework::Files {
                tests: include_str!(concat!("../../../../exercises/tests/", $name, ".rs")),
                hints: include_str!(concat!("../../../../exercises/", $hints)),
            },
        };

        /// Runs the graded tests of the handout whose types `B` adapts: as
        /// libtest would (parent), or answering the one test a parent asked
        /// for (child). Returns the exit code for `main`.
        pub fn run<B: questions::Blanks>() -> std::process::ExitCode {
            $crate::harness::main(&HOMEWORK, |name| {
                $crate::harness::answering(questions(name), questions::answer::<B>)
            })
        }
    };
    (@or [$($given:tt)+] $default:expr) => { $($given)+ };
    (@or [] $default:expr) => { $default };
}

/// `found` sorted by each homework's `order` (an insertion sort: this runs
/// when the grader is compiled).
const fn in_course_order<const K: usize>(
    mut found: [&'static Homework; K],
) -> [&'static Homework; K] {
    let mut i = 1;
    while i < K {
        let mut j = i;
        while j > 0 && found[j - 1].order > found[j].order {
            let before = found[j - 1];
            found[j - 1] = found[j];
            found[j] = before;
            j -= 1;
        }
        i += 1;
    }
    found
}

/// The homework every tool takes when none is named: the course's first.
pub fn default() -> &'static Homework {
    ALL[0]
}

/// The homework called `name`, or a one-line error listing the names.
pub fn by_name(name: &str) -> Result<&'static Homework, String> {
    ALL.iter()
        .copied()
        .find(|homework| homework.name == name)
        .ok_or_else(|| format!("no homework is named {name:?} ({})", names().join(", ")))
}

/// Every homework's name, in order.
pub fn names() -> Vec<&'static str> {
    ALL.iter().map(|homework| homework.name).collect()
}

/// The homework whose handout file is `file` (`sudoku.rs`, `src/lib.rs`,
/// `exercises/src/bitmask.rs`), judged by its file name, or whose reference
/// it is (`grader/src/homeworks/sudoku/instructor/reference.rs`).
pub fn for_file(file: &std::path::Path) -> Option<&'static Homework> {
    let name = file.file_name()?.to_str()?;
    ALL.iter()
        .copied()
        .find(|homework| homework.file_name() == name || file.ends_with(homework.reference))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One spelling per name: a blank's group of graded tests, in words (as
    /// the reports title it), is the title its hints give it, so a report
    /// never says `un choose` where the hints say `un-choose`.
    #[test]
    fn a_blank_s_group_is_titled_as_its_hints_title_it() {
        for homework in ALL {
            let hints: serde_json::Value = serde_json::from_str(homework.files.hints).unwrap();
            let hints = hints.as_array().expect("a list of blanks");
            for test in homework.tests {
                let group = test.name.split("::").next().unwrap_or_default();
                let Some(id) = crate::results::blank_of(group) else {
                    continue;
                };
                let blank = hints.iter().find(|b| b["id"] == id);
                let title = blank.and_then(|b| b["title"].as_str());
                let in_words = group
                    .strip_prefix(&format!("blank_{id}_"))
                    .map(|name| name.replace('_', " "));
                assert_eq!(
                    in_words.as_deref(),
                    title,
                    "{}: {group} and its hints' title",
                    homework.name
                );
            }
        }
    }

    #[test]
    fn names_files_and_targets_are_unique() {
        for pick in [
            |h: &Homework| h.name,
            |h: &Homework| h.source,
            |h: &Homework| h.test_target,
            |h: &Homework| h.hints,
        ] {
            let mut seen: Vec<&str> = ALL.iter().map(|h| pick(h)).collect();
            seen.sort_unstable();
            let all = seen.len();
            seen.dedup();
            assert_eq!(seen.len(), all, "{seen:?}");
        }
    }

    #[test]
    fn every_test_asks_questions_and_has_a_rule() {
        for homework in ALL {
            assert!(!homework.tests.is_empty(), "{homework}");
            for test in homework.tests {
                let asked = (homework.judging.questions)(test.name).len();
                assert!(asked > 0, "{homework}: {}", test.name);
                assert!(!test.rule.is_empty(), "{homework}: {}", test.name);
                assert!(
                    test.name.starts_with("blank_") || test.name.starts_with("end_to_end::"),
                    "{homework}: {} is in a blank's group or end_to_end",
                    test.name
                );
            }
        }
    }

    #[test]
    fn the_reference_answers_every_question_asked_today() {
        for homework in ALL {
            let crate::homework::Judging {
                questions, answers, ..
            } = homework.judging;
            let answers = crate::reference::built_in(homework.name, answers).unwrap();
            for test in homework.tests {
                if let Err(stale) = answers.of(test.name, &questions(test.name)) {
                    panic!("{homework}: {stale}");
                }
            }
        }
    }

    #[test]
    fn homeworks_come_in_the_course_order_each_in_its_own_place() {
        let orders: Vec<u32> = ALL.iter().map(|h| h.order).collect();
        assert!(orders.windows(2).all(|w| w[0] < w[1]), "{orders:?}");
        assert_eq!(default().name, "nqueens");
        assert_eq!(orders[0], 1, "the first homework is order 1: the default");
        assert!(ALL.iter().all(|h| h.is_default() == (*h == default())));
    }

    /// The notebooks that check a homework come in the course's order (so
    /// the first is the default homework's, whose hint command needs no
    /// `--exercise`), each a homework of the grader.
    #[test]
    fn homework_notebooks_come_in_the_course_s_order() {
        let checked: Vec<String> = homework_notebooks().into_iter().map(|(h, _)| h).collect();
        let course: Vec<&str> = (ALL.iter().map(|h| h.name))
            .filter(|name| checked.iter().any(|c| c == name))
            .collect();
        assert_eq!(checked, course);
        assert_eq!(checked.first().map(String::as_str), Some(default().name));
    }

    #[test]
    fn a_file_names_its_homework() {
        for homework in ALL {
            let path = std::path::Path::new("exercises").join(homework.source);
            assert_eq!(for_file(&path), Some(*homework));
            let reference = std::path::Path::new("..").join(homework.reference);
            assert_eq!(for_file(&reference), Some(*homework));
        }
        assert_eq!(for_file(std::path::Path::new("notes.rs")), None);
        assert!(by_name("chess").unwrap_err().contains(ALL[0].name));
    }
}
