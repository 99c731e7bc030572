//! What `queens homework check` proves, judged from outcomes alone: for each
//! version of the homework's file that was graded, the outcome of every
//! graded test. No grading happens here, so the judgements are tested on
//! tables of outcomes (a test made to always pass is reported by name).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::results::{Outcome, blank_of, group_of};

/// The outcome of every graded test of one graded version, by test name.
pub type Outcomes = BTreeMap<String, Outcome>;

/// One proof about one homework: held or not, and one line saying so.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Proof {
    /// Its short name: `handout`, `reference`, `blanks alone`,
    /// `wrong versions`, `hints`, `up to date`.
    pub name: &'static str,
    /// Whether it holds.
    pub holds: bool,
    /// What was seen: the counts when it holds, the first problem (tests
    /// named) when not.
    pub detail: String,
}

impl Proof {
    /// A proof from a judgement: `Ok` says what holds, `Err` what does not.
    pub fn from(name: &'static str, judged: Result<String, String>) -> Self {
        match judged {
            Ok(detail) => Self {
                name,
                holds: true,
                detail,
            },
            Err(detail) => Self {
                name,
                holds: false,
                detail,
            },
        }
    }
}

/// The blank whose tests `test` is in (`None`: an end-to-end test).
pub fn blank_of_test(test: &str) -> Option<u32> {
    blank_of(group_of(test))
}

/// The tests of `tests` that `outcomes` gives another outcome than
/// `expected(test)`, as `name (outcome)`, and the count.
fn unexpected(
    tests: &[&str],
    outcomes: &Outcomes,
    expected: impl Fn(&str) -> Outcome,
) -> Vec<String> {
    tests
        .iter()
        .filter_map(|&test| {
            let want = expected(test);
            match outcomes.get(test) {
                Some(&got) if got == want => None,
                Some(got) => Some(format!("{test} ({})", got.name())),
                None => Some(format!("{test} (not run)")),
            }
        })
        .collect()
}

/// `all 17 tests`, `the one test`: a count of things in a sentence.
pub fn all(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("the one {one}")
    } else {
        format!("all {count} {many}")
    }
}

/// At most three names, then how many more.
fn named(list: &[String]) -> String {
    match list.len() {
        0..=3 => list.join(", "),
        more => format!("{} and {} more", list[..3].join(", "), more - 3),
    }
}

/// Proof 1: the untouched handout fails every test as not yet implemented.
pub fn handout(tests: &[&str], outcomes: &Outcomes) -> Result<String, String> {
    let wrong = unexpected(tests, outcomes, |_| Outcome::NotImplemented);
    if wrong.is_empty() {
        Ok(format!(
            "the untouched handout fails {} as not yet implemented",
            all(tests.len(), "test", "tests")
        ))
    } else {
        Err(format!(
            "the untouched handout does not fail {} of {} tests as not yet implemented: {}",
            wrong.len(),
            tests.len(),
            named(&wrong)
        ))
    }
}

/// Proof 2: the reference passes every test.
pub fn reference(tests: &[&str], outcomes: &Outcomes) -> Result<String, String> {
    let wrong = unexpected(tests, outcomes, |_| Outcome::Passed);
    if wrong.is_empty() {
        Ok(format!(
            "the reference passes {}",
            all(tests.len(), "test", "tests")
        ))
    } else {
        Err(format!(
            "the reference does not pass {} of {} tests: {}",
            wrong.len(),
            tests.len(),
            named(&wrong)
        ))
    }
}

/// Proof 3, for one blank: filled alone (the others still `todo!()`), it
/// passes exactly its own tests, and the end-to-end ones only when it is the
/// homework's only blank; every other test is not yet implemented.
pub fn alone(tests: &[&str], blank: u32, blanks: usize, outcomes: &Outcomes) -> Result<(), String> {
    let passes = |test: &str| match blank_of_test(test) {
        Some(own) => own == blank,
        None => blanks == 1,
    };
    let wrong = unexpected(tests, outcomes, |test| {
        if passes(test) {
            Outcome::Passed
        } else {
            Outcome::NotImplemented
        }
    });
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "blank {blank} filled alone should pass exactly its own tests; unexpected: {}",
            named(&wrong)
        ))
    }
}

/// Whether an outcome is a wrong version caught: the test got a wrong
/// answer from it. A crash alone (a panic, an overflow, a timeout) proves
/// nothing: a test that discards its blank's answer fails every mutant that
/// crashes and passes every other one.
pub fn caught(outcome: Outcome) -> bool {
    outcome == Outcome::Failed
}

/// One thing proof 4 asks: a test, and for an end-to-end test the blank
/// whose wrong versions must fail it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Need {
    test: String,
    blank: Option<u32>,
}

/// Proof 4's ledger. A blank's test must fail for some wrong version (of its
/// blank: the others' leave it passing); an end-to-end test must fail for
/// some wrong version of *every* blank, since the search calls them all: an
/// end-to-end test that passes whatever one blank does cannot tell that
/// blank right from wrong (an invariant of the given code, a count a
/// mirrored search also finds).
#[derive(Debug, Clone)]
pub struct Kills {
    needs: Vec<Need>,
    by: BTreeMap<Need, String>,
}

impl Kills {
    /// Nothing failed yet: `tests`, of a file with the blanks `blanks`.
    pub fn new(tests: &[&str], blanks: &[u32]) -> Self {
        let needs = tests
            .iter()
            .flat_map(|&test| match blank_of_test(test) {
                Some(_) => vec![Need {
                    test: test.to_owned(),
                    blank: None,
                }],
                None => blanks
                    .iter()
                    .map(|&blank| Need {
                        test: test.to_owned(),
                        blank: Some(blank),
                    })
                    .collect(),
            })
            .collect();
        Self {
            needs,
            by: BTreeMap::new(),
        }
    }

    /// Records the outcomes of the wrong version `label` of blank `blank`
    /// (`None`: of no one blank known); returns how many needs it was the
    /// first to meet.
    pub fn record(&mut self, label: &str, blank: Option<u32>, outcomes: &Outcomes) -> usize {
        let met: Vec<Need> = self
            .needs
            .iter()
            .filter(|need| {
                !self.by.contains_key(*need)
                    && outcomes.get(&need.test).is_some_and(|&o| caught(o))
                    && (need.blank.is_none() || need.blank == blank)
            })
            .cloned()
            .collect();
        for need in &met {
            self.by.insert(need.clone(), label.to_owned());
        }
        met.len()
    }

    fn unmet(&self) -> impl Iterator<Item = &Need> {
        self.needs
            .iter()
            .filter(|need| !self.by.contains_key(*need))
    }

    /// The tests no wrong version failed so far, in order, each with the
    /// blanks whose wrong versions all pass it (none listed for a blank's
    /// own test): `end_to_end::steps (for blank 3)`.
    pub fn free(&self) -> Vec<String> {
        let mut free: Vec<(String, Vec<u32>)> = Vec::new();
        for need in self.unmet() {
            match free.last_mut() {
                Some((test, blanks)) if *test == need.test => blanks.extend(need.blank),
                _ => free.push((need.test.clone(), need.blank.into_iter().collect())),
            }
        }
        free.into_iter()
            .map(|(test, blanks)| match blanks.as_slice() {
                [] => test,
                [one] => format!("{test} (for blank {one})"),
                many => format!(
                    "{test} (for blanks {})",
                    many.iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            })
            .collect()
    }

    /// Whether wrong versions of blank `blank` can still meet a need: a test
    /// of its own still free, or an end-to-end test none of its wrong
    /// versions failed yet.
    pub fn wanted_from(&self, blank: u32) -> bool {
        self.unmet().any(|need| match need.blank {
            Some(of) => of == blank,
            None => blank_of_test(&need.test) == Some(blank),
        })
    }

    /// Whether every need is met.
    pub fn done(&self) -> bool {
        self.unmet().next().is_none()
    }

    /// The wrong version that first failed `test` (for an end-to-end test,
    /// as a wrong version of `blank`).
    pub fn failed_by(&self, test: &str, blank: Option<u32>) -> Option<&str> {
        let need = Need {
            test: test.to_owned(),
            blank: blank_of_test(test).is_none().then_some(blank).flatten(),
        };
        self.by.get(&need).map(String::as_str)
    }

    fn tests(&self) -> usize {
        let mut tests: Vec<&str> = self.needs.iter().map(|need| need.test.as_str()).collect();
        tests.dedup();
        tests.len()
    }
}

/// The case table's proof: each of its `cases` plain wrong answers loses
/// points; `kept` names those that do not (full marks, or no build).
pub fn cases(cases: usize, kept: &[String]) -> Result<String, String> {
    if cases == 0 {
        Ok("the case table has no plain wrong answer to grade".to_owned())
    } else if kept.is_empty() {
        Ok(format!(
            "the case table's {} each lose{} points",
            if cases == 1 {
                "one wrong answer".to_owned()
            } else {
                format!("{cases} wrong answers")
            },
            if cases == 1 { "s" } else { "" }
        ))
    } else {
        Err(format!(
            "{} of the case table's {cases} wrong answers {} no point: {}",
            kept.len(),
            if kept.len() == 1 { "loses" } else { "lose" },
            named(kept)
        ))
    }
}

/// Proof 4: every test fails for some wrong version (an end-to-end test for
/// one of each blank) with a wrong answer; a test that does not is free,
/// named.
pub fn wrong_versions(kills: &Kills, tried: &str) -> Result<String, String> {
    let free = kills.free();
    if free.is_empty() {
        Ok(format!(
            "{} {} for some wrong version, each end-to-end test for one of every blank ({tried})",
            all(kills.tests(), "test", "tests"),
            if kills.tests() == 1 { "fails" } else { "fail" }
        ))
    } else {
        Err(format!(
            "{} of {} tests get no wrong answer from any wrong version (each passed or only \
             crashed: {tried}), so they pass for free: {}",
            free.len(),
            kills.tests(),
            free.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TESTS: [&str; 4] = [
        "blank_1_check::empty",
        "blank_1_check::full",
        "blank_2_insert::adds",
        "end_to_end::counts",
    ];

    fn all(outcome: Outcome) -> Outcomes {
        TESTS.iter().map(|t| (t.to_string(), outcome)).collect()
    }

    fn with(mut outcomes: Outcomes, test: &str, outcome: Outcome) -> Outcomes {
        outcomes.insert(test.to_owned(), outcome);
        outcomes
    }

    #[test]
    fn the_handout_and_the_reference_are_judged_test_by_test() {
        assert!(handout(&TESTS, &all(Outcome::NotImplemented)).is_ok());
        let error = handout(
            &TESTS,
            &with(all(Outcome::NotImplemented), TESTS[3], Outcome::Passed),
        )
        .unwrap_err();
        assert!(error.contains("end_to_end::counts (passed)"), "{error}");
        assert!(reference(&TESTS, &all(Outcome::Passed)).is_ok());
        let missing: Outcomes = all(Outcome::Passed).into_iter().skip(1).collect();
        let error = reference(&TESTS, &missing).unwrap_err();
        assert!(error.contains("blank_1_check::empty (not run)"), "{error}");
    }

    #[test]
    fn a_blank_alone_passes_its_own_tests_and_end_to_end_only_when_it_is_the_only_one() {
        let one = with(
            with(all(Outcome::NotImplemented), TESTS[0], Outcome::Passed),
            TESTS[1],
            Outcome::Passed,
        );
        assert!(alone(&TESTS, 1, 2, &one).is_ok());
        let error = alone(&TESTS, 2, 2, &one).unwrap_err();
        assert!(error.contains("blank_1_check::empty (passed)"), "{error}");
        assert!(
            error.contains("blank_2_insert::adds (not_implemented)"),
            "{error}"
        );
        // The only blank filled is the reference: end to end passes too.
        assert!(alone(&TESTS[..2], 1, 1, &all(Outcome::Passed)).is_ok());
        assert!(alone(&TESTS, 1, 1, &one).is_err(), "end to end should pass");
    }

    #[test]
    fn a_test_that_always_passes_is_named_free() {
        // Wrong versions of each blank; the end-to-end test passes for each
        // of them: made to always pass, it can tell no wrong blank from a
        // right one.
        let mut kills = Kills::new(&TESTS, &[1, 2]);
        let wrong = [
            (
                Some(1),
                with(all(Outcome::Passed), TESTS[0], Outcome::Failed),
            ),
            (
                Some(1),
                with(all(Outcome::Passed), TESTS[1], Outcome::Failed),
            ),
            (
                Some(2),
                with(all(Outcome::Passed), TESTS[2], Outcome::Failed),
            ),
        ];
        for (index, (blank, outcomes)) in wrong.iter().enumerate() {
            assert_eq!(
                kills.record(&format!("mutant {index}"), *blank, outcomes),
                1
            );
        }
        assert_eq!(kills.free(), ["end_to_end::counts (for blanks 1, 2)"]);
        assert!(kills.wanted_from(1) && kills.wanted_from(2) && !kills.done());
        assert_eq!(kills.failed_by(TESTS[2], None), Some("mutant 2"));
        let error = wrong_versions(&kills, "3 mutants").unwrap_err();
        assert!(
            error.ends_with("so they pass for free: end_to_end::counts (for blanks 1, 2)"),
            "{error}"
        );
        // A wrong blank 1 failing it leaves blank 2's wrong versions to find.
        let fails = with(all(Outcome::Passed), TESTS[3], Outcome::Failed);
        assert_eq!(kills.record("case", Some(1), &fails), 1);
        assert_eq!(kills.free(), ["end_to_end::counts (for blank 2)"]);
        assert!(!kills.wanted_from(1) && kills.wanted_from(2));
        assert_eq!(kills.record("text", None, &fails), 0, "of no one blank");
        assert_eq!(kills.record("mutant", Some(2), &fails), 1);
        assert!(kills.done());
        assert!(wrong_versions(&kills, "4 mutants, 1 case").is_ok());
    }

    #[test]
    fn only_a_wrong_answer_catches_a_wrong_version() {
        let mut kills = Kills::new(&TESTS, &[1]);
        for outcome in [
            Outcome::NotImplemented,
            Outcome::NotRun,
            Outcome::HarnessError,
            Outcome::Panicked,
            Outcome::TimedOut,
            Outcome::StackOverflow,
            Outcome::Exited,
            Outcome::Crashed,
        ] {
            assert_eq!(kills.record("x", Some(1), &all(outcome)), 0, "{outcome:?}");
        }
        assert_eq!(kills.record("x", Some(1), &all(Outcome::Failed)), 4);
    }

    /// A test whose question discards its blank's answer: every mutant that
    /// crashes fails it, every other one passes it. It is free.
    #[test]
    fn a_test_failed_only_by_crashes_is_named_free() {
        let mut kills = Kills::new(&TESTS, &[1, 2]);
        let crashes = [Outcome::Panicked, Outcome::TimedOut, Outcome::StackOverflow];
        for (index, crash) in crashes.into_iter().enumerate() {
            let mut outcomes = with(all(Outcome::Failed), TESTS[1], crash);
            outcomes.insert(TESTS[2].to_owned(), Outcome::Passed);
            kills.record(&format!("mutant {index}"), Some(1), &outcomes);
        }
        let blank_2 = with(all(Outcome::Passed), TESTS[2], Outcome::Failed);
        kills.record(
            "mutant 3",
            Some(2),
            &with(blank_2, TESTS[3], Outcome::Failed),
        );
        kills.record(
            "mutant 4",
            Some(1),
            &with(all(Outcome::Failed), TESTS[1], Outcome::Passed),
        );
        assert_eq!(kills.free(), ["blank_1_check::full"]);
        let error = wrong_versions(&kills, "5 mutants").unwrap_err();
        assert!(
            error.ends_with("pass for free: blank_1_check::full"),
            "{error}"
        );
    }
}
