//! Plain backtracking on a constraint-satisfaction problem, written once as
//! the answers a notebook's checks expect, so that no check cell holds them
//! (as [`checks`](super::checks) holds the self-checks' answers): the next
//! variable in order ([`first_unassigned`]), a value checked against the
//! neighbours' ([`consistent`]), and the calls one level of the recursive
//! step makes ([`step_calls`]). Variables and values are numbers, as a map
//! numbers its regions and its colours. The whole search recorded step by
//! step ([`recorded`]) and the first step where a student's leaves it, with
//! the blank to look at ([`first_difference`]), serve notebook 10 and the
//! grader's homework 4 alike.
//!
//! ```
//! use queens::notebook::csp;
//! let neighbours = vec![vec![1], vec![0, 2], vec![1]];
//! let assignment = [Some(0), None, None];
//! assert_eq!(csp::first_unassigned(&assignment), Some(1));
//! assert!(!csp::consistent(&neighbours, &assignment, 1, 0));
//! assert!(csp::consistent(&neighbours, &assignment, 2, 0));
//! assert_eq!(csp::consistent_each(&neighbours, &assignment, [(1, 0), (2, 0)]), [false, true]);
//! let names = ["a", "b", "c"].map(String::from);
//! let named = csp::first_unassigned_named(&[assignment.to_vec(), vec![Some(0); 3]], &names);
//! assert_eq!(named, [Some("b".to_owned()), None]);
//! ```

/// The first variable with no value yet, in order; `None` when every
/// variable has one (the assignment is complete).
pub fn first_unassigned<T>(assignment: &[Option<T>]) -> Option<usize> {
    assignment.iter().position(Option::is_none)
}

/// Whether `variable` may take `value` now: none of its neighbours
/// (`neighbours[variable]`) has that value. A neighbour with no value yet is
/// no obstacle.
pub fn consistent(
    neighbours: &[Vec<usize>],
    assignment: &[Option<usize>],
    variable: usize,
    value: usize,
) -> bool {
    neighbours[variable]
        .iter()
        .all(|&neighbour| assignment[neighbour] != Some(value))
}

/// [`first_unassigned`] of each assignment, named by `names` (a map's
/// regions): what notebook 10's check of blank 1 expects.
pub fn first_unassigned_named<const K: usize>(
    assignments: &[Vec<Option<usize>>; K],
    names: &[String],
) -> [Option<String>; K] {
    assignments.each_ref().map(|assignment| {
        first_unassigned(assignment).and_then(|variable| names.get(variable).cloned())
    })
}

/// [`consistent`] for each `(variable, value)` asked, against one
/// assignment: what notebook 10's check of blank 2 expects.
pub fn consistent_each<const K: usize>(
    neighbours: &[Vec<usize>],
    assignment: &[Option<usize>],
    asked: [(usize, usize); K],
) -> [bool; K] {
    asked.map(|(variable, value)| consistent(neighbours, assignment, variable, value))
}

/// One level of the recursive step on `variable`, as the calls it makes:
/// for each value in order that is consistent (`consistent[value]`), assign
/// it, go one level deeper (`backtrack with …`) and, unless that level ended
/// the search (`deeper_ends`), take the value back. Returns the calls and
/// whether the search ended.
pub fn step_calls(variable: usize, consistent: &[bool], deeper_ends: bool) -> (Vec<String>, bool) {
    let mut calls = Vec::new();
    for (value, _) in consistent.iter().enumerate().filter(|(_, ok)| **ok) {
        calls.push(format!("assign({variable}, Some({value}))"));
        calls.push(format!("backtrack with Some({value})"));
        if deeper_ends {
            return (calls, true);
        }
        calls.push(format!("assign({variable}, None)"));
    }
    (calls, false)
}

/// [`step_calls`] twice, as a check runs the step: where every deeper level
/// leads nowhere, then where the first one ends the search.
pub fn step_calls_both(
    variable: usize,
    consistent: &[bool],
) -> (Vec<String>, bool, Vec<String>, bool) {
    let (on, went_on) = step_calls(variable, consistent, false);
    let (stopped_calls, stopped) = step_calls(variable, consistent, true);
    (on, went_on, stopped_calls, stopped)
}

/// One step of a recorded colouring search, as the handout records it: a
/// node picks a region, the region takes a colour or has it taken back, or a
/// node finds every region coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Step {
    /// A node picked this region to colour next.
    Pick(usize),
    /// The region took this colour.
    Assign(usize, usize),
    /// The region's colour was taken back.
    Unassign(usize),
    /// A node found every region coloured: a solution.
    Complete,
}

impl Step {
    /// The step in words: `pick SA`, `SA blue`, `take back SA`, `complete`;
    /// a region or a colour with no name given by its number.
    pub fn said(&self, regions: &[impl AsRef<str>], colours: &[impl AsRef<str>]) -> String {
        let region = |r: usize| {
            regions
                .get(r)
                .map_or(format!("region {r}"), |n| n.as_ref().to_owned())
        };
        let colour = |c: usize| {
            colours
                .get(c)
                .map_or(format!("colour {c}"), |n| n.as_ref().to_owned())
        };
        match *self {
            Self::Pick(r) => format!("pick {}", region(r)),
            Self::Assign(r, c) => format!("{} {}", region(r), colour(c)),
            Self::Unassign(r) => format!("take back {}", region(r)),
            Self::Complete => "complete".to_owned(),
        }
    }
}

/// The widest line [`said`] prints: a code cell's width on the course's
/// site, so that no output scrolls sideways.
pub const LINE_WIDTH: usize = super::attempt::LINE_WIDTH;

/// How many steps [`said`] lists; a wrong search can take thousands, and the
/// first [`first_difference`] finds is what to read.
pub const STEPS_SAID: usize = 60;

/// A search's steps in words, `pick WA → WA red → …`, wrapped at
/// [`LINE_WIDTH`] (a line ends with `→` where the chain goes on) and cut
/// after [`STEPS_SAID`] steps with how many more there are.
///
/// ```
/// use queens::notebook::csp::{self, Step};
/// let steps = [Step::Pick(0), Step::Assign(0, 1)].repeat(500);
/// let text = csp::said(&steps, &["WA"], &["red", "green"]);
/// assert!(text.starts_with("pick WA → WA green → pick WA"), "{text}");
/// assert!(text.ends_with("… and 940 more steps"), "{text}");
/// assert!(text.lines().all(|line| line.chars().count() <= csp::LINE_WIDTH), "{text}");
/// ```
pub fn said(steps: &[Step], regions: &[impl AsRef<str>], colours: &[impl AsRef<str>]) -> String {
    let mut words: Vec<String> = (steps.iter().take(STEPS_SAID))
        .map(|step| step.said(regions, colours))
        .collect();
    if steps.len() > STEPS_SAID {
        let more = super::table::thousands((steps.len() - STEPS_SAID) as u64);
        words.push(format!("… and {more} more steps"));
    }
    wrapped(&words, " → ", LINE_WIDTH)
}

/// `items` joined by `between`, a line broken (after the separator's arrow,
/// its trailing space dropped) before an item that would pass `width`.
fn wrapped(items: &[String], between: &str, width: usize) -> String {
    let mut text = String::new();
    let mut line = 0;
    for (k, item) in items.iter().enumerate() {
        let item_width = item.chars().count();
        if k > 0 {
            let gap = between.chars().count();
            if line + gap + item_width > width {
                text.push_str(between.trim_end());
                text.push('\n');
                line = 0;
            } else {
                text.push_str(between);
                line += gap;
            }
        }
        text.push_str(item);
        line += item_width;
    }
    text
}

/// The note every count of a student's search carries (a table's, a
/// chart's, a sentence's) when that search is not the reference's: its
/// steps through every colouring of a map
/// (`yours`, `None` when it did not run) differ from `reference`'s. `None`
/// when they agree, so a right search's table has no note.
///
/// ```
/// use queens::notebook::csp::{self, Step};
/// let reference = [Step::Pick(0), Step::Assign(0, 0), Step::Complete];
/// assert_eq!(csp::counts_of_a_different_search(Some(&reference), &reference), None);
/// let note = csp::counts_of_a_different_search(Some(&reference[..2]), &reference).unwrap();
/// assert!(note.contains("differ from the reference's"), "{note}");
/// ```
pub fn counts_of_a_different_search(yours: Option<&[Step]>, reference: &[Step]) -> Option<String> {
    (yours != Some(reference)).then(|| {
        "These counts come from your search, whose steps differ from the reference's (see above): \
         they are not yet the right counts."
            .to_owned()
    })
}

/// The reference's search of a map (`neighbours`, `colours` colours: the
/// first region with no colour, each consistent colour in order, one level
/// deeper, the colour taken back), recorded as the handout records it, up to
/// its first complete colouring, or through all of them (`every_solution`).
pub fn recorded(neighbours: &[Vec<usize>], colours: usize, every_solution: bool) -> Vec<Step> {
    fn node(
        neighbours: &[Vec<usize>],
        colours: usize,
        every_solution: bool,
        assignment: &mut [Option<usize>],
        steps: &mut Vec<Step>,
    ) -> bool {
        let Some(region) = first_unassigned(assignment) else {
            steps.push(Step::Complete);
            return !every_solution;
        };
        steps.push(Step::Pick(region));
        for colour in 0..colours {
            if consistent(neighbours, assignment, region, colour) {
                assignment[region] = Some(colour);
                steps.push(Step::Assign(region, colour));
                if node(neighbours, colours, every_solution, assignment, steps) {
                    return true;
                }
                assignment[region] = None;
                steps.push(Step::Unassign(region));
            }
        }
        false
    }
    let mut steps = Vec::new();
    let mut assignment = vec![None; neighbours.len()];
    node(
        neighbours,
        colours,
        every_solution,
        &mut assignment,
        &mut steps,
    );
    steps
}

/// The first step where a student's search (`yours`) leaves the reference's,
/// in words, with the blank to look at first; `None` when both take the
/// same steps. `regions` and `colours` name them.
///
/// ```
/// use queens::notebook::csp::{Step, first_difference};
/// let reference = [Step::Pick(0), Step::Assign(0, 0), Step::Complete];
/// let yours = [Step::Pick(0), Step::Assign(0, 1), Step::Complete];
/// let said = first_difference(&yours, &reference, &["WA"], &["red", "green"]).unwrap();
/// assert!(said.starts_with("The first different step is step 2: WA red in the reference, WA green in yours."));
/// assert!(said.contains("blank 2"));
/// ```
pub fn first_difference(
    yours: &[Step],
    reference: &[Step],
    regions: &[impl AsRef<str>],
    colours: &[impl AsRef<str>],
) -> Option<String> {
    let k = (0..yours.len().max(reference.len())).find(|&k| yours.get(k) != reference.get(k))?;
    let said =
        |step: Option<&Step>| step.map_or("the end".to_owned(), |s| s.said(regions, colours));
    let (r, y) = (reference.get(k), yours.get(k));
    Some(format!(
        "The first different step is step {}: {} in the reference, {} in yours. {}",
        k + 1,
        said(r),
        said(y),
        suspect(r, y)
    ))
}

/// [`first_difference`], or that both searches take the same steps: notebook
/// 10's comparison in one sentence, wrapped to the page.
pub fn compare(
    yours: &[Step],
    reference: &[Step],
    regions: &[impl AsRef<str>],
    colours: &[impl AsRef<str>],
) -> String {
    let said = first_difference(yours, reference, regions, colours).unwrap_or_else(|| {
        format!(
            "Your search takes the reference's {} steps, one by one.",
            reference.len()
        )
    });
    super::attempt::wrap_lines(&said)
}

/// The blank most likely at fault where two searches first part: the
/// reference's step `r`, the student's `y` (`None`: that search had ended).
fn suspect(r: Option<&Step>, y: Option<&Step>) -> &'static str {
    match (r, y) {
        (Some(Step::Pick(_) | Step::Complete), Some(Step::Pick(_) | Step::Complete)) => {
            "Look at blank 1 (next region): it picks the region each node colours."
        }
        (Some(Step::Assign(a, c)), Some(Step::Assign(b, d))) if a == b && d < c => {
            "Your search gave a colour the reference refuses: look at blank 2 (consistent) \
             first, then at blank 3 (does it ask consistent before it assigns?)."
        }
        (Some(Step::Assign(..)), _) => {
            "Your search refused a colour the reference gives: look at blank 2 (consistent) \
             first, then at blank 3 (does it try every colour?)."
        }
        (Some(Step::Unassign(_)), _) => {
            "The reference takes the colour back here: look at blank 3 (try each colour), \
             which undoes each colour after going deeper."
        }
        _ => "Look at blank 3 (try each colour) first: check, assign, go deeper, undo.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_tried_in_order_and_taken_back_unless_the_search_ends() {
        let (calls, ended) = step_calls(2, &[true, false, true], false);
        assert_eq!(
            calls,
            [
                "assign(2, Some(0))",
                "backtrack with Some(0)",
                "assign(2, None)",
                "assign(2, Some(2))",
                "backtrack with Some(2)",
                "assign(2, None)",
            ]
        );
        assert!(!ended);
        let (calls, ended) = step_calls(2, &[false, true, true], true);
        assert_eq!(calls, ["assign(2, Some(1))", "backtrack with Some(1)"]);
        assert!(ended);
        assert_eq!(step_calls(0, &[false, false], false), (vec![], false));
    }

    #[test]
    fn the_reference_search_of_a_path_takes_no_colour_back() {
        let path = vec![vec![1], vec![0, 2], vec![1]];
        let steps = recorded(&path, 2, false);
        use Step::*;
        assert_eq!(
            steps,
            [
                Pick(0),
                Assign(0, 0),
                Pick(1),
                Assign(1, 1),
                Pick(2),
                Assign(2, 0),
                Complete
            ]
        );
        let every = recorded(&path, 2, true);
        assert_eq!(every.iter().filter(|s| **s == Complete).count(), 2);
        assert_eq!(first_difference(&steps, &steps, &["a"], &["x"]), None);
        assert!(compare(&steps, &steps, &["a"], &["x"]).contains("the reference's 7 steps"));
        let stopped = first_difference(&steps[..3], &steps, &["a", "b"], &["x", "y"]).unwrap();
        assert!(
            stopped.contains("b y in the reference, the end in yours"),
            "{stopped}"
        );
    }

    #[test]
    fn a_complete_assignment_has_no_next_variable() {
        assert_eq!(first_unassigned(&[Some(1), Some(0)]), None);
        assert_eq!(first_unassigned(&[Some(1), None, Some(0), None]), Some(1));
    }
}
