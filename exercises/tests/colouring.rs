//! The graded tests of homework 4, map colouring: `cargo test -p exercises --test colouring`.
//!
//! Each test is named after the blank it grades (`blank_1_next_region::…`,
//! `blank_2_consistent::…`, `blank_3_try_each_colour::…`) and asks only that
//! blank: `next_region` and `consistent` get partial colourings,
//! `try_colours` runs on a stand-in that records the calls it makes. The
//! `end_to_end` tests then run your whole search on Australia and the United
//! States. The questions live in the harness
//! (`queens_grader::homeworks::colouring`), the reference's answers next to
//! them; this file only lets it reach your code.
//!
//! Each test runs in a process of its own with a time limit, and only reports
//! what your code answered; the verdict is written outside it.

use queens_grader::homeworks::colouring::{
    Blanks, Colour, MapName, Recorder, Region, Searched, StepView, run,
};

// The colouring handout is a file of its own, next to the N-Queens `lib.rs`.
#[path = "../src/colouring.rs"]
#[allow(dead_code)]
mod colouring;

use colouring::{Backtracking, Map, Search, Step};

fn main() -> std::process::ExitCode {
    run::<Handout>()
}

/// The test's stand-in for the search around one region: it records the calls.
impl Backtracking for Recorder {
    fn colours(&self) -> usize {
        self.colours
    }

    fn consistent(&self, region: Region, colour: Colour) -> bool {
        Recorder::consistent(self, region, colour)
    }

    fn assign(&mut self, region: Region, colour: Option<Colour>) {
        Recorder::assign(self, region, colour);
    }

    fn backtrack(&mut self) -> bool {
        Recorder::backtrack(self)
    }
}

fn map_of(name: MapName) -> Map {
    match name {
        MapName::Australia => Map::australia(),
        MapName::Usa => Map::usa(),
    }
}

/// Your colouring handout, as the graded tests see it.
struct Handout;

impl Blanks for Handout {
    fn next_region(map: MapName, assignment: &[Option<Colour>]) -> Option<Region> {
        map_of(map).next_region(assignment)
    }

    fn consistent(
        map: MapName,
        assignment: &[Option<Colour>],
        region: Region,
        colour: Colour,
    ) -> bool {
        map_of(map).consistent(assignment, region, colour)
    }

    fn try_colours(recorder: &mut Recorder, region: Region) -> bool {
        recorder.try_colours(region)
    }

    fn search(
        map: MapName,
        colours: usize,
        every_solution: bool,
        budget: u64,
        record: bool,
    ) -> Searched {
        let mut map = map_of(map);
        map.colours.truncate(colours);
        let mut search = Search::new(&map).budget(budget);
        if every_solution {
            search = search.every_solution();
        }
        if record {
            search = search.recording();
        }
        let over_budget = search.run().is_err();
        let steps = search.steps.take().unwrap_or_default();
        Searched {
            nodes: search.nodes,
            solutions: search.solutions,
            first: search.first.take(),
            over_budget,
            steps: steps
                .into_iter()
                .map(|step| match step {
                    Step::Pick(region) => StepView::Pick(region),
                    Step::Assign(region, colour) => StepView::Assign(region, colour),
                    Step::Unassign(region) => StepView::Unassign(region),
                    Step::Complete => StepView::Complete,
                })
                .collect(),
        }
    }
}
