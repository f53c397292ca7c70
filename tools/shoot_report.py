"""Open an HTML simulation report in a real browser and save a full-page screenshot.

Checks what a reader would see: the page loads in Chromium without a console error or a failed
request, and its figures (inline SVG) are laid out with a size. Usage:
``.venv/bin/python tools/shoot_report.py report.html docs/screenshots/simulation-100k.png``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]


def shoot(html: Path, png: Path) -> list[str]:
    """Screenshot ``html`` into ``png``; return the problems seen (empty when none)."""
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("requestfailed", lambda r: problems.append(f"failed request {r.url}"))
        page.goto(html.resolve().as_uri(), wait_until="load")
        sizes = page.eval_on_selector_all(
            "svg", "figs => figs.map(f => [f.getBoundingClientRect().width, f.childElementCount])"
        )
        problems += [f"figure {n} is empty" for n, (w, k) in enumerate(sizes) if not (w and k)]
        if not sizes:
            problems.append("no figures on the page")
        page.screenshot(path=str(png), full_page=True)
        browser.close()
    return problems


def main() -> int:
    html, png = Path(sys.argv[1]), Path(sys.argv[2])
    problems = shoot(html, png)
    for problem in problems:
        print(problem)
    print(f"{png}: {'ok' if not problems else f'{len(problems)} problem(s)'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
