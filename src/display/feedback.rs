//! Notebook 03's feedback as pictures (the logic is `notebook::feedback`):
//! the student's search drawn only when it ran (a sentence otherwise, not a
//! lone root), and boards that are not solutions marked with the pair of
//! queens that attack each other.

use crate::board::placement::{conflicts, parse_board};
use crate::display::{BLUE, BoardPicture, Chart, Gallery, INK, Series, Style, TreePicture};
use crate::notebook::attempt::{Attempt, Unfinished, Verdict, judge};
use crate::notebook::feedback::Progress;
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
/// [`boards_gallery`]; the sentence saying why when it did not return (a
/// blank still `todo!()`, a panic, or a mistake a rehearsal stopped), the
/// blank to look at first named as [`Progress::attempt`] names it.
pub fn returned_boards(
    progress: &Progress,
    what: &str,
    solve: impl FnOnce() -> Vec<Vec<String>>,
) -> Shown<Gallery> {
    match progress.attempt(what, solve) {
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
    /// Shows the verdict, then the chart, in Jupyter. The verdict is printed
    /// as a line of its own: one display of a cell holds one text, so a
    /// second would replace it.
    pub fn evcxr_display(&self) {
        println!("{}", self.verdict);
        self.chart.evcxr_display();
    }
}

/// Records the student's search for each size of `sizes` (up to 18, Knuth's
/// table) and compares its nodes with Knuth's counts (OEIS A319283); sizes
/// whose search did not end are left out, and the verdict says so. A size a
/// rehearsal had to stop (a recursion without end, an endless loop) is said
/// with the blank to look at first (`progress`), and the larger sizes are
/// not tried: each would be stopped too, after the same wait.
pub fn against_knuth<S: Clone>(
    yours: &Handout<S>,
    sizes: std::ops::RangeInclusive<usize>,
    progress: &Progress,
) -> AgainstKnuth {
    let sizes: Vec<usize> = sizes.filter(|&n| n < KNUTH_NODES.len()).collect();
    let mut stopped: Option<(usize, Unfinished)> = None;
    let mut first_unfinished: Option<Unfinished> = None;
    let mut mine: Vec<(usize, Option<u64>)> = Vec::new();
    for &n in &sizes {
        if stopped.is_some() {
            break;
        }
        let recorded = yours.record(n, progress);
        if let Some(why) = recorded.unfinished() {
            first_unfinished.get_or_insert_with(|| why.clone());
            if why.stopped.is_some() {
                stopped = Some((n, why.clone()));
            }
        }
        mine.push((n, recorded.nodes()));
    }
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
    let verdict = match (first_unfinished, stopped) {
        // Nothing to compare: why, in the words of the first size's stop.
        (Some(why), _) if given.is_empty() => judge(&what, &expected, &Attempt::Unfinished(why)),
        (_, Some((n, why))) => {
            judge(&what, &expected, &Attempt::Done(given)).hint(crate::notebook::attempt::rewrap(
                &format!("{why} The sizes from n = {n} on are left out."),
            ))
        }
        _ if !unfinished.is_empty() => {
            judge(&what, &expected, &Attempt::Done(given)).hint(format!(
                "your search did not end for n = {} (a blank still todo!(), a panic, or past \
                 the node budget): those sizes are left out.",
                unfinished.join(", ")
            ))
        }
        _ => judge(&what, &expected, &Attempt::Done(given)),
    };
    let point = |n: usize, nodes: u64| (n as f64, nodes as f64);
    let yours: Vec<(f64, f64)> = mine
        .iter()
        .filter_map(|&(n, nodes)| Some(point(n, nodes?)))
        .collect();
    let chart = if yours.is_empty() {
        Shown::Sentence(
            "No chart yet: your search did not end for any n (the line above says why).".to_owned(),
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
                            "EVCXR_BEGIN_CONTENT text/plain\n{}\nEVCXR_END_CONTENT",
                            crate::notebook::attempt::wrap_lines(text)
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

    use crate::stores::sets::ConstraintSets;

    /// A handout whose blank 2 (insert) recurses without end from row 2 on
    /// (or from the first row), and the progress that says its check fails.
    #[cfg(unix)]
    fn endless_insert(from_row_2: bool) -> (Handout<ConstraintSets>, Progress) {
        use crate::notebook::feedback::State;
        /// A recursion whose end never comes: the stack overflows.
        fn deeper(depth: u64) -> u64 {
            let frame = std::hint::black_box([depth as u8; 64]);
            if depth == u64::MAX {
                return 0;
            }
            deeper(depth + 1) + u64::from(frame[0])
        }
        let insert: fn(&mut ConstraintSets, usize, usize) = if from_row_2 {
            |sets, row, col| {
                if row >= 2 {
                    std::hint::black_box(deeper(0));
                }
                sets.insert(row, col);
            }
        } else {
            |_, _, _| {
                std::hint::black_box(deeper(0));
            }
        };
        let yours = Handout::new(
            ConstraintSets::new(),
            ConstraintSets::is_attacked,
            insert,
            ConstraintSets::delete,
        );
        let progress = Progress {
            blanks: vec![
                (1, "prune check".into(), State::Done),
                (2, "insert".into(), State::Wrong),
                (3, "delete".into(), State::Done),
            ],
            homework: None,
        };
        (yours, progress)
    }

    /// Notebook 03's runs of a search a rehearsal had to stop name the blank
    /// to look at, as every other attempt of a notebook does: the boards
    /// `solve_n_queens` returned, the recorded search, and the node counts,
    /// which stop at the first size stopped and keep the sizes before it.
    #[cfg(unix)]
    #[test]
    fn a_stopped_search_of_notebook_03_names_the_blank_to_look_at() {
        let (yours, progress) = endless_insert(true);
        let blame = "Look first at blank 2 — insert (its check above does not pass).";
        // Said as one paragraph: a sentence is wrapped to the page.
        let flat = |text: String| text.split_whitespace().collect::<Vec<_>>().join(" ");
        let recorded = flat(yours.record(4, &progress).to_string());
        let overflowed = "your search for n = 4 went so deep that the stack overflowed";
        assert!(recorded.starts_with(overflowed), "{recorded}");
        assert!(recorded.contains(blame), "{recorded}");
        let solve = || yours.clone().explore(4, 1_000).unwrap().boards;
        let Shown::Sentence(returned) = returned_boards(&progress, "your solve", solve) else {
            panic!("no boards from a search that overflows its stack");
        };
        assert!(flat(returned).contains(blame));
        let counts = against_knuth(&yours, 1..=10, &progress);
        let said = flat(counts.verdict.to_string());
        let kept = "not yet: nodes for n = 1..=10 gives [2, 3, 6]. Hint: ";
        assert!(said.starts_with(&format!("{kept}{overflowed}")), "{said}");
        assert!(said.contains(blame), "{said}");
        assert!(
            said.ends_with("The sizes from n = 4 on are left out."),
            "{said}"
        );
        assert!(matches!(counts.chart, Shown::Picture(_)));
        // Stopped at its first size: why, rather than an empty list of counts.
        let (at_once, progress) = endless_insert(false);
        let counts = against_knuth(&at_once, 1..=10, &progress);
        let said = flat(counts.verdict.to_string());
        let first = "not yet: your search for n = 1 went so deep that the stack overflowed";
        assert!(said.starts_with(first), "{said}");
        assert!(said.contains(blame), "{said}");
        let Shown::Sentence(no_chart) = counts.chart else {
            panic!("a chart without counts");
        };
        assert!(no_chart.contains("the line above says why"), "{no_chart}");
    }
}
