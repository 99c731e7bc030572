//! `queens tests [--exercise NAME]`: every graded test of a homework with the
//! rule it checks and its points, from the same table and the same
//! `queens.toml` the grader judges by.

use std::path::PathBuf;

use queens_grader::course::Course;
use queens_grader::homework::Homework;
use queens_grader::homeworks;
use queens_grader::results::{blank_of, group_of};
use queens_grader::settings::{Scheme, Settings};

use super::{Failure, Output};
use crate::choice::homeworks as homework_names;

/// Arguments of `queens tests`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The homework [default: every one, in the course's order].
    #[arg(long, value_name = "NAME", value_parser = homework_names())]
    pub exercise: Option<&'static Homework>,
    /// The course's settings, whose points are listed [default: the course's
    /// queens.toml when there is one, else one point a test].
    #[arg(long, value_name = "FILE")]
    pub settings: Option<PathBuf>,
}

/// Lists the graded tests.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let chosen = args
        .exercise
        .as_ref()
        .map_or(homeworks::ALL, std::slice::from_ref);
    let settings = Settings::given_or_load(args.settings.as_deref(), Course::built_in().root())
        .map_err(Failure::usage)?;
    if out.json() {
        let listed: Vec<serde_json::Value> = chosen
            .iter()
            .map(|homework| {
                let scheme = settings.scheme(homework);
                serde_json::json!({
                    "homework": homework.name,
                    "title": homework.title,
                    "command": homework.test_command(),
                    "points": scheme.total(),
                    "tests": homework.tests.iter().map(|test| serde_json::json!({
                        "name": test.name,
                        "blank": blank_of(group_of(test.name)),
                        "rule": test.rule,
                        "points": scheme.points(test.name),
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
        let scheme = settings.scheme(homework);
        let one_each = homework.test_names().all(|name| scheme.points(name) == 1);
        let scored = if one_each {
            "one point each".to_owned()
        } else {
            points(scheme.total())
        };
        out.line(format!(
            "{homework}: {} ({} tests, {scored}; run them: {})",
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
                let points = if one_each {
                    String::new()
                } else {
                    format!(": {}", points(scheme.group_points(this)))
                };
                out.line(format!("{heading}{points}"))?;
            }
            out.line(format!(
                "    {name}{}: {}",
                worth(&scheme, test.name, one_each),
                test.rule
            ))?;
        }
    }
    Ok(())
}

/// A test's points after its name, unless every test is worth one.
fn worth(scheme: &Scheme, test: &str, one_each: bool) -> String {
    if one_each {
        String::new()
    } else {
        format!(" ({})", points(scheme.points(test)))
    }
}

/// `1 point`, `4 points`.
fn points(count: u32) -> String {
    queens::display::plural(count as usize, "point", "points")
}
