//! The course's homeworks, in the course's order: one folder each (its
//! questions, its checks and messages, its graded tests, its handout's
//! paths), listed once in the `registry!` call below.
//!
//! A homework's folder builds a [`Homework`] named `HOMEWORK` and a typed
//! `Harness` that its test target in `exercises/tests/` runs. Nothing outside
//! this folder names a homework: the grader's core, the command line and the
//! platforms take them from [`ALL`].

use crate::homework::Homework;

/// Declares each homework's module and lists it in [`ALL`], in order.
macro_rules! registry {
    ($($homework:ident),+ $(,)?) => {
        $(pub mod $homework;)+

        /// Every homework, in the course's order.
        pub const ALL: &[&Homework] = &[$(&$homework::HOMEWORK),+];
    };
}

registry!(nqueens, sudoku, bitmask);

/// The homework every tool takes when none is named: the course's first.
pub fn default() -> &'static Homework {
    ALL.iter().copied().find(|h| h.default).unwrap_or(ALL[0])
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
    fn every_test_has_verdicts_and_a_rule() {
        for homework in ALL {
            assert!(!homework.tests.is_empty(), "{homework}");
            for test in homework.tests {
                assert!(
                    !(homework.verdicts)(test.name).is_empty(),
                    "{homework}: {}",
                    test.name
                );
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
    fn the_first_homework_and_only_it_is_the_default() {
        let defaults: Vec<&str> = ALL.iter().filter(|h| h.default).map(|h| h.name).collect();
        assert_eq!(defaults, [ALL[0].name]);
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
