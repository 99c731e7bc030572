//! `queens sudoku solve PUZZLE | --file FILE`: the second homework's solver.
//!
//! One puzzle prints its grid and a verdict. A file is streamed: one line of
//! output per puzzle as it is solved (`--json`: one JSON object a line), so a
//! file of any size is never held in memory; `--threads N` solves a batch of
//! lines at a time on N threads and still prints in file order. A bad line
//! stops the run with an error naming it, after the puzzles before it are
//! printed.

use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};

use clap::builder::{PossibleValuesParser, TypedValueParser};
use serde::Serialize;

use queens::sudoku::bank::{PuzzleLine, PuzzleLineRef};
use queens::sudoku::{Grid, ParseError, Solved};
use queens_fastest::sudoku::{Strategy, solve_up_to, solve_up_to_untimed};

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
    /// Streamed: one output line per puzzle.
    #[arg(long, conflicts_with = "puzzle")]
    pub file: Option<PathBuf>,
    /// How to search: the rungs of notebook 07 (naive, mrv, naked, singles), or fastest.
    #[arg(long, short, default_value = "fastest", value_parser = strategy_parser())]
    pub strategy: Strategy,
    /// Count the solutions, up to LIMIT (1000 when no LIMIT is given), instead
    /// of stopping at the second.
    #[arg(long, value_name = "LIMIT", num_args = 0..=1, default_missing_value = "1000",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,
    /// Threads for a file (rayon); the output keeps the file's order.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: u64,
}

fn strategy_parser() -> impl TypedValueParser<Value = Strategy> {
    PossibleValuesParser::new(Strategy::ALL.map(Strategy::name))
        .try_map(|name| name.parse::<Strategy>())
}

/// One puzzle's result, as `--json` prints it (one object a line).
#[derive(Debug, Serialize)]
struct Answer<'a> {
    /// The line of the file, from 1 (absent for a puzzle on the command line).
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    /// The bank's hash, if the line has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    hash: Option<&'a str>,
    /// The puzzle, 81 characters, `0` for empty.
    puzzle: Grid,
    /// The first solution found, or null.
    solution: Option<Grid>,
    /// Solutions found: up to 2, or up to the `--count` limit.
    solutions: u64,
    /// Nodes explored, root included, until the last solution looked for or
    /// the tree's end.
    nodes: u64,
    /// Exactly one solution.
    unique: bool,
    /// Wall-clock time of the search.
    elapsed_ms: f64,
}

/// Runs `queens sudoku`.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    match args.command {
        SudokuCommand::Solve(args) => run_solve(args, out),
    }
}

/// How far each search goes: to the second solution, or to the count's limit.
fn limit(args: &SolveArgs) -> u64 {
    args.count.unwrap_or(2)
}

fn run_solve(args: SolveArgs, out: &mut Output) -> Result<(), Failure> {
    match (&args.puzzle, &args.file) {
        (Some(text), _) => {
            let puzzle = PuzzleLineRef::parse(text).map_err(|error| {
                Failure::usage(format!("puzzle {}: {error}", shorten(text.trim())))
            })?;
            let solved = solve_up_to(&puzzle.grid, args.strategy, limit(&args));
            if out.json() {
                out.line(json_line(&answer(None, &puzzle, &solved))?)?;
            } else {
                print_one(&puzzle, &solved, &args, out)?;
            }
            Ok(())
        }
        (None, Some(path)) => stream_file(path, &args, out),
        (None, None) => Err(Failure::usage("give a PUZZLE or --file FILE")),
    }
}

fn answer<'a>(line: Option<usize>, puzzle: &PuzzleLineRef<'a>, solved: &Solved) -> Answer<'a> {
    Answer {
        line,
        hash: puzzle.hash,
        puzzle: puzzle.grid,
        solution: solved.solution,
        solutions: solved.solutions,
        nodes: solved.nodes,
        unique: solved.unique,
        elapsed_ms: solved.elapsed.as_secs_f64() * 1e3,
    }
}

/// One answer as one line of JSON.
fn json_line(answer: &Answer) -> Result<String, Failure> {
    serde_json::to_string(answer)
        .map_err(|error| Failure::new(format!("could not write the output: {error}")))
}

/// Lines a batch of `--threads` reads before it solves them.
const BATCH: usize = 4096;

/// The longest line a puzzle file may hold, in bytes with its line break:
/// far more than a puzzle line (the bank's `hash puzzle rating` is about
/// 100) or a comment needs, and what keeps a file with no line breaks (a
/// binary, gigabytes on one line) from being read into memory whole.
const LONGEST_LINE: usize = 1 << 16;

/// A puzzle file read a line at a time into one buffer, blank lines and
/// `#` comments skipped: a file of puzzles allocates nothing per puzzle.
struct PuzzleFile<'a> {
    path: &'a Path,
    reader: std::io::BufReader<std::fs::File>,
    text: String,
    /// The number of the line last read, from 1.
    number: usize,
}

impl<'a> PuzzleFile<'a> {
    fn open(path: &'a Path) -> Result<Self, Failure> {
        let file = std::fs::File::open(path)
            .map_err(|error| Failure::usage(format!("cannot read {}: {error}", path.display())))?;
        Ok(Self {
            path,
            reader: std::io::BufReader::with_capacity(1 << 16, file),
            text: String::with_capacity(256),
            number: 0,
        })
    }

    /// The next puzzle line, trimmed, with its number; `None` at the end.
    fn next_line(&mut self) -> Result<Option<(usize, &str)>, Failure> {
        loop {
            self.text.clear();
            self.number += 1;
            // `read_line` checks the line is UTF-8; `take` stops it one byte
            // past the longest line, so a file with no line breaks is
            // refused after 64 KiB instead of read whole.
            let mut bounded = (&mut self.reader).take(LONGEST_LINE as u64 + 1);
            let read = bounded.read_line(&mut self.text);
            let (path, number) = (self.path.display(), self.number);
            if bounded.limit() == 0 {
                return Err(Failure::usage(format!(
                    "{path} line {number} has more than {LONGEST_LINE} bytes: not a puzzle \
                     (one a line: 81 cells, or 'hash puzzle rating')"
                )));
            }
            let read = read.map_err(|error| {
                Failure::usage(format!("cannot read {path} line {number}: {error}"))
            })?;
            if read == 0 {
                return Ok(None);
            }
            let line = self.text.trim();
            if !line.is_empty() && !line.starts_with('#') {
                // Where the trimmed line lies, so that it is returned
                // outside the loop's borrow of the buffer.
                let start = line.as_ptr() as usize - self.text.as_ptr() as usize;
                let end = start + line.len();
                return Ok(Some((self.number, &self.text[start..end])));
            }
        }
    }
}

/// Reads, solves and prints `path` a line at a time (a batch at a time with
/// threads), so only a batch is ever in memory.
fn stream_file(path: &Path, args: &SolveArgs, out: &mut Output) -> Result<(), Failure> {
    let mut file = PuzzleFile::open(path)?;
    let puzzles = if args.threads > 1 {
        stream_batches(&mut file, args, out)?
    } else {
        stream_lines(&mut file, args, out)?
    };
    if puzzles == 0 {
        return Err(Failure::usage(format!(
            "{} holds no puzzle (one a line: 81 cells, or 'hash puzzle rating')",
            path.display()
        )));
    }
    Ok(())
}

/// The search a stream runs: only `--json` prints each puzzle's time.
fn solver(out: &Output) -> fn(&Grid, Strategy, u64) -> Solved {
    if out.json() {
        solve_up_to
    } else {
        solve_up_to_untimed
    }
}

/// One thread: each line is solved and printed as it is read, its hash
/// borrowed from the line. Returns the puzzles solved.
fn stream_lines(
    file: &mut PuzzleFile,
    args: &SolveArgs,
    out: &mut Output,
) -> Result<usize, Failure> {
    let (limit, strategy, solve) = (limit(args), args.strategy, solver(out));
    let mut text = String::with_capacity(256);
    let mut puzzles = 0;
    let path = file.path;
    while let Some((number, line)) = file.next_line()? {
        let bad = |error: ParseError| bad_line(path, number, line, &error);
        // Read without the clash check, which the search makes anyway: a
        // clash is a search of 0 nodes, and the line is read again to name it.
        let puzzle = PuzzleLineRef::parse_unchecked(line).map_err(bad)?;
        let solved = solve(&puzzle.grid, strategy, limit);
        if solved.nodes == 0 {
            PuzzleLineRef::parse(line).map_err(bad)?;
        }
        print_line(out, &mut text, number, &puzzle, &solved, args)?;
        puzzles += 1;
    }
    Ok(puzzles)
}

/// `--threads N`: a batch of lines is read, solved on the threads, and
/// printed in file order. Returns the puzzles solved.
fn stream_batches(
    file: &mut PuzzleFile,
    args: &SolveArgs,
    out: &mut Output,
) -> Result<usize, Failure> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads as usize)
        .build()
        .map_err(|error| Failure::new(format!("cannot start the threads: {error}")))?;
    let (limit, strategy, solve) = (limit(args), args.strategy, solver(out));
    let mut text = String::with_capacity(256);
    let path = file.path;
    let mut batch: Vec<(usize, PuzzleLine)> = Vec::with_capacity(BATCH);
    let mut solved: Vec<Solved> = Vec::with_capacity(BATCH);
    let mut puzzles = 0;
    loop {
        // Fill a batch, stopping at a bad line or one that cannot be read:
        // the lines before it are solved and printed first.
        let mut failure = None;
        let mut ended = false;
        while batch.len() < BATCH {
            let next = match file.next_line() {
                Ok(next) => next,
                Err(unreadable) => {
                    failure = Some(unreadable);
                    break;
                }
            };
            let Some((number, line)) = next else {
                ended = true;
                break;
            };
            match PuzzleLineRef::parse(line) {
                Ok(puzzle) => batch.push((number, puzzle.to_puzzle_line())),
                Err(error) => {
                    failure = Some(bad_line(path, number, line, &error));
                    break;
                }
            }
        }
        // Into one vector kept from batch to batch.
        pool.install(|| {
            use rayon::prelude::*;
            batch
                .par_iter()
                .map(|(_, puzzle)| solve(&puzzle.grid, strategy, limit))
                .collect_into_vec(&mut solved);
        });
        for ((line, puzzle), solved) in batch.iter().zip(&solved) {
            print_line(out, &mut text, *line, &puzzle.as_ref(), solved, args)?;
        }
        puzzles += batch.len();
        batch.clear();
        if let Some(failure) = failure {
            return Err(failure);
        }
        if ended {
            return Ok(puzzles);
        }
    }
}

/// One puzzle of a file, as a line of text or of JSON.
fn print_line(
    out: &mut Output,
    text: &mut String,
    line: usize,
    puzzle: &PuzzleLineRef,
    solved: &Solved,
    args: &SolveArgs,
) -> Result<(), Failure> {
    if out.json() {
        out.line(json_line(&answer(Some(line), puzzle, solved))?)?;
    } else {
        text.clear();
        file_line(text, line, puzzle, solved, args);
        out.line_str(text)?;
    }
    Ok(())
}

/// The error for line `number` of `path`: the bank's lines are named by their
/// hash, others by their text.
fn bad_line(path: &Path, number: usize, text: &str, error: &dyn std::fmt::Display) -> Failure {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let name = match fields[..] {
        [hash, _, _] => hash.to_owned(),
        _ => shorten(text),
    };
    Failure::usage(format!(
        "{} line {number}, puzzle {name}: {error}",
        path.display()
    ))
}

/// What was found, in words: `unique`, `several solutions`, `no solution`, or
/// with `--count` how many.
fn verdict(solved: &Solved, args: &SolveArgs) -> String {
    match args.count {
        Some(limit) if solved.solutions >= limit => {
            format!("at least {limit} solutions (the limit)")
        }
        Some(_) => match solved.solutions {
            1 => "1 solution".to_owned(),
            n => format!("{n} solutions"),
        },
        None => match solved.solutions {
            0 => "no solution".to_owned(),
            1 => "unique".to_owned(),
            _ => "several solutions (the search found a second)".to_owned(),
        },
    }
}

/// One puzzle of a file on one line, written into `text`: `line 3 (hash):
/// SOLUTION unique, 7 nodes`.
fn file_line(
    text: &mut String,
    line: usize,
    puzzle: &PuzzleLineRef,
    solved: &Solved,
    args: &SolveArgs,
) {
    // Pushed piece by piece (`itoa` for the numbers): a file of puzzles
    // writes a line each, and `fmt` machinery is a few per cent of it.
    let mut number = itoa::Buffer::new();
    text.push_str("line ");
    text.push_str(number.format(line));
    if let Some(hash) = puzzle.hash {
        text.push_str(" (");
        text.push_str(hash);
        text.push(')');
    }
    text.push_str(": ");
    match solved.solution {
        Some(grid) => grid.push_to(text),
        None => text.push_str(&"-".repeat(81)),
    }
    text.push(' ');
    match (args.count, solved.solutions) {
        (None, 1) => text.push_str("unique"),
        _ => text.push_str(&verdict(solved, args)),
    }
    text.push_str(", ");
    text.push_str(number.format(solved.nodes));
    text.push_str(if solved.nodes == 1 { " node" } else { " nodes" });
}

fn print_one(
    puzzle: &PuzzleLineRef,
    solved: &Solved,
    args: &SolveArgs,
    out: &mut Output,
) -> Result<(), Failure> {
    if let Some(hash) = puzzle.hash {
        out.line(format!("{hash}: {}", puzzle.grid))?;
    }
    let strategy = args.strategy;
    let ms = solved.elapsed.as_secs_f64() * 1e3;
    let nodes = format!(
        "{strategy} explored {} {} in {ms:.3} ms",
        solved.nodes,
        if solved.nodes == 1 { "node" } else { "nodes" }
    );
    match (&solved.solution, args.count) {
        (Some(solution), None) => {
            out.line(solution.pretty().trim_end())?;
            let verdict = if solved.unique {
                "the only solution"
            } else {
                "one of several solutions (the search found a second)"
            };
            out.line(format!("{verdict}: {nodes}"))?;
        }
        (Some(solution), Some(_)) => {
            out.line(solution.pretty().trim_end())?;
            out.line(format!("{} ({nodes})", verdict(solved, args)))?;
        }
        (None, _) => out.line(format!(
            "no solution: the givens do not clash, but no way of filling the grid keeps \
             every row, column and box free of repeats ({nodes})"
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
