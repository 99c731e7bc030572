//! Feedback for a student half-way through the blanks (notebook 03).
//!
//! * [`BlankCheck`]: one blank's check, remembered as done, not yet (still
//!   `todo!()`) or wrong; [`Progress`] lists them as a status table.
//! * [`first_difference`]: the first step where the student's search leaves
//!   the reference's, explained with the board at that moment ("you placed
//!   (2, 1); the reference prunes it: anti-diagonal 3 is taken by the queen on
//!   (1, 2)") and the blanks to suspect, most likely first. The shape of
//!   the difference orders them (a queen placed under an attacker whose line
//!   the search had already pruned with, before a backtrack, points at
//!   delete); [`Difference::knowing`] then uses what the blanks' own checks
//!   say (a blank that passes all of its own tests is not the first suspect).
//! * The pictures of the same feedback are in `display::feedback` (feature
//!   `svg`): the student's search drawn only when it ran, boards that are not
//!   solutions marked with the pair of queens that attack each other.
//!
//! ```
//! use queens::notebook::feedback::{BlankCheck, Progress, State};
//! let one = BlankCheck::run(1, "prune check", true, || true);
//! let two = BlankCheck::run(2, "insert", 3, || -> i32 { todo!("blank 2 — insert: add it") });
//! let three = BlankCheck::run(3, "delete", 0, || 1);
//! assert_eq!([one.state, two.state, three.state], [State::Done, State::NotYet, State::Wrong]);
//! let table = Progress::new([&one, &two, &three]).to_string();
//! assert!(table.contains("blank 2 — insert: not yet"), "{table}");
//! ```

use crate::board::constraint::Constraint;
use crate::board::coords::{Cell, anti_diagonal, diagonal};
use crate::notebook::attempt::{Attempt, Verdict, attempt, attempt_within, judge};
use crate::report::trace::Event;

/// Where one blank stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Its check passes.
    Done,
    /// Still `todo!()`.
    NotYet,
    /// It runs but gives the wrong value, or panics.
    Wrong,
}

impl State {
    fn word(self) -> &'static str {
        match self {
            Self::Done => "done",
            Self::NotYet => "not yet",
            Self::Wrong => "wrong",
        }
    }
}

/// One blank's check: its state and the verdict line shown under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlankCheck {
    /// The blank's number (1 to 3).
    pub number: usize,
    /// Its title ("prune check").
    pub title: String,
    /// Done, not yet or wrong.
    pub state: State,
    /// The line the notebook shows (never the expected value).
    pub verdict: Verdict,
}

impl BlankCheck {
    /// Runs `code` (the blank's check) and compares it with `expected`.
    pub fn run<T: PartialEq + std::fmt::Debug>(
        number: usize,
        title: &str,
        expected: T,
        code: impl FnOnce() -> T,
    ) -> Self {
        let what = format!("blank {number}, {title}");
        let outcome = attempt(&what, code);
        let state = match &outcome {
            Attempt::Done(value) if *value == expected => State::Done,
            Attempt::Unfinished(why) if why.is_todo() => State::NotYet,
            _ => State::Wrong,
        };
        Self {
            number,
            title: title.to_owned(),
            state,
            verdict: judge(&what, &expected, &outcome),
        }
    }

    /// Adds a hint to the verdict, shown when the blank gives a wrong value
    /// (a `todo!()` brings its own hint, from the handout).
    pub fn hint(mut self, hint: &str) -> Self {
        if self.state == State::Wrong {
            self.verdict = self.verdict.hint(hint);
        }
        self
    }

    /// Names the hint command of the homework called `homework` (as
    /// `--exercise` spells it) at the end of the verdict of a blank not done
    /// yet, so a student stuck on it knows where the next hint is. Call it
    /// after [`BlankCheck::hint`].
    pub fn hints_of(mut self, homework: &str) -> Self {
        if self.state == State::Done {
            return self;
        }
        let command = hint_command(Some(homework), Some(self.number));
        let stuck = format!("Stuck? `{command}` in a terminal gives one hint at a time.");
        match &mut self.verdict.hint {
            Some(hint) => *hint = format!("{} {stuck}", hint.trim_end()),
            None => self.verdict.message = format!("{} {stuck}", self.verdict.message.trim_end()),
        }
        self
    }

    /// A check that needs blank `needed` first (a delete takes back what an
    /// insert added): while `needed` is not done and this check does not
    /// pass, it says "not yet", says what it waits for and why, and shows no
    /// value. Call it last.
    pub fn after(mut self, needed: &BlankCheck, why: &str) -> Self {
        if needed.state == State::Done || self.state == State::Done {
            return self;
        }
        self.state = State::NotYet;
        self.verdict.passed = false;
        self.verdict.message = format!(
            "not yet: blank {}, {} is checked once blank {} is done ({why}).",
            self.number, self.title, needed.number
        );
        self.verdict.hint = None;
        self
    }

    /// Shows the verdict as plain text in Jupyter.
    pub fn evcxr_display(&self) {
        self.verdict.evcxr_display();
    }
}

impl std::fmt::Display for BlankCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.verdict.fmt(f)
    }
}

/// The command that prints the next hint for `blank` (every blank's list when
/// `None`) of the homework named `homework` (`None`: the course's first, which
/// needs no `--exercise`). The one place the command is spelled: the grader's
/// reports and the notebooks' [`Progress`] both use it.
///
/// ```
/// use queens::notebook::feedback::hint_command;
/// assert_eq!(hint_command(None, Some(2)), "cargo queens hint 2");
/// assert_eq!(hint_command(Some("sudoku"), Some(1)), "cargo queens hint 1 --exercise sudoku");
/// assert_eq!(hint_command(Some("sudoku"), None), "cargo queens hint --exercise sudoku");
/// ```
pub fn hint_command(homework: Option<&str>, blank: Option<usize>) -> String {
    let mut command = "cargo queens hint".to_owned();
    if let Some(blank) = blank {
        command.push_str(&format!(" {blank}"));
    }
    if let Some(homework) = homework {
        command.push_str(&format!(" --exercise {homework}"));
    }
    command
}

/// The status of every blank, one line each, and what to do next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// `(number, title, state)`, in order.
    pub blanks: Vec<(usize, String, State)>,
    /// The homework's name for `--exercise` (`None`: the course's first).
    pub homework: Option<String>,
}

impl Progress {
    /// The status of `checks`.
    pub fn new<'a>(checks: impl IntoIterator<Item = &'a BlankCheck>) -> Self {
        Self {
            blanks: checks
                .into_iter()
                .map(|c| (c.number, c.title.clone(), c.state))
                .collect(),
            homework: None,
        }
    }

    /// The same table for the homework named `name` (as `--exercise` spells
    /// it: `"sudoku"`), so that its hint command names it.
    pub fn homework(mut self, name: &str) -> Self {
        self.homework = Some(name.to_owned());
        self
    }

    /// Whether every blank is done.
    pub fn all_done(&self) -> bool {
        self.blanks.iter().all(|(_, _, s)| *s == State::Done)
    }

    /// The blanks whose checks pass, for [`Difference::knowing`].
    pub fn done(&self) -> Vec<usize> {
        self.blanks
            .iter()
            .filter(|b| b.2 == State::Done)
            .map(|b| b.0)
            .collect()
    }

    /// The first blank that is wrong, else the first not done.
    pub fn next(&self) -> Option<usize> {
        let first = |state| self.blanks.iter().find(|b| b.2 == state).map(|b| b.0);
        first(State::Wrong).or_else(|| first(State::NotYet))
    }

    /// Runs `code` as [`attempt`] does; when a rehearsal had to stop it (a
    /// recursion without end, an endless loop), names what to look at first:
    /// the first blank whose check does not pass, else the code around the
    /// blanks, since each passes its own check.
    pub fn attempt<T>(&self, what: &str, code: impl FnOnce() -> T) -> Attempt<T> {
        self.attempt_within(what, crate::notebook::guard::time_limit(), code)
    }

    /// [`Progress::attempt`] with a time limit of its own for the rehearsal.
    pub fn attempt_within<T>(
        &self,
        what: &str,
        limit: std::time::Duration,
        code: impl FnOnce() -> T,
    ) -> Attempt<T> {
        match attempt_within(what, limit, code) {
            Attempt::Unfinished(mut why) if why.stopped.is_some() && why.suspect.is_none() => {
                why.suspect = Some(self.suspect());
                Attempt::Unfinished(why)
            }
            outcome => outcome,
        }
    }

    /// The blank to look at first, in words.
    fn suspect(&self) -> String {
        let first = self
            .next()
            .and_then(|n| self.blanks.iter().find(|b| b.0 == n));
        match first {
            Some((number, title, State::NotYet)) => {
                format!("blank {number} — {title} (not done yet)")
            }
            Some((number, title, _)) => {
                format!("blank {number} — {title} (its check above does not pass)")
            }
            None => "the code around your blanks (each blank passes its own check above)".into(),
        }
    }

    /// Shows the table as plain text in Jupyter.
    pub fn evcxr_display(&self) {
        println!("EVCXR_BEGIN_CONTENT text/plain\n{self}\nEVCXR_END_CONTENT");
    }
}

impl std::fmt::Display for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (number, title, state) in &self.blanks {
            writeln!(f, "blank {number} — {title}: {}", state.word())?;
        }
        match self.next() {
            None => write!(f, "All blanks done: the search below is yours."),
            Some(n) => write!(
                f,
                "Next: blank {n} (`{}` in a terminal if you are stuck).",
                hint_command(self.homework.as_deref(), Some(n))
            ),
        }
    }
}

/// Where a student's search first leaves the reference's, for any search:
/// its steps are `S` and the position before a step is `P` ([`Difference`]
/// for the queens, `sudoku::feedback::SudokuDifference` for Sudoku).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence<S, P> {
    /// Index of the first differing step (0 = the first step).
    pub step: usize,
    /// The student's step there (`None`: their search had already ended).
    pub yours: Option<S>,
    /// The reference's step there (`None`: it had already ended).
    pub reference: Option<S>,
    /// The position just before that step, the same for both searches: the
    /// queens on the board (`queens[row] = col`), or the grid.
    pub before: P,
    /// What went wrong, in a sentence or two.
    pub explanation: String,
    /// The blank most likely at fault, when the steps say: the first of
    /// `suspects`, or after [`Divergence::knowing`] the first of them whose
    /// own checks do not all pass.
    pub likely_blank: Option<usize>,
    /// The blanks that could cause this difference, most likely first (from
    /// the shape of the difference alone); empty when the steps do not say.
    pub suspects: Vec<usize>,
}

/// Where the student's N-Queens search first leaves the reference's.
pub type Difference = Divergence<Event, Vec<usize>>;

/// "step N: what went wrong. Look at blank B first."
impl<S, P> std::fmt::Display for Divergence<S, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "step {}: {}", self.step + 1, self.explanation)?;
        if let Some(blank) = self.likely_blank {
            write!(f, " Look at blank {blank} first.")?;
        }
        Ok(())
    }
}

/// The first step where `yours` and `reference` differ, each step compared
/// as `bare` leaves it (without what a student's steps cannot say); `None`
/// when the two take the same steps.
pub fn first_differing_step<S: PartialEq>(
    yours: &[S],
    reference: &[S],
    bare: impl Fn(&S) -> S,
) -> Option<usize> {
    (0..yours.len().max(reference.len()))
        .find(|&i| yours.get(i).map(&bare) != reference.get(i).map(&bare))
}

impl<S: Clone, P> Divergence<S, P> {
    /// The difference at `step` of `yours` and `reference`, from the position
    /// `before` it, explained, blamed on the first of `suspects`.
    pub fn at(
        step: usize,
        yours: &[S],
        reference: &[S],
        before: P,
        (explanation, suspects): (String, Vec<usize>),
    ) -> Self {
        Self {
            step,
            yours: yours.get(step).cloned(),
            reference: reference.get(step).cloned(),
            before,
            explanation,
            likely_blank: suspects.first().copied(),
            suspects,
        }
    }
}

impl<S, P> Divergence<S, P> {
    /// The same difference, blamed with what is already known: `done` lists
    /// the blanks that pass every one of their own tests (or checks), and the
    /// blame goes to the first suspect not among them. When every suspect is
    /// done, the shape of the difference decides alone.
    ///
    /// A pure function, for notebook 03 ([`compare_steps`]) and the grader
    /// alike: `first_difference(&yours, &reference).map(|d| d.knowing(&[1, 2]))`
    /// when blanks 1 and 2 passed all their tests.
    ///
    /// ```
    /// use queens::notebook::feedback::Difference;
    /// let difference = Difference {
    ///     step: 7,
    ///     yours: None,
    ///     reference: None,
    ///     before: vec![0],
    ///     explanation: "…".into(),
    ///     likely_blank: Some(1),
    ///     suspects: vec![1, 2, 3],
    /// };
    /// assert_eq!(difference.clone().knowing(&[1]).likely_blank, Some(2));
    /// assert_eq!(difference.clone().knowing(&[1, 2]).likely_blank, Some(3));
    /// assert_eq!(difference.knowing(&[1, 2, 3]).likely_blank, Some(1));
    /// ```
    pub fn knowing(mut self, done: &[usize]) -> Self {
        // The first suspect not done, or the first suspect when all are.
        self.likely_blank = self
            .suspects
            .iter()
            .find(|blank| !done.contains(blank))
            .or(self.suspects.first())
            .copied();
        self
    }

    /// Shows the explanation as plain text in Jupyter.
    pub fn evcxr_display(&self) {
        println!("EVCXR_BEGIN_CONTENT text/plain\n{self}\nEVCXR_END_CONTENT");
    }
}

/// A step with the reasons of a prune left out: a student's steps do not say
/// which line pruned a cell.
fn bare(event: &Event) -> Event {
    match event {
        Event::Prune { row, col, .. } => Event::Prune {
            row: *row,
            col: *col,
            by: Vec::new(),
        },
        other => other.clone(),
    }
}

/// The first step where `yours` and `reference` differ (prunes compared
/// without their reasons), explained against the board at that moment;
/// `None` when the two searches take the same steps.
///
/// ```
/// use queens::{Strategy, notebook::feedback::first_difference, report::trace::Event, run::trace};
/// let reference = trace(4, Strategy::Sets)?;
/// // A prune check blind to anti-diagonals places (1, 0) under the queen on (0, 1).
/// let mut yours: Vec<Event> = reference.clone();
/// let second = reference.iter().position(|e| *e == Event::Place { row: 0, col: 1 }).unwrap();
/// let at = second + 1; // the reference prunes (1, 0) right after
/// assert!(matches!(reference[at], Event::Prune { row: 1, col: 0, .. }));
/// yours[at] = Event::Place { row: 1, col: 0 };
/// let why = first_difference(&yours, &reference).unwrap();
/// assert!(why.explanation.starts_with("you placed a queen on (1, 0); the reference prunes it: anti-diagonal 1 is taken by the queen on (0, 1)"), "{why}");
/// assert_eq!(why.likely_blank, Some(1));
/// # Ok::<(), queens::Error>(())
/// ```
pub fn first_difference(yours: &[Event], reference: &[Event]) -> Option<Difference> {
    let step = first_differing_step(yours, reference, bare)?;
    let queens = board_before(reference, step);
    let why = explain(
        &yours[..step],
        yours.get(step),
        reference.get(step),
        &queens,
    );
    Some(Divergence::at(step, yours, reference, queens, why))
}

/// The queens on the board after the first `step` events.
fn board_before(events: &[Event], step: usize) -> Vec<usize> {
    let mut queens = Vec::new();
    for event in &events[..step.min(events.len())] {
        match event {
            Event::Place { col, .. } => queens.push(*col),
            Event::Backtrack { .. } => {
                queens.pop();
            }
            _ => {}
        }
    }
    queens
}

/// Queens taken back in the first `step` events, latest first.
fn taken_back_before(events: &[Event], step: usize) -> Vec<Cell> {
    let mut cells: Vec<Cell> = events[..step.min(events.len())]
        .iter()
        .filter_map(|e| match e {
            Event::Backtrack { row, col } => Some(Cell::new(*row, *col)),
            _ => None,
        })
        .collect();
    cells.reverse();
    cells
}

const CONSTRAINTS: [Constraint; 3] = [
    Constraint::Column,
    Constraint::Diagonal,
    Constraint::AntiDiagonal,
];

/// The lines of `cell` that a queen of `queens` holds, each with the first
/// queen on it, in the check's order (column, diagonal, anti-diagonal).
fn attackers(cell: Cell, queens: &[usize]) -> Vec<(Constraint, Cell)> {
    let placed = queens.iter().enumerate().map(|(r, &c)| Cell::new(r, c));
    CONSTRAINTS
        .into_iter()
        .filter_map(|constraint| {
            let queen = placed.clone().find(|&q| shares(constraint, q, cell))?;
            Some((constraint, queen))
        })
        .collect()
}

/// "column 1 is taken by the queen on (0, 1)".
fn taken(constraint: Constraint, cell: Cell, queen: Cell) -> String {
    format!(
        "{} is taken by the queen on {queen}",
        line(constraint, cell)
    )
}

/// Evidence that `queen`'s key on `constraint` was in the sets and then went
/// missing: after she was placed, the student's search pruned a cell that
/// only that line attacked, and later took back another queen. Returns the
/// pruned cell and the queen taken back after it.
fn lost_key(steps: &[Event], constraint: Constraint, queen: Cell) -> Option<(Cell, Cell)> {
    let placed = steps.iter().rposition(|e| {
        *e == Event::Place {
            row: queen.row,
            col: queen.col,
        }
    })?;
    let mut seen = None;
    for (i, event) in steps.iter().enumerate().skip(placed + 1) {
        match event {
            Event::Prune { row, col, .. } if seen.is_none() => {
                let cell = Cell::new(*row, *col);
                let board = board_before(steps, i);
                if attackers(cell, &board) == [(constraint, queen)] {
                    seen = Some(cell);
                }
            }
            Event::Backtrack { row, col } => {
                if let Some(pruned) = seen {
                    return Some((pruned, Cell::new(*row, *col)));
                }
            }
            _ => {}
        }
    }
    None
}

fn shares(constraint: Constraint, a: Cell, b: Cell) -> bool {
    match constraint {
        Constraint::Column => a.col == b.col,
        Constraint::Diagonal => diagonal(a.row, a.col) == diagonal(b.row, b.col),
        Constraint::AntiDiagonal => anti_diagonal(a.row, a.col) == anti_diagonal(b.row, b.col),
    }
}

/// "column 1", "diagonal -1 (row - col)", "anti-diagonal 3".
fn line(constraint: Constraint, cell: Cell) -> String {
    match constraint {
        Constraint::Column => format!("column {}", cell.col),
        Constraint::Diagonal => format!("diagonal {}", diagonal(cell.row, cell.col)),
        Constraint::AntiDiagonal => format!("anti-diagonal {}", anti_diagonal(cell.row, cell.col)),
    }
}

fn describe(event: Option<&Event>) -> String {
    match event {
        None => "had already ended".to_owned(),
        Some(Event::Place { row, col }) => format!("placed a queen on ({row}, {col})"),
        Some(Event::Prune { row, col, .. }) => format!("pruned ({row}, {col})"),
        Some(Event::DeadEnd { row, col, .. }) => format!("skipped ({row}, {col}) as a dead end"),
        Some(Event::Backtrack { row, col }) => format!("took back the queen on ({row}, {col})"),
        Some(Event::Solution { queens }) => format!("recorded the solution {queens:?}"),
    }
}

/// The sentence for the first difference and the blanks to suspect, most
/// likely first; `before` holds the student's steps up to it.
fn explain(
    before: &[Event],
    yours: Option<&Event>,
    reference: Option<&Event>,
    queens: &[usize],
) -> (String, Vec<usize>) {
    match (yours, reference) {
        (Some(Event::Place { row, col }), Some(Event::Prune { .. })) => {
            let cell = Cell::new(*row, *col);
            let found = attackers(cell, queens);
            let why = found
                .iter()
                .map(|&(constraint, queen)| taken(constraint, cell, queen))
                .collect::<Vec<_>>()
                .join(", and ");
            let lost = found.iter().find_map(|&(constraint, queen)| {
                Some((constraint, queen, lost_key(before, constraint, queen)?))
            });
            match lost {
                Some((constraint, queen, (pruned, taken_back))) => (
                    format!(
                        "you placed a queen on {cell}; the reference prunes it: {why}. Your search \
                         did see that line earlier: it pruned {pruned}, which only the queen on \
                         {queen} attacks (through {}). Then it took back the queen on {taken_back}, \
                         and since then the key is gone: delete (blank 3) seems to remove more \
                         than the keys of the queen it takes back.",
                        line(constraint, pruned)
                    ),
                    vec![3, 1, 2],
                ),
                None => (
                    format!(
                        "you placed a queen on {cell}; the reference prunes it: {why}. Your prune \
                         check (blank 1) does not see that line, or insert (blank 2) never \
                         recorded it."
                    ),
                    vec![1, 2],
                ),
            }
        }
        (Some(Event::Prune { row, col, .. }), Some(Event::Place { .. })) => {
            let cell = Cell::new(*row, *col);
            let taken_back = taken_back_before(before, before.len());
            let ghost = taken_back
                .iter()
                .find(|&&q| CONSTRAINTS.into_iter().any(|c| shares(c, q, cell)));
            match ghost {
                Some(queen) => (
                    format!(
                        "you pruned {cell}; the reference places a queen there: no queen on the \
                         board attacks it. The queen on {queen}, taken back earlier, shares a line \
                         with it: delete (blank 3) seems to leave her keys in the sets."
                    ),
                    vec![3, 1, 2],
                ),
                None => (
                    format!(
                        "you pruned {cell}; the reference places a queen there: {}, {} and {} are \
                         all free. Your prune check (blank 1) sees an attack that is not there, or \
                         insert (blank 2) records a key the queen does not have.",
                        line(Constraint::Column, cell),
                        line(Constraint::Diagonal, cell),
                        line(Constraint::AntiDiagonal, cell)
                    ),
                    vec![1, 2],
                ),
            }
        }
        (yours, reference) => (
            format!(
                "you {}; the reference {}.",
                describe(yours),
                describe(reference)
            ),
            Vec::new(),
        ),
    }
}

/// One paragraph on a student's steps against the reference's: not run yet,
/// the same steps, or the first difference. With `progress`, the blame
/// skips the blanks whose own checks pass ([`Difference::knowing`]).
pub fn compare_steps(yours: &[Event], reference: &[Event], progress: Option<&Progress>) -> String {
    if yours.is_empty() {
        return "Your search has not run yet: fill the blanks, save, and run the cells again."
            .to_owned();
    }
    let Some(difference) = first_difference(yours, reference) else {
        return format!(
            "passed: your search takes exactly the reference's {} steps.",
            reference.len()
        );
    };
    let done: Vec<usize> = progress
        .map(|p| {
            p.blanks
                .iter()
                .filter(|b| b.2 == State::Done)
                .map(|b| b.0)
                .collect()
        })
        .unwrap_or_default();
    let difference = difference.knowing(&done);
    format!("not yet: your search leaves the reference's at {difference}")
}

impl<S: Clone> crate::notebook::handout::Handout<S> {
    /// The search on an `n × n` board, recorded, whatever the blanks do: a
    /// blank still `todo!()` or a panic is caught and said in a sentence, a
    /// search past [`NODE_BUDGET`](crate::notebook::handout::NODE_BUDGET) nodes is stopped, and one a rehearsal had
    /// to stop (a recursion without end, an endless loop) names the blank to
    /// look at first from `progress`, as every attempt of a notebook does
    /// ([`Progress::attempt`]). A notebook's one-line way to run the
    /// student's solver.
    ///
    /// ```
    /// use queens::notebook::feedback::Progress;
    /// use queens::notebook::handout::{Handout, Recorded};
    /// use queens::stores::sets::ConstraintSets;
    /// let yours = Handout::new(
    ///     ConstraintSets::new(),
    ///     ConstraintSets::is_attacked,
    ///     ConstraintSets::insert,
    ///     |_: &mut ConstraintSets, _, _| todo!("blank 3 — delete: remove the keys"),
    /// );
    /// let stopped = yours.record(4, &Progress::new([]));
    /// assert!(stopped.events().is_empty());
    /// assert!(stopped.to_string().starts_with("blank 3 — delete is not yet implemented"), "{stopped}");
    /// ```
    pub fn record(&self, n: usize, progress: &Progress) -> crate::notebook::handout::Recorded {
        use crate::notebook::handout::{NODE_BUDGET, Recorded};
        let yours = self.clone();
        let what = format!("your search for n = {n}");
        match progress.attempt(&what, || yours.explore(n, NODE_BUDGET)) {
            Attempt::Done(Ok(run)) => Recorded::Ran(run),
            Attempt::Done(Err(over)) => Recorded::OverBudget(over),
            Attempt::Unfinished(why) => Recorded::Stopped(why),
        }
    }
}

impl crate::notebook::handout::Recorded {
    /// [`compare_steps`] of this search against the library's own search of
    /// the same board, the blame skipping the blanks `progress` says are
    /// done: notebook 03's comparison in one call.
    pub fn compare(&self, progress: &Progress) -> Verdict {
        let message = match self {
            Self::Ran(run) => {
                let reference =
                    crate::run::trace(run.n, crate::strategy::Strategy::Sets).unwrap_or_default();
                compare_steps(&run.events(), &reference, Some(progress))
            }
            _ => compare_steps(&[], &[], None),
        };
        Verdict {
            what: "your steps against the reference's".to_owned(),
            passed: message.starts_with("passed"),
            message,
            hint: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::trace;
    use crate::strategy::Strategy;

    fn reference() -> Vec<Event> {
        trace(4, Strategy::Sets).unwrap()
    }

    #[test]
    fn the_same_search_has_no_difference() {
        let bare: Vec<Event> = reference().iter().map(bare).collect();
        assert_eq!(first_difference(&bare, &reference()), None);
    }

    #[test]
    fn a_stale_key_after_a_backtrack_points_at_delete() {
        // The reference places (1, 3) under (0, 0) after pruning (1, 2)? Find the
        // first place that follows a backtrack and turn it into a prune.
        let reference = reference();
        let at = (1..reference.len())
            .find(|&i| {
                matches!(reference[i], Event::Place { .. })
                    && reference[..i]
                        .iter()
                        .any(|e| matches!(e, Event::Backtrack { .. }))
                    && {
                        let Event::Place { row, col } = reference[i] else {
                            unreachable!()
                        };
                        let cell = Cell::new(row, col);
                        taken_back_before(&reference, i).iter().any(|&q| {
                            [
                                Constraint::Column,
                                Constraint::Diagonal,
                                Constraint::AntiDiagonal,
                            ]
                            .into_iter()
                            .any(|c| shares(c, q, cell))
                        })
                    }
            })
            .expect("some placement shares a line with a queen taken back");
        let mut yours = reference.clone();
        let Event::Place { row, col } = yours[at] else {
            unreachable!()
        };
        yours[at] = Event::Prune {
            row,
            col,
            by: Vec::new(),
        };
        let why = first_difference(&yours, &reference).unwrap();
        assert_eq!(why.likely_blank, Some(3), "{why}");
        assert!(why.explanation.contains("taken back earlier"), "{why}");
    }

    /// Blanks 1 and 2 right, delete written as `*self = Self::new()`: the
    /// search forgets the queens above at the first backtrack. The first
    /// difference is a queen placed under an attacker whose line the search
    /// had pruned with before that backtrack: delete, not the prune check.
    #[test]
    fn a_delete_that_clears_everything_is_blamed_on_blank_3() {
        use crate::notebook::handout::Handout;
        use crate::stores::sets::ConstraintSets;
        let clears = |sets: &mut ConstraintSets, _: usize, _: usize| *sets = ConstraintSets::new();
        let yours = Handout::new(
            ConstraintSets::new(),
            ConstraintSets::is_attacked,
            ConstraintSets::insert,
            clears,
        )
        .explore(4, 10_000)
        .unwrap()
        .events();
        let why = first_difference(&yours, &reference()).unwrap();
        assert_eq!(why.yours, Some(Event::Place { row: 2, col: 0 }), "{why}");
        assert_eq!(why.likely_blank, Some(3), "{why}");
        assert_eq!(why.suspects, [3, 1, 2]);
        assert!(why.to_string().ends_with("Look at blank 3 first."), "{why}");
        assert!(
            why.explanation.contains("took back the queen on (1, 2)"),
            "{why}"
        );
        // What notebook 03 knows: blanks 1 and 2 pass their checks, 3 fails.
        let progress = Progress::new([
            &BlankCheck::run(1, "prune check", 1, || 1),
            &BlankCheck::run(2, "insert", 1, || 1),
            &BlankCheck::run(3, "delete", 1, || 2),
        ]);
        let text = compare_steps(&yours, &reference(), Some(&progress));
        assert!(text.ends_with("Look at blank 3 first."), "{text}");
        // And what the grader knows after its tests: the same blame.
        assert_eq!(why.knowing(&[1, 2]).likely_blank, Some(3));
    }

    #[test]
    fn a_prune_check_blind_to_a_line_is_still_blamed_on_blank_1() {
        use crate::notebook::handout::Handout;
        use crate::stores::sets::ConstraintSets;
        // Blind to anti-diagonals: no backtrack comes before the difference.
        let blind = |sets: &ConstraintSets, row: usize, col: usize| {
            let attack = sets.attack(row, col);
            attack.column || attack.diagonal
        };
        let yours = Handout::new(
            ConstraintSets::new(),
            blind,
            ConstraintSets::insert,
            ConstraintSets::delete,
        )
        .explore(4, 10_000)
        .unwrap()
        .events();
        let why = first_difference(&yours, &reference()).unwrap();
        assert_eq!(why.likely_blank, Some(1), "{why}");
        assert_eq!(why.clone().knowing(&[1]).likely_blank, Some(2));
        assert_eq!(why.knowing(&[1, 2]).likely_blank, Some(1));
    }

    #[test]
    fn an_early_end_is_described() {
        let reference = reference();
        let why = first_difference(&reference[..3], &reference).unwrap();
        assert_eq!(why.step, 3);
        assert!(
            why.explanation
                .starts_with("you had already ended; the reference"),
            "{why}"
        );
        assert_eq!(why.likely_blank, None);
    }

    #[test]
    fn comparing_steps_says_not_run_same_or_where() {
        let reference = reference();
        assert!(compare_steps(&[], &reference, None).contains("has not run yet"));
        assert!(compare_steps(&reference, &reference, None).starts_with("passed"));
        let mut yours = reference.clone();
        let second = yours
            .iter()
            .position(|e| *e == Event::Place { row: 0, col: 1 })
            .unwrap();
        yours[second + 1] = Event::Place { row: 1, col: 0 };
        assert!(compare_steps(&yours, &reference, None).ends_with("Look at blank 1 first."));
        let progress = Progress::new([
            &BlankCheck::run(1, "prune check", 1, || 1),
            &BlankCheck::run(2, "insert", 1, || 2),
        ]);
        let text = compare_steps(&yours, &reference, Some(&progress));
        assert!(text.ends_with("Look at blank 2 first."), "{text}");
    }

    #[test]
    fn progress_names_the_next_blank() {
        let done = BlankCheck::run(1, "prune check", 1, || 1);
        let wrong = BlankCheck::run(3, "delete", 1, || 2).hint("remove all three keys");
        assert!(wrong.to_string().ends_with("Hint: remove all three keys"));
        let todo = BlankCheck::run(2, "insert", 1, || -> i32 {
            todo!("blank 2 — insert: add it")
        })
        .hint("remove all three keys");
        assert_eq!(todo.to_string().matches("Hint:").count(), 1, "{todo}");
        let named = BlankCheck::run(2, "insert", 1, || -> i32 {
            todo!("blank 2 — insert: add it")
        })
        .hints_of("sudoku")
        .to_string();
        assert!(
            named.contains("Stuck? `cargo queens hint 2 --exercise sudoku`"),
            "{named}"
        );
        let right = BlankCheck::run(1, "prune check", 1, || 1).hints_of("sudoku");
        assert!(!right.to_string().contains("Stuck?"), "{right}");
        let progress = Progress::new([&done, &wrong]);
        assert_eq!(progress.next(), Some(3));
        assert!(!progress.all_done());
        assert!(
            Progress::new([&done])
                .to_string()
                .contains("All blanks done")
        );
        assert!(
            progress
                .to_string()
                .ends_with("(`cargo queens hint 3` in a terminal if you are stuck).")
        );
        let sudoku = Progress::new([&done, &wrong])
            .homework("sudoku")
            .to_string();
        assert!(
            sudoku.contains("`cargo queens hint 3 --exercise sudoku`"),
            "{sudoku}"
        );
    }

    #[test]
    fn a_search_that_never_ends_names_the_first_blank_whose_check_fails() {
        let done = BlankCheck::run(1, "prune check", true, || true);
        let wrong = BlankCheck::run(2, "insert", 2, || 3);
        let never = || -> u8 {
            while std::hint::black_box(true) {}
            0
        };
        let stopped = |progress: &Progress| {
            progress
                .attempt_within("your search", std::time::Duration::from_millis(300), never)
                .to_string()
        };
        let said = stopped(&Progress::new([&done, &wrong]));
        assert!(
            said.starts_with("your search was still running after 0.3 s")
                && said.contains("Look first at blank 2 — insert (its check above does not pass).")
                && said.contains("your variables are kept"),
            "{said}"
        );
        let all_done = stopped(&Progress::new([&done]));
        assert!(
            all_done.contains("Look first at the code around your blanks"),
            "{all_done}"
        );
        // A panic names its own place; the blame is for what does not unwind.
        let panicked = Progress::new([&done, &wrong])
            .attempt("your search", || -> u8 { panic!("oops") })
            .to_string();
        assert!(!panicked.contains("Look first"), "{panicked}");
    }
}
