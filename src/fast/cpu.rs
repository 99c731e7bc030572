//! What this CPU can run, asked once: the count-only walks pick their builds
//! by it ([`super::kernel`], [`super::four_rows`]) and never change what they
//! count.

/// Whether this CPU runs the `popcnt` + BMI build of the loop (the answer is
/// cached by the standard library).
#[cfg(target_arch = "x86_64")]
#[inline]
pub fn native_bits() -> bool {
    std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
}

/// Whether this CPU runs the `popcnt` + BMI build of the loop.
#[cfg(not(target_arch = "x86_64"))]
pub fn native_bits() -> bool {
    false
}
