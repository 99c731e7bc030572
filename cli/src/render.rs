//! `queens render PICTURE …`: any picture of the notebooks, as an SVG file.

use std::path::PathBuf;

use crate::choice::strategies;
use queens::Strategy;
use queens::display::{
    BoardPicture, ClickableBoard, Gallery, Numbers, Picture, TreePicture, branching_factors,
    candidates_against_nodes, estimate_against_exact, nodes_against_n, profile,
    pruned_by_constraint, timings,
};
use queens::notebook::playground::Playground;
use queens::run::{MAX_N, check_size};

use super::{Failure, Output, parse_board_size};

/// Arguments of `queens render`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Which picture.
    #[command(subcommand)]
    pub picture: Which,
    /// Write the SVG here instead of to standard output.
    #[arg(long, short, global = true)]
    pub output: Option<PathBuf>,
    /// Print the picture's text version instead of SVG.
    #[arg(long, global = true)]
    pub text: bool,
}

/// The pictures.
#[derive(Debug, clap::Subcommand)]
pub enum Which {
    /// The interactive lesson's board: queens, attacked cells in red/amber/purple, free cells per row, the sets.
    Board {
        /// Board size.
        #[arg(value_parser = parse_board_size)]
        n: usize,
        /// Columns of the queens in rows 0, 1, … (`1,3`).
        #[arg(long, value_delimiter = ',')]
        queens: Vec<usize>,
        /// A self-contained HTML page with the board to click instead (n = 4 to 12).
        #[arg(long)]
        html: bool,
    },
    /// Notebook 01's tables: row - col, row + col or the offset row + n - 1 - col in every cell.
    Numbers {
        /// Board size.
        #[arg(value_parser = parse_board_size)]
        n: usize,
        /// Which number.
        #[arg(long, value_enum, default_value_t = Kind::Diagonal)]
        kind: Kind,
        /// Bring out the line through this cell (`row,col`).
        #[arg(long, value_delimiter = ',')]
        highlight: Vec<usize>,
    },
    /// The search tree with its pruned candidates (small boards).
    Tree {
        /// Board size.
        #[arg(value_parser = parse_board_size)]
        n: usize,
        /// How to search.
        #[arg(long, short, value_parser = strategies(), default_value_t = Strategy::Sets)]
        strategy: Strategy,
    },
    /// One small board per node of the search, in order.
    Search {
        /// Board size.
        #[arg(value_parser = parse_board_size)]
        n: usize,
        /// How to search.
        #[arg(long, short, value_parser = strategies(), default_value_t = Strategy::Sets)]
        strategy: Strategy,
    },
    /// Every solution (n up to 8).
    Solutions {
        /// Board size.
        #[arg(value_parser = parse_board_size)]
        n: usize,
    },
    /// One solution per class of the 8 symmetries (n up to 8).
    Fundamental {
        /// Board size.
        #[arg(value_parser = parse_board_size)]
        n: usize,
    },
    /// A full board and its 8 images under the symmetries of the square.
    Symmetries {
        /// Board size.
        #[arg(value_parser = parse_board_size)]
        n: usize,
        /// Columns of the queens in rows 0, 1, …, one per row (`1,3,0,2`).
        #[arg(long, value_delimiter = ',')]
        queens: Vec<usize>,
    },
    /// The interactive lesson's branching walk: the board after each queen, free cells per row.
    Walk {
        /// Board size.
        #[arg(value_parser = parse_board_size)]
        n: usize,
        /// Columns of the queens in rows 0, 1, … (`1,3,0,2`).
        #[arg(long, value_delimiter = ',')]
        queens: Vec<usize>,
    },
    /// Nodes explored against n, log scale, with Knuth's counts.
    Nodes {
        /// Smallest board.
        #[arg(long, default_value_t = 4)]
        from: usize,
        /// Largest board.
        #[arg(long, default_value_t = 12)]
        to: usize,
    },
    /// Nodes per level of Knuth's tree.
    Profile {
        /// Board size.
        #[arg(value_parser = parse_board_size)]
        n: usize,
    },
    /// The branching factor level by level.
    Branching {
        /// Board size.
        #[arg(value_parser = parse_board_size)]
        n: usize,
    },
    /// Candidates tested against nodes entered.
    Candidates {
        /// Smallest board.
        #[arg(long, default_value_t = 4)]
        from: usize,
        /// Largest board.
        #[arg(long, default_value_t = 12)]
        to: usize,
    },
    /// Share of candidates pruned by each constraint.
    Pruning {
        /// Smallest board.
        #[arg(long, default_value_t = 4)]
        from: usize,
        /// Largest board.
        #[arg(long, default_value_t = 12)]
        to: usize,
    },
    /// Knuth's Monte Carlo estimate against the exact tree sizes.
    Estimate {
        /// Smallest board.
        #[arg(long, default_value_t = 4)]
        from: usize,
        /// Largest board.
        #[arg(long, default_value_t = 16)]
        to: usize,
        /// Random walks per board.
        #[arg(long, default_value_t = 2000)]
        probes: u64,
        /// Seed of the random generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Time to count every solution with each strategy, on this machine.
    Timings {
        /// Board size.
        #[arg(value_parser = parse_board_size)]
        n: usize,
        /// Strategies to time, in order (speed-ups are relative to the first).
        #[arg(
            long,
            value_parser = strategies(),
            value_delimiter = ',',
            default_value = "sets,arrays,bitmask"
        )]
        strategies: Vec<Strategy>,
    },
}

/// Which number [`Which::Numbers`] writes in each cell.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Kind {
    /// `row - col` (main diagonals, amber).
    Diagonal,
    /// `row + col` (anti-diagonals, purple).
    AntiDiagonal,
    /// `row + n - 1 - col` (main diagonals as array indices).
    Offset,
}

/// Largest board drawn as a single board.
const MAX_DRAWN_N: usize = MAX_N;
/// Largest board whose range charts run searches (n = 13 takes seconds).
const MAX_CHART_N: usize = 13;

fn range(from: usize, to: usize) -> Result<std::ops::RangeInclusive<usize>, Failure> {
    check_size(to, MAX_CHART_N, "a chart over a range of boards")?;
    if from > to {
        return Err(Failure::usage(format!(
            "--from {from} is larger than --to {to}"
        )));
    }
    Ok(from..=to)
}

fn picture(which: Which) -> Result<Box<dyn Picture>, Failure> {
    Ok(match which {
        Which::Board { n, queens, .. } => {
            check_size(n, MAX_DRAWN_N, "drawing a board")?;
            let board = Playground::from_queens(n, &queens).map_err(|refused| {
                Failure::usage(format!("these queens cannot be placed: {refused}"))
            })?;
            Box::new(
                board
                    .picture()
                    .caption(format!("queens {:?}", board.queens())),
            )
        }
        Which::Numbers { n, kind, highlight } => {
            check_size(n, MAX_DRAWN_N, "drawing a board")?;
            let numbers = match kind {
                Kind::Diagonal => Numbers::Diagonal,
                Kind::AntiDiagonal => Numbers::AntiDiagonal,
                Kind::Offset => Numbers::DiagonalOffset,
            };
            let board = BoardPicture::numbers(n, numbers);
            match highlight.as_slice() {
                [row, col] if *row < n && *col < n => Box::new(board.highlight(*row, *col)),
                [] => Box::new(board),
                _ => {
                    return Err(Failure::usage(format!(
                        "--highlight needs a row and a column below {n}, such as 2,3"
                    )));
                }
            }
        }
        Which::Tree { n, strategy } => Box::new(TreePicture::new(n, strategy)?),
        Which::Search { n, strategy } => Box::new(Gallery::search_with(n, strategy)?),
        Which::Solutions { n } => Box::new(Gallery::solutions(n)?),
        Which::Fundamental { n } => Box::new(Gallery::fundamental(n)?),
        Which::Symmetries { n, queens } => {
            check_size(n, MAX_DRAWN_N, "drawing a board")?;
            if queens.len() != n || Playground::from_queens(n, &queens).is_err() {
                return Err(Failure::usage(format!(
                    "--queens needs a solution: {n} columns, one per row, no two queens attacking"
                )));
            }
            Box::new(Gallery::symmetries(n, &queens))
        }
        Which::Walk { n, queens } => {
            check_size(n, MAX_DRAWN_N, "drawing a board")?;
            Playground::from_queens(n, &queens).map_err(|refused| {
                Failure::usage(format!("these queens cannot be placed: {refused}"))
            })?;
            Box::new(Gallery::walk(n, &queens))
        }
        Which::Nodes { from, to } => Box::new(nodes_against_n(range(from, to)?)?),
        Which::Profile { n } => {
            check_size(n, MAX_CHART_N, "a profile chart")?;
            Box::new(profile(n)?)
        }
        Which::Branching { n } => {
            check_size(n, MAX_CHART_N, "a branching chart")?;
            Box::new(branching_factors(n)?)
        }
        Which::Candidates { from, to } => Box::new(candidates_against_nodes(range(from, to)?)?),
        Which::Pruning { from, to } => Box::new(pruned_by_constraint(range(from, to)?)?),
        Which::Estimate {
            from,
            to,
            probes,
            seed,
        } => {
            check_size(to, 18, "comparing estimates with exact counts")?;
            if from > to {
                return Err(Failure::usage(format!(
                    "--from {from} is larger than --to {to}"
                )));
            }
            Box::new(estimate_against_exact(
                from..=to,
                probes.clamp(1, 1_000_000),
                seed,
            )?)
        }
        Which::Timings { n, strategies } => {
            check_size(n, 15, "timing every strategy")?;
            Box::new(timings(n, &strategies, 3)?)
        }
    })
}

/// Draws the picture and writes it: SVG (or its text with `--text`) to the
/// file or standard output; with `--json`, a summary of what was written.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    if let Which::Board {
        n,
        ref queens,
        html: true,
    } = args.picture
    {
        return page(n, queens, &args, out);
    }
    let picture = picture(args.picture)?;
    let content = if args.text {
        picture.text()
    } else {
        picture.svg()
    };
    if let Some(path) = &args.output {
        std::fs::write(path, &content).map_err(|error| {
            Failure::new(format!("could not write {}: {error}", path.display()))
        })?;
    }
    if out.json() {
        let (width, height) = picture.size();
        out.write_json(&serde_json::json!({
            "output": args.output,
            "format": if args.text { "text" } else { "svg" },
            "width": width,
            "height": height,
            "text": picture.text(),
        }))?;
    } else if args.output.is_none() {
        out.line(content)?;
    }
    Ok(())
}

/// `render board N --html`: the clickable board as one HTML file.
fn page(n: usize, queens: &[usize], args: &Args, out: &mut Output) -> Result<(), Failure> {
    if args.text {
        return Err(Failure::usage("--html and --text cannot be used together"));
    }
    let page = ClickableBoard::with_queens(n, queens)
        .map_err(Failure::usage)?
        .page();
    if let Some(path) = &args.output {
        std::fs::write(path, &page).map_err(|error| {
            Failure::new(format!("could not write {}: {error}", path.display()))
        })?;
    }
    if out.json() {
        out.write_json(&serde_json::json!({
            "output": args.output,
            "format": "html",
            "n": n,
            "bytes": page.len(),
        }))?;
    } else if args.output.is_none() {
        out.line(page)?;
    }
    Ok(())
}
