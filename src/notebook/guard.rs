//! Student code rehearsed where it cannot take the kernel down.
//!
//! [`attempt`](super::attempt::attempt) catches a panic, because a panic
//! unwinds. Three mistakes do not unwind, and each one used to cost the
//! student every variable of the notebook:
//! - a recursion that never stops overflows the stack, and the kernel's
//!   process dies of it (`SIGSEGV`);
//! - an endless loop never returns, and the cell never ends;
//! - a runaway allocation aborts the process.
//!
//! So on Unix the code is first **rehearsed** in a copy of the kernel's process
//! (`fork`): the same memory, the same variables, a time limit and a memory
//! limit of its own, its output kept aside. Only when the copy returns or
//! panics (which [`attempt`](super::attempt::attempt) catches) does the code run
//! in the kernel itself, where its value and its changes to the student's
//! variables are wanted; otherwise the copy is killed and [`Stopped`] says what
//! happened. Rehearsing costs one more run of the code: the notebooks' searches
//! take milliseconds to seconds, and the kernel surviving is worth it.
//!
//! Elsewhere (Windows), and without the feature `homework` (the lessons'
//! notebooks, whose `attempt`s run the lesson's own code), the code runs in
//! the kernel directly: the rehearsal needs `fork` from libc, 0.7 s of a
//! fresh kernel's first cell (BENCHMARKS.md, "libc only where a student's
//! code runs").

use std::cell::Cell;
use std::time::Duration;

/// How long a rehearsal may run before it is taken for an endless loop: ten
/// times the slowest search a notebook runs on purpose (about 3 s unoptimised,
/// on 2 cores under load).
pub const TIME_LIMIT: Duration = Duration::from_secs(30);

/// The time limit of a rehearsal: [`TIME_LIMIT`], or the seconds in
/// `QUEENS_REHEARSAL_SECONDS` (a slow machine's, or a test's that wants an
/// endless loop found sooner).
pub fn time_limit() -> Duration {
    std::env::var("QUEENS_REHEARSAL_SECONDS")
        .ok()
        .and_then(|seconds| seconds.trim().parse::<f64>().ok())
        .filter(|seconds| seconds.is_finite() && *seconds > 0.0)
        .map_or(TIME_LIMIT, Duration::from_secs_f64)
}

/// How much memory a rehearsal may take on top of what the kernel already
/// holds: far more than any notebook's search, far less than a machine.
pub const MEMORY_LIMIT: u64 = 2 << 30;

/// Why a rehearsal did not return, in the student's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The stack overflowed: a recursion that never reaches its base case.
    TooDeep,
    /// It ran past its time limit: an endless loop, or a search far too big.
    TooLong(Duration),
    /// It asked for more memory than its limit.
    OutOfMemory,
    /// It called `std::process::exit` with this code.
    Exited(i32),
    /// It died of this signal, for another reason.
    Signal(i32),
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::TooDeep => write!(
                f,
                "went so deep that the stack overflowed: a recursion that never stops \
                 (does each call get closer to the end of the search?)"
            ),
            Self::TooLong(limit) => write!(
                f,
                "was still running after {} s and was stopped: an endless loop, \
                 or a search that never ends",
                seconds(*limit)
            ),
            Self::OutOfMemory => write!(
                f,
                "asked for more than {} GiB of memory and was stopped: something grows without end",
                MEMORY_LIMIT >> 30
            ),
            Self::Exited(code) => write!(
                f,
                "called std::process::exit({code}), which would have ended the notebook's kernel"
            ),
            Self::Signal(signal) => write!(f, "crashed (signal {signal})"),
        }
    }
}

/// A duration in seconds as a sentence says it: `30`, `0.5`.
fn seconds(duration: Duration) -> String {
    let seconds = duration.as_secs_f64();
    if seconds.fract() == 0.0 {
        format!("{seconds:.0}")
    } else {
        format!("{seconds:.1}")
    }
}

/// A rehearsal that did not return: why, the end of what it printed, and
/// how far it got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failed {
    /// Why it stopped.
    pub stopped: Stopped,
    /// The last lines it printed (at most [`PRINTED_KEPT`] bytes), if any:
    /// the student's own `println!`s are how they find the loop.
    pub printed: String,
    /// The last count the rehearsed code gave [`seen`] before it was
    /// stopped (steps of a search, say), `None` if it gave none: the copy's
    /// work is lost with it, so this is all the kernel learns of it.
    pub seen: Option<u64>,
}

/// Tells the rehearsal running this code how far it has got (`count`, in the
/// caller's units: the steps of a search so far), so that if it has to be
/// stopped, [`Failed::seen`] gives the last count. Outside a rehearsal (the
/// kernel's own run, or no rehearsal at all) it does nothing; it costs a
/// load and a store.
///
/// ```
/// // Outside a rehearsal: nothing to tell, nothing happens.
/// queens::notebook::guard::seen(3);
/// ```
pub fn seen(count: u64) {
    #[cfg(all(unix, feature = "homework"))]
    {
        let shared = unix::SEEN.load(std::sync::atomic::Ordering::Relaxed);
        if !shared.is_null() {
            // SAFETY: set in a copy only, to a page mapped for its whole life.
            unsafe { (*shared).store(count, std::sync::atomic::Ordering::Relaxed) };
        }
    }
    #[cfg(not(all(unix, feature = "homework")))]
    let _ = count;
}

/// The bytes of a failed rehearsal's output kept to show: its end.
pub const PRINTED_KEPT: usize = 2048;

thread_local! {
    /// Set while code runs that needs no rehearsal: inside a rehearsal (it is
    /// contained already), or code a rehearsal just proved to return.
    static CONTAINED: Cell<bool> = const { Cell::new(false) };
}

/// Runs `code` in the kernel, marked as needing no further rehearsal: an
/// [`attempt`](super::attempt::attempt) inside it runs directly.
pub fn proven<T>(code: impl FnOnce() -> T) -> T {
    /// Puts the flag back however `code` ends: a panic unwinds through here.
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            CONTAINED.with(|flag| flag.set(self.0));
        }
    }
    let _restore = Restore(CONTAINED.with(|flag| flag.replace(true)));
    code()
}

/// Rehearses `code` in a copy of this process within `limit` and
/// [`MEMORY_LIMIT`]: `Ok(code)`, to be run for real, when the copy returned or
/// panicked; `Err` with why when it did not. The copy runs `code` through
/// `quietly`, which catches its panic and says whether it returned (the
/// caller's panic hook: the copy's own must not print, nor take a lock).
/// Code already contained, and code where no copy can be made (not Unix,
/// the feature `homework` off, or `fork` refused), is handed back
/// unrehearsed.
pub fn rehearse<F: FnOnce() -> T, T>(
    limit: Duration,
    code: F,
    quietly: impl FnOnce(F) -> bool,
) -> Result<F, Failed> {
    if CONTAINED.with(Cell::get) {
        return Ok(code);
    }
    #[cfg(all(unix, feature = "homework"))]
    {
        unix::rehearse(limit, code, quietly)
    }
    #[cfg(not(all(unix, feature = "homework")))]
    {
        let _ = (limit, quietly);
        Ok(code)
    }
}

#[cfg(all(unix, feature = "homework"))]
mod unix {
    use super::{CONTAINED, Failed, MEMORY_LIMIT, PRINTED_KEPT, Stopped};
    use std::io::Read;
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    use std::sync::atomic::{AtomicPtr, AtomicU64, Ordering};
    use std::time::{Duration, Instant};

    /// In a copy, the count its code last gave [`super::seen`], on a page
    /// shared with the kernel; null in the kernel, so `seen` does nothing
    /// there.
    pub(super) static SEEN: AtomicPtr<AtomicU64> = AtomicPtr::new(std::ptr::null_mut());

    /// What [`SEEN`] holds before the code gives a count.
    const NOTHING_SEEN: u64 = u64::MAX;

    /// A page shared between the kernel and its copy, unmapped on drop.
    struct Shared(*mut AtomicU64);

    impl Shared {
        fn new() -> Option<Self> {
            // SAFETY: an anonymous shared mapping of one page, checked below.
            let page = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    std::mem::size_of::<AtomicU64>(),
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_SHARED | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            if page == libc::MAP_FAILED {
                return None;
            }
            let seen = page.cast::<AtomicU64>();
            // SAFETY: the page is mapped, writable and aligned for a u64.
            unsafe { seen.write(AtomicU64::new(NOTHING_SEEN)) };
            Some(Self(seen))
        }

        /// The last count the copy gave, if it gave one.
        fn seen(&self) -> Option<u64> {
            // SAFETY: mapped until `self` is dropped.
            let count = unsafe { (*self.0).load(Ordering::Relaxed) };
            (count != NOTHING_SEEN).then_some(count)
        }
    }

    impl Drop for Shared {
        fn drop(&mut self) {
            // SAFETY: the mapping made in `new`, unmapped once.
            unsafe { libc::munmap(self.0.cast(), std::mem::size_of::<AtomicU64>()) };
        }
    }

    /// Rust's own words when a thread's stack overflows, and when an
    /// allocation fails: the copy says them on its standard error before it
    /// aborts.
    const OVERFLOW: &str = "has overflowed its stack";
    const ALLOCATION: &str = "memory allocation of";

    /// A pipe, both ends closed on drop; the read end does not block.
    fn pipe() -> Option<(OwnedFd, OwnedFd)> {
        let mut fds = [0; 2];
        // SAFETY: `fds` has room for the two descriptors pipe(2) writes.
        if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
            return None;
        }
        // SAFETY: pipe(2) succeeded, so both descriptors are open and ours.
        let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
        // SAFETY: fcntl on a descriptor we own.
        unsafe {
            let flags = libc::fcntl(read.as_raw_fd(), libc::F_GETFL);
            libc::fcntl(read.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
            libc::fcntl(read.as_raw_fd(), libc::F_SETFD, libc::FD_CLOEXEC);
            libc::fcntl(write.as_raw_fd(), libc::F_SETFD, libc::FD_CLOEXEC);
        }
        Some((read, write))
    }

    /// The end of a stream, read as it comes so the writer never blocks, and
    /// whether Rust's words for an overflow or a failed allocation passed by
    /// (a backtrace may follow them, and the student may print a lot first).
    struct Tail {
        file: std::fs::File,
        kept: Vec<u8>,
        overflowed: bool,
        allocation_failed: bool,
    }

    impl Tail {
        fn new(read: OwnedFd) -> Self {
            Self {
                file: std::fs::File::from(read),
                kept: Vec::new(),
                overflowed: false,
                allocation_failed: false,
            }
        }

        /// Reads what is there now; keeps the last `PRINTED_KEPT` bytes.
        fn drain(&mut self) {
            let mut buffer = [0u8; 16 * 1024];
            while let Ok(read @ 1..) = self.file.read(&mut buffer) {
                self.kept.extend_from_slice(&buffer[..read]);
                // Looked for before cutting, with the kept end before it, so
                // words split across two reads are found too.
                let said = String::from_utf8_lossy(&self.kept);
                self.overflowed |= said.contains(OVERFLOW);
                self.allocation_failed |= said.contains(ALLOCATION);
                if self.kept.len() > 2 * PRINTED_KEPT {
                    self.kept.drain(..self.kept.len() - PRINTED_KEPT);
                }
            }
        }

        fn text(&self) -> String {
            let start = self.kept.len().saturating_sub(PRINTED_KEPT);
            let text = String::from_utf8_lossy(&self.kept[start..]);
            // Start at a line's beginning when the start was cut.
            let text = match (start > 0, text.find('\n')) {
                (true, Some(newline)) => &text[newline + 1..],
                _ => &text,
            };
            text.trim_end().to_owned()
        }
    }

    /// The copy's side: output into the pipes, limits set, the code run with
    /// panics caught; its exit status says returned (0) or panicked (101).
    fn in_the_copy<F: FnOnce() -> T, T>(
        code: F,
        quietly: impl FnOnce(F) -> bool,
        out: &OwnedFd,
        err: &OwnedFd,
    ) -> ! {
        CONTAINED.with(|flag| flag.set(true));
        // SAFETY: dup2 on descriptors of this process alone; _exit ends it
        // without running the kernel's exit code.
        unsafe {
            libc::dup2(out.as_raw_fd(), libc::STDOUT_FILENO);
            libc::dup2(err.as_raw_fd(), libc::STDERR_FILENO);
        }
        limit_memory();
        // A little deeper than the kernel's own run will start, so what
        // fits here fits there.
        let margin = std::hint::black_box([0u8; 32 * 1024]);
        let returned = quietly(code);
        std::hint::black_box(&margin);
        // No flush of `stdout()`: its lock may have been held by another
        // thread when the copy was made, and no thread of the copy would
        // ever release it. A line not ended is lost; every `println!` ends.
        // SAFETY: see above.
        unsafe { libc::_exit(if returned { 0 } else { 101 }) }
    }

    /// Field `field` of `/proc/<pid>/statm` in bytes (0: the address space,
    /// 1: what is resident); Linux only.
    fn statm(pid: libc::pid_t, field: usize) -> Option<u64> {
        let statm = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
        let pages: u64 = statm.split_whitespace().nth(field)?.parse().ok()?;
        // SAFETY: sysconf has no preconditions.
        Some(pages * unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as u64)
    }

    /// The memory process `pid` has resident, in bytes.
    fn resident(pid: libc::pid_t) -> Option<u64> {
        statm(pid, 1)
    }

    /// Limits the copy's address space to what it holds now (a kernel maps
    /// hundreds of MiB before any cell runs) and `MEMORY_LIMIT` more. Linux
    /// only: macOS reserves far more address space than it uses, and does
    /// not enforce the limit.
    fn limit_memory() {
        #[cfg(target_os = "linux")]
        {
            if let Some(held) = statm(std::process::id() as libc::pid_t, 0) {
                // A backstop for what is reserved but never touched (the
                // resident memory watched from outside is the limit).
                let memory = held.saturating_add(2 * MEMORY_LIMIT) as libc::rlim_t;
                let limit = libc::rlimit {
                    rlim_cur: memory,
                    rlim_max: memory,
                };
                // SAFETY: setrlimit on this process alone, with a valid limit.
                unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) };
            }
        }
    }

    pub(super) fn rehearse<F: FnOnce() -> T, T>(
        limit: Duration,
        code: F,
        quietly: impl FnOnce(F) -> bool,
    ) -> Result<F, Failed> {
        let (Some((out_read, out_write)), Some((err_read, err_write))) = (pipe(), pipe()) else {
            return Ok(code);
        };
        let shared = Shared::new();
        use std::io::Write;
        let _ = std::io::stdout().flush();
        let _ = std::io::stderr().flush();
        // SAFETY: the copy runs only this thread's code, then `_exit`s.
        let pid = unsafe { libc::fork() };
        if pid < 0 {
            return Ok(code);
        }
        if pid == 0 {
            if let Some(shared) = &shared {
                SEEN.store(shared.0, Ordering::Relaxed);
            }
            in_the_copy(code, quietly, &out_write, &err_write);
        }
        drop((out_write, err_write));
        let (mut out, mut err) = (Tail::new(out_read), Tail::new(err_read));
        let started = Instant::now();
        // Memory is watched from here, not only limited inside: a failed
        // allocation in the copy calls Rust's hook, which takes a lock another
        // thread may have held when the copy was made (then it never ends).
        let resident_limit = resident(std::process::id() as libc::pid_t)
            .map(|held| held.saturating_add(MEMORY_LIMIT));
        let status = loop {
            out.drain();
            err.drain();
            let mut status = 0;
            // SAFETY: waiting on our own child.
            let ended = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
            if ended != 0 {
                break status;
            }
            let over_memory = resident_limit
                .zip(resident(pid))
                .is_some_and(|(limit, now)| now > limit);
            if over_memory || started.elapsed() >= limit {
                // SAFETY: our own child, then reaped.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                    libc::waitpid(pid, &mut status, 0);
                }
                out.drain();
                return Err(Failed {
                    stopped: if over_memory {
                        Stopped::OutOfMemory
                    } else {
                        Stopped::TooLong(limit)
                    },
                    printed: out.text(),
                    seen: shared.as_ref().and_then(Shared::seen),
                });
            }
            // Woken at once by output or by the copy's end (its pipes
            // close), else every 20 ms to look at its memory and the clock.
            let mut fds = [out.file.as_raw_fd(), err.file.as_raw_fd()].map(|fd| libc::pollfd {
                fd,
                events: libc::POLLIN,
                revents: 0,
            });
            // SAFETY: `fds` is an array of valid pollfd entries.
            unsafe { libc::poll(fds.as_mut_ptr(), 2, 20) };
        };
        out.drain();
        err.drain();
        let stopped = if libc::WIFEXITED(status) {
            match libc::WEXITSTATUS(status) {
                0 | 101 => return Ok(code),
                exit => Stopped::Exited(exit),
            }
        } else {
            let signal = libc::WTERMSIG(status);
            if err.overflowed || signal == libc::SIGSEGV || signal == libc::SIGBUS {
                Stopped::TooDeep
            } else if err.allocation_failed {
                Stopped::OutOfMemory
            } else {
                Stopped::Signal(signal)
            }
        };
        Err(Failed {
            stopped,
            printed: out.text(),
            seen: shared.as_ref().and_then(Shared::seen),
        })
    }
}

#[cfg(all(test, unix, feature = "homework"))]
mod tests {
    use super::*;

    /// What `attempt` hands a rehearsal: the code run, its panic caught.
    fn caught<T>(code: impl FnOnce() -> T) -> bool {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(code)).is_ok()
    }

    fn rehearse<F: FnOnce() -> T, T>(limit: Duration, code: F) -> Result<F, Failed> {
        super::rehearse(limit, code, caught)
    }

    /// A recursion whose end never comes (the limit is never reached).
    fn deeper(depth: u64, limit: u64) -> u64 {
        // Each call keeps a buffer on the stack, so the overflow comes fast.
        let buffer = std::hint::black_box([depth as u8; 1024]);
        if depth == limit {
            return 0;
        }
        deeper(depth + 1, limit) + u64::from(buffer[0])
    }

    #[test]
    fn code_that_returns_is_handed_back_to_run_here() {
        // (A panic in the copy is `attempt`'s tests': its hook stays quiet.)
        let code = rehearse(TIME_LIMIT, || 2 + 2).expect("it returns");
        assert_eq!(code(), 4);
    }

    #[test]
    fn a_recursion_without_end_an_endless_loop_a_runaway_allocation_and_exit_are_stopped() {
        let deep = rehearse(TIME_LIMIT, || deeper(0, u64::MAX))
            .err()
            .expect("too deep");
        assert_eq!(deep.stopped, Stopped::TooDeep);
        let endless = rehearse(Duration::from_millis(300), || {
            println!("round and round");
            loop {
                std::hint::black_box(0);
            }
        })
        .err()
        .expect("too long");
        assert_eq!(
            endless.stopped,
            Stopped::TooLong(Duration::from_millis(300))
        );
        assert_eq!(endless.seen, None, "it gave no count");
        #[cfg(target_os = "linux")]
        let growing = rehearse(TIME_LIMIT, || {
            let mut all = Vec::new();
            loop {
                all.push(vec![1u8; 64 << 20]);
            }
        })
        .err()
        .expect("out of memory");
        #[cfg(target_os = "linux")]
        assert_eq!(growing.stopped, Stopped::OutOfMemory);
        let exit = rehearse(TIME_LIMIT, || std::process::exit(3))
            .err()
            .expect("exits");
        assert_eq!(exit.stopped, Stopped::Exited(3));
    }

    #[test]
    fn a_stopped_rehearsal_gives_the_last_count_its_code_gave() {
        let deep = rehearse(TIME_LIMIT, || {
            for step in 0..=41 {
                seen(step);
            }
            deeper(0, u64::MAX)
        })
        .err()
        .expect("too deep");
        assert_eq!((deep.stopped, deep.seen), (Stopped::TooDeep, Some(41)));
        // The kernel's own run tells no one.
        seen(7);
        assert!(
            unix::SEEN
                .load(std::sync::atomic::Ordering::Relaxed)
                .is_null()
        );
    }

    #[test]
    fn a_rehearsal_inside_proven_code_is_skipped_and_a_panic_there_does_not_leave_it_proven() {
        let inner =
            proven(|| rehearse(Duration::from_millis(1), || std::hint::black_box(0)).is_ok());
        assert!(inner, "proven code is not rehearsed again");
        let panicked = std::panic::catch_unwind(|| proven(|| panic!("a blank")));
        assert!(panicked.is_err());
        assert!(
            !CONTAINED.with(Cell::get),
            "after a panic in proven code, the next code is rehearsed again"
        );
    }
}
