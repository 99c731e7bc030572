//! What the teaching solver's instrumentation costs, and where its time goes.
//!
//! `cargo bench -p queens-fastest --bench instrumentation`. The same search of Knuth's tree with
//! the seed's three sets, at n = 11 and 12:
//!
//! * `bare`: the engine with the `()` observer (nothing recorded);
//! * `stats`: the engine with a [`StatsRecorder`] (every node, candidate and
//!   pruning reason), as `queens count --strategy sets` runs it;
//! * `boards`: the engine collecting every board, as `queens solve` runs it;
//! * `seed`: the seed's `solve` written out by hand in Rust (three std
//!   `HashSet`s with std's default hasher, SipHash; short-circuit `||`; no
//!   engine, no observer): how fast the sets themselves go;
//! * `seed-fx`: the same with the FxHash hasher `ConstraintSets` uses.
//!
//! Throughput is the tree's node count, so criterion reports nodes per second.
//! The same for the arrays (`arrays-bare`, `arrays-stats`).

use std::collections::HashSet;
use std::hash::{BuildHasher, RandomState};
use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use queens::Strategy;
use queens::report::stats::StatsRecorder;
use queens::search::{CollectBoards, explore};
use queens::stores::arrays::ConstraintArrays;
use queens::stores::sets::ConstraintSets;

/// The seed's `solveNQueens`, counting instead of collecting: three sets, the
/// prune check as one short-circuit `||`; `S` is the sets' hash function.
struct SeedSolver<S> {
    n: usize,
    columns: HashSet<usize, S>,
    negative_diagonal: HashSet<isize, S>,
    positive_diagonal: HashSet<usize, S>,
    nodes: u64,
    solutions: u64,
}

impl<S: BuildHasher + Default> SeedSolver<S> {
    fn count(n: usize) -> (u64, u64) {
        let mut solver = Self {
            n,
            columns: HashSet::default(),
            negative_diagonal: HashSet::default(),
            positive_diagonal: HashSet::default(),
            nodes: 0,
            solutions: 0,
        };
        solver.solve(0);
        (solver.nodes, solver.solutions)
    }

    fn solve(&mut self, row: usize) {
        self.nodes += 1;
        if row == self.n {
            self.solutions += 1;
            return;
        }
        for col in 0..self.n {
            let diagonal = row as isize - col as isize;
            if self.columns.contains(&col)
                || self.negative_diagonal.contains(&diagonal)
                || self.positive_diagonal.contains(&(row + col))
            {
                continue;
            }
            self.columns.insert(col);
            self.negative_diagonal.insert(diagonal);
            self.positive_diagonal.insert(row + col);
            self.solve(row + 1);
            self.columns.remove(&col);
            self.negative_diagonal.remove(&diagonal);
            self.positive_diagonal.remove(&(row + col));
        }
    }
}

fn instrumentation(c: &mut Criterion) {
    let mut group = c.benchmark_group("instrumentation");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(4));
    for n in [11, 12] {
        let (nodes, _) = SeedSolver::<RandomState>::count(n);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("bare", n), &n, |b, &n| {
            b.iter(|| explore(black_box(n), &mut ConstraintSets::new(), &mut ()));
        });
        group.bench_with_input(BenchmarkId::new("stats", n), &n, |b, &n| {
            b.iter(|| {
                let mut recorder = StatsRecorder::new(n, Strategy::Sets);
                let _ = explore(black_box(n), &mut ConstraintSets::new(), &mut recorder);
                recorder.stats
            });
        });
        group.bench_with_input(BenchmarkId::new("boards", n), &n, |b, &n| {
            b.iter(|| {
                let mut boards = CollectBoards::new(n);
                let _ = explore(black_box(n), &mut ConstraintSets::new(), &mut boards);
                boards.boards
            });
        });
        group.bench_with_input(BenchmarkId::new("seed", n), &n, |b, &n| {
            b.iter(|| SeedSolver::<RandomState>::count(black_box(n)));
        });
        group.bench_with_input(BenchmarkId::new("seed-fx", n), &n, |b, &n| {
            b.iter(|| SeedSolver::<rustc_hash::FxBuildHasher>::count(black_box(n)));
        });
        group.bench_with_input(BenchmarkId::new("arrays-bare", n), &n, |b, &n| {
            b.iter(|| explore(black_box(n), &mut ConstraintArrays::new(n), &mut ()));
        });
        group.bench_with_input(BenchmarkId::new("arrays-stats", n), &n, |b, &n| {
            b.iter(|| {
                let mut recorder = StatsRecorder::new(n, Strategy::Arrays);
                let _ = explore(black_box(n), &mut ConstraintArrays::new(n), &mut recorder);
                recorder.stats
            });
        });
    }
    group.finish();
}

criterion_group!(benches, instrumentation);
criterion_main!(benches);
