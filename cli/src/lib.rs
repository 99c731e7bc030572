//! The `queens` command line: one file per subcommand, errors as one line.
//!
//! Every subcommand takes `--json`. Bad input ends with `queens: error: …` on
//! stderr and a non-zero exit code, never a panic; whatever was computed before
//! the error is still printed.

mod autograder;
mod book;
mod choice;
mod completions;
mod count;
mod course;
mod deferred;
mod grade;
mod graded_tests;
mod handout;
mod hint;
mod homework;
mod lab;
mod output;
mod render;
mod solve;
mod sudoku;
mod trace;
mod watch;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use deferred::Deferred;

pub use output::Output;

/// Exit code for bad input (usage errors, sizes out of range).
pub const EXIT_USAGE: u8 = 2;
/// Exit code for a request that started but could not finish (budget, I/O).
pub const EXIT_FAILURE: u8 = 1;

/// Backtracking, taught through the N-Queens problem.
#[derive(Debug, Parser)]
#[command(name = "queens", version, about)]
pub struct Cli {
    /// Whether `--json` was given, before the subcommand or after it.
    // After the subcommand too: each takes `--json`, added as it is set up
    // (`deferred.rs`); `Cli::try_parse_args` reads it wherever it was given.
    #[arg(long, help = deferred::JSON_HELP)]
    pub json: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// Parses `args` (the first is the program name); `json` is set when
    /// `--json` is given before the subcommand or after it.
    pub fn try_parse_args<I, T>(args: I) -> Result<Self, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        let matches = Self::command().try_get_matches_from(args)?;
        let mut cli = Self::from_arg_matches(&matches)?;
        cli.json = deferred::json_given(&matches);
        Ok(cli)
    }
}

/// The subcommands, each set up only when it runs (`deferred.rs`).
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print every solution as boards of `.` and `Q`, in the JavaScript article's order.
    Solve(Deferred<solve::Args>),
    /// Count solutions and explored nodes with one strategy.
    Count(Deferred<count::Args>),
    /// Print the search step by step: place, prune, backtrack, solution.
    Trace(Deferred<trace::Args>),
    /// Grade a handout (or a folder of submissions) with the instructor's tests.
    Grade(Deferred<grade::Args>),
    /// Show the next hint for a blank of the handout, one at a time.
    Hint(Deferred<hint::Args>),
    /// List every graded test of a homework with the rule it checks.
    Tests(Deferred<graded_tests::Args>),
    /// Write an autograder for a grading platform (Gradescope).
    Autograder(Deferred<autograder::Args>),
    /// Rerun the graded tests on every save of the handout and show what to do next.
    Watch(Deferred<watch::Args>),
    /// Regenerate exercises/ from the reference's markers, check it, or write a student copy.
    Handout(Deferred<handout::Args>),
    /// Write homeworks: prove every homework sound (`check`), start a new one (`new`).
    Homework(Deferred<homework::Args>),
    /// Draw a picture of the notebooks (board, tree, plot) as an SVG file.
    Render(Deferred<render::Args>),
    /// Set up JupyterLab with the Rust kernel (once) and open the notebooks.
    Lab(Deferred<lab::Args>),
    /// Solve Sudoku puzzles (the second homework): naive, mrv, naked, singles or fastest.
    Sudoku(Deferred<sudoku::Args>),
    /// Build the course as a static site from the executed notebooks.
    Book(Deferred<book::Args>),
    /// Print a shell completion script: bash, zsh, fish or powershell.
    Completions(Deferred<completions::Args>),
}

/// A failed command: its message, and the exit code to leave with.
#[derive(Debug)]
pub struct Failure {
    /// One line for the user.
    pub message: String,
    /// The process exit code.
    pub code: u8,
}

impl Failure {
    /// A failure with exit code [`EXIT_FAILURE`].
    pub fn new(message: impl std::fmt::Display) -> Self {
        Self {
            message: message.to_string(),
            code: EXIT_FAILURE,
        }
    }

    /// A failure with exit code [`EXIT_USAGE`].
    pub fn usage(message: impl std::fmt::Display) -> Self {
        Self {
            message: message.to_string(),
            code: EXIT_USAGE,
        }
    }
}

impl From<queens::Error> for Failure {
    fn from(error: queens::Error) -> Self {
        let code = match error {
            queens::Error::BoardTooLarge { .. }
            | queens::Error::Unsupported { .. }
            | queens::Error::TreeTooLarge { .. } => EXIT_USAGE,
            queens::Error::BudgetExceeded { .. } => EXIT_FAILURE,
        };
        Self {
            message: error.to_string(),
            code,
        }
    }
}

impl From<std::io::Error> for Failure {
    fn from(error: std::io::Error) -> Self {
        Self::new(format!("could not write the output: {error}"))
    }
}

/// Runs the command line with the process's arguments.
pub fn main() -> ExitCode {
    main_from(std::env::args_os())
}

/// Runs the command line with `args` (the first is the program name).
pub fn main_from<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_args(args) {
        Ok(cli) => cli,
        Err(error) => return usage_error(error),
    };
    let mut out = Output::stdout(cli.json);
    let mut command = cli.command;
    // `cargo queens watch` and `cargo queens grade` from any folder of the
    // course mean its handout, as cargo finds its manifest upwards.
    match &mut command {
        Command::Watch(args) if args.path.is_none() => args.path = Some(default_handout()),
        Command::Grade(args) if args.path.is_none() && args.batch.is_none() => {
            args.path = Some(default_handout());
        }
        _ => {}
    }
    // A homework's name where a path goes: `grade sudoku` meant `--exercise sudoku`.
    let named = match &command {
        Command::Watch(args) => args.path.as_deref().zip(Some("watch")),
        Command::Grade(args) => args.path.as_deref().zip(Some("grade")),
        _ => None,
    };
    if let Some(message) = named.and_then(|(path, name)| choice::homework_named_as_path(path, name))
    {
        eprintln!("queens: error: {message}");
        return ExitCode::from(EXIT_USAGE);
    }
    let result = match command {
        Command::Solve(args) => solve::run(args.0, &mut out),
        Command::Count(args) => count::run(args.0, &mut out),
        Command::Trace(args) => trace::run(args.0, &mut out),
        Command::Grade(args) => grade::run(args.0, &mut out),
        Command::Autograder(args) => autograder::run(args.0, &mut out),
        Command::Hint(args) => hint::run(args.0, &mut out),
        Command::Tests(args) => graded_tests::run(args.0, &mut out),
        Command::Watch(args) => watch::run(args.0, &mut out),
        Command::Handout(args) => handout::run(args.0, &mut out),
        Command::Homework(args) => homework::run(args.0, &mut out),
        Command::Render(args) => render::run(args.0, &mut out),
        Command::Lab(args) => lab::run(args.0, &mut out),
        Command::Sudoku(args) => sudoku::run(args.0, &mut out),
        Command::Book(args) => book::run(args.0, &mut out),
        Command::Completions(args) => completions::run(args.0, &mut out),
    };
    match result.and_then(|()| out.finish().map_err(Failure::from)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            // Whatever the command printed before failing is kept.
            let _ = out.finish();
            eprintln!("queens: error: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}

/// The handout a command works on when none is given, found from the
/// current folder upwards as cargo finds its manifest: `exercises/` in the
/// current folder, else the first folder, this one or one above it, that is
/// the exercises crate (it holds every homework's file and hints) or holds
/// it as `exercises/`; else `exercises` (which the command says is missing).
/// A relative path (`.`, `..`, `../exercises`), as the screens show it.
fn default_handout() -> std::path::PathBuf {
    use std::path::{Path, PathBuf};
    let exercises = PathBuf::from("exercises");
    if exercises.is_dir() {
        return exercises;
    }
    let is_the_crate = |dir: &Path| {
        queens_grader::homeworks::ALL.iter().all(|homework| {
            dir.join(homework.source).is_file() && dir.join(homework.hints).is_file()
        })
    };
    let Ok(here) = std::env::current_dir() else {
        return exercises;
    };
    let mut up = PathBuf::from(".");
    for dir in here.ancestors() {
        if is_the_crate(dir) {
            return up;
        }
        if is_the_crate(&dir.join("exercises")) {
            return up.join("exercises");
        }
        up = if up == Path::new(".") {
            PathBuf::from("..")
        } else {
            up.join("..")
        };
    }
    exercises
}

/// Prints help and version as clap does; any other parse error as one line.
fn usage_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = error.print();
        return if error.use_stderr() {
            ExitCode::from(EXIT_USAGE)
        } else {
            ExitCode::SUCCESS
        };
    }
    eprintln!("queens: {} (see 'queens --help')", message_of(&error));
    ExitCode::from(EXIT_USAGE)
}

/// Clap's message on one line, its suggestion kept: `error: unknown
/// subcommand 'sovle' (did you mean 'solve'?)`.
fn message_of(error: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let text = |kind| match error.get(kind) {
        Some(ContextValue::String(value)) => Some(value.clone()),
        _ => None,
    };
    let base = match (error.kind(), text(ContextKind::InvalidSubcommand)) {
        (ErrorKind::InvalidSubcommand, Some(name)) => format!("error: unknown subcommand '{name}'"),
        _ => one_line(&error.render().to_string()),
    };
    let suggested: Vec<String> = [
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedArg,
        ContextKind::SuggestedValue,
    ]
    .into_iter()
    .flat_map(|kind| match error.get(kind) {
        Some(ContextValue::String(one)) => vec![one.clone()],
        Some(ContextValue::Strings(many)) => many.clone(),
        _ => Vec::new(),
    })
    .map(|name| format!("'{name}'"))
    .collect();
    // Other tips clap makes whole (`'--' exists; …`), kept as they are.
    let tips: Vec<String> = match error.get(ContextKind::Suggested) {
        Some(ContextValue::StyledStrs(tips)) => tips.iter().map(ToString::to_string).collect(),
        _ => Vec::new(),
    };
    let mut message = base;
    if !suggested.is_empty() {
        message.push_str(&format!(" (did you mean {}?)", suggested.join(" or ")));
    }
    if !tips.is_empty() {
        message.push_str(&format!(" (tip: {})", tips.join("; ")));
    }
    message
}

/// Clap's message up to its usage section, on one line.
fn one_line(rendered: &str) -> String {
    rendered
        .lines()
        .take_while(|line| !line.starts_with("Usage:"))
        .map(str::trim)
        .filter(|line| {
            !line.is_empty()
                && !line.starts_with("tip:")
                && !line.starts_with("For more information")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parses a board size: a whole number, not negative. The range each command
/// accepts is checked by the library, which knows why.
pub fn parse_board_size(text: &str) -> Result<usize, String> {
    let text = text.trim();
    match text.parse::<i128>() {
        Ok(n) if n < 0 => Err(format!("n must be 0 or more, got {n}")),
        Ok(n) => usize::try_from(n).map_err(|_| format!("n = {n} is far too large")),
        Err(_) => Err(format!("n must be a whole number such as 8, got '{text}'")),
    }
}
