//! Homework 3's notebook (the one whose metadata says `course.homework:
//! "bitmask"`): its checks of the three blanks take their expected values
//! from the library and never print them, and it calls a solver right only
//! when the grader would. Instructor only, like the reference beside it.

#[test]
fn the_notebook_checks_each_blank_with_blank_check_and_never_prints_the_expected_value() {
    let cells = crate::homeworks::notebook_cells("bitmask");
    for k in 1..=3 {
        let check = cells
            .iter()
            .find(|c| c.contains(&format!("BlankCheck::run({k},")))
            .unwrap_or_else(|| panic!("no BlankCheck for blank {k}"));
        // The expected value comes from the library's `Row`, never a literal.
        assert!(
            ["row.", "row_3.", "wide."]
                .iter()
                .any(|row| check.contains(row)),
            "{check}"
        );
    }
    for cell in &cells {
        for line in cell.lines().filter(|l| l.contains("println!")) {
            assert!(
                !line.contains("expected") && !line.contains(".free()"),
                "prints an expected value: {line}"
            );
        }
    }
    // "Right" only when the grader would agree: counts and masks node by node
    // (swapped shifts keep every count; walk.rs's tests show the walk says no).
    let timed = cells
        .iter()
        .find(|c| c.contains("let walked = progress.attempt("))
        .expect("the bitmask solver's check before the timing");
    assert!(timed.contains("walk::leaves_knuth_s_tree(n,"), "{timed}");
    let said = (cells.iter())
        .find(|c| c.contains("let bits_ok = "))
        .expect("the bitmask solver's verdict");
    assert!(said.contains("counted && left.is_none()"), "{said}");
    // Until the blanks are written, a check says "not yet" and shows no value.
    let row = queens::notebook::masks::Row::below(6, &[1, 3]);
    let unwritten = || -> queens::notebook::masks::Mask { todo!("blank 1 — free columns") };
    let untouched =
        queens::notebook::feedback::BlankCheck::run(1, "free columns", row.free(), unwritten);
    assert_eq!(untouched.state, queens::notebook::feedback::State::NotYet);
    assert!(!untouched.to_string().contains("0b100001"), "{untouched}");
}
