//! Sudoku: puzzles per second, and the nodes each strategy explores.
//!
//! `cargo bench -p queens-fastest --bench sudoku`. First prints, for the 40 shipped diabolical
//! puzzles (`data/sudoku/diabolical-40.txt`), the nodes each strategy explores
//! (root included, up to the proof that the solution is unique) and the
//! ratio of each rung to the next; then criterion times each strategy solving
//! all 40 on one thread, as `queens sudoku solve --file` does (solution and
//! uniqueness). Throughput is puzzles, so criterion reports puzzles per
//! second. The side-by-side with a public solver is `scripts/bench-sudoku`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use queens::sudoku::{Grid, bank};
use queens_fastest::sudoku::{Strategy, solve};

fn puzzles() -> Vec<Grid> {
    bank::diabolical().into_iter().map(|p| p.grid).collect()
}

/// The node table: one line per strategy, then the ratio the issue asks for.
fn print_nodes(puzzles: &[Grid]) {
    println!(
        "nodes over the {} shipped diabolical puzzles:",
        puzzles.len()
    );
    let mut totals = Vec::new();
    for strategy in Strategy::ALL {
        let nodes: Vec<u64> = puzzles.iter().map(|p| solve(p, strategy).nodes).collect();
        let total: u64 = nodes.iter().sum();
        println!(
            "  {:<8} total {:>9}  min {:>7}  max {:>7}",
            strategy.name(),
            total,
            nodes.iter().min().unwrap(),
            nodes.iter().max().unwrap()
        );
        totals.push(total);
    }
    let ratio = totals[0] as f64 / totals[1] as f64;
    println!("  naive / mrv = {ratio:.1} (the issue asks for at least 10)");
    for (pair, names) in totals.windows(2).zip(Strategy::ALL.windows(2)).skip(1) {
        println!(
            "  {} / {} = {:.1}",
            names[0],
            names[1],
            pair[0] as f64 / pair[1] as f64
        );
    }
    assert!(ratio >= 10.0, "mrv must explore at least 10x fewer nodes");
}

fn strategies(c: &mut Criterion) {
    let puzzles = puzzles();
    print_nodes(&puzzles);
    let mut group = c.benchmark_group("sudoku-diabolical-40");
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    for strategy in Strategy::ALL {
        if strategy.name() == "naive" {
            // About 50 ms a round: fewer samples keep the bench short.
            group.sample_size(10);
        } else {
            group.sample_size(50);
        }
        group.bench_function(strategy.name(), |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    black_box(solve(black_box(puzzle), strategy));
                }
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(5));
    targets = strategies
}
criterion_main!(benches);
