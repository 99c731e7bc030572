//! Ctrl-C and SIGTERM during `queens grade --batch`: the first one asks the
//! batch to stop cleanly (its rows so far kept, its feedback index written,
//! its processes, scratch slots and temporary folders gone, "run the same
//! command with --resume"); a second one while it does exits at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use signal_hook::consts::{SIGINT, SIGTERM};

/// The signals a batch stops on, once they are caught.
pub struct Interrupt {
    /// The signal received (0 before one is).
    signal: Arc<AtomicUsize>,
}

impl Interrupt {
    /// Catches SIGINT and SIGTERM from now on, for the rest of the process.
    pub fn catch() -> std::io::Result<Self> {
        let signal = Arc::new(AtomicUsize::new(0));
        let once = Arc::new(AtomicBool::new(false));
        for number in [SIGINT, SIGTERM] {
            // Registered first, so it runs first: a second signal, once the
            // first set `once`, ends the process with the usual code.
            signal_hook::flag::register_conditional_shutdown(
                number,
                128 + number,
                Arc::clone(&once),
            )?;
            signal_hook::flag::register(number, Arc::clone(&once))?;
            signal_hook::flag::register_usize(number, Arc::clone(&signal), number as usize)?;
        }
        Ok(Self { signal })
    }

    /// The flag the batch watches: not zero once a signal came.
    pub fn flag(&self) -> &AtomicUsize {
        &self.signal
    }

    /// The exit code for the signal received, if one was: 128 + its number
    /// (130 for Ctrl-C, 143 for SIGTERM), as a shell reports it.
    pub fn exit_code(&self) -> Option<u8> {
        match self.signal.load(Ordering::SeqCst) {
            0 => None,
            number => u8::try_from(128 + number).ok(),
        }
    }
}
