//! What this CPU can run, asked once: the count-only walks
//! ([`crate::count::kernel`], [`crate::count::four_rows`]) and the Sudoku
//! search ([`crate::sudoku`]'s `fastest`) pick their builds by it and never change
//! what they find. Which of the builds it allows runs fastest is not for the
//! flags to say: [`crate::count::select`] times them.
//!
//! Asked with `cpufeatures`, which reads only the CPUID leaves the features
//! live in and caches the answer: the standard library's
//! `is_x86_feature_detected!` reads every leaf it knows on first use, and in
//! a virtual machine each CPUID is a trip to the hypervisor (about 6 µs each
//! on the machine of BENCHMARKS.md, 40 µs of a one-puzzle
//! `queens sudoku solve`'s start-up).

#[cfg(target_arch = "x86_64")]
cpufeatures::new!(bits, "popcnt", "bmi1", "bmi2");
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(vectors256, "avx2");
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(vectors512, "avx512f", "avx512vl", "avx512dq");

/// Whether this CPU runs the `popcnt` + BMI build of a loop.
#[cfg(target_arch = "x86_64")]
#[inline]
pub fn native_bits() -> bool {
    bits::get()
}

/// Whether this CPU runs the `popcnt` + BMI build of a loop.
#[cfg(not(target_arch = "x86_64"))]
pub fn native_bits() -> bool {
    false
}

/// Whether this CPU (and its operating system) runs AVX2 code.
#[cfg(target_arch = "x86_64")]
pub fn avx2() -> bool {
    vectors256::get()
}

/// Whether this CPU runs AVX2 code.
#[cfg(not(target_arch = "x86_64"))]
pub fn avx2() -> bool {
    false
}

/// Whether this CPU (and its operating system) runs the AVX-512 foundation,
/// vector-length and doubleword/quadword instructions.
#[cfg(target_arch = "x86_64")]
pub fn avx512() -> bool {
    vectors512::get()
}

/// Whether this CPU runs AVX-512 code.
#[cfg(not(target_arch = "x86_64"))]
pub fn avx512() -> bool {
    false
}
