//! Sudoku pictures: the grid with its givens, its candidates and the three
//! sets of one cell (row red, column amber, box purple, as the queens' three
//! sets), the box identity, a search replayed step by step (the library's or
//! the student's), the first difference between two searches, and the nodes of
//! `naive` and `mrv` on the shipped puzzles.

use super::canvas::{Canvas, Paint, Rgb};
use super::palette::{self, CENTRE, GREEN, GREY, INK, LEFT};
use super::picture::{Picture, show};
use super::text::wrap;
use crate::board::coords::Cell;
use crate::search::Flow;
use crate::sudoku::handout::{Step as HandoutStep, SudokuRun, unit_name};
use crate::sudoku::rules::HiddenSingle;
use crate::sudoku::search::{self, CellOrder, Observer};
use crate::sudoku::{Grid, SIDE, Unit, Units, box_of};
// The nodes chart (feature `charts`) and a homework's first difference
// (feature `homework`): only the notebooks that show them compile them.
#[cfg(feature = "charts")]
use super::chart::{Chart, Series, Style};
#[cfg(any(feature = "charts", feature = "homework"))]
use super::text::thousands;
#[cfg(feature = "homework")]
use crate::sudoku::feedback::SudokuDifference;
#[cfg(feature = "charts")]
use crate::sudoku::{Strategy, solve};

/// Pixels per cell.
const CELL: i32 = 46;
/// Margin around the grid, room for the row and column numbers.
const MARGIN: i32 = 28;

/// A picture of a Sudoku grid.
///
/// ```
/// use queens::board::coords::Cell;
/// use queens::display::{Picture, SudokuPicture};
/// use queens::sudoku::bank;
/// let puzzle = bank::diabolical()[0].grid;
/// let svg = SudokuPicture::new(&puzzle).candidates().focus(Cell::new(0, 0)).svg();
/// assert!(svg.starts_with("<svg"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SudokuPicture {
    puzzle: Grid,
    grid: Grid,
    candidates: bool,
    focus: Option<Cell>,
    box_numbers: bool,
    hidden: Option<HiddenSingle>,
    caption: Vec<String>,
}

impl SudokuPicture {
    /// The puzzle's givens.
    pub fn new(puzzle: &Grid) -> Self {
        Self {
            puzzle: *puzzle,
            grid: *puzzle,
            candidates: false,
            focus: None,
            box_numbers: false,
            hidden: None,
            caption: Vec::new(),
        }
    }

    /// The box identity: every cell shows `(row / 3) * 3 + col / 3`, the boxes
    /// grey and white in turn (no constraint colour: those mean a row, a
    /// column and a box).
    pub fn box_numbers() -> Self {
        Self {
            box_numbers: true,
            ..Self::new(&Grid::empty())
        }
        .caption("box = (row / 3) * 3 + col / 3: row / 3 is the band, col / 3 the stack")
    }

    /// Shows `grid` filled in over the puzzle (the digits not given in blue).
    pub fn filled(mut self, grid: &Grid) -> Self {
        self.grid = *grid;
        self
    }

    /// Writes every empty cell's candidates small (digits none of its three
    /// sets holds).
    pub fn candidates(mut self) -> Self {
        self.candidates = true;
        self
    }

    /// Tints `cell`'s row (red), column (amber) and box (purple), and frames it.
    pub fn focus(mut self, cell: Cell) -> Self {
        self.focus = Some(cell);
        self
    }

    /// Shows a hidden single: its unit tinted in the unit's colour (a row red,
    /// a column amber, a box purple, as in [`focus`](Self::focus)), its cell
    /// green, and its digit in bold green among the cell's candidates (no
    /// other cell of the unit has it). Shows the candidates too.
    pub fn hidden_single(mut self, single: HiddenSingle) -> Self {
        self.hidden = Some(single);
        self.candidates = true;
        self
    }

    /// Adds a line of text under the grid.
    pub fn caption(mut self, text: impl Into<String>) -> Self {
        self.caption.push(text.into());
        self
    }

    fn caption_lines(&self) -> Vec<String> {
        self.caption.iter().flat_map(|c| wrap(c, 64)).collect()
    }

    /// The tint of a cell: its box's in the box identity, the focus cell's
    /// sets otherwise.
    fn tint(&self, cell: Cell) -> Option<Rgb> {
        if self.box_numbers {
            // Grey and white like a printed grid: red, amber and purple
            // mean a row, a column and a box here, never a box number.
            return box_of(cell.row, cell.col)
                .is_multiple_of(2)
                .then(|| palette::tint(GREY, 0.3));
        }
        if let Some(single) = self.hidden {
            return if cell == single.cell {
                Some(palette::tint(GREEN, 0.25))
            } else if single.unit.cells().any(|other| other == cell) {
                Some(unit_tint(single.unit))
            } else {
                None
            };
        }
        let focus = self.focus?;
        // The box first: its cells in the focus row or column are the box's.
        Unit::of(focus)
            .into_iter()
            .rev()
            .find(|unit| cell != focus && unit.cells().any(|other| other == cell))
            .map(unit_tint)
    }
}

/// The light tint a unit's cells take: its colour from the palette (a row
/// red, a column amber, a box purple) in every picture of notebooks 07 and 08.
fn unit_tint(unit: Unit) -> Rgb {
    let strength = match unit {
        Unit::Column(_) => 0.25,
        Unit::Row(_) | Unit::Box(_) => 0.2,
    };
    palette::tint(palette::unit(unit), strength)
}

fn units_of(grid: &Grid) -> Units {
    Units::from_grid(grid).unwrap_or_default()
}

fn at(k: usize) -> i32 {
    MARGIN + k as i32 * CELL
}

impl Picture for SudokuPicture {
    fn size(&self) -> (u32, u32) {
        let side = (2 * MARGIN + 9 * CELL) as u32;
        (side, side + 22 * self.caption_lines().len() as u32)
    }

    fn draw(&self, canvas: &Canvas<'_>) -> Result<(), String> {
        canvas.fill(palette::WHITE)?;
        let units = Units::from_grid(&self.grid).unwrap_or_default();
        for row in 0..SIDE {
            for col in 0..SIDE {
                let cell = Cell::new(row, col);
                let (x, y) = (at(col), at(row));
                if let Some(colour) = self.tint(cell) {
                    canvas.rect((x, y), (x + CELL, y + CELL), Paint::fill(colour))?;
                }
                let centre = (x + CELL / 2, y + CELL / 2);
                if self.box_numbers {
                    let label = box_of(row, col).to_string();
                    canvas.text(&label, centre, palette::font(18.0, INK, CENTRE))?;
                } else if let Some(digit) = self.grid.get(cell) {
                    let given = self.puzzle.get(cell).is_some();
                    let style = if given {
                        palette::bold(24.0, INK, CENTRE)
                    } else {
                        palette::font(24.0, palette::BLUE_TEXT, CENTRE)
                    };
                    canvas.text(&digit.to_string(), centre, style)?;
                } else if self.candidates {
                    if units.candidates(cell).is_empty() {
                        // A dead end: no digit fits this cell any more.
                        let dead = Paint::fill(palette::DEAD_END);
                        canvas.rect((x + 3, y + 3), (x + CELL - 3, y + CELL - 3), dead)?;
                        canvas.text("none", centre, palette::bold(11.0, INK, CENTRE))?;
                    }
                    for digit in units.candidates(cell).iter() {
                        let k = i32::from(digit - 1);
                        let spot = (x + 8 + (k % 3) * 15, y + 8 + (k / 3) * 15);
                        let forced = self
                            .hidden
                            .is_some_and(|single| single.cell == cell && single.digit == digit);
                        let style = if forced {
                            palette::bold(14.0, palette::GREEN_TEXT, CENTRE)
                        } else {
                            palette::font(11.0, palette::GREY_TEXT, CENTRE)
                        };
                        canvas.text(&digit.to_string(), spot, style)?;
                    }
                }
            }
        }
        for k in 0..=SIDE {
            let (width, colour) = if k % 3 == 0 {
                (3, INK)
            } else {
                (1, palette::DARK)
            };
            let paint = Paint::stroke(colour, width);
            let (from, to) = (at(0), at(SIDE));
            canvas.path(&[(at(k), from), (at(k), to)], paint)?;
            canvas.path(&[(from, at(k)), (to, at(k))], paint)?;
        }
        for k in 0..SIDE {
            let label = palette::font(11.0, GREY, CENTRE);
            canvas.text(&k.to_string(), (at(k) + CELL / 2, MARGIN / 2), label)?;
            canvas.text(&k.to_string(), (MARGIN / 2, at(k) + CELL / 2), label)?;
        }
        if let Some(focus) = self.focus {
            let (x, y) = (at(focus.col), at(focus.row));
            canvas.rect(
                (x + 2, y + 2),
                (x + CELL - 2, y + CELL - 2),
                Paint::stroke(GREEN, 3),
            )?;
        }
        for (i, line) in self.caption_lines().into_iter().enumerate() {
            let y = at(SIDE) + 16 + 22 * i as i32;
            canvas.text(&line, (MARGIN, y), palette::font(13.0, INK, LEFT))?;
        }
        Ok(())
    }

    fn text(&self) -> String {
        let mut out = if self.box_numbers {
            let mut text = String::new();
            for row in 0..SIDE {
                let cells: Vec<String> =
                    (0..SIDE).map(|col| box_of(row, col).to_string()).collect();
                text.push_str(&cells.join(" "));
                text.push('\n');
            }
            text
        } else {
            self.grid.pretty()
        };
        if let Some(focus) = self.focus {
            let what = match self.grid.get(focus) {
                Some(digit) => format!("holds {digit}"),
                None => format!("candidates {:?}", units_of(&self.grid).candidates(focus)),
            };
            out.push_str(&format!(
                "cell ({}, {}), box {}: {what}\n",
                focus.row,
                focus.col,
                box_of(focus.row, focus.col),
            ));
        }
        if let Some(single) = self.hidden {
            out.push_str(&format!(
                "hidden single: {} has one place left for {}, the cell ({}, {}) (candidates {:?})\n",
                unit_name(single.unit),
                single.digit,
                single.cell.row,
                single.cell.col,
                units_of(&self.grid).candidates(single.cell)
            ));
        }
        if self.candidates {
            let units = units_of(&self.grid);
            let dead: Vec<String> = self
                .grid
                .empty_cells()
                .filter(|&cell| units.candidates(cell).is_empty())
                .map(|cell| format!("({}, {})", cell.row, cell.col))
                .collect();
            if !dead.is_empty() {
                out.push_str(&format!("no candidate left in {}\n", dead.join(", ")));
            }
        }
        for line in &self.caption {
            out.push_str(line);
            out.push('\n');
        }
        out
    }
}

impl SudokuPicture {
    /// Shows the grid in Jupyter: SVG plus a text version.
    pub fn evcxr_display(&self) {
        show(self)
    }
}

/// What one step of a replayed search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// A digit written in a cell.
    Place,
    /// A digit rubbed out again (its subtree held no solution).
    Backtrack,
}

/// One step of a replayed search, with the grid after it.
#[derive(Clone, Debug, PartialEq)]
pub struct WalkStep {
    /// Place or backtrack.
    pub kind: Move,
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: u8,
    /// How many candidates the cell had when the search chose it.
    pub choices: u32,
    /// The grid after the step.
    pub grid: Grid,
    /// The step's number as the search counts its steps, from 1: its places
    /// and backtracks ([`Walkthrough::new`]), or every step of a recorded run,
    /// prunes included ([`Walkthrough::of_run`]), as its other pictures and
    /// tables number them.
    pub number: usize,
}

/// A search replayed step by step (at most `limit` steps, up to the first
/// solution), for pictures of each step.
#[derive(Clone, Debug, PartialEq)]
pub struct Walkthrough {
    /// The puzzle.
    pub puzzle: Grid,
    /// The steps, in order.
    pub steps: Vec<WalkStep>,
    /// The nodes the search entered while recording.
    pub nodes: u64,
}

struct Recorder {
    steps: Vec<WalkStep>,
    grid: Grid,
    limit: usize,
    nodes: u64,
    /// The first solution was reached: the unwinding is not recorded.
    solved: bool,
}

impl Observer for Recorder {
    fn node(&mut self, _grid: &Grid) -> Flow {
        self.nodes += 1;
        Flow::Continue(())
    }
    fn place(&mut self, cell: Cell, digit: u8) {
        let choices = Units::from_grid(&self.grid)
            .map(|units| units.candidates(cell).len())
            .unwrap_or(0);
        self.grid.set(cell, digit);
        self.push(Move::Place, cell, digit, choices);
    }
    fn backtrack(&mut self, cell: Cell, digit: u8) {
        self.grid.clear(cell);
        self.push(Move::Backtrack, cell, digit, 0);
    }
    fn solution(&mut self, _grid: &Grid) -> Flow {
        self.solved = true;
        Flow::Break(())
    }
}

impl Recorder {
    fn push(&mut self, kind: Move, cell: Cell, digit: u8, choices: u32) {
        if !self.solved && self.steps.len() < self.limit {
            self.steps.push(WalkStep {
                kind,
                cell,
                digit,
                choices,
                grid: self.grid,
                number: self.steps.len() + 1,
            });
        }
    }
}

impl Walkthrough {
    /// Replays the search of `puzzle` with `order` up to its first solution,
    /// keeping the first `limit` steps.
    pub fn new(puzzle: &Grid, order: CellOrder, limit: usize) -> Self {
        let mut recorder = Recorder {
            steps: Vec::new(),
            grid: *puzzle,
            limit,
            nodes: 0,
            solved: false,
        };
        let _ = search::explore(puzzle, order, &mut recorder);
        Self {
            puzzle: *puzzle,
            steps: recorder.steps,
            nodes: recorder.nodes,
        }
    }

    /// How many steps were recorded.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether no step was recorded (a full grid).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// How many of the recorded steps are backtracks.
    pub fn backtracks(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| s.kind == Move::Backtrack)
            .count()
    }

    /// The grid after the last recorded step: the first solution, or
    /// wherever the search stopped ([`frame`](Self::frame) of it).
    pub fn last_frame(&self) -> SudokuPicture {
        self.frame(self.steps.len().saturating_sub(1))
    }

    /// The grid after step `k` (from 0; past the end: the last step), the
    /// step's cell framed with its three sets, candidates in the empty cells.
    pub fn frame(&self, k: usize) -> SudokuPicture {
        let Some(step) = self.steps.get(k.min(self.steps.len().saturating_sub(1))) else {
            return SudokuPicture::new(&self.puzzle).candidates();
        };
        let number = step.number;
        let what = match step.kind {
            Move::Place => format!(
                "step {number}: {} goes in ({}, {}); the cell had {} candidate{}",
                step.digit,
                step.cell.row,
                step.cell.col,
                step.choices,
                if step.choices == 1 { "" } else { "s" }
            ),
            Move::Backtrack => format!(
                "step {number}: backtrack, {} comes out of ({}, {}): nothing below it worked",
                step.digit, step.cell.row, step.cell.col
            ),
        };
        SudokuPicture::new(&self.puzzle)
            .filled(&step.grid)
            .candidates()
            .focus(step.cell)
            .caption(what)
    }
}

impl Walkthrough {
    /// A recorded search ([`SudokuHandout::explore`]: the student's blanks;
    /// [`reference`](crate::sudoku::handout::reference): the
    /// library's `naive`) as a walkthrough, so the student's own search is
    /// pictured step by step as the library's is: its places and backtracks
    /// up to its first solution, at most `limit` of them. Prunes are left out,
    /// as in [`Walkthrough::new`], but counted in each step's `number`, so a
    /// caption's step is the one the comparison and its table name; each
    /// placement's `choices` are the cell's candidates on the grid before it
    /// (0 when that grid already clashes).
    ///
    /// [`SudokuHandout::explore`]: crate::sudoku::handout::SudokuHandout::explore
    ///
    /// ```
    /// use queens::display::Walkthrough;
    /// use queens::sudoku::handout::reference;
    /// use queens::sudoku::{bank, search::CellOrder};
    /// let puzzle = bank::diabolical()[2].grid;
    /// let naive = reference(&puzzle, 100_000)?;
    /// let (replayed, walked) = (
    ///     Walkthrough::of_run(&naive, 100_000),
    ///     Walkthrough::new(&puzzle, CellOrder::FirstEmpty, 100_000),
    /// );
    /// // The same moves and grids; the run's numbers count its prunes too.
    /// let moves = |w: &Walkthrough| w.steps.iter().map(|s| (s.kind, s.cell, s.digit, s.grid)).collect::<Vec<_>>();
    /// assert_eq!(moves(&replayed), moves(&walked));
    /// assert_eq!(replayed.nodes, walked.nodes);
    /// assert!(replayed.steps.last().unwrap().number > walked.steps.last().unwrap().number);
    /// # Ok::<(), queens::sudoku::handout::Stopped>(())
    /// ```
    pub fn of_run(run: &SudokuRun, limit: usize) -> Self {
        let mut grid = run.puzzle;
        let mut steps = Vec::new();
        let mut nodes = 1; // the root
        for (index, step) in run.steps.iter().enumerate() {
            let (kind, cell, digit) = match *step {
                HandoutStep::Place { cell, digit } => (Move::Place, cell, digit),
                HandoutStep::Backtrack { cell, digit } => (Move::Backtrack, cell, digit),
                HandoutStep::Prune { .. } => continue,
                HandoutStep::Solution { .. } => break,
            };
            let choices = match kind {
                Move::Place => {
                    nodes += 1;
                    Units::from_grid(&grid).map_or(0, |units| units.candidates(cell).len())
                }
                Move::Backtrack => 0,
            };
            match kind {
                Move::Place => grid.set(cell, digit),
                Move::Backtrack => grid.clear(cell),
            }
            if steps.len() < limit {
                steps.push(WalkStep {
                    kind,
                    cell,
                    digit,
                    choices,
                    grid,
                    number: index + 1,
                });
            }
        }
        Self {
            puzzle: run.puzzle,
            steps,
            nodes,
        }
    }
}

#[cfg(feature = "homework")]
impl Walkthrough {
    /// What [`of_run`](Self::of_run) replays of `run`, in words: its writes
    /// and rub-outs up to its first solution, or before it stopped, or that
    /// none were kept (a rehearsal had to stop it).
    ///
    /// ```
    /// use queens::display::Walkthrough;
    /// use queens::sudoku::{bank, handout::reference};
    /// let naive = reference(&bank::diabolical()[2].grid, 100_000)?;
    /// let said = Walkthrough::of_run(&naive, 100_000).said(&naive);
    /// assert_eq!(said, "your search: 993 writes and rub-outs up to its first solution, 472 of them rub-outs");
    /// # Ok::<(), queens::sudoku::handout::Stopped>(())
    /// ```
    pub fn said(&self, run: &SudokuRun) -> String {
        if run.steps_lost() {
            return format!("{}: none to replay.", crate::sudoku::feedback::LOST);
        }
        let moves = match self.steps.len() {
            0 => "no write or rub-out".to_owned(),
            1 => "1 write or rub-out".to_owned(),
            k => format!("{} writes and rub-outs", thousands(k as u64)),
        };
        let rub_outs = match (self.steps.len(), self.backtracks()) {
            (0, _) => String::new(),
            (_, 0) => ", none of them a rub-out".to_owned(),
            (_, 1) => ", 1 of them a rub-out".to_owned(),
            (_, k) => format!(", {} of them rub-outs", thousands(k as u64)),
        };
        let until = if !run.solutions.is_empty() {
            "up to its first solution"
        } else if run.stopped.is_some() {
            "before it stopped"
        } else {
            "through its whole tree, without a solution"
        };
        format!("your search: {moves} {until}{rub_outs}")
    }
}

#[cfg(feature = "homework")]
impl SudokuPicture {
    /// The grid where a student's search first leaves the reference's: the
    /// grid just before that step, its cell framed with its three sets, the
    /// candidates in the empty cells, and the difference as the caption
    /// ("step 25: you wrote 2 in (1, 0); the reference prunes it …").
    pub fn difference(puzzle: &Grid, difference: &SudokuDifference) -> Self {
        let cell = [difference.yours, difference.reference]
            .into_iter()
            .flatten()
            .find_map(|step| match step {
                HandoutStep::Place { cell, .. }
                | HandoutStep::Prune { cell, .. }
                | HandoutStep::Backtrack { cell, .. } => Some(cell),
                HandoutStep::Solution { .. } => None,
            });
        let picture = SudokuPicture::new(puzzle)
            .filled(&difference.before)
            .candidates();
        match cell {
            Some(cell) => picture.focus(cell),
            None => picture,
        }
        .caption(difference.to_string())
    }

    /// Shows [`difference`](Self::difference) on the grid `yours` searched,
    /// or says why there is nothing to draw: no step taken yet, or every
    /// step the reference's (notebook 08's one call).
    pub fn show_difference(yours: &SudokuRun, difference: Option<&SudokuDifference>) {
        match difference {
            Some(difference) => Self::difference(&yours.puzzle, difference).evcxr_display(),
            None if yours.steps_lost() => {
                println!("{}: nothing to draw.", crate::sudoku::feedback::LOST);
            }
            None if yours.steps.is_empty() => {
                println!("Nothing to draw yet: your search has not taken a step.");
            }
            None => println!("Nothing to draw: your search takes exactly the reference's steps."),
        }
    }
}

/// Nodes of the rungs of notebook 07 (`naive`, `mrv`, `naked`, `singles`) on
/// each of `puzzles`, on a log scale, with the totals and the ratios from one
/// rung to the next in the findings.
#[cfg(feature = "charts")]
pub fn sudoku_nodes(puzzles: &[Grid]) -> Chart {
    let mut chart = Chart::new(
        "Nodes explored per puzzle: the most constrained cell first, then forced cells",
        "puzzle (the shipped diabolical ones, in file order)",
        "nodes, root included, up to the proof of uniqueness (log scale)",
    )
    .log_y()
    .headroom(0.35);
    let mut totals = Vec::new();
    for (k, strategy) in Strategy::ALL.into_iter().enumerate() {
        let colour = palette::sudoku_strategy(strategy);
        // Dots, not lines: the puzzles are unrelated, so nothing lies between
        // two of them. Each strategy's dot a little off the puzzle's number,
        // so that equal counts do not hide each other.
        let shift = (k as f64 - 1.5) * 0.16;
        let points: Vec<(f64, f64)> = puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| ((i + 1) as f64 + shift, solve(p, strategy).nodes as f64))
            .collect();
        let total: f64 = points.iter().map(|&(_, y)| y).sum();
        totals.push(total);
        chart = chart.series(Series::new(strategy.name(), colour, Style::Points, points));
    }
    let [naive, mrv, naked, singles] = [totals[0], totals[1], totals[2], totals[3]];
    chart
        .finding(format!(
            "In all: naive {}, mrv {}, naked {}, singles {} nodes.",
            thousands(naive as u64),
            thousands(mrv as u64),
            thousands(naked as u64),
            thousands(singles as u64)
        ))
        .finding(format!(
            "mrv explores {:.0}x fewer nodes than naive; naked singles cut another {:.1}x, hidden singles another {:.1}x.",
            naive / mrv,
            mrv / naked,
            naked / singles
        ))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::notebook::feedback::Progress;
    use crate::sudoku::handout::SudokuHandout;

    /// A walkthrough of a search a rehearsal had to stop replays nothing and
    /// says why: its steps went with the copy of the kernel that took them.
    #[test]
    fn a_search_stopped_in_its_rehearsal_has_no_steps_to_replay_and_says_so() {
        fn deeper(depth: u64) -> u64 {
            let frame = std::hint::black_box([depth as u8; 64]);
            if depth == u64::MAX {
                return 0;
            }
            deeper(depth + 1) + u64::from(frame[0])
        }
        // Every digit fits, and rubbing one out never returns: 81 writes and
        // a solution, then the first rub-out overflows the stack.
        let stopped = SudokuHandout::new(
            (),
            |_: &(), _, _, _| false,
            |_: &mut (), _, _, _| {},
            |_: &mut (), _, _, _| {
                std::hint::black_box(deeper(0));
            },
        )
        .record(&Grid::empty(), 1_000, &Progress::new([]));
        assert!(stopped.steps_lost() && stopped.steps.is_empty());
        assert_eq!(
            stopped.how_far_in_a_copy().as_deref(),
            Some("after its first 82 steps, which are not kept")
        );
        let said = Walkthrough::of_run(&stopped, 100).said(&stopped);
        assert!(said.starts_with(crate::sudoku::feedback::LOST), "{said}");
        assert!(said.ends_with("none to replay."), "{said}");
    }
}
