//! Which kernel counts the constellations' rows: chosen by timing, not by
//! the CPU's flags.
//!
//! A kernel ([`Kernel`], defined in [`crate::count::kernels`]) is a way to
//! count the rows below a constellation: the walk of
//! [`crate::count::kernel`] down to the last row ([`Kernel::Scalar`]), the
//! same walk stopped five rows early with the last five counted by table
//! lookups ([`crate::count::five_rows`], [`Kernel::Tables`]), or stopped four
//! rows early with the last four counted in batches
//! ([`crate::count::four_rows`]) by one of its builds. Which is fastest
//! depends on the microarchitecture, not on the flags: AVX-512 on a 256-bit
//! datapath (AMD family 25) lost a third against what the flags promised
//! (issue 48), and the tables' `pext` is one instruction on some CPUs and
//! dozens on others (AMD before Zen 3). So the first count that needs a kernel times every one this
//! CPU runs on a small fixed piece of the real work ([`SAMPLE_N`], a few
//! milliseconds in all, once per process) and keeps the fastest. Every
//! kernel counts the same; the timing only picks the speed.
//!
//! A kernel can be forced instead: [`force`] (the command line's
//! `queens count --kernel NAME`), or the environment variable [`ENV`] read
//! when the choice is first needed (for benchmarks).

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::count::kernel::Placed;
pub use crate::count::kernels::{Kernel, KernelError};
use crate::count::last_rows::LastRows;

/// The environment variable that forces a kernel by name (`QUEENS_KERNEL=avx2`).
pub const ENV: &str = "QUEENS_KERNEL";

/// The board of the piece of work the kernels are timed on: the size the
/// benchmarks and the figures start at.
pub const SAMPLE_N: usize = 16;

/// The sample: three of the 3,206 constellations of n = 16 (numbers 400,
/// 1400 and 2800 of [`crate::count::constellation::constellations`], in the
/// images it walks), a large, a middling and a small one. Written out, as
/// making all of them takes 5 ms; each kernel counts them in 0.3-0.9 ms
/// here (AMD family 25: `tables` 0.35 ms, `avx512` 0.52 ms, `plain` 0.9 ms). Walked as placed, by the walk of [`crate::count::kernel`] itself.
const SAMPLE: [[(usize, usize); 4]; 3] = [
    [(3, 0), (11, 15), (0, 7), (15, 4)],
    [(13, 15), (10, 0), (15, 3), (0, 7)],
    [(15, 14), (0, 10), (12, 15), (9, 0)],
];

/// Rounds over the candidates, in alternating order; each keeps its best
/// round, which a busy machine disturbs least. About 10 ms in all with five
/// candidates.
const ROUNDS: usize = 3;

/// Why a kernel runs.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// The fastest on the sample: each candidate's best time over the rounds,
    /// plainest first.
    Measured(Vec<(Kernel, Duration)>),
    /// Forced by [`force`] or [`ENV`].
    Forced,
    /// The only kernel this CPU runs.
    OnlyOne,
}

impl Reason {
    /// `measured`, `forced` or `only one available`.
    pub fn name(&self) -> &'static str {
        match self {
            Reason::Measured(_) => "measured",
            Reason::Forced => "forced",
            Reason::OnlyOne => "only one available",
        }
    }
}

/// The kernel the counters use in this process, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The kernel.
    pub kernel: Kernel,
    /// Why it was chosen.
    pub reason: Reason,
    /// The time the choice took (the measuring, if any).
    pub spent: Duration,
}

static CHOICE: OnceLock<Choice> = OnceLock::new();

/// The kernel the counters use, chosen the first time it is asked for:
/// forced by [`ENV`] if set, else the only one this CPU runs, else the
/// fastest on the sample ([`measure`]).
///
/// # Panics
/// If [`ENV`] names no kernel, or one this CPU cannot run (the command line
/// checks it first, with [`from_env`], and says so in one line).
pub fn chosen() -> &'static Choice {
    CHOICE.get_or_init(|| {
        let start = Instant::now();
        let mut choice = match from_env() {
            Ok(Some(kernel)) => forced(kernel),
            Ok(None) => choose(&Kernel::available_here(), measure),
            Err(error) => panic!("{ENV}: {error}"),
        };
        choice.spent = start.elapsed();
        choice
    })
}

/// The choice made so far in this process, if any (no measuring).
pub fn made() -> Option<&'static Choice> {
    CHOICE.get()
}

/// Makes the counters use `kernel` from now on in this process.
///
/// # Errors
/// If this CPU cannot run it, or another kernel was chosen already.
pub fn force(kernel: Kernel) -> Result<(), KernelError> {
    kernel.check()?;
    let choice = CHOICE.get_or_init(|| forced(kernel));
    if choice.kernel == kernel {
        Ok(())
    } else {
        Err(KernelError::AlreadyChosen(choice.kernel))
    }
}

/// The kernel [`ENV`] forces, if it is set (and not empty).
///
/// # Errors
/// If it names no kernel, or one this CPU cannot run.
pub fn from_env() -> Result<Option<Kernel>, KernelError> {
    match std::env::var(ENV) {
        Ok(name) if !name.is_empty() => name.parse::<Kernel>()?.check().map(Some),
        _ => Ok(None),
    }
}

fn forced(kernel: Kernel) -> Choice {
    Choice {
        kernel,
        reason: Reason::Forced,
        spent: Duration::ZERO,
    }
}

/// The fastest of `candidates` (all available) by `measure`, or the only one
/// (`spent` left for the caller to fill).
fn choose(
    candidates: &[Kernel],
    measure: impl FnOnce(&[Kernel]) -> Vec<(Kernel, Duration)>,
) -> Choice {
    match candidates {
        [] => Choice {
            kernel: Kernel::Scalar,
            reason: Reason::OnlyOne,
            spent: Duration::ZERO,
        },
        [only] => Choice {
            kernel: *only,
            reason: Reason::OnlyOne,
            spent: Duration::ZERO,
        },
        _ => {
            let times = measure(candidates);
            let kernel = times
                .iter()
                .min_by_key(|(_, time)| *time)
                .map(|(kernel, _)| *kernel)
                .expect("candidates");
            Choice {
                kernel,
                reason: Reason::Measured(times),
                spent: Duration::ZERO,
            }
        }
    }
}

/// The fixed piece of work the kernels are timed on: three constellations
/// of [`SAMPLE_N`] as placed, ready to walk (no class weighed).
pub fn sample() -> Vec<Placed> {
    SAMPLE
        .iter()
        .map(|queens| Placed::new(SAMPLE_N, queens))
        .collect()
}

/// The completions of `sample`'s placements counted with `kernel` (available).
pub fn count_sample(sample: &[Placed], kernel: Kernel) -> u64 {
    count_sample_with(sample, &mut LastRows::new(kernel))
}

/// [`count_sample`] with `last`, the last rows' counter of the kernel.
pub fn count_sample_with(sample: &[Placed], last: &mut LastRows) -> u64 {
    sample.iter().map(|p| p.count_gathered(last)).sum()
}

/// Each of `candidates` (all available) timed on the [`sample`]: its best of
/// three rounds, the order reversed every other round so that none
/// always runs first (on a cold cache) or last. Each kernel's counter is
/// made once and kept from round to round, as a count keeps it from one
/// constellation to the next: what it prepares once (the tables of
/// [`Kernel::Tables`]) is not what the rounds compare.
pub fn measure(candidates: &[Kernel]) -> Vec<(Kernel, Duration)> {
    let sample = sample();
    let mut lasts: Vec<LastRows> = candidates.iter().map(|&k| LastRows::new(k)).collect();
    let mut best = vec![Duration::MAX; candidates.len()];
    for round in 0..ROUNDS {
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        if round % 2 == 1 {
            order.reverse();
        }
        for i in order {
            let start = Instant::now();
            std::hint::black_box(count_sample_with(&sample, &mut lasts[i]));
            best[i] = best[i].min(start.elapsed());
        }
    }
    candidates.iter().copied().zip(best).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::constellation;
    use queens::report::reference::SOLUTIONS;

    #[test]
    fn every_kernel_here_counts_the_published_numbers() {
        let here = Kernel::available_here();
        assert_eq!(here[0], Kernel::Scalar);
        for kernel in here {
            for (n, &solutions) in SOLUTIONS.iter().enumerate().take(13).skip(4) {
                assert_eq!(
                    constellation::count_with(n, kernel).solutions,
                    solutions,
                    "{kernel} at n = {n}"
                );
            }
            assert_eq!(
                constellation::count_parallel_with(11, kernel).solutions,
                SOLUTIONS[11],
                "{kernel}, parallel"
            );
        }
        #[cfg(target_arch = "x86_64")]
        if !Kernel::Avx2.available() {
            eprintln!(
                "no AVX2 here: only {:?} were tested",
                Kernel::available_here()
            );
        }
    }

    #[test]
    fn the_sample_counts_the_same_with_every_kernel() {
        let sample = sample();
        // The sample's borders are constellations of n = 16 as walked.
        let all = constellation::constellations(SAMPLE_N);
        for (queens, number) in SAMPLE.iter().zip([400, 1400, 2800]) {
            let listed = all[number]
                .queens
                .map(|(r, c)| (usize::from(r), usize::from(c)));
            assert_eq!(&listed, queens, "constellation {number}");
        }
        let counts: Vec<u64> = Kernel::available_here()
            .into_iter()
            .map(|kernel| count_sample(&sample, kernel))
            .collect();
        let walked: u64 = [400, 1400, 2800]
            .map(|number| all[number].completions_with(&mut LastRows::new(Kernel::widest())))
            .iter()
            .sum();
        assert!(walked > 0);
        assert!(
            counts.iter().all(|&c| c == walked),
            "{counts:?} against {walked}"
        );
    }

    #[test]
    fn one_candidate_is_not_measured_and_of_several_the_fastest_wins() {
        let never = |_: &[Kernel]| -> Vec<(Kernel, Duration)> { panic!("measured") };
        assert_eq!(
            choose(&[Kernel::Scalar], never),
            Choice {
                kernel: Kernel::Scalar,
                reason: Reason::OnlyOne,
                spent: Duration::ZERO,
            }
        );
        // Made-up times: the choice follows them, whichever they favour.
        for fastest in Kernel::ALL {
            let times: Vec<(Kernel, Duration)> = Kernel::ALL
                .into_iter()
                .map(|k| {
                    (
                        k,
                        Duration::from_micros(if k == fastest { 900 } else { 1000 }),
                    )
                })
                .collect();
            let expected = times.clone();
            let choice = choose(&Kernel::ALL, |candidates| {
                assert_eq!(candidates, Kernel::ALL);
                times
            });
            assert_eq!(choice.kernel, fastest);
            assert_eq!(choice.reason, Reason::Measured(expected));
            assert_eq!(choice.reason.name(), "measured");
        }
    }
}
