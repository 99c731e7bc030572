//! `queens watch` as a student meets it: in a pseudo-terminal, on a copy of
//! the handout, saving answers and reading the screen (a vt100 parser keeps
//! what the terminal would show). Its grades go through the grader's shared
//! scratch target folder (`target/grading-scratch`), as `queens grade` does,
//! so the first grade on a fresh clone compiles the course's library once.

use std::io::{Read, Write};
use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use assert_cmd::Command as CargoBin;
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use predicates::prelude::*;
use queens_grader::course::course_root;
use queens_grader::homework::Homework;
use queens_grader::homeworks;

const QUEENS: &str = env!("CARGO_BIN_EXE_queens");
/// The first grade may compile the course's library in the scratch folder.
const FIRST_GRADE: Duration = Duration::from_secs(900);
/// A save to its new scores: one small crate built, 17 tests run. A few
/// seconds on a quiet machine; the limit leaves room for a loaded one.
const AFTER_SAVE: Duration = Duration::from_secs(60);

/// A copy of the course's handout (crate manifest, every homework's file,
/// tests and hints) in a temporary folder: `<tmp>/exercises`.
fn handout_copy() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let from = course_root().join("exercises");
    let mut files = vec!["Cargo.toml"];
    for homework in homeworks::ALL {
        files.extend([homework.source, homework.test_file, homework.hints]);
    }
    for file in files {
        let to = tmp.path().join("exercises").join(file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(from.join(file), &to).unwrap_or_else(|e| panic!("copy {file}: {e}"));
    }
    tmp
}

/// The handout with `blanks` answered as in the reference, as
/// `queens handout --print --fill N` prints it.
fn filled(blanks: &[u32]) -> String {
    filled_for(homeworks::default(), blanks)
}

/// `homework`'s handout with `blanks` answered as in its reference.
fn filled_for(homework: &Homework, blanks: &[u32]) -> String {
    let mut command = Command::new(QUEENS);
    command.args(["handout", "--print", "--exercise", homework.name]);
    for blank in blanks {
        command.args(["--fill", &blank.to_string()]);
    }
    let output = command.output().expect("queens handout runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// `queens watch` running in a pseudo-terminal.
struct Watch {
    screen: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Vec<u8>>>,
    keys: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    master: Box<dyn MasterPty + Send>,
}

impl Watch {
    fn start(dir: &Path, args: &[&str]) -> Self {
        Self::start_with(dir, args, &[], 50)
    }

    /// In a terminal of `rows` rows, with `env` set.
    fn start_with(dir: &Path, args: &[&str], env: &[(&str, &Path)], rows: u16) -> Self {
        let size = PtySize {
            rows,
            cols: 140,
            pixel_width: 0,
            pixel_height: 0,
        };
        let pair = native_pty_system().openpty(size).expect("a pty");
        let mut command = CommandBuilder::new(QUEENS);
        command.args(args);
        command.cwd(dir);
        command.env("TERM", "xterm-256color");
        for (name, value) in env {
            command.env(name, value);
        }
        let child = pair
            .slave
            .spawn_command(command)
            .expect("queens watch starts");
        drop(pair.slave);
        let dimension = |n| std::num::NonZeroU16::new(n).expect("a terminal has a size");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            dimension(size.rows),
            dimension(size.cols),
            0,
        )));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let mut reader = pair.master.try_clone_reader().expect("a reader");
        let (into_screen, into_raw) = (Arc::clone(&screen), Arc::clone(&raw));
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(read) = reader.read(&mut buffer) {
                if read == 0 {
                    break;
                }
                into_screen.lock().unwrap().process(&buffer[..read]);
                into_raw.lock().unwrap().extend_from_slice(&buffer[..read]);
            }
        });
        let keys = pair.master.take_writer().expect("a writer");
        Self {
            screen,
            raw,
            keys,
            child,
            master: pair.master,
        }
    }

    /// Presses `keys`.
    fn press(&mut self, keys: &str) {
        self.keys.write_all(keys.as_bytes()).unwrap();
        self.keys.flush().unwrap();
    }

    /// Presses `q` and waits for a clean exit.
    fn quit(&mut self) {
        self.press("q");
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "{status:?}");
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "q did not quit:\n{}",
                self.contents()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn contents(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until the screen satisfies `ready`; returns how long it took.
    fn wait_for(&mut self, what: &str, limit: Duration, ready: impl Fn(&str) -> bool) -> Duration {
        let start = Instant::now();
        loop {
            let screen = self.contents();
            if ready(&screen) {
                return start.elapsed();
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("queens watch ended ({status:?}) while waiting for {what}:\n{screen}");
            }
            if start.elapsed() > limit {
                let _ = self.child.kill();
                panic!("no {what} after {limit:?}; the screen:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// The screen README.md shows: its `text` block after `cargo run -- watch`.
fn readme_screen() -> String {
    let readme = std::fs::read_to_string(course_root().join("README.md")).expect("README.md");
    let after = &readme[readme
        .find("cargo queens watch")
        .expect("the loop in README.md")..];
    let block = &after[after.find("```text\n").expect("a text block") + "```text\n".len()..];
    block[..block.find("```").expect("its end")].to_owned()
}

/// `(passed, total)` on the screen line that starts with `label`.
fn score(screen: &str, label: &str) -> Option<(u32, u32)> {
    let line = screen.lines().find(|line| {
        line.trim_start_matches(|c: char| c == '›' || c.is_whitespace())
            .starts_with(label)
    })?;
    let last = line.split_whitespace().find(|word| word.contains('/'))?;
    let (passed, total) = last.split_once('/')?;
    Some((passed.parse().ok()?, total.parse().ok()?))
}

/// The blanks' and the total's scores, once a grade is on the screen.
fn scores(screen: &str) -> Option<Vec<(u32, u32)>> {
    ["blank 1 ", "blank 2 ", "blank 3 ", "total "]
        .iter()
        .map(|label| score(screen, label))
        .collect()
}

#[test]
#[ignore = "a pty session of several saves (5 s); CI runs it with --ignored watch::"]
fn watch_regrades_every_save_and_quits_with_q() {
    let tmp = handout_copy();
    let lib_rs = tmp.path().join("exercises/src/lib.rs");
    let mut watch = Watch::start(tmp.path(), &["watch"]);

    // Every blank at 0 before anything is written.
    let first = watch.wait_for("a first grade", FIRST_GRADE, |s| {
        scores(s).is_some() && s.contains("graded in")
    });
    let before = scores(&watch.contents()).unwrap();
    for (passed, total) in &before {
        assert_eq!(*passed, 0, "{}", watch.contents());
        assert!(*total > 0, "{}", watch.contents());
    }
    assert!(
        watch.contents().contains("blank 1 is next"),
        "{}",
        watch.contents()
    );
    let blank_1_max = before[0].1;

    // Blank 1 answered: it gets full marks, the others stay at 0.
    std::fs::write(&lib_rs, filled(&[1])).unwrap();
    let one = watch.wait_for("blank 1 at full marks", AFTER_SAVE, |s| {
        scores(s).is_some_and(|now| now[0] == (blank_1_max, blank_1_max))
    });
    let now = scores(&watch.contents()).unwrap();
    assert_eq!(now[1].0, 0, "{}", watch.contents());
    // What the README shows a student is this screen.
    let readme = readme_screen();
    let contents = watch.contents();
    let screen: Vec<&str> = contents.lines().map(str::trim_end).collect();
    let shown: Vec<&str> = readme.lines().map(str::trim_end).collect();
    assert!(
        screen
            .windows(shown.len())
            .any(|lines| lines == shown.as_slice()),
        "README.md's screen:\n{readme}\nthe real one:\n{}",
        watch.contents()
    );

    // A compile error points at the student's file and line, and the watch goes on.
    let broken = filled(&[1]).replacen(
        "pub fn insert(&mut self, row: usize, col: usize) {",
        "pub fn insert(&mut self, row: usize, col: usize) {\n        let oops: u8 = \"not a number\";",
        1,
    );
    std::fs::write(&lib_rs, &broken).unwrap();
    let line = broken
        .lines()
        .position(|l| l.contains("let oops"))
        .expect("the broken line")
        + 1;
    let at = format!("src/lib.rs:{line}:");
    let error = watch.wait_for("the compile error", AFTER_SAVE, |s| {
        s.contains("does not compile") && s.contains(&at)
    });

    // Everything answered: the total at its maximum, and the next step.
    std::fs::write(&lib_rs, filled(&[1, 2, 3])).unwrap();
    let total_max = before[3].1;
    let all = watch.wait_for("the total at its maximum", AFTER_SAVE, |s| {
        score(s, "total ") == Some((total_max, total_max)) && s.contains("Well done")
    });
    assert!(
        // The notebook after the homework's own, from the course's order.
        watch.contents().contains("Explored"),
        "{}",
        watch.contents()
    );
    eprintln!("the screen at full marks:\n{}", watch.contents());

    watch.keys.write_all(b"q").unwrap();
    watch.keys.flush().unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(status) = watch.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "q did not quit:\n{}",
            watch.contents()
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
    // Left clean: the cursor shown again, and the terminal out of raw mode.
    let raw = watch.raw.lock().unwrap().clone();
    let tail = String::from_utf8_lossy(&raw);
    assert!(
        tail.rfind("\x1b[?25h") > tail.rfind("\x1b[?25l"),
        "the cursor is still hidden"
    );
    if let Some(tty) = watch.master.tty_name() {
        let stty = Command::new("stty")
            .arg("-a")
            .arg("-F")
            .arg(&tty)
            .output()
            .expect("stty runs");
        let settings = String::from_utf8_lossy(&stty.stdout);
        assert!(
            settings.split_whitespace().any(|w| w == "icanon")
                && settings.split_whitespace().any(|w| w == "echo"),
            "the terminal is still in raw mode: {settings}"
        );
    }
    eprintln!(
        "queens watch: first grade {:.1} s, blank 1 {:.1} s, compile error {:.1} s, \
         all blanks {:.1} s after the save",
        first.as_secs_f64(),
        one.as_secs_f64(),
        error.as_secs_f64(),
        all.as_secs_f64()
    );
}

#[test]
fn ctrl_c_quits_too() {
    let tmp = handout_copy();
    let mut watch = Watch::start(tmp.path(), &["watch", "exercises/src/lib.rs"]);
    // Once graded, so that the grader is idle and cleans its scratch copy up.
    watch.wait_for("a first grade", FIRST_GRADE, |s| {
        s.contains("graded in") && s.contains("q quit")
    });
    watch.keys.write_all(b"\x03").unwrap();
    watch.keys.flush().unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = watch.child.try_wait().unwrap() {
            assert!(status.success(), "{status:?}");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "Ctrl-C did not quit"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn queens() -> CargoBin {
    CargoBin::cargo_bin("queens").unwrap()
}

/// One line on stderr, exit 2.
fn refused(args: &[&str], dir: &Path, says: &str) {
    queens()
        .args(args)
        .current_dir(dir)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(says).and(predicate::str::contains("\n").count(1)));
}

#[test]
fn watch_refuses_what_is_not_a_handout() {
    let tmp = handout_copy();
    let dir = tmp.path();
    refused(
        &["watch", "no/such/folder"],
        dir,
        "is not the nqueens handout: it does not exist",
    );
    std::fs::create_dir_all(dir.join("other/src")).unwrap();
    std::fs::write(dir.join("other/src/lib.rs"), "pub fn f() {}\n").unwrap();
    refused(
        &["watch", "other"],
        dir,
        "has no `// BLANK n: title` marker",
    );
    std::fs::write(dir.join("notes.txt"), "").unwrap();
    refused(
        &["watch", "notes.txt"],
        dir,
        "neither a folder nor a .rs file",
    );
    // The default is exercises/ in the current folder.
    let empty = tempfile::tempdir().unwrap();
    refused(
        &["watch"],
        empty.path(),
        "exercises is not the nqueens handout",
    );
    // A homework's file is that homework, never graded as another.
    refused(
        &["watch", "exercises/src/sudoku.rs", "--exercise", "nqueens"],
        dir,
        "is the sudoku homework's file, not the nqueens homework's",
    );
}

#[test]
fn watch_grades_the_homework_whose_file_it_is_given_in_the_course_s_points() {
    let tmp = handout_copy();
    // Scored as `queens grade` scores: blank 1 worth 10 points in all.
    let settings = tmp.path().join("queens.toml");
    std::fs::write(&settings, "[exercise.sudoku.points]\nblank_1 = 10\n").unwrap();
    let mut watch = Watch::start(
        tmp.path(),
        &[
            "watch",
            "exercises/src/sudoku.rs",
            "--settings",
            settings.to_str().unwrap(),
        ],
    );
    let sudoku = homeworks::by_name("sudoku").unwrap();
    let first = sudoku.tests[0].name.split_once("::").unwrap().0;
    let in_blank_1 = sudoku.test_names().filter(|t| t.starts_with(first)).count() as u32;
    let total = sudoku.tests.len() as u32 - in_blank_1 + 10;
    watch.wait_for("the Sudoku homework's first grade", FIRST_GRADE, |s| {
        score(s, "total ") == Some((0, total)) && s.contains("graded in")
    });
    let screen = watch.contents();
    assert_eq!(score(&screen, "blank 1 "), Some((0, 10)), "{screen}");
    assert!(screen.contains("blank 1 is next"), "{screen}");
    assert!(screen.contains("--exercise sudoku"), "{screen}");
    assert!(!screen.contains("does not compile"), "{screen}");
    watch.keys.write_all(b"q").unwrap();
    watch.keys.flush().unwrap();
    let start = Instant::now();
    while watch.child.try_wait().unwrap().is_none() {
        assert!(start.elapsed() < Duration::from_secs(20), "q did not quit");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Every homework's file, watched: the untouched handout's first grade
/// (nothing passed, blank 1 next), then a save of the reference's answers
/// (every test passed).
#[test]
#[ignore = "a first grade and a save for every homework (a minute or more); run with --ignored"]
fn watch_grades_every_homework_and_regrades_its_saves() {
    let tmp = handout_copy();
    for homework in homeworks::ALL {
        let file = format!("exercises/{}", homework.source);
        let mut watch = Watch::start(tmp.path(), &["watch", &file]);
        let total = homework.tests.len() as u32;
        watch.wait_for(&format!("{homework}'s first grade"), FIRST_GRADE, |s| {
            score(s, "total ") == Some((0, total)) && s.contains("graded in")
        });
        let screen = watch.contents();
        assert!(screen.contains("blank 1 is next"), "{homework}:\n{screen}");
        // Every blank of the handout, however many it has.
        let handout = std::fs::read_to_string(tmp.path().join(&file)).unwrap();
        let blanks = handout
            .lines()
            .filter(|l| l.trim().starts_with("// BLANK "))
            .count();
        let every: Vec<u32> = (1..=blanks as u32).collect();
        std::fs::write(tmp.path().join(&file), filled_for(homework, &every)).unwrap();
        watch.wait_for(&format!("{homework}'s answers graded"), AFTER_SAVE, |s| {
            score(s, "total ") == Some((total, total))
        });
        watch.quit();
    }
}

#[test]
fn watch_names_a_missing_blank() {
    let tmp = handout_copy();
    let lib_rs = tmp.path().join("exercises/src/lib.rs");
    let text = std::fs::read_to_string(&lib_rs).unwrap();
    std::fs::write(&lib_rs, text.replace("// BLANK 2: insert", "// (gone)")).unwrap();
    refused(&["watch"], tmp.path(), "is missing blank 2");
}

#[test]
fn watch_has_no_json() {
    let tmp = handout_copy();
    refused(&["watch", "--json"], tmp.path(), "has no --json");
}

/// The screen's last line that is not empty.
fn last_line(screen: &str) -> &str {
    screen
        .lines()
        .rev()
        .find(|line| !line.trim().is_empty())
        .unwrap_or("")
}

/// `(grade N)` on the heading, N at least `n`.
fn graded_at_least(screen: &str, n: usize) -> bool {
    screen
        .split("(grade ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .and_then(|number| number.parse::<usize>().ok())
        .is_some_and(|count| count >= n)
}

/// About 10 s (eight grades, one after another): CI runs it,
/// `cargo test -p queens-cli --test cli -- --ignored watch::`.
#[test]
#[ignore = "about 10 s; run with --ignored"]
fn every_key_works() {
    let tmp = handout_copy();
    let lib_rs = tmp.path().join("exercises/src/lib.rs");
    let handout = std::fs::read_to_string(&lib_rs).unwrap();
    let hints = tmp.path().join("hints-shown.json");
    let mut watch = Watch::start_with(tmp.path(), &["watch"], &[("QUEENS_HINT_STATE", &hints)], 50);
    watch.wait_for("a first grade", FIRST_GRADE, |s| graded_at_least(s, 1));
    let screen = watch.contents();
    assert!(
        last_line(&screen).contains("h hint · r grade now"),
        "{screen}"
    );
    assert!(last_line(&screen).contains("q quit"), "{screen}");

    // h: the first unfinished blank's hints, one more each time, remembered
    // where `queens hint` keeps them.
    watch.press("h");
    watch.wait_for("blank 1's first hint", AFTER_SAVE, |s| {
        s.contains("blank 1 · prune check · hint 1 of") && s.contains("the task: is (`row`, `col`)")
    });
    watch.press("h");
    watch.wait_for("blank 1's second hint", AFTER_SAVE, |s| {
        s.contains("blank 1 · prune check · hint 2 of")
    });
    let seen: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&hints).unwrap()).unwrap();
    assert_eq!(seen["1"], 2, "{seen}");
    assert!(last_line(&watch.contents()).contains("q quit"));

    // r: graded again without a save.
    watch.press("r");
    watch.wait_for("a second grade", AFTER_SAVE, |s| graded_at_least(s, 2));

    // x with no blank chosen: the first failing one, and n keeps the file.
    watch.press("x");
    watch.wait_for("the question", AFTER_SAVE, |s| {
        s.contains("reset blank 1 (prune check) to its todo!()?") && s.contains("y resets it")
    });
    watch.press("n");
    watch.wait_for("the file kept", AFTER_SAVE, |s| {
        s.contains("kept: blank 1 is as you wrote it")
    });
    assert_eq!(std::fs::read_to_string(&lib_rs).unwrap(), handout);

    // Blank 1 answered; ↓ chooses blank 1, x then y resets it, the file kept.
    std::fs::write(&lib_rs, filled(&[1])).unwrap();
    watch.wait_for("blank 1 at full marks", AFTER_SAVE, |s| {
        scores(s).is_some_and(|now| now[0].0 == now[0].1)
    });
    watch.press("\x1b[B");
    watch.wait_for("the cursor on blank 1", AFTER_SAVE, |s| {
        s.contains("› blank 1  prune check")
    });
    // h follows the cursor.
    watch.press("h");
    watch.wait_for("blank 1's third hint", AFTER_SAVE, |s| {
        s.contains("blank 1 · prune check · hint 3 of")
    });
    watch.press("x");
    watch.wait_for("the question", AFTER_SAVE, |s| {
        s.contains("reset blank 1 (prune check)")
    });
    watch.press("y");
    watch.wait_for("blank 1 reset and graded", AFTER_SAVE, |s| {
        s.contains("blank 1 is back to its todo!()") && scores(s).is_some_and(|now| now[0].0 == 0)
    });
    assert_eq!(std::fs::read_to_string(&lib_rs).unwrap(), handout);
    // Kept in the exercises folder, where `cargo clean` does not reach,
    // named after the file and the time: lib.rs.2026-12-02T10-42-03.
    let backups: Vec<_> = std::fs::read_dir(tmp.path().join("exercises/.backups"))
        .expect("the backups' folder in the exercises folder")
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(backups.len(), 1, "{backups:?}");
    assert_eq!(std::fs::read_to_string(&backups[0]).unwrap(), filled(&[1]));
    let name = backups[0]
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let stamp = name.strip_prefix("lib.rs.").expect("named after the file");
    assert!(
        stamp.len() == "2026-12-02T10-42-03".len()
            && stamp.chars().enumerate().all(|(i, c)| match i {
                4 | 7 | 13 | 16 => c == '-',
                10 => c == 'T',
                _ => c.is_ascii_digit(),
            }),
        "a readable date: {name}"
    );
    assert!(!tmp.path().join("queens-backups").exists());
    assert!(
        watch.contents().replace('\n', "").contains(
            &backups[0]
                .file_name()
                .unwrap()
                .to_string_lossy()
                .to_string()
        ),
        "the screen names the copy:\n{}",
        watch.contents()
    );

    // l: every homework of the registry, with its blanks.
    watch.press("l");
    watch.wait_for("the homeworks", AFTER_SAVE, |s| {
        s.contains("the homeworks (e switches):")
            && homeworks::ALL.iter().all(|h| s.contains(h.title))
            && s.contains("0 of 3 blanks done")
            && s.contains("not graded yet: 0 of 3 blanks written")
    });

    // e: the next homework of the registry, graded at once.
    let next = homeworks::ALL[1];
    watch.press("e");
    let file = format!("exercises/{}", next.source);
    watch.wait_for("the next homework graded", FIRST_GRADE, |s| {
        s.contains(&format!("queens watch · {file} · graded in"))
            && score(s, "total ") == Some((0, next.tests.len() as u32))
    });
    watch.press("l");
    watch.wait_for("the list after the switch", AFTER_SAVE, |s| {
        s.contains(&format!("› {}", next.name))
    });
    assert!(last_line(&watch.contents()).contains("q quit"));
    watch.quit();
}

/// About 12 s (it waits out the time a file event may take): CI runs it,
/// `cargo test -p queens-cli --test cli -- --ignored watch::`.
#[test]
#[ignore = "about 12 s; run with --ignored"]
fn saves_without_events_suggest_poll_and_poll_sees_them() {
    let tmp = handout_copy();
    let lib_rs = tmp.path().join("exercises/src/lib.rs");
    let none = Path::new("1");
    // A short terminal: the keys stay on its last line.
    let mut watch = Watch::start_with(
        tmp.path(),
        &["watch"],
        &[("QUEENS_WATCH_DROP_EVENTS", none)],
        14,
    );
    watch.wait_for("a first grade", FIRST_GRADE, |s| graded_at_least(s, 1));
    assert!(
        last_line(&watch.contents()).contains("q quit"),
        "{}",
        watch.contents()
    );
    std::fs::write(&lib_rs, filled(&[1])).unwrap();
    watch.wait_for("the --poll suggestion", AFTER_SAVE, |s| {
        s.contains("came with no file event") && s.contains("--poll")
    });
    watch.quit();

    let mut polling = Watch::start_with(
        tmp.path(),
        &["watch", "--poll"],
        &[("QUEENS_WATCH_DROP_EVENTS", none)],
        50,
    );
    polling.wait_for("a first grade", FIRST_GRADE, |s| {
        graded_at_least(s, 1) && s.contains("(polling)")
    });
    std::fs::write(&lib_rs, filled(&[1, 2])).unwrap();
    // With --poll the watch has no fallback of its own: this grade is the
    // polling watcher's.
    polling.wait_for("the save seen by polling", AFTER_SAVE, |s| {
        scores(s).is_some_and(|now| now[1].0 == now[1].1 && now[1].1 > 0)
    });
    assert!(!polling.contents().contains("came with no file event"));
    polling.quit();
}

/// Inside `exercises/` (where `cargo queens watch` is typed too), the
/// folder itself is the handout.
#[test]
fn watch_inside_exercises_watches_that_folder() {
    let tmp = handout_copy();
    let mut watch = Watch::start(&tmp.path().join("exercises"), &["watch"]);
    watch.wait_for("a first grade of ./src/lib.rs", FIRST_GRADE, |s| {
        s.contains("queens watch · ./src/lib.rs · graded in") && scores(s).is_some()
    });
    watch.quit();
}

/// The processes descended from `pid` (Linux: read from `/proc`), by name.
fn descendants(pid: u32) -> Vec<(u32, String)> {
    let mut parents: Vec<(u32, u32, String)> = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(child) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `pid (name) state ppid …`: the name may hold spaces and brackets.
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let name = stat[open + 1..close].to_owned();
        let parent = stat[close + 1..]
            .split_whitespace()
            .nth(1)
            .and_then(|p| p.parse::<u32>().ok());
        if let Some(parent) = parent {
            parents.push((child, parent, name));
        }
    }
    let mut family = vec![pid];
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(&parent) = family.get(at) {
        for (child, _, name) in parents.iter().filter(|(_, p, _)| *p == parent) {
            family.push(*child);
            found.push((*child, name.clone()));
        }
        at += 1;
    }
    found
}

/// A save during a run makes it stale: the run is stopped (its endless loop
/// killed, nothing left running), never shown, and the new file graded. The
/// screen says which save is being graded, and for how long. `q` during a
/// run leaves nothing running either.
#[cfg(target_os = "linux")]
#[test]
#[ignore = "a pty session with an endless loop (6 s); CI runs it with --ignored watch::"]
fn a_save_during_a_run_drops_the_stale_run() {
    let tmp = handout_copy();
    let lib_rs = tmp.path().join("exercises/src/lib.rs");
    let mut watch = Watch::start(tmp.path(), &["watch"]);
    let pid = watch.child.process_id().expect("the watch's process id");
    watch.wait_for("a first grade", FIRST_GRADE, |s| {
        scores(s).is_some() && s.contains("(grade 1)")
    });

    // Blank 1 loops for ever: every test that calls it runs to its timeout.
    let done = filled(&[1, 2, 3]);
    let endless = done.replacen(
        "// BLANK 1: prune check\n",
        "// BLANK 1: prune check\n        while std::hint::black_box(true) {}\n",
        1,
    );
    assert_ne!(endless, done, "the marker of blank 1 is in the handout");
    std::fs::write(&lib_rs, &endless).unwrap();
    watch.wait_for(
        "the run in progress, with its save and seconds",
        AFTER_SAVE,
        |s| s.contains("grading your save of") && s.contains(" s (below: the save before)"),
    );
    tests_running(&watch, pid);

    // The fix, saved mid-run.
    std::fs::write(&lib_rs, &done).unwrap();
    let total = homeworks::default().tests.len() as u32;
    let verdict = watch.wait_for("the fixed file's verdict", AFTER_SAVE, |s| {
        score(s, "total ").is_some_and(|(passed, _)| passed > 0) && s.contains("graded in")
    });
    let screen = watch.contents();
    assert!(
        screen.contains("(grade 2)"),
        "the stale run was shown as a grade of its own:\n{screen}"
    );
    assert!(
        score(&screen, "total ").is_some_and(|(passed, all)| passed == all && all > 0),
        "the verdict is the fixed file's ({total} tests):\n{screen}"
    );
    let raw = String::from_utf8_lossy(&watch.raw.lock().unwrap()).into_owned();
    assert!(
        !raw.contains("infinite loop"),
        "the stale run's timeouts reached the screen"
    );
    // Nothing of the stale run is left: no process under the watch.
    let left = descendants(pid);
    assert!(left.is_empty(), "left running: {left:?}");
    eprintln!(
        "queens watch: the fixed file's verdict {:.1} s after its save",
        verdict.as_secs_f64()
    );

    // q during a run: its tests are killed, not left to their time limit
    // (the watch cancels the run and waits for it; bubblewrap's
    // --die-with-parent would too, but the tests may run without it).
    std::fs::write(&lib_rs, &endless).unwrap();
    let running = tests_running(&watch, pid);
    watch.quit();
    // Killed, a sandbox's processes take a moment to go: bubblewrap's inner
    // process is its PID namespace's init, whose exit waits for the rest.
    let alive = |(pid, _): &&(u32, String)| {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            let state = stat
                .rsplit(')')
                .next()
                .and_then(|rest| rest.split_whitespace().next());
            state != Some("Z")
        })
    };
    let quit = Instant::now();
    let alive = loop {
        let alive: Vec<&(u32, String)> = running.iter().filter(alive).collect();
        if alive.is_empty() || quit.elapsed() > Duration::from_secs(2) {
            break alive;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(alive.is_empty(), "left running after q: {alive:?}");
}

/// Waits until the watch `pid` runs graded tests (its build done): the
/// grader's copy of the test binary, in a sandbox or not. Returns them.
fn tests_running(watch: &Watch, pid: u32) -> Vec<(u32, String)> {
    let started = Instant::now();
    loop {
        let tests: Vec<(u32, String)> = descendants(pid)
            .into_iter()
            .filter(|(_, name)| ["graded-tests", "bwrap", "unshare"].contains(&name.as_str()))
            .collect();
        if !tests.is_empty() {
            return tests;
        }
        assert!(
            started.elapsed() < AFTER_SAVE,
            "the tests never started:\n{}",
            watch.contents()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// From any folder inside the course (`exercises/src/`, where the student
/// edits), `grade` and `watch` find the handout upwards, as cargo finds its
/// manifest.
#[test]
fn grade_and_watch_find_the_handout_from_a_folder_inside_it() {
    let tmp = handout_copy();
    let src = tmp.path().join("exercises/src");
    // A build cut short at once: only where the handout was found matters.
    let graded = queens()
        .current_dir(&src)
        .args(["grade", "--timeout", "0.01"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&graded.stdout);
    let stderr = String::from_utf8_lossy(&graded.stderr);
    assert!(!stderr.contains("does not exist"), "{stderr}");
    assert!(
        stdout.contains("Grading ../src/lib.rs"),
        "{stdout}\n{stderr}"
    );

    let mut watch = Watch::start(&src, &["watch"]);
    watch.wait_for("a first grade of ../src/lib.rs", FIRST_GRADE, |s| {
        s.contains("queens watch · ../src/lib.rs · graded in") && scores(s).is_some()
    });
    watch.quit();
}

/// A homework's name where a path goes suggests `--exercise NAME`.
#[test]
fn a_homework_named_as_a_path_suggests_exercise() {
    let tmp = handout_copy();
    let name = homeworks::ALL[1].name;
    for command in ["grade", "watch"] {
        queens()
            .current_dir(tmp.path())
            .args([command, name])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "did you mean `cargo queens {command} --exercise {name}`"
            )))
            .stderr(predicate::str::contains("does not exist").not());
    }
}
