//! The graded tests of the `arcs` homework: `cargo test -p exercises --test
//! arcs`. The questions and the reference's answers live in the grader
//! (`queens_grader::homeworks::arcs`); this file only lets it reach your
//! code.

use queens_grader::homeworks::arcs::{Arc, Blanks, Domains, Outcome, ProblemName, run};

// The handout is a file of its own, next to the others.
#[path = "../src/arcs.rs"]
#[allow(dead_code)]
mod arcs;

fn main() -> std::process::ExitCode {
    run::<Handout>()
}

/// Your handout, as the graded tests see it.
struct Handout;

fn problem(name: ProblemName) -> arcs::Problem {
    match name {
        ProblemName::Queens(n) => arcs::Problem::queens(n),
        ProblemName::Australia => arcs::Problem::australia(),
        ProblemName::Sudoku => arcs::Problem::sudoku(),
    }
}

impl Blanks for Handout {
    fn revise(name: ProblemName, domains: &mut Domains, x: usize, y: usize) -> bool {
        let ys = domains[y].clone();
        arcs::revise(&problem(name), x, &mut domains[x], y, &ys)
    }

    fn propagate(
        name: ProblemName,
        domains: &Domains,
        waiting: &[Arc],
        x: usize,
        y: usize,
    ) -> (Outcome, Vec<Arc>) {
        let mut queue = arcs::Queue::default();
        for &(from, to) in waiting {
            queue.push(from, to);
        }
        let outcome = match arcs::propagate(&problem(name), &mut queue, x, y, &domains[x]) {
            arcs::Step::Done => Outcome::Done,
            arcs::Step::Revised => Outcome::Revised,
            arcs::Step::WipeOut(variable) => Outcome::WipeOut(variable),
        };
        (outcome, queue.waiting())
    }

    fn ac3(name: ProblemName, domains: Domains) -> Option<Domains> {
        arcs::ac3(&problem(name), domains)
    }
}
