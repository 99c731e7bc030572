//! `queens.toml`: the course's grading settings, kept with the course.
//!
//! An optional file at the course root; without it everything is as the
//! flags' defaults say (one point per graded test, 120 s per submission, 5 s
//! per test, sandbox `auto`, every test visible). `queens grade`, `--batch`
//! and the Gradescope bundle read it; the Classroom 50 and Actions workflows
//! grade with the file of their pinned course commit; a flag given on the
//! command line wins over it.
//!
//! ```toml
//! [grading]
//! timeout = "120s"          # per submission: build and tests
//! test_timeout = "5s"       # per graded test
//! sandbox = "required"      # required, auto or off
//!
//! [exercise.HOMEWORK.points] # a group's points, shared by its tests
//! blank_1 = 10
//! end_to_end = 20
//!
//! [exercise.HOMEWORK.visibility] # Gradescope: when students see a group
//! end_to_end = "after_due_date"
//!
//! [feedback]
//! show_observations = false # what the grader saw of each test (time, memory,
//!                           # output, limits, files) on students' pages too
//! ```
//!
//! A group is named by the part of its tests' names before `::`
//! (`blank_1_prune_check`) or, for a blank, by `blank_N` alone. Its points
//! are whole points shared among its tests as evenly as they go, the first
//! tests taking what is left over (10 over 3 tests: 4, 3, 3); so a group
//! worth points has at least one per test. A bad file is one error naming
//! the file, the line and the key ([`SettingsError`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::homework::Homework;
use crate::homeworks;
use crate::results::{blank_of, group_of};
use crate::sandbox::Mode;

/// The settings file's name, at the course root.
pub const FILE_NAME: &str = "queens.toml";

/// When Gradescope shows students a test (its `visibility` values).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Always (the default).
    #[default]
    Visible,
    /// Never shown to students.
    Hidden,
    /// Once the due date has passed.
    AfterDueDate,
    /// Once the grades are published.
    AfterPublished,
}

impl Visibility {
    /// Its name in `queens.toml` and Gradescope's `results.json`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Visible => "visible",
            Self::Hidden => "hidden",
            Self::AfterDueDate => "after_due_date",
            Self::AfterPublished => "after_published",
        }
    }
}

/// A bad `queens.toml`: where, and what is wrong, in one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{}: {message}", path.display(), line.map(|l| format!(":{l}")).unwrap_or_default())]
pub struct SettingsError {
    /// The file.
    pub path: PathBuf,
    /// The line (1-based), when the error has one.
    pub line: Option<usize>,
    /// What is wrong, naming the key.
    pub message: String,
}

/// The course's settings: grading limits and, per homework, its [`Scheme`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    /// The file they were read from (`None`: the defaults).
    pub source: Option<PathBuf>,
    /// Wall-clock limit per submission.
    pub timeout: Option<Duration>,
    /// Wall-clock limit per graded test.
    pub test_timeout: Option<Duration>,
    /// The sandbox policy.
    pub sandbox: Option<Mode>,
    /// Whether students' feedback pages show what the grader observed of
    /// each test (otherwise only the instructor's log and index do).
    pub show_observations: bool,
    /// Points and visibility per group, by homework name.
    exercises: BTreeMap<&'static str, Groups>,
}

/// What `queens.toml` says of one homework's groups.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Groups {
    points: BTreeMap<String, u32>,
    visibility: BTreeMap<String, Visibility>,
}

/// How one homework is scored: each graded test's points, each group's
/// visibility on Gradescope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scheme {
    /// The homework.
    pub homework: &'static Homework,
    /// Every graded test's points, in the homework's order.
    points: Vec<(&'static str, u32)>,
    /// Groups not visible at once, by group name.
    visibility: BTreeMap<String, Visibility>,
    /// Whether students' pages show what the grader observed
    /// (`[feedback] show_observations`).
    pub show_observations: bool,
}

impl Scheme {
    /// Every test worth one point, every group visible: the defaults.
    pub fn one_point_each(homework: &'static Homework) -> Self {
        Self {
            homework,
            points: homework.test_names().map(|name| (name, 1)).collect(),
            visibility: BTreeMap::new(),
            show_observations: false,
        }
    }

    /// The points of the test `name` (one for a test the homework does not
    /// list).
    pub fn points(&self, name: &str) -> u32 {
        self.points
            .iter()
            .find(|(test, _)| *test == name)
            .map_or(1, |&(_, points)| points)
    }

    /// The points of every test of `group`.
    pub fn group_points(&self, group: &str) -> u32 {
        self.points
            .iter()
            .filter(|(test, _)| group_of(test) == group)
            .map(|&(_, points)| points)
            .sum()
    }

    /// The homework's points in all.
    pub fn total(&self) -> u32 {
        self.points.iter().map(|&(_, points)| points).sum()
    }

    /// When Gradescope shows `group`'s tests.
    pub fn visibility(&self, group: &str) -> Visibility {
        self.visibility.get(group).copied().unwrap_or_default()
    }
}

/// The groups of `homework`'s tests, in order, with their test counts.
fn groups_of(homework: &Homework) -> Vec<(&'static str, usize)> {
    let mut groups: Vec<(&'static str, usize)> = Vec::new();
    for name in homework.test_names() {
        let group = group_of(name);
        match groups.iter_mut().find(|(known, _)| *known == group) {
            Some((_, count)) => *count += 1,
            None => groups.push((group, 1)),
        }
    }
    groups
}

/// The group `key` names in `homework`: its full name or, for a blank,
/// `blank_N`.
fn group_named(homework: &Homework, key: &str) -> Option<(&'static str, usize)> {
    groups_of(homework).into_iter().find(|(group, _)| {
        *group == key || blank_of(group).is_some_and(|id| key == format!("blank_{id}"))
    })
}

impl Settings {
    /// The settings of the course at `course_root`: its `queens.toml`, or the
    /// defaults when there is none.
    pub fn load(course_root: &Path) -> Result<Self, SettingsError> {
        let path = course_root.join(FILE_NAME);
        if path.is_file() {
            Self::read(&path)
        } else {
            Ok(Self::default())
        }
    }

    /// The settings in `given` when a command was given a file (which must
    /// exist), else those of the course at `course_root`.
    pub fn given_or_load(given: Option<&Path>, course_root: &Path) -> Result<Self, SettingsError> {
        match given {
            Some(file) => Self::read(file),
            None => Self::load(course_root),
        }
    }

    /// The settings in the file `path` (which must exist).
    pub fn read(path: &Path) -> Result<Self, SettingsError> {
        let text = std::fs::read_to_string(path).map_err(|e| SettingsError {
            path: path.to_owned(),
            line: None,
            message: format!("cannot read it: {e}"),
        })?;
        Self::parse(&text, path)
    }

    /// The settings written in `text`, the file `path`.
    pub fn parse(text: &str, path: &Path) -> Result<Self, SettingsError> {
        let fail = |span: Option<std::ops::Range<usize>>, message: String| SettingsError {
            path: path.to_owned(),
            line: span.map(|span| line_of(text, span.start)),
            message,
        };
        let file: File = toml::from_str(text).map_err(|e| {
            // toml's message, made one line, naming the key of its line
            // when it does not already: the file and line say where.
            let mut message = e.message().trim().replace('\n', " ");
            let key = e.span().and_then(|span| {
                let line = text.lines().nth(line_of(text, span.start) - 1)?;
                Some(line.split_once('=')?.0.trim().to_owned())
            });
            if let Some(key) = key.filter(|k| !k.is_empty() && !message.contains(k.as_str())) {
                message = format!("{key}: {message}");
            }
            fail(e.span(), message)
        })?;
        let positive = |value: Option<Spanned<humantime_serde::Serde<Duration>>>, key: &str| {
            value
                .map(|value| {
                    let duration = **value.get_ref();
                    if duration.is_zero() {
                        Err(fail(
                            Some(value.span()),
                            format!("grading.{key} must be longer than 0 s"),
                        ))
                    } else {
                        Ok(duration)
                    }
                })
                .transpose()
        };
        let mut settings = Settings {
            source: Some(path.to_owned()),
            timeout: positive(file.grading.timeout, "timeout")?,
            test_timeout: positive(file.grading.test_timeout, "test_timeout")?,
            sandbox: file
                .grading
                .sandbox
                .map(|mode| {
                    mode.get_ref()
                        .parse::<Mode>()
                        .map_err(|why| fail(Some(mode.span()), format!("grading.sandbox: {why}")))
                })
                .transpose()?,
            show_observations: file.feedback.show_observations.unwrap_or(false),
            exercises: BTreeMap::new(),
        };
        for (name, exercise) in file.exercise {
            let homework = homeworks::by_name(name.get_ref()).map_err(|why| {
                fail(
                    Some(name.span()),
                    format!("exercise.{}: {why}", name.get_ref()),
                )
            })?;
            let mut groups = Groups::default();
            let unknown = |key: &Spanned<String>, table: &str| {
                let known: Vec<&str> = groups_of(homework).iter().map(|(g, _)| *g).collect();
                fail(
                    Some(key.span()),
                    format!(
                        "exercise.{homework}.{table}.{}: {homework} has no such group of tests \
                         (its groups are {}; a blank is also blank_N)",
                        key.get_ref(),
                        known.join(", ")
                    ),
                )
            };
            for (key, points) in exercise.points {
                let Some((group, tests)) = group_named(homework, key.get_ref()) else {
                    return Err(unknown(&key, "points"));
                };
                let value = *points.get_ref();
                if value != 0 && (value as usize) < tests {
                    return Err(fail(
                        Some(points.span()),
                        format!(
                            "exercise.{homework}.points.{} = {value}: {group} has {tests} tests and \
                             its points are shared as whole points; give it 0 or at least {tests}",
                            key.get_ref()
                        ),
                    ));
                }
                if groups.points.insert(group.to_owned(), value).is_some() {
                    return Err(fail(
                        Some(key.span()),
                        format!(
                            "exercise.{homework}.points.{}: {group} is given points twice",
                            key.get_ref()
                        ),
                    ));
                }
            }
            for (key, visibility) in exercise.visibility {
                let Some((group, _)) = group_named(homework, key.get_ref()) else {
                    return Err(unknown(&key, "visibility"));
                };
                groups
                    .visibility
                    .insert(group.to_owned(), *visibility.get_ref());
            }
            settings.exercises.insert(homework.name, groups);
        }
        Ok(settings)
    }

    /// How `homework` is scored under these settings.
    pub fn scheme(&self, homework: &'static Homework) -> Scheme {
        let mut scheme = Scheme::one_point_each(homework);
        scheme.show_observations = self.show_observations;
        let Some(groups) = self.exercises.get(homework.name) else {
            return scheme;
        };
        for (group, tests) in groups_of(homework) {
            let Some(&points) = groups.points.get(group) else {
                continue;
            };
            let tests = u32::try_from(tests).unwrap_or(u32::MAX);
            let (share, left) = (points / tests, points % tests);
            let mut index = 0;
            for (name, each) in &mut scheme.points {
                if group_of(name) == group {
                    *each = share + u32::from(index < left);
                    index += 1;
                }
            }
        }
        scheme.visibility = groups.visibility.clone();
        scheme
    }
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// `queens.toml` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    grading: GradingTable,
    #[serde(default)]
    exercise: BTreeMap<Spanned<String>, ExerciseTable>,
    #[serde(default)]
    feedback: FeedbackTable,
}

/// `[feedback]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FeedbackTable {
    show_observations: Option<bool>,
}

/// `[grading]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct GradingTable {
    timeout: Option<Spanned<humantime_serde::Serde<Duration>>>,
    test_timeout: Option<Spanned<humantime_serde::Serde<Duration>>>,
    sandbox: Option<Spanned<String>>,
}

/// `[exercise.NAME]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExerciseTable {
    #[serde(default)]
    points: BTreeMap<Spanned<String>, Spanned<u32>>,
    #[serde(default)]
    visibility: BTreeMap<Spanned<String>, Spanned<Visibility>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Settings, SettingsError> {
        Settings::parse(text, Path::new("queens.toml"))
    }

    /// The error's one line, for the file `text`.
    fn error(text: &str) -> String {
        let error = parse(text).expect_err(text);
        let line = error.to_string();
        assert!(!line.contains('\n'), "one line: {line}");
        line
    }

    #[test]
    fn without_a_file_every_test_is_worth_one_point_and_visible() {
        let dir = tempfile::tempdir().unwrap();
        let settings = Settings::load(dir.path()).unwrap();
        assert_eq!(settings, Settings::default());
        assert_eq!(parse("").unwrap().scheme(homeworks::default()).total(), {
            homeworks::default().tests.len() as u32
        });
        for homework in homeworks::ALL {
            let scheme = settings.scheme(homework);
            assert_eq!(scheme, Scheme::one_point_each(homework));
            assert_eq!(scheme.total() as usize, homework.tests.len());
            for (group, _) in groups_of(homework) {
                assert_eq!(scheme.visibility(group), Visibility::Visible);
            }
        }
        assert_eq!(settings.timeout, None);
        assert_eq!(settings.sandbox, None);
        assert!(!settings.show_observations);
    }

    #[test]
    fn observations_reach_students_only_when_the_file_says_so() {
        let homework = homeworks::default();
        assert!(
            !parse("[feedback]\n")
                .unwrap()
                .scheme(homework)
                .show_observations
        );
        let shown = parse("[feedback]\nshow_observations = true\n").unwrap();
        assert!(shown.scheme(homework).show_observations);
        let typo = error("[feedback]\nshow_output = true\n");
        assert!(typo.contains("queens.toml:2"), "{typo}");
        assert!(typo.contains("show_output"), "{typo}");
    }

    #[test]
    fn the_documented_example_is_a_valid_file() {
        let example = include_str!("../../docs/queens.toml.example");
        let settings = parse(example).unwrap();
        assert_eq!(settings.timeout, Some(Duration::from_secs(120)));
        assert_eq!(settings.sandbox, Some(Mode::Required));
        assert_eq!(settings.scheme(homeworks::default()).total(), 50);
    }

    #[test]
    fn a_groups_points_are_spread_over_its_tests_in_whole_points() {
        for homework in homeworks::ALL {
            let groups = groups_of(homework);
            let (first, first_tests) = groups[0];
            let (last, _) = *groups.last().unwrap();
            let id = blank_of(first).expect("the first group is a blank");
            let points = 3 * first_tests as u32 + 1;
            let text = format!(
                "[grading]\ntimeout = \"2m\"\ntest_timeout = \"1500ms\"\nsandbox = \"off\"\n\
                 [exercise.{homework}.points]\nblank_{id} = {points}\n{last} = 0\n\
                 [exercise.{homework}.visibility]\n{last} = \"after_due_date\"\n"
            );
            let settings = parse(&text).unwrap();
            assert_eq!(settings.timeout, Some(Duration::from_secs(120)));
            assert_eq!(settings.test_timeout, Some(Duration::from_millis(1500)));
            assert_eq!(settings.sandbox, Some(Mode::Off));
            let scheme = settings.scheme(homework);
            assert_eq!(scheme.group_points(first), points);
            assert_eq!(scheme.group_points(last), 0);
            let shares: Vec<u32> = homework
                .test_names()
                .filter(|t| group_of(t) == first)
                .map(|t| scheme.points(t))
                .collect();
            // 3n + 1 over n tests: the first gets the point left over.
            let mut expected = vec![3; first_tests];
            expected[0] += 1;
            assert_eq!(shares, expected, "{homework}");
            let others: u32 = groups[1..groups.len() - 1]
                .iter()
                .map(|(_, n)| *n as u32)
                .sum();
            assert_eq!(scheme.total(), points + others, "{homework}");
            assert_eq!(scheme.visibility(last), Visibility::AfterDueDate);
            assert_eq!(scheme.visibility(first), Visibility::Visible);
            // Other homeworks keep their defaults.
            for other in homeworks::ALL.iter().filter(|h| *h != homework) {
                assert_eq!(settings.scheme(other), Scheme::one_point_each(other));
            }
        }
    }

    #[test]
    fn each_bad_file_is_one_error_naming_its_line_and_key() {
        let homework = homeworks::default();
        let (group, tests) = groups_of(homework)[0];
        let cases = [
            (
                "[grading]\ntimeout = 5\n",
                "queens.toml:2:",
                "timeout: invalid type",
            ),
            (
                "[grading]\n\ntest_timeout = \"5 parsecs\"\n",
                "queens.toml:3:",
                "test_timeout: invalid value",
            ),
            (
                "[grading]\ntimeout = \"0s\"\n",
                "queens.toml:2:",
                "grading.timeout",
            ),
            (
                "[grading]\nsandbox = \"maybe\"\n",
                "queens.toml:2:",
                "unknown sandbox mode 'maybe'",
            ),
            (
                "[grading]\ntimout = \"5s\"\n",
                "queens.toml:2:",
                "unknown field `timout`",
            ),
            ("[grade]\n", "queens.toml:1:", "unknown field `grade`"),
            (
                "[exercise.chess.points]\nblank_1 = 2\n",
                "queens.toml:1:",
                "exercise.chess: no homework is named",
            ),
            (
                &format!("[exercise.{homework}.points]\nblank_99 = 2\n"),
                "queens.toml:2:",
                "points.blank_99: ",
            ),
            (
                &format!("[exercise.{homework}.visibility]\n\n{group} = \"later\"\n"),
                "queens.toml:3:",
                "unknown variant `later`",
            ),
            (
                &format!("[exercise.{homework}.visibility]\nnowhere = \"hidden\"\n"),
                "queens.toml:2:",
                "visibility.nowhere: ",
            ),
            (
                &format!("[exercise.{homework}]\npoint = 1\n"),
                "queens.toml:2:",
                "unknown field `point`",
            ),
            (
                &format!("[exercise.{homework}.points]\n{group} = -3\n"),
                "queens.toml:2:",
                "invalid value",
            ),
            (
                &format!("[exercise.{homework}.points]\n{group} = {}\n", tests - 1),
                "queens.toml:2:",
                "give it 0 or at least",
            ),
            (
                &format!(
                    "[exercise.{homework}.points]\n{group} = {tests}\nblank_{} = {tests}\n",
                    blank_of(group).unwrap()
                ),
                // Keys are taken in order: the group's full name comes second.
                "queens.toml:2:",
                "given points twice",
            ),
            ("[grading\n", "queens.toml:1:", ""),
        ];
        for (text, place, words) in cases {
            let line = error(text);
            assert!(line.starts_with(place), "{text:?}: {line}");
            assert!(line.contains(words), "{text:?}: {line}");
        }
    }
}
