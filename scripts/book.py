#!/usr/bin/env python3
"""The course as a static site: `queens book` drives `export`; CI runs `check`.

  python scripts/book.py export --from ci-out/notebooks --out site 01-diagonals 02-place-the-queens ...
  python scripts/book.py check site --from ci-out/notebooks [--screenshots DIR]

export: each executed notebook to NAME.html with nbconvert's lab template,
MathJax served from the site (copied from the jupyter-server-mathjax package),
no script from a CDN, links between notebooks pointing at the pages, and a
bar with the index and the previous and next notebooks. `queens book` writes
index.html itself.

check: opens every page in Debian's chromium (playwright, no browser
download) with every request that leaves the site blocked, and checks that
every picture is drawn, the formulas are typeset, the clickable boards work
(a free cell takes a queen, an attacked cell refuses), and the links lead to
pages of the site. --screenshots saves each page at a phone's width (390 px)
and a laptop's (1366 px), full length.
"""

import argparse
import json
import re
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The lab template without the two scripts it loads from a CDN (require.js,
# which nothing here uses, and mermaid, for diagrams the course has none of),
# with a bar to move between the pages.
TEMPLATE = r"""
{%- extends 'index.html.j2' -%}
{%- block html_head_js_requirejs -%}{%- endblock html_head_js_requirejs -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block html_head_js_mathjax -%}
<script type="text/x-mathjax-config">
// The package ships the STIX web fonts, not the TeX ones.
MathJax.Hub.Config({"HTML-CSS": {availableFonts: [], preferredFont: null, webFont: "STIX-Web", imageFont: null}});
</script>
{{ super() }}
{%- endblock html_head_js_mathjax -%}
{%- block extra_css -%}
<style>
.book-nav { display: flex; flex-wrap: wrap; gap: 4px 18px; padding: 10px 16px; margin: 0 0 8px;
  border-bottom: 1px solid #ddd; font: 14px/1.4 system-ui, sans-serif; }
.book-nav a { color: #1565c0; text-decoration: none; }
.book-nav a:hover { text-decoration: underline; }
/* Wide pictures (search trees) and long code lines scroll sideways on a
   phone instead of shrinking out of legibility or being cut off. */
.jp-OutputArea-output { overflow-x: auto; }
.jp-OutputArea-output img { max-width: none; }
.jp-InputArea-editor .highlight pre { overflow-x: auto; }
</style>
{%- endblock extra_css -%}
{%- block body_header -%}
{{ super() }}
<nav class="book-nav" aria-label="course">
<a href="index.html">Course index</a>
{%- if resources.book.previous %}<a href="{{ resources.book.previous.href }}">&larr; {{ resources.book.previous.title }}</a>{% endif -%}
{%- if resources.book.next %}<a href="{{ resources.book.next.href }}">{{ resources.book.next.title }} &rarr;</a>{% endif -%}
</nav>
{%- endblock body_header -%}
"""

# The configuration jupyter-server-mathjax ships (it has no TeX-AMS_CHTML-full).
MATHJAX = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full,Safe"


def fail(message):
    print(f"book: error: {message}", file=sys.stderr)
    sys.exit(1)


def title(nb, name):
    """The notebook's first heading, without its `#`."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            match = re.search(r"^#\s+(.+)$", cell.source, re.M)
            if match:
                return match.group(1).strip()
    return name


# CI's --strict line (scripts/notebooks.py) and what the kernel answers to it:
# not part of the course.
STRICT = ":preserve_vars_on_panic 0"
STRICT_ECHO = "Preserve vars on panic: false\n"


def without_ci_setup(nb):
    for cell in nb.cells:
        if cell.cell_type == "code" and ":dep queens" in cell.source:
            cell.source = "\n".join(l for l in cell.source.split("\n") if l.strip() != STRICT)
            for output in cell.get("outputs", []):
                if output.get("output_type") == "stream":
                    output["text"] = output["text"].replace(STRICT_ECHO, "")
                elif "text/plain" in output.get("data", {}):
                    output["data"]["text/plain"] = output["data"]["text/plain"].replace(STRICT_ECHO, "")
            break
    return nb


def cmd_export(args):
    import jinja2
    import nbformat
    from nbconvert import HTMLExporter

    source, out = Path(args.source), Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    exporter = HTMLExporter(
        template_name="lab",
        template_file="book.html.j2",
        extra_loaders=[jinja2.DictLoader({"book.html.j2": TEMPLATE})],
        mathjax_url=MATHJAX,
    )
    books = [without_ci_setup(nbformat.read(source / f"{name}.ipynb", as_version=4))
             for name in args.notebooks]
    titles = [title(nb, name) for nb, name in zip(books, args.notebooks)]
    for i, (name, nb) in enumerate(zip(args.notebooks, books)):
        def link(j):
            if 0 <= j < len(books):
                return {"href": f"{args.notebooks[j]}.html", "title": titles[j]}
            return None
        resources = {"metadata": {"name": titles[i]},
                     "book": {"previous": link(i - 1), "next": link(i + 1)}}
        body, _ = exporter.from_notebook_node(nb, resources=resources)
        # The notebooks link each other as .ipynb; on the site, the pages.
        body = re.sub(r'href="(\d\d-[\w-]+)\.ipynb(#[^"]*)?"', r'href="\1.html\2"', body)
        (out / f"{name}.html").write_text(body, encoding="utf-8")
        print(f"book: {name}.html", flush=True)
    import jupyter_server_mathjax
    static = Path(jupyter_server_mathjax.__file__).parent / "static"
    shutil.copytree(static, out / "mathjax", dirs_exist_ok=True)


# What a page shows: its pictures (nbconvert's <img> of an SVG, or inline SVG),
# its typeset formulas, its clickable boards and its links.
SURVEY = """
() => {
  const pictures = [...document.querySelectorAll(
      '.jp-OutputArea-output img[src^="data:image/svg+xml"], .jp-OutputArea-output svg')]
    .filter(p => !(p.parentElement && p.parentElement.closest('svg')) && !p.closest('.qb-live'))
    .map(p => {
      const r = p.getBoundingClientRect();
      const decoded = p.tagName === 'IMG' ? (p.complete && p.naturalWidth > 0) : true;
      return {width: r.width, height: r.height, decoded: decoded};
    });
  const boards = [...document.querySelectorAll('.queens-board')].map(b => ({
    id: b.id, n: Number(b.dataset.n),
    cells: b.querySelectorAll('.qb-cell').length,
    fallback: b.querySelectorAll('.qb-fallback').length,
  }));
  return {
    pictures: pictures,
    boards: boards,
    math: document.querySelectorAll('.MathJax_CHTML, .MathJax, mjx-container').length,
    math_errors: document.querySelectorAll('.MathJax_Error, merror').length,
    links: [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href')),
    wide: document.documentElement.scrollWidth > window.innerWidth + 1,
  };
}
"""


def try_board(page, board_id):
    """Places a queen on a free cell of the next row, clicks an attacked cell,
    resets, then places a queen with the keyboard. Returns the problems found."""
    root = page.locator(f"#{board_id}")
    problems = []
    before = json.loads(root.get_attribute("data-queens"))
    root.locator(".qb-cell.qb-next").first.click()
    after = json.loads(root.get_attribute("data-queens"))
    if len(after) != len(before) + 1:
        problems.append(f"a click on a free cell did not place a queen ({before} -> {after})")
    next_row = len(after)
    attacked_next = root.locator(f'.qb-cell.qb-attacked[data-row="{next_row}"]')
    if attacked_next.count() == 0:
        problems.append("no attacked cell in the next row after one queen")
    else:
        attacked_next.first.click()
        message = root.locator(".qb-message")
        if message.get_attribute("data-kind") != "refused" or "is attacked by" not in message.inner_text():
            problems.append(f"an attacked cell did not refuse: {message.inner_text()!r}")
        if json.loads(root.get_attribute("data-queens")) != after:
            problems.append("a refused click changed the board")
    root.locator(".qb-reset").click()
    if json.loads(root.get_attribute("data-queens")) != []:
        problems.append("Reset did not empty the board")
    # The keyboard: from just before the board, Tab reaches cell (0, 0), the
    # right arrow moves to (0, 1), Enter places a queen there.
    page.evaluate("""(id) => {
      const mark = document.createElement('span');
      mark.tabIndex = -1;
      document.getElementById(id).before(mark);
      mark.focus();
    }""", board_id)
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("[document.activeElement.dataset.row, document.activeElement.dataset.col]")
    page.keyboard.press("Enter")
    queens = json.loads(root.get_attribute("data-queens"))
    if focused != ["0", "1"] or queens != [1]:
        problems.append(f"Tab, right arrow, Enter: focus on {focused}, queens {queens}")
    root.locator(".qb-reset").click()
    return problems


def cmd_check(args):
    import nbformat
    from playwright.sync_api import sync_playwright
    from board_page_check import launch

    site = Path(args.site)
    pages = sorted(site.glob("*.html"))
    if not (site / "index.html").exists():
        fail(f"{site} has no index.html: build it with `queens book --out {site}`")
    source = Path(args.source) if args.source else None
    shots = Path(args.screenshots) if args.screenshots else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    failures = []
    with sync_playwright() as p:
        browser = launch(p)
        for path in pages:
            problems, requests, errors = [], [], []
            page = browser.new_page(viewport={"width": 1366, "height": 900})

            def route(r, requests=requests):
                url = r.request.url
                if url.startswith(("file:", "data:", "about:", "blob:")):
                    r.continue_()
                else:
                    requests.append(url)
                    r.abort()
            page.route("**/*", route)
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            # A file of the site that is missing (a MathJax font, say).
            page.on("requestfailed", lambda r, errors=errors: r.url.startswith("file:")
                    and errors.append(f"missing {r.url}"))
            page.goto(path.resolve().as_uri(), wait_until="load")
            if page.evaluate("!!(window.MathJax && MathJax.Hub)"):
                page.evaluate("new Promise(done => MathJax.Hub.Queue(done))")
            survey = page.evaluate(SURVEY)
            executed = source / f"{path.stem}.ipynb" if source else None
            if executed and executed.exists():
                nb = nbformat.read(executed, as_version=4)
                svgs = sum(1 for c in nb.cells for o in c.get("outputs", [])
                           if "image/svg+xml" in o.get("data", {}))
                boards = sum(1 for c in nb.cells for o in c.get("outputs", [])
                             if "queens-board" in o.get("data", {}).get("text/html", ""))
                has_math = any(c.cell_type == "markdown" and re.search(r"\$[^$\n]+\$", c.source)
                               for c in nb.cells)
                if len(survey["pictures"]) != svgs:
                    problems.append(f"{len(survey['pictures'])} pictures on the page, {svgs} in the notebook")
                if len(survey["boards"]) != boards:
                    problems.append(f"{len(survey['boards'])} clickable boards, {boards} in the notebook")
                if has_math and survey["math"] == 0:
                    problems.append("the notebook has formulas but none was typeset")
            blank = [i for i, s in enumerate(survey["pictures"])
                     if not s["decoded"] or s["width"] < 50 or s["height"] < 30]
            if blank:
                problems.append(f"pictures not drawn: {blank}")
            if survey["math_errors"]:
                problems.append(f"{survey['math_errors']} formulas failed to typeset")
            for board in survey["boards"]:
                if board["cells"] != board["n"] ** 2 or board["fallback"]:
                    problems.append(f"board {board['id']} is not live: {board}")
                else:
                    problems += try_board(page, board["id"])
            for href in survey["links"]:
                target = href.split("#")[0]
                if href.endswith(".ipynb") or ".ipynb#" in href:
                    problems.append(f"a link still points at a notebook: {href}")
                elif target.endswith(".html") and "://" not in target and not (site / target).exists():
                    problems.append(f"a link leads nowhere: {href}")
            if requests:
                problems.append(f"asked the network for {requests[:3]}")
            if errors:
                problems.append(f"script errors: {errors[:3]}")
            if shots:
                for width in (390, 1366):
                    page.set_viewport_size({"width": width, "height": 900})
                    page.wait_for_timeout(150)
                    if width == 390 and page.evaluate(SURVEY)["wide"]:
                        print(f"  note: {path.name} is wider than a 390 px screen", flush=True)
                    page.screenshot(path=str(shots / f"{path.stem}-{width}.png"), full_page=True)
            page.close()
            status = "ok" if not problems else "PROBLEM"
            print(f"{path.name}: {len(survey['pictures'])} pictures, {len(survey['boards'])} clickable "
                  f"boards, {survey['math']} formulas, {status}", flush=True)
            for problem in problems:
                print(f"  {problem}", file=sys.stderr)
            failures += problems
        browser.close()
    if failures:
        fail(f"{len(failures)} problem(s) in the site (see above)")
    print(f"book: {len(pages)} pages checked, no problem")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    export = sub.add_parser("export", help="executed notebooks to HTML pages, MathJax copied in")
    export.add_argument("--from", dest="source", required=True, help="folder of executed .ipynb")
    export.add_argument("--out", required=True)
    export.add_argument("notebooks", nargs="+", help="notebook names without .ipynb, in order")
    export.set_defaults(run=cmd_export)
    check = sub.add_parser("check", help="open every page in chromium and check it")
    check.add_argument("site")
    check.add_argument("--from", dest="source", help="the executed notebooks, to count what each page must show")
    check.add_argument("--screenshots", help="save each page at 390 and 1366 px here")
    check.set_defaults(run=cmd_check)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
