//! The count-only walks (issue 14), in solutions per second.
//!
//! `cargo bench -p queens-fastest --bench constellation`: the constellation count on one thread
//! and on all (what `queens count N --strategy fastest` runs from n = 8), its
//! parts (making the constellations, Burnside's fixed boards, a batch of
//! boards with four rows left), and the count-only mirror, at n = 11, 12, 13. The C programs of the same methods are
//! timed beside these in `benches/side_by_side.rs` (section 4).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use queens::report::reference::SOLUTIONS;
use queens_fastest::count::burnside::{self, Turn};
use queens_fastest::count::four_rows::{Build, CAPACITY, LastFour};
use queens_fastest::count::{constellation, mirror_count};

const SIZES: [usize; 3] = [11, 12, 13];

fn count_only(c: &mut Criterion) {
    let mut group = c.benchmark_group("count-only");
    group.measurement_time(Duration::from_secs(3));
    for n in SIZES {
        group.throughput(Throughput::Elements(SOLUTIONS[n]));
        group.bench_with_input(BenchmarkId::new("constellation", n), &n, |b, &n| {
            b.iter(|| constellation::count(black_box(n)))
        });
        group.bench_with_input(
            BenchmarkId::new("constellation-parallel", n),
            &n,
            |b, &n| b.iter(|| constellation::count_parallel(black_box(n))),
        );
        group.bench_with_input(BenchmarkId::new("mirror-count", n), &n, |b, &n| {
            b.iter(|| mirror_count::count(black_box(n)))
        });
    }
    group.finish();
}

fn parts(c: &mut Criterion) {
    let mut group = c.benchmark_group("constellation-parts");
    for n in [13, 16] {
        group.bench_with_input(BenchmarkId::new("constellations", n), &n, |b, &n| {
            b.iter(|| constellation::constellations(black_box(n)).len())
        });
        group.bench_with_input(BenchmarkId::new("burnside-fixed", n), &n, |b, &n| {
            b.iter(|| {
                burnside::fixed(black_box(n), Turn::Half)
                    + burnside::fixed(black_box(n), Turn::Quarter)
            })
        });
    }
    group.finish();
}

/// A full batch of random 16-column boards with four consecutive rows left
/// (four columns free, a few diagonals coming in), counted by each build this
/// CPU runs (the copy of the batch is in the time: 12 KB).
fn last_four(c: &mut Criterion) {
    let board = 0xffff;
    let mut rng = fastrand::Rng::with_seed(16);
    let mut full = LastFour::new(board, [1, 1, 1]);
    let boards = CAPACITY - 64;
    for _ in 0..boards {
        let mut left = 0u64;
        while left.count_ones() < 4 {
            left |= 1 << rng.u32(0..16);
        }
        let incoming = rng.u64(..) & rng.u64(..);
        full.push(board & !left, incoming & 0xffff, incoming >> 32, true);
    }
    let mut group = c.benchmark_group("last-four-rows");
    group.throughput(Throughput::Elements(boards as u64));
    for build in Build::ALL.into_iter().filter(|build| build.available()) {
        group.bench_function(format!("{build:?}"), |b| {
            b.iter(|| full.clone().drain_with(build))
        });
    }
    group.finish();
}

criterion_group!(benches, count_only, parts, last_four);
criterion_main!(benches);
