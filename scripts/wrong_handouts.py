#!/usr/bin/env python3
"""The homework notebooks run on wrong handouts, as a student's mistakes make them.

    python scripts/wrong_handouts.py [--out DIR] notebooks/03-*.ipynb ...

For each notebook that `:dep`s a handout, four runs in fresh kernels, each on
the reference answers (as `notebooks.py execute --reference` finds them) with
one mistake put into one blank, written to target/notebooks/wrong/:

1. **does not compile** (a type error in blank 1): Run All must stop at the
   cell that `:dep`s the gate, whose message names the file and line, and no
   later cell runs.
2. **a recursion without end** (blank 1: the stack overflows), **an endless
   loop** (blank 2), **a panic** (blank 3; a homework of fewer blanks takes
   each mistake in its last blank instead): no cell may fail; every cell
   that reports the mistake names the blank it is in (the blank's own check,
   or a search blaming the first blank whose check fails); and a last cell
   reads a variable of an early one, so the kernel survived with its
   variables. Endless loops are stopped after QUEENS_REHEARSAL_SECONDS (3 s
   here, 30 s in the course).

3. **a wrong answer** (notebook 10 only: blank 1 takes the last region with
   no colour, not the first): the search ends, but it is not the
   reference's, so no cell may fail and every cell whose code shows its
   counts with the note `different` (the tables, the bar chart, the United
   States' nodes) says they differ from the reference's. Run with the
   course's time limit, since every search there ends.

Exits non-zero naming each notebook and what went wrong. Needs what
`notebooks.py execute` needs. CI runs it on every notebook that loads a handout.
"""

import argparse
import os
import re
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import notebooks  # noqa: E402

ROOT = notebooks.ROOT
WRONG = ROOT / "target" / "notebooks" / "wrong"

# Each mistake is put at the start of its blank, before the reference's
# answer: the rest of the file stays right, so the run shows the mistake alone.
RECURSION = """{
    #[allow(unconditional_recursion)]
    fn deeper(depth: u64) -> u64 {
        std::hint::black_box(deeper(depth + 1)) + 1
    }
    std::hint::black_box(deeper(0));
}"""
ENDLESS = "while std::hint::black_box(true) {}"
PANIC = "let _ = Vec::<u8>::new()[std::hint::black_box(1)];"
TYPE_ERROR = 'let _not_a_number: u32 = "three";'

# (name, blank, mistake, words the first cell reporting it says)
RUNTIME = [
    ("recursion", 1, RECURSION, "went so deep that the stack overflowed"),
    ("endless-loop", 2, ENDLESS, "was still running after"),
    ("panic", 3, PANIC, "stopped with a panic"),
]
COMPILE = {1: TYPE_ERROR}
# A mistake the search survives, per notebook: (blank, mistake).
WRONG_ANSWER = {
    "10-map-colouring": (1, "if let Some(last) = assignment.iter().rposition(Option::is_none) {\n"
                            "    return Some(last);\n}"),
}
# What csp::counts_of_a_different_search says under a wrong search's counts.
DIFFERENT = "whose steps differ from the reference's"


def with_mistakes(source, mistakes):
    """`source` with each blank's mistake put after its `// BLANK n` line."""
    for blank, code in mistakes.items():
        marker = re.compile(rf"^([ \t]*)// BLANK {blank}:.*\n", re.M)
        found = marker.search(source)
        if not found:
            raise SystemExit(f"wrong_handouts: no `// BLANK {blank}:` marker")
        indent = found.group(1)
        lines = "".join(f"{indent}{line}\n" for line in code.split("\n"))
        source = source[: found.end()] + lines + source[found.end() :]
    return source


def handout_files(nb):
    """The handout files a notebook's cells name (`../exercises/src/X.rs`), and
    whether it `:dep`s the exercises crate itself."""
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    files = sorted(set(notebooks.HANDOUT_FILE.findall(text)))
    return files, notebooks.HANDOUT_DEP in text


def reference_of(name):
    """The reference file of handout file `name` (`lib`, `colouring`)."""
    quoted = notebooks.reference_file(re.match(r"(\w+)", name))
    return ROOT / quoted.strip('"').replace("../", "", 1)


def point_at_wrong(nb, folder, mistakes):
    """Rewrites the notebook's cells onto copies of its handouts with
    `mistakes`, written under `folder`; drops the cell that grades the handout
    (the grader's own tests cover it)."""
    files, deps_crate = handout_files(nb)
    relative = os.path.relpath(folder, notebooks.NOTEBOOKS)
    crate = folder / "exercises"
    (crate / "src").mkdir(parents=True, exist_ok=True)
    # The exercises crate: homework 1's file, wrong only in a notebook on it.
    lib_wrong = "lib" in files or (deps_crate and not files)
    lib = reference_of("lib").read_text() if lib_wrong else (ROOT / "exercises/src/lib.rs").read_text()
    (crate / "src" / "lib.rs").write_text(with_mistakes(lib, mistakes) if lib_wrong else lib)
    (crate / "Cargo.toml").write_text(
        '[package]\nname = "exercises"\nversion = "0.1.0"\nedition = "2024"\n\n'
        "[lib]\ndoctest = false\n\n[workspace]\n"
    )
    for name in files:
        if name != "lib":
            (crate / "src" / f"{name}.rs").write_text(with_mistakes(reference_of(name).read_text(), mistakes))
    cells = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            if '"grade"' in cell.source:
                continue
            cell.source = cell.source.replace('"../exercises', f'"{relative}/exercises')
        cells.append(cell)
    nb.cells = cells


def said(cell):
    """What a cell's outputs say, its lines joined: a sentence may be wrapped
    to the page anywhere between its words."""
    return " ".join(outputs_text(cell).split())


def outputs_text(cell):
    parts = []
    for output in cell.get("outputs", []):
        for text in (output.get("text", ""), output.get("data", {}).get("text/plain", "")):
            parts.append("".join(text) if isinstance(text, list) else text)
        if output.get("output_type") == "error":
            parts.append(f"{output.get('ename')}: {output.get('evalue')}")
    return "\n".join(parts)


def run_until_error(nb, timeout):
    """Runs the cells in order as Run All does: stops after the first cell
    with an error output. Returns that cell's index, or None."""
    stopped = []

    def on_cell(index, cell, seconds):
        if not stopped and any(o.get("output_type") == "error" for o in cell.get("outputs", [])):
            stopped.append(index)
            raise StopIteration

    try:
        notebooks.run_cells(nb, timeout, on_cell)
    except StopIteration:
        pass
    return stopped[0] if stopped else None


def check_compile(path, out):
    nbformat, _ = notebooks.jupyter()
    nb = nbformat.read(path, as_version=4)
    point_at_wrong(nb, WRONG / f"{path.stem}-compile", COMPILE)
    gate = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code" and ":dep gate" in c.source)
    stopped = run_until_error(nb, 600)
    found = []
    if stopped != gate:
        found.append(f"Run All stopped at cell {stopped}, not at the gate's `:dep` (cell {gate})")
    text = outputs_text(nb.cells[gate]) + outputs_text(nb.cells[gate - 1])
    # (The copy's crate is a workspace of its own: its paths read `src/…`.)
    if not re.search(r"src/\w+\.rs:\d+:\d+", text) or "mismatched types" not in text:
        found.append(f"the gate does not name the file, line and error: {text[:300]!r}")
    later = [i for i, c in enumerate(nb.cells) if i > gate and c.cell_type == "code" and c.get("outputs")]
    if later:
        found.append(f"cells after the gate ran: {later}")
    if out:
        nbformat.write(nb, out / f"{path.stem}-compile.ipynb")
    return found


def blank_checks(nb):
    """How many blank checks the notebook's progress table holds
    (`Progress::new([&blank_1, &blank_2])`)."""
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    table = re.search(r"Progress::new\(\[([^\]]*)\]\)", text)
    if not table:
        raise SystemExit("wrong_handouts: no `Progress::new([...])` table")
    return table.group(1).count("&blank_")


def check_runtime(path, out, name, blank, mistake, says):
    nbformat, _ = notebooks.jupyter()
    nb = nbformat.read(path, as_version=4)
    blanks = blank_checks(nb)
    blank = min(blank, blanks)
    point_at_wrong(nb, WRONG / f"{path.stem}-{name}", {blank: mistake})
    setup = notebooks.setup_cell(nb)
    setup.source = notebooks.STRICT + "\n" + setup.source
    nb.cells.append(nbformat.v4.new_code_cell(
        'println!("the kernel kept its variables: {} blanks checked", progress.blanks.len());'))
    found = []
    try:
        notebooks.run_cells(nb, 600)
    except Exception as error:  # a dead kernel or a hung cell
        found.append(f"{type(error).__name__}: {error}")
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for problem in notebooks.problems(cell):
            found.append(f"cell {index}: {problem}")
    reports = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and says in said(c)]
    if not reports:
        found.append(f"no cell says {says!r}")
    for report in reports:
        text = said(nb.cells[report])
        if f"blank {blank}" not in text:
            found.append(f"cell {report} says {says!r} but does not name blank {blank}: {text[:400]!r}")
    if f"the kernel kept its variables: {blanks} blanks checked" not in outputs_text(nb.cells[-1]):
        found.append(f"the last cell did not run in the same kernel: {outputs_text(nb.cells[-1])[:300]!r}")
    if out:
        nbformat.write(nb, out / f"{path.stem}-{name}.ipynb")
        notebooks.export_html(nb, out / f"{path.stem}-{name}.html")
    return found


def check_marked(path, out, blank, mistake):
    """A wrong search that ends: every count it shows says it is a wrong
    search's (notebook 10's cells that pass the note `different`)."""
    nbformat, _ = notebooks.jupyter()
    nb = nbformat.read(path, as_version=4)
    point_at_wrong(nb, WRONG / f"{path.stem}-wrong-answer", {blank: mistake})
    setup = notebooks.setup_cell(nb)
    setup.source = notebooks.STRICT + "\n" + setup.source
    found = []
    try:
        notebooks.run_cells(nb, 600)
    except Exception as error:  # a dead kernel or a hung cell
        found.append(f"{type(error).__name__}: {error}")
    marked = 0
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for problem in notebooks.problems(cell):
            found.append(f"cell {index}: {problem}")
        if re.search(r"note_if\(different|\(&different,", cell.source):
            marked += 1
            if DIFFERENT not in said(cell):
                found.append(f"cell {index} shows a wrong search's counts unmarked: "
                             f"{outputs_text(cell)[:300]!r}")
    if not marked:
        found.append("no cell passes the note `different`")
    if out:
        nbformat.write(nb, out / f"{path.stem}-wrong-answer.ipynb")
        notebooks.export_html(nb, out / f"{path.stem}-wrong-answer.html")
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("notebooks", nargs="+")
    parser.add_argument("--out", help="write the executed notebooks (and the runtime runs' HTML) here")
    args = parser.parse_args()
    out = Path(args.out) if args.out else None
    if out:
        out.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(WRONG, ignore_errors=True)
    failed = False
    for path in map(Path, args.notebooks):
        runs = [("does not compile", lambda: check_compile(path, out))] + [
            (run[0], lambda run=run: check_runtime(path, out, *run)) for run in RUNTIME
        ]
        if path.stem in WRONG_ANSWER:
            runs.append(("wrong answer", lambda: check_marked(path, out, *WRONG_ANSWER[path.stem])))
        for kind, check in runs:
            start = time.monotonic()
            # Endless loops are found sooner; a search that ends gets the course's limit.
            seconds = "30" if kind == "wrong answer" else "3"
            os.environ["QUEENS_REHEARSAL_SECONDS"] = seconds
            found = check()
            status = "ok" if not found else f"{len(found)} problem(s)"
            print(f"{path.name}, {kind}: {time.monotonic() - start:.1f} s, {status}", flush=True)
            for problem in found:
                print(f"  {problem}", file=sys.stderr)
            failed |= bool(found)
    if failed:
        notebooks.fail("a notebook did not survive a wrong handout (see above)")


if __name__ == "__main__":
    main()
