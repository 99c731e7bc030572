//! What an LMS hands an instructor, read as a batch's submissions: the
//! folder Canvas's or Gradescope's download unzips to, each submission
//! given an id that joins the roster ([`crate::lms::Roster::student`]).
//!
//! - **Canvas** ("Download Submissions"): every student's files side by side,
//!   named `<sortable name>[_LATE]_<user id>_<attachment id>_<file name>`
//!   (`lovelaceada_101_5551_lib.rs`; a file sent again keeps Canvas's `-1`:
//!   `lib-1.rs`), or `anon_<id>_<attachment id>_<file name>` when grading is
//!   anonymous (canvas-lms, `lib/content_zipper.rb`). A student's id is
//!   `<sortable name>_<user id>`: its number is the roster's Canvas `ID`.
//! - **Gradescope** ("Export Submissions"): a folder per submission,
//!   `submission_<id>/`, holding the files as uploaded, and
//!   `submission_metadata.yml` mapping each folder to its `:submitters:`
//!   (`:name:`, `:sid:`, `:email:`). A submission's id is its first
//!   submitter's e-mail address, else their SID, else the folder's name.

use std::path::{Path, PathBuf};

/// A file of a Canvas download, its name taken apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CanvasFile {
    /// The student's id: `lovelaceada_101` (`anon_x7k2q` when anonymous).
    pub id: String,
    /// The name the student gave it, Canvas's `-1` of a file sent again
    /// taken off: `lib.rs`.
    pub original: String,
    /// Whether Canvas marked it late.
    pub late: bool,
    /// Canvas's attachment id: ids grow with each upload, so of two files
    /// a student sent the higher is the newer.
    pub attachment: u64,
}

impl CanvasFile {
    /// Reads Canvas's name of a downloaded file; `None` for any other name.
    pub fn parse(name: &str) -> Option<Self> {
        let parts: Vec<&str> = name.split('_').collect();
        let number = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        // The first `_<digits>_<digits>_` (Canvas keeps such runs out of
        // names), or `anon_<id>_<digits>_`.
        let (id, late, attachment, rest) = if let Some(at) = parts.iter().position(|p| *p == "anon")
            && parts.len() > at + 3
            && number(parts[at + 2])
        {
            (
                format!("anon_{}", parts[at + 1]),
                parts[..at].contains(&"LATE"),
                parts[at + 2],
                &parts[at + 3..],
            )
        } else {
            let at = (0..parts.len().saturating_sub(2))
                .find(|&at| number(parts[at]) && number(parts[at + 1]))?;
            let mut name: Vec<&str> = parts[..at].to_vec();
            let late = name
                .last()
                .is_some_and(|last| last.eq_ignore_ascii_case("late"));
            if late {
                name.pop();
            }
            let name = name.join("_");
            let id = if name.is_empty() {
                parts[at].to_owned()
            } else {
                format!("{name}_{}", parts[at])
            };
            (id, late, parts[at + 1], &parts[at + 2..])
        };
        if rest.is_empty() {
            return None;
        }
        Some(Self {
            id,
            original: without_resend_suffix(&rest.join("_")),
            late,
            attachment: attachment.parse().ok()?,
        })
    }
}

/// `lib.rs` from Canvas's `lib-1.rs` (a file sent again under the same name).
fn without_resend_suffix(name: &str) -> String {
    let (stem, extension) = name.rsplit_once('.').unwrap_or((name, ""));
    let stem = match stem.rsplit_once('-') {
        Some((base, n))
            if !base.is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) =>
        {
            base
        }
        _ => stem,
    };
    if extension.is_empty() {
        stem.to_owned()
    } else {
        format!("{stem}.{extension}")
    }
}

/// Gradescope's export: the id of each `submission_<id>` folder, from its
/// `submission_metadata.yml`; `None` when `dir` has no such file.
pub fn gradescope_ids(dir: &Path) -> Option<Result<Vec<(String, String)>, String>> {
    let file = dir.join("submission_metadata.yml");
    let text = std::fs::read_to_string(&file).ok()?;
    Some(read_gradescope_metadata(&text).map_err(|e| format!("{}: {e}", file.display())))
}

/// `(folder, id)` for every submission of Gradescope's metadata.
fn read_gradescope_metadata(text: &str) -> Result<Vec<(String, String)>, String> {
    use yaml_rust2::{Yaml, YamlLoader};
    let documents = YamlLoader::load_from_str(text).map_err(|e| e.to_string())?;
    let Some(Yaml::Hash(submissions)) = documents.first() else {
        return Err("not a map of submission folders".to_owned());
    };
    let field = |person: &Yaml, key: &str| match &person[key] {
        Yaml::String(text) => text.trim().to_owned(),
        Yaml::Integer(number) => number.to_string(),
        _ => String::new(),
    };
    let mut ids = Vec::new();
    for (folder, submission) in submissions {
        let Some(folder) = folder.as_str() else {
            continue;
        };
        let first = &submission[":submitters"][0];
        let id = [field(first, ":email"), field(first, ":sid")]
            .into_iter()
            .find(|id| !id.is_empty())
            .unwrap_or_else(|| folder.to_owned());
        ids.push((folder.to_owned(), id));
    }
    Ok(ids)
}

/// The submissions of a Canvas download in `files` (the folder's `.rs`
/// files, `(name, path)`): one per student, the file whose original name is
/// `wanted` when they sent several, else their only `.rs` file; of several
/// such files (`lib.rs` and `lib-1.rs`), the newest upload (the highest
/// attachment id), whatever order the folder lists them in. `None` when not
/// every file is named as Canvas names them.
pub fn canvas_submissions(
    files: &[(String, PathBuf)],
    wanted: Option<&str>,
) -> Option<Vec<(String, PathBuf, String)>> {
    let parsed: Vec<(CanvasFile, &PathBuf)> = files
        .iter()
        .map(|(name, path)| CanvasFile::parse(name).map(|file| (file, path)))
        .collect::<Option<_>>()?;
    // Per student the best file so far: the wanted name first, then the newest.
    let rank = |file: &CanvasFile| (wanted == Some(file.original.as_str()), file.attachment);
    let mut students: Vec<(CanvasFile, &PathBuf)> = Vec::new();
    for (file, path) in parsed {
        match students.iter_mut().find(|(chosen, _)| chosen.id == file.id) {
            Some(chosen) => {
                if rank(&file) > rank(&chosen.0) {
                    *chosen = (file, path);
                }
            }
            None => students.push((file, path)),
        }
    }
    Some(
        students
            .into_iter()
            .map(|(file, path)| (file.id, path.clone(), file.original))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canvas_names_are_taken_apart_as_canvas_makes_them() {
        let file = CanvasFile::parse("lovelaceada_101_5551_lib.rs").unwrap();
        assert_eq!(
            file,
            CanvasFile {
                id: "lovelaceada_101".to_owned(),
                original: "lib.rs".to_owned(),
                late: false,
                attachment: 5551,
            }
        );
        let late = CanvasFile::parse("hoppergrace_LATE_102_5552_lib-1.rs").unwrap();
        assert_eq!(
            (late.id.as_str(), late.original.as_str(), late.late),
            ("hoppergrace_102", "lib.rs", true)
        );
        let anonymous = CanvasFile::parse("anon_x7k2q_5553_my_lib.rs").unwrap();
        assert_eq!(
            (anonymous.id.as_str(), anonymous.original.as_str()),
            ("anon_x7k2q", "my_lib.rs")
        );
        assert_eq!(CanvasFile::parse("ada.rs"), None);
        assert_eq!(CanvasFile::parse("ada_12.rs"), None);
    }

    #[test]
    fn a_file_sent_again_is_taken_whatever_the_folder_order() {
        let file = |name: &str| (name.to_owned(), PathBuf::from(name));
        let first = file("liskovbarbara_105_5555_lib.rs");
        let again = file("liskovbarbara_105_5560_lib-1.rs");
        let notes = file("liskovbarbara_105_5570_notes.rs");
        for files in [
            [first.clone(), again.clone(), notes.clone()],
            [again.clone(), notes.clone(), first.clone()],
        ] {
            let students = canvas_submissions(&files, Some("lib.rs")).unwrap();
            assert_eq!(students.len(), 1);
            assert_eq!(students[0].1, again.1, "the newest lib.rs, from {files:?}");
        }
        // Without the homework's file name: the newest upload.
        let students = canvas_submissions(&[first, notes.clone()], None).unwrap();
        assert_eq!(students[0].1, notes.1);
    }

    #[test]
    fn gradescope_metadata_names_each_folder_by_its_submitter() {
        let ids = read_gradescope_metadata(
            "submission_123456:\n  :submitters:\n  - :name: Ada Lovelace\n    :sid: '101'\n    \
             :email: ada@example.org\n  :created_at: 2026-11-30 10:00:00.000000000 +00:00\n  \
             :score: 50.0\nsubmission_123457:\n  :submitters:\n  - :name: Grace Hopper\n    \
             :sid: '102'\nsubmission_123458:\n  :submitters: []\n",
        )
        .unwrap();
        assert_eq!(
            ids,
            [
                ("submission_123456".to_owned(), "ada@example.org".to_owned()),
                ("submission_123457".to_owned(), "102".to_owned()),
                (
                    "submission_123458".to_owned(),
                    "submission_123458".to_owned()
                ),
            ]
        );
        assert!(read_gradescope_metadata("- a\n- b\n").is_err());
    }
}
