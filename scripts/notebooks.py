#!/usr/bin/env python3
"""Run the tutorial's notebooks headlessly with the Rust (evcxr) kernel.

Used by `queens lab` (warm) and by `.ci/run` (execute, check-html); the
timings in README come from `time-setup`. Needs the packages of
notebooks/requirements.txt (nbclient, nbconvert, nbformat) and the `rust`
kernel (`evcxr_jupyter --install`).

  python scripts/notebooks.py warm
  python scripts/notebooks.py execute --strict --html ci-out/notebooks notebooks/*.ipynb
  python scripts/notebooks.py execute --strict --reference --html ci-out/notebooks/reference notebooks/03-*.ipynb
  python scripts/notebooks.py check-html ci-out/notebooks
  python scripts/notebooks.py time-setup --runs 3 [--cold]
  python scripts/notebooks.py strip notebooks/*.ipynb
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
KERNEL = "rust"
# Injected by CI only: with it, a panic fails its cell instead of printing.
STRICT = ":preserve_vars_on_panic 0"


def fail(message):
    print(f"notebooks: error: {message}", file=sys.stderr)
    sys.exit(1)


def jupyter():
    try:
        import nbclient  # noqa: F401
        import nbformat  # noqa: F401
    except ImportError:
        fail("nbclient/nbformat missing: pip install -r notebooks/requirements.txt")
    import nbformat
    from nbclient import NotebookClient
    return nbformat, NotebookClient


def setup_cell(nb):
    """The first code cell: the `:dep queens` cell every notebook starts with."""
    for cell in nb.cells:
        if cell.cell_type == "code":
            if ":dep queens" not in cell.source:
                fail("the first code cell must be the setup cell with `:dep queens`")
            return cell
    fail("the notebook has no code cell")


# A picture evcxr printed with Debug instead of drawing it: its `evcxr_display`
# call failed to compile (for example a `?` or a moved variable in the cell's
# last expression), which the kernel does not report as an error.
UNDRAWN = ("BoardPicture {", "TreePicture {", "Gallery {", "Chart {", "BarChart {",
           "Verdict {", "Feedback {", "Playground {", "ClickableBoard {", "Attempt {", "Done(", "Unfinished(",
           "Checked(", "Ran(", "OverBudget(", "Stopped(", "AgainstKnuth {", "Compiled {", "Picture(", "Sentence(")


def problems(cell):
    """Error outputs, anything written to stderr, pictures shown as Debug text,
    this machine's folders (a student reads `exercises/src/lib.rs:47`, the path
    from the course's root, never `/home/…/queens/exercises/…`)."""
    found = []
    for output in cell.get("outputs", []):
        plain = output.get("data", {}).get("text/plain", "")
        plain = "".join(plain) if isinstance(plain, list) else plain
        stream = output.get("text", "")
        stream = "".join(stream) if isinstance(stream, list) else stream
        for text in (plain, stream):
            at = text.find(f"{ROOT}/")
            if at >= 0:
                found.append("names this machine's folder: " + text[at : at + 100])
        if output.get("output_type") == "execute_result" and plain.startswith(UNDRAWN):
            found.append("shown as Debug text, not drawn: " + plain[:80])
        if output.get("output_type") == "execute_result" and plain.strip() == "()":
            found.append("shows `()`: end the cell's last loop or block with `;`")
        if output.get("output_type") == "error":
            found.append(f"{output.get('ename')}: {output.get('evalue')}".strip())
        elif output.get("output_type") == "stream" and output.get("name") == "stderr":
            found.append("stderr: " + output.get("text", "").strip()[:500])
    return found


# The handout as a notebook `:dep`s it, and the reference answers in its place:
# the site shows the notebooks on the handout (those whose metadata names
# their course.homework) run on a finished handout (`--reference`: its crate,
# and a homework file it names), the student's own JupyterLab run keeps the
# handout.
HANDOUT_DEP = ':dep exercises = { path = "../exercises" }'
REFERENCE_DEP = ':dep exercises = { package = "solutions", path = "../solutions" }'
# A handout file a cell names, and its reference: homework 1's crate root is
# the `solutions` crate's; another homework's file is its folder's
# instructor-only `reference.rs`.
HANDOUT_FILE = re.compile(r'"\.\./exercises/src/(\w+)\.rs"')


def reference_file(match):
    name = match.group(1)
    if name == "lib":
        return '"../solutions/src/lib.rs"'
    return f'"../grader/src/homeworks/{name}/instructor/reference.rs"'


def against_reference(nb, path):
    """Points the notebook's handout at the reference answers: the `:dep`
    line, and the `../exercises` the grader cell grades. Marks the notebook
    (metadata course.run_against) so that the site labels its page."""
    if not any(c.cell_type == "code" and HANDOUT_DEP in c.source for c in nb.cells):
        fail(f"{path.name} does not `{HANDOUT_DEP}`: --reference is for the notebooks on the handout")
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.source = (
                cell.source.replace(HANDOUT_DEP, REFERENCE_DEP)
                # The grader gets the reference's file, not its crate: the
                # `solutions` crate's manifest is not the handout's, and graded
                # as a folder it earned the page an instructor's note
                # ("Cargo.toml was edited: graded with the instructor's copy").
                .replace('"grade", "../exercises"]', '"grade", "../solutions/src/lib.rs"]')
                .replace('"../exercises"', '"../solutions"')
            )
            cell.source = HANDOUT_FILE.sub(reference_file, cell.source)
    nb.metadata.setdefault("course", {})["run_against"] = "reference"


# How long the kernel may take to start and, after a cell's reply, to deliver
# the cell's last outputs. nbclient's defaults (60 s, 4 s) are short enough
# for a loaded machine to miss: a late output was dropped without a word. No
# notebook asserts on a time; these limits only catch a kernel that hangs.
STARTUP_TIMEOUT_S = 600
IOPUB_TIMEOUT_S = 120


def run_cells(nb, timeout, on_cell=None):
    """Executes every code cell in a fresh kernel started in notebooks/;
    `timeout` seconds per cell (`execute --timeout`, 900 by default)."""
    _, NotebookClient = jupyter()
    client = NotebookClient(
        nb,
        kernel_name=KERNEL,
        timeout=timeout,
        startup_timeout=STARTUP_TIMEOUT_S,
        iopub_timeout=IOPUB_TIMEOUT_S,
        # An output still missing after IOPUB_TIMEOUT_S fails the run instead
        # of vanishing from the page.
        raise_on_iopub_timeout=True,
        allow_errors=True,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )
    with client.setup_kernel():
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            start = time.monotonic()
            client.execute_cell(cell, index)
            if on_cell:
                on_cell(index, cell, time.monotonic() - start)
    return nb


def cmd_warm(args):
    """Runs the setup cell once so that the notebooks start fast."""
    nbformat, _ = jupyter()
    first = nbformat.read(NOTEBOOKS / "01-diagonals.ipynb", as_version=4)
    nb = nbformat.v4.new_notebook(metadata=first.metadata)
    nb.cells = [nbformat.v4.new_code_cell(setup_cell(first).source)]
    start = time.monotonic()
    run_cells(nb, args.timeout)
    found = problems(nb.cells[0])
    if found:
        fail("the setup cell failed: " + "; ".join(found))
    print(f"warm: setup cell compiled in {time.monotonic() - start:.1f} s")


def renumbered(nb):
    """Numbers the executed code cells 1, 2, ... in order, each output with its
    cell's number. evcxr counts from 2 (its counter starts at 1 and goes up
    before the first cell) and nbclient takes a cell's count from the kernel,
    so every page would open on `In [2]`."""
    count = 0
    for cell in nb["cells"]:
        if cell.get("cell_type") != "code" or cell.get("execution_count") is None:
            continue
        count += 1
        cell["execution_count"] = count
        for output in cell.get("outputs", []):
            if "execution_count" in output:
                output["execution_count"] = count
    return nb


def cmd_execute(args):
    nbformat, _ = jupyter()
    failed = False
    html_dir = Path(args.html) if args.html else None
    if html_dir:
        html_dir.mkdir(parents=True, exist_ok=True)
    summary = []
    for path in map(Path, args.notebooks):
        nb = nbformat.read(path, as_version=4)
        if args.reference:
            against_reference(nb, path)
        if args.strict:
            cell = setup_cell(nb)
            cell.source = STRICT + "\n" + cell.source
        errors = []

        def check(index, cell, seconds, errors=errors, path=path):
            for problem in problems(cell):
                errors.append(f"{path.name} cell {index}: {problem}")
            if args.verbose:
                print(f"  {path.name} cell {index}: {seconds:.2f} s", flush=True)

        start = time.monotonic()
        try:
            run_cells(nb, args.timeout, check)
        except Exception as error:  # a timeout or a dead kernel
            errors.append(f"{path.name}: {type(error).__name__}: {error}")
        seconds = time.monotonic() - start
        renumbered(nb)
        pictures = sum(
            1
            for cell in nb.cells
            for output in cell.get("outputs", [])
            if "image/svg+xml" in output.get("data", {})
        )
        status = "ok" if not errors else f"{len(errors)} error(s)"
        print(f"{path.name}: {seconds:.1f} s, {pictures} pictures, {status}", flush=True)
        summary.append({"notebook": path.name, "seconds": round(seconds, 1), "pictures": pictures, "errors": errors})
        for error in errors:
            print(f"  {error}", file=sys.stderr)
        failed |= bool(errors)
        if html_dir:
            export_html(nb, html_dir / (path.stem + ".html"))
            nbformat.write(nb, html_dir / path.name)
    if html_dir:
        (html_dir / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    if failed:
        fail("some notebooks have errors (see above)")


# MathJax from the jupyter-server-mathjax package (notebooks/requirements.txt),
# copied next to the pages: they render their maths offline, with no CDN.
MATHJAX = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full,Safe"


def copy_mathjax(folder):
    try:
        import jupyter_server_mathjax
    except ImportError:
        fail("jupyter-server-mathjax missing: pip install -r notebooks/requirements.txt")
    source = Path(jupyter_server_mathjax.__file__).parent / "static"
    target = Path(folder) / "mathjax"
    if not (target / "MathJax.js").exists():
        shutil.copytree(source, target, dirs_exist_ok=True)


def export_html(nb, target):
    from nbconvert import HTMLExporter

    copy_mathjax(target.parent)
    body, _ = HTMLExporter(template_name="lab", mathjax_url=MATHJAX).from_notebook_node(nb)
    target.write_text(body, encoding="utf-8")


def time_setup(runs, timeout, cold=False, log=print):
    """Seconds the setup cell takes in each of `runs` fresh kernels (cold: the
    first run starts from an empty evcxr cache). scripts/latency uses this too."""
    nbformat, _ = jupyter()
    first = nbformat.read(NOTEBOOKS / "01-diagonals.ipynb", as_version=4)
    source = setup_cell(first).source
    cache = None
    saved_cache_home = os.environ.get("XDG_CACHE_HOME")
    if cold:
        # evcxr keeps its cache under $XDG_CACHE_HOME/evcxr: an empty one is a
        # first run (crates are already downloaded by cargo, though).
        cache = tempfile.mkdtemp(prefix="evcxr-cold-")
        os.environ["XDG_CACHE_HOME"] = cache
    times = []
    try:
        for run in range(runs):
            nb = nbformat.v4.new_notebook(metadata=first.metadata)
            nb.cells = [nbformat.v4.new_code_cell(source), nbformat.v4.new_code_cell("1 + 1")]
            measured = {}

            def note(index, cell, seconds, measured=measured):
                measured[index] = seconds
                found = problems(cell)
                if found:
                    raise RuntimeError("the setup cell failed: " + "; ".join(found))

            run_cells(nb, timeout, note)
            times.append(measured[0])
            kind = "cold" if cold and run == 0 else "warm"
            log(f"run {run + 1} ({kind}): setup cell {measured[0]:.2f} s, next cell {measured[1]:.2f} s")
    finally:
        if cache:
            shutil.rmtree(cache, ignore_errors=True)
            if saved_cache_home is None:
                os.environ.pop("XDG_CACHE_HOME", None)
            else:
                os.environ["XDG_CACHE_HOME"] = saved_cache_home
    return times


def cmd_time_setup(args):
    """Times the setup cell in fresh kernels (cold: empty evcxr cache)."""
    try:
        times = time_setup(args.runs, args.timeout, args.cold, log=lambda m: print(m, flush=True))
    except RuntimeError as error:
        fail(str(error))
    print(json.dumps({"setup_seconds": [round(t, 2) for t in times]}))


class SvgCounter(HTMLParser):
    """Counts <svg> roots inside notebook outputs and reads the report the
    probe script leaves in the DOM."""

    def __init__(self):
        super().__init__()
        self.report = None
        self.height = 0
        self.maths = 0
        self.raw_maths = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "pre" and attrs.get("id") == "svg-report":
            self.capture = True
            self.height = int(attrs.get("data-height") or 0)
            self.raw_maths = json.loads(attrs.get("data-raw-maths") or "[]")
            self.maths = int(attrs.get("data-maths") or 0)

    def handle_data(self, data):
        if getattr(self, "capture", False):
            self.report = json.loads(data)
            self.capture = False


# Runs in the browser once every image has loaded: each picture of an output
# (nbconvert embeds SVG as <img src="data:image/svg+xml;base64,...">, JupyterLab
# inline), the size it is drawn at, whether the browser could decode it, how
# many shapes its source has, and its text; written into the DOM for --dump-dom.
PROBE = """
<script>
window.addEventListener('load', () => {
  const probe = () => {
  const pictures = [...document.querySelectorAll(
      '.jp-OutputArea-output img[src^="data:image/svg+xml"], .jp-OutputArea-output svg')]
    .filter(p => !(p.parentElement && p.parentElement.closest('svg')));
  const report = pictures.map(p => {
    const r = p.getBoundingClientRect();
    let source = p.outerHTML, decoded = true;
    if (p.tagName === 'IMG') {
      source = atob(p.src.split(',')[1]);
      decoded = p.complete && p.naturalWidth > 0;
    }
    const text = new DOMParser().parseFromString(source, 'image/svg+xml').documentElement.textContent;
    return {width: r.width, height: r.height, decoded: decoded,
            shapes: (source.match(/<(rect|circle|polygon|polyline|line|path)\\b/g) || []).length,
            text: text.replace(/\\s+/g, ' ').trim().slice(0, 400)};
  });
  // Maths left as raw TeX in the prose (MathJax missing or failed).
  const raw = [...document.querySelectorAll('.jp-RenderedMarkdown')]
    .map(m => m.innerText).filter(t => /\$[^$\s]/.test(t)).map(t => t.slice(0, 120));
  const pre = document.createElement('pre');
  pre.id = 'svg-report';
  pre.dataset.height = document.documentElement.scrollHeight;
  pre.dataset.maths = document.querySelectorAll('.MathJax, .MathJax_Display, .MathJax_CHTML').length;
  pre.dataset.rawMaths = JSON.stringify(raw);
  pre.textContent = JSON.stringify(report);
  document.body.appendChild(pre);
  };
  // MathJax typesets after 'load': report once it is done.
  if (window.MathJax && MathJax.Hub) { MathJax.Hub.Queue(probe); } else { probe(); }
});
</script>
"""


def chromium_binary(explicit):
    for name in [explicit, "chromium", "chromium-browser", "google-chrome"]:
        if name and shutil.which(name):
            return shutil.which(name)
    fail("chromium not found (Debian: apt-get install chromium)")


def chromium(binary, args, profile):
    flags = [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}",
    ]
    return subprocess.run([binary, *flags, *args], capture_output=True, text=True, timeout=180)


def cmd_check_html(args):
    """Opens each exported notebook in headless chromium and checks that every
    picture of the notebook is drawn with a size and shapes."""
    binary = chromium_binary(args.chromium)
    folder = Path(args.folder)
    pages = sorted(folder.glob("*.html"))
    if not pages:
        fail(f"no .html files in {folder}")
    nbformat, _ = jupyter()
    failed = False
    for page in pages:
        executed = folder / (page.stem + ".ipynb")
        expected = sum(
            1
            for cell in nbformat.read(executed, as_version=4).cells
            for output in cell.get("outputs", [])
            if "image/svg+xml" in output.get("data", {})
        ) if executed.exists() else None
        with tempfile.TemporaryDirectory(prefix="chromium-") as profile:
            # The probe sits next to the page, so that its relative MathJax path resolves.
            probe = page.parent / f".probe-{page.name}"
            probe.write_text(page.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"), encoding="utf-8")
            try:
                result = chromium(binary, ["--window-size=1100,800", "--virtual-time-budget=20000", "--dump-dom",
                                          probe.resolve().as_uri()],
                                  Path(profile) / "profile")
            finally:
                probe.unlink()
            counter = SvgCounter()
            counter.feed(result.stdout)
            if args.screenshots and counter.report is not None:
                # The whole page, as tall as it is (the probe measured it).
                shots = Path(args.screenshots)
                shots.mkdir(parents=True, exist_ok=True)
                height = max(counter.height, 800)
                chromium(binary, [f"--window-size=1100,{height}", "--hide-scrollbars", "--virtual-time-budget=20000",
                                  f"--screenshot={(shots / (page.stem + '.png')).resolve()}",
                                  page.resolve().as_uri()], Path(profile) / "profile2")
        report = counter.report
        if report is None:
            print(f"{page.name}: the browser produced no report (exit {result.returncode})", file=sys.stderr)
            print(result.stderr[-2000:], file=sys.stderr)
            failed = True
            continue
        blank = [i for i, s in enumerate(report)
                 if not s["decoded"] or s["width"] < 50 or s["height"] < 30 or s["shapes"] < 3]
        ok = not blank and (expected is None or len(report) == expected)
        if counter.raw_maths:
            print(f"  maths not typeset (is MathJax next to the page?): {counter.raw_maths[:3]}", file=sys.stderr)
            ok = False
        print(f"{page.name}: {len(report)} pictures drawn (expected {expected}), {counter.maths} formulas typeset, "
              f"page {counter.height} px tall, {'ok' if ok else 'PROBLEM'}")
        if blank:
            print(f"  pictures not decoded, without size or without shapes: {blank}", file=sys.stderr)
        prompts = re.findall(r'jp-InputPrompt[^>]*>\s*In\s*\[(\d+)\]', page.read_text(encoding="utf-8"))
        if prompts and prompts != [str(i) for i in range(1, len(prompts) + 1)]:
            # `execute` renumbers what the kernel counted (`renumbered`).
            print(f"  the prompts are In {prompts[:3]}..., not 1, 2, 3, ...", file=sys.stderr)
            ok = False
        for needle in args.require or []:
            name, _, text = needle.partition(":")
            if name == page.stem and not any(text in s["text"] for s in report):
                print(f"  no picture of {name} shows '{text}'", file=sys.stderr)
                ok = False
        failed |= not ok
    if failed:
        fail("some pictures did not render")


def cmd_strip(args):
    """Removes outputs and execution counts: notebooks are committed clean."""
    nbformat, _ = jupyter()
    for path in map(Path, args.notebooks):
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs = []
                cell.execution_count = None
                cell.metadata = {}
        nbformat.validate(nb)
        nbformat.write(nb, path)
        print(f"stripped {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    warm = sub.add_parser("warm", help="run the setup cell once (fills the build cache)")
    warm.add_argument("--timeout", type=int, default=1800)
    warm.set_defaults(run=cmd_warm)
    execute = sub.add_parser("execute", help="run notebooks in fresh kernels, fail on any error output")
    execute.add_argument("notebooks", nargs="+")
    execute.add_argument("--strict", action="store_true", help=f"inject `{STRICT}` into the setup cell")
    execute.add_argument("--html", help="write executed notebooks and HTML here")
    execute.add_argument("--reference", action="store_true",
                         help="run against the reference answers (solutions/) instead of the handout, for the site")
    execute.add_argument("--timeout", type=int, default=900, help="seconds per cell")
    execute.add_argument("--verbose", action="store_true", help="print every cell's time")
    execute.set_defaults(run=cmd_execute)
    timing = sub.add_parser("time-setup", help="time the setup cell in fresh kernels")
    timing.add_argument("--runs", type=int, default=3)
    timing.add_argument("--cold", action="store_true", help="first run with an empty evcxr cache")
    timing.add_argument("--timeout", type=int, default=1800)
    timing.set_defaults(run=cmd_time_setup)
    check = sub.add_parser("check-html", help="check in headless chromium that the pictures render")
    check.add_argument("folder")
    check.add_argument("--chromium")
    check.add_argument("--screenshots", help="also save a PNG of each page here")
    check.add_argument("--require", action="append", help="NOTEBOOK:TEXT that some picture must show")
    check.set_defaults(run=cmd_check_html)
    strip = sub.add_parser("strip", help="remove outputs before committing")
    strip.add_argument("notebooks", nargs="+")
    strip.set_defaults(run=cmd_strip)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
