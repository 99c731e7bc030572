//! The bitmask homework's wrong answers are blamed on their own blanks.
//!
//! Scratch copies of `exercises/src/bitmask.rs` with one wrong answer are
//! graded with `--exercise bitmask` the way `queens grade` does: the wrong
//! blank's tests fail with the message that names the mistake, the other
//! blanks' tests pass, the end-to-end tests fail, and the node-by-node
//! comparison blames the wrong blank (what every homework promises is
//! checked in `tests/homeworks.rs`).

mod common;

use std::path::PathBuf;

use common::describe;
use queens_grader::grader::{Config, Grader, Status};
use queens_grader::handout;
use queens_grader::homeworks::bitmask;
use queens_grader::results::{Outcome, blank_of, group_of};

fn root() -> PathBuf {
    handout::course_root()
}

fn grader() -> Grader {
    let mut config = Config::built_in();
    config.homework = &bitmask::HOMEWORK;
    Grader::new(config).expect("a scratch workspace")
}

fn reference() -> String {
    std::fs::read_to_string(root().join(bitmask::HOMEWORK.reference))
        .expect("solutions/src/bitmask.rs")
}

/// The blank a test grades (`None` for end-to-end tests).
fn blank(name: &str) -> Option<u32> {
    blank_of(group_of(name))
}

/// The reference with `from` replaced by `to` (exactly once).
fn wrong(from: &str, to: &str) -> String {
    let reference = reference();
    assert_eq!(reference.matches(from).count(), 1, "{from}");
    reference.replacen(from, to, 1)
}

const NODE_BY_NODE: &str = "end_to_end::the_search_walks_knuth_s_tree_node_by_node";

#[test]
fn wrong_answers_fail_their_own_blanks_tests() {
    let grader = grader();
    let cases = [
        (
            "no & full",
            wrong(
                "    !(cols | diags | anti) & full\n",
                "    let _ = full;\n    !(cols | diags | anti)\n",
            ),
            1,
            "past the board's edge",
        ),
        (
            "& for |",
            wrong(
                "    !(cols | diags | anti) & full\n",
                "    !(cols & diags & anti) & full\n",
            ),
            1,
            "An attacked column is called free",
        ),
        (
            "shifts swapped",
            wrong(
                "\n        self.place(cols | bit, (diags | bit) << 1, (anti | bit) >> 1);",
                "\n        self.place(cols | bit, (diags | bit) >> 1, (anti | bit) << 1);",
            ),
            2,
            "one column right",
        ),
        (
            "no recursive call",
            wrong(
                "\n        self.place(cols | bit, (diags | bit) << 1, (anti | bit) >> 1);",
                "\n        let _ = (cols, diags, anti);",
            ),
            2,
            "exactly once",
        ),
        (
            "bit kept",
            wrong("    free & !bit\n", "    free | bit\n"),
            3,
            "must clear that bit",
        ),
    ];
    for (what, code, blamed, says) in cases {
        let grade = grader.grade_code(what, &code);
        assert_eq!(grade.status, Status::Graded, "{what}: {}", describe(&grade));
        let own_failed: Vec<_> = grade
            .tests
            .iter()
            .filter(|t| blank(&t.name) == Some(blamed) && !t.outcome.passed())
            .collect();
        assert!(!own_failed.is_empty(), "{what}: {}", describe(&grade));
        assert!(
            own_failed.iter().any(|t| t.message.contains(says)),
            "{what}: no message says {says:?}\n{}",
            describe(&grade)
        );
        for test in &grade.tests {
            if let Some(other) = blank(&test.name).filter(|&b| b != blamed) {
                assert_eq!(
                    test.outcome,
                    Outcome::Passed,
                    "{what}: blank {other} blamed\n{}",
                    describe(&grade)
                );
            }
        }
        let node_by_node = grade
            .tests
            .iter()
            .find(|t| t.name == NODE_BY_NODE)
            .expect("the node-by-node test");
        assert!(
            !node_by_node.outcome.passed()
                && node_by_node.message.contains(&format!("blank {blamed}")),
            "{what}: the first difference should blame blank {blamed}\n{}",
            describe(&grade)
        );
    }
}
