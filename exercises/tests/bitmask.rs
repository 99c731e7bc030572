//! The graded tests of homework 3, the bitmask solver: `cargo test -p exercises --test bitmask`.
//!
//! Each test is named after the blank it grades (`blank_1_free_columns::…`,
//! `blank_2_choose_and_recurse::…`, `blank_3_next_free::…`) and asks only
//! that blank: `free_columns` gets masks, `choose_and_recurse` runs on a
//! stand-in for the next row that records the call it makes, `next_free` gets
//! a free mask and a bit. The `end_to_end` tests then run your whole search
//! and compare it with the reference's (Knuth's tree node by node, the
//! published counts). The questions and the reference's answers live in the
//! harness (`queens_grader::homeworks::bitmask`); this file only lets it
//! reach your code.
//!
//! Each test runs in a process of its own with a time limit, and only reports
//! what your code answered; the verdict is written outside it. `queens grade
//! --exercise bitmask` grades with the instructor's copy of this file.

use queens_grader::homeworks::bitmask::{Blanks, Explored, Recorded, run};

// The bitmask handout is a file of its own, next to the N-Queens `lib.rs`.
#[path = "../src/bitmask.rs"]
#[allow(dead_code)]
mod bitmask;

use bitmask::{Rows, Search};

fn main() -> std::process::ExitCode {
    run::<Handout>()
}

/// The test's stand-in for the next row: it records the call.
impl Rows for Recorded {
    fn place(&mut self, cols: u32, diags: u32, anti: u32) {
        Recorded::place(self, cols, diags, anti);
    }
}

/// Your bitmask handout, as the graded tests see it.
struct Handout;

impl Blanks for Handout {
    fn free_columns(full: u32, cols: u32, diags: u32, anti: u32) -> u32 {
        bitmask::free_columns(full, cols, diags, anti)
    }

    fn choose_and_recurse(rows: &mut Recorded, free: u32, cols: u32, diags: u32, anti: u32) -> u32 {
        rows.choose_and_recurse(free, cols, diags, anti)
    }

    fn next_free(free: u32, bit: u32) -> u32 {
        bitmask::next_free(free, bit)
    }

    fn explore(n: usize, budget: u64, record: bool) -> Explored {
        let mut search = Search::new(n).budget(budget);
        if record {
            search = search.recording();
        }
        let over_budget = search.run().is_err();
        let nodes_seen = search.nodes_seen.take().unwrap_or_default();
        Explored {
            solutions: search.solutions,
            nodes: search.nodes,
            over_budget,
            nodes_seen: nodes_seen
                .into_iter()
                .map(|node| (node.row, [node.cols, node.diags, node.anti], node.free))
                .collect(),
        }
    }

    fn count_solutions(n: usize) -> (u64, u64) {
        let count = bitmask::count_solutions(n);
        (count.solutions, count.nodes)
    }
}
