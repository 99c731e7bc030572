//! Notebook 03's feedback as pictures (the logic is `notebook::feedback`):
//! the student's search drawn only when it ran (a sentence otherwise, not a
//! lone root), and boards that are not solutions marked with the pair of
//! queens that attack each other.

use crate::board::placement::{conflicts, parse_board};
use crate::display::{BoardPicture, Gallery, TreePicture};
use crate::report::trace::Event;
use crate::run::error::Result;

/// A picture, or the sentence that stands in for it.
#[derive(Clone, Debug, PartialEq)]
pub enum Shown<P> {
    /// There was something to draw.
    Picture(P),
    /// There was not, and why.
    Sentence(String),
}

/// What stands in for a search that did not run.
const NOT_RUN: &str = "Your search has not run yet (a blank is still `todo!()`, or it \
                       stopped): fill the blanks above, save, and run this cell again.";

/// The student's search tree, if their search ran.
pub fn search_tree(n: usize, events: &[Event]) -> Result<Shown<TreePicture>> {
    Ok(if events.is_empty() {
        Shown::Sentence(NOT_RUN.to_owned())
    } else {
        Shown::Picture(TreePicture::from_events(n, events)?)
    })
}

/// Each node of the student's search as a board, if their search ran.
pub fn search_boards(n: usize, events: &[Event]) -> Result<Shown<Gallery>> {
    Ok(if events.is_empty() {
        Shown::Sentence(NOT_RUN.to_owned())
    } else {
        Shown::Picture(Gallery::search(n, events)?)
    })
}

/// The boards a student's `solve_n_queens` returned; a board that is not
/// a solution has its attacking queens framed in red and named below.
pub fn boards_gallery(title: &str, boards: &[Vec<String>]) -> Gallery {
    let pictures = boards
        .iter()
        .enumerate()
        .map(|(i, rows)| {
            let n = rows.len();
            let queens = parse_board(rows).unwrap_or_default();
            // Wide enough for a caption naming the attacking pair.
            let size = if n <= 5 { 28 } else { 16 };
            let picture = BoardPicture::plain(n, &queens).cell_size(size);
            let clashes = conflicts(&queens);
            match clashes.first() {
                _ if queens.len() != n => picture.caption(format!("#{}: not a board", i + 1)),
                None => picture.caption(format!("#{}", i + 1)),
                Some(&(a, b)) => picture
                    .mark(&[a, b])
                    .caption(format!("#{} not a solution: {a} and {b} attack", i + 1)),
            }
        })
        .collect();
    Gallery::new(title, pictures)
}

macro_rules! shown_display {
    ($($picture:ty),+) => {
        $(
            impl Shown<$picture> {
                /// Shows the picture, or the sentence, in Jupyter.
                pub fn evcxr_display(&self) {
                    match self {
                        Self::Picture(picture) => picture.evcxr_display(),
                        Self::Sentence(text) => println!(
                            "EVCXR_BEGIN_CONTENT text/plain\n{text}\nEVCXR_END_CONTENT"
                        ),
                    }
                }
            }
        )+
    };
}

shown_display!(TreePicture, Gallery);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_boards_are_marked_with_their_attacking_pair() {
        use crate::display::Picture;
        let boards = vec![
            vec![".Q..".into(), "...Q".into(), "Q...".into(), "..Q.".into()],
            vec!["Q...".into(), ".Q..".into(), "..Q.".into(), "...Q".into()],
        ];
        let text = boards_gallery("yours", &boards).text();
        assert!(
            text.contains("#2 not a solution: (0, 0) and (1, 1) attack"),
            "{text}"
        );
        assert!(!text.contains("#1: not"), "{text}");
        let nothing = search_tree(4, &[]).unwrap();
        assert!(matches!(nothing, Shown::Sentence(_)));
    }
}
