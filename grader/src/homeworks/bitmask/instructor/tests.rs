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

/// Blank 2's `todo!()` message, as notebook 09's check shows it on row 3 of
/// the 6 × 6 board below queens on columns 1, 3 and 5: the masks it names
/// are this row's and it says so; the next row's, the check's answer, are
/// not in it.
#[test]
fn blank_2_s_message_names_this_row_s_masks_as_this_row_s() {
    use queens::notebook::masks::Row;
    let handout = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../exercises")
            .join(crate::homeworks::bitmask::HOMEWORK.source),
    )
    .expect("the bitmask handout");
    let start = handout.find("\"blank 2 — ").expect("blank 2's todo!()") + 1;
    let template = &handout[start..start + handout[start..].find('"').unwrap()];
    let row = Row::below(6, &[1, 3, 5]);
    let free = row.free().bits;
    let message = [
        ("free", free),
        ("cols", row.cols),
        ("diags", row.diags),
        ("anti", row.anti),
    ]
    .iter()
    .fold(template.to_string(), |text, (name, value)| {
        text.replace(&format!("{{{name}:#b}}"), &format!("{value:#b}"))
    });
    assert!(
        message.contains("this row's masks are cols 0b101010, diags 0b110000 and anti 0b10010,"),
        "{message}"
    );
    // The next row, below a fourth queen on the lowest free column (0).
    assert_eq!(free & free.wrapping_neg(), 1);
    let next = Row::below(6, &[1, 3, 5, 0]);
    assert_eq!(
        (next.cols, next.diags, next.anti),
        (0b101011, 0b100010, 0b1001)
    );
    let words: Vec<&str> = message
        .split(|c: char| !c.is_ascii_alphanumeric())
        .collect();
    for mask in [next.cols, next.diags, next.anti] {
        assert!(
            !words.contains(&format!("{mask:#b}").as_str()),
            "{mask:#b} is the check's answer: {message}"
        );
    }
}

/// The timing changes one thing, how the constraints are kept: both solvers
/// only count (homework 1's methods in the library's count-only loop against
/// `count_solutions`), never the sets writing every board out against a
/// count.
#[test]
fn the_timing_compares_a_count_with_a_count() {
    let cells = crate::homeworks::notebook_cells("bitmask");
    let timed = cells
        .iter()
        .find(|c| c.contains("fastest_ms("))
        .expect("the timing cell");
    assert!(timed.contains(".count(n)"), "{timed}");
    assert!(timed.contains("bitmask::count_solutions(n)"), "{timed}");
    assert!(!timed.contains("solve_n_queens"), "{timed}");
}
