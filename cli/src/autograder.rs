//! `queens autograder gradescope --out autograder.zip`: the bundle Gradescope
//! builds its autograder from.

use std::path::PathBuf;

use queens_grader::course::Course;
use queens_grader::homework::Homework;
use queens_grader::{homeworks, platforms};

use crate::choice::homeworks as homework_names;

use super::{Failure, Output};

/// Arguments of `queens autograder`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The platform.
    #[command(subcommand)]
    pub platform: Platform,
}

/// The platforms an autograder is written for.
#[derive(Debug, clap::Subcommand)]
pub enum Platform {
    /// Gradescope's autograder zip: setup.sh (Rust, bubblewrap, the queens
    /// binary), run_autograder (`queens grade --format gradescope`) and the
    /// course, with its queens.toml (points, limits, visibility).
    Gradescope {
        /// The zip to write.
        #[arg(long, value_name = "FILE", default_value = "autograder.zip")]
        out: PathBuf,
        /// The course folder [default: the one this program was built from].
        #[arg(long, value_name = "DIR")]
        course: Option<PathBuf>,
        /// The homework the bundle grades [default: the course's first].
        #[arg(long, value_name = "NAME", value_parser = homework_names())]
        exercise: Option<&'static Homework>,
    },
}

/// Writes the bundle.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    match args.platform {
        Platform::Gradescope {
            out: file,
            course,
            exercise,
        } => {
            let course = course.map_or_else(Course::built_in, Course::new);
            if !course.root().join("Cargo.toml").is_file() {
                return Err(Failure::usage(format!(
                    "{} is not the course folder (no Cargo.toml)",
                    course.root().display()
                )));
            }
            // A bad queens.toml fails here, not on Gradescope: run_autograder
            // grades with the bundle's copy of it.
            let settings =
                queens_grader::settings::Settings::load(course.root()).map_err(Failure::usage)?;
            let bundle =
                platforms::gradescope_zip(&course, exercise.unwrap_or(homeworks::default()), &file)
                    .map_err(Failure::new)?;
            // What lies in the folder uncommitted is named, never bundled.
            for warning in bundle.warnings() {
                eprintln!("{warning}");
            }
            if out.json() {
                out.write_json(&bundle)?;
            } else {
                out.line(format!(
                    "wrote {} ({} files, {} KB): upload it as the autograder of a \
                     Gradescope programming assignment",
                    file.display(),
                    bundle.files,
                    bundle.bytes / 1000
                ))?;
                if let Some(source) = &settings.source {
                    out.line(format!(
                        "it grades with the settings of {}",
                        source.display()
                    ))?;
                }
            }
            Ok(())
        }
    }
}
