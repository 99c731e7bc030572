//! A board of an explanation drawn as inline SVG for the HTML page: its rows
//! of cells (`Q` a queen, `o` free, `x` wrong, `*` the cell named, a digit)
//! and each row's note. The homework says how its squares are drawn
//! ([`Squares`]): light and dark, as the library's `display::BoardPicture`
//! draws a board, or white with its boxes outlined. The marks are the same
//! on both. Boards come from the explanation's parts, never from its text.

use html_escape::encode_text;

use crate::homework::Squares;

/// A cell's side, in pixels.
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
    fn a_board_has_its_squares_queens_and_notes() {
        let mut board = vec![(vec!['.'; 4], String::new()); 4];
        board[0] = (vec!['o'; 4], "<- free columns: o".to_owned());
        board[2].0[1] = 'Q';
        let picture = svg(&board, Squares::Chequered);
        assert_eq!(picture.matches("<rect").count(), 16);
        assert!(picture.contains("&lt;- free columns"), "{picture}");
        assert_eq!(
            picture.matches("<circle").count(),
            5,
            "four free cells and a queen"
        );
    }

    #[test]
    fn a_grid_of_boxes_has_each_box_outlined_and_its_marks() {
        let mut board = vec![(vec!['.'; 9], String::new()); 9];
        board[0].0[..3].copy_from_slice(&['x', 'x', '*']);
        let grid = svg(&board, Squares::Boxes(3));
        assert_eq!(grid.matches("stroke=\"#333\"").count(), 9, "{grid}");
        assert_eq!(grid.matches("stroke=\"#bbb\"").count(), 81, "{grid}");
        assert_eq!(grid.matches("<path").count(), 2, "two crosses: {grid}");
        assert_eq!(grid.matches("#d9a400").count(), 1, "the named cell framed");
        assert!(!grid.contains("#b58863"), "no chessboard squares: {grid}");
    }
}
