//! How `queens watch` learns of a save: file events (notify with its
//! debouncer), or polling with `--poll` where events never arrive (WSL on a
//! Windows folder, network file systems, Docker on a Mac: notify's own
//! documentation says to poll there). [`Silence`] notices saves seen on disk
//! without an event, so the screen can suggest `--poll`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use notify::event::{AccessKind, AccessMode, EventKind};
use notify::{PollWatcher, RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer_opt};

/// How long a burst of file events must be quiet before one grade starts
/// (an editor's save is often several writes and a rename).
const DEBOUNCE: Duration = Duration::from_millis(200);
/// How often `--poll` looks at the folder.
pub const POLL_EVERY: Duration = Duration::from_millis(500);
/// How long after a change seen on disk an event may still come.
pub const SILENT_AFTER: Duration = Duration::from_secs(4);

/// Drops every file event (not `--poll`'s), as a file system that sends none
/// would: how the tests reach the `--poll` suggestion. Not for students.
pub const DROP_EVENTS_ENV: &str = "QUEENS_WATCH_DROP_EVENTS";

/// What the watcher reports.
pub enum Report {
    /// Files of the folder were written.
    Written(Vec<PathBuf>),
    /// The watcher had a problem (it keeps watching).
    Problem(String),
}

/// A running watcher; dropping it stops it.
pub enum FileWatch {
    /// The system's file events.
    Events(Debouncer<RecommendedWatcher, RecommendedCache>),
    /// `--poll`: notify's polling watcher.
    Poll(Debouncer<PollWatcher, RecommendedCache>),
}

impl FileWatch {
    /// Starts watching `folder` (not a file: editors save by writing a new
    /// file and renaming it over the old one, which a watch on the file
    /// misses); `report` gets every write.
    pub fn start(
        folder: &Path,
        poll: bool,
        report: impl Fn(Report) + Send + 'static,
    ) -> Result<Self, String> {
        let drop_events = !poll && std::env::var_os(DROP_EVENTS_ENV).is_some();
        let handler = move |result: DebounceEventResult| {
            let report_of = match result {
                Ok(changes) => {
                    let written: Vec<PathBuf> = changes
                        .iter()
                        .filter(|change| writes(change.kind))
                        .flat_map(|change| change.paths.iter().cloned())
                        .collect();
                    if written.is_empty() || drop_events {
                        return;
                    }
                    Report::Written(written)
                }
                Err(errors) => Report::Problem(
                    errors
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("; "),
                ),
            };
            report(report_of);
        };
        let mut watch = if poll {
            // Contents compared too: a save within the file system's mtime
            // resolution still counts.
            let config = notify::Config::default()
                .with_poll_interval(POLL_EVERY)
                .with_compare_contents(true);
            Self::Poll(
                new_debouncer_opt(DEBOUNCE, None, handler, RecommendedCache::new(), config)
                    .map_err(|e| e.to_string())?,
            )
        } else {
            Self::Events(
                new_debouncer_opt(
                    DEBOUNCE,
                    None,
                    handler,
                    RecommendedCache::new(),
                    notify::Config::default(),
                )
                .map_err(|e| e.to_string())?,
            )
        };
        watch.add(folder)?;
        Ok(watch)
    }

    /// Watches `folder` too (another homework's file may be elsewhere).
    pub fn add(&mut self, folder: &Path) -> Result<(), String> {
        match self {
            Self::Events(debouncer) => debouncer.watch(folder, RecursiveMode::NonRecursive),
            Self::Poll(debouncer) => debouncer.watch(folder, RecursiveMode::NonRecursive),
        }
        .map_err(|e| e.to_string())
    }
}

/// Whether a file event changed the file. Reading it (the grader does) is an
/// access event too, and must not start another grade.
fn writes(kind: EventKind) -> bool {
    match kind {
        EventKind::Access(access) => access == AccessKind::Close(AccessMode::Write),
        EventKind::Create(_) | EventKind::Modify(_) | EventKind::Remove(_) => true,
        EventKind::Any | EventKind::Other => false,
    }
}

/// Saves seen on disk (the file's modification time moved) for which no
/// event came within [`SILENT_AFTER`].
#[derive(Debug)]
pub struct Silence {
    /// The modification time last accounted for, by an event or a check.
    known: Option<SystemTime>,
    /// When a change without an event was first seen.
    since: Option<Instant>,
}

impl Silence {
    /// Starts from `file`'s modification time now.
    pub fn new(file: &Path) -> Self {
        Self {
            known: modified(file),
            since: None,
        }
    }

    /// An event (or our own write) accounted for `file` as it is now.
    pub fn heard(&mut self, file: &Path) {
        self.known = modified(file);
        self.since = None;
    }

    /// Looks at `file`: `true` once a change has waited [`SILENT_AFTER`]
    /// without an event (then it counts as accounted for).
    pub fn check(&mut self, file: &Path, now: Instant) -> bool {
        let on_disk = modified(file);
        if on_disk == self.known {
            self.since = None;
            return false;
        }
        let since = *self.since.get_or_insert(now);
        if now.duration_since(since) < SILENT_AFTER {
            return false;
        }
        self.known = on_disk;
        self.since = None;
        true
    }
}

fn modified(file: &Path) -> Option<SystemTime> {
    std::fs::metadata(file).and_then(|m| m.modified()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_without_an_event_is_silent_only_after_the_wait() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("lib.rs");
        std::fs::write(&file, "a").unwrap();
        let mut silence = Silence::new(&file);
        let start = Instant::now();
        assert!(!silence.check(&file, start));
        let later = SystemTime::now() + Duration::from_secs(10);
        std::fs::File::options()
            .write(true)
            .open(&file)
            .unwrap()
            .set_modified(later)
            .unwrap();
        assert!(!silence.check(&file, start));
        assert!(!silence.check(&file, start + SILENT_AFTER / 2));
        assert!(silence.check(&file, start + SILENT_AFTER));
        // Counted once.
        assert!(!silence.check(&file, start + SILENT_AFTER * 2));
        // An event in time means no silence.
        std::fs::File::options()
            .write(true)
            .open(&file)
            .unwrap()
            .set_modified(later + Duration::from_secs(10))
            .unwrap();
        assert!(!silence.check(&file, start));
        silence.heard(&file);
        assert!(!silence.check(&file, start + SILENT_AFTER * 3));
    }
}
