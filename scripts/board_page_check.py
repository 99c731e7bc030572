#!/usr/bin/env python3
"""Drives the clickable board (`queens render board N --html`) in chromium and
reports what it shows after every move, as JSON. tests/board_page.rs writes the
pages and the moves, runs this, and compares the report with the library's
Playground; this script only clicks and reads, it knows no rules.

  python scripts/board_page_check.py MOVES.json REPORT.json

MOVES.json: {"pages": {"4": "/path/board-4.html", ...},
             "sequences": [{"n": 4, "actions": [["click", 0, 1], ["key", 1, 3],
                                                 ["undo"], ["reset"], ...]}, ...]}
REPORT.json: {"sequences": [[state, ...], ...], "requests": [...]}, one state
per action: the message and its kind, the board's state and dead row, the
queens, the three sets' text, the free-cell label of every row and what every
cell shows (Q, ., or its attackers' symbols | \\ /).

Needs playwright (notebooks/requirements.txt) and Debian's chromium; no
browser is downloaded.
"""

import json
import sys
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update"]

# What the page shows, read from the DOM the way a reader sees it.
OBSERVE = """
(root) => {
  const n = Number(root.dataset.n);
  const cells = [];
  for (let r = 0; r < n; r++) {
    const row = [];
    for (let c = 0; c < n; c++) {
      const cell = root.querySelector(`.qb-cell[data-row="${r}"][data-col="${c}"]`);
      const stripes = [...cell.querySelectorAll('.qb-stripe')].map(s => s.textContent).join('');
      row.push(cell.querySelector('.qb-queen') ? 'Q' : (stripes || '.'));
    }
    cells.push(row);
  }
  const message = root.querySelector('.qb-message');
  return {
    message: message.textContent,
    kind: message.dataset.kind,
    state: root.dataset.state,
    dead_row: root.dataset.deadRow === '' ? null : Number(root.dataset.deadRow),
    queens: JSON.parse(root.dataset.queens),
    sets: [...root.querySelectorAll('.qb-set-text')].map(s => s.textContent),
    free: [...root.querySelectorAll('.qb-free')].map(s => s.textContent),
    cells: cells,
  };
}
"""


def launch(playwright):
    """Debian's chromium, headless, no network services of its own."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)


def watch_requests(page, seen):
    """Records every request that is not a local file, and blocks it."""
    def handle(route):
        url = route.request.url
        if url.startswith(("file:", "data:", "about:", "blob:")):
            route.continue_()
        else:
            seen.append(url)
            route.abort()
    page.route("**/*", handle)


def act(page, action):
    kind = action[0]
    if kind in ("click", "key"):
        cell = page.locator(f'#queens-board .qb-cell[data-row="{action[1]}"][data-col="{action[2]}"]')
        if kind == "click":
            cell.click()
        else:
            cell.focus()
            page.keyboard.press("Enter")
    elif kind == "undo":
        page.click("#queens-board .qb-undo")
    elif kind == "reset":
        page.click("#queens-board .qb-reset")
    else:
        raise ValueError(f"unknown action {action!r}")


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    from playwright.sync_api import sync_playwright

    moves = json.loads(Path(sys.argv[1]).read_text())
    report = {"sequences": [], "requests": [], "errors": []}
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        watch_requests(page, report["requests"])
        page.on("pageerror", lambda error: report["errors"].append(str(error)))
        loaded = None
        for sequence in moves["sequences"]:
            n = str(sequence["n"])
            if loaded != n:
                page.goto(Path(moves["pages"][n]).resolve().as_uri())
                page.wait_for_selector("#queens-board .qb-cell")
                loaded = n
            page.click("#queens-board .qb-reset")
            root = page.locator("#queens-board")
            states = []
            for action in sequence["actions"]:
                act(page, action)
                states.append(root.evaluate(OBSERVE))
            report["sequences"].append(states)
        browser.close()
    Path(sys.argv[2]).write_text(json.dumps(report))


if __name__ == "__main__":
    main()
