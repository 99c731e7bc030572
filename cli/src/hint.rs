//! `queens hint [BLANK]`: the hints for a blank of the handout.

use queens_grader::handout::Blank;

use super::{Failure, Output};

/// The hints, generated from the reference's markers by `queens handout`.
const HINTS: &str = include_str!("../../exercises/hints.json");

/// Arguments of `queens hint`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The blank's number (1, 2, …); without it, lists the blanks.
    pub blank: Option<u32>,
}

/// Prints one blank's hints, or the list of blanks.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let blanks: Vec<Blank> = serde_json::from_str(HINTS).map_err(|e| {
        Failure::new(format!(
            "exercises/hints.json is damaged ({e}); run 'queens handout'"
        ))
    })?;
    let Some(id) = args.blank else {
        if out.json() {
            out.write_json(&blanks)?;
            return Ok(());
        }
        for blank in &blanks {
            out.line(format!(
                "blank {}: {} — {}",
                blank.id,
                blank.title,
                plain(&blank.instruction)
            ))?;
        }
        out.line("for a blank's hints: cargo run -- hint <number>")?;
        return Ok(());
    };
    let Some(blank) = blanks.iter().find(|b| b.id == id) else {
        return Err(Failure::usage(format!(
            "there is no blank {id}; the handout has blanks 1 to {}",
            blanks.len()
        )));
    };
    if out.json() {
        out.write_json(blank)?;
        return Ok(());
    }
    out.line(format!("blank {}: {}", blank.id, blank.title))?;
    out.line(format!("  the task: {}", plain(&blank.instruction)))?;
    for (number, hint) in blank.hints.iter().enumerate() {
        out.line(format!("  hint {}: {hint}", number + 1))?;
    }
    Ok(())
}

/// The instruction without the format braces the `todo!()` needs: `({row}, {col})`
/// reads `(row, col)`.
fn plain(instruction: &str) -> String {
    instruction.replace(['{', '}'], "")
}
