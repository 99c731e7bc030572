//! `--lms canvas|moodle --roster ROSTER.csv`: a batch's grades as the file
//! the LMS imports, joined to the class roster by the submission ids (the
//! batch's folder names, or the ids read off an LMS's download).
//!
//! **The roster** is a CSV with a header: a list of your own (`login`,
//! `name`, `email`, …), a gradebook exported from Canvas (`Student, ID, SIS
//! User ID, SIS Login ID, Section`, its assignments as `Name (ID)`, a `Points
//! Possible` row), or a grade export from Moodle (`First name, Last name, ID
//! number, Institution, Department, Email address`, its grade items, `Last
//! downloaded from this course`), each as it comes. A submission joins the
//! student one of whose identifiers it is named by: login (`SIS Login ID`,
//! `username`), e-mail address (or the part before its `@`), institution id
//! (`SIS User ID`, `ID number`), Canvas user id (`ID`, or the number a
//! Canvas download ends its id with).
//!
//! **The import file** has a row only for a student who has a grade. Both
//! LMSs read an empty cell as "no grade" and would erase the one there
//! (Canvas: `GradebookImporter#no_change_to_value?` counts a blank over a
//! score as a change; Moodle: `gradeimport_csv_load_data` imports `''` or
//! `-` as a null grade); a student who is not in the file keeps their grade
//! in both. So students with no submission (no folder, or a folder without
//! the homework's file: `no-submission`, never a 0), and submissions the grader
//! could not grade (`grader-error`), get no row: they are listed in
//! [`Export::summary`], never dropped silently. Canvas's file updates the
//! roster's own assignment column when the roster is a Canvas export that
//! has one for the homework ([`target`]), else creates an assignment;
//! Moodle's file is Moodle's own export's shape, mapped on upload by the
//! identifier column [`Export::moodle_key`] names.

use std::path::Path;

use crate::grader::Status;
use crate::homework::Homework;

/// The LMS whose import file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lms {
    /// Canvas's gradebook CSV.
    Canvas,
    /// Moodle's grade import CSV.
    Moodle,
}

impl Lms {
    /// Every LMS, in the order `--help` lists them.
    pub const ALL: [Lms; 2] = [Self::Canvas, Self::Moodle];

    /// The name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Canvas => "canvas",
            Self::Moodle => "moodle",
        }
    }

    /// Its name for people.
    pub const fn title(self) -> &'static str {
        match self {
            Self::Canvas => "Canvas",
            Self::Moodle => "Moodle",
        }
    }
}

impl std::str::FromStr for Lms {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|lms| lms.name() == name)
            .ok_or_else(|| format!("unknown LMS '{name}' (canvas or moodle)"))
    }
}

/// One student of the roster.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Student {
    /// Their login (`login`, Canvas's `SIS Login ID`, Moodle's `username`).
    pub login: String,
    /// Their name as the roster gives it (Canvas: `Last, First`), else
    /// `First Last` from Moodle's two columns.
    pub name: String,
    /// Their first name (Moodle's `First name`; from `Last, First`).
    pub first_name: String,
    /// Their last name.
    pub last_name: String,
    /// Canvas's user id (`ID`).
    pub canvas_id: String,
    /// The institution's id (`SIS User ID`, Moodle's `ID number`).
    pub sis_id: String,
    /// Their section.
    pub section: String,
    /// Their e-mail address.
    pub email: String,
}

impl Student {
    /// Every identifier a submission may be named by: login, e-mail address
    /// and its part before the `@`, institution id, Canvas user id.
    fn keys(&self) -> impl Iterator<Item = &str> {
        let local = self.email.split_once('@').map(|(local, _)| local);
        [
            Some(self.login.as_str()),
            Some(self.email.as_str()),
            local,
            Some(self.sis_id.as_str()),
            Some(self.canvas_id.as_str()),
        ]
        .into_iter()
        .flatten()
        .filter(|key| !key.is_empty())
    }

    /// How the LMS files and warnings name them: their login, else their
    /// first identifier.
    pub fn id(&self) -> &str {
        self.keys().next().unwrap_or("")
    }
}

/// Where a roster came from, which says what its grade columns are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A list of students of your own.
    Plain,
    /// Canvas's gradebook export.
    Canvas,
    /// Moodle's grade export.
    Moodle,
}

/// A grade column of an exported gradebook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// The header as the LMS wrote it (`N-Queens (1234)`, `Assignment:
    /// N-Queens (Real)`): written back as it is, the LMS updates it.
    pub header: String,
    /// Its title alone (`N-Queens`).
    pub title: String,
    /// Its points possible, when the export says (Canvas).
    pub points: String,
}

/// The class roster, in its file's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roster {
    /// Its students.
    pub students: Vec<Student>,
    /// What kind of file it was.
    pub source: Source,
    /// The grade columns of an LMS's export (none for a plain list).
    pub columns: Vec<Column>,
}

/// The names each roster field may go by in a header, compared without case.
const COLUMNS: [(&str, &[&str]); 8] = [
    ("login", &["login", "sis login id", "username"]),
    ("name", &["name", "student", "full name"]),
    ("first_name", &["first name", "firstname"]),
    ("last_name", &["last name", "lastname", "surname"]),
    ("canvas_id", &["canvas_id", "id"]),
    (
        "sis_id",
        &[
            "sis_id",
            "sis user id",
            "id number",
            "id_number",
            "idnumber",
        ],
    ),
    ("section", &["section"]),
    ("email", &["email", "email address", "e-mail address"]),
];

/// Columns of Canvas's export that are neither a student's nor an
/// assignment's (Canvas computes them; its importer ignores them).
const CANVAS_OTHER_COLUMNS: [&str; 4] = ["Integration ID", "Root Account", "Current ", "Final "];

/// Columns of Moodle's export that are not grade items.
const MOODLE_OTHER_COLUMNS: [&str; 4] = [
    "institution",
    "department",
    "last downloaded from this course",
    "course total",
];

impl Roster {
    /// Reads the roster at `path`; a bad file is one line naming it.
    pub fn read(path: &Path) -> Result<Self, String> {
        let file = std::fs::File::open(path)
            .map_err(|e| format!("cannot read the roster {}: {e}", path.display()))?;
        Self::from_reader(file).map_err(|e| format!("roster {}: {e}", path.display()))
    }

    /// Reads a roster from CSV text.
    pub fn from_reader(input: impl std::io::Read) -> Result<Self, String> {
        let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(input);
        let header: Vec<String> = reader
            .headers()
            .map_err(|e| e.to_string())?
            .iter()
            // Excel and Moodle may start the file with a byte-order mark.
            .map(|h| h.trim_start_matches('\u{feff}').trim().to_owned())
            .collect();
        let position = |field: &str| {
            let names = COLUMNS.iter().find(|(f, _)| *f == field).map(|(_, n)| *n)?;
            header
                .iter()
                .position(|h| names.contains(&h.to_lowercase().as_str()))
        };
        let [
            login,
            name,
            first_name,
            last_name,
            canvas_id,
            sis_id,
            section,
            email,
        ] = [
            "login",
            "name",
            "first_name",
            "last_name",
            "canvas_id",
            "sis_id",
            "section",
            "email",
        ]
        .map(position);
        if [login, canvas_id, sis_id, email]
            .iter()
            .all(Option::is_none)
        {
            return Err(
                "no login column (login, SIS Login ID, username, ID, SIS User ID, ID number or \
                 Email address): nothing to join the submissions' ids to"
                    .to_owned(),
            );
        }
        let source = if header.first().is_some_and(|h| h == "Student")
            && header.get(1).is_some_and(|h| h == "ID")
        {
            Source::Canvas
        } else if first_name.is_some() && last_name.is_some() && (email.or(sis_id)).is_some() {
            Source::Moodle
        } else {
            Source::Plain
        };
        let identity = [
            login, name, first_name, last_name, canvas_id, sis_id, section, email,
        ];
        let grade_columns: Vec<usize> = (0..header.len())
            .filter(|at| !identity.contains(&Some(*at)))
            .filter(|&at| is_grade_column(source, &header[at]))
            .collect();
        let mut columns: Vec<Column> = grade_columns
            .iter()
            .map(|&at| Column {
                header: header[at].clone(),
                title: column_title(source, &header[at]),
                points: String::new(),
            })
            .collect();
        let mut students = Vec::new();
        for (index, record) in reader.records().enumerate() {
            let record = record.map_err(|e| e.to_string())?;
            let field = |at: Option<usize>| {
                at.and_then(|at| record.get(at))
                    .unwrap_or("")
                    .trim()
                    .to_owned()
            };
            let mut student = Student {
                login: field(login),
                name: field(name),
                first_name: field(first_name),
                last_name: field(last_name),
                canvas_id: field(canvas_id),
                sis_id: field(sis_id),
                section: field(section),
                email: field(email),
            };
            // Canvas's export has a "Points Possible" line (and, with manual
            // posting, a line saying so) before its students.
            let first = record.get(0).unwrap_or("").trim();
            if first == "Points Possible" {
                for (column, &at) in columns.iter_mut().zip(&grade_columns) {
                    column.points = record.get(at).unwrap_or("").trim().to_owned();
                }
                continue;
            }
            if record
                .iter()
                .all(|cell| cell.trim().is_empty() || cell.trim().starts_with("Manual Posting"))
            {
                continue;
            }
            // Canvas's Student View user, in every Canvas export.
            if source == Source::Canvas && student.name == "Student, Test" {
                continue;
            }
            complete_names(&mut student);
            if student.keys().next().is_none() {
                return Err(format!(
                    "line {}: no login, id or e-mail address for {}",
                    index + 2,
                    if student.name.is_empty() {
                        "this student"
                    } else {
                        &student.name
                    }
                ));
            }
            if !student.login.is_empty()
                && students.iter().any(|s: &Student| s.login == student.login)
            {
                return Err(format!(
                    "line {}: the login '{}' is there twice",
                    index + 2,
                    student.login
                ));
            }
            students.push(student);
        }
        Ok(Self {
            students,
            source,
            columns,
        })
    }

    /// The student a submission called `id` is: the one student `id` is an
    /// identifier of, else (an id read off a Canvas download, `name_123`) the
    /// one whose Canvas user id ends it. `Err` lists them when several are.
    pub fn student(&self, id: &str) -> Result<Option<&Student>, Vec<&Student>> {
        let id = id.trim();
        let exact: Vec<&Student> = self
            .students
            .iter()
            .filter(|s| s.keys().any(|key| key.eq_ignore_ascii_case(id)))
            .collect();
        let found = if exact.is_empty() {
            match id.rsplit_once('_') {
                Some((_, user)) if !user.is_empty() && user.bytes().all(|b| b.is_ascii_digit()) => {
                    self.students
                        .iter()
                        .filter(|s| s.canvas_id == user)
                        .collect()
                }
                _ => Vec::new(),
            }
        } else {
            exact
        };
        match found.as_slice() {
            [] => Ok(None),
            [one] => Ok(Some(*one)),
            _ => Err(found),
        }
    }
}

/// Whether the header of an export's column is a grade column of `source`.
fn is_grade_column(source: Source, header: &str) -> bool {
    match source {
        Source::Plain => false,
        // Assignments are `Name (ID)`; Canvas's computed columns are not.
        Source::Canvas => {
            !CANVAS_OTHER_COLUMNS.iter().any(|other| {
                header.starts_with(other) || header.contains(&format!("Unposted {other}"))
            }) && canvas_title_and_id(header).is_some()
        }
        Source::Moodle => {
            let lower = header.to_lowercase();
            !MOODLE_OTHER_COLUMNS
                .iter()
                .any(|other| lower.starts_with(other))
        }
    }
}

/// `("N-Queens", "1234")` from Canvas's `N-Queens (1234)`.
fn canvas_title_and_id(header: &str) -> Option<(&str, &str)> {
    let (title, id) = header.strip_suffix(')')?.rsplit_once(" (")?;
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())).then_some((title, id))
}

/// A grade column's title: Canvas's without its id, Moodle's without its
/// module (`Assignment: `) and its display type (` (Real)`).
fn column_title(source: Source, header: &str) -> String {
    match source {
        Source::Canvas => canvas_title_and_id(header).map_or(header, |(title, _)| title),
        Source::Moodle => {
            let title = header.split_once(": ").map_or(header, |(_, title)| title);
            title
                .rsplit_once(" (")
                .filter(|(_, kind)| kind.ends_with(')'))
                .map_or(title, |(title, _)| title)
        }
        Source::Plain => header,
    }
    .trim()
    .to_owned()
}

/// Fills the name from first and last, or first and last from Canvas's
/// `Last, First`.
fn complete_names(student: &mut Student) {
    if student.name.is_empty() {
        student.name = [student.first_name.as_str(), student.last_name.as_str()]
            .iter()
            .filter(|part| !part.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
    } else if student.first_name.is_empty() && student.last_name.is_empty() {
        match student.name.split_once(", ") {
            Some((last, first)) => {
                student.last_name = last.to_owned();
                student.first_name = first.to_owned();
            }
            None => student.first_name = student.name.clone(),
        }
    }
}

/// The grade column the import file fills.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// The roster's own column, header as it is: the LMS updates it.
    Update(Column),
    /// A column the LMS makes a new assignment (Canvas) or grade item
    /// (Moodle) of.
    Create(String),
}

impl Target {
    /// The header the import file writes.
    pub fn header(&self) -> &str {
        match self {
            Self::Update(column) => &column.header,
            Self::Create(name) => name,
        }
    }

    /// What the import does, for the instructor.
    pub fn describe(&self, lms: Lms) -> String {
        match (self, lms) {
            (Self::Update(column), Lms::Canvas) => {
                format!("updating Canvas column '{}'", column.header)
            }
            (Self::Update(column), Lms::Moodle) => format!(
                "updating Moodle grade item '{}' (map its column to it on upload)",
                column.header
            ),
            (Self::Create(name), Lms::Canvas) => {
                format!("creating a new Canvas assignment '{name}'")
            }
            (Self::Create(name), Lms::Moodle) => format!(
                "a new Moodle grade item '{name}' (map its column to \"new grade item\" on upload)"
            ),
        }
    }
}

/// The column the grades of `homework` go to in `lms`: with `asked`
/// (`--assignment`), the roster's column of that header or title, else a
/// new one so named; without, the roster's column whose title names the
/// homework (`N-Queens (1234)`), else a new `queens <homework>`. Several
/// columns that fit are one error listing them.
pub fn target(
    lms: Lms,
    roster: &Roster,
    asked: Option<&str>,
    homework: &Homework,
) -> Result<Target, String> {
    let same_lms = matches!(
        (lms, roster.source),
        (Lms::Canvas, Source::Canvas) | (Lms::Moodle, Source::Moodle)
    );
    let columns: &[Column] = if same_lms { &roster.columns } else { &[] };
    let fitting: Vec<&Column> = match asked {
        Some(asked) => {
            let asked = asked.trim();
            if let Some(exact) = columns.iter().find(|c| c.header == asked) {
                return Ok(Target::Update(exact.clone()));
            }
            columns
                .iter()
                .filter(|c| c.title.eq_ignore_ascii_case(asked))
                .collect()
        }
        None => columns
            .iter()
            .filter(|c| names_homework(&c.title, homework))
            .collect(),
    };
    match fitting.as_slice() {
        [] => Ok(Target::Create(
            asked.map_or_else(|| format!("queens {homework}"), str::to_owned),
        )),
        [one] => Ok(Target::Update((*one).clone())),
        several => Err(format!(
            "the roster has {} {} columns for {}: {}; give --assignment with the one to update",
            several.len(),
            lms.title(),
            asked.map_or_else(|| format!("the {homework} homework"), |a| format!("'{a}'")),
            several
                .iter()
                .map(|c| format!("'{}'", c.header))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Whether a column's title names `homework`: its name or its title's first
/// words (`N-Queens`), letters and digits compared without case.
fn names_homework(title: &str, homework: &Homework) -> bool {
    let plain = |text: &str| -> String {
        text.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let title = plain(title);
    let short = plain(homework.title.split(':').next().unwrap_or(homework.title));
    title.contains(&plain(homework.name)) || (!short.is_empty() && title.contains(&short))
}

/// One graded submission as the export needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    /// The submission's id.
    pub id: String,
    /// Points earned.
    pub points: String,
    /// Points possible.
    pub max: String,
    /// Its status (`graded`, `grader-error`, …): a grader error is no grade.
    pub status: String,
}

/// The import file and what could not be joined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Export {
    /// The CSV the LMS imports.
    pub csv: String,
    /// Submission ids on no roster line (not in the file).
    pub unmatched: Vec<String>,
    /// Submission ids that name several students (not in the file).
    pub ambiguous: Vec<String>,
    /// Students of the roster with no submission, or whose submission has
    /// no homework file (`no-submission`): not in the file, their grade in
    /// the LMS stays as it is.
    pub missing: Vec<String>,
    /// Submissions the grader could not grade (not in the file: grade them
    /// again).
    pub regrade: Vec<String>,
    /// Moodle: the identifier column to map users from on upload.
    pub moodle_key: Option<&'static str>,
    /// Canvas: the column updated and its points possible in the roster,
    /// when they are not the grades' (the import's `Points Possible` row
    /// sets them to the grades').
    /// `(header, its points, the grades' points)`.
    pub points_changed: Option<(String, String, String)>,
}

impl Export {
    /// The lines to say loudly: empty when everything joined.
    pub fn summary(&self) -> Vec<(String, Vec<String>)> {
        let mut sections = Vec::new();
        let mut add = |ids: &[String], heading: String| {
            if !ids.is_empty() {
                sections.push((heading, ids.to_vec()));
            }
        };
        add(
            &self.regrade,
            format!(
                "{} not graded (grader-error; no grade in the LMS file): regrade {}",
                crate::explanation::counted(self.regrade.len(), "submission"),
                if self.regrade.len() == 1 {
                    "it"
                } else {
                    "them"
                }
            ),
        );
        add(
            &self.unmatched,
            format!(
                "{} {} no student of the roster (not in the LMS file)",
                crate::explanation::counted(self.unmatched.len(), "submission"),
                if self.unmatched.len() == 1 {
                    "matches"
                } else {
                    "match"
                }
            ),
        );
        add(
            &self.ambiguous,
            format!(
                "{} {} several students of the roster (not in the LMS file)",
                crate::explanation::counted(self.ambiguous.len(), "submission"),
                if self.ambiguous.len() == 1 {
                    "matches"
                } else {
                    "match"
                }
            ),
        );
        if let Some((header, points, ours)) = &self.points_changed {
            add(
                std::slice::from_ref(header),
                format!(
                    "the roster's column is out of {points} points, the grades out of {ours}: \
                     importing sets its points possible to {ours} (change the points in \
                     queens.toml or in Canvas if that is not what you want)"
                ),
            );
        }
        add(
            &self.missing,
            format!(
                "{} of the roster {} no submission (not in the LMS file: their grade stays as \
                 it is)",
                crate::explanation::counted(self.missing.len(), "student"),
                if self.missing.len() == 1 {
                    "has"
                } else {
                    "have"
                }
            ),
        );
        sections
    }
}

/// One field of a student, read.
type Field = fn(&Student) -> &str;

/// The import file of `lms` for `scores`, joined to `roster`, the grades in
/// the column `target` says.
pub fn export(
    lms: Lms,
    roster: &Roster,
    scores: &[Score],
    target: &Target,
) -> Result<Export, csv::Error> {
    let grader_error = Status::GraderError.name();
    let no_submission = Status::NoSubmission.name();
    let max = scores
        .iter()
        .filter(|s| s.status != grader_error)
        .map(|s| s.max.as_str())
        .find(|m| !m.is_empty())
        .unwrap_or("");
    let mut out = Export {
        csv: String::new(),
        unmatched: Vec::new(),
        ambiguous: Vec::new(),
        missing: Vec::new(),
        regrade: Vec::new(),
        moodle_key: None,
        points_changed: None,
    };
    if let (Lms::Canvas, Target::Update(column)) = (lms, target) {
        let number = |text: &str| text.trim().parse::<f64>().ok();
        if let (Some(theirs), Some(ours)) = (number(&column.points), number(max))
            && theirs != ours
        {
            out.points_changed =
                Some((column.header.clone(), column.points.clone(), max.to_owned()));
        }
    }
    // Each student's grade, in the roster's order: never an empty cell.
    let mut graded: Vec<(&Student, &str)> = Vec::new();
    let mut joined: Vec<&Student> = Vec::new();
    for score in scores {
        match roster.student(&score.id) {
            // A folder with no homework file is no submission: the student
            // is listed as one with none, and their grade stays as it is.
            Ok(Some(_)) if score.status == no_submission => {}
            Ok(Some(student)) => {
                joined.push(student);
                if score.status == grader_error || score.points.trim().is_empty() {
                    out.regrade.push(score.id.clone());
                } else {
                    graded.push((student, score.points.as_str()));
                }
            }
            Ok(None) => out.unmatched.push(score.id.clone()),
            Err(_) => out.ambiguous.push(score.id.clone()),
        }
    }
    let rows: Vec<(&Student, &str)> = roster
        .students
        .iter()
        .filter_map(|student| {
            graded
                .iter()
                .find(|(s, _)| std::ptr::eq(*s, student))
                .map(|(_, points)| (student, *points))
        })
        .collect();
    out.missing = roster
        .students
        .iter()
        .filter(|student| !joined.iter().any(|s| std::ptr::eq(*s, *student)))
        .map(|student| student.id().to_owned())
        .collect();
    let mut writer = csv::Writer::from_writer(Vec::new());
    let column = target.header();
    match lms {
        Lms::Canvas => {
            writer.write_record([
                "Student",
                "ID",
                "SIS User ID",
                "SIS Login ID",
                "Section",
                column,
            ])?;
            writer.write_record(["Points Possible", "", "", "", "", max])?;
            for (student, points) in &rows {
                writer.write_record([
                    &student.name,
                    &student.canvas_id,
                    &student.sis_id,
                    &student.login,
                    &student.section,
                    *points,
                ])?;
            }
        }
        Lms::Moodle => {
            // Moodle's own export's columns, then the grade; users are mapped
            // on upload by the first identifier every row has.
            let fields: [(&str, Field); 3] = [
                ("Email address", |s| &s.email),
                ("ID number", |s| &s.sis_id),
                ("username", |s| &s.login),
            ];
            let key = fields
                .into_iter()
                .find(|(_, field)| !rows.iter().any(|(s, _)| field(s).is_empty()))
                .map(|(name, _)| name);
            out.moodle_key = key;
            writer.write_record([
                "First name",
                "Last name",
                "ID number",
                "Email address",
                "username",
                column,
            ])?;
            for (student, points) in &rows {
                writer.write_record([
                    &student.first_name,
                    &student.last_name,
                    &student.sis_id,
                    &student.email,
                    &student.login,
                    *points,
                ])?;
            }
        }
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| csv::Error::from(e.into_error()))?;
    out.csv = String::from_utf8_lossy(&bytes).into_owned();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::homeworks;

    /// A gradebook as Canvas exports it (Grades → Export): student columns,
    /// assignments as `Name (ID)`, computed columns, the `Points Possible`
    /// row, and Canvas's test student.
    const CANVAS_EXPORT: &str = "Student,ID,SIS User ID,SIS Login ID,Section,\
        N-Queens (1234),Essay (1240),Current Points,Final Points,Current Score,\
        Unposted Current Score,Final Score,Unposted Final Score\n\
        \x20   Points Possible,,,,,50.00,10.00,(read only),(read only),(read only),\
        (read only),(read only),(read only)\n\
        \"Lovelace, Ada\",101,S1,ada,Section A,12.00,9.00,21.00,21.00,35.0,35.0,35.0,35.0\n\
        \"Hopper, Grace\",102,S2,grace,Section B,,,0.00,0.00,,,0.0,0.0\n\
        \"Babbage, Charles\",103,S3,charles,Section A,30.00,,30.00,30.00,50.0,50.0,50.0,50.0\n\
        \"Student, Test\",104,,,Section A,,,,,,,,\n";

    /// A grade export as Moodle writes it (Export → Plain text file): its
    /// user fields, a grade item, the course total and the export time.
    const MOODLE_EXPORT: &str = "\u{feff}First name,Last name,ID number,Institution,\
        Department,Email address,Assignment: N-Queens (Real),Course total (Real),\
        Last downloaded from this course\n\
        Ada,Lovelace,S1,Example University,CS,ada@example.org,-,-,1764662400\n\
        Grace,Hopper,S2,Example University,CS,grace@example.org,40.00,40.00,1764662400\n\
        Charles,Babbage,S3,Example University,CS,charles@example.org,-,-,1764662400\n";

    fn score(id: &str, points: &str, status: Status) -> Score {
        Score {
            id: id.to_owned(),
            points: points.to_owned(),
            max: "50".to_owned(),
            status: status.name().to_owned(),
        }
    }

    fn rows(csv: &str) -> Vec<Vec<String>> {
        csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(csv.as_bytes())
            .records()
            .map(|r| r.unwrap().iter().map(str::to_owned).collect())
            .collect()
    }

    #[test]
    fn a_canvas_export_updates_its_own_column_and_never_writes_an_empty_grade() {
        let roster = Roster::from_reader(CANVAS_EXPORT.as_bytes()).unwrap();
        assert_eq!(roster.source, Source::Canvas);
        assert_eq!(roster.students.len(), 3, "the test student is left out");
        assert_eq!(roster.students[0].name, "Lovelace, Ada");
        assert_eq!(
            roster
                .columns
                .iter()
                .map(|c| (c.header.as_str(), c.points.as_str()))
                .collect::<Vec<_>>(),
            [("N-Queens (1234)", "50.00"), ("Essay (1240)", "10.00")]
        );
        let target = target(Lms::Canvas, &roster, None, homeworks::default()).unwrap();
        assert_eq!(target.header(), "N-Queens (1234)");
        assert_eq!(
            target.describe(Lms::Canvas),
            "updating Canvas column 'N-Queens (1234)'"
        );
        let scores = [
            score("ada", "45", Status::Graded),
            score("grace", "0", Status::GraderError),
            score("stranger", "3", Status::Graded),
            score("charles", "0", Status::NoSubmission),
        ];
        let export = export(Lms::Canvas, &roster, &scores, &target).unwrap();
        assert_eq!(
            rows(&export.csv),
            [
                vec![
                    "Student",
                    "ID",
                    "SIS User ID",
                    "SIS Login ID",
                    "Section",
                    "N-Queens (1234)"
                ],
                vec!["Points Possible", "", "", "", "", "50"],
                vec!["Lovelace, Ada", "101", "S1", "ada", "Section A", "45"],
            ],
            "no row for the grader error, none for the student whose folder has no file"
        );
        assert_eq!(export.regrade, ["grace"]);
        assert_eq!(export.unmatched, ["stranger"]);
        assert_eq!(export.missing, ["charles"]);
        let summary = export.summary();
        assert!(summary[0].0.contains("regrade"), "{summary:?}");
        assert_eq!(summary.len(), 3);
        assert_eq!(export.points_changed, None, "50.00 is 50");
        let out_of_40 = [Score {
            max: "40".to_owned(),
            ..score("ada", "40", Status::Graded)
        }];
        let changed = super::export(Lms::Canvas, &roster, &out_of_40, &target).unwrap();
        assert_eq!(
            changed.points_changed,
            Some((
                "N-Queens (1234)".to_owned(),
                "50.00".to_owned(),
                "40".to_owned()
            ))
        );
    }

    #[test]
    fn canvas_columns_are_chosen_by_title_and_several_are_one_error() {
        let roster = Roster::from_reader(
            "Student,ID,SIS User ID,SIS Login ID,Section,N-Queens (1),N-Queens retake (2)\n\
             \"Lovelace, Ada\",101,S1,ada,A,,\n"
                .as_bytes(),
        )
        .unwrap();
        let error = target(Lms::Canvas, &roster, None, homeworks::default()).unwrap_err();
        assert!(
            error.contains("'N-Queens (1)', 'N-Queens retake (2)'")
                && error.contains("--assignment"),
            "{error}"
        );
        let chosen = target(
            Lms::Canvas,
            &roster,
            Some("n-queens retake"),
            homeworks::default(),
        );
        assert_eq!(chosen.unwrap().header(), "N-Queens retake (2)");
        let exact = target(
            Lms::Canvas,
            &roster,
            Some("N-Queens (1)"),
            homeworks::default(),
        );
        assert_eq!(exact.unwrap().header(), "N-Queens (1)");
        let new = target(Lms::Canvas, &roster, Some("Final"), homeworks::default()).unwrap();
        assert_eq!(new, Target::Create("Final".to_owned()));
        assert_eq!(
            new.describe(Lms::Canvas),
            "creating a new Canvas assignment 'Final'"
        );
        // A plain list has no columns: a new one, named after the homework.
        let plain = Roster::from_reader("login\nada\n".as_bytes()).unwrap();
        let homework = homeworks::default();
        assert_eq!(
            target(Lms::Canvas, &plain, None, homework).unwrap(),
            Target::Create(format!("queens {homework}"))
        );
    }

    #[test]
    fn a_moodle_export_is_a_roster_and_gets_moodles_own_columns_back() {
        let roster = Roster::from_reader(MOODLE_EXPORT.as_bytes()).unwrap();
        assert_eq!(roster.source, Source::Moodle);
        let ada = &roster.students[0];
        assert_eq!(
            (ada.name.as_str(), ada.sis_id.as_str(), ada.email.as_str()),
            ("Ada Lovelace", "S1", "ada@example.org")
        );
        assert_eq!(roster.columns.len(), 1, "{:?}", roster.columns);
        let target = target(Lms::Moodle, &roster, None, homeworks::default()).unwrap();
        assert_eq!(target.header(), "Assignment: N-Queens (Real)");
        // Submissions named by the e-mail's local part and by the ID number.
        let scores = [
            score("ada", "45", Status::Graded),
            score("S2", "", Status::GraderError),
        ];
        let export = export(Lms::Moodle, &roster, &scores, &target).unwrap();
        assert_eq!(
            rows(&export.csv),
            [
                vec![
                    "First name",
                    "Last name",
                    "ID number",
                    "Email address",
                    "username",
                    "Assignment: N-Queens (Real)"
                ],
                vec!["Ada", "Lovelace", "S1", "ada@example.org", "", "45"],
            ]
        );
        assert_eq!(export.moodle_key, Some("Email address"));
        assert_eq!(export.regrade, ["S2"]);
        assert_eq!(export.missing, ["charles@example.org"]);
    }

    #[test]
    fn ids_read_off_a_canvas_download_join_by_canvas_user_id() {
        let roster = Roster::from_reader(CANVAS_EXPORT.as_bytes()).unwrap();
        let found = roster.student("lovelaceada_101").unwrap().unwrap();
        assert_eq!(found.login, "ada");
        assert_eq!(roster.student("ADA").unwrap().unwrap().login, "ada");
        assert!(roster.student("nobody_999").unwrap().is_none());
        let twins = Roster::from_reader(
            "login,email\nada,shared@example.org\nbob,shared@example.org\n".as_bytes(),
        )
        .unwrap();
        assert_eq!(twins.student("shared@example.org").unwrap_err().len(), 2);
    }

    #[test]
    fn a_roster_without_logins_or_with_twins_is_refused() {
        let error = Roster::from_reader("name\nAda\n".as_bytes()).unwrap_err();
        assert!(error.contains("no login column"), "{error}");
        let error = Roster::from_reader("login\nada\nada\n".as_bytes()).unwrap_err();
        assert!(
            error.contains("line 3") && error.contains("twice"),
            "{error}"
        );
        let error = Roster::from_reader("login,name\n,Ada\n".as_bytes()).unwrap_err();
        assert!(error.contains("line 2") && error.contains("Ada"), "{error}");
    }
}
