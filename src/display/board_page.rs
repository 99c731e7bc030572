//! The interactive lesson's board, clickable: a page (or a notebook output) where a click
//! places a queen in the next row, an attacked cell says why it is refused,
//! and the three sets and the free cells of every row follow each move.
//!
//! The rules run in the browser, in `assets/board.js`; this module only wraps
//! that script and `assets/board.css` (inlined with `include_str!`, so the
//! page needs no network) around a board. `tests/board_page.rs` checks in
//! chromium that the script agrees with [`Playground`] move for move, on the
//! sentences built here ([`refusal`], [`free_label`]) and [`set_legend`](super::board::set_legend).
//!
//! ```
//! use queens::display::board_page;
//! let page = board_page(8)?;
//! assert!(page.contains(r#"data-n="8""#));
//! assert!(board_page(13).is_err());
//! # Ok::<(), queens::display::BoardPageError>(())
//! ```

use std::ops::RangeInclusive;

use base64::Engine;

use super::picture::Picture;
use crate::board::constraint::{Attack, Constraint};
use crate::board::coords::{anti_diagonal, diagonal};
use crate::notebook::playground::{Playground, Refused};

/// The board sizes the page is laid out for (12 columns still fit a phone).
pub const BOARD_PAGE_SIZES: RangeInclusive<usize> = 4..=12;

/// The script: the rules, the board, the messages.
const SCRIPT: &str = include_str!("assets/board.js");
/// The board's style, scoped to `.queens-board`.
const STYLE: &str = include_str!("assets/board.css");
/// The standalone page's own style (body, heading).
const PAGE_STYLE: &str = include_str!("assets/page.css");

/// Why a clickable board could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardPageError {
    /// The size is outside [`BOARD_PAGE_SIZES`].
    Size {
        /// The size asked for.
        n: usize,
    },
    /// The starting queens break the rules.
    Queens(Refused),
}

impl std::fmt::Display for BoardPageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Size { n } => write!(
                f,
                "the clickable board is made for n = 4 to 12, not n = {n}"
            ),
            Self::Queens(refused) => write!(f, "these queens cannot be placed: {refused}"),
        }
    }
}

impl std::error::Error for BoardPageError {}

/// A board to click: its size and the queens it starts with.
///
/// In a notebook, the last expression `board.clickable()` shows it (see
/// [`evcxr_display`](Self::evcxr_display)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClickableBoard {
    board: Playground,
}

impl ClickableBoard {
    /// An empty `n × n` board, `n` in [`BOARD_PAGE_SIZES`].
    pub fn new(n: usize) -> Result<Self, BoardPageError> {
        Self::with_queens(n, &[])
    }

    /// An `n × n` board starting with `queens` in rows 0, 1, …
    pub fn with_queens(n: usize, queens: &[usize]) -> Result<Self, BoardPageError> {
        if !BOARD_PAGE_SIZES.contains(&n) {
            return Err(BoardPageError::Size { n });
        }
        Playground::from_queens(n, queens)
            .map(|board| Self { board })
            .map_err(BoardPageError::Queens)
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.board.n()
    }

    /// The board as a self-contained HTML document: no network, the script
    /// and the style inlined.
    pub fn page(&self) -> String {
        let n = self.n();
        format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>Place the queens: {n} × {n}</title>\n\
             <style>\n{PAGE_STYLE}{STYLE}</style>\n</head>\n<body>\n<main>\n\
             <h1>Place the queens: {n} × {n}</h1>\n\
             <p class=\"intro\">Put {n} queens on the board so that no two share a row, a column or a \
             diagonal, one queen per row from the top. A cell attacked by a queen above takes the \
             colour and the symbol of what attacks it; the number beside each row counts its free \
             cells.</p>\n{board}\n</main>\n<script>\n{SCRIPT}\
             QueensBoard.mount(document.getElementById(\"queens-board\"));\n</script>\n</body>\n</html>\n",
            board = self.root(
                "queens-board",
                "<noscript>The board needs JavaScript; `cargo queens render board` draws it as a picture.</noscript>",
            ),
        )
    }

    /// The board as an HTML fragment for a notebook output: the static SVG
    /// board (an image, which sanitizers keep) that the script, where the
    /// front end runs it, replaces with the clickable board.
    pub fn fragment(&self) -> String {
        let id = format!("queens-board-{:016x}", fastrand::u64(..));
        let picture = self.board.picture();
        let (width, height) = picture.size();
        let svg = base64::engine::general_purpose::STANDARD.encode(picture.svg());
        let fallback = format!(
            "<div class=\"qb-fallback\"><img width=\"{width}\" height=\"{height}\" alt=\"{alt}\" \
             src=\"data:image/svg+xml;base64,{svg}\"></div>",
            alt = escape(&picture.text()),
        );
        format!(
            "{root}\n<style>\n{STYLE}</style>\n<script>\n{SCRIPT}\
             QueensBoard.mount(document.getElementById(\"{id}\"));\n</script>",
            root = self.root(&id, &fallback),
        )
    }

    /// The board in text (what readers without HTML see).
    pub fn text(&self) -> String {
        self.board.to_string()
    }

    /// Shows the board in Jupyter: the HTML fragment (clickable where scripts
    /// run, the static picture elsewhere) and the text version.
    pub fn evcxr_display(&self) {
        println!(
            "EVCXR_BEGIN_CONTENT text/html\n{}\nEVCXR_END_CONTENT",
            self.fragment()
        );
        println!(
            "EVCXR_BEGIN_CONTENT text/plain\n{}\nEVCXR_END_CONTENT",
            self.text()
        );
    }

    /// The element the script mounts on.
    fn root(&self, id: &str, inner: &str) -> String {
        let queens: Vec<String> = self.board.queens().iter().map(usize::to_string).collect();
        format!(
            "<div class=\"queens-board\" id=\"{id}\" data-n=\"{n}\" data-queens=\"[{queens}]\">{inner}</div>",
            n = self.n(),
            queens = queens.join(","),
        )
    }
}

impl Playground {
    /// This board, clickable: in a notebook the cell's output becomes a board
    /// to play on from here (where the front end runs scripts). Boards outside
    /// [`BOARD_PAGE_SIZES`] work too, they are just not laid out for.
    pub fn clickable(&self) -> ClickableBoard {
        ClickableBoard {
            board: self.clone(),
        }
    }
}

/// The page for an empty `n × n` board (`queens render board N --html`).
pub fn board_page(n: usize) -> Result<String, BoardPageError> {
    Ok(ClickableBoard::new(n)?.page())
}

/// What the page says when a click on `(row, col)` is refused: `(2, 1) is
/// attacked by the column 1 and by the anti-diagonal row + col = 3: choose
/// another cell.`
pub fn refusal(row: usize, col: usize, attack: Attack) -> String {
    let parts: Vec<String> = attack
        .constraints()
        .map(|constraint| match constraint {
            Constraint::Column => format!("by the column {col}"),
            Constraint::Diagonal => format!("by the diagonal row - col = {}", diagonal(row, col)),
            Constraint::AntiDiagonal => {
                format!(
                    "by the anti-diagonal row + col = {}",
                    anti_diagonal(row, col)
                )
            }
        })
        .collect();
    let by = match parts.as_slice() {
        [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => parts.concat(),
    };
    format!("({row}, {col}) is attacked {by}: choose another cell.")
}

/// What the page writes beside a row: `queen` once it holds one, else
/// `3 free`, or `0 free: dead end` (the SVG board's words).
pub fn free_label(has_queen: bool, free: usize) -> String {
    match (has_queen, free) {
        (true, _) => "queen".to_owned(),
        (false, 0) => "0 free: dead end".to_owned(),
        (false, free) => format!("{free} free"),
    }
}

/// `text` safe inside an HTML attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::set_legend;
    use crate::stores::sets::ConstraintSets;

    #[test]
    fn sizes_outside_4_to_12_are_refused() {
        assert_eq!(board_page(3), Err(BoardPageError::Size { n: 3 }));
        assert_eq!(board_page(13), Err(BoardPageError::Size { n: 13 }));
        assert!(board_page(4).is_ok() && board_page(12).is_ok());
        assert!(matches!(
            ClickableBoard::with_queens(4, &[1, 2]),
            Err(BoardPageError::Queens(_))
        ));
    }

    #[test]
    fn the_page_needs_no_network() {
        let page = board_page(8).unwrap();
        for needle in ["http://", "https://", "src=\"//", "@import"] {
            assert!(!page.contains(needle), "the page loads {needle}");
        }
        // The inlined script must not end its own <script> element early.
        assert!(!SCRIPT.contains("</script") && !STYLE.contains("</style"));
        assert_eq!(page.matches("<script>").count(), 1);
    }

    #[test]
    fn the_notebook_fragment_falls_back_to_the_svg_board() {
        let board = Playground::from_queens(4, &[1, 3]).unwrap().clickable();
        let html = board.fragment();
        assert!(html.contains("data:image/svg+xml;base64,"));
        assert!(html.contains(r#"data-queens="[1,3]""#));
        assert!(
            html.contains("cols {1, 3}"),
            "the image's alt text has the sets"
        );
        assert!(board.text().contains("cols {1, 3}"));
    }

    #[test]
    fn sentences_name_every_attacker_with_its_number() {
        let sets = ConstraintSets::from_placement(&[1, 3]);
        assert_eq!(
            refusal(2, 1, sets.attack(2, 1)),
            "(2, 1) is attacked by the column 1: choose another cell."
        );
        let all = Attack {
            column: true,
            diagonal: true,
            anti_diagonal: true,
        };
        assert_eq!(
            refusal(2, 4, all),
            "(2, 4) is attacked by the column 4, by the diagonal row - col = -2 and by the \
             anti-diagonal row + col = 6: choose another cell."
        );
        assert_eq!(free_label(false, 0), "0 free: dead end");
        assert_eq!(
            set_legend(&sets),
            [
                "cols {1, 3}",
                "diags {-2, -1}  (row - col)",
                "antiDiags {1, 4}  (row + col)"
            ]
        );
    }
}
