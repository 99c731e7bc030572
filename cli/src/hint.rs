//! `queens hint [BLANK]`: one hint at a time, from a nudge to the code.
//!
//! Each blank's hints go from a nudge to the answer. `queens hint 2` shows the
//! first hint of blank 2 not shown yet, so one look never gives the answer
//! away; `--all` shows them all, `--reset` starts over. What was shown is kept
//! in a small file under `target/` ([`state_file`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use queens_grader::course::course_root;
use queens_grader::homework::Homework;
use queens_grader::markers::Blank;
use queens_grader::{homeworks, results};

use crate::choice::homeworks as homework_names;

use super::{Failure, Output};

/// Overrides where the hints shown are remembered (the tests use it).
pub const STATE_ENV: &str = "QUEENS_HINT_STATE";

/// Arguments of `queens hint`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The blank's number (1, 2, …); without it, lists the blanks.
    pub blank: Option<u32>,
    /// Show every hint of the blank, the code included.
    #[arg(long, requires = "blank", conflicts_with = "reset")]
    pub all: bool,
    /// Forget which hints were shown (of this blank, or of every blank), so the
    /// next `queens hint N` starts again from the first.
    #[arg(long)]
    pub reset: bool,
    /// The homework [default: the course's first].
    #[arg(long, value_name = "NAME", value_parser = homework_names())]
    pub exercise: Option<&'static Homework>,
}

/// How many hints of each blank were shown: `{"1": 2}` after two `hint 1`.
type Seen = BTreeMap<u32, usize>;

/// Shows the next hint of a blank, all of them, or the list of blanks.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let exercise = args.exercise.unwrap_or(homeworks::default());
    let hint_command = |blank: Option<u32>| command(exercise, blank);
    let blanks = blanks(exercise)?;
    let blank = match args.blank {
        Some(id) => Some(find(&blanks, id)?),
        None => None,
    };
    let state = state_file_of(exercise);
    if args.reset {
        return reset(exercise, &state, blank, out);
    }
    let Some(blank) = blank else {
        return list(exercise, &blanks, out);
    };
    let mut seen = read_seen(&state);
    let shown = seen.get(&blank.id).copied().unwrap_or(0);
    let total = blank.hints.len();
    if args.all {
        seen.insert(blank.id, total);
        write_seen(&state, &seen)?;
        if out.json() {
            out.write_json(blank)?;
            return Ok(());
        }
        heading(blank, out)?;
        for (number, hint) in blank.hints.iter().enumerate() {
            out.line(format!("  hint {} of {total}: {hint}", number + 1))?;
        }
        return Ok(());
    }
    if shown >= total {
        if out.json() {
            out.write_json(&serde_json::json!({
                "blank": blank.id, "title": blank.title, "shown": shown, "total": total,
                "hint": null,
            }))?;
            return Ok(());
        }
        heading(blank, out)?;
        out.line(format!(
            "  you have seen all {total} hints of blank {id}: `{command} --all` shows them \
             again, `{command} --reset` starts over",
            id = blank.id,
            command = hint_command(Some(blank.id)),
        ))?;
        return Ok(());
    }
    let hint = &blank.hints[shown];
    seen.insert(blank.id, shown + 1);
    write_seen(&state, &seen)?;
    if out.json() {
        out.write_json(&serde_json::json!({
            "blank": blank.id, "title": blank.title, "number": shown + 1, "total": total,
            "hint": hint,
        }))?;
        return Ok(());
    }
    heading(blank, out)?;
    out.line(format!("  hint {} of {total}: {hint}", shown + 1))?;
    let next = if shown + 2 == total {
        format!(
            "  still stuck? `{}` again shows the last hint: the code",
            hint_command(Some(blank.id))
        )
    } else if shown + 1 == total {
        "  that was the last hint: it gives the code".to_owned()
    } else {
        format!(
            "  still stuck? `{}` again shows hint {} of {total}",
            hint_command(Some(blank.id)),
            shown + 2
        )
    };
    out.line(next)?;
    Ok(())
}

/// The next hint of blank `id` of `exercise` as `queens hint N` would show it
/// (the same memory, so the watch's `h` and the command share their place):
/// the blank, the hint's number from 1, and the hint; once all were shown,
/// the last one again (`queens watch`'s `h` key).
pub(crate) fn next_hint(exercise: &Homework, id: u32) -> Result<(Blank, usize, String), Failure> {
    let blanks = blanks(exercise)?;
    let blank = find(&blanks, id)?.clone();
    let state = state_file_of(exercise);
    let mut seen = read_seen(&state);
    let shown = seen.get(&id).copied().unwrap_or(0);
    let number = (shown + 1).min(blank.hints.len());
    let hint = blank
        .hints
        .get(number.wrapping_sub(1))
        .cloned()
        .unwrap_or_default();
    seen.insert(id, number);
    write_seen(&state, &seen)?;
    Ok((blank, number, hint))
}

/// The blanks of `exercise` with their hints, as `queens handout` made them.
pub(crate) fn blanks_of(exercise: &Homework) -> Result<Vec<Blank>, Failure> {
    blanks(exercise)
}

/// The command that shows a blank's hints (every blank's when `None`).
fn command(exercise: &Homework, blank: Option<u32>) -> String {
    results::hint_command(exercise, blank)
}

/// The blanks and their hints, generated from the reference's markers by
/// `queens handout` (built in).
fn blanks(exercise: &Homework) -> Result<Vec<Blank>, Failure> {
    serde_json::from_str(exercise.files.hints).map_err(|e| {
        Failure::new(format!(
            "exercises/{} is damaged ({e}); run 'queens handout'",
            exercise.hints
        ))
    })
}

fn find(blanks: &[Blank], id: u32) -> Result<&Blank, Failure> {
    blanks.iter().find(|b| b.id == id).ok_or_else(|| {
        Failure::usage(format!(
            "there is no blank {id}; the handout has blanks 1 to {}",
            blanks.len()
        ))
    })
}

fn list(exercise: &Homework, blanks: &[Blank], out: &mut Output) -> Result<(), Failure> {
    if out.json() {
        out.write_json(blanks)?;
        return Ok(());
    }
    for blank in blanks {
        out.line(format!(
            "blank {}: {} — {}",
            blank.id,
            blank.title,
            plain(&blank.instruction)
        ))?;
    }
    out.line(format!(
        "for a hint, one at a time: {} <number>",
        command(exercise, None)
    ))?;
    Ok(())
}

fn heading(blank: &Blank, out: &mut Output) -> Result<(), Failure> {
    out.line(format!("blank {}: {}", blank.id, blank.title))?;
    out.line(format!("  the task: {}", plain(&blank.instruction)))?;
    Ok(())
}

fn reset(
    exercise: &Homework,
    state: &Path,
    blank: Option<&Blank>,
    out: &mut Output,
) -> Result<(), Failure> {
    let mut seen = read_seen(state);
    match blank {
        Some(blank) => {
            seen.remove(&blank.id);
        }
        None => seen.clear(),
    }
    write_seen(state, &seen)?;
    let which = blank.map_or_else(|| "every blank".to_owned(), |b| format!("blank {}", b.id));
    if out.json() {
        out.write_json(&serde_json::json!({ "reset": which }))?;
    } else {
        out.line(format!(
            "the hints of {which} start again from the first: {}",
            command(exercise, blank.map(|b| b.id))
        ))?;
    }
    Ok(())
}

/// Where the hints shown of `exercise` are remembered: [`state_file`] for
/// the course's first homework, the same name with `-<homework>` for the
/// others.
pub(crate) fn state_file_of(exercise: &Homework) -> PathBuf {
    let state = state_file();
    if exercise == homeworks::default() {
        return state;
    }
    let name = state.file_stem().map_or_else(
        || "queens-hints".to_owned(),
        |stem| stem.to_string_lossy().into_owned(),
    );
    state.with_file_name(format!("{name}-{exercise}.json"))
}

/// Where the hints shown are remembered: `$QUEENS_HINT_STATE`, else
/// `queens-hints.json` in the course's target folder (`$CARGO_TARGET_DIR` when set).
pub fn state_file() -> PathBuf {
    if let Some(file) = std::env::var_os(STATE_ENV) {
        return PathBuf::from(file);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| course_root().join("target"), PathBuf::from);
    target.join("queens-hints.json")
}

/// What was shown; a missing or damaged file means nothing was.
fn read_seen(state: &Path) -> Seen {
    std::fs::read_to_string(state)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

fn write_seen(state: &Path, seen: &Seen) -> Result<(), Failure> {
    let cannot = |e: &dyn std::fmt::Display| {
        Failure::new(format!(
            "cannot remember the hints shown in {}: {e}",
            state.display()
        ))
    };
    if let Some(dir) = state.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| cannot(&e))?;
    }
    let text = serde_json::to_string_pretty(seen).map_err(|e| cannot(&e))?;
    std::fs::write(state, text + "\n").map_err(|e| cannot(&e))
}

/// The instruction without the format braces the `todo!()` needs, each value
/// it shows named as code: `({row}, {col})` reads ``(`row`, `col`)``.
pub(crate) fn plain(instruction: &str) -> String {
    // `{row}` reads as `` `row` ``, `{free:#b}` as `` `free` ``: the names of
    // the values the handout's message shows, marked as code so that "may
    // region {region} take colour {colour}?" does not read "region region".
    let mut out = String::new();
    let mut rest = instruction;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let inner = &rest[open + 1..];
        let Some(close) = inner.find('}') else {
            out.push_str(inner);
            return out;
        };
        let name = inner[..close].split(':').next().unwrap_or("");
        if !name.is_empty() {
            out.push_str(&format!("`{name}`"));
        }
        rest = &inner[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn an_instruction_reads_without_its_braces_and_format_specs() {
        assert_eq!(
            plain("is ({row}, {col}) attacked?"),
            "is (`row`, `col`) attacked?"
        );
        assert_eq!(
            plain("free columns {free:#b} of row {row}"),
            "free columns `free` of row `row`"
        );
        assert_eq!(
            plain("may region {region} take colour {colour}? Look in {assignment:?}."),
            "may region `region` take colour `colour`? Look in `assignment`."
        );
        assert_eq!(plain("no braces"), "no braces");
        assert_eq!(plain("an open { brace"), "an open  brace");
    }
}
