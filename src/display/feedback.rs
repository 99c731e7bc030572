//! Notebook 03's feedback as pictures (the logic is `notebook::feedback`):
//! the student's search drawn only when it ran (a sentence otherwise, not a
//! lone root), and boards that are not solutions marked with the pair of
//! queens that attack each other.

use crate::board::placement::{conflicts, parse_board};
use crate::display::{BLUE, BoardPicture, Chart, Gallery, INK, Series, Style, TreePicture};
use crate::notebook::attempt::{Attempt, Verdict, attempt, judge};
use crate::notebook::handout::Handout;
use crate::report::reference::KNUTH_NODES;
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
/// a solution has its attacking queens framed in black and named below.
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

/// What a student's `solve_n_queens` returned, drawn by
/// [`boards_gallery`]; the sentence saying why when it panicked (a blank still
/// `todo!()`).
pub fn returned_boards(what: &str, solve: impl FnOnce() -> Vec<Vec<String>>) -> Shown<Gallery> {
    match attempt(what, solve) {
        Attempt::Done(found) => Shown::Picture(boards_gallery(
            &format!("the boards {what} returned: {}", found.len()),
            &found,
        )),
        Attempt::Unfinished(why) => Shown::Sentence(why.to_string()),
    }
}

/// A student's node counts against Knuth's: the verdict, and the two series
/// on one chart (a sentence while the search has not run).
#[derive(Clone, Debug, PartialEq)]
pub struct AgainstKnuth {
    /// Passed when every size gives Knuth's count.
    pub verdict: Verdict,
    /// Both series on a log scale.
    pub chart: Shown<Chart>,
}

impl AgainstKnuth {
    /// Shows the verdict, then the chart, in Jupyter.
    pub fn evcxr_display(&self) {
        self.verdict.evcxr_display();
        self.chart.evcxr_display();
    }
}

/// Records the student's search for each size of `sizes` (up to 18, Knuth's
/// table) and compares its nodes with Knuth's counts (OEIS A319283); sizes
/// whose search did not end are left out, and the verdict says so.
pub fn against_knuth<S: Clone>(
    yours: &Handout<S>,
    sizes: std::ops::RangeInclusive<usize>,
) -> AgainstKnuth {
    let sizes: Vec<usize> = sizes.filter(|&n| n < KNUTH_NODES.len()).collect();
    let mine: Vec<(usize, Option<u64>)> = sizes
        .iter()
        .map(|&n| (n, yours.record(n).nodes()))
        .collect();
    let what = format!(
        "nodes for n = {}..={}",
        sizes.first().copied().unwrap_or(0),
        sizes.last().copied().unwrap_or(0)
    );
    let expected: Vec<u64> = sizes.iter().map(|&n| KNUTH_NODES[n]).collect();
    let given: Vec<u64> = mine.iter().filter_map(|&(_, nodes)| nodes).collect();
    let unfinished: Vec<String> = mine
        .iter()
        .filter(|(_, nodes)| nodes.is_none())
        .map(|(n, _)| n.to_string())
        .collect();
    let mut verdict = judge(&what, &expected, &Attempt::Done(given));
    if !unfinished.is_empty() {
        verdict = verdict.hint(format!(
            "your search did not end for n = {} (a blank still todo!(), a panic, or past the \
             node budget): those sizes are left out.",
            unfinished.join(", ")
        ));
    }
    let point = |n: usize, nodes: u64| (n as f64, nodes as f64);
    let yours: Vec<(f64, f64)> = mine
        .iter()
        .filter_map(|&(n, nodes)| Some(point(n, nodes?)))
        .collect();
    let chart = if yours.is_empty() {
        Shown::Sentence(
            "Your search has not run yet: no node counts to compare with Knuth's.".to_owned(),
        )
    } else {
        let knuth = sizes.iter().map(|&n| point(n, KNUTH_NODES[n])).collect();
        Shown::Picture(
            Chart::new(
                "Your node counts against Knuth's (OEIS A319283)",
                "n",
                "nodes (log scale)",
            )
            .log_y()
            .series(Series::new("your solver", BLUE, Style::Line, yours))
            .series(Series::new("Knuth", INK, Style::Rings, knuth)),
        )
    };
    AgainstKnuth { verdict, chart }
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

shown_display!(TreePicture, Gallery, Chart);

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
