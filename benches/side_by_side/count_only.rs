//! Section 4 of the side-by-side benchmark: the count-only walks against C
//! programs of the same method, in turns, each figure with its rounds kept in
//! order so that `scripts/bench-report` can take medians of paired ratios.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use queens::fast::{constellation, mirror_count};
use queens::reference::SOLUTIONS;
use serde_json::{Value, json};

/// Compiles `benches/c/{name}.c` with `gcc -O3 -march=native -pthread`.
fn compile(name: &str) -> Result<PathBuf, String> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("benches/c/{name}.c"));
    let binary = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-c-native"));
    let status = Command::new("gcc")
        .args(["-O3", "-march=native", "-pthread", "-o"])
        .arg(&binary)
        .arg(&source)
        .status()
        .map_err(|e| format!("gcc not found: {e}"))?;
    if status.success() {
        Ok(binary)
    } else {
        Err(format!("gcc failed on {}", source.display()))
    }
}

/// One run of a C counter: its own timing (no process start-up), and its count.
fn run_c(binary: &Path, args: &[String]) -> (f64, u64) {
    let output = Command::new(binary)
        .args(args)
        .output()
        .expect("the C counter runs");
    let line: Value = serde_json::from_slice(&output.stdout).expect("the C counter prints JSON");
    (
        line["seconds"].as_f64().unwrap(),
        line["solutions"].as_u64().unwrap(),
    )
}

fn time<T>(run: impl FnOnce() -> T) -> (f64, T) {
    let start = Instant::now();
    let value = run();
    (start.elapsed().as_secs_f64(), value)
}

fn series(seconds: &[f64]) -> Value {
    let mut sorted = seconds.to_vec();
    sorted.sort_by(f64::total_cmp);
    json!({
        "best_s": sorted[0],
        "median_s": sorted[sorted.len() / 2],
        "rounds_s": seconds,
    })
}

/// Median over rounds of `slow / fast`, runs made moments apart.
fn paired(slow: &[f64], fast: &[f64]) -> f64 {
    let mut ratios: Vec<f64> = slow.iter().zip(fast).map(|(s, f)| s / f).collect();
    ratios.sort_by(f64::total_cmp);
    ratios[ratios.len() / 2]
}

/// The constellations at `sizes` (1 and 2 threads, Rust and C) and the
/// count-only mirror at `mirror_n`, `rounds` rounds each (at most 5 from
/// n = 17 on), in turns.
pub fn measure(mirror_n: usize, sizes: &[usize], rounds: usize) -> Value {
    let mut out = serde_json::Map::new();
    out.insert(
        "native_bits".into(),
        json!(queens::fast::kernel::native_bits()),
    );
    let c = compile("constellation");
    for &n in sizes {
        let rounds = if n >= 17 { rounds.min(5) } else { rounds };
        let mut times: [Vec<f64>; 4] = Default::default();
        for _ in 0..rounds {
            let (s, census) = time(|| constellation::count(black_box(n)));
            assert_eq!(census.solutions, SOLUTIONS[n]);
            times[0].push(s);
            #[cfg(feature = "parallel")]
            {
                let (s, census) = time(|| constellation::count_parallel(black_box(n)));
                assert_eq!(census.solutions, SOLUTIONS[n]);
                times[2].push(s);
            }
            if let Ok(binary) = &c {
                for (threads, slot) in [(1, 1), (2, 3)] {
                    let (s, solutions) = run_c(binary, &[n.to_string(), threads.to_string()]);
                    assert_eq!(solutions, SOLUTIONS[n], "C, {threads} threads");
                    times[slot].push(s);
                }
            }
        }
        let mut entry = json!({ "rust_1": series(&times[0]) });
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
            entry["c_over_rust_1"] = json!(paired(&times[1], &times[0]));
            println!(
                "  C 1 thread {:.3} s: C/rust {:.2} (median of paired ratios)",
                entry["c_1"]["best_s"], entry["c_over_rust_1"]
            );
            if !times[2].is_empty() {
                entry["c_2_over_rust_all"] = json!(paired(&times[3], &times[2]));
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
        entry["c_over_rust"] = json!(paired(&plain, &rust));
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
