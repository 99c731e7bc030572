//! Containing one graded test's process: a session of its own, resource
//! limits, an unprivileged user, and where it works a bubblewrap sandbox.
//!
//! * **Session** (always, Unix): the test process leads a new session and
//!   process group, killed as a whole after the test, so a child it started
//!   (`sleep 300.5`) does not outlive it.
//! * **Limits** ([`Resources`], `setrlimit` before `exec`): address space
//!   (1 GiB), file size, processes, CPU time. Hitting one is named in the
//!   grade's `problems` (`out-of-memory`, `too-many-processes`, …).
//! * **User**: run as root (a grading container), the test drops to a user id
//!   of its own, so it cannot write root's files and the process limit counts
//!   only its processes (root ignores that limit).
//! * **Bubblewrap** ([`Mode`], `bwrap`): a read-only view of the system
//!   (`/usr`, `/lib`, of `/etc` only the linker's files: [`SYSTEM_ETC`]), the compiled test binary and nothing else of the
//!   disk (no course, no solutions, no home: its `HOME` is an empty folder the
//!   grader looks at afterwards), a private `/tmp`, no network,
//!   its own PID namespace (everything in it dies with the test) and
//!   `--die-with-parent`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

/// Whether to sandbox the graded tests with bubblewrap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Refuse to run student code without a working bubblewrap.
    Required,
    /// Use bubblewrap when it works here; otherwise say so loudly and run
    /// with the other protections.
    #[default]
    Auto,
    /// Never use bubblewrap.
    Off,
}

impl Mode {
    /// Every mode, as the command line lists them.
    pub const ALL: [Mode; 3] = [Self::Required, Self::Auto, Self::Off];

    /// Its name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Required => "required",
            Self::Auto => "auto",
            Self::Off => "off",
        }
    }
}

impl std::fmt::Display for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Mode {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|mode| mode.name() == name)
            .ok_or_else(|| format!("unknown sandbox mode '{name}' (required, auto or off)"))
    }
}

/// Resource limits of one graded test's process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resources {
    /// Virtual memory, bytes (`RLIMIT_AS`).
    pub address_space: u64,
    /// Largest file it may write, bytes (`RLIMIT_FSIZE`).
    pub file_size: u64,
    /// Processes and threads it may start (`RLIMIT_NPROC`, counted per user:
    /// see the module's docs).
    pub processes: u64,
    /// CPU seconds (`RLIMIT_CPU`).
    pub cpu_seconds: u64,
    /// Bytes it may print, stdout and stderr together, before it is stopped
    /// (counted by the grader as it drains them; 0: no budget).
    pub output_bytes: u64,
}

impl Default for Resources {
    fn default() -> Self {
        Self {
            address_space: 1 << 30,
            file_size: 16 << 20,
            processes: 64,
            cpu_seconds: 30,
            output_bytes: 1 << 30,
        }
    }
}

/// How one test process is started: its limits, its user, its sandbox.
#[derive(Debug, Clone)]
pub struct Containment {
    /// Its resource limits.
    pub resources: Resources,
    /// The bubblewrap sandbox, if one is used.
    pub sandbox: Option<Bubblewrap>,
}

/// A working bubblewrap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bubblewrap {
    /// The `bwrap` program.
    pub program: PathBuf,
}

/// Where the test binary is inside the sandbox.
pub const SANDBOX_BINARY: &str = "/grading/graded-tests";
/// Where the test's report folder is inside the sandbox.
pub const SANDBOX_REPORT_DIR: &str = "/grading/report";
/// The test's home inside the sandbox: a folder of its report folder, so the
/// grader sees what the test left in it, or took from it, once it ended.
pub const SANDBOX_HOME: &str = "/grading/report/home";

/// The system folders the sandbox shows, read-only, when they exist.
const SYSTEM: &[&str] = &["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64"];

/// Of `/etc`, what a build and a test need: the dynamic linker's cache and
/// settings, and `alternatives` (Debian's `cc` is a link through it). Not
/// the users, their passwords, the machine's names or anything else.
pub const SYSTEM_ETC: &[&str] = &[
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
];

impl Bubblewrap {
    /// The command that runs `binary` in the sandbox with only `env` set, and
    /// `report_dir` (the one writable folder) at [`SANDBOX_REPORT_DIR`].
    pub fn command(&self, binary: &Path, report_dir: &Path, env: &[(&str, &str)]) -> Command {
        let mut command = Command::new(&self.program);
        self.system(&mut command);
        command
            .args(["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"])
            .arg("--ro-bind")
            .arg(binary)
            .arg(SANDBOX_BINARY)
            .arg("--bind")
            .arg(report_dir)
            .arg(SANDBOX_REPORT_DIR)
            .args([
                "--chdir",
                "/tmp",
                "--unshare-all",
                "--new-session",
                "--die-with-parent",
                "--clearenv",
                "--setenv",
                "PATH",
                "/usr/bin:/bin",
                "--setenv",
                "HOME",
                SANDBOX_HOME,
            ]);
        for (name, value) in env {
            command.args(["--setenv", name, value]);
        }
        command.args(["--", SANDBOX_BINARY]);
        command
    }
}

impl Bubblewrap {
    /// The command that runs `program` (a build: cargo) seeing only the
    /// system's programs and libraries (`/usr`, `/lib`; of `/etc` only [`SYSTEM_ETC`]),
    /// `readable` folders (the toolchain, the crates, the vendored sources)
    /// read-only and `writable` ones (the slot, the target folder, the build's
    /// homes), with a private `/tmp`, no network, no capabilities and only
    /// `env` set, in `dir`. Nothing else of the disk is there: a
    /// submission's `include_str!` of a roster, a grade file or
    /// `/etc/shadow` finds no such file.
    pub fn build_command(
        &self,
        program: &Path,
        writable: &[PathBuf],
        readable: &[PathBuf],
        env: &[(std::ffi::OsString, std::ffi::OsString)],
        dir: &Path,
    ) -> Command {
        let mut command = Command::new(&self.program);
        self.system(&mut command);
        command.args(["--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]);
        // Writable first: a read-only folder inside one stays read-only.
        for dir in writable.iter().filter(|d| d.exists()) {
            command.arg("--bind").arg(dir).arg(dir);
        }
        for dir in readable.iter().filter(|d| d.exists()) {
            command.arg("--ro-bind").arg(dir).arg(dir);
        }
        command.arg("--chdir").arg(dir).args([
            "--unshare-all",
            "--die-with-parent",
            "--new-session",
            "--cap-drop",
            "ALL",
            "--clearenv",
        ]);
        for (name, value) in env {
            command.arg("--setenv").arg(name).arg(value);
        }
        command.arg("--").arg(program);
        command
    }

    /// Binds the system's folders read-only, and of `/etc` only
    /// [`SYSTEM_ETC`].
    fn system(&self, command: &mut Command) {
        for dir in SYSTEM.iter().chain(SYSTEM_ETC) {
            if Path::new(dir).exists() {
                command.args(["--ro-bind", dir, dir]);
            }
        }
    }
}

/// Names the bubblewrap program to use instead of `bwrap` on `PATH` (a
/// build of its own, or a path that does not exist to grade as where
/// bubblewrap is missing).
pub const BWRAP_ENV: &str = "QUEENS_BWRAP";

/// What [`probe`] found: the sandbox, or why there is none.
pub type Found = (Option<Bubblewrap>, Option<String>);

/// Finds a working bubblewrap for `mode`: `Ok(None)` when it is off or (in
/// `auto`) does not work, with the reason; `Err` when it is required and does
/// not work. Checked once per process by running `true` in the sandbox.
pub fn probe(mode: Mode) -> Result<Found, String> {
    if mode == Mode::Off {
        return Ok((None, Some("--sandbox off".to_owned())));
    }
    static PROBED: OnceLock<Result<Bubblewrap, String>> = OnceLock::new();
    let probed = PROBED.get_or_init(|| {
        let program = match std::env::var_os(BWRAP_ENV) {
            Some(given) => which::which(&given).map_err(|_| {
                format!(
                    "bubblewrap is not at {} (from {BWRAP_ENV})",
                    Path::new(&given).display()
                )
            })?,
            None => which::which("bwrap").map_err(|_| "bubblewrap (bwrap) is not installed")?,
        };
        let sandbox = Bubblewrap { program };
        let dir = tempfile::tempdir().map_err(|e| format!("cannot make a folder: {e}"))?;
        let truth = ["/usr/bin/true", "/bin/true"]
            .into_iter()
            .find(|p| Path::new(p).exists())
            .ok_or("no /usr/bin/true to try bubblewrap with")?;
        prepare_report_dir(dir.path()).map_err(|e| format!("cannot prepare a folder: {e}"))?;
        let mut command = sandbox.command(Path::new(truth), dir.path(), &[]);
        command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        contain(&mut command, Resources::default(), run_as());
        let output = command
            .output()
            .map_err(|e| format!("cannot run bwrap: {e}"))?;
        if output.status.success() {
            Ok(sandbox)
        } else {
            Err(format!(
                "bwrap does not work here: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            ))
        }
    });
    match (probed, mode) {
        (Ok(sandbox), _) => Ok((Some(sandbox.clone()), None)),
        (Err(why), Mode::Required) => Err(format!("--sandbox required, but {why}")),
        (Err(why), _) => Ok((None, Some(why.clone()))),
    }
}

/// Whether `unshare --user --map-root-user --net` works here (checked once):
/// without bubblewrap, the tests still run without network when it does.
pub fn unshare_works() -> bool {
    static WORKS: OnceLock<bool> = OnceLock::new();
    *WORKS.get_or_init(|| {
        let mut command = Command::new("unshare");
        command
            .args(["--user", "--map-root-user", "--net", "--", "true"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        contain(&mut command, Resources::default(), run_as());
        command.status().is_ok_and(|status| status.success())
    })
}

/// Whether this process runs as root.
pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    #[cfg(unix)]
    return unsafe { libc::geteuid() } == 0;
    #[cfg(not(unix))]
    false
}

/// The user id a test runs as: none (the current user) unless this process
/// is root, then a fresh unprivileged one per test, so that the process limit
/// counts only that test's processes.
pub fn run_as() -> Option<u32> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    if !is_root() {
        return None;
    }
    let slot = NEXT.fetch_add(1, Ordering::Relaxed) % 64;
    Some(200_000 + (std::process::id() % 10_000) * 64 + slot)
}

/// Whether any user can run `path`: the file is readable and executable by
/// others and every folder above it can be entered by them. A test drops to
/// an unprivileged user only for binaries it can reach.
pub fn reachable_by_others(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.permissions().mode());
        let Ok(path) = std::fs::canonicalize(path) else {
            return false;
        };
        mode(&path) & 0o005 == 0o005
            && path
                .ancestors()
                .skip(1)
                .all(|dir| mode(dir) & 0o001 == 0o001)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        true
    }
}

/// Lets the tests' users enter the folder holding the test binary.
pub fn prepare_binaries_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755))?;
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Lets the test's user write its report folder.
pub fn prepare_report_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o777))?;
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Makes `command` start in a session of its own, under `resources`, as
/// `user` (when given; only root can).
pub fn contain(command: &mut Command, resources: Resources, user: Option<u32>) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let mut limits = vec![
            (
                libc::RLIMIT_AS,
                resources.address_space,
                resources.address_space,
            ),
            (libc::RLIMIT_FSIZE, resources.file_size, resources.file_size),
            // The soft limit sends SIGXCPU; the hard one, a second later, SIGKILL.
            (
                libc::RLIMIT_CPU,
                resources.cpu_seconds,
                resources.cpu_seconds + 1,
            ),
            // No core files of a crashing test.
            (libc::RLIMIT_CORE, 0, 0),
        ];
        // The process limit counts every process of the user: for a user who
        // is not root, allow what they already run plus the test's share
        // (where that can be counted).
        let processes = match user {
            Some(_) => Some(resources.processes),
            None => processes_of_this_user().map(|now| now + resources.processes),
        };
        if let Some(processes) = processes {
            limits.push((libc::RLIMIT_NPROC, processes, processes));
        }
        // SAFETY: between fork and exec only async-signal-safe system calls
        // run here (setsid, setrlimit, setgroups, setgid, setuid), on values
        // computed before the fork.
        unsafe {
            command.pre_exec(move || {
                if libc::setsid() < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                // Best effort: a system that refuses a limit (one already
                // lower, a platform without it) still runs the test.
                for &(resource, soft, hard) in &limits {
                    let limit = libc::rlimit {
                        rlim_cur: soft as libc::rlim_t,
                        rlim_max: hard as libc::rlim_t,
                    };
                    libc::setrlimit(resource, &limit);
                }
                if let Some(id) = user
                    && (libc::setgroups(0, std::ptr::null()) < 0
                        || libc::setgid(id as libc::gid_t) < 0
                        || libc::setuid(id as libc::uid_t) < 0)
                {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    #[cfg(not(unix))]
    let _ = (command, resources, user);
}

/// Makes `command` (a build) start in a session of its own as `user`, with
/// no core files; only root can. The build's own limit is its wall clock.
pub fn run_build_as(command: &mut Command, user: u32) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: only async-signal-safe system calls between fork and exec.
        unsafe {
            command.pre_exec(move || {
                let no_core = libc::rlimit {
                    rlim_cur: 0,
                    rlim_max: 0,
                };
                libc::setrlimit(libc::RLIMIT_CORE, &no_core);
                if libc::setgroups(0, std::ptr::null()) < 0
                    || libc::setgid(user as libc::gid_t) < 0
                    || libc::setuid(user as libc::uid_t) < 0
                {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    #[cfg(not(unix))]
    let _ = (command, user);
}

/// How many processes and threads the current user runs now (Linux only).
#[cfg_attr(not(unix), allow(dead_code))]
fn processes_of_this_user() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: getuid has no preconditions.
        let me = unsafe { libc::getuid() };
        let entries = std::fs::read_dir("/proc").ok()?;
        // Threads count too: each /proc/<pid>/task entry.
        let count = entries
            .flatten()
            .filter(|e| {
                e.file_name()
                    .to_string_lossy()
                    .bytes()
                    .all(|b| b.is_ascii_digit())
            })
            .filter(|e| e.metadata().is_ok_and(|m| m.uid() == me))
            .map(|e| {
                std::fs::read_dir(e.path().join("task")).map_or(1, |tasks| tasks.count() as u64)
            })
            .sum();
        Some(count)
    }
    #[cfg(not(target_os = "linux"))]
    None
}
