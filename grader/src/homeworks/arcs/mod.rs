//! Homework 5, arc consistency: the student writes the two pieces of AC-3
//! (Russell and Norvig, section 6.2.2) in `exercises/src/arcs.rs`: `revise`,
//! which makes one arc consistent, and `propagate`, which says what follows
//! when a domain has shrunk (a wipe-out, or the arcs that point at it queued
//! again). Graded one blank at a time, then whole runs of AC-3 on N-Queens,
//! Australia and Sudoku, against the reference's answers.
//!
//! The table below names each graded test once, with the rule it checks and
//! the questions it asks; [`questions`](mod@questions): how the test process
//! puts them to the student's code; [`explain`]: what a difference means, in
//! the problem's own words.

pub mod explain;
pub mod questions;

pub use questions::{Answer, Arc, Blanks, Domains, Outcome, ProblemName, Question, Variable};

crate::homework! {
    name: "arcs",
    title: "Arc consistency: revise an arc, and propagate what a shrunk domain changes (AC-3)",
    order: 5,
    next: "your AC-3 on a 4-queens board, Australia and a diabolical Sudoku, against the library's",
    explain: explain::explain,
}

use ProblemName::{Australia, Queens, Sudoku};

/// Notebook 07's third diabolical puzzle (the Sudoku Exchange puzzle bank):
/// arc consistency fixes 19 of its cells and leaves candidates in the rest.
const FIXES_SOME: &str =
    "590000007040010083008034900001402000069000820000109300004670200980040030700000016";
/// Its first: arc consistency fixes none of its cells.
const FIXES_NONE: &str =
    "083020090000800100029300008000098700070000060006740000300006980002005000010030540";
/// [`FIXES_SOME`] with a 6 in row 1, column 0: no given forbids it, but
/// it leaves some cell without a digit.
const CONTRADICTS: &str =
    "590000007640010083008034900001402000069000820000109300004670200980040030700000016";

/// `n` queens' domains, every column of every row, except `placed` (row,
/// column).
fn queens(n: usize, placed: &[(usize, usize)]) -> Domains {
    let mut domains = vec![(0..n).collect(); n];
    for &(row, col) in placed {
        domains[row] = vec![col];
    }
    domains
}

/// Australia's domains, three colours each, except the regions given.
fn australia(given: &[(usize, Vec<usize>)]) -> Domains {
    let mut domains = vec![vec![0, 1, 2]; 7];
    for (region, colours) in given {
        domains[*region] = colours.clone();
    }
    domains
}

/// A Sudoku's domains from its 81 digits (0 for an empty cell).
fn sudoku(puzzle: &str) -> Domains {
    puzzle
        .bytes()
        .map(|digit| match digit - b'0' {
            0 => (1..=9).collect(),
            given => vec![usize::from(given)],
        })
        .collect()
}

fn revise(problem: ProblemName, domains: Domains, x: Variable, y: Variable) -> Question {
    Question::Revise {
        problem,
        domains,
        x,
        y,
    }
}

fn propagate(problem: ProblemName, domains: Domains, waiting: &[Arc], (x, y): Arc) -> Question {
    Question::Propagate {
        problem,
        domains,
        waiting: waiting.to_vec(),
        x,
        y,
    }
}

/// `domains` with `x`'s emptied.
fn emptied(mut domains: Domains, x: Variable) -> Domains {
    domains[x].clear();
    domains
}

fn ac3(problem: ProblemName, domains: Domains) -> Question {
    Question::Ac3 { problem, domains }
}

crate::graded_tests! {
    question: Question;
    blank_1_revise {
        a_value_without_a_partner_goes:
            "revise(x, y) removes from x's domain every value that no value of y's domain allows"
            => vec![
                revise(Queens(4), queens(4, &[(0, 1)]), 1, 0),
                revise(Queens(4), queens(4, &[(0, 0)]), 3, 0),
                revise(Australia, australia(&[(0, vec![0])]), 2, 0),
                revise(Sudoku, sudoku(FIXES_SOME), 2, 1),
            ],
        one_partner_is_enough:
            "a value stays when one value of y's domain allows it, not only when all do"
            => vec![
                revise(Queens(4), queens(4, &[]), 1, 0),
                revise(Australia, australia(&[(2, vec![0, 1])]), 0, 2),
                revise(Sudoku, sudoku(FIXES_SOME), 2, 3),
            ],
        one_value_left_or_none:
            "a single value stays when a partner allows it and goes when none does; an empty y leaves x nothing"
            => vec![
                revise(Australia, australia(&[(0, vec![0]), (2, vec![0])]), 2, 0),
                revise(Queens(5), queens(5, &[(2, 2)]), 2, 3),
                revise(Australia, australia(&[(1, vec![])]), 0, 1),
            ],
        it_says_whether_a_value_went:
            "revise returns true exactly when it removed a value"
            => vec![
                revise(Queens(5), queens(5, &[(0, 4)]), 4, 0),
                revise(Queens(5), queens(5, &[(0, 4)]), 3, 4),
                revise(Australia, australia(&[(0, vec![])]), 0, 2),
                revise(Australia, australia(&[(5, vec![1])]), 4, 5),
            ],
    }
    blank_2_propagate {
        an_empty_domain_is_a_wipe_out:
            "when x's domain is empty, propagate says WipeOut(x)"
            => vec![
                propagate(Australia, australia(&[(0, vec![0]), (2, vec![])]), &[], (2, 0)),
                propagate(Queens(4), emptied(queens(4, &[(1, 3)]), 0), &[(2, 3)], (0, 1)),
            ],
        the_arcs_into_x_wait_again:
            "otherwise every arc (z, x) from a neighbour z of x other than y waits again, and AC-3 goes on"
            => vec![
                propagate(Australia, australia(&[(0, vec![0]), (2, vec![1, 2])]), &[], (2, 0)),
                propagate(Queens(4), queens(4, &[(0, 1), (1, 3)]), &[], (1, 0)),
                propagate(Sudoku, sudoku(FIXES_SOME), &[], (2, 1)),
            ],
        the_arcs_waiting_stay:
            "the arcs that waited before still wait"
            => vec![
                propagate(Australia, australia(&[(0, vec![0]), (1, vec![1, 2])]), &[(5, 4), (1, 3), (3, 1)], (1, 0)),
                propagate(Queens(5), queens(5, &[(0, 0), (1, 2)]), &[(4, 3), (2, 1), (0, 4)], (1, 0)),
            ],
    }
    end_to_end {
        a_queen_placed_on_a_small_board:
            "AC-3 from one queen placed: the 4-queens solution with no branch, a wipe-out from the corner, and what is left on 5 and 6 squares"
            => vec![
                ac3(Queens(4), queens(4, &[(0, 1)])),
                ac3(Queens(4), queens(4, &[(0, 0)])),
                ac3(Queens(5), queens(5, &[(0, 0)])),
                ac3(Queens(6), queens(6, &[(0, 1)])),
            ],
        empty_boards_from_1_to_6:
            "AC-3 on the empty boards of 1 to 6 squares a side: two of them are wiped out before any queen is placed"
            => (1..=6).map(|n| ac3(Queens(n), queens(n, &[]))).collect(),
        australia_from_a_partial_colouring:
            "AC-3 on Australia: WA red leaves NT and SA two colours; WA red and Q green is a wipe-out that forward checking misses"
            => vec![
                ac3(Australia, australia(&[(0, vec![0])])),
                ac3(Australia, australia(&[(0, vec![0]), (3, vec![1])])),
                ac3(Australia, australia(&[])),
            ],
        a_sudoku_s_candidates:
            "AC-3 from a Sudoku's givens: the cells it fixes and the candidates it leaves, on two diabolical puzzles"
            => vec![ac3(Sudoku, sudoku(FIXES_SOME)), ac3(Sudoku, sudoku(FIXES_NONE))],
        a_contradiction_is_found:
            "AC-3 wipes out a Sudoku whose extra digit no given forbids but no solution allows"
            => vec![ac3(Sudoku, sudoku(CONTRADICTS))],
    }
}
