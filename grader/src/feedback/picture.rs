//! The boards a homework's messages draw as text (`o o . .` rows, one
//! character per cell), found in a message and drawn again as inline SVG for
//! the HTML page. The core knows no board: any block of two or more rows of
//! single characters separated by single spaces, of one width, is a picture;
//! what follows a row after two spaces (`<- free columns: o`) is its note.
//! The homework says how its squares are drawn ([`Squares`]): light and dark,
//! as the library's `display::BoardPicture` draws a board, or white with its
//! boxes outlined. The marks are the same on both.

use html_escape::encode_text;

use crate::homework::Squares;

/// A message cut into prose and pictures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Lines of text.
    Text(String),
    /// A board: its rows of cells, and each row's note (may be empty).
    Board(Vec<(Vec<char>, String)>),
}

/// `message` as prose and boards, in order.
pub fn parts(message: &str) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut text: Vec<&str> = Vec::new();
    // The rows of the board being read, and their lines as they were.
    let mut board: Vec<((Vec<char>, String), &str)> = Vec::new();
    for line in message.lines() {
        let found = row(line);
        let same_width = |cells: &(Vec<char>, String)| {
            board
                .first()
                .is_none_or(|((first, _), _)| first.len() == cells.0.len())
        };
        if let Some(cells) = found.as_ref().filter(|cells| same_width(cells)) {
            board.push((cells.clone(), line));
            continue;
        }
        end_board(&mut board, &mut text, &mut parts);
        match found {
            Some(cells) => board.push((cells, line)),
            None => text.push(line),
        }
    }
    end_board(&mut board, &mut text, &mut parts);
    if !text.is_empty() {
        parts.push(Part::Text(text.join("\n")));
    }
    parts
}

/// Ends the board being read: a picture when it has two rows or more, else
/// its line goes back to the text.
fn end_board<'m>(
    board: &mut Vec<((Vec<char>, String), &'m str)>,
    text: &mut Vec<&'m str>,
    parts: &mut Vec<Part>,
) {
    if board.len() >= 2 && has_a_square(board) {
        if !text.is_empty() {
            parts.push(Part::Text(text.join("\n")));
            text.clear();
        }
        parts.push(Part::Board(
            board.drain(..).map(|(cells, _)| cells).collect(),
        ));
    } else {
        text.extend(board.drain(..).map(|(_, line)| line));
    }
}

/// A board row: single characters separated by single spaces (at least
/// two), then an optional note after two spaces.
fn row(line: &str) -> Option<(Vec<char>, String)> {
    let line = line.trim_start();
    let (cells, note) = match line.find("  ") {
        Some(at) => (&line[..at], line[at..].trim()),
        None => (line.trim_end(), ""),
    };
    let chars: Vec<char> = cells.chars().collect();
    if chars.len() < 3 || chars.len().is_multiple_of(2) {
        return None;
    }
    let spaced = chars.iter().skip(1).step_by(2).all(|&c| c == ' ');
    let cells: Vec<char> = chars.iter().step_by(2).copied().collect();
    let board_like = cells
        .iter()
        .all(|c| BOARD_CHARS.contains(*c) || c.is_ascii_digit());
    (spaced && board_like).then(|| (cells, note.to_owned()))
}

/// Whether rows read as a board are one: an empty, free or queen's cell in
/// one of them at least (rows of digits alone are a table of numbers).
fn has_a_square(rows: &[((Vec<char>, String), &str)]) -> bool {
    rows.iter()
        .any(|((cells, _), _)| cells.iter().any(|c| ".oQ".contains(*c)))
}

/// The characters a board row is made of (digits too: a grid's numbers).
const BOARD_CHARS: &str = ".oQxX#*_";

const CELL: usize = 28;

/// A board as an SVG element, its squares drawn as `squares` says: `Q` a
/// queen, `o` a free cell, `x` an attacked (or taken) one, `*` the cell the
/// message names (framed), any other character written in its cell; the
/// notes to the right.
pub fn svg(board: &[(Vec<char>, String)], squares: Squares) -> String {
    let width = board.first().map_or(0, |(cells, _)| cells.len());
    let notes = board
        .iter()
        .map(|(_, note)| note.chars().count())
        .max()
        .unwrap_or(0);
    let (w, h) = (width * CELL + 8 + notes * 8, board.len() * CELL);
    // A pixel of margin around: the outer outline is not cut in half.
    let (w, h) = (w + 2, h + 2);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"-1 -1 {w} {h}\" \
         role=\"img\" aria-label=\"board\" font-family=\"sans-serif\">"
    );
    for (r, (cells, note)) in board.iter().enumerate() {
        for (c, &cell) in cells.iter().enumerate() {
            let (x, y) = (c * CELL, r * CELL);
            let (fill, stroke) = match squares {
                Squares::Chequered if (r + c) % 2 == 0 => ("#f0d9b5", ""),
                Squares::Chequered => ("#b58863", ""),
                Squares::Boxes(_) => ("#fff", " stroke=\"#bbb\""),
            };
            out.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"{stroke}/>"
            ));
            let (cx, cy) = (x + CELL / 2, y + CELL / 2);
            match cell {
                '.' => {}
                'Q' => out.push_str(&format!(
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"10\" fill=\"#222\"/>\
                     <text x=\"{cx}\" y=\"{}\" font-size=\"13\" fill=\"#fff\" text-anchor=\"middle\">Q</text>",
                    cy + 5
                )),
                'o' => out.push_str(&format!(
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"6\" fill=\"#2e8b57\"/>"
                )),
                '*' => out.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" \
                     stroke=\"#d9a400\" stroke-width=\"4\"/>",
                    x + 3,
                    y + 3,
                    CELL - 6,
                    CELL - 6
                )),
                'x' | 'X' => out.push_str(&format!(
                    "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#c0392b\" stroke-width=\"3\"/>",
                    cx - 7, cy - 7, cx + 7, cy + 7, cx + 7, cy - 7, cx - 7, cy + 7
                )),
                other => out.push_str(&format!(
                    "<text x=\"{cx}\" y=\"{}\" font-size=\"15\" text-anchor=\"middle\">{}</text>",
                    cy + 5,
                    encode_text(&other.to_string())
                )),
            }
        }
        if !note.is_empty() {
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"13\">{}</text>",
                width * CELL + 8,
                r * CELL + CELL / 2 + 5,
                encode_text(note)
            ));
        }
    }
    if let Squares::Boxes(n) = squares {
        out.push_str(&box_outlines(width, board.len(), n));
    }
    out.push_str("</svg>");
    out
}

/// The outline of every `n` × `n` box of a `width` × `height` board, drawn
/// over its cells.
fn box_outlines(width: usize, height: usize, n: usize) -> String {
    let n = n.max(1);
    let mut out = String::new();
    for top in (0..height).step_by(n) {
        for left in (0..width).step_by(n) {
            let (w, h) = (n.min(width - left), n.min(height - top));
            out.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" \
                 stroke=\"#333\" stroke-width=\"2\"/>",
                left * CELL,
                top * CELL,
                w * CELL,
                h * CELL
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_board_becomes_a_picture_and_prose_stays() {
        let message = "for n = 4, node 1: the free columns are 0b1111\n    o o o o   <- free columns: o\n    \
                       . . . .\n    . Q . .\n    . . . .\nthat is all";
        let parts = parts(message);
        assert_eq!(parts.len(), 3, "{parts:?}");
        assert_eq!(
            parts[0],
            Part::Text("for n = 4, node 1: the free columns are 0b1111".into())
        );
        let Part::Board(board) = &parts[1] else {
            panic!("{parts:?}")
        };
        assert_eq!(board.len(), 4);
        assert_eq!(board[0], (vec!['o'; 4], "<- free columns: o".to_owned()));
        let picture = svg(board, Squares::Chequered);
        assert_eq!(picture.matches("<rect").count(), 16);
        assert!(picture.contains("&lt;- free columns"), "{picture}");
        assert_eq!(
            picture.matches("<circle").count(),
            5,
            "four free cells and a queen"
        );
    }

    #[test]
    fn a_row_without_an_empty_cell_stays_in_its_board() {
        let message = "the prune check takes a 5 (x):\n  x x x\n  . x .\n  * x .";
        let parts = parts(message);
        let Part::Board(board) = &parts[1] else {
            panic!("{parts:?}")
        };
        assert_eq!(board.len(), 3, "{parts:?}");
        assert_eq!(board[0].0, vec!['x'; 3]);
        let grid = svg(board, Squares::Boxes(3));
        assert_eq!(
            grid.matches("stroke=\"#333\"").count(),
            1,
            "one box: {grid}"
        );
        assert_eq!(grid.matches("<path").count(), 5, "five crosses: {grid}");
        assert_eq!(
            grid.matches("#d9a400").count(),
            1,
            "the named cell framed: {grid}"
        );
        assert!(!grid.contains("#b58863"), "no chessboard squares: {grid}");
    }

    #[test]
    fn a_grid_of_boxes_has_each_box_outlined() {
        let board = vec![(vec!['.'; 9], String::new()); 9];
        let grid = svg(&board, Squares::Boxes(3));
        assert_eq!(grid.matches("stroke=\"#333\"").count(), 9, "{grid}");
        assert_eq!(grid.matches("stroke=\"#bbb\"").count(), 81, "{grid}");
    }

    #[test]
    fn prose_and_single_rows_are_not_boards() {
        for message in [
            "a b c d\ne f g h",
            "one line . . .",
            "x = 1 + 2\ny = 3 + 4",
            "1 2 3\n4 5 6",
        ] {
            assert!(
                parts(message).iter().all(|p| matches!(p, Part::Text(_))),
                "{message}: {:?}",
                parts(message)
            );
        }
    }
}
