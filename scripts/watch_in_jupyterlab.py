#!/usr/bin/env python3
"""`queens watch` in JupyterLab's terminal, driven by headless chromium.

A manual check (CI does not run it; cli/tests/watch.rs drives the same program
in a pseudo-terminal): JupyterLab's terminal is xterm.js over terminado, so
this checks what a pty cannot, that keys typed in the browser reach `watch`
and that it leaves that terminal usable. It starts JupyterLab on a temporary
copy of the handout, opens a terminal, runs `queens watch`, saves blank 1's
answer, presses `q`, and checks in the same terminal that `watch` exited with
0 and that the terminal is out of raw mode (`icanon` and `echo` set). The
screens are saved as PNG files for a person to look at (xterm.js draws on a
canvas, so the page holds no text to check).

    cargo build -p queens-cli
    python3 -m venv .venv && .venv/bin/pip install -r notebooks/requirements.txt playwright
    .venv/bin/python scripts/watch_in_jupyterlab.py [--shots DIR]
"""

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
QUEENS = ROOT / "target" / "debug" / "queens"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]


def wait_for_file(path: Path, seconds: float) -> str:
    deadline = time.time() + seconds
    while time.time() < deadline:
        if path.is_file() and path.read_text().endswith("END\n"):
            return path.read_text()
        time.sleep(0.5)
    sys.exit(f"FAIL: the terminal never wrote {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=Path, default=Path("target/watch-in-jupyterlab"))
    parser.add_argument("--port", type=int, default=18931)
    args = parser.parse_args()
    if not QUEENS.is_file():
        sys.exit(f"build it first: cargo build -p queens-cli ({QUEENS} is missing)")
    args.shots.mkdir(parents=True, exist_ok=True)
    course = Path(tempfile.mkdtemp(prefix="watch-lab-"))
    # The handout crate as a student has it: every homework's files.
    shutil.copytree(ROOT / "exercises", course / "exercises", ignore=shutil.ignore_patterns("target"))
    token = "watch-check"
    lab = subprocess.Popen(
        [str(Path(sys.executable).parent / "jupyter"), "lab", "--no-browser",
         f"--port={args.port}", f"--IdentityProvider.token={token}",
         f"--ServerApp.root_dir={course}", "--allow-root"],
        cwd=course, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{args.port}"
        for _ in range(60):
            try:
                urllib.request.urlopen(f"{url}/api/status?token={token}")
                break
            except OSError:
                time.sleep(1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(f"{url}/lab?reset&token={token}")
            page.wait_for_selector(".jp-LauncherCard", timeout=90_000)
            page.locator(".jp-LauncherCard", has_text="Terminal").first.click()
            page.wait_for_selector(".xterm", timeout=60_000)
            time.sleep(2)
            page.click(".xterm")
            page.keyboard.type(f"cd {course} && {QUEENS} watch exercises\n")
            time.sleep(30)
            page.screenshot(path=str(args.shots / "1-untouched.png"))
            filled = subprocess.run(
                [str(QUEENS), "handout", "--print", "--fill", "1"],
                capture_output=True, text=True, check=True,
            ).stdout
            (course / "exercises" / "src" / "lib.rs").write_text(filled)
            time.sleep(15)
            page.screenshot(path=str(args.shots / "2-blank-1-saved.png"))
            page.keyboard.press("q")
            time.sleep(2)
            report = course / "after-q.txt"
            page.keyboard.type(f"(echo exit=$?; stty -a; echo END) > {report}\n")
            text = wait_for_file(report, 20)
            page.screenshot(path=str(args.shots / "3-after-q.png"))
            browser.close()
    finally:
        lab.terminate()
        lab.wait()
    words = text.replace(";", " ").split()
    problems = []
    if "exit=0" not in words:
        problems.append(f"watch did not exit with 0: {text.splitlines()[0]}")
    if "icanon" not in words or "echo" not in words:
        problems.append("the terminal is still in raw mode")
    shutil.rmtree(course, ignore_errors=True)
    print(json.dumps({"shots": str(args.shots), "problems": problems}))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
