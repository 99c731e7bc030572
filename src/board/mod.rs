//! The board's vocabulary: cells and the two diagonal identities, the three
//! constraints and their colours, placements and the JavaScript article's board strings.

pub mod constraint;
pub mod coords;
pub mod placement;
