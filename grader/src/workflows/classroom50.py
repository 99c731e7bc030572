#!/usr/bin/env python3
"""Classroom 50's autograder for the queens course.

Written by `queens handout --workflow classroom50`. Put this folder's files in
your classroom50 repository at CLASSROOM/autograders/ASSIGNMENT/ (see the
README.md beside it). Classroom 50's runner runs this script once per
submission, in the student's checkout, and publishes the result.json it
writes (schema classroom50/result/v1).

What grades: the course @REPOSITORY@ at commit @REVISION@, built with Rust
@TOOLCHAIN@: its `queens grade`, with its queens.toml (points, limits,
sandbox), reads only the homework files of the student's repository
(@FILES@). Nothing else of the student's repository is built.

A grader problem is never a grade: when the course cannot be fetched or
built, or `queens grade` says it could not grade (status grader-error), this
script writes no result.json and exits non-zero. Classroom 50's runner then
(runner.py, Finalizer.error) writes its own result.json, score 0 of
max-score 0 with no tests, publishes the Release with status "error" and
"autograder exited 1", and collect-scores records the submission as
submitted with that 0/0: never 0 out of the homework's points. The job's log
says why; regrade the submission once the problem is fixed.

QUEENS (a built `queens` binary), QUEENS_COURSE_DIR (the course already
checked out at that commit) and QUEENS_SCRATCH (the grading scratch) let the
script run elsewhere, for a self-hosted runner or to try it.
"""

import datetime
import json
import os
import pathlib
import subprocess
import sys
import tempfile

COURSE_REPOSITORY = "@REPOSITORY@"
COURSE_REVISION = "@REVISION@"
TOOLCHAIN = "@TOOLCHAIN@"
HOMEWORKS = @HOMEWORKS@
# Captured output in the release body is clipped, as Classroom 50 clips its own.
MAX_OUTPUT_CHARS = 2000


def fail(message):
    """A grader problem: say it, exit non-zero with no result.json (Classroom
    50's runner publishes a 0/0 with no tests, status error)."""
    print(f"::error::queens autograder: {message}", file=sys.stderr)
    sys.exit(1)


def run(command, **kwargs):
    print("+ " + " ".join(str(part) for part in command), flush=True)
    return subprocess.run(command, check=False, **kwargs)


def work_dir():
    base = os.environ.get("RUNNER_TEMP", "").strip()
    root = pathlib.Path(base) if base else pathlib.Path(tempfile.mkdtemp())
    work = root / "queens"
    work.mkdir(parents=True, exist_ok=True)
    return work


def course_dir(work):
    """The course at the pinned commit: given, or fetched (no credentials:
    the course repository must be readable by anyone)."""
    given = os.environ.get("QUEENS_COURSE_DIR", "").strip()
    if given:
        return pathlib.Path(given).resolve()
    course = (work / "course").resolve()
    server = os.environ.get("GITHUB_SERVER_URL", "https://github.com")
    url = f"{server}/{COURSE_REPOSITORY}.git"
    for command in (
        ["git", "init", "-q", str(course)],
        ["git", "-C", str(course), "fetch", "-q", "--depth", "1", url, COURSE_REVISION],
        ["git", "-C", str(course), "checkout", "-q", "--detach", "FETCH_HEAD"],
    ):
        if run(command).returncode != 0:
            fail(f"cannot fetch the course {url} at {COURSE_REVISION}")
    return course


def queens_binary(course, environment):
    """The course's own grader, built with the pinned toolchain."""
    given = os.environ.get("QUEENS", "").strip()
    if given:
        return given
    run(["rustup", "toolchain", "install", TOOLCHAIN, "--profile", "minimal"], env=environment)
    # bubblewrap contains the graded tests (the assignment's runtime also
    # lists it); Ubuntu's AppArmor otherwise refuses its user namespaces.
    # Both best effort: queens.toml's sandbox policy decides what happens
    # without them.
    # The runner's package lists may be stale (a fresh image has none):
    # apt-get install without an update can fail to find the package.
    run(["sudo", "-n", "apt-get", "update", "-qq"])
    run(["sudo", "-n", "apt-get", "install", "-y", "-qq", "bubblewrap"])
    run(["sudo", "-n", "sysctl", "-w", "kernel.apparmor_restrict_unprivileged_userns=0"])
    # The dev profile: no build cache survives between Classroom 50 runs, and
    # the grader's own speed is not what grading waits on.
    built = run(
        ["cargo", "build", "--locked", "-p", "queens-cli",
         "--manifest-path", str(course / "Cargo.toml")],
        env=environment,
    )
    if built.returncode != 0:
        fail("the course's grader did not build")
    return str(course / "target" / "debug" / "queens")


def grade(queens, path, homework, course, scratch, out, report_format, environment):
    """`queens grade`: its report, or None when it wrote none."""
    run(
        [queens, "grade", str(path), "--exercise", homework, "--course", str(course),
         "--scratch", str(scratch), "--format", report_format, "--out", str(out)],
        env=environment,
    )
    try:
        return json.loads(out.read_text())
    except (OSError, ValueError):
        return None


def fence(text):
    """A Markdown fence longer than any run of backticks in `text`."""
    ticks = 3
    while "`" * ticks in text:
        ticks += 1
    return "`" * ticks


def clip(text):
    if len(text) <= MAX_OUTPUT_CHARS:
        return text
    return text[:MAX_OUTPUT_CHARS] + "\n… (clipped)"


def main():
    work = work_dir()
    environment = dict(os.environ, RUSTUP_TOOLCHAIN=TOOLCHAIN)
    course = course_dir(work)
    queens = queens_binary(course, environment)
    # Absolute: cargo runs in other folders.
    scratch = pathlib.Path(os.environ.get("QUEENS_SCRATCH", "").strip() or work / "scratch").resolve()

    # The library and the harness are built now, before the first
    # submission's time limit starts (`queens grade --prepare`: exit 0 ready,
    # else the grader cannot grade here, which is no grade).
    for homework in HOMEWORKS:
        prepared = run(
            [queens, "grade", "--prepare", "--exercise", homework, "--course", str(course),
             "--scratch", str(scratch)],
            env=environment,
        )
        if prepared.returncode != 0:
            fail(f"the grader cannot grade {homework} here (queens grade --prepare "
                 f"exited {prepared.returncode})")

    tests = []
    body = []
    for homework in HOMEWORKS:
        report = grade(queens, pathlib.Path("exercises"), homework, course, scratch,
                       work / f"{homework}.json", "gradescope", environment)
        if report is None:
            fail(f"queens grade wrote no report for {homework}")
        status = report.get("extra_data", {}).get("status")
        if status == "grader-error":
            fail(f"queens grade could not grade {homework}: {report.get('output', '')[:500]}")
        score = sum(int(round(t.get("score", 0))) for t in report.get("tests", []))
        max_score = sum(int(round(t.get("max_score", 0))) for t in report.get("tests", []))
        body.append(f"### {homework}: {score}/{max_score} ({status})")
        body.append("")
        body.append("| Test | Result | Score |")
        body.append("|---|---|---|")
        failures = []
        for test in report.get("tests", []):
            name = f"{homework} {test.get('extra_data', {}).get('test', test.get('name', '?'))}"
            passed = test.get("status") == "passed"
            points = int(round(test.get("max_score", 0)))
            earned = int(round(test.get("score", 0))) if passed else 0
            output = test.get("output", "")
            tests.append({
                "test-name": name,
                "passed": passed,
                "score": earned,
                "max-score": points,
                # Kept verbatim by Classroom 50: the grader's message.
                "output": clip(output),
            })
            body.append(f"| {name} | {'PASS' if passed else 'FAIL'} | {earned} / {points} |")
            if not passed and output.strip():
                failures.append((name, clip(output)))
        body.append("")
        summary = report.get("output", "")
        if summary.strip():
            body.append(clip(summary))
            body.append("")
        if failures:
            body.append("<details><summary>Failure details</summary>")
            body.append("")
            for name, output in failures:
                marks = fence(output)
                body += [f"**{name}**", "", marks, output, marks, ""]
            body.append("</details>")
            body.append("")

    score = sum(t["score"] for t in tests)
    max_score = sum(t["max-score"] for t in tests)
    result = {
        "schema": "classroom50/result/v1",
        "classroom": os.environ.get("CLASSROOM", ""),
        "assignment": os.environ.get("ASSIGNMENT", ""),
        # owner, assignment_type, datetime and submitted_by are stamped by
        # Classroom 50's runner.
        "submission": os.environ.get("SUBMISSION_TAG", ""),
        "commit": os.environ.get("COMMIT_URL", ""),
        "release": os.environ.get("RELEASE_URL", ""),
        "review": os.environ.get("REVIEW_URL") or os.environ.get("COMMIT_URL", ""),
        "datetime": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "score": score,
        "max-score": max_score,
        "tests": tests,
    }
    pathlib.Path("result.json").write_text(json.dumps(result, indent=2) + "\n")
    heading = [f"## queens autograde: {score}/{max_score}", "",
               f"Graded by {COURSE_REPOSITORY} at {COURSE_REVISION}.", ""]
    pathlib.Path("release-body.md").write_text("\n".join(heading + body) + "\n")
    print(f"queens autograder: {score}/{max_score}")


if __name__ == "__main__":
    main()
