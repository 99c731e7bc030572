//! Several boards side by side: the solutions of a board, the nodes of a
//! search one by one, or the interactive lesson's branching-factor walk.

use super::board::{BoardPicture, Shading};
use super::canvas::Canvas;
use super::palette::{self, INK, LEFT};
use super::picture::Picture;
use crate::board::placement::conflicts;
use crate::report::branching::available_per_row;
use crate::report::trace::Event;
use crate::run::check_size;
use crate::run::error::Result;
use crate::stores::sets::ConstraintSets;
use crate::strategy::Strategy;

/// Boards in a grid, with a title.
///
/// ```
/// use queens::display::Gallery;
/// let all = Gallery::solutions(6)?;
/// assert_eq!(all.boards().len(), 4);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Gallery {
    title: String,
    boards: Vec<BoardPicture>,
    columns: usize,
}

const TITLE: u32 = 30;
const GAP: u32 = 10;

/// The largest board whose every solution is drawn (92 boards at n = 8).
pub const MAX_GALLERY_N: usize = 8;
/// The most boards one gallery of search nodes draws.
pub const MAX_FRAMES: usize = 120;

impl Gallery {
    /// `boards` under `title`, as many per line as fit in about 900 pixels.
    pub fn new(title: impl Into<String>, boards: Vec<BoardPicture>) -> Self {
        let widest = boards.iter().map(|b| b.size().0).max().unwrap_or(1);
        let columns = (900 / (widest + GAP)).max(1) as usize;
        Self {
            title: title.into(),
            boards,
            columns,
        }
    }

    /// Sets how many boards go on one line.
    pub fn columns(mut self, columns: usize) -> Self {
        self.columns = columns.max(1);
        self
    }

    /// The boards, in order.
    pub fn boards(&self) -> &[BoardPicture] {
        &self.boards
    }

    /// Every solution of an `n × n` board (`n <= 8`), in the JavaScript article's order.
    pub fn solutions(n: usize) -> Result<Self> {
        check_size(n, MAX_GALLERY_N, "drawing every solution")?;
        let boards = crate::run::solve(n)?;
        Ok(Self::from_boards(
            format!("the {} solutions for n = {n}", boards.len()),
            &boards,
        ))
    }

    /// Boards given as the JavaScript article's strings (`".Q.."` rows), for example what a
    /// student's `solve_n_queens` returned; rows that are not a board are
    /// drawn empty.
    pub fn from_boards(title: impl Into<String>, boards: &[Vec<String>]) -> Self {
        let pictures = boards
            .iter()
            .enumerate()
            .map(|(i, rows)| {
                let n = rows.len();
                let queens = crate::board::placement::parse_board(rows).unwrap_or_default();
                BoardPicture::plain(n, &queens)
                    .cell_size(if n <= 5 { 16 } else { 11 })
                    .caption(format!("#{}", i + 1))
            })
            .collect();
        Self::new(title, pictures)
    }

    /// A board and its images under the 8 symmetries of the square: turns by
    /// a quarter, a half and three quarters, and the four reflections. For a
    /// solution every image is a solution too.
    pub fn symmetries(n: usize, queens: &[usize]) -> Self {
        let queens: Vec<usize> = queens.iter().copied().take_while(|&c| c < n).collect();
        let boards = symmetric_images(n, &queens)
            .into_iter()
            .map(|(name, image)| {
                BoardPicture::plain(n, &image)
                    .cell_size(if n <= 6 { 20 } else { 14 })
                    .caption(name)
            })
            .collect();
        Self::new(
            format!("{queens:?} under the 8 symmetries of the square"),
            boards,
        )
    }

    /// One solution per symmetry class (OEIS A002562: 12 for n = 8), each
    /// captioned with how many solutions its class holds (8, 4 or 2).
    pub fn fundamental(n: usize) -> Result<Self> {
        check_size(n, MAX_GALLERY_N, "drawing every fundamental solution")?;
        let mut boards = Vec::new();
        let mut total = 0;
        for rows in crate::run::solve(n)? {
            let queens = crate::board::placement::parse_board(&rows).unwrap_or_default();
            let mut images: Vec<Vec<usize>> = symmetric_images(n, &queens)
                .into_iter()
                .map(|(_, q)| q)
                .collect();
            images.sort();
            images.dedup();
            // Keep the class's smallest placement: one board per class.
            if images.first() == Some(&queens) {
                total += images.len();
                boards.push(
                    BoardPicture::plain(n, &queens)
                        .cell_size(if n <= 6 { 16 } else { 11 })
                        .caption(format!("{queens:?} x{}", images.len())),
                );
            }
        }
        Ok(Self::new(
            format!(
                "n = {n}: {} fundamental solutions standing for all {total}",
                boards.len()
            ),
            boards,
        ))
    }

    /// The interactive lesson's walk: the board after each queen of `queens`, with the free
    /// cells of every row beside it.
    pub fn walk(n: usize, queens: &[usize]) -> Self {
        let queens: Vec<usize> = queens.iter().copied().take_while(|&c| c < n).collect();
        let boards = (0..=queens.len().min(n))
            .map(|k| {
                let free = available_per_row(n, &queens[..k]);
                let next = free.get(k).copied();
                let placed = super::text::plural(k, "queen", "queens");
                let caption = match next {
                    None => format!("{placed}: a solution"),
                    Some(0) => format!("{placed}: row {k} has 0 free, backtrack"),
                    Some(f) => format!("{placed}: row {k} has {f} free"),
                };
                BoardPicture::new(n, &queens[..k])
                    .cell_size(30)
                    .details(false)
                    .side_counts(true)
                    .caption(caption)
            })
            .collect();
        Self::new(format!("placing {queens:?}, one row at a time"), boards)
    }

    /// One board per node of a recorded search, in the order the search
    /// entered them: the queens at that node, and in the row it tests next
    /// the pruned cells in their constraint's colour and the free ones green.
    pub fn search(n: usize, events: &[Event]) -> Result<Self> {
        let mut queens: Vec<usize> = Vec::new();
        let mut nodes = vec![Vec::new()];
        for event in events {
            match event {
                Event::Place { row, col } => {
                    queens.truncate(*row);
                    queens.push(*col);
                    nodes.push(queens.clone());
                }
                Event::Backtrack { row, .. } => queens.truncate(*row),
                _ => {}
            }
        }
        if nodes.len() > MAX_FRAMES {
            return Err(crate::Error::BoardTooLarge {
                n,
                max: n.saturating_sub(1),
                operation: "drawing every node of this search (over 120 boards)",
            });
        }
        let mut illegal = 0;
        let boards: Vec<BoardPicture> = nodes
            .iter()
            .enumerate()
            .map(|(i, queens)| {
                let picture = BoardPicture::new(n, queens)
                    .shading(Shading::NextRow)
                    .details(false)
                    .cell_size(if n <= 5 { 20 } else { 14 });
                // A board with queens that attack each other (a prune check
                // that missed an attack placed one): framed and said so,
                // never called a solution.
                match conflicts(queens).first() {
                    Some(&(a, b)) => {
                        illegal += 1;
                        let what = if queens.len() == n {
                            "not a solution"
                        } else {
                            "illegal"
                        };
                        picture
                            .mark(&[a, b])
                            .caption(format!("{i}: {what}: {a} and {b} attack"))
                    }
                    None => picture.caption(node_caption(n, i, queens)),
                }
            })
            .collect();
        let mut title = format!(
            "the {} of the search, in order",
            super::text::plural(nodes.len(), "node", "nodes")
        );
        if illegal > 0 {
            title.push_str(&format!(
                "; {illegal} with queens that attack each other (framed in black)"
            ));
        }
        Ok(Self::new(title, boards))
    }

    /// [`search`](Self::search) for the library's own run of `strategy`.
    pub fn search_with(n: usize, strategy: Strategy) -> Result<Self> {
        Self::search(n, &crate::run::trace(n, strategy)?)
    }

    fn cell_size(&self) -> (u32, u32) {
        let width = self.boards.iter().map(|b| b.size().0).max().unwrap_or(0);
        let height = self.boards.iter().map(|b| b.size().1).max().unwrap_or(0);
        (width + GAP, height + GAP)
    }
}

/// The 8 images of a placement (`queens[row] = col`) under the symmetries of
/// the square, named. Rows without a queen stay empty, so a partial placement
/// maps to cells, not necessarily to a placement; only full boards are drawn.
pub fn symmetric_images(n: usize, queens: &[usize]) -> Vec<(&'static str, Vec<usize>)> {
    let last = n.saturating_sub(1);
    // (name, where a queen on (row, col) goes, given the last index).
    type Map = fn(usize, usize, usize) -> (usize, usize);
    let maps: [(&str, Map); 8] = [
        ("as found", |_, r, c| (r, c)),
        ("quarter turn", |l, r, c| (c, l - r)),
        ("half turn", |l, r, c| (l - r, l - c)),
        ("three-quarter turn", |l, r, c| (l - c, r)),
        ("mirrored left-right", |l, r, c| (r, l - c)),
        ("upside down", |l, r, c| (l - r, c)),
        ("flipped on the main diagonal", |_, r, c| (c, r)),
        ("flipped on the anti-diagonal", |l, r, c| (l - c, l - r)),
    ];
    maps.iter()
        .map(|&(name, map)| {
            let mut image = vec![usize::MAX; queens.len()];
            for (row, &col) in queens.iter().enumerate() {
                let (r, c) = map(last, row, col);
                if let Some(slot) = image.get_mut(r) {
                    *slot = c;
                }
            }
            (name, image)
        })
        .collect()
}

/// "node 5: row 2, free 1, 3" / "node 9: solution" / "node 4: row 2, none free".
fn node_caption(n: usize, index: usize, queens: &[usize]) -> String {
    let row = queens.len();
    if row == n {
        return format!("{index}: solution");
    }
    let sets = ConstraintSets::from_placement(queens);
    let free: Vec<String> = (0..n)
        .filter(|&col| !sets.is_attacked(row, col))
        .map(|c| c.to_string())
        .collect();
    if free.is_empty() {
        format!("{index}: none free")
    } else {
        format!("{index}: try {}", free.join(","))
    }
}

impl Picture for Gallery {
    fn size(&self) -> (u32, u32) {
        let (w, h) = self.cell_size();
        let columns = self.columns.min(self.boards.len()).max(1) as u32;
        let rows = self.boards.len().div_ceil(self.columns).max(1) as u32;
        ((w * columns + GAP).max(320), TITLE + h * rows)
    }

    fn draw(&self, canvas: &Canvas<'_>) -> Result<(), String> {
        canvas.fill(palette::WHITE)?;
        canvas.text(
            &self.title,
            (GAP as i32, 16),
            palette::bold(14.0, INK, LEFT),
        )?;
        let (w, h) = self.cell_size();
        for (i, board) in self.boards.iter().enumerate() {
            let (col, row) = ((i % self.columns) as u32, (i / self.columns) as u32);
            let part = canvas.part((GAP / 2 + col * w, TITLE + row * h), board.size());
            board.draw(&part)?;
        }
        Ok(())
    }

    fn text(&self) -> String {
        let mut out = format!("{}\n", self.title);
        for board in &self.boards {
            out.push('\n');
            out.push_str(&board.text());
            out.push('\n');
        }
        out.trim_end().to_owned()
    }
}
