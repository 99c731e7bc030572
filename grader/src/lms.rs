//! `--lms canvas|moodle --roster ROSTER.csv`: a batch's grades as the file
//! the LMS imports, joined to the class roster by the submission ids (the
//! batch's folder names).
//!
//! The roster is a CSV with a header. Its `login` column (or Canvas's `SIS
//! Login ID`, Moodle's `username`) holds the id a student's folder is named
//! by; `name` (`Student`), `canvas_id` (`ID`), `sis_id` (`SIS User ID`),
//! `section` (`Section`) and `email` (`Email address`) are read when there,
//! so a gradebook exported from Canvas is a roster as it is.
//!
//! Canvas's gradebook import: `Student, ID, SIS User ID, SIS Login ID,
//! Section`, then the assignment's column, a `Points Possible` row, one row
//! per student. Moodle's grade import: `username, email, name` (the
//! identifier columns to map on upload), then the assignment's column.
//! Students of the roster with no submission get a row with an empty grade
//! (no change in the LMS); submissions whose id is on no roster line cannot
//! be imported: both are listed in [`Export::unmatched`] and
//! [`Export::missing`], never dropped silently.

use std::path::Path;

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
    /// The id their submission's folder is named by.
    pub login: String,
    /// Their name.
    pub name: String,
    /// Canvas's user id.
    pub canvas_id: String,
    /// The institution's id.
    pub sis_id: String,
    /// Their section.
    pub section: String,
    /// Their e-mail address.
    pub email: String,
}

/// The class roster, in its file's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roster {
    /// Its students.
    pub students: Vec<Student>,
}

/// The names each roster field may go by in a header, compared without case.
const COLUMNS: [(&str, &[&str]); 6] = [
    ("login", &["login", "sis login id", "username", "id_number"]),
    ("name", &["name", "student", "full name"]),
    ("canvas_id", &["canvas_id", "id"]),
    ("sis_id", &["sis_id", "sis user id"]),
    ("section", &["section"]),
    ("email", &["email", "email address"]),
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
        let header = reader.headers().map_err(|e| e.to_string())?.clone();
        let position = |field: &str| {
            let names = COLUMNS.iter().find(|(f, _)| *f == field).map(|(_, n)| *n)?;
            header
                .iter()
                .position(|h| names.contains(&h.trim().to_lowercase().as_str()))
        };
        let login = position("login").ok_or_else(|| {
            "no login column (login, SIS Login ID or username): the ids the submissions' \
             folders are named by"
                .to_owned()
        })?;
        let [name, canvas_id, sis_id, section, email] =
            ["name", "canvas_id", "sis_id", "section", "email"].map(position);
        let mut students = Vec::new();
        for (index, record) in reader.records().enumerate() {
            let record = record.map_err(|e| e.to_string())?;
            let field = |at: Option<usize>| {
                at.and_then(|at| record.get(at))
                    .unwrap_or("")
                    .trim()
                    .to_owned()
            };
            let student = Student {
                login: field(Some(login)),
                name: field(name),
                canvas_id: field(canvas_id),
                sis_id: field(sis_id),
                section: field(section),
                email: field(email),
            };
            // Canvas's export has a "Points Possible" line and a test student.
            if student.login.is_empty() {
                if student.name.trim() == "Points Possible" {
                    continue;
                }
                return Err(format!("line {}: no login", index + 2));
            }
            if students.iter().any(|s: &Student| s.login == student.login) {
                return Err(format!(
                    "line {}: the login '{}' is there twice",
                    index + 2,
                    student.login
                ));
            }
            students.push(student);
        }
        Ok(Self { students })
    }
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
}

/// The import file and what could not be joined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Export {
    /// The CSV the LMS imports.
    pub csv: String,
    /// Submission ids on no roster line (not in the file).
    pub unmatched: Vec<String>,
    /// Roster logins with no submission (an empty grade in the file).
    pub missing: Vec<String>,
}

impl Export {
    /// The lines to say loudly: empty when everything joined.
    pub fn summary(&self) -> Vec<(String, Vec<String>)> {
        let mut sections = Vec::new();
        if !self.unmatched.is_empty() {
            sections.push((
                format!(
                    "{} submissions match no student of the roster (not in the LMS file)",
                    self.unmatched.len()
                ),
                self.unmatched.clone(),
            ));
        }
        if !self.missing.is_empty() {
            sections.push((
                format!(
                    "{} students of the roster have no submission (an empty grade)",
                    self.missing.len()
                ),
                self.missing.clone(),
            ));
        }
        sections
    }
}

/// The import file of `lms` for `scores`, joined to `roster`; `assignment`
/// names the grade column.
pub fn export(
    lms: Lms,
    roster: &Roster,
    scores: &[Score],
    assignment: &str,
) -> Result<Export, csv::Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let max = scores
        .iter()
        .map(|s| s.max.as_str())
        .find(|m| !m.is_empty())
        .unwrap_or("");
    match lms {
        Lms::Canvas => {
            writer.write_record([
                "Student",
                "ID",
                "SIS User ID",
                "SIS Login ID",
                "Section",
                assignment,
            ])?;
            writer.write_record(["Points Possible", "", "", "", "", max])?;
        }
        Lms::Moodle => writer.write_record(["username", "email", "name", assignment])?,
    }
    let mut missing = Vec::new();
    for student in &roster.students {
        let points = scores
            .iter()
            .find(|s| s.id == student.login)
            .map_or("", |s| s.points.as_str());
        if points.is_empty() {
            missing.push(student.login.clone());
        }
        match lms {
            Lms::Canvas => writer.write_record([
                &student.name,
                &student.canvas_id,
                &student.sis_id,
                &student.login,
                &student.section,
                points,
            ])?,
            Lms::Moodle => {
                writer.write_record([&student.login, &student.email, &student.name, points])?
            }
        }
    }
    let unmatched = scores
        .iter()
        .filter(|s| !roster.students.iter().any(|st| st.login == s.id))
        .map(|s| s.id.clone())
        .collect();
    let bytes = writer
        .into_inner()
        .map_err(|e| csv::Error::from(e.into_error()))?;
    Ok(Export {
        csv: String::from_utf8_lossy(&bytes).into_owned(),
        unmatched,
        missing,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CANVAS_EXPORT: &str = "Student,ID,SIS User ID,SIS Login ID,Section,Homework (123)\n\
        Points Possible,,,,,17\n\
        \"Lovelace, Ada\",101,S1,ada,A,\n\
        \"Hopper, Grace\",102,S2,grace,B,\n\
        \"Babbage, Charles\",103,S3,charles,A,\n";

    fn scores() -> Vec<Score> {
        ["ada", "grace", "stranger"]
            .iter()
            .zip(["17", "9", "3"])
            .map(|(id, points)| Score {
                id: (*id).to_owned(),
                points: points.to_owned(),
                max: "17".to_owned(),
            })
            .collect()
    }

    #[test]
    fn a_canvas_export_is_a_roster_and_the_join_says_what_is_left() {
        let roster = Roster::from_reader(CANVAS_EXPORT.as_bytes()).unwrap();
        assert_eq!(roster.students.len(), 3);
        assert_eq!(roster.students[0].name, "Lovelace, Ada");
        let export = export(Lms::Canvas, &roster, &scores(), "queens (1)").unwrap();
        let mut reader = csv::Reader::from_reader(export.csv.as_bytes());
        assert_eq!(
            reader.headers().unwrap().iter().collect::<Vec<_>>(),
            [
                "Student",
                "ID",
                "SIS User ID",
                "SIS Login ID",
                "Section",
                "queens (1)"
            ]
        );
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(&rows[0][0], "Points Possible");
        assert_eq!(&rows[0][5], "17");
        assert_eq!(
            rows[1].iter().collect::<Vec<_>>(),
            ["Lovelace, Ada", "101", "S1", "ada", "A", "17"]
        );
        assert_eq!(&rows[3][5], "", "no submission: no change");
        assert_eq!(export.unmatched, ["stranger"]);
        assert_eq!(export.missing, ["charles"]);
        assert_eq!(export.summary().len(), 2);
    }

    #[test]
    fn moodle_gets_its_identifier_columns() {
        let roster = Roster::from_reader(
            "username,email,name\nada,ada@example.org,Ada Lovelace\n".as_bytes(),
        )
        .unwrap();
        let export = export(Lms::Moodle, &roster, &scores()[..1], "queens").unwrap();
        assert_eq!(
            export.csv,
            "username,email,name,queens\nada,ada@example.org,Ada Lovelace,17\n"
        );
        assert!(export.summary().is_empty());
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
    }
}
