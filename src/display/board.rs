//! A board: queens, the cells they attack in the interactive lesson's colours, the free
//! cells per row and the three sets; or the diagonal numbers of notebook 01.

use super::canvas::{Canvas, Paint, Rgb};
use super::palette::{self, AMBER, CENTRE, DARK, GREEN, GREY, INK, LEFT, LIGHT, PURPLE, RED};
use super::picture::Picture;
use super::text::wrap;
use crate::board::constraint::{Attack, Constraint};
use crate::board::coords::{Cell, anti_diagonal, diagonal, diagonal_offset};
use crate::notebook::playground::symbol;
use crate::report::branching::available_per_row;
use crate::stores::sets::ConstraintSets;

/// Which number each cell shows (notebook 01's tables).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbers {
    /// `row - col`: constant along a main diagonal, from `-(n-1)` to `n-1`.
    Diagonal,
    /// `row + col`: constant along an anti-diagonal, from 0 to `2n-2`.
    AntiDiagonal,
    /// `row + n - 1 - col`: the main diagonal shifted to an array index.
    DiagonalOffset,
}

impl Numbers {
    fn value(self, n: usize, cell: Cell) -> isize {
        match self {
            Self::Diagonal => diagonal(cell.row, cell.col),
            Self::AntiDiagonal => anti_diagonal(cell.row, cell.col) as isize,
            Self::DiagonalOffset => diagonal_offset(n, cell.row, cell.col) as isize,
        }
    }

    fn colour(self) -> Rgb {
        match self {
            Self::Diagonal | Self::DiagonalOffset => AMBER,
            Self::AntiDiagonal => PURPLE,
        }
    }

    fn formula(self) -> &'static str {
        match self {
            Self::Diagonal => "row - col",
            Self::AntiDiagonal => "row + col",
            Self::DiagonalOffset => "row + n - 1 - col",
        }
    }
}

/// Which empty cells are coloured by the constraints attacking them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shading {
    /// None: a plain board (a solution).
    Off,
    /// Every cell of every empty row (the interactive lesson's board).
    EmptyRows,
    /// Only the row the search tests next; its free cells green.
    NextRow,
}

/// A picture of an `n × n` board.
///
/// ```
/// use queens::display::{BoardPicture, Picture};
/// let svg = BoardPicture::new(4, &[1, 3]).svg();
/// assert!(svg.starts_with("<svg"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct BoardPicture {
    n: usize,
    queens: Vec<usize>,
    numbers: Option<Numbers>,
    highlight: Option<Cell>,
    shading: Shading,
    side: bool,
    sets: bool,
    caption: Option<String>,
    cell: u32,
    /// Cells framed in black ([`palette::ILLEGAL`]): queens that attack each other.
    marked: Vec<Cell>,
}

const INDEX: u32 = 20;
const SIDE: u32 = 124;
const LINE: u32 = 18;

impl BoardPicture {
    /// The interactive lesson's board: `queens[row] = col` for the first rows, attacked cells
    /// of the empty rows coloured, free cells per row on the right, the three
    /// sets below.
    pub fn new(n: usize, queens: &[usize]) -> Self {
        Self {
            n,
            queens: queens
                .iter()
                .copied()
                .take_while(|&c| c < n)
                .take(n)
                .collect(),
            numbers: None,
            highlight: None,
            shading: Shading::EmptyRows,
            side: true,
            sets: true,
            caption: None,
            cell: default_cell(n),
            marked: Vec::new(),
        }
    }

    /// Just the queens: for solutions.
    pub fn plain(n: usize, queens: &[usize]) -> Self {
        Self {
            shading: Shading::Off,
            side: false,
            sets: false,
            ..Self::new(n, queens)
        }
    }

    /// Notebook 01's tables: every cell shows its `row - col`, `row + col` or
    /// array offset, shaded so that equal numbers share a colour.
    pub fn numbers(n: usize, numbers: Numbers) -> Self {
        Self {
            numbers: Some(numbers),
            caption: Some(format!("each cell shows {}", numbers.formula())),
            ..Self::plain(n, &[])
        }
    }

    /// Brings out the line (of the numbered table) through `cell`.
    pub fn highlight(mut self, row: usize, col: usize) -> Self {
        self.highlight = Some(Cell::new(row, col));
        self
    }

    /// Chooses which empty cells are coloured.
    pub fn shading(mut self, shading: Shading) -> Self {
        self.shading = shading;
        self
    }

    /// Shows or hides the free-cell counts and the three sets.
    pub fn details(mut self, shown: bool) -> Self {
        self.side = shown;
        self.sets = shown;
        self
    }

    /// Shows or hides only the free-cell counts beside the rows.
    pub fn side_counts(mut self, shown: bool) -> Self {
        self.side = shown;
        self
    }

    /// Frames `cells` in black: on a board that is not a solution, the queens
    /// that attack each other.
    pub fn mark(mut self, cells: &[Cell]) -> Self {
        self.marked = cells.to_vec();
        self
    }

    /// A sentence under the board.
    pub fn caption(mut self, text: impl Into<String>) -> Self {
        self.caption = Some(text.into());
        self
    }

    /// The side of one square in pixels (the default fits the board in about
    /// 360 pixels).
    pub fn cell_size(mut self, pixels: u32) -> Self {
        self.cell = pixels.max(8);
        self
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The queens drawn, `queens[row] = col`.
    pub fn queens(&self) -> &[usize] {
        &self.queens
    }

    /// Which constraints attack `(row, col)` as this picture colours it (no
    /// attack where the picture does not shade).
    pub fn shade_of(&self, row: usize, col: usize) -> Attack {
        let shaded = match self.shading {
            Shading::Off => false,
            Shading::EmptyRows => row >= self.queens.len(),
            Shading::NextRow => row == self.queens.len(),
        };
        if shaded && self.numbers.is_none() {
            ConstraintSets::from_placement(&self.queens).attack(row, col)
        } else {
            Attack::NONE
        }
    }

    fn caption_lines(&self) -> Vec<String> {
        let width = (self.size_without_caption().0 as usize / 7).max(20);
        self.caption
            .as_deref()
            .map(|c| wrap(c, width))
            .unwrap_or_default()
    }

    fn size_without_caption(&self) -> (u32, u32) {
        let board = self.cell * self.n as u32;
        let right = if self.side { SIDE } else { 8 };
        let sets = if self.sets { 3 * LINE + 6 } else { 0 };
        let width = INDEX + board + right;
        let width = if self.sets { width.max(230) } else { width };
        (width, INDEX + board + 6 + sets)
    }

    fn origin(&self, cell: Cell) -> (i32, i32) {
        (
            (INDEX + cell.col as u32 * self.cell) as i32,
            (INDEX + cell.row as u32 * self.cell) as i32,
        )
    }

    fn draw_cell(&self, canvas: &Canvas<'_>, cell: Cell) -> Result<(), String> {
        let (x, y) = self.origin(cell);
        let side = self.cell as i32;
        let square = |colour: Rgb, x0: i32, x1: i32| {
            canvas.rect((x0, y), (x1, y + side), Paint::fill(colour))
        };
        let base = if (cell.row + cell.col).is_multiple_of(2) {
            LIGHT
        } else {
            DARK
        };
        square(base, x, x + side)?;
        if let Some(numbers) = self.numbers {
            return self.draw_number(canvas, cell, numbers);
        }
        let attack = self.shade_of(cell.row, cell.col);
        let attackers: Vec<Constraint> = attack.constraints().collect();
        // One vertical stripe per attacking constraint.
        for (i, &constraint) in attackers.iter().enumerate() {
            let x0 = x + side * i as i32 / attackers.len() as i32;
            let x1 = x + side * (i as i32 + 1) / attackers.len() as i32;
            square(palette::constraint(constraint), x0, x1)?;
        }
        if attackers.is_empty() && self.shading == Shading::NextRow && cell.row == self.queens.len()
        {
            square(palette::tint(GREEN, 0.55), x, x + side)?;
        }
        if !attackers.is_empty() {
            // A thin white frame: neighbouring cells with the same stripes
            // would otherwise merge into one band.
            canvas.rect(
                (x, y),
                (x + side, y + side),
                Paint::stroke(palette::WHITE, 1),
            )?;
        }
        if self.queens.get(cell.row) == Some(&cell.col) {
            draw_queen(canvas, x, y, side)?;
        }
        if self.marked.contains(&cell) {
            canvas.rect(
                (x + 1, y + 1),
                (x + side - 1, y + side - 1),
                Paint::stroke(palette::ILLEGAL, 4),
            )?;
        }
        Ok(())
    }

    fn draw_number(&self, canvas: &Canvas<'_>, cell: Cell, numbers: Numbers) -> Result<(), String> {
        let (x, y) = self.origin(cell);
        let side = self.cell as i32;
        let value = numbers.value(self.n, cell);
        let span = (2 * self.n).saturating_sub(2).max(1) as f64;
        let low = match numbers {
            Numbers::Diagonal => -(self.n as isize - 1),
            _ => 0,
        };
        let on_line = self.highlight.map(|h| numbers.value(self.n, h) == value);
        let strength = match on_line {
            Some(true) => 1.0,
            Some(false) => 0.12,
            None => 0.15 + 0.75 * (value - low) as f64 / span,
        };
        let fill = palette::tint(numbers.colour(), strength);
        canvas.rect((x, y), (x + side, y + side), Paint::fill(fill))?;
        // The darker shades take white digits; the test `contrast` holds each
        // at WCAG AA.
        let ink = palette::ink_on(fill);
        let px = (f64::from(self.cell) * 0.36).clamp(8.0, 18.0);
        let style = if on_line == Some(true) {
            palette::bold(px, ink, CENTRE)
        } else {
            palette::font(px, ink, CENTRE)
        };
        canvas.text(&value.to_string(), (x + side / 2, y + side / 2), style)
    }
}

/// The three lines under the board, as the SVG legend (and the clickable
/// page) shows them: `cols {1, 3}`, `diags {-2, -1}  (row - col)`,
/// `antiDiags {1, 4}  (row + col)`.
pub fn set_legend(sets: &ConstraintSets) -> [String; 3] {
    [
        format!("cols {:?}", sets.columns()),
        format!("diags {:?}  (row - col)", sets.diagonals()),
        format!("antiDiags {:?}  (row + col)", sets.anti_diagonals()),
    ]
}

fn default_cell(n: usize) -> u32 {
    (360 / n.max(1) as u32).clamp(14, 56)
}

/// A crown: five points on a band, in the ink colour. One `polygon` per queen.
fn draw_queen(canvas: &Canvas<'_>, x: i32, y: i32, side: i32) -> Result<(), String> {
    let at = |fx: f64, fy: f64| {
        (
            x + (fx * f64::from(side)).round() as i32,
            y + (fy * f64::from(side)).round() as i32,
        )
    };
    let outline = [
        at(0.22, 0.78),
        at(0.78, 0.78),
        at(0.86, 0.32),
        at(0.67, 0.55),
        at(0.5, 0.24),
        at(0.33, 0.55),
        at(0.14, 0.32),
    ];
    canvas.polygon(&outline, INK)?;
    let radius = (f64::from(side) * 0.06).max(1.5) as u32;
    for (fx, fy) in [(0.14, 0.3), (0.5, 0.22), (0.86, 0.3)] {
        canvas.circle(at(fx, fy), radius, Paint::fill(INK))?;
    }
    Ok(())
}

impl Picture for BoardPicture {
    fn size(&self) -> (u32, u32) {
        let (width, height) = self.size_without_caption();
        (width, height + LINE * self.caption_lines().len() as u32 + 4)
    }

    fn draw(&self, canvas: &Canvas<'_>) -> Result<(), String> {
        canvas.fill(palette::WHITE)?;
        let index = palette::font(11.0, GREY, CENTRE);
        let half = (self.cell / 2) as i32;
        // Small boards (galleries) go without indices: they would crowd.
        let indices = if self.cell >= 16 { self.n } else { 0 };
        for i in 0..indices {
            let (x, y) = self.origin(Cell::new(i, i));
            canvas.text(&i.to_string(), (x + half, 10), index)?;
            canvas.text(&i.to_string(), (10, y + half), index)?;
        }
        for row in 0..self.n {
            for col in 0..self.n {
                self.draw_cell(canvas, Cell::new(row, col))?;
            }
        }
        let board_end = (INDEX + self.cell * self.n as u32) as i32;
        if self.side {
            let available = available_per_row(self.n, &self.queens);
            for (row, &free) in available.iter().enumerate().skip(self.queens.len()) {
                let y = self.origin(Cell::new(row, 0)).1 + half;
                let (label, style) = if free == 0 {
                    (
                        "0 free: dead end".to_owned(),
                        palette::bold(12.0, INK, LEFT),
                    )
                } else {
                    (format!("{free} free"), palette::font(12.0, INK, LEFT))
                };
                canvas.text(&label, (board_end + 8, y), style)?;
            }
        }
        let mut y = board_end + 6 + LINE as i32 / 2;
        if self.sets {
            let sets = ConstraintSets::from_placement(&self.queens);
            for (colour, text) in [RED, AMBER, PURPLE].into_iter().zip(set_legend(&sets)) {
                canvas.rect(
                    (INDEX as i32, y - 6),
                    (INDEX as i32 + 12, y + 6),
                    Paint::fill(colour),
                )?;
                canvas.text(
                    &text,
                    (INDEX as i32 + 18, y),
                    palette::font(12.5, INK, LEFT),
                )?;
                y += LINE as i32;
            }
        }
        for line in self.caption_lines() {
            canvas.text(&line, (INDEX as i32, y), palette::font(13.0, INK, LEFT))?;
            y += LINE as i32;
        }
        Ok(())
    }

    fn text(&self) -> String {
        let mut out = String::new();
        if let Some(numbers) = self.numbers {
            for row in 0..self.n {
                let cells: Vec<String> = (0..self.n)
                    .map(|col| format!("{:>3}", numbers.value(self.n, Cell::new(row, col))))
                    .collect();
                out.push_str(&cells.join(" "));
                out.push('\n');
            }
            out.push_str(&format!("each cell shows {}", numbers.formula()));
            return out;
        }
        let available = available_per_row(self.n, &self.queens);
        for (row, &free) in available.iter().enumerate() {
            let cells: String = (0..self.n)
                .map(|col| {
                    if self.queens.get(row) == Some(&col) {
                        "Q "
                    } else {
                        match symbol(self.shade_of(row, col)) {
                            '|' => "| ",
                            '\\' => "\\ ",
                            '/' => "/ ",
                            _ => ". ",
                        }
                    }
                })
                .collect();
            out.push_str(cells.trim_end());
            if self.side && row >= self.queens.len() {
                match free {
                    0 => out.push_str("   0 free: dead end"),
                    free => out.push_str(&format!("   {free} free")),
                }
            }
            out.push('\n');
        }
        if self.sets {
            out.push_str(&ConstraintSets::from_placement(&self.queens).to_string());
            out.push('\n');
        }
        if let Some(caption) = &self.caption {
            out.push_str(caption);
            out.push('\n');
        }
        out.trim_end().to_owned()
    }
}
