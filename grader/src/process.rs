//! Running a program that may misbehave: a wall-clock timeout, and output
//! that is drained and capped however much it prints.

use std::io::{self, Read};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

/// How long a program may run and how much of its output is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time before it is killed.
    pub timeout: Duration,
    /// Bytes kept of each of stdout and stderr (the rest is read and dropped,
    /// so a program printing in a loop never blocks on a full pipe).
    pub output_cap: usize,
    /// Whether to start it in a process group of its own and, on timeout, kill
    /// the whole group (a build's compilers, a harness's test processes).
    pub own_process_group: bool,
}

/// One output stream, capped.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Captured {
    /// The first [`Limits::output_cap`] bytes (lossy UTF-8).
    pub text: String,
    /// How many bytes the program wrote in all.
    pub total_bytes: u64,
}

impl Captured {
    /// Whether bytes were dropped.
    pub fn truncated(&self) -> bool {
        self.total_bytes > self.text.len() as u64
    }
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// It exited (or was killed by a signal) on its own.
    Finished(ExitStatus),
    /// It ran past the timeout and was killed.
    TimedOut,
}

/// A finished run.
#[derive(Debug, Clone)]
pub struct Run {
    /// How it ended.
    pub ending: Ending,
    /// Its standard output.
    pub stdout: Captured,
    /// Its standard error.
    pub stderr: Captured,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl Run {
    /// The signal that ended it, if one did (Unix).
    pub fn signal(&self) -> Option<i32> {
        #[cfg(unix)]
        if let Ending::Finished(status) = self.ending {
            use std::os::unix::process::ExitStatusExt;
            return status.signal();
        }
        None
    }
}

/// Runs `command` with no input, under `limits`.
pub fn run(mut command: Command, limits: Limits) -> io::Result<Run> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    if limits.own_process_group {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    let start = Instant::now();
    let mut child = command.spawn()?;
    let stdout = drain(child.stdout.take(), limits.output_cap);
    let stderr = drain(child.stderr.take(), limits.output_cap);
    let ending = match child.wait_timeout(limits.timeout)? {
        Some(status) => Ending::Finished(status),
        None => {
            kill(&mut child, limits.own_process_group);
            child.wait()?;
            Ending::TimedOut
        }
    };
    if limits.own_process_group {
        // Whatever it left running (a compiler, a test process) still holds
        // the pipes open; end it so the readers see the end of the output.
        kill_group(&child);
    }
    let elapsed = start.elapsed();
    Ok(Run {
        ending,
        stdout: join(stdout),
        stderr: join(stderr),
        elapsed,
    })
}

fn kill(child: &mut Child, whole_group: bool) {
    if whole_group {
        kill_group(child);
    }
    let _ = child.kill();
}

/// Sends SIGKILL to the process group `child` leads (it was started with
/// `process_group(0)`, so its group id is its pid).
fn kill_group(child: &Child) {
    #[cfg(unix)]
    if let Ok(group) = libc::pid_t::try_from(child.id()) {
        // SAFETY: killpg only sends a signal; a group that no longer exists
        // makes it return ESRCH, which is fine to ignore.
        unsafe {
            libc::killpg(group, libc::SIGKILL);
        }
    }
    #[cfg(not(unix))]
    let _ = child;
}

fn drain<R: Read + Send + 'static>(source: Option<R>, cap: usize) -> Option<JoinHandle<Captured>> {
    let mut source = source?;
    Some(std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut total = 0u64;
        let mut buffer = [0u8; 8192];
        loop {
            match source.read(&mut buffer) {
                Ok(0) => break,
                Ok(read) => {
                    total += read as u64;
                    let room = cap.saturating_sub(kept.len());
                    kept.extend_from_slice(&buffer[..read.min(room)]);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        Captured {
            text: String::from_utf8_lossy(&kept).into_owned(),
            total_bytes: total,
        }
    }))
}

fn join(reader: Option<JoinHandle<Captured>>) -> Captured {
    reader
        .and_then(|handle| handle.join().ok())
        .unwrap_or_default()
}

/// At most `max` bytes of `text` (cut at a character boundary), with a note of
/// what was left out.
pub fn excerpt(text: &str, total_bytes: u64, max: usize) -> String {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let shown = &text[..end];
    if total_bytes > end as u64 {
        format!("{shown}… ({total_bytes} bytes in all)")
    } else {
        shown.to_owned()
    }
}
