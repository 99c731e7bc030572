//! JUnit XML, one test suite per blank (`--format junit`).

use super::score::*;
use crate::grader::*;

/// The grade as JUnit XML: one test suite per group.
pub fn junit(grade: &Grade) -> Result<String, quick_junit::SerializeError> {
    use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
    let mut report = Report::new(format!("queens grade {}", grade.submission));
    report.set_time(grade.elapsed);
    for group in scored_groups(grade) {
        let mut suite = TestSuite::new(group.group.clone());
        for test in &group.tests {
            let status = if test.passed {
                TestCaseStatus::success()
            } else {
                let kind = if test.outcome.is_abnormal() {
                    NonSuccessKind::Error
                } else {
                    NonSuccessKind::Failure
                };
                let mut status = TestCaseStatus::non_success(kind);
                status
                    .set_message(test.message.lines().next().unwrap_or_default())
                    .set_type(test.outcome.name())
                    .set_description(test.message.clone());
                status
            };
            let mut case = TestCase::new(test.name.clone(), status);
            case.set_classname(group.group.clone())
                .set_time(std::time::Duration::from_millis(test.elapsed_ms));
            suite.add_test_case(case);
        }
        report.add_test_suite(suite);
    }
    report.to_string()
}
