//! Which kernel counts the constellations' rows: chosen by timing, not by
//! the CPU's flags.
//!
//! A kernel is a way to count the rows below a constellation: the walk of
//! [`crate::count::kernel`] down to the last row ([`Kernel::Scalar`]), or the
//! same walk stopped four rows early with the last four counted in batches
//! ([`crate::count::four_rows`]) by one of its builds. Which is fastest
//! depends on the microarchitecture, not on the flags: AVX-512 on a 256-bit
//! datapath (AMD family 25) lost a third against what the flags promised
//! (issue 48). So the first count that needs a kernel times every one this
//! CPU runs on a small fixed piece of the real work ([`SAMPLE_N`], a few
//! milliseconds in all, once per process) and keeps the fastest. Every
//! kernel counts the same; the timing only picks the speed.
//!
//! A kernel can be forced instead: [`force`] (the command line's
//! `queens count --kernel NAME`), or the environment variable [`ENV`] read
//! when the choice is first needed (for benchmarks).

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::count::constellation::{self, Constellation};
use crate::count::four_rows::{Build, LastFour};

/// The environment variable that forces a kernel by name (`QUEENS_KERNEL=avx2`).
pub const ENV: &str = "QUEENS_KERNEL";

/// The board of the piece of work the kernels are timed on: the size the
/// benchmarks and the figures start at.
pub const SAMPLE_N: usize = 16;

/// The sample: three of the 3,206 constellations of n = 16 (numbers 400,
/// 1400 and 2800 of [`constellation::constellations`], in the images it
/// walks), a large, a middling and a small one. Written out, as making all
/// of them takes 5 ms; each kernel counts them in 0.5-0.8 ms here.
const SAMPLE: [[(usize, usize); 4]; 3] = [
    [(3, 0), (11, 15), (0, 7), (15, 4)],
    [(13, 15), (10, 0), (15, 3), (0, 7)],
    [(15, 14), (0, 10), (12, 15), (9, 0)],
];

/// Rounds over the candidates, in alternating order; each keeps its best
/// round, which a busy machine disturbs least. About 10 ms in all with four
/// candidates.
const ROUNDS: usize = 3;

/// A way to count the rows below a constellation; all count the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// The walk counts every row itself (with `popcnt` and BMI where the
    /// CPU has them): no batches.
    Scalar,
    /// The last four rows in batches, as plain 64-bit code.
    Plain,
    /// The last four rows in batches, 4 boards per AVX2 instruction.
    Avx2,
    /// The last four rows in batches, 8 boards per AVX-512 instruction.
    Avx512,
}

impl Kernel {
    /// Every kernel, plainest first.
    pub const ALL: [Kernel; 4] = [Kernel::Scalar, Kernel::Plain, Kernel::Avx2, Kernel::Avx512];

    /// The name `--kernel` and [`ENV`] take.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Scalar => "scalar",
            Kernel::Plain => "plain",
            Kernel::Avx2 => "avx2",
            Kernel::Avx512 => "avx512",
        }
    }

    /// What it is, in one line (the command line's help).
    pub fn summary(self) -> &'static str {
        match self {
            Kernel::Scalar => "the walk counts every row itself, no batches",
            Kernel::Plain => "the last four rows in batches, plain 64-bit code",
            Kernel::Avx2 => "the last four rows in batches, 4 boards per AVX2 instruction",
            Kernel::Avx512 => {
                "the last four rows in batches, 8 boards per AVX-512 (F, VL, DQ) instruction"
            }
        }
    }

    /// What the CPU needs for it, for the error when it lacks it.
    fn needs(self) -> &'static str {
        match self {
            Kernel::Scalar => "nothing",
            Kernel::Plain => "x86-64 with popcnt, BMI1 and BMI2",
            Kernel::Avx2 => "x86-64 with AVX2, popcnt, BMI1 and BMI2",
            Kernel::Avx512 => "x86-64 with AVX-512 F, VL and DQ besides AVX2",
        }
    }

    /// The build of the batch count it drains with; `None` for the walk
    /// that batches nothing.
    pub fn build(self) -> Option<Build> {
        match self {
            Kernel::Scalar => None,
            Kernel::Plain => Some(Build::Portable),
            Kernel::Avx2 => Some(Build::Avx2),
            Kernel::Avx512 => Some(Build::Avx512),
        }
    }

    /// Whether this CPU runs it: the batching walk itself is compiled with
    /// `popcnt` and BMI, so every batched kernel needs them.
    pub fn available(self) -> bool {
        match self.build() {
            None => true,
            #[cfg(target_arch = "x86_64")]
            Some(build) => crate::cpu::native_bits() && build.available(),
            #[cfg(not(target_arch = "x86_64"))]
            Some(_) => false,
        }
    }

    /// The kernels this CPU runs, plainest first.
    pub fn available_here() -> Vec<Kernel> {
        Kernel::ALL.into_iter().filter(|k| k.available()).collect()
    }

    /// The widest kernel this CPU runs, unmeasured: what the flags alone
    /// would pick.
    pub fn widest() -> Kernel {
        *Kernel::available_here()
            .last()
            .expect("scalar runs everywhere")
    }

    /// `self` if this CPU runs it, else the error that says what it lacks.
    pub fn check(self) -> Result<Kernel, KernelError> {
        if self.available() {
            Ok(self)
        } else {
            Err(KernelError::Unavailable {
                kernel: self,
                here: Kernel::available_here(),
            })
        }
    }
}

impl fmt::Display for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kernel {
    type Err = KernelError;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Kernel::ALL
            .into_iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| KernelError::Unknown(name.to_owned()))
    }
}

/// A kernel that cannot be used, in one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KernelError {
    /// No kernel has this name.
    Unknown(String),
    /// This CPU cannot run the kernel; `here` are those it runs.
    Unavailable {
        /// The kernel asked for.
        kernel: Kernel,
        /// The kernels this CPU runs.
        here: Vec<Kernel>,
    },
    /// Another kernel was chosen already in this process.
    AlreadyChosen(Kernel),
}

fn names(kernels: &[Kernel]) -> String {
    kernels
        .iter()
        .map(|k| k.name())
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for KernelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KernelError::Unknown(name) => write!(
                f,
                "there is no kernel '{name}': use one of {}",
                names(&Kernel::ALL)
            ),
            KernelError::Unavailable { kernel, here } => write!(
                f,
                "this CPU cannot run the {kernel} kernel (it needs {}); it runs {}",
                kernel.needs(),
                names(here)
            ),
            KernelError::AlreadyChosen(kernel) => {
                write!(f, "the {kernel} kernel was already chosen in this process")
            }
        }
    }
}

impl std::error::Error for KernelError {}

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
/// of [`SAMPLE_N`], each of weight 1.
pub fn sample() -> Vec<Constellation> {
    SAMPLE
        .iter()
        .map(|queens| constellation::placed(SAMPLE_N, queens))
        .collect()
}

/// The solutions of `sample`'s classes counted with `kernel` (available).
pub fn count_sample(sample: &[Constellation], kernel: Kernel) -> u64 {
    let mut last = LastFour::with_kernel(0, [1; 3], kernel);
    sample.iter().map(|c| c.solutions_with(&mut last)).sum()
}

/// Each of `candidates` (all available) timed on the [`sample`]: its best of
/// three rounds, the order reversed every other round so that none
/// always runs first (on a cold cache) or last.
pub fn measure(candidates: &[Kernel]) -> Vec<(Kernel, Duration)> {
    let sample = sample();
    let mut best = vec![Duration::MAX; candidates.len()];
    for round in 0..ROUNDS {
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        if round % 2 == 1 {
            order.reverse();
        }
        for i in order {
            let start = Instant::now();
            std::hint::black_box(count_sample(&sample, candidates[i]));
            best[i] = best[i].min(start.elapsed());
        }
    }
    candidates.iter().copied().zip(best).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
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
            .map(|number| all[number].completions_with(&mut LastFour::new(0, [1; 3])))
            .iter()
            .sum();
        assert!(walked > 0);
        assert!(
            counts.iter().all(|&c| c == walked),
            "{counts:?} against {walked}"
        );
    }

    #[test]
    fn names_parse_back_and_bad_ones_say_what_exists() {
        for kernel in Kernel::ALL {
            assert_eq!(kernel.name().parse::<Kernel>(), Ok(kernel));
        }
        let error = "sse".parse::<Kernel>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "there is no kernel 'sse': use one of scalar, plain, avx2, avx512"
        );
        assert_eq!(Kernel::Scalar.check(), Ok(Kernel::Scalar));
        let unavailable = KernelError::Unavailable {
            kernel: Kernel::Avx512,
            here: vec![Kernel::Scalar, Kernel::Plain],
        };
        assert_eq!(
            unavailable.to_string(),
            "this CPU cannot run the avx512 kernel (it needs x86-64 with AVX-512 F, VL and DQ \
             besides AVX2); it runs scalar, plain"
        );
        for kernel in Kernel::ALL {
            match kernel.check() {
                Ok(k) => assert!(k.available()),
                Err(e) => assert!(e.to_string().contains("cannot run"), "{e}"),
            }
        }
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
