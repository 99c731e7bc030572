//! Arguments that name one of the library's or the grader's choices
//! (`--strategy`, `--format`, `--exercise`): the names with their one-line
//! summaries in `--help`.

use std::path::Path;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use queens::Strategy;
use queens_grader::homework::Homework;
use queens_grader::homeworks;
use queens_grader::report::Format;

/// Parses a strategy name; `--help` lists every name with its summary.
pub fn strategies() -> impl TypedValueParser<Value = Strategy> {
    PossibleValuesParser::new(
        Strategy::ALL.map(|strategy| PossibleValue::new(strategy.name()).help(strategy.summary())),
    )
    .try_map(|name| name.parse::<Strategy>())
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
        .filter(|homework| {
            let file = homework.file_name();
            [
                folder.join("src").join(file),
                folder.join(file),
                folder.join("exercises/src").join(file),
            ]
            .iter()
            .any(|candidate| candidate.is_file())
        })
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
