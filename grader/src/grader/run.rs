//! Run: every graded test in its own contained process, a few at a time,
//! judged as it ends, until the submission's deadline.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use super::config::Config;
use super::record::not_run;
use crate::cancel::Cancel;
use crate::harness::{self, Settings};
use crate::results::{Outcome, TestRecord};
use crate::sandbox::{self, Bubblewrap, Resources};

/// Runs every graded test, `jobs` at a time, until the submission's
/// deadline or until `cancel` is cancelled (then the tests running are
/// killed and no other starts: what is left is of no use).
pub(super) fn run_tests(
    config: &Config,
    executable: &Path,
    sandbox: Option<Bubblewrap>,
    deadline: Instant,
    cancel: &Cancel,
) -> TestsRun {
    let mut settings = Settings::new(config.test_timeout);
    settings.resources = Resources {
        cpu_seconds: config.test_timeout.as_secs() + 1,
        ..config.resources
    };
    settings.unshare_network =
        sandbox.is_none() && config.isolate_network && sandbox::unshare_works();
    settings.sandbox = sandbox;
    settings.cancel = Some(cancel.clone());
    let homework = config.homework;
    let tests = homework.tests;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, TestRecord, bool)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..config.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(name) = tests.get(index).map(|test| test.name) else {
                        break;
                    };
                    if cancel.is_cancelled() {
                        break;
                    }
                    let left = deadline.saturating_duration_since(Instant::now());
                    let (record, cut) = if left.is_zero() {
                        let why = "the submission's time ran out before this test ran";
                        (not_run(name, why), false)
                    } else {
                        let mut settings = settings.clone();
                        let cut = left < settings.timeout;
                        settings.timeout = settings.timeout.min(left);
                        let record = harness::run_test(executable, homework, name, &settings);
                        let cut = cut && record.outcome == Outcome::TimedOut;
                        (record, cut)
                    };
                    results
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push((index, record, cut));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(PoisonError::into_inner);
    results.sort_by_key(|(index, ..)| *index);
    TestsRun {
        not_run: results
            .iter()
            .filter(|(_, r, _)| r.outcome == Outcome::NotRun)
            .count(),
        cut_short: results
            .iter()
            .filter(|(.., cut)| *cut)
            .map(|(_, r, _)| r.name.clone())
            .collect(),
        records: results.into_iter().map(|(_, r, _)| r).collect(),
    }
}

/// What running a submission's tests gave.
pub(super) struct TestsRun {
    pub records: Vec<TestRecord>,
    /// Tests the submission's deadline cut short.
    pub cut_short: Vec<String>,
    /// Tests that never started.
    pub not_run: usize,
}
