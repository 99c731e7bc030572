//! Arguments that name one of the library's or the grader's choices
//! (`--strategy`, `--format`, `--exercise`): the names with their one-line
//! summaries in `--help`.

use std::path::Path;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use queens::Strategy;
use queens_fastest::count::select::Kernel;
use queens_grader::batch;
use queens_grader::homework::Homework;
use queens_grader::homeworks;
use queens_grader::report::Format;

/// Parses a strategy name; `--help` lists every name with its summary.
pub fn strategies() -> impl TypedValueParser<Value = Strategy> {
    PossibleValuesParser::new(Strategy::ALL.map(|strategy| {
        PossibleValue::new(strategy.name()).help(queens_fastest::run::summary(strategy))
    }))
    .try_map(|name| name.parse::<Strategy>())
}

/// Parses a kernel name (`queens count --kernel`); `--help` lists every
/// kernel with its summary, whether or not this CPU runs it.
pub fn kernels() -> impl TypedValueParser<Value = Kernel> {
    PossibleValuesParser::new(
        Kernel::ALL.map(|kernel| PossibleValue::new(kernel.name()).help(kernel.summary())),
    )
    .try_map(|name| name.parse::<Kernel>())
}

/// Parses a report format; `--help` lists every name with its summary.
pub fn formats() -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(
        Format::ALL.map(|format| PossibleValue::new(format.name()).help(format.summary())),
    )
    .try_map(|name| name.parse::<Format>())
}

/// Parses a homework's name (`--exercise NAME`); `--help` lists every
/// homework with its title.
pub fn homeworks() -> impl TypedValueParser<Value = &'static Homework> {
    PossibleValuesParser::new(
        homeworks::ALL
            .iter()
            .map(|homework| PossibleValue::new(homework.name).help(homework.title)),
    )
    .try_map(|name| homeworks::by_name(&name))
}

/// The homework a command works on: the one asked for, else the one whose
/// file `path` is (`sudoku.rs` is the Sudoku homework), else the course's
/// first. A file of another homework than the one asked for is an error.
pub fn homework_of(
    path: Option<&Path>,
    asked: Option<&'static Homework>,
) -> Result<&'static Homework, String> {
    let named = path.filter(|p| p.is_file() || p.extension().is_some_and(|e| e == "rs"));
    let by_file = named
        .and_then(homeworks::for_file)
        .or_else(|| path.filter(|p| p.is_dir()).and_then(only_homework_in));
    match (asked, by_file) {
        (Some(asked), Some(found)) if asked != found => Err(format!(
            "{} is the {found} homework's file, not the {asked} homework's ({}); \
             give --exercise {found}, or the {asked} file",
            named.map_or_else(String::new, |p| p.display().to_string()),
            asked.file_name()
        )),
        (Some(asked), _) => Ok(asked),
        (None, Some(found)) => Ok(found),
        (None, None) => Ok(homeworks::default()),
    }
}

/// The one homework whose file a submission folder holds (`src/sudoku.rs`
/// and nothing else), if exactly one: a whole exercises crate holds them all.
fn only_homework_in(folder: &Path) -> Option<&'static Homework> {
    let held: Vec<&'static Homework> = homeworks::ALL
        .iter()
        .copied()
        .filter(|homework| homework.file_in(folder).is_some())
        .collect();
    match held.as_slice() {
        [only] => Some(*only),
        _ => None,
    }
}

/// What `queens COMMAND WORD` meant when `WORD` is no file or folder but
/// names a homework (`cargo queens grade sudoku`): the command with
/// `--exercise WORD`, in one line.
pub fn homework_named_as_path(path: &Path, command: &str) -> Option<String> {
    if path.exists() {
        return None;
    }
    let word = path.to_str()?;
    let homework = homeworks::by_name(word).ok()?;
    Some(format!(
        "{word} is a homework, not a file or folder: did you mean \
         `cargo queens {command} --exercise {word}` (its file: {})?",
        Path::new("exercises").join(homework.source).display()
    ))
}

/// The homework a batch folder is graded as: the one asked for, else the one
/// every submission holds (a folder of `sudoku.rs` files is the Sudoku
/// homework's; whole exercises crates hold every homework, so the course's
/// first), with the line that says so when it was inferred. A folder of
/// several homeworks' files, or of files of none, is one error naming
/// `--exercise`; so is asking for a homework none of them holds.
pub fn homework_of_batch(
    dir: &Path,
    asked: Option<&'static Homework>,
) -> Result<(&'static Homework, Option<String>), String> {
    let Ok(submissions) = batch::submissions(dir, asked) else {
        // The batch says why it cannot read the folder.
        return Ok((asked.unwrap_or_else(homeworks::default), None));
    };
    let held: Vec<Vec<&'static Homework>> = submissions.iter().map(batch::homeworks_held).collect();
    let known: Vec<&Vec<&'static Homework>> = held.iter().filter(|h| !h.is_empty()).collect();
    let common: Vec<&'static Homework> = homeworks::ALL
        .iter()
        .copied()
        .filter(|homework| known.iter().all(|set| set.contains(homework)))
        .collect();
    let shown = dir.display();
    let counts = || {
        homeworks::ALL
            .iter()
            .filter_map(|homework| {
                let n = known.iter().filter(|set| set.contains(homework)).count();
                (n > 0).then(|| format!("{homework} ({}): {n}", homework.file_name()))
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    if let Some(asked) = asked {
        if !known.is_empty() && !known.iter().any(|set| set.contains(&asked)) {
            return Err(format!(
                "no submission in {shown} holds the {asked} homework's file ({}): they hold {}; \
                 give --exercise with their homework",
                asked.file_name(),
                counts()
            ));
        }
        return Ok((asked, None));
    }
    if submissions.is_empty() {
        return Ok((homeworks::default(), None));
    }
    let names = homeworks::names().join(", ");
    match common.as_slice() {
        _ if known.is_empty() => Err(format!(
            "cannot tell which homework the submissions in {shown} are: none holds a \
             homework's file ({}) or its code; give --exercise NAME ({names})",
            homeworks::ALL
                .iter()
                .map(|h| h.file_name())
                .collect::<Vec<_>>()
                .join(", ")
        )),
        [] => Err(format!(
            "the submissions in {shown} are of several homeworks ({}): give --exercise NAME \
             ({names}) to grade one, or put each homework's in a folder of its own",
            counts()
        )),
        [only] => Ok((
            *only,
            Some(format!(
                "grading the {only} homework: every submission in {shown} is its file ({}); \
                 --exercise NAME to choose",
                only.file_name()
            )),
        )),
        [first, ..] => Ok((*first, None)),
    }
}

#[cfg(test)]
mod tests {
    /// A homework's untouched handout, as the course holds it.
    fn handout(homework: &Homework) -> String {
        homework
            .handout_in(&queens_grader::course::course_root())
            .expect("the course's handout")
    }
    use super::*;

    #[test]
    fn a_folder_of_one_homeworks_files_is_that_homework_and_says_so() {
        let sudoku = homeworks::by_name("sudoku").unwrap();
        let dir = tempfile::tempdir().unwrap();
        for student in ["ada", "grace"] {
            std::fs::create_dir_all(dir.path().join(student)).unwrap();
            std::fs::write(
                dir.path().join(student).join(sudoku.file_name()),
                handout(sudoku),
            )
            .unwrap();
        }
        // One renamed to its student's id: known by its code.
        std::fs::write(dir.path().join("bob.rs"), handout(sudoku)).unwrap();
        let (homework, line) = homework_of_batch(dir.path(), None).unwrap();
        assert_eq!(homework, sudoku);
        let line = line.unwrap();
        assert!(
            line.starts_with("grading the sudoku homework: every submission in"),
            "{line}"
        );
        // Named, it is taken as it is, without a line.
        assert_eq!(
            homework_of_batch(dir.path(), Some(sudoku)).unwrap(),
            (sudoku, None)
        );
        // Whole exercises crates hold every homework: the course's first.
        let crates = tempfile::tempdir().unwrap();
        for homework in homeworks::ALL {
            let path = crates.path().join("ada/exercises").join(homework.source);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, handout(homework)).unwrap();
        }
        assert_eq!(
            homework_of_batch(crates.path(), None).unwrap(),
            (homeworks::default(), None)
        );
    }
}
