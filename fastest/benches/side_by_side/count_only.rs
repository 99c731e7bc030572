//! Section 4 of the side-by-side benchmark: the count-only walks against C
//! programs of the same method, in turns, each figure with its rounds kept in
//! order so that `scripts/bench-report` can take medians of paired ratios.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use queens::Strategy;
use queens::report::reference::SOLUTIONS;
use queens_fastest::count::{constellation, mirror_count, select};
use queens_fastest::run::count_with_budget;
use serde_json::{Value, json};

/// Compiles `benches/c/{name}.c` with `gcc -O3 -march=native -pthread`.
fn compile(name: &str) -> Result<PathBuf, String> {
    super::compile_c(
        name,
        &["-O3", "-march=native", "-pthread"],
        &format!("{name}-c-native"),
    )
}

/// One run of a C counter: its own timing (no process start-up; wall and CPU
/// seconds), and its count.
fn run_c(binary: &Path, args: &[String]) -> (Run, u64) {
    let output = Command::new(binary)
        .args(args)
        .output()
        .expect("the C counter runs");
    let line: Value = serde_json::from_slice(&output.stdout).expect("the C counter prints JSON");
    (
        Run {
            wall: line["seconds"].as_f64().unwrap(),
            cpu: line["cpu_seconds"].as_f64().unwrap(),
        },
        line["solutions"].as_u64().unwrap(),
    )
}

/// Wall-clock and CPU seconds of one run. On a shared machine the CPU time
/// of a one-thread run is the steadier figure: waiting for a core does not
/// count.
#[derive(Clone, Copy, Default)]
struct Run {
    wall: f64,
    cpu: f64,
}

/// CPU seconds of every thread of this process so far (Linux: the first
/// field of each thread's schedstat, in ns; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0.0;
    };
    tasks
        .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("schedstat")).ok())
        .filter_map(|line| line.split_whitespace().next()?.parse::<f64>().ok())
        .sum::<f64>()
        / 1e9
}

fn time<T>(run: impl FnOnce() -> T) -> (Run, T) {
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let value = run();
    let run = Run {
        wall: start.elapsed().as_secs_f64(),
        cpu: cpu_seconds() - cpu,
    };
    (run, value)
}

/// The middle value (the mean of the two middle ones for an even count).
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let half = sorted.len() / 2;
    if sorted.len().is_multiple_of(2) {
        (sorted[half - 1] + sorted[half]) / 2.0
    } else {
        sorted[half]
    }
}

fn series(runs: &[Run]) -> Value {
    let seconds: Vec<f64> = runs.iter().map(|r| r.wall).collect();
    let cpu: Vec<f64> = runs.iter().map(|r| r.cpu).collect();
    json!({
        "best_s": seconds.iter().copied().fold(f64::INFINITY, f64::min),
        "median_s": median(&seconds),
        "rounds_s": seconds,
        "median_cpu_s": median(&cpu),
        "rounds_cpu_s": cpu,
    })
}

/// Median over rounds of `slow / fast` (of `seconds` of each run), runs made
/// moments apart.
fn paired(slow: &[Run], fast: &[Run], seconds: fn(&Run) -> f64) -> f64 {
    let ratios: Vec<f64> = slow
        .iter()
        .zip(fast)
        .map(|(s, f)| seconds(s) / seconds(f))
        .collect();
    median(&ratios)
}

/// The constellations at `sizes` (1 and 2 threads, Rust and C; the
/// `symmetry` walk, one thread, beside them up to n = 17) and the
/// count-only mirror at `mirror_n`, `rounds` rounds each (at most 3 at
/// n = 17, 2 from n = 18 on), in turns.
pub fn measure(mirror_n: usize, sizes: &[usize], rounds: usize) -> Value {
    let mut out = serde_json::Map::new();
    out.insert(
        "native_bits".into(),
        json!(queens_fastest::cpu::native_bits()),
    );
    // The kernel the counts below run (timed now, or forced by QUEENS_KERNEL).
    let choice = select::chosen();
    out.insert("kernel".into(), json!(choice.kernel.name()));
    out.insert("kernel_reason".into(), json!(choice.reason.name()));
    out.insert(
        "vector_lanes".into(),
        // 0: the walk counts the last rows itself.
        json!(choice.kernel.build().map_or(0, |build| build.lanes())),
    );
    let c = compile("constellation");
    for &n in sizes {
        // n = 18 takes minutes a round: two rounds, and no `symmetry` (it is
        // there only to scale issue 14's references, given at 16 and 17).
        let rounds = match n {
            18.. => rounds.min(2),
            17 => rounds.min(3),
            _ => rounds,
        };
        let mut times: [Vec<Run>; 4] = Default::default();
        let mut symmetry = Vec::new();
        for _ in 0..rounds {
            if n <= 17 {
                // The walk the references were measured against.
                let (s, stats) = time(|| count_with_budget(black_box(n), Strategy::Symmetry, None));
                assert_eq!(stats.unwrap().solutions, SOLUTIONS[n]);
                symmetry.push(s);
            }
            let (s, census) = time(|| constellation::count(black_box(n)));
            assert_eq!(census.solutions, SOLUTIONS[n]);
            times[0].push(s);
            let (s, census) = time(|| constellation::count_parallel(black_box(n)));
            assert_eq!(census.solutions, SOLUTIONS[n]);
            times[2].push(s);
            if let Ok(binary) = &c {
                for (threads, slot) in [(1, 1), (2, 3)] {
                    let (s, solutions) = run_c(binary, &[n.to_string(), threads.to_string()]);
                    assert_eq!(solutions, SOLUTIONS[n], "C, {threads} threads");
                    times[slot].push(s);
                }
            }
        }
        let mut entry = json!({ "rust_1": series(&times[0]) });
        if !symmetry.is_empty() {
            entry["symmetry_1"] = series(&symmetry);
            entry["symmetry_over_rust_1_cpu"] = json!(paired(&symmetry, &times[0], |r| r.cpu));
        }
        println!(
            "constellations n = {n}: rust 1 thread {:.3} s",
            entry["rust_1"]["best_s"]
        );
        if !times[2].is_empty() {
            entry["rust_all"] = series(&times[2]);
        }
        if !times[1].is_empty() {
            entry["c_1"] = series(&times[1]);
            entry["c_2"] = series(&times[3]);
            entry["c_over_rust_1"] = json!(paired(&times[1], &times[0], |r| r.wall));
            entry["c_over_rust_1_cpu"] = json!(paired(&times[1], &times[0], |r| r.cpu));
            println!(
                "  C 1 thread {:.3} s: C/rust {:.2} (median of paired ratios), CPU time {:.2}",
                entry["c_1"]["best_s"], entry["c_over_rust_1"], entry["c_over_rust_1_cpu"]
            );
            if !times[2].is_empty() {
                entry["c_2_over_rust_all"] = json!(paired(&times[3], &times[2], |r| r.wall));
                println!(
                    "  rust all threads {:.3} s, C 2 threads {:.3} s: C/rust {:.2}",
                    entry["rust_all"]["best_s"], entry["c_2"]["best_s"], entry["c_2_over_rust_all"]
                );
            }
        }
        out.insert(format!("constellation/{n}"), entry);
    }
    if let Err(why) = &c {
        out.insert("constellation_c_error".into(), json!(why));
    }

    let c = compile("mirror");
    let n = mirror_n;
    let (mut rust, mut plain) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let (s, solutions) = time(|| mirror_count::count(black_box(n)));
        assert_eq!(solutions, SOLUTIONS[n]);
        rust.push(s);
        if let Ok(binary) = &c {
            let (s, solutions) = run_c(binary, &[n.to_string()]);
            assert_eq!(solutions, SOLUTIONS[n]);
            plain.push(s);
        }
    }
    let mut entry = json!({ "n": n, "rust": series(&rust) });
    if !plain.is_empty() {
        entry["c"] = series(&plain);
        entry["c_over_rust"] = json!(paired(&plain, &rust, |r| r.wall));
        entry["c_over_rust_cpu"] = json!(paired(&plain, &rust, |r| r.cpu));
        println!(
            "count-only mirror n = {n}: rust {:.3} s, C {:.3} s: C/rust {:.2}",
            entry["rust"]["best_s"], entry["c"]["best_s"], entry["c_over_rust"]
        );
    } else if let Err(why) = &c {
        entry["c_error"] = json!(why);
    }
    out.insert("mirror".into(), entry);
    Value::Object(out)
}
