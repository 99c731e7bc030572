//! Every kernel this CPU runs on the whole one-thread count (issue 48).
//!
//! `cargo bench -p queens-fastest --bench kernels -- [--n 16] [--rounds 7] [--json FILE]`:
//! the constellations of n counted on this thread by each kernel
//! ([`select::Kernel`]) in turns, the order reversed every other round,
//! medians over the rounds; then which kernel [`select::chosen`] timed and
//! picked, against the fastest median. Printed with the CPU's family and
//! model, its AVX features and the load average before and after, since on a
//! shared machine the load decides which differences the figures can carry.

use std::hint::black_box;
use std::time::Instant;

use queens::report::reference::SOLUTIONS;
use queens_fastest::count::constellation;
use queens_fastest::count::select::{self, Kernel, Reason};
use serde_json::{Value, json};

struct Options {
    n: usize,
    rounds: usize,
    json: Option<String>,
}

/// `--n`, `--rounds`, `--json`; cargo's own `--bench` is let through.
fn options() -> Options {
    let mut options = Options {
        n: 16,
        rounds: 7,
        json: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .unwrap_or_else(|| panic!("{name} needs a value"))
        };
        match arg.as_str() {
            "--n" => options.n = value("--n").parse().expect("--n takes a board size"),
            "--rounds" => {
                options.rounds = value("--rounds").parse().expect("--rounds takes a count")
            }
            "--json" => options.json = Some(value("--json")),
            _ => {}
        }
    }
    assert!(
        (constellation::FROM_N..=constellation::MAX_N).contains(&options.n),
        "--n: the constellations count n = {} to {}",
        constellation::FROM_N,
        constellation::MAX_N
    );
    assert!(options.rounds > 0, "--rounds: at least one");
    options
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|line| {
            line.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

/// `(model name, family, model, AVX features)` from /proc/cpuinfo (empty
/// elsewhere).
fn cpu() -> (String, String, String, Vec<String>) {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| {
        info.lines()
            .find(|line| line.split(':').next().is_some_and(|k| k.trim() == key))
            .and_then(|line| line.split_once(':'))
            .map(|(_, value)| value.trim().to_owned())
            .unwrap_or_default()
    };
    let mut avx: Vec<String> = field("flags")
        .split_whitespace()
        .filter(|flag| flag.starts_with("avx"))
        .map(str::to_owned)
        .collect();
    avx.sort();
    (
        field("model name"),
        field("cpu family"),
        field("model"),
        avx,
    )
}

/// CPU seconds of this thread so far (Linux: the first field of its
/// schedstat, in ns; 0 elsewhere): waits for a core on a busy machine are
/// not in it.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|line| line.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

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

fn main() {
    let Options { n, rounds, json } = options();
    let (name, family, model, avx) = cpu();
    let load_before = load();
    println!("{name} (family {family}, model {model}); {}", avx.join(" "));
    println!("load average before: {load_before}");

    let kernels = Kernel::available_here();
    let mut seconds = vec![Vec::new(); kernels.len()];
    let mut cpu = vec![Vec::new(); kernels.len()];
    for round in 0..rounds {
        let mut order: Vec<usize> = (0..kernels.len()).collect();
        if round % 2 == 1 {
            order.reverse();
        }
        for i in order {
            let (start, busy) = (Instant::now(), cpu_seconds());
            let census = constellation::count_with(black_box(n), kernels[i]);
            seconds[i].push(start.elapsed().as_secs_f64());
            cpu[i].push(cpu_seconds() - busy);
            assert_eq!(census.solutions, SOLUTIONS[n], "{}", kernels[i]);
        }
    }
    let medians: Vec<f64> = seconds.iter().map(|s| median(s)).collect();
    let cpu_medians: Vec<f64> = cpu.iter().map(|s| median(s)).collect();
    let fastest = (0..kernels.len())
        .min_by(|&a, &b| medians[a].total_cmp(&medians[b]))
        .expect("scalar at least");
    println!("n = {n}, one thread, {rounds} rounds in turns: median wall (min-max), median CPU");
    for (i, kernel) in kernels.iter().enumerate() {
        let (lo, hi) = seconds[i]
            .iter()
            .fold((f64::INFINITY, 0.0f64), |(lo, hi), &s| {
                (lo.min(s), hi.max(s))
            });
        println!(
            "  {:>7} {:.3} s ({lo:.3}-{hi:.3}), {:.2}x the fastest; CPU {:.3} s, {:.2}x",
            kernel.name(),
            medians[i],
            medians[i] / medians[fastest],
            cpu_medians[i],
            cpu_medians[i] / cpu_medians[fastest]
        );
    }

    let choice = select::chosen();
    let measured = match &choice.reason {
        Reason::Measured(times) => times
            .iter()
            .map(|(kernel, time)| format!("{kernel} {:.3} ms", time.as_secs_f64() * 1e3))
            .collect::<Vec<_>>()
            .join(", "),
        other => other.name().to_owned(),
    };
    println!(
        "chosen at start: {} ({measured}; {:.1} ms); fastest median here: {}",
        choice.kernel,
        choice.spent.as_secs_f64() * 1e3,
        kernels[fastest]
    );
    let load_after = load();
    println!("load average after: {load_after}");

    if let Some(path) = json {
        let mut per_kernel = serde_json::Map::new();
        for (i, kernel) in kernels.iter().enumerate() {
            per_kernel.insert(
                kernel.name().to_owned(),
                json!({
                    "median_s": medians[i],
                    "rounds_s": seconds[i],
                    "median_cpu_s": cpu_medians[i],
                    "rounds_cpu_s": cpu[i],
                }),
            );
        }
        let report = json!({
            "n": n,
            "rounds": rounds,
            "cpu": { "name": name, "family": family, "model": model, "avx": avx },
            "load_before": load_before,
            "load_after": load_after,
            "kernels": Value::Object(per_kernel),
            "fastest_median": kernels[fastest].name(),
            "chosen": choice.kernel.name(),
            "chosen_reason": choice.reason.name(),
            "choice_ms": choice.spent.as_secs_f64() * 1e3,
        });
        std::fs::write(&path, serde_json::to_string_pretty(&report).unwrap())
            .unwrap_or_else(|e| panic!("cannot write {path}: {e}"));
        println!("wrote {path}");
    }
}
