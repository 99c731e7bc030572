//! Homework 4, map colouring: backtracking on a constraint-satisfaction
//! problem (Russell and Norvig, ch. 6). The student writes the search itself
//! (`exercises/src/colouring.rs`): the next region to colour, whether a colour
//! is consistent with the neighbours, and the recursive step (try each
//! consistent colour, assign, go deeper, undo). Graded one blank at a time,
//! then end to end on Australia and the contiguous United States, against
//! the reference's answers.
//!
//! The table below names each graded test once, with the rule it checks and
//! the questions it asks; [`questions`](mod@questions): how the test process puts them to
//! the student's code (the [`Blanks`] its test target implements); the
//! reference's answers to the same questions are `answers.json`;
//! [`explain`]: what a difference means, in the student's terms.

pub mod explain;
pub mod questions;

pub use questions::{
    Answer, Assignment, Blanks, Call, Colour, MapName, Question, Recorder, Region, Searched,
    StepView,
};

crate::homework! {
    name: "colouring",
    title: "Map colouring: the next region, the consistency check and the recursive step of a backtracking search",
    order: 4,
    next: "N-Queens and Sudoku with your search, and your order of the regions against minimum remaining values",
    explain: explain::explain,
}

/// Australia's regions (`Map::australia()`): WA, NT, SA, Q, NSW, V, T.
const AUSTRALIA: usize = 7;
/// Australia's borders, by index: SA with WA, NT, Q, NSW and V; NT with WA
/// and Q; NSW with Q and V. Tasmania (6) borders nobody.
const AUSTRALIA_BORDERS: [(Region, Region); 9] = [
    (2, 0),
    (2, 1),
    (2, 3),
    (2, 4),
    (2, 5),
    (1, 0),
    (1, 3),
    (4, 3),
    (4, 5),
];
/// A colouring of Australia with no two neighbours alike.
const AUSTRALIA_COLOURED: [Colour; AUSTRALIA] = [0, 1, 2, 0, 1, 0, 0];
/// The contiguous United States' regions (`Map::usa()`): 48 states and DC.
const USA: usize = 49;
/// Nodes a whole search may enter: Australia takes 52, the United States
/// 4,223 with the map's order; a wrong blank stops here.
const BUDGET: u64 = 1_000_000;

fn neighbours(a: Region, b: Region) -> bool {
    AUSTRALIA_BORDERS.contains(&(a, b)) || AUSTRALIA_BORDERS.contains(&(b, a))
}

/// `colours` on the regions listed, no colour elsewhere.
fn colouring(regions: usize, coloured: &[(Region, Colour)]) -> Assignment {
    let mut assignment = vec![None; regions];
    for &(region, colour) in coloured {
        assignment[region] = Some(colour);
    }
    assignment
}

/// Every region of the United States coloured `region % 4`, except `gaps`.
fn usa_except(gaps: &[Region]) -> Assignment {
    (0..USA)
        .map(|region| (!gaps.contains(&region)).then_some(region % 4))
        .collect()
}

fn australia_prefix(coloured: usize) -> Assignment {
    (0..AUSTRALIA)
        .map(|region| (region < coloured).then_some(AUSTRALIA_COLOURED[region]))
        .collect()
}

fn next(map: MapName, assignment: Assignment) -> Question {
    Question::NextRegion { map, assignment }
}

fn consistent(assignment: Assignment, region: Region, colour: Colour) -> Question {
    Question::Consistent {
        map: MapName::Australia,
        assignment,
        region,
        colour,
    }
}

/// `consistent` for every region and colour of Australia, with one other
/// region coloured: a neighbour or not, with the same colour or another.
fn one_other(neighbour: bool, same: bool) -> Vec<Question> {
    let mut questions = Vec::new();
    for region in 0..AUSTRALIA {
        for other in (0..AUSTRALIA).filter(|&o| o != region && neighbours(region, o) == neighbour) {
            for colour in 0..3 {
                let theirs = if same { colour } else { (colour + 1) % 3 };
                questions.push(consistent(
                    colouring(AUSTRALIA, &[(other, theirs)]),
                    region,
                    colour,
                ));
            }
        }
    }
    questions
}

fn tried(colours: usize, allowed: &[Colour], stop_at: Option<usize>) -> Question {
    Question::TryColours {
        region: 2,
        colours,
        allowed: allowed.to_vec(),
        stop_at,
    }
}

fn search(map: MapName, colours: usize, every_solution: bool, record: bool) -> Question {
    Question::Search {
        map,
        colours,
        every_solution,
        budget: BUDGET,
        record,
    }
}

crate::graded_tests! {
    question: Question;
    blank_1_next_region {
        nothing_coloured_picks_the_first_region: "with no region coloured, the map's first region comes next"
            => vec![next(MapName::Australia, vec![None; AUSTRALIA]), next(MapName::Usa, vec![None; USA])],
        coloured_in_order_picks_the_next_region: "with the first k regions coloured, region k comes next"
            => (1..AUSTRALIA).map(|k| next(MapName::Australia, australia_prefix(k)))
                .chain([10, 30, 48].map(|k| next(MapName::Usa, usa_except(&(k..USA).collect::<Vec<_>>()))))
                .collect(),
        the_first_gap_comes_next: "the first region with no colour comes next, whatever later regions hold"
            => vec![
                next(MapName::Australia, colouring(AUSTRALIA, &[(0, 0), (2, 2)])),
                next(MapName::Australia, colouring(AUSTRALIA, &[(1, 1), (2, 2), (3, 0)])),
                next(MapName::Australia, colouring(AUSTRALIA, &[(0, 0), (1, 1), (2, 2), (3, 0), (4, 1), (6, 0)])),
                next(MapName::Usa, usa_except(&[20, 35])),
            ],
        a_complete_colouring_has_no_next_region: "when every region has a colour there is no next region: None"
            => vec![
                next(MapName::Australia, australia_prefix(AUSTRALIA)),
                next(MapName::Usa, usa_except(&[])),
            ],
    }
    blank_2_consistent {
        nothing_coloured_allows_every_colour: "with no region coloured, every colour is consistent for every region"
            => (0..AUSTRALIA).flat_map(|region| (0..3).map(move |colour| consistent(vec![None; AUSTRALIA], region, colour))).collect(),
        a_neighbour_with_the_colour_refuses_it: "a colour a neighbour has is not consistent"
            => one_other(true, true),
        a_neighbour_with_another_colour_allows_it: "a neighbour with another colour is no obstacle"
            => one_other(true, false),
        a_region_that_is_no_neighbour_does_not_matter: "a region that shares no border may have the same colour"
            => one_other(false, true),
        every_region_of_the_usa: "on the United States, each region with every other one coloured: exactly the colours its neighbours leave"
            => (0..USA).flat_map(|region| (0..4).map(move |colour| Question::Consistent {
                map: MapName::Usa, assignment: usa_except(&[region]), region, colour,
            })).collect(),
    }
    blank_3_try_each_colour {
        tries_each_consistent_colour_in_order_and_takes_it_back: "every colour consistent: each one assigned, one level deeper, taken back, in order; then false"
            => vec![tried(3, &[0, 1, 2], None), tried(4, &[0, 1, 2, 3], None)],
        skips_the_colours_that_are_not_consistent: "a colour that is not consistent is never assigned"
            => vec![tried(3, &[1], None), tried(3, &[0, 2], None), tried(3, &[], None), tried(4, &[3], None)],
        stops_when_a_deeper_level_says_the_search_is_over: "when a deeper level returns true, no other colour is tried and true is returned"
            => vec![tried(3, &[0, 1, 2], Some(1)), tried(3, &[0, 1, 2], Some(2)), tried(3, &[0, 1, 2], Some(3)), tried(3, &[2], Some(1))],
    }
    end_to_end {
        // Each test asks only the search its name claims, so one mistake
        // fails only the tests whose claim it breaks; the step-by-step
        // comparison, which names the blank to look at, is the last test's.
        australia_s_first_colouring: "your search finds the reference's first colouring of Australia, with as many nodes"
            => vec![search(MapName::Australia, 3, false, false)],
        every_colouring_of_australia: "counting every colouring, your search finds as many as the reference, with as many nodes"
            => vec![search(MapName::Australia, 3, true, false)],
        australia_in_two_colours_has_none: "with two colours Australia has no colouring, and your search says so after as many nodes"
            => vec![search(MapName::Australia, 2, true, false)],
        the_united_states_in_four_colours: "your search finds the reference's first colouring of the 48 states and DC, with as many nodes"
            => vec![search(MapName::Usa, 4, false, false)],
        the_steps_of_australia_s_search: "every step of your search of Australia (pick, assign, take back, complete) is the reference's, in order"
            => vec![search(MapName::Australia, 3, true, true)],
    }
}
