//! What counts the last rows of the boards a walk does not take to the end:
//! the state a [`Kernel`] needs, made once per thread and reused from one
//! constellation to the next.

use crate::count::five_rows::LastFive;
use crate::count::four_rows::LastFour;
use crate::count::kernels::Kernel;

/// The last rows' counter of one kernel.
#[derive(Clone, Debug)]
pub enum LastRows {
    /// [`Kernel::Scalar`]: the walk counts every row itself.
    Walked,
    /// The last four rows in batches of one build ([`Kernel::Plain`],
    /// [`Kernel::Avx2`], [`Kernel::Avx512`]).
    Four(LastFour),
    /// [`Kernel::Tables`]: the last five rows by table lookups.
    Five(LastFive),
}

impl LastRows {
    /// The counter `kernel` walks with.
    ///
    /// # Panics
    /// If this CPU cannot run `kernel` ([`Kernel::available`]).
    pub fn new(kernel: Kernel) -> Self {
        assert!(
            kernel.available(),
            "this CPU cannot run the {kernel} kernel"
        );
        match kernel {
            Kernel::Scalar => LastRows::Walked,
            Kernel::Tables => LastRows::Five(LastFive::new(0, [1; 4])),
            Kernel::Plain | Kernel::Avx2 | Kernel::Avx512 => {
                LastRows::Four(LastFour::with_kernel(0, [1; 3], kernel))
            }
        }
    }

    /// The kernel it counts for.
    pub fn kernel(&self) -> Kernel {
        match self {
            LastRows::Walked => Kernel::Scalar,
            LastRows::Four(last) => last.kernel(),
            LastRows::Five(_) => Kernel::Tables,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_available_kernel_gets_its_counter_back() {
        for kernel in Kernel::available_here() {
            assert_eq!(LastRows::new(kernel).kernel(), kernel);
        }
    }
}
