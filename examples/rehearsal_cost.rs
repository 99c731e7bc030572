//! What rehearsing a student's call costs (`queens::notebook::guard`): every
//! `attempt` first runs its code in a forked copy of the process, then again
//! in the process itself. Run it as a notebook runs the library, unoptimised:
//!
//! ```sh
//! cargo run --example rehearsal_cost
//! ```
//!
//! Prints the median time of a trivial attempt, and the median ratio of an
//! attempted search to the same search called directly (the two alternating),
//! with the load average, in a process holding 300 MiB as a kernel does.

use std::time::Instant;

use queens::notebook::attempt::attempt;

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn milliseconds(code: impl FnOnce()) -> f64 {
    let start = Instant::now();
    code();
    start.elapsed().as_secs_f64() * 1e3
}

fn main() {
    // A kernel holds a few hundred MiB before any cell runs; a fork copies
    // its page tables.
    let held: Vec<u8> = vec![1; 300 << 20];
    std::hint::black_box(&held);
    let trivial: Vec<f64> = (0..51)
        .map(|_| {
            milliseconds(|| {
                std::hint::black_box(attempt("a trivial call", || 1));
            })
        })
        .collect();
    println!("a trivial attempt: median {:.1} ms", median(trivial));
    let search = || queens::run::count(11, queens::Strategy::Sets).map(|run| run.nodes);
    let (mut direct, mut attempted) = (Vec::new(), Vec::new());
    for _ in 0..9 {
        direct.push(milliseconds(|| {
            std::hint::black_box(search().ok());
        }));
        attempted.push(milliseconds(|| {
            std::hint::black_box(attempt("a search", search));
        }));
    }
    let ratios = direct.iter().zip(&attempted).map(|(d, a)| a / d).collect();
    println!(
        "n = 11 with the sets: {:.0} ms called directly, {:.0} ms attempted (medians); median ratio {:.2}",
        median(direct),
        median(attempted),
        median(ratios)
    );
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "load average: {}",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
}
