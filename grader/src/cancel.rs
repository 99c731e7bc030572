//! Stopping a run that something newer made stale: `queens watch` cancels
//! the grade of a save as soon as the student saves again.
//!
//! A [`Cancel`] is shared by whoever may stop the run and the run itself:
//! the grader looks at it between its steps and before each test, and a
//! contained test process ([`crate::process::run_contained`]) is killed with
//! its whole group as soon as it is cancelled, as at its timeout.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A token that stops a run once [`Cancel::cancel`] was called on it or on
/// any of its clones.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A token not cancelled yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Stops the run holding this token (or a clone of it).
    pub fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether [`Cancel::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::Cancel;
    use crate::process::{self, Ending, Limits};
    use crate::sandbox::Resources;
    use std::time::Duration;

    /// A contained run that would last ten minutes ends once cancelled, its
    /// process gone: nothing is left running.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_cancelled_run_is_killed_with_its_processes() {
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("pid");
        let mut command = std::process::Command::new("sh");
        command
            .arg("-c")
            .arg(format!("echo $$ > {}; exec sleep 600", pid_file.display()));
        let cancel = Cancel::new();
        let limits = Limits {
            timeout: Duration::from_secs(600),
            output_cap: 1024,
            own_process_group: true,
        };
        let run = std::thread::scope(|scope| {
            let running = scope.spawn(|| {
                process::run_contained(command, limits, Resources::default(), None, Some(&cancel))
            });
            while std::fs::read_to_string(&pid_file).map_or(true, |pid| pid.trim().is_empty()) {
                std::thread::sleep(Duration::from_millis(10));
            }
            cancel.cancel();
            running.join().unwrap().unwrap()
        });
        assert_eq!(run.ending, Ending::TimedOut);
        assert!(run.elapsed < limits.timeout, "{run:?}");
        let pid = std::fs::read_to_string(&pid_file).unwrap();
        assert!(
            !std::path::Path::new("/proc").join(pid.trim()).exists(),
            "process {pid} is still there"
        );
    }

    #[test]
    fn a_clone_cancels_the_original() {
        let token = Cancel::new();
        let other = token.clone();
        assert!(!token.is_cancelled());
        other.cancel();
        assert!(token.is_cancelled());
        assert!(!Cancel::new().is_cancelled());
    }
}
