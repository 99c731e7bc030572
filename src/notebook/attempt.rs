//! Running a student's code from a notebook without losing the notebook.
//!
//! The handout's blanks are `todo!()` until the student fills them, and a
//! half-filled blank may panic (an index out of range, an overflow). A panic
//! in a notebook cell prints a trace and, in some kernels, throws away the
//! variables of earlier cells. [`attempt`] runs the code, catches the panic
//! without printing anything, and turns it into one sentence:
//! "blank 1 is not yet implemented (exercises/src/lib.rs:40): fill it in, then
//! run this cell again".
//!
//! ```
//! use queens::notebook::attempt::attempt;
//! let done = attempt("2 + 2", || 2 + 2);
//! assert_eq!(done.ok(), Some(4));
//!
//! let blank = attempt("is_attacked", || -> bool { todo!("blank 1 — prune check: look it up") });
//! let why = blank.unfinished().unwrap();
//! assert!(why.is_todo());
//! assert_eq!(why.blank(), "blank 1 — prune check");
//! assert_eq!(why.hint(), Some("look it up"));
//! assert!(why.to_string().starts_with("blank 1 — prune check is not yet implemented ("));
//! ```

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;
use std::time::Duration;

use super::guard::{self, Failed};

/// Code that did not return: a blank still `todo!()`, a bug that panicked, or
/// a mistake a rehearsal stopped before it could end the kernel
/// ([`guard::Stopped`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unfinished {
    /// What was run, as the notebook named it ("solve_n_queens(4)").
    pub what: String,
    /// The panic message ("not yet implemented: blank 1"); empty when the
    /// code was stopped rather than panicking.
    pub message: String,
    /// Where it panicked, `file:line`, when known.
    pub location: Option<String>,
    /// Why a rehearsal stopped it, and the end of what it printed, when it
    /// did not panic (boxed: an `Unfinished` travels in many `Result`s).
    pub stopped: Option<Box<Failed>>,
    /// The blank to look at first, when known: the blank whose lines
    /// panicked, or (for a stopped run) the first blank whose check fails
    /// (`Progress::attempt`).
    pub suspect: Option<String>,
}

const TODO: &str = "not yet implemented";

impl Unfinished {
    /// Whether the panic came from `todo!()`: a blank not filled yet.
    pub fn is_todo(&self) -> bool {
        self.message.starts_with(TODO)
    }

    /// The blank's name if the `todo!()` message starts with one
    /// (`todo!("blank 2 — insert: …")` gives `"blank 2 — insert"`), otherwise
    /// what was run.
    pub fn blank(&self) -> &str {
        self.todo_text()
            .filter(|text| text.starts_with("blank"))
            .map(|text| text.split(':').next().unwrap_or(text).trim())
            .unwrap_or(&self.what)
    }

    /// What the `todo!()` message says after the blank's name: the hint.
    pub fn hint(&self) -> Option<&str> {
        let text = self.todo_text()?;
        let hint = match text.split_once(':') {
            Some((name, rest)) if name.starts_with("blank") => rest,
            _ => text,
        };
        Some(hint.trim()).filter(|h| !h.is_empty())
    }

    fn todo_text(&self) -> Option<&str> {
        self.message
            .strip_prefix(TODO)
            .map(|rest| rest.trim_start_matches(':').trim())
            .filter(|text| !text.is_empty())
    }
}

impl std::fmt::Display for Unfinished {
    /// The sentence, wrapped at [`LINE_WIDTH`]; a stopped rehearsal's
    /// output follows as it was printed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut said = String::new();
        self.say(&mut said)?;
        f.write_str(&wrap_lines(&said))?;
        match &self.stopped {
            Some(failed) if !failed.printed.is_empty() => {
                write!(f, "{PRINTED}{}", failed.printed)
            }
            _ => Ok(()),
        }
    }
}

impl Unfinished {
    /// The sentence, unwrapped, without what a rehearsal printed.
    fn say(&self, f: &mut String) -> std::fmt::Result {
        use std::fmt::Write;
        let at = self
            .location
            .as_deref()
            .filter(|l| !is_kernel_file(l))
            .map(|l| format!(" ({l})"))
            .unwrap_or_default();
        if let Some(failed) = &self.stopped {
            write!(f, "{} {}.", self.what, failed.stopped)?;
            if let Some(suspect) = &self.suspect {
                write!(f, " Look first at {suspect}.")?;
            }
            write!(
                f,
                " It ran in a copy of the kernel, so your variables are kept."
            )
        } else if self.is_todo() {
            write!(f, "{} is not yet implemented{at}.", self.blank())?;
            if let Some(hint) = self.hint() {
                let hint = shorten_lists(hint);
                let stop = if hint.ends_with(['.', '?', '!']) {
                    ""
                } else {
                    "."
                };
                write!(f, " Hint: {hint}{stop}")?;
            }
            write!(f, " Fill it in, save the file, and run this cell again.")
        } else {
            // A blank's own check already says its name.
            let inside = self
                .suspect
                .as_deref()
                .filter(|blank| !self.what.starts_with(blank))
                .map(|blank| format!(" in {blank}"))
                .unwrap_or_default();
            let message = shorten_lists(&self.message);
            // A hint may follow: the sentence ends first.
            let stop = if message.ends_with(['.', '?', '!']) {
                ""
            } else {
                "."
            };
            write!(
                f,
                "{} stopped with a panic{inside}{at}: {message}{stop}",
                self.what,
            )
        }
    }
}

impl std::error::Error for Unfinished {}

/// The widest line a notebook's sentence is printed in: a code cell's width
/// on the course's site and in JupyterLab, whose output breaks a longer line
/// wherever the page ends, in the middle of a word.
pub const LINE_WIDTH: usize = 100;

/// `text` as one paragraph, wrapped by [`wrap_lines`]: a sentence made of a
/// wrapped one and words around it ("not yet: " and a reason) reads without
/// a short line in its middle. What a rehearsal printed, after it, stays as
/// it was printed.
///
/// ```
/// use queens::notebook::attempt::{rewrap, wrap_lines};
/// let reason = wrap_lines(&"word ".repeat(30));
/// let said = rewrap(&format!("not yet: {reason}"));
/// assert_eq!(said.lines().count(), 2, "{said}");
/// ```
pub fn rewrap(text: &str) -> String {
    let (sentence, printed) = text.split_once(PRINTED).unwrap_or((text, ""));
    let mut said = wrap_lines(&sentence.replace('\n', " "));
    if !printed.is_empty() {
        said.push_str(PRINTED);
        said.push_str(printed);
    }
    said
}

/// What comes before the lines a stopped rehearsal printed.
const PRINTED: &str = "\nThe last lines it printed:\n";

/// `text` with each line longer than [`LINE_WIDTH`] broken between words (a
/// word longer than a line stays whole, and so does a `command` in
/// backticks, so that it can be copied as shown).
///
/// ```
/// use queens::notebook::attempt::{LINE_WIDTH, wrap_lines};
/// let long = "word ".repeat(60);
/// let wrapped = wrap_lines(long.trim_end());
/// assert!(wrapped.lines().all(|line| line.chars().count() <= LINE_WIDTH), "{wrapped}");
/// assert_eq!(wrapped.split_whitespace().count(), 60);
/// assert_eq!(wrap_lines("short\nlines"), "short\nlines");
/// let command = format!("{} `cargo queens hint 1 --exercise sudoku` in a terminal", "a ".repeat(40));
/// assert!(wrap_lines(&command).lines().any(|line| line.starts_with("`cargo queens hint 1 --exercise sudoku`")));
/// ```
pub fn wrap_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        if line.chars().count() <= LINE_WIDTH {
            out.push_str(line);
            continue;
        }
        // A `command` in backticks stays on one line, copyable as shown.
        let mut words: Vec<String> = Vec::new();
        let mut in_code = false;
        for word in line.split(' ').filter(|word| !word.is_empty()) {
            match words.last_mut() {
                Some(last) if in_code => {
                    last.push(' ');
                    last.push_str(word);
                }
                _ => words.push(word.to_owned()),
            }
            in_code ^= word.matches('`').count() % 2 == 1;
        }
        let mut width = 0;
        for word in &words {
            let count = word.chars().count();
            if width > 0 && width + 1 + count > LINE_WIDTH {
                out.push('\n');
                width = 0;
            } else if width > 0 {
                out.push(' ');
                width += 1;
            }
            out.push_str(word);
            width += count;
        }
    }
    out
}

/// Whether a panic location is the notebook cell itself as the evcxr kernel
/// compiles it (a crate of its own whose code sits in a relative `src/lib.rs`):
/// a line number there means nothing to the reader, who wrote the cell.
/// Blanks of the handout live in `…/exercises/src/lib.rs`, an absolute path.
fn is_kernel_file(location: &str) -> bool {
    location.starts_with("src/lib.rs:")
}

/// A panic location as the handout names its files: relative to the nearest
/// folder above `here` that holds it. A notebook runs in `notebooks/`, and
/// cargo gives a path dependency's files absolute paths, so
/// `/home/me/queens/exercises/src/lib.rs:40` reads `exercises/src/lib.rs:40`.
/// Paths outside every folder above `here` but the root stay as they are.
fn from_course_root(location: String, here: Option<&std::path::Path>) -> String {
    let path = std::path::Path::new(&location);
    if !path.is_absolute() {
        return location;
    }
    here.into_iter()
        .flat_map(std::path::Path::ancestors)
        .filter(|folder| folder.parent().is_some())
        .find_map(|folder| path.strip_prefix(folder).ok())
        .map(|relative| relative.to_string_lossy().into_owned())
        .unwrap_or(location)
}

/// The outcome of [`attempt`]: the value, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attempt<T> {
    /// The code returned.
    Done(T),
    /// The code panicked.
    Unfinished(Unfinished),
}

impl<T> Attempt<T> {
    /// The value, if the code returned.
    pub fn ok(self) -> Option<T> {
        match self {
            Self::Done(value) => Some(value),
            Self::Unfinished(_) => None,
        }
    }

    /// Why the code did not return, if it panicked.
    pub fn unfinished(&self) -> Option<&Unfinished> {
        match self {
            Self::Done(_) => None,
            Self::Unfinished(why) => Some(why),
        }
    }

    /// Whether the code returned.
    pub fn is_done(&self) -> bool {
        matches!(self, Self::Done(_))
    }

    /// Applies `f` to the value, keeping the reason if there is none.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Attempt<U> {
        match self {
            Self::Done(value) => Attempt::Done(f(value)),
            Self::Unfinished(why) => Attempt::Unfinished(why),
        }
    }

    /// As a `Result`, for `?`.
    pub fn into_result(self) -> Result<T, Unfinished> {
        match self {
            Self::Done(value) => Ok(value),
            Self::Unfinished(why) => Err(why),
        }
    }
}

impl<T> Attempt<T> {
    /// Shows the value as the table `make` lays out from it, or the sentence
    /// saying why there is no value: a measurement cell's last line.
    pub fn show_table(&self, make: impl FnOnce(&T) -> super::table::Table) {
        match self {
            Self::Done(value) => make(value).evcxr_display(),
            Self::Unfinished(why) => println!("{why}"),
        }
    }
}

impl Attempt<bool> {
    /// A yes-or-no check in words, for "your solver is …": `right`, `not
    /// right yet: {wrong}` when the code said no, `not finished: …` (why)
    /// when it stopped.
    pub fn verdict(&self, wrong: &str) -> String {
        match self {
            Self::Done(true) => "right".to_owned(),
            Self::Done(false) => format!("not right yet: {wrong}"),
            Self::Unfinished(why) => format!("not finished: {why}"),
        }
    }
}

/// The fastest of `runs` runs of `code`, in milliseconds: the fastest run is
/// the one the rest of the machine disturbed least.
pub fn fastest_ms(runs: usize, mut code: impl FnMut()) -> f64 {
    (0..runs.max(1))
        .map(|_| {
            let start = std::time::Instant::now();
            code();
            start.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::INFINITY, f64::min)
}

impl<T: std::fmt::Debug> std::fmt::Display for Attempt<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Done(value) => write!(f, "{value:?}"),
            Self::Unfinished(why) => write!(f, "{why}"),
        }
    }
}

impl<T: std::fmt::Debug> Attempt<T> {
    /// Shows the value (its `Debug`) or the sentence saying why there is none,
    /// as plain text in Jupyter.
    pub fn evcxr_display(&self) {
        println!("EVCXR_BEGIN_CONTENT text/plain\n{self}\nEVCXR_END_CONTENT");
    }
}

/// Whether an attempt gave the expected answer, in one line.
///
/// Honest by construction: a wrong or missing answer never shows the expected
/// value (the student would copy it), only what they gave and, if the check
/// has one, a hint ([`Verdict::hint`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// What was checked.
    pub what: String,
    /// Whether it returned the expected value.
    pub passed: bool,
    /// The line shown to the reader (the hint comes after it).
    pub message: String,
    /// Shown after a wrong or missing answer, never after a right one.
    pub hint: Option<String>,
}

impl std::fmt::Display for Verdict {
    /// The message and the hint, wrapped at [`LINE_WIDTH`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let said = match &self.hint {
            Some(hint) if !self.passed => format!("{} Hint: {hint}", self.message),
            _ => self.message.clone(),
        };
        f.write_str(&wrap_lines(&said))
    }
}

impl Verdict {
    /// Adds a hint, shown only while the answer is not right.
    ///
    /// ```
    /// use queens::notebook::attempt::check;
    /// let wrong = check("doubling 2", 4, || 2 + 3).hint("twice 2 is 2 + 2.");
    /// assert_eq!(wrong.to_string(), "not yet: doubling 2 gives 5. Hint: twice 2 is 2 + 2.");
    /// ```
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Shows the verdict as plain text in Jupyter.
    pub fn evcxr_display(&self) {
        println!("EVCXR_BEGIN_CONTENT text/plain\n{self}\nEVCXR_END_CONTENT");
    }
}

/// Runs `code` like [`attempt`] and compares its value with `expected`:
/// passed, wrong (the value it gave, not the expected one), or stopped (why).
///
/// ```
/// let verdict = queens::notebook::attempt::check("doubling", 4, || 2 * 2);
/// assert!(verdict.passed);
/// assert_eq!(verdict.to_string(), "passed: doubling gives 4");
/// ```
pub fn check<T: PartialEq + std::fmt::Debug>(
    what: &str,
    expected: T,
    code: impl FnOnce() -> T,
) -> Verdict {
    judge(what, &expected, &attempt(what, code))
}

/// The verdict on an attempt that already ran: [`check`] without running.
pub fn judge<T: PartialEq + std::fmt::Debug>(
    what: &str,
    expected: &T,
    outcome: &Attempt<T>,
) -> Verdict {
    let (passed, message) = match outcome {
        Attempt::Done(value) if value == expected => {
            (true, format!("passed: {what} gives {}", brief(value)))
        }
        Attempt::Done(value) => (false, format!("not yet: {what} gives {}.", brief(value))),
        // One paragraph: the reason is wrapped already, and "not yet: " widens it.
        Attempt::Unfinished(why) => (false, rewrap(&format!("not yet: {why}"))),
    };
    Verdict {
        what: what.to_owned(),
        passed,
        message,
        hint: None,
    }
}

/// A self-check question: `given` is `None` until the student writes
/// `Some(answer)`, so the placeholder can never be right by accident; a wrong
/// answer gets `hint`, never the expected value.
///
/// ```
/// use queens::notebook::attempt::answer;
/// assert!(!answer("2 + 2", 4, None, "count on your fingers").passed);
/// assert_eq!(
///     answer("2 + 2", 4, Some(5), "count on your fingers").to_string(),
///     "not yet: 2 + 2: 5 is not it. Hint: count on your fingers"
/// );
/// assert_eq!(answer("2 + 2", 4, Some(4), "").to_string(), "passed: 2 + 2 is 4");
/// ```
pub fn answer<T: PartialEq + std::fmt::Debug>(
    what: &str,
    expected: T,
    given: Option<T>,
    hint: &str,
) -> Verdict {
    // No hint before any attempt: it would come before the student has tried.
    let hint = (given.is_some() && !hint.is_empty()).then(|| hint.to_owned());
    let (passed, message) = match given {
        None => (
            false,
            format!("not answered yet: {what}: replace `None` with `Some(your answer)`."),
        ),
        Some(value) if value == expected => (true, format!("passed: {what} is {value:?}")),
        Some(value) => (false, format!("not yet: {what}: {value:?} is not it.")),
    };
    Verdict {
        what: what.to_owned(),
        passed,
        message,
        hint,
    }
}

/// A value's `Debug`, cut to a line: a verdict stays readable when the
/// values are long lists.
/// The entries of a list a message shows before cutting it.
const LIST_SHOWN: usize = 6;

/// `text` with every long list (`[a, b, …]`, as `{:?}` prints a slice) cut to
/// its first entries and its length: a `todo!()` that names the colouring of
/// 49 states would otherwise fill the cell with `None`s.
fn shorten_lists(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let list = &rest[open..];
        // The list's top-level commas and its closing bracket.
        let (mut depth, mut commas, mut close) = (0usize, Vec::new(), None);
        for (i, c) in list.char_indices() {
            match c {
                '[' | '(' | '{' => depth += 1,
                ']' | ')' | '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(i);
                        break;
                    }
                }
                ',' if depth == 1 => commas.push(i),
                _ => {}
            }
        }
        match close {
            Some(close) if commas.len() >= LIST_SHOWN + 2 => {
                out.push_str(&list[..commas[LIST_SHOWN - 1]]);
                out.push_str(&format!(", … {} entries in all]", commas.len() + 1));
                rest = &list[close + 1..];
            }
            Some(close) => {
                out.push_str(&list[..=close]);
                rest = &list[close + 1..];
            }
            None => {
                out.push_str(list);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

fn brief(value: &impl std::fmt::Debug) -> String {
    const LIMIT: usize = 160;
    let text = format!("{value:?}");
    match text.char_indices().nth(LIMIT) {
        Some((cut, _)) => format!("{} …", &text[..cut]),
        None => text,
    }
}

thread_local! {
    /// `Some` while an [`attempt`] runs on this thread: where its panic happened.
    static ATTEMPT: RefCell<Option<Option<String>>> = const { RefCell::new(None) };
}

/// Installs, once per process, a panic hook that stays quiet for panics inside
/// an [`attempt`] on the panicking thread and passes every other panic to the
/// hook that was there before. One hook for the whole process, because the hook
/// is global: swapping it per attempt races when two threads attempt at once.
fn install_quiet_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let caught = ATTEMPT
                .try_with(|slot| match slot.borrow_mut().as_mut() {
                    Some(location) => {
                        *location = info
                            .location()
                            .map(|at| format!("{}:{}", at.file(), at.line()));
                        true
                    }
                    None => false,
                })
                .unwrap_or(false);
            if !caught {
                previous(info);
            }
        }));
    });
}

/// Runs `code` with its panic caught, the hook quiet: the value, or the
/// panic's message and where it happened (`file:line`, as the compiler wrote
/// the path). What [`attempt`] runs, and hands a rehearsal's copy to run.
fn quietly<T>(code: impl FnOnce() -> T) -> Result<T, (String, Option<String>)> {
    install_quiet_hook();
    // An attempt inside an attempt keeps the outer one's slot for afterwards.
    let outer = ATTEMPT.with(|slot| slot.replace(Some(None)));
    let outcome = panic::catch_unwind(AssertUnwindSafe(code));
    let location = ATTEMPT.with(|slot| slot.replace(outer)).flatten();
    outcome.map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_owned());
        (message, location)
    })
}

/// Runs `code`; a panic is caught silently and described instead of printed,
/// and a recursion without end, an endless loop, a runaway allocation or a
/// `process::exit` is stopped in a rehearsal before it can reach the kernel
/// ([`guard`], [`guard::time_limit`]; on Unix, with the feature `homework`,
/// which the notebooks that run a student's code take).
///
/// `what` names the code for the message. Panics elsewhere (other threads, or
/// outside any attempt) are reported as usual.
pub fn attempt<T>(what: &str, code: impl FnOnce() -> T) -> Attempt<T> {
    attempt_within(what, guard::time_limit(), code)
}

/// [`attempt`] with a time limit of its own for the rehearsal.
pub fn attempt_within<T>(what: &str, limit: Duration, code: impl FnOnce() -> T) -> Attempt<T> {
    // Installed here, before any copy is made: a copy has this thread alone,
    // and a hook another thread was half-way through installing would stay
    // half-installed there.
    install_quiet_hook();
    let code = match guard::rehearse(limit, code, |code| quietly(code).is_ok()) {
        Ok(code) => code,
        Err(failed) => {
            return Attempt::Unfinished(Unfinished {
                what: what.to_owned(),
                message: String::new(),
                location: None,
                stopped: Some(Box::new(failed)),
                suspect: None,
            });
        }
    };
    match quietly(|| guard::proven(code)) {
        Ok(value) => Attempt::Done(value),
        Err((message, location)) => {
            let suspect = location.as_deref().and_then(blank_at);
            let here = std::env::current_dir().ok();
            Attempt::Unfinished(Unfinished {
                what: what.to_owned(),
                message,
                location: location.map(|at| from_course_root(at, here.as_deref())),
                stopped: None,
                suspect,
            })
        }
    }
}

/// The blank whose lines hold `location` (`file:line`), read from the file's
/// markers (`// BLANK 2: consistent` … `// END BLANK 2`): "blank 2 — consistent",
/// as the handout's `todo!()`s spell it.
fn blank_at(location: &str) -> Option<String> {
    let (file, line) = location.rsplit_once(':')?;
    let line: usize = line.parse().ok()?;
    let text = std::fs::read_to_string(file).ok()?;
    let mut open = None;
    for (number, text) in text.lines().enumerate().take(line) {
        let text = text.trim();
        if let Some(name) = text.strip_prefix("// BLANK ") {
            open = Some(name.replacen(':', " —", 1));
        } else if text.starts_with("// END BLANK") {
            open = None;
        }
        if number + 1 == line {
            return open.map(|name| format!("blank {name}"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_yes_or_no_check_reads_right_not_right_yet_or_not_finished() {
        assert_eq!(attempt("yes", || true).verdict("it differs"), "right");
        assert_eq!(
            attempt("no", || false).verdict("it differs"),
            "not right yet: it differs"
        );
        let stopped = attempt("a blank", || -> bool { todo!("blank 1") });
        assert!(
            stopped.verdict("it differs").starts_with("not finished: "),
            "{}",
            stopped.verdict("it differs")
        );
        let mut runs = 0;
        assert!(fastest_ms(3, || runs += 1) >= 0.0);
        assert_eq!(runs, 3);
    }

    #[test]
    fn a_long_list_in_a_message_is_cut_to_its_first_entries() {
        let states: Vec<Option<usize>> = vec![None; 49];
        let text = format!("which region comes next in {states:?}? The first.");
        assert_eq!(
            shorten_lists(&text),
            "which region comes next in [None, None, None, None, None, None, … 49 entries in all]? The first."
        );
        // Short lists, nested ones and unclosed brackets stay as they are.
        for kept in [
            "in [1, 2, 3] and [[1, 2], [3]]",
            "[(1, 2), (3, 4)]",
            "an open [1, 2",
        ] {
            assert_eq!(shorten_lists(kept), kept);
        }
        let nested = format!("{:?}", vec![(1, 2); 9]);
        assert_eq!(
            shorten_lists(&nested),
            "[(1, 2), (1, 2), (1, 2), (1, 2), (1, 2), (1, 2), … 9 entries in all]"
        );
    }

    #[test]
    fn a_bare_todo_is_named_after_what_was_run() {
        let outcome = attempt("insert", || -> () { todo!() });
        let why = outcome.unfinished().unwrap();
        assert!(why.is_todo());
        assert_eq!(why.blank(), "insert");
        assert!(why.location.as_deref().unwrap().contains("attempt.rs"));
        assert!(
            why.to_string()
                .starts_with("insert is not yet implemented (src/notebook/attempt.rs:")
        );
        assert_eq!(why.hint(), None);
    }

    #[test]
    fn other_panics_are_reported_as_bugs() {
        let outcome = attempt("indexing", || {
            let v: Vec<u8> = Vec::new();
            v[usize::from(std::hint::black_box(3u8))]
        });
        let text = outcome.to_string();
        assert!(
            text.starts_with("indexing stopped with a panic ("),
            "{text}"
        );
        assert!(text.contains("index out of bounds"), "{text}");
        assert!(!outcome.is_done());
    }

    #[test]
    fn checks_say_passed_wrong_or_unfinished() {
        assert!(check("one", 1, || 1).passed);
        let wrong = check("two", 2, || 3);
        assert!(!wrong.passed);
        assert_eq!(wrong.to_string(), "not yet: two gives 3.");
        assert!(
            !wrong.to_string().contains('2'),
            "the expected value stays hidden"
        );
        let todo = check("three", 3, || -> i32 {
            todo!("blank 3 — delete: remove it")
        });
        assert!(
            todo.to_string()
                .starts_with("not yet: blank 3 — delete is not yet implemented (")
        );
        let said = todo
            .to_string()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(said.contains("Hint: remove it. Fill it in"), "{said}");
        assert!(
            todo.to_string()
                .lines()
                .all(|line| line.chars().count() <= LINE_WIDTH),
            "{todo}"
        );
    }

    #[test]
    fn a_panic_in_the_notebook_cell_does_not_point_into_the_kernel() {
        let why = Unfinished {
            what: "0usize - 3usize".into(),
            message: "attempt to subtract with overflow".into(),
            location: Some("src/lib.rs:110".into()),
            stopped: None,
            suspect: None,
        };
        assert_eq!(
            why.to_string(),
            "0usize - 3usize stopped with a panic: attempt to subtract with overflow."
        );
        let blank = Unfinished {
            location: Some("/home/me/queens/exercises/src/lib.rs:40".into()),
            ..why
        };
        assert!(
            blank
                .to_string()
                .contains("(/home/me/queens/exercises/src/lib.rs:40)")
        );
    }

    #[test]
    fn a_location_reads_from_the_course_root_as_the_handout_names_it() {
        let at = |location: &str, here: &str| {
            from_course_root(location.into(), Some(std::path::Path::new(here)))
        };
        let blank = "/home/me/queens/exercises/src/sudoku.rs:58";
        assert_eq!(
            at(blank, "/home/me/queens/notebooks"),
            "exercises/src/sudoku.rs:58"
        );
        assert_eq!(at(blank, "/home/me/queens"), "exercises/src/sudoku.rs:58");
        // Nothing in common but the root: the path as it was.
        assert_eq!(at(blank, "/srv/course"), blank);
        assert_eq!(at("src/lib.rs:110", "/home/me"), "src/lib.rs:110");
        assert_eq!(from_course_root(blank.into(), None), blank);
    }

    #[test]
    fn self_checks_never_pass_untouched_and_never_show_the_answer() {
        let untouched = answer("row - col of (5, 2)", 3isize, None, "subtract");
        assert!(!untouched.passed);
        assert!(!untouched.to_string().contains('3'), "{untouched}");
        assert!(
            !untouched.to_string().contains("Hint"),
            "no hint before an attempt"
        );
        let wrong = answer(
            "row - col of (5, 2)",
            3isize,
            Some(7),
            "subtract the column",
        );
        assert!(!wrong.passed);
        assert_eq!(
            wrong.to_string(),
            "not yet: row - col of (5, 2): 7 is not it. Hint: subtract the column"
        );
        let right = answer(
            "row - col of (5, 2)",
            3isize,
            Some(3),
            "subtract the column",
        );
        assert!(right.passed && !right.to_string().contains("Hint"));
        // A placeholder equal to the answer cannot exist: `None` is no answer.
        assert!(!answer("offset", 0usize, None, "").passed);
    }

    #[test]
    fn long_values_are_cut_to_a_line() {
        let verdict = check("a long list", vec![0u8; 500], || vec![0u8; 500]);
        assert!(verdict.passed);
        assert!(verdict.message.chars().count() < 200, "{}", verdict.message);
        assert!(verdict.message.ends_with('…'));
    }

    #[test]
    fn attempts_on_many_threads_at_once_each_keep_their_location() {
        let threads: Vec<_> = (0..8)
            .map(|_| {
                std::thread::spawn(|| {
                    (0..200)
                        .map(|_| attempt("t", || -> () { todo!("blank 1 — x: y") }))
                        .all(|a| a.unfinished().is_some_and(|u| u.location.is_some()))
                })
            })
            .collect();
        assert!(threads.into_iter().all(|t| t.join().unwrap()));
    }

    #[test]
    fn results_pass_through_and_map() {
        let outcome = attempt("sum", || 40).map(|x| x + 2);
        assert_eq!(outcome.to_string(), "42");
        assert_eq!(outcome.into_result(), Ok(42));
    }

    #[test]
    fn a_panic_inside_a_blank_names_the_blank() {
        let file = std::env::temp_dir().join(format!("queens-blank-at-{}.rs", std::process::id()));
        std::fs::write(
            &file,
            "fn a() {\n    // BLANK 2: insert\n    x[1];\n    // END BLANK 2\n    y[1];\n}\n",
        )
        .unwrap();
        let at = |line: usize| blank_at(&format!("{}:{line}", file.display()));
        assert_eq!(at(3).as_deref(), Some("blank 2 — insert"));
        assert_eq!(at(5), None, "after the blank's end");
        assert_eq!(at(1), None, "before it");
        std::fs::remove_file(&file).unwrap();
        let why = Unfinished {
            what: "your search".into(),
            message: "index out of bounds".into(),
            location: Some("exercises/src/lib.rs:3".into()),
            stopped: None,
            suspect: Some("blank 2 — insert".into()),
        };
        assert_eq!(
            why.to_string(),
            "your search stopped with a panic in blank 2 — insert (exercises/src/lib.rs:3): index out of bounds."
        );
        // A blank's own check already says which blank it is.
        let check = Unfinished {
            what: "blank 2 — insert".into(),
            ..why
        };
        assert_eq!(
            check.to_string(),
            "blank 2 — insert stopped with a panic (exercises/src/lib.rs:3): index out of bounds."
        );
    }
}
