//! Every strategy at n = 8 and 11..=13, in nodes per second of its own tree.
//!
//! `cargo bench -p queens-fastest --bench strategies` (or `scripts/bench-report`, which turns the
//! results into BENCHMARKS.md). Each benchmark runs `queens_fastest::run::count`, the
//! search the command line runs, full statistics included; the `*-count`
//! benchmarks run the bare walks (nodes and solutions only) that the C
//! comparison uses. At n <= 10 the branch predictor learns the whole tree and
//! the speed triples, so the table's figures come from n >= 11.
//!
//! Throughput is the strategy's own node count, so criterion reports nodes
//! per second; the exponential strategies run only where a run takes seconds.

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use queens::fast::bitmask::{self, Counts};
use queens::fast::{mirror, parallel, symmetry};
use queens::{SearchStats, Strategy};
use queens_fastest::run::count_with_budget;

/// The board sizes each strategy is measured at.
fn sizes(strategy: Strategy) -> &'static [usize] {
    match strategy {
        // 19 million and 109,601 nodes at n = 8; n = 11 would take minutes.
        Strategy::Brute | Strategy::Columns => &[8],
        // 4.7 million nodes at about 1.5 million a second: seconds per run.
        Strategy::Sets => &[8, 11, 12],
        _ => &[8, 11, 12, 13],
    }
}

fn stats(n: usize, strategy: Strategy) -> SearchStats {
    count_with_budget(n, strategy, None).expect("benchmark sizes are in range")
}

fn configure(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    nodes: u64,
) {
    group.throughput(Throughput::Elements(nodes));
    // Long runs: one measurement per sample instead of criterion's ramp.
    if nodes > 500_000 {
        group.sampling_mode(SamplingMode::Flat);
    } else {
        group.sampling_mode(SamplingMode::Auto);
    }
}

fn every_strategy(c: &mut Criterion) {
    let mut group = c.benchmark_group("strategy");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for strategy in Strategy::ALL {
        for &n in sizes(strategy) {
            let nodes = stats(n, strategy).nodes;
            configure(&mut group, nodes);
            group.bench_with_input(BenchmarkId::new(strategy.name(), n), &n, |b, &n| {
                b.iter(|| count_with_budget(black_box(n), black_box(strategy), None));
            });
        }
    }
    group.finish();
}

/// The bare walks: nodes and solutions only, no statistics.
fn bare_counts(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    type Walk = fn(usize) -> Counts;
    let walks: [(&str, Walk); 4] = [
        ("bitmask", bitmask::count),
        ("mirror", |n| {
            let mut counts = Counts::default();
            let _ = mirror::walk(n, &mut counts);
            counts
        }),
        ("symmetry", |n| {
            let mut counts = Counts::default();
            let _ = symmetry::walk(n, &mut counts);
            counts
        }),
        ("parallel", parallel::walk::<Counts>),
    ];
    for (name, walk) in walks {
        for n in [8, 11, 12, 13] {
            configure(&mut group, walk(n).nodes);
            group.bench_with_input(BenchmarkId::new(name, n), &n, |b, &n| {
                b.iter(|| walk(black_box(n)));
            });
        }
    }
    group.finish();
}

criterion_group!(benches, every_strategy, bare_counts);
criterion_main!(benches);
