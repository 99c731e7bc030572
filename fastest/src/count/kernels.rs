//! The kernels: the ways to count the rows below a constellation, and the
//! builds of the batch count they run with; what each needs of the CPU
//! ([`crate::cpu`]), not which is fastest.
//!
//! [`Kernel::Scalar`] is the walk of [`crate::count::kernel`] down to the last
//! row; [`Kernel::Tables`] stops it five rows early and counts the last five
//! by table lookups ([`crate::count::five_rows`]); the others stop it four
//! rows early and count the last four in batches
//! ([`crate::count::four_rows`]) with one [`Build`]. Which of them runs is
//! [`crate::count::select`]'s timing.

use std::fmt;
use std::str::FromStr;

/// A way to count the rows below a constellation; all count the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// The walk counts every row itself (with `popcnt` and BMI where the
    /// CPU has them): no batches.
    Scalar,
    /// The last four rows in batches, as plain 64-bit code.
    Plain,
    /// The last five rows by table lookups (`pext`), one board at a time.
    Tables,
    /// The last four rows in batches, 4 boards per AVX2 instruction.
    Avx2,
    /// The last four rows in batches, 8 boards per AVX-512 instruction.
    Avx512,
}

impl Kernel {
    /// Every kernel, plainest first.
    pub const ALL: [Kernel; 5] = [
        Kernel::Scalar,
        Kernel::Plain,
        Kernel::Tables,
        Kernel::Avx2,
        Kernel::Avx512,
    ];

    /// The name `--kernel` and [`crate::count::select::ENV`] take.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Scalar => "scalar",
            Kernel::Plain => "plain",
            Kernel::Tables => "tables",
            Kernel::Avx2 => "avx2",
            Kernel::Avx512 => "avx512",
        }
    }

    /// What it is, in one line (the command line's help).
    pub fn summary(self) -> &'static str {
        match self {
            Kernel::Scalar => "the walk counts every row itself, no batches",
            Kernel::Plain => "the last four rows in batches, plain 64-bit code",
            Kernel::Tables => "the last five rows by table lookups (pext), one board at a time",
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
            Kernel::Plain | Kernel::Tables => "x86-64 with popcnt, BMI1 and BMI2",
            Kernel::Avx2 => "x86-64 with AVX2, popcnt, BMI1 and BMI2",
            Kernel::Avx512 => "x86-64 with AVX-512 F, VL and DQ besides AVX2",
        }
    }

    /// The build of the batch count it drains with; `None` for those that
    /// batch nothing.
    pub fn build(self) -> Option<Build> {
        match self {
            Kernel::Scalar | Kernel::Tables => None,
            Kernel::Plain => Some(Build::Portable),
            Kernel::Avx2 => Some(Build::Avx2),
            Kernel::Avx512 => Some(Build::Avx512),
        }
    }

    /// Whether this CPU runs it: the walk that stops early is compiled with
    /// `popcnt` and BMI, so every kernel but the scalar one needs them.
    pub fn available(self) -> bool {
        self == Kernel::Scalar
            || crate::cpu::native_bits() && self.build().is_none_or(Build::available)
    }

    /// The kernels this CPU runs, plainest first.
    pub fn available_here() -> Vec<Kernel> {
        Kernel::ALL.into_iter().filter(|k| k.available()).collect()
    }

    /// The widest batching kernel this CPU runs (the scalar walk if none),
    /// unmeasured: what the flags alone would pick.
    pub fn widest() -> Kernel {
        Kernel::available_here()
            .into_iter()
            .rfind(|kernel| kernel.build().is_some())
            .unwrap_or(Kernel::Scalar)
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

/// The builds of the batch count: the same code, compiled for three sets of
/// instructions, picked at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Build {
    /// Plain 64-bit code (the compiler may still use 2-lane SSE2).
    Portable,
    /// AVX2: 4 boards per instruction.
    Avx2,
    /// AVX-512 (F, VL, DQ): 8 boards per instruction.
    Avx512,
}

impl Build {
    /// Every build, plainest first.
    pub const ALL: [Build; 3] = [Build::Portable, Build::Avx2, Build::Avx512];

    /// Whether this CPU runs the build (with the `popcnt` and BMI the walk
    /// itself uses, for the vector builds).
    pub fn available(self) -> bool {
        match self {
            Build::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Build::Avx2 => crate::cpu::native_bits() && crate::cpu::avx2(),
            #[cfg(target_arch = "x86_64")]
            Build::Avx512 => Build::Avx2.available() && crate::cpu::avx512(),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The widest build this CPU runs.
    pub fn best() -> Build {
        *Build::ALL
            .iter()
            .rev()
            .find(|build| build.available())
            .unwrap_or(&Build::Portable)
    }

    /// Boards per vector instruction: 8, 4, or 1 for the plain build.
    pub fn lanes(self) -> usize {
        match self {
            Build::Portable => 1,
            Build::Avx2 => 4,
            Build::Avx512 => 8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_bad_ones_say_what_exists() {
        for kernel in Kernel::ALL {
            assert_eq!(kernel.name().parse::<Kernel>(), Ok(kernel));
        }
        let error = "sse".parse::<Kernel>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "there is no kernel 'sse': use one of scalar, plain, tables, avx2, avx512"
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
}
