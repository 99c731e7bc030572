//! `queens tests [--exercise NAME]`: every graded test of a homework with the
//! rule it checks, from the same table the grader judges by.

use queens_grader::homework::Homework;
use queens_grader::homeworks;
use queens_grader::results::{blank_of, group_of};

use super::{Failure, Output};
use crate::choice::homeworks as homework_names;

/// Arguments of `queens tests`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The homework [default: every one, in the course's order].
    #[arg(long, value_name = "NAME", value_parser = homework_names())]
    pub exercise: Option<&'static Homework>,
}

/// Lists the graded tests.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let chosen = args
        .exercise
        .as_ref()
        .map_or(homeworks::ALL, std::slice::from_ref);
    if out.json() {
        let listed: Vec<serde_json::Value> = chosen
            .iter()
            .map(|homework| {
                serde_json::json!({
                    "homework": homework.name,
                    "title": homework.title,
                    "command": homework.test_command(),
                    "tests": homework.tests.iter().map(|test| serde_json::json!({
                        "name": test.name,
                        "blank": blank_of(group_of(test.name)),
                        "rule": test.rule,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        return out.write_json(&listed).map_err(Failure::from);
    }
    for (index, homework) in chosen.iter().enumerate() {
        if index > 0 {
            out.line("")?;
        }
        out.line(format!(
            "{homework}: {} ({} tests, one point each; run them: {})",
            homework.title,
            homework.tests.len(),
            homework.test_command()
        ))?;
        let mut group = "";
        for test in homework.tests {
            let (this, name) = test.name.split_once("::").unwrap_or(("", test.name));
            if this != group {
                group = this;
                let heading = match blank_of(this) {
                    Some(id) => format!("  blank {id} ({this})"),
                    None => format!("  {}", this.replace('_', " ")),
                };
                out.line(heading)?;
            }
            out.line(format!("    {name}: {}", test.rule))?;
        }
    }
    Ok(())
}
