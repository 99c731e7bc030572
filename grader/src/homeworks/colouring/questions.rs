//! What homework 4's test process asks the student's map colouring: the next
//! region of a partial colouring, whether a colour is consistent, the calls
//! `try_colours` makes on a stand-in that records them, and whole searches.
//! Nothing here judges: the grader compares each answer with the reference's.
//!
//! `exercises/tests/colouring.rs` implements [`Blanks`] for the handout (and
//! the handout's `Backtracking` for [`Recorder`]).

use serde::{Deserialize, Serialize};

/// A region: its index in the map's list.
pub type Region = usize;
/// A colour: its index in the map's list.
pub type Colour = usize;
/// A colouring in progress: one entry per region.
pub type Assignment = Vec<Option<Colour>>;

/// The maps of the handout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MapName {
    /// `Map::australia()`: 7 regions, 3 colours.
    Australia,
    /// `Map::usa()`: 49 regions, 4 colours.
    Usa,
}

/// What a call on the stand-in did, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Call {
    /// `assign(region, colour)`.
    Assign {
        /// The region it coloured (or took the colour of).
        region: Region,
        /// The colour, `None` to take it back.
        colour: Option<Colour>,
    },
    /// `backtrack()`, with the colour the tried region had then.
    Deeper {
        /// The tried region's colour at the call.
        colour: Option<Colour>,
    },
}

/// The test's stand-in for the search around one region: it says which
/// colours are consistent, and records the calls `try_colours` makes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recorder {
    /// The region being tried.
    pub region: Region,
    /// How many colours there are.
    pub colours: usize,
    /// The colours `consistent` allows.
    pub allowed: Vec<Colour>,
    /// The call of `backtrack` (from 1) that ends the search, if any.
    pub stop_at: Option<usize>,
    /// The tried region's colour now.
    pub colour: Option<Colour>,
    /// The calls so far (the first [`Recorder::KEPT`]).
    pub calls: Vec<Call>,
    /// Calls of `backtrack` so far.
    pub deeper: usize,
    /// Whether a call of `backtrack` returned true: from then on only more
    /// calls of `backtrack` are recorded (taking a colour back is allowed).
    pub stopped: bool,
}

impl Recorder {
    /// Calls kept: enough to see what went wrong, never a memory hog.
    pub const KEPT: usize = 64;

    /// `consistent(region, colour)`: only for the tried region.
    pub fn consistent(&self, region: Region, colour: Colour) -> bool {
        region == self.region && self.allowed.contains(&colour)
    }

    /// `assign(region, colour)`.
    pub fn assign(&mut self, region: Region, colour: Option<Colour>) {
        if region == self.region {
            self.colour = colour;
        }
        if !self.stopped {
            self.push(Call::Assign { region, colour });
        }
    }

    /// `backtrack()`: records the call; true at the call `stop_at`.
    pub fn backtrack(&mut self) -> bool {
        self.deeper += 1;
        self.push(Call::Deeper {
            colour: self.colour,
        });
        let stop = self.stop_at == Some(self.deeper);
        self.stopped |= stop;
        stop
    }

    fn push(&mut self, call: Call) {
        if self.calls.len() < Self::KEPT {
            self.calls.push(call);
        }
    }
}

/// One step of a recorded search: the library's, which finds where two
/// searches part for the grader and notebook 10 alike.
pub type StepView = queens::notebook::csp::Step;

/// One question a graded test asks the student's code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Question {
    /// `map.next_region(&assignment)`.
    NextRegion {
        /// The map.
        map: MapName,
        /// The colouring so far.
        assignment: Assignment,
    },
    /// `map.consistent(&assignment, region, colour)`.
    Consistent {
        /// The map.
        map: MapName,
        /// The colouring so far.
        assignment: Assignment,
        /// The region to colour.
        region: Region,
        /// The colour it would take.
        colour: Colour,
    },
    /// `try_colours(region)` on a [`Recorder`].
    TryColours {
        /// The region tried.
        region: Region,
        /// How many colours there are.
        colours: usize,
        /// The colours `consistent` allows.
        allowed: Vec<Colour>,
        /// The call of `backtrack` (from 1) that ends the search, if any.
        stop_at: Option<usize>,
    },
    /// A whole search of a map with its first `colours` colours.
    Search {
        /// The map.
        map: MapName,
        /// How many of its colours to use.
        colours: usize,
        /// Count every colouring instead of stopping at the first.
        every_solution: bool,
        /// Nodes allowed.
        budget: u64,
        /// Whether to send every step back.
        record: bool,
    },
}

/// What a whole search of the handout did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Searched {
    /// Nodes entered, the root included.
    pub nodes: u64,
    /// Complete colourings found.
    pub solutions: u64,
    /// The first one.
    pub first: Option<Assignment>,
    /// Whether it went past its budget (and stopped there).
    pub over_budget: bool,
    /// Every step, in order (empty unless recorded).
    pub steps: Vec<StepView>,
}

/// What the student's code answered to one [`Question`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// `next_region`'s pick.
    Region(Option<Region>),
    /// `consistent`'s verdict.
    Consistent(bool),
    /// What `try_colours` returned, and the calls it made.
    Tried {
        /// Its result: whether the search is over.
        over: bool,
        /// The calls, in order (taking colours back after the end is not
        /// recorded: both orders are right).
        calls: Vec<Call>,
        /// How many times it went deeper.
        deeper: usize,
    },
    /// A whole search.
    Searched(Searched),
}

/// The colouring handout's three blanks and its search, as a graded test
/// sees them: `exercises/tests/colouring.rs` implements this.
pub trait Blanks {
    /// Blank 1: `map.next_region(assignment)`.
    fn next_region(map: MapName, assignment: &[Option<Colour>]) -> Option<Region>;
    /// Blank 2: `map.consistent(assignment, region, colour)`.
    fn consistent(
        map: MapName,
        assignment: &[Option<Colour>],
        region: Region,
        colour: Colour,
    ) -> bool;
    /// Blank 3: `try_colours(region)` called on `recorder`.
    fn try_colours(recorder: &mut Recorder, region: Region) -> bool;
    /// The handout's search of `map` with its first `colours` colours.
    fn search(
        map: MapName,
        colours: usize,
        every_solution: bool,
        budget: u64,
        record: bool,
    ) -> Searched;
}

/// Asks the student's code one question.
pub fn answer<B: Blanks>(question: &Question) -> Answer {
    match question {
        Question::NextRegion { map, assignment } => {
            Answer::Region(B::next_region(*map, assignment))
        }
        Question::Consistent {
            map,
            assignment,
            region,
            colour,
        } => Answer::Consistent(B::consistent(*map, assignment, *region, *colour)),
        Question::TryColours {
            region,
            colours,
            allowed,
            stop_at,
        } => {
            let mut recorder = Recorder {
                region: *region,
                colours: *colours,
                allowed: allowed.clone(),
                stop_at: *stop_at,
                ..Recorder::default()
            };
            let over = B::try_colours(&mut recorder, *region);
            Answer::Tried {
                over,
                calls: recorder.calls,
                deeper: recorder.deeper,
            }
        }
        Question::Search {
            map,
            colours,
            every_solution,
            budget,
            record,
        } => Answer::Searched(B::search(*map, *colours, *every_solution, *budget, *record)),
    }
}
