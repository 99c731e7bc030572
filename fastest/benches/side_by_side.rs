//! The targets, measured side by side in one run.
//!
//! `cargo bench -p queens-fastest --bench side_by_side [-- --n 15 --rounds 5 --json PATH]`
//!
//! 1. The bare bitmask walk against a plain recursive C counter doing the same
//!    work (`benches/c/bitmask.c`, compiled here with `gcc -O2`), alternating
//!    the two so that a busy machine slows both alike; and the same walk with
//!    full statistics.
//! 2. `mirror`, `symmetry` and `parallel` (full statistics, as the command line
//!    runs them) at n = 14, 15, 16.
//! 3. The teaching engine on the sets (and the arrays) at n = 12 with the `()`
//!    observer and with a `StatsRecorder`, alternating: what the
//!    instrumentation costs.
//!
//! 4. Count only (issue 14): the constellations (`fastest` from n = 8) on one
//!    thread and on all, against the same method in C (`benches/c/constellation.c`,
//!    `gcc -O3 -march=native`, 1 and 2 threads) at `--count-sizes` (15,16 by
//!    default); the count-only mirror against a plain C mirror counter
//!    (`benches/c/mirror.c`, same flags) at `--n`. `--count-only` runs this
//!    section alone.
//!
//! Each figure is the fastest of `rounds` runs (the least disturbed one), with
//! the median beside it; the rounds are kept in the order they ran, so that
//! `scripts/bench-report` can also compare two series round by round. `--json PATH` also writes them for
//! `scripts/bench-report`. A plain `cargo bench` runs this with the defaults.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use queens::Strategy;
use queens::fast::bitmask;
use queens::report::stats::StatsRecorder;
use queens::search::explore;
use queens::stores::Rules;
use queens::stores::arrays::ConstraintArrays;
use queens::stores::sets::ConstraintSets;
use queens_fastest::run::count_with_budget;
use serde_json::{Value, json};

#[path = "side_by_side/count_only.rs"]
mod count_only;

struct Options {
    n: usize,
    rounds: usize,
    sizes: Vec<usize>,
    json: Option<PathBuf>,
    count_sizes: Vec<usize>,
    count_only: bool,
}

fn options() -> Options {
    let mut options = Options {
        n: 15,
        rounds: 5,
        sizes: vec![14, 15, 16],
        json: None,
        count_sizes: vec![15, 16],
        count_only: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{arg} needs a value"));
        match arg.as_str() {
            "--n" => options.n = value().parse().expect("--n takes a board size"),
            "--rounds" => options.rounds = value().parse().expect("--rounds takes a number"),
            "--sizes" => {
                options.sizes = value()
                    .split(',')
                    .map(|n| n.parse().expect("--sizes takes sizes such as 14,15,16"))
                    .collect()
            }
            "--json" => options.json = Some(PathBuf::from(value())),
            "--count-sizes" => {
                options.count_sizes = value()
                    .split(',')
                    .map(|n| n.parse().expect("--count-sizes takes sizes such as 16,17"))
                    .collect()
            }
            "--count-only" => options.count_only = true,
            // `cargo bench` passes --bench, and criterion filters may follow.
            _ => {}
        }
    }
    options
}

/// Best and median of `seconds` (kept in the order they ran, so that two
/// series measured in turns can be compared round by round).
fn summary(seconds: &[f64], nodes: u64) -> Value {
    let mut sorted = seconds.to_vec();
    sorted.sort_by(f64::total_cmp);
    let best = sorted[0];
    let median = sorted[sorted.len() / 2];
    json!({
        "best_s": best,
        "median_s": median,
        "nodes": nodes,
        "best_nodes_per_s": nodes as f64 / best,
        "ns_per_node": best * 1e9 / nodes as f64,
        "rounds_s": seconds,
    })
}

/// Compiles `benches/c/{name}.c` with gcc and `flags` into the target's
/// scratch folder as `{binary}`, or says why not.
fn compile_c(name: &str, flags: &[&str], binary: &str) -> Result<PathBuf, String> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("benches/c/{name}.c"));
    let binary = Path::new(env!("CARGO_TARGET_TMPDIR")).join(binary);
    let status = Command::new("gcc")
        .args(flags)
        .arg("-o")
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

/// One run of the C counter: its own timing of the walk (no process start-up).
fn run_c(binary: &Path, n: usize) -> (f64, u64, u64) {
    let output = Command::new(binary)
        .arg(n.to_string())
        .output()
        .expect("the C counter runs");
    let line: Value = serde_json::from_slice(&output.stdout).expect("the C counter prints JSON");
    (
        line["seconds"].as_f64().unwrap(),
        line["nodes"].as_u64().unwrap(),
        line["solutions"].as_u64().unwrap(),
    )
}

fn time<T>(run: impl FnOnce() -> T) -> (f64, T) {
    let start = Instant::now();
    let value = run();
    (start.elapsed().as_secs_f64(), value)
}

fn main() {
    let options = options();
    let n = options.n;
    let mut report = json!({ "n": n, "rounds": options.rounds });
    report["count_only"] = count_only::measure(options.n, &options.count_sizes, options.rounds);
    if options.count_only {
        write_report(&options, &report);
        return;
    }

    // 1. Rust against C, alternating.
    let nodes = bitmask::count(n).nodes;
    let (mut rust, mut c, mut tally) = (Vec::new(), Vec::new(), Vec::new());
    let binary = compile_c("bitmask", &["-O2"], "bitmask-c");
    for _ in 0..options.rounds {
        let (seconds, counts) = time(|| bitmask::count(black_box(n)));
        assert_eq!(counts.nodes, nodes);
        rust.push(seconds);
        if let Ok(binary) = &binary {
            let (seconds, c_nodes, _) = run_c(binary, n);
            assert_eq!(c_nodes, nodes, "C and Rust walk the same tree");
            c.push(seconds);
        }
        let (seconds, stats) = time(|| count_with_budget(black_box(n), Strategy::Bitmask, None));
        assert_eq!(stats.unwrap().nodes, nodes);
        tally.push(seconds);
    }
    let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    let (rust_best, c_best, tally_best) = (best(&rust), best(&c), best(&tally));
    report["bitmask_count"] = summary(&rust, nodes);
    report["bitmask_statistics"] = summary(&tally, nodes);
    match &binary {
        Ok(_) => report["c"] = summary(&c, nodes),
        Err(why) => report["c_error"] = json!(why),
    }
    println!(
        "bitmask at n = {n}: {nodes} nodes, best of {} rounds",
        options.rounds
    );
    println!(
        "  rust, bare count      {:>8.3} s  {:>6.1} M nodes/s",
        rust_best,
        nodes as f64 / rust_best / 1e6
    );
    if !c.is_empty() {
        println!(
            "  C (gcc -O2)           {:>8.3} s  {:>6.1} M nodes/s   rust/C speed {:.2}",
            c_best,
            nodes as f64 / c_best / 1e6,
            c_best / rust_best
        );
    } else if let Err(why) = &binary {
        println!("  C: skipped ({why})");
    }
    println!(
        "  rust, full statistics {:>8.3} s  {:>6.1} M nodes/s",
        tally_best,
        nodes as f64 / tally_best / 1e6
    );

    // 2. The symmetry strategies, larger boards, in turns.
    let mut strategies = serde_json::Map::new();
    let fast = [Strategy::Mirror, Strategy::Symmetry, Strategy::Parallel];
    for &size in &options.sizes {
        let nodes = fast.map(|s| count_with_budget(size, s, None).unwrap().nodes);
        let mut seconds = [(); 3].map(|()| Vec::new());
        // Runs under a tenth of a second (n <= 14) are cheap and noisy: take
        // more of them; the larger boards take seconds, three rounds will do.
        let rounds = if size <= 14 {
            options.rounds.max(15)
        } else {
            options.rounds.min(3)
        };
        for _ in 0..rounds {
            for (strategy, times) in fast.iter().zip(&mut seconds) {
                times.push(time(|| count_with_budget(black_box(size), *strategy, None)).0);
            }
        }
        for ((strategy, times), nodes) in fast.iter().zip(&seconds).zip(nodes) {
            let fastest = best(times);
            println!(
                "{:>9} n = {size}: {:>8.3} s  {:>11} nodes  {:>6.1} M nodes/s",
                strategy.name(),
                fastest,
                nodes,
                nodes as f64 / fastest / 1e6
            );
            strategies.insert(format!("{}/{size}", strategy.name()), summary(times, nodes));
        }
        // In turns, `parallel` starts right after a single-threaded run, on a
        // second core that has been idle (and runs slower at first); back to
        // back it does not. Both are reported.
        let warm: Vec<f64> = (0..rounds)
            .map(|_| time(|| count_with_budget(black_box(size), Strategy::Parallel, None)).0)
            .collect();
        strategies.insert(
            format!("parallel-back-to-back/{size}"),
            summary(&warm, nodes[2]),
        );
    }
    report["strategies"] = Value::Object(strategies);

    // 3. The instrumentation of the teaching engine, alternating.
    fn engine<R: Rules>(rules: fn(usize) -> R) -> impl Fn(usize, bool) -> f64 {
        move |n, with_stats| {
            let mut rules = rules(n);
            if with_stats {
                let mut recorder = StatsRecorder::new(n, Strategy::Sets);
                time(|| explore(black_box(n), &mut rules, &mut recorder)).0
            } else {
                time(|| explore(black_box(n), &mut rules, &mut ())).0
            }
        }
    }
    let size = 12;
    let nodes = bitmask::count(size).nodes;
    let mut instrumentation = serde_json::Map::new();
    for (name, run) in [
        (
            "sets",
            Box::new(engine(|_| ConstraintSets::new())) as Box<dyn Fn(usize, bool) -> f64>,
        ),
        ("arrays", Box::new(engine(ConstraintArrays::new))),
    ] {
        let (mut bare, mut stats) = (Vec::new(), Vec::new());
        for _ in 0..options.rounds {
            bare.push(run(size, false));
            stats.push(run(size, true));
        }
        println!(
            "{name:>9} n = {size}: engine with () {:.1} ms, with StatsRecorder {:.1} ms: {:+.1} %",
            best(&bare) * 1e3,
            best(&stats) * 1e3,
            (best(&stats) / best(&bare) - 1.0) * 100.0
        );
        instrumentation.insert(
            name.to_owned(),
            json!({ "bare": summary(&bare, nodes), "stats": summary(&stats, nodes) }),
        );
    }
    report["instrumentation"] = Value::Object(instrumentation);
    report["threads"] = json!(rayon_threads());

    write_report(&options, &report);
}

fn write_report(options: &Options, report: &Value) {
    if let Some(path) = &options.json {
        std::fs::write(path, serde_json::to_string_pretty(report).unwrap())
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        println!("wrote {}", path.display());
    }
}

fn rayon_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}
