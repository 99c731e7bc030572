//! The course's homeworks, in the course's order: one folder each (its
//! graded tests with their questions, its explainer, the reference's
//! answers, its handout's paths), found by the build script (`build.rs`:
//! every folder here with a `mod.rs`), so adding a homework edits no list.
//!
//! A homework's folder builds a [`Homework`] named `HOMEWORK` and a typed
//! `Harness` that its test target in `exercises/tests/` runs. Nothing outside
//! this folder names a homework: the grader's core, the command line and the
//! platforms take them from [`ALL`], in the order of their `order` field.

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
/// `exercises/src/bitmask.rs`), judged by its file name.
pub fn for_file(file: &std::path::Path) -> Option<&'static Homework> {
    let name = file.file_name()?.to_str()?;
    ALL.iter()
        .copied()
        .find(|homework| homework.file_name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_file_names_its_homework() {
        for homework in ALL {
            let path = std::path::Path::new("exercises").join(homework.source);
            assert_eq!(for_file(&path), Some(*homework));
        }
        assert_eq!(for_file(std::path::Path::new("notes.rs")), None);
        assert!(by_name("chess").unwrap_err().contains(ALL[0].name));
    }
}
