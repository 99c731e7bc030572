#!/usr/bin/env python3
"""The course as a static site: `queens book` drives `export`; CI runs `check`.

  python scripts/book.py export --from ci-out/notebooks --out site --board board.html 01-diagonals ...
  python scripts/book.py check site --from ci-out/notebooks [--screenshots DIR]

export: every page from the Jinja templates in scripts/book/templates: each
executed notebook to NAME.html through nbconvert's lab template (a notebook
run against the reference answers, from --from's reference/ folder, is used
for its page and labelled so), the index from the notebooks' titles and
their metadata's `course.summary`, the clickable board's page around the
fragment `queens book` writes, and print.html, the whole course on one page,
printed by chromium to course.pdf. Each notebook's page shows the code of
the notebook as committed, a copy button on each cell, and a "Run it
yourself" box (the README's two commands, the notebook as committed, without
outputs, to download from notebooks/). MathJax 3 with its TeX fonts and the
search index (pagefind) come from the npm packages of scripts/book (`npm ci
--prefix scripts/book`); nothing is loaded from a CDN.

check: opens every page in Debian's chromium (playwright, no browser
download) with every request that leaves the site blocked, in the light and
the dark theme, and checks that every picture is drawn, the formulas are
typeset in MathJax's TeX fonts (a glyph in any other font fails), the
clickable boards work, the links lead to pages of the site, the contents
list, the skip link and the arrow keys work, the theme toggle is
remembered, axe-core finds no serious or critical violation, search (the
site served on 127.0.0.1) finds "anti-diagonal" in notebook 01, and
course.pdf has one section per notebook; then what a student does with a
page (check_student_use): the copy buttons with the keyboard, from disk,
served and without the clipboard API, the downloads byte for byte, the pages
without scripts, and no instructor's note, placeholder or bare `queens`
command on any page. --screenshots saves each page in
both themes at a phone's width (390 px) and a laptop's (1366 px), full length.
"""

import argparse
import functools
import html
import http.server
import json
import re
import shutil
import subprocess
import sys
import threading
from urllib.parse import unquote
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parent.parent
BOOK = Path(__file__).resolve().parent / "book"
TEMPLATES = BOOK / "templates"
ASSETS = BOOK / "assets"
NODE_MODULES = BOOK / "node_modules"
THEMES = ("light", "dark")


def fail(message):
    print(f"book: error: {message}", file=sys.stderr)
    sys.exit(1)


def npm_file(*parts):
    path = NODE_MODULES.joinpath(*parts)
    if not path.exists():
        fail(f"{path} is missing: run `npm ci --prefix {BOOK.relative_to(ROOT)}`")
    return path


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


# The notebooks as committed, without outputs (tests/notebooks.rs checks it):
# the site offers them to download, and its pages show their code.
BLANK = ROOT / "notebooks"


def blank_notebook(name):
    """notebooks/NAME.ipynb as committed, read; fails where it holds an
    output or an execution count, since the site offers it as the blank one."""
    import nbformat

    path = BLANK / f"{name}.ipynb"
    if not path.exists():
        fail(f"{path} is missing: the site offers each notebook as committed")
    nb = nbformat.read(path, as_version=4)
    if any(c.cell_type == "code" and (c.get("outputs") or c.get("execution_count") is not None) for c in nb.cells):
        fail(f"{path} holds outputs: notebooks are committed without them (scripts/notebooks.py strip)")
    return nb


def offer_blank_notebooks(out, names):
    """notebooks/NAME.ipynb beside the pages, byte for byte as committed:
    what each page's download link gives."""
    (out / "notebooks").mkdir(parents=True, exist_ok=True)
    for name in names:
        blank_notebook(name)
        shutil.copyfile(BLANK / f"{name}.ipynb", out / "notebooks" / f"{name}.ipynb")


def student_code(nb, blank, name):
    """The executed notebook with the code cells of the committed one: a page
    run against the reference answers shows the cells a student runs (`:dep
    exercises`, `../exercises`), not the run's stand-ins for them, so what
    its copy buttons copy works in a student's copy. An executed copy whose
    code cells are not the notebook's (older, say) fails."""
    sources = {c.get("id"): c.source for c in blank.cells if c.cell_type == "code"}
    ran = [c.get("id") for c in nb.cells if c.cell_type == "code"]
    if sorted(ran) != sorted(sources):
        fail(f"the executed {name}.ipynb does not have the code cells of notebooks/{name}.ipynb: "
             "execute it again (`cargo run -- book --execute`)")
    against_reference = nb.metadata.get("course", {}).get("run_against") == "reference"
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.source = sources[cell.get("id")]
            if against_reference:
                for output in cell.get("outputs", []):
                    student_paths(output)
    return nb


# A homework's reference file, as a run against the reference names it.
REFERENCE_FILE = re.compile(r"(?:\.\./)?grader/src/homeworks/(\w+)/instructor/reference\.rs")


def student_paths(output):
    """An output of a run against the reference answers, with the paths the
    run used (`../solutions`, its `src/` files, a homework's
    `instructor/reference.rs`) named as the cells above it and a student's
    own run name them (`../exercises`): the page's banner says which answers
    filled the blanks."""
    def rename(text):
        text = REFERENCE_FILE.sub(r"../exercises/src/\1.rs", text)
        return text.replace("../solutions/src/", "../exercises/src/").replace("../solutions", "../exercises")

    if "text" in output:
        output["text"] = rename(output["text"])
    for mime in ("text/plain", "text/html"):
        if mime in output.get("data", {}):
            value = output["data"][mime]
            output["data"][mime] = rename(value) if isinstance(value, str) else [rename(v) for v in value]


def inline_code(text):
    """`text` as HTML, its `code` spans kept as code."""
    from markupsafe import Markup, escape

    parts = str(escape(text)).split("`")
    return Markup("".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts)))


class Headings(HTMLParser):
    """The h2 and h3 of a page with their ids: its contents list."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found, self.current, self.skip = [], None, 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("h2", "h3") and attrs.get("id"):
            self.current = {"level": int(tag[1]), "id": attrs["id"], "text": ""}
        elif self.current and tag == "a" and "anchor-link" in (attrs.get("class") or ""):
            self.skip += 1

    def handle_endtag(self, tag):
        if self.current and tag == "a" and self.skip:
            self.skip -= 1
        elif self.current and tag == f"h{self.current['level']}":
            self.current["text"] = " ".join(self.current["text"].split())
            self.found.append(self.current)
            self.current = None

    def handle_data(self, data):
        if self.current and not self.skip:
            self.current["text"] += data


def headings(body):
    parser = Headings()
    parser.feed(body)
    return parser.found


def site_environment():
    """The Jinja environment of the site's own pages (index, board)."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                             undefined=jinja2.StrictUndefined)
    env.filters["inline_code"] = inline_code
    return env


def theme_css():
    """JupyterLab's light variables, and its dark ones for the dark theme
    (chosen on <html data-theme>, or by the system where scripts are off)."""
    import nbconvert

    static = Path(nbconvert.__file__).parent
    lab = None
    for base in [Path(sys.prefix) / "share" / "jupyter" / "nbconvert" / "templates" / "lab" / "static",
                 static / "templates" / "lab" / "static"]:
        if (base / "theme-dark.css").exists():
            lab = base
            break
    if lab is None:
        fail("nbconvert's lab template (theme-light.css, theme-dark.css) not found")
    light = (lab / "theme-light.css").read_text(encoding="utf-8")
    dark = (lab / "theme-dark.css").read_text(encoding="utf-8")
    start, end = dark.index(":root {") + len(":root {"), dark.rindex("}")
    variables = dark[start:end]
    return (f"/* nbconvert's JupyterLab themes: light by default, dark on request. */\n{light}\n"
            f":root[data-theme=\"dark\"] {{{variables}}}\n"
            f"@media (prefers-color-scheme: dark) {{\n:root:not([data-theme]) {{{variables}}}\n}}\n")


def copy_assets(out):
    (out / "assets").mkdir(parents=True, exist_ok=True)
    for name in ("book.css", "book.js"):
        shutil.copy2(ASSETS / name, out / "assets" / name)
    (out / "assets" / "theme.css").write_text(theme_css(), encoding="utf-8")
    # MathJax 3: the one combined script and the TeX fonts its CHTML output asks for.
    es5 = npm_file("mathjax", "es5")
    (out / "mathjax").mkdir(exist_ok=True)
    shutil.copy2(es5 / "tex-chtml-full.js", out / "mathjax" / "tex-chtml-full.js")
    shutil.copytree(es5 / "output" / "chtml" / "fonts" / "woff-v2",
                    out / "mathjax" / "output" / "chtml" / "fonts" / "woff-v2", dirs_exist_ok=True)


def notebook_links(body, to_anchor=False):
    """The notebooks link each other as .ipynb: on the site, the pages (on
    the print page, the chapter on the same page)."""
    if to_anchor:
        body = re.sub(r'href="(\d\d-[\w-]+)\.ipynb#([^"]*)"', r'href="#\2"', body)
        return re.sub(r'href="(\d\d-[\w-]+)\.(?:ipynb|html)"', r'href="#\1"', body)
    return re.sub(r'href="(\d\d-[\w-]+)\.ipynb(#[^"]*)?"', r'href="\1.html\2"', body)


# The constraints' colours as the notebooks' prose writes them (the board's
# red, amber, purple): on the site, classes with a shade of each that reads
# as text in either theme (book.css), the meaning unchanged.
PROSE_COLOURS = {"#e53935": "book-column", "#ffb300": "book-diagonal", "#8e24aa": "book-anti-diagonal"}


def prose_colours(body):
    return re.sub(r'<span style="color:\s*(#[0-9a-fA-F]{6});?">',
                  lambda m: f'<span class="{PROSE_COLOURS[m.group(1).lower()]}">'
                  if m.group(1).lower() in PROSE_COLOURS else m.group(0), body)


def repository_links(body):
    """Links to files of the repository (`../exercises/src/lib.rs`) lead off
    the site: there, the file's name, marked as the repository's."""
    return re.sub(r'<a href="\.\./([^"#]+)"[^>]*>(.*?)</a>',
                  r'<span class="book-repo-file" title="a file of the repository: \1">\2</span>', body)


def unsearched(body):
    """The heading links (¶) and the In/Out prompts are not words of the
    course: pagefind leaves them out of its index."""
    return re.sub(r'class="(anchor-link|jp-InputPrompt[^"]*|jp-OutputPrompt[^"]*)"',
                  r'class="\1" data-pagefind-ignore', body)


def after_title(body, html_text):
    """`html_text` right after the page's first heading (its title)."""
    at = body.find("</h1>")
    return body if at < 0 else body[:at + 5] + "\n" + html_text + body[at + 5:]


def print_notebook(books, names):
    """Every notebook's cells in one notebook, each notebook opened by a raw
    cell that the print template turns into a page break and an anchor."""
    import nbformat

    merged = nbformat.v4.new_notebook(metadata=books[0].metadata)
    for name, nb in zip(names, books):
        merged.cells.append(nbformat.v4.new_raw_cell("", metadata={"book_chapter": name}))
        for i, cell in enumerate(nb.cells):
            cell = nbformat.from_dict(dict(cell))
            if "id" in cell:
                cell["id"] = f"{name}-{cell['id']}"
            merged.cells.append(cell)
            if i == 0 and nb.metadata.get("course", {}).get("run_against") == "reference":
                merged.cells.append(nbformat.v4.new_raw_cell("", metadata={
                    "book_note": "reference", "book_note_shows": reference_shows(nb, name)}))
    merged.metadata.pop("course", None)
    return merged


def reference_shows(nb, name):
    """What a page run against the reference answers shows of a working
    solver (metadata course.reference_shows): its banner says it, and each
    notebook on the handout shows other things."""
    shows = nb.metadata.get("course", {}).get("reference_shows")
    if not shows:
        fail(f"{name}.ipynb is run against the reference answers but has no course.reference_shows "
             "in its metadata: what its banner says the page shows")
    return shows


def reference_proof(nb, name):
    """What the page of a notebook run against the reference answers must
    show (metadata course.reference_proof: {"outputs": [text, ...],
    "pictures": [text, ...]}), so that `check` fails a page where the
    finished homework does not work; at least one text."""
    proof = nb.metadata.get("course", {}).get("reference_proof") or {}
    if not (proof.get("outputs") or proof.get("pictures")):
        fail(f"{name}.ipynb is run against the reference answers but has no course.reference_proof "
             "in its metadata: what its page must show of a finished homework")
    return proof


def make_pdf(out):
    """course.pdf: chromium prints print.html (A4, backgrounds, an outline
    from the headings: one section per notebook)."""
    from playwright.sync_api import sync_playwright
    from board_page_check import launch

    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(color_scheme="light")
        page.goto((out / "print.html").resolve().as_uri(), wait_until="load")
        wait_for_maths(page)
        page.emulate_media(media="print")
        page.pdf(path=str(out / "course.pdf"), format="A4", print_background=True, outline=True,
                 tagged=True, margin={"top": "14mm", "bottom": "14mm", "left": "12mm", "right": "12mm"})
        browser.close()


def cmd_export(args):
    import jinja2
    import nbformat
    from nbconvert import HTMLExporter

    source, out = Path(args.source), Path(args.out)
    reference = Path(args.reference) if args.reference else source / "reference"
    out.mkdir(parents=True, exist_ok=True)
    loader = jinja2.FileSystemLoader(str(TEMPLATES))

    def exporter(template):
        return HTMLExporter(template_name="lab", template_file=template, extra_loaders=[loader])

    books, runs = [], []
    for name in args.notebooks:
        path = reference / f"{name}.ipynb"
        if not path.exists():
            path = source / f"{name}.ipynb"
        nb = student_code(without_ci_setup(nbformat.read(path, as_version=4)), blank_notebook(name), name)
        books.append(nb)
        runs.append(nb.metadata.get("course", {}).get("run_against"))
    chapters = []
    for name, nb in zip(args.notebooks, books):
        summary = nb.metadata.get("course", {}).get("summary")
        if not summary:
            fail(f"{name}.ipynb has no course.summary in its metadata: the index's line on it")
        chapters.append({"name": name, "href": f"{name}.html", "title": title(nb, name), "summary": summary})

    site = site_environment()
    chrome = site.get_template("book-chrome.html.j2").module
    page_exporter = exporter("book-notebook.html.j2")
    for i, (name, nb) in enumerate(zip(args.notebooks, books)):
        book = {"previous": chapters[i - 1] if i > 0 else None,
                "next": chapters[i + 1] if i + 1 < len(chapters) else None,
                "search": True, "indexed": True, "print": False, "run_against": runs[i]}
        resources = {"metadata": {"name": chapters[i]["title"]}, "book": book}
        body, _ = page_exporter.from_notebook_node(nb, resources=resources)
        body = unsearched(repository_links(prose_colours(notebook_links(body))))
        body = body.replace("<!--book:contents-->", str(chrome.contents(headings(body))), 1)
        body = after_title(body, str(chrome.run_box(name)))
        if runs[i] == "reference":
            reference_proof(nb, name)
            body = after_title(body, str(chrome.reference_note(reference_shows(nb, name))))
        (out / f"{name}.html").write_text(body, encoding="utf-8")
        print(f"book: {name}.html{' (run against the reference answers)' if runs[i] else ''}", flush=True)

    plain = {"previous": None, "next": None, "search": True, "indexed": False, "print": False}
    (out / "index.html").write_text(site.get_template("book-index.html.j2").render(
        book=plain, chapters=chapters, board_n=args.board_n), encoding="utf-8")
    board = Path(args.board).read_text(encoding="utf-8")
    (out / "board.html").write_text(site.get_template("book-board.html.j2").render(
        book=plain, board=board, board_n=args.board_n), encoding="utf-8")
    printed = {**plain, "print": True, "run_against": None}
    body, _ = exporter("book-print.html.j2").from_notebook_node(
        print_notebook(books, args.notebooks),
        resources={"metadata": {"name": "The N-Queens course, every notebook"}, "book": printed})
    (out / "print.html").write_text(repository_links(prose_colours(notebook_links(body, to_anchor=True))),
                                    encoding="utf-8")
    print("book: index.html, board.html, print.html", flush=True)
    offer_blank_notebooks(out, args.notebooks)
    print("book: notebooks/*.ipynb, as committed (no outputs), to download", flush=True)

    copy_assets(out)
    pagefind = npm_file("pagefind", "lib", "runner", "bin.cjs")
    try:
        indexed = subprocess.run(["node", str(pagefind), "--site", str(out), "--silent"]).returncode
    except FileNotFoundError:
        fail("node not found: the search index needs Node.js (Debian: apt-get install nodejs)")
    if indexed != 0:
        fail(f"pagefind could not index {out} (exit {indexed}, see above)")
    print("book: search index (pagefind)", flush=True)
    make_pdf(out)
    print("book: course.pdf", flush=True)


def wait_for_maths(page):
    """Until MathJax has typeset the page (where it is on the page)."""
    page.evaluate("""() => (window.MathJax && MathJax.startup && MathJax.startup.promise)
        ? MathJax.startup.promise.then(() => document.fonts.ready).then(() => true)
        : (window.MathJax && MathJax.Hub)
          ? new Promise(done => MathJax.Hub.Queue(() => document.fonts.ready.then(done)))
          : false""")


# What a page shows: its pictures (nbconvert's <img> of an SVG, or inline SVG),
# its typeset formulas, its clickable boards, its links and its contents list.
SURVEY = """
() => {
  const pictures = [...document.querySelectorAll(
      '.jp-OutputArea-output img[src^="data:image/svg+xml"], .jp-OutputArea-output svg')]
    .filter(p => !(p.parentElement && p.parentElement.closest('svg')) && !p.closest('.qb-live'))
    .map(p => {
      const r = p.getBoundingClientRect();
      const decoded = p.tagName === 'IMG' ? (p.complete && p.naturalWidth > 0) : true;
      return {width: r.width, height: r.height, decoded: decoded, alt: p.getAttribute('alt') || ''};
    });
  const boards = [...document.querySelectorAll('.queens-board')].map(b => ({
    id: b.id, n: Number(b.dataset.n),
    cells: b.querySelectorAll('.qb-cell').length,
    fallback: b.querySelectorAll('.qb-fallback').length,
  }));
  const contents = [...document.querySelectorAll('.book-toc a')].map(a => decodeURIComponent(a.hash.slice(1)));
  return {
    pictures: pictures,
    boards: boards,
    math: document.querySelectorAll('mjx-container, span.MathJax').length,
    math_errors: document.querySelectorAll('mjx-merror, .MathJax_Error, merror').length,
    links: [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href')),
    contents: contents,
    contents_missing: contents.filter(id => !document.getElementById(id)),
    outputs_text: [...document.querySelectorAll('.jp-OutputArea-output')].map(o => o.innerText).join('\\n'),
    chapters: [...document.querySelectorAll('.book-chapter-start')].map(c => c.id),
    wide: document.documentElement.scrollWidth > window.innerWidth + 1,
  };
}
"""

# MathJax's TeX fonts, by the names inside the font files (MathJax 3's CHTML
# loads them as MJXTEX-*, MJXZERO), each a web font of the site.
TEX_FONT = re.compile(r"^MathJax_(Main|Math|AMS|Size[1-4]|Calligraphic|Fraktur|SansSerif|Script|"
                      r"Typewriter|Vector|Zero)")


def fallback_fonts(page):
    """The fonts, other than MathJax's TeX fonts, that chromium actually drew
    formula glyphs in (DevTools' platform fonts of every node of every
    formula, pseudo-elements included: CHTML draws its glyphs in ::before)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    document = cdp.send("DOM.getDocument", {"depth": -1})["root"]
    found = {}

    def walk(node, inside):
        # MathJax 3's formulas, or MathJax 2's (span.MathJax), should a page still load it.
        attributes = node.get("attributes", [])
        classes = dict(zip(attributes[::2], attributes[1::2])).get("class", "")
        inside = inside or node.get("localName") == "mjx-container" or "MathJax" in classes.split()
        if inside and node.get("nodeType") == 1 and node.get("localName") != "mjx-assistive-mml":
            for font in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]:
                if font["glyphCount"] and not (font["isCustomFont"] and TEX_FONT.match(font["familyName"])):
                    found[font["familyName"]] = found.get(font["familyName"], 0) + font["glyphCount"]
        if node.get("localName") == "mjx-assistive-mml":
            return
        for child in node.get("children", []) + node.get("pseudoElements", []):
            walk(child, inside)

    walk(document, False)
    cdp.detach()
    return found


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


def audit(page, axe):
    """axe-core's serious and critical violations on the page (WCAG 2.1 A and AA)."""
    page.add_script_tag(path=str(axe))
    # preload off: axe would fetch the stylesheets again, which file:// refuses.
    result = page.evaluate("""() => axe.run(document, {
        preload: false,
        runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
        resultTypes: ['violations']})""")
    return [f"axe {v['impact']}: {v['id']} ({len(v['nodes'])}x, e.g. {v['nodes'][0]['target']}): {v['help']}"
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


# WCAG 2 contrast of each constraint's symbol on its colour (the board's
# stripes and the sets' swatches): 4.5:1, or 3:1 for large text.
SYMBOL_CONTRAST = """
() => {
  const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const found = [];
  for (const el of document.querySelectorAll('.queens-board .qb-stripe, .queens-board .qb-swatch')) {
    const style = getComputedStyle(el);
    const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < needed) {
      found.push(`symbol ${el.textContent} of ${el.className}: contrast ${ratio.toFixed(2)}, needs ${needed}`);
    }
  }
  return [...new Set(found)];
}
"""


def audit_board_in_play(page, axe):
    """axe again once the first clickable board shows what it is for: two
    queens placed (stripes of all three constraints, their symbols on the
    board's red, amber and purple) and a refused click (the message in red)."""
    board = page.locator(".queens-board:has(.qb-cell)").first
    if page.locator(".queens-board:has(.qb-cell)").count() == 0:
        return []
    for _ in range(2):
        board.locator(".qb-cell.qb-next").first.click()
    board.locator(".qb-cell.qb-attacked").last.click()
    violations = audit(page, axe)
    # On a phone the cells, and so the symbols, are smaller: AA asks more of them.
    size = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 900})
    violations += [f"at 390 px: {v}" for v in audit(page, axe)]
    # axe leaves out text of symbols only (| \\ /): their contrast, here.
    violations += [f"at 390 px: {v}" for v in page.evaluate(SYMBOL_CONTRAST)]
    page.set_viewport_size(size)
    board.locator(".qb-reset").click()
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    return violations


class Blocker:
    """Lets a page load only the site (file: URLs, or the local server) and
    records every other request, which it refuses."""

    def __init__(self, allowed=()):
        self.allowed, self.requests, self.errors = tuple(allowed), [], []

    def attach(self, page):
        def route(r):
            url = r.request.url
            if url.startswith(("file:", "data:", "about:", "blob:") + self.allowed):
                r.continue_()
            else:
                self.requests.append(url)
                r.abort()
        page.route("**/*", route)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        # A file of the site that is missing (a MathJax font, say), with what
        # chromium said and what asked for it: a request that fails for
        # another reason than a missing file then says so.
        page.on("requestfailed", lambda r: r.url.startswith(("file:",) + self.allowed)
                and self.errors.append(f"missing {r.url} ({r.failure}, {r.resource_type}"
                                       f"{', a navigation' if r.is_navigation_request() else ''})"))
        return page


def check_page(browser, path, site, source, axe, shots):
    """Every check of one page in both themes; returns (survey, problems)."""
    import nbformat

    problems = []
    survey = None
    for theme in THEMES:
        context = browser.new_context(viewport={"width": 1366, "height": 900}, color_scheme=theme)
        blocker = Blocker()
        page = blocker.attach(context.new_page())
        page.goto(path.resolve().as_uri(), wait_until="load")
        wait_for_maths(page)
        shown = page.evaluate("document.documentElement.dataset.theme")
        if shown != theme:
            problems.append(f"the system asks for the {theme} theme, the page shows {shown}")
        problems += [f"[{theme}] {v}" for v in audit(page, axe)]
        if theme == "light":
            survey = page.evaluate(SURVEY)
            problems += page_problems(page, path, site, source, survey, nbformat)
        # After the skip link's test, which wants the focus where a reader starts.
        problems += [f"[{theme}, board in play] {v}" for v in audit_board_in_play(page, axe)]
        if blocker.requests:
            problems.append(f"asked the network for {blocker.requests[:3]}")
        if blocker.errors:
            problems.append(f"script errors: {blocker.errors[:3]}")
        if shots:
            for width in (390, 1366):
                page.set_viewport_size({"width": width, "height": 900})
                page.wait_for_timeout(150)
                if width == 390 and theme == "light" and page.evaluate(SURVEY)["wide"]:
                    print(f"  note: {path.name} is wider than a 390 px screen", flush=True)
                page.screenshot(path=str(shots / f"{path.stem}-{theme}-{width}.png"), full_page=True)
        context.close()
    return survey, problems


def page_problems(page, path, site, source, survey, nbformat):
    problems = []
    # The skip link is the first stop of Tab (before anything on the page took
    # the focus) and takes the focus to the content.
    page.keyboard.press("Tab")
    first = page.evaluate("document.activeElement && document.activeElement.className")
    page.keyboard.press("Enter")
    landed = page.evaluate("document.activeElement && document.activeElement.id")
    if first != "book-skip" or landed != "content":
        problems.append(f"Tab, Enter: first stop {first!r}, focus then on {landed!r} (the skip link, #content)")
    executed = None
    if source:
        for folder in (source / "reference", source):
            if (folder / f"{path.stem}.ipynb").exists():
                executed = folder / f"{path.stem}.ipynb"
                break
    if executed:
        nb = nbformat.read(executed, as_version=4)
        svgs = sum(1 for c in nb.cells for o in c.get("outputs", [])
                   if "image/svg+xml" in o.get("data", {}))
        boards = sum(1 for c in nb.cells for o in c.get("outputs", [])
                     if "queens-board" in o.get("data", {}).get("text/html", ""))
        has_math = any(c.cell_type == "markdown" and re.search(r"\$[^$\n]+\$", c.source) for c in nb.cells)
        if len(survey["pictures"]) != svgs:
            problems.append(f"{len(survey['pictures'])} pictures on the page, {svgs} in the notebook")
        if len(survey["boards"]) != boards:
            problems.append(f"{len(survey['boards'])} clickable boards, {boards} in the notebook")
        if has_math and survey["math"] == 0:
            problems.append("the notebook has formulas but none was typeset")
        if nb.metadata.get("course", {}).get("run_against") == "reference":
            # What a working solver shows: no blank missing, and what the
            # notebook's metadata says its page proves (course.reference_proof:
            # texts its outputs show, texts some picture's description holds,
            # such as notebook 03's tree of 17 nodes and its 2057 at n = 8).
            alts = [picture["alt"] for picture in survey["pictures"]]
            if "not yet implemented" in survey["outputs_text"]:
                problems.append("run against the reference, yet a blank is not implemented")
            # The grader's notes on a submission folder are for the instructor;
            # the reference run grades a file, which earns none.
            if "instructor's copy" in survey["outputs_text"]:
                problems.append("run against the reference, yet the grader's note to the instructor is on the page")
            # The cells say `../exercises`; their outputs say it too.
            if "../solutions" in survey["outputs_text"] or "/instructor/" in survey["outputs_text"]:
                problems.append("run against the reference, and an output names its reference, not the cells' ../exercises")
            proof = reference_proof(nb, path.stem)
            for text in proof.get("outputs", []):
                if text not in survey["outputs_text"]:
                    problems.append(f"run against the reference, yet no output says {text!r}")
            for text in proof.get("pictures", []):
                if not any(text in alt for alt in alts):
                    problems.append(f"run against the reference, yet no picture shows {text!r}")
            note = page.evaluate("() => (document.querySelector('.book-note') || {}).innerText || ''")
            if "Run against the reference answers" not in note:
                problems.append("run against the reference answers, and the page does not say so")
            shows = nb.metadata.get("course", {}).get("reference_shows", "")
            if " ".join(shows.split()) not in " ".join(note.split()):
                problems.append("the banner does not say what this notebook shows (course.reference_shows)")
        headings = sum(len(re.findall(r"^#{2,3}\s", c.source, re.M)) for c in nb.cells if c.cell_type == "markdown")
        if headings and not survey["contents"]:
            problems.append("no contents list")
    if survey["contents_missing"]:
        problems.append(f"the contents list points at no heading: {survey['contents_missing'][:3]}")
    blank = [i for i, s in enumerate(survey["pictures"])
             if not s["decoded"] or s["width"] < 50 or s["height"] < 30]
    if blank:
        problems.append(f"pictures not drawn: {blank}")
    if survey["math_errors"]:
        problems.append(f"{survey['math_errors']} formulas failed to typeset")
    if survey["math"]:
        fallback = fallback_fonts(page)
        if fallback:
            problems.append(f"formulas drawn in fallback fonts, not MathJax's TeX fonts: {fallback}")
    for board in survey["boards"]:
        if board["cells"] != board["n"] ** 2 or board["fallback"]:
            problems.append(f"board {board['id']} is not live: {board}")
        else:
            problems += try_board(page, board["id"])
    for href in survey["links"]:
        target = href.split("#")[0]
        if re.fullmatch(r"notebooks/\d\d-[\w-]+\.ipynb", href):
            # The page's notebook to download: check_student_use checks it.
            if not (site / href).exists():
                problems.append(f"a download leads nowhere: {href}")
        elif href.endswith(".ipynb") or ".ipynb#" in href:
            problems.append(f"a link still points at a notebook: {href}")
        elif href.startswith("../"):
            problems.append(f"a link leaves the site: {href}")
        elif target.endswith((".html", ".pdf")) and "://" not in target and not (site / target).exists():
            problems.append(f"a link leads nowhere: {href}")
        elif "#" in href and target.endswith(".html") and "://" not in target:
            # A link into another page's section: the heading must be there
            # (a renamed heading leaves the link on the top of the page).
            fragment = unquote(href.split("#", 1)[1])
            ids = {unquote(i) for i in re.findall(r'\bid="([^"]*)"', (site / target).read_text(encoding="utf-8"))}
            if fragment not in ids:
                problems.append(f"a link's section is not on {target}: {href}")
    return problems


def check_site_wide(browser, site, names, problems):
    """The checks that take more than one page: the font probe itself, the
    arrow keys, the theme remembered, the print page's chapters."""
    # The probe must see a fallback: notebook 01 with MathJax's fonts withheld.
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.route("**/fonts/woff-v2/**", lambda r: r.abort())
    page.goto((site / f"{names[0]}.html").resolve().as_uri(), wait_until="load")
    wait_for_maths(page)
    withheld = fallback_fonts(page)
    if not withheld:
        problems.append(f"the font probe sees no fallback font on {names[0]} with MathJax's fonts withheld")
    print(f"font probe: with MathJax's fonts withheld, {names[0]} falls back to {withheld}", flush=True)
    context.close()

    context = browser.new_context(viewport={"width": 1366, "height": 900}, color_scheme="light")
    page = Blocker().attach(context.new_page())
    if len(names) >= 3:
        page.goto((site / f"{names[1]}.html").resolve().as_uri(), wait_until="load")
        with page.expect_navigation():
            page.keyboard.press("ArrowRight")
        after_right = Path(page.url).name
        with page.expect_navigation():
            page.keyboard.press("ArrowLeft")
        after_left = Path(page.url).name
        if (after_right, after_left) != (f"{names[2]}.html", f"{names[1]}.html"):
            problems.append(f"→ then ← from {names[1]}: {after_right}, then {after_left}")
    page.goto((site / "index.html").resolve().as_uri(), wait_until="load")
    page.click("[data-book-theme]")
    page.goto((site / f"{names[0]}.html").resolve().as_uri(), wait_until="load")
    theme = page.evaluate("document.documentElement.dataset.theme")
    pressed = page.get_attribute("[data-book-theme]", "aria-pressed")
    if theme != "dark" or pressed != "true":
        problems.append(f"the theme chosen on the index was not remembered: {theme}, pressed {pressed}")
    page.goto((site / "print.html").resolve().as_uri(), wait_until="load")
    chapters = page.evaluate(SURVEY)["chapters"]
    if chapters != names:
        problems.append(f"print.html's chapters are {chapters}, not the notebooks {names}")
    context.close()


def check_search(browser, site, names, problems):
    """Serves the site on 127.0.0.1 (pagefind fetches its index, which a
    file:// page may not) and searches the index page for "anti-diagonal"."""
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        blocker = Blocker(allowed=(base,))
        page = blocker.attach(context.new_page())
        page.goto(base + "index.html", wait_until="load")
        box = page.locator(".book-search input")
        box.fill("anti-diagonal")
        page.wait_for_selector(".pagefind-ui__result-link", timeout=15000)
        page.wait_for_timeout(500)
        results = page.eval_on_selector_all(".pagefind-ui__result-link", "links => links.map(a => a.href)")
        if not any(f"/{names[0]}.html" in r for r in results):
            problems.append(f"search for anti-diagonal does not find {names[0]}: {results[:5]}")
        if blocker.requests or blocker.errors:
            problems.append(f"search: network {blocker.requests[:3]}, errors {blocker.errors[:3]}")
        print(f"search: anti-diagonal -> {len(results)} results, first {results[:2]}", flush=True)
        context.close()
    finally:
        server.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def check_pdf(site, titles, problems):
    """course.pdf: one top-level section per notebook, in order, each from a
    page of its own."""
    from pypdf import PdfReader

    path = site / "course.pdf"
    if not path.exists():
        problems.append("no course.pdf")
        return
    reader = PdfReader(str(path))
    top = [item for item in reader.outline if not isinstance(item, list)]
    # A title as the outline spells it: its heading's ¶ link and line breaks.
    def spelled(text):
        return "".join(text.replace("\u00b6", "").split())

    sections = [(item.title, reader.get_destination_page_number(item)) for item in top]
    found = [spelled(t) for t, _ in sections]
    wanted = [spelled(t) for t in titles]
    if found != wanted:
        problems.append(f"course.pdf's sections are {found}, not the notebooks {wanted}")
    pages = [p for _, p in sections]
    if pages != sorted(set(pages)):
        problems.append(f"course.pdf's sections do not start on pages of their own: {pages}")
    if len(reader.pages) <= len(titles):
        problems.append(f"course.pdf has {len(reader.pages)} pages for {len(titles)} notebooks")
    print(f"course.pdf: {len(reader.pages)} pages, {len(sections)} sections starting on pages "
          f"{[p + 1 for p in pages]}", flush=True)


# ---- What a student does with a page: copies its code, downloads its
# notebook, reads it with scripts off; and what no page may say to them.

# Student-facing text the site must not show: a note meant for the
# instructor (the grader's "Cargo.toml was edited: graded with the
# instructor's copy"; its "Grading FILE with the instructor's tests" is for
# the student too), a placeholder left to fill in, a course command spelled as it
# does not run (`queens grade` runs as `cargo queens grade`, or as `cargo
# run -- grade` from the course's folder).
NOT_FOR_STUDENTS = (
    ("a note for the instructor", "all",
     re.compile(r"instructor's copy|note (to|for) (the )?instructors?|instructors? only|\binstructor/", re.I)),
    ("placeholder text", "prose",
     re.compile(r"\b(TODO|FIXME|XXX|TBD|SITE)\b|YOUR_|\{\{|\}\}|\{%|%\}|(?i:lorem ipsum|path/to/|<your[ _-])")),
    ("a command not as a student types it", "all",
     re.compile(r"(?<!cargo )(?<![\w-])queens (grade|watch|hint|tests|handout|lab|book|count|solve|trace|sudoku|"
                r"completions|render|autograder)\b")),
)

# A page's text: all of it, and its prose (code cells and outputs left out,
# where braces and uppercase words are Rust's).
PAGE_TEXT = """
() => {
  const prose = document.body.cloneNode(true);
  prose.querySelectorAll('.jp-InputArea, .jp-OutputArea, script, style').forEach(e => e.remove());
  return {all: document.body.innerText, prose: prose.textContent};
}
"""

# Each code cell's copy button, and what it copies: the text of its <pre>.
CODE_CELLS = """
() => [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-editor')].map(editor => {
  const buttons = [...editor.querySelectorAll('button.book-copy')];
  const pre = editor.querySelector('pre');
  return {
    buttons: buttons.length,
    shown: buttons.filter(b => !b.hidden && b.offsetWidth > 0).length,
    code: pre ? pre.textContent.replace(/\\n$/, '') : null,
  };
})
"""


def text_problems(page, where):
    """What NOT_FOR_STUDENTS finds on the page, with its context."""
    text = page.evaluate(PAGE_TEXT)
    found = []
    for what, part, pattern in NOT_FOR_STUDENTS:
        for match in pattern.finditer(text[part]):
            around = " ".join(text[part][max(0, match.start() - 40):match.end() + 40].split())
            found.append(f"{where}: {what}: …{around}…")
    return found


def blank_sources(name):
    return [c.source for c in blank_notebook(name).cells if c.cell_type == "code"]


def press_copy(page, button, key):
    """Tab to `button` from just before it, press `key`; returns what a
    paste then gives, the button's label and the status read out."""
    button.evaluate("""(b) => {
      const mark = document.createElement('span');
      mark.tabIndex = -1;
      b.before(mark);
      mark.focus();
    }""")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement && document.activeElement.matches('button.book-copy')")
    page.keyboard.press(key)
    page.wait_for_timeout(150)
    label = button.evaluate("b => b.firstChild.nodeValue")
    status = page.evaluate("(document.querySelector('[data-book-copy-status]') || {}).textContent || ''")
    return focused, pasted(page), label, status


def pasted(page):
    """What Ctrl+V puts into a fresh text field: the clipboard, as a reader's paste sees it."""
    page.evaluate("""() => {
      const area = document.createElement('textarea');
      area.id = 'book-paste-probe';
      document.body.append(area);
      area.focus();
    }""")
    page.keyboard.press("Control+V")
    return page.evaluate("""() => {
      const area = document.getElementById('book-paste-probe');
      const text = area.value;
      area.remove();
      return text;
    }""")


def copy_problems(page, name):
    """Every code cell has one copy button, shown, whose text is the cell's
    code as committed; the first button copies with Enter, the last with the
    space bar, each reached with Tab."""
    problems = []
    cells = page.evaluate(CODE_CELLS)
    sources = blank_sources(name)
    if [c["buttons"] for c in cells] != [1] * len(cells) or [c["shown"] for c in cells] != [1] * len(cells):
        problems.append(f"{name}: not one copy button shown on each of its {len(cells)} code cells")
    if [c["code"] for c in cells] != sources:
        first = next((i for i, (c, s) in enumerate(zip(cells, sources)) if c["code"] != s), min(len(cells), len(sources)))
        problems.append(f"{name}: the code on the page is not notebooks/{name}.ipynb's (code cell {first + 1} differs, "
                        f"{len(cells)} cells on the page, {len(sources)} in the notebook)")
    buttons = page.locator(".jp-CodeCell button.book-copy")
    if buttons.count() and sources:
        for index, key in ((0, "Enter"), (buttons.count() - 1, "Space")):
            focused, text, label, status = press_copy(page, buttons.nth(index), key)
            want = sources[index] if index < len(sources) else None
            if not focused or text != want or label != "Copied" or "Copied" not in status:
                problems.append(f"{name}: Tab then {key} on code cell {index + 1}'s copy button: focused {focused}, "
                                f"pasted {text[:60]!r}, label {label!r}, status {status!r}")
    return problems


def download_problems(site, page, name):
    """The page's download link gives notebooks/NAME.ipynb as committed, no outputs."""
    links = page.eval_on_selector_all("a.book-download", "links => links.map(a => a.getAttribute('href'))")
    if links != [f"notebooks/{name}.ipynb"]:
        return [f"{name}: its download link is {links}, not notebooks/{name}.ipynb"]
    offered = site / "notebooks" / f"{name}.ipynb"
    return blank_file_problems(offered.read_bytes() if offered.exists() else b"", name, "the site's copy")


def blank_file_problems(data, name, what):
    """`data` is notebooks/NAME.ipynb byte for byte, and it has no output."""
    problems = []
    if data != (BLANK / f"{name}.ipynb").read_bytes():
        problems.append(f"{name}: {what} of {name}.ipynb is not the notebook as committed")
    try:
        cells = json.loads(data)["cells"]
        if any(c.get("outputs") or c.get("execution_count") is not None for c in cells):
            problems.append(f"{name}: {what} of {name}.ipynb holds outputs")
    except (ValueError, KeyError):
        problems.append(f"{name}: {what} of {name}.ipynb is not a notebook")
    return problems


def served(site):
    """The site on 127.0.0.1 for as long as the `with` lasts: its address."""
    import contextlib

    @contextlib.contextmanager
    def serve():
        handler = functools.partial(QuietHandler, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/"
        finally:
            server.shutdown()

    return serve()


def check_student_use(browser, site, names, problems):
    """Copy buttons, downloads, the page without scripts and the text a
    student reads: from file:// and served, the clipboard API and its
    fallback (the copy command)."""
    clipboard = ["clipboard-read", "clipboard-write"]
    # From the files, every page: its text; on a notebook's page, its copy
    # buttons and its download.
    context = browser.new_context(viewport={"width": 1366, "height": 900}, color_scheme="light")
    context.grant_permissions(clipboard)
    blocker = Blocker()
    page = blocker.attach(context.new_page())
    for path in sorted(site.glob("*.html")):
        page.goto(path.resolve().as_uri(), wait_until="load")
        problems += text_problems(page, path.name)
        if path.stem in names:
            problems += copy_problems(page, path.stem)
            problems += download_problems(site, page, path.stem)
    run_boxes = {}
    for path in [site / "index.html"] + [site / f"{name}.html" for name in names]:
        page.goto(path.resolve().as_uri(), wait_until="load")
        box = page.locator(".book-run .book-run-commands pre")
        run_boxes[path.name] = box.inner_text() if box.count() == 1 else None
    wrong = {page_name: text for page_name, text in run_boxes.items() if text != "cargo run -- lab\ncargo test"}
    if wrong:
        problems.append(f"run it yourself: not the README's two commands on {sorted(wrong)}")
    context.close()
    # Where the page may not use the clipboard API: the copy command.
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.grant_permissions(clipboard)
    context.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined});")
    page = Blocker().attach(context.new_page())
    page.goto((site / f"{names[0]}.html").resolve().as_uri(), wait_until="load")
    buttons = page.locator(".jp-CodeCell button.book-copy")
    focused, text, label, _ = press_copy(page, buttons.first, "Enter") if buttons.count() else (False, "", None, "")
    if text != blank_sources(names[0])[0] or label != "Copied":
        problems.append(f"without the clipboard API, {names[0]}'s first copy button pasted {text[:60]!r}, label {label!r}")
    context.close()
    # Scripts off: no button that does nothing, the code and the download still there.
    context = browser.new_context(viewport={"width": 1366, "height": 900}, java_script_enabled=False)
    page = context.new_page()
    for name in names:
        page.goto((site / f"{name}.html").resolve().as_uri(), wait_until="load")
        shown = page.locator("button.book-copy:visible").count()
        codes = page.locator(".jp-CodeCell .jp-InputArea-editor pre").count()
        note = page.locator(".book-run noscript p:visible").count()
        download = page.locator("a.book-download:visible").count()
        if shown or codes != len(blank_sources(name)) or not note or download != 1:
            problems.append(f"{name} without scripts: {shown} copy buttons shown, {codes} code cells, "
                            f"{note} notes on copying by hand, {download} download links")
    context.close()
    # Served: the clipboard API (127.0.0.1 is a secure context) and a real download.
    with served(site) as base:
        context = browser.new_context(viewport={"width": 1366, "height": 900}, accept_downloads=True)
        context.grant_permissions(clipboard, origin=base.rstrip("/"))
        blocker = Blocker(allowed=(base,))
        page = blocker.attach(context.new_page())
        for name in names:
            page.goto(base + f"{name}.html", wait_until="load")
            buttons = page.locator(".jp-CodeCell button.book-copy")
            focused, text, label, _ = press_copy(page, buttons.last, "Enter") if buttons.count() else (False, "", None, "")
            if text != blank_sources(name)[-1] or label != "Copied":
                problems.append(f"served, {name}'s last copy button pasted {text[:60]!r}, label {label!r}")
            if page.locator("a.book-download").count() != 1:
                problems.append(f"served, {name} has no download link")
                continue
            with page.expect_download() as download:
                page.locator("a.book-download").click()
            got = download.value
            if got.suggested_filename != f"{name}.ipynb":
                problems.append(f"served, {name}'s download is named {got.suggested_filename}")
            problems += blank_file_problems(Path(got.path()).read_bytes(), name, "the served download")
        if blocker.requests or blocker.errors:
            problems.append(f"served pages: network {blocker.requests[:3]}, errors {blocker.errors[:3]}")
        context.close()
    print(f"student use: {len(names)} notebook pages, copy buttons (file://, served, without the clipboard "
          f"API, without scripts), downloads, run boxes, no instructor notes, placeholders or bare commands",
          flush=True)


def cmd_check(args):
    import nbformat
    from playwright.sync_api import sync_playwright
    from board_page_check import launch

    site = Path(args.site)
    if not (site / "index.html").exists():
        fail(f"{site} has no index.html: build it with `queens book --out {site}`")
    pages = sorted(site.glob("*.html"))
    names = sorted(p.stem for p in pages if re.match(r"\d\d-", p.stem))
    source = Path(args.source) if args.source else None
    shots = Path(args.screenshots) if args.screenshots else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    axe = npm_file("axe-core", "axe.min.js")
    failures = []
    with sync_playwright() as p:
        browser = launch(p)
        titles = []
        for path in pages:
            survey, problems = check_page(browser, path, site, source, axe, shots)
            if re.match(r"\d\d-", path.stem):
                titles.append(page_title(path))
            status = "ok" if not problems else "PROBLEM"
            print(f"{path.name}: {len(survey['pictures'])} pictures, {len(survey['boards'])} clickable "
                  f"boards, {survey['math']} formulas, {len(survey['contents'])} contents, light and dark, "
                  f"{status}", flush=True)
            for problem in problems:
                print(f"  {problem}", file=sys.stderr)
            failures += problems
        site_wide = []
        check_site_wide(browser, site, names, site_wide)
        check_search(browser, site, names, site_wide)
        check_student_use(browser, site, names, site_wide)
        browser.close()
    check_pdf(site, titles, site_wide)
    for problem in site_wide:
        print(f"  {problem}", file=sys.stderr)
    failures += site_wide
    if failures:
        fail(f"{len(failures)} problem(s) in the site (see above)")
    print(f"book: {len(pages)} pages checked in both themes, search and course.pdf, no problem")


def page_title(path):
    match = re.search(r"<title>(.*?)</title>", path.read_text(encoding="utf-8"), re.S)
    return html.unescape(match.group(1)).strip() if match else path.stem


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    export = sub.add_parser("export", help="every page from the templates, search index, course.pdf")
    export.add_argument("--from", dest="source", required=True, help="folder of executed .ipynb")
    export.add_argument("--reference", help="notebooks run against the reference answers "
                        "(default: the reference folder in --from), used for their pages")
    export.add_argument("--out", required=True)
    export.add_argument("--board", required=True, help="the clickable board's HTML fragment")
    export.add_argument("--board-n", type=int, default=8, help="its size")
    export.add_argument("notebooks", nargs="+", help="notebook names without .ipynb, in order")
    export.set_defaults(run=cmd_export)
    check = sub.add_parser("check", help="open every page in chromium and check it")
    check.add_argument("site")
    check.add_argument("--from", dest="source", help="the executed notebooks, to count what each page must show")
    check.add_argument("--screenshots", help="save each page in both themes at 390 and 1366 px here")
    check.set_defaults(run=cmd_check)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
