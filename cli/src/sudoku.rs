//! `queens sudoku solve PUZZLE | --file FILE`: the second homework's solver.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use serde::Serialize;

use queens::sudoku::bank::{self, PuzzleLine};
use queens::sudoku::{Grid, Solved, Strategy, solve};

use super::{Failure, Output};

/// Arguments of `queens sudoku`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: SudokuCommand,
}

/// The `sudoku` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum SudokuCommand {
    /// Solve one puzzle, or every puzzle of a file, and check the solution is unique.
    Solve(SolveArgs),
}

/// Arguments of `queens sudoku solve`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("input").required(true).args(["puzzle", "file"]))]
pub struct SolveArgs {
    /// 81 cells row by row: 1-9 for a given, 0 or . for an empty cell.
    pub puzzle: Option<String>,
    /// A file of puzzles, one a line: bare, or the puzzle bank's `hash puzzle rating`.
    #[arg(long, conflicts_with = "puzzle")]
    pub file: Option<PathBuf>,
    /// How to search.
    #[arg(long, short, default_value = "fastest", value_parser = strategy_parser())]
    pub strategy: Strategy,
}

fn strategy_parser() -> impl TypedValueParser<Value = Strategy> {
    PossibleValuesParser::new(Strategy::ALL.map(Strategy::name))
        .try_map(|name| name.parse::<Strategy>())
}

/// One puzzle's result, as `--json` prints it (an array of these).
#[derive(Debug, Serialize)]
struct Answer {
    /// The puzzle, 81 characters, `0` for empty.
    puzzle: Grid,
    /// The first solution found, or null.
    solution: Option<Grid>,
    /// Nodes explored, root included, until a second solution or the tree's end.
    nodes: u64,
    /// Exactly one solution.
    unique: bool,
    /// Wall-clock time of the search.
    elapsed_ms: f64,
}

/// A puzzle to solve, and where it came from (for the text output).
struct Source {
    line: Option<usize>,
    puzzle: PuzzleLine,
}

/// Runs `queens sudoku`.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    match args.command {
        SudokuCommand::Solve(args) => run_solve(args, out),
    }
}

fn run_solve(args: SolveArgs, out: &mut Output) -> Result<(), Failure> {
    // Every puzzle is read before any is solved: bad input prints nothing else.
    let sources = match (&args.puzzle, &args.file) {
        (Some(text), _) => vec![Source {
            line: None,
            puzzle: text.parse::<PuzzleLine>().map_err(|error| {
                Failure::usage(format!("puzzle {}: {error}", shorten(text.trim())))
            })?,
        }],
        (None, Some(path)) => read_file(path)?,
        (None, None) => return Err(Failure::usage("give a PUZZLE or --file FILE")),
    };
    let answers: Vec<(Source, Solved)> = sources
        .into_iter()
        .map(|source| {
            let solved = solve(&source.puzzle.grid, args.strategy);
            (source, solved)
        })
        .collect();
    if out.json() {
        let json: Vec<Answer> = answers
            .iter()
            .map(|(source, solved)| Answer {
                puzzle: source.puzzle.grid,
                solution: solved.solution,
                nodes: solved.nodes,
                unique: solved.unique,
                elapsed_ms: solved.elapsed.as_secs_f64() * 1e3,
            })
            .collect();
        out.write_json(&json)?;
        return Ok(());
    }
    for (index, (source, solved)) in answers.iter().enumerate() {
        if index > 0 {
            out.line("")?;
        }
        print_text(source, solved, args.strategy, out)?;
    }
    Ok(())
}

fn read_file(path: &std::path::Path) -> Result<Vec<Source>, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| Failure::usage(format!("cannot read {}: {error}", path.display())))?;
    let mut sources = Vec::new();
    for (line, parsed) in bank::read(&text) {
        let puzzle = parsed.map_err(|error| {
            let shown = text.lines().nth(line - 1).unwrap_or_default().trim();
            // The bank's lines are named by their hash, others by their text.
            let fields: Vec<&str> = shown.split_whitespace().collect();
            let name = match fields[..] {
                [hash, _, _] => hash.to_owned(),
                _ => shorten(shown),
            };
            Failure::usage(format!(
                "{} line {line}, puzzle {name}: {error}",
                path.display()
            ))
        })?;
        sources.push(Source {
            line: Some(line),
            puzzle,
        });
    }
    if sources.is_empty() {
        return Err(Failure::usage(format!(
            "{} holds no puzzle (one a line: 81 cells, or 'hash puzzle rating')",
            path.display()
        )));
    }
    Ok(sources)
}

fn print_text(
    source: &Source,
    solved: &Solved,
    strategy: Strategy,
    out: &mut Output,
) -> Result<(), Failure> {
    let name = match (&source.puzzle.hash, source.line) {
        (Some(hash), Some(line)) => format!("line {line} ({hash})"),
        (None, Some(line)) => format!("line {line}"),
        (Some(hash), None) => hash.clone(),
        (None, None) => String::new(),
    };
    if !name.is_empty() {
        out.line(format!("{name}: {}", source.puzzle.grid))?;
    }
    let ms = solved.elapsed.as_secs_f64() * 1e3;
    match &solved.solution {
        Some(solution) => {
            out.line(solution.pretty().trim_end())?;
            let verdict = if solved.unique {
                "the only solution"
            } else {
                "one of several solutions (the search found a second)"
            };
            out.line(format!(
                "{verdict}: {strategy} explored {} nodes in {ms:.3} ms",
                solved.nodes
            ))?;
        }
        None => out.line(format!(
            "no solution: the givens do not clash, but no way of filling the grid keeps \
             every row, column and box free of repeats ({strategy} explored {} {} in \
             {ms:.3} ms)",
            solved.nodes,
            if solved.nodes == 1 { "node" } else { "nodes" }
        ))?,
    }
    Ok(())
}

/// The puzzle's text, cut in the middle when it is long.
fn shorten(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= 90 {
        format!("'{text}'")
    } else {
        let head: String = chars[..40].iter().collect();
        let tail: String = chars[chars.len() - 20..].iter().collect();
        format!("'{head}…{tail}' ({} characters)", chars.len())
    }
}
