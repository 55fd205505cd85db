"""The built site in a real browser: Debian's Chromium driven by Playwright (no browser download).

The site in ``_build/html`` (built first if missing) is served over HTTP on 127.0.0.1 at a free
port.  Screenshots go to ``_build/screenshots/``.  Without ``/usr/bin/chromium`` the tests skip,
except in CI (``CI=true``), where they fail: ``.ci/run`` installs Chromium.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from conquian import DECLARATIONS, Status
from conquian.rules import AXES

ROOT = Path(__file__).resolve().parent.parent
HTML = ROOT / "_build" / "html"
SHOTS = ROOT / "_build" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SOURCES = list(DECLARATIONS)


@pytest.fixture(scope="module")
def site():
    """The base URL of the built site, served from a thread for the tests of this module."""
    if not (HTML / "index.html").is_file():
        subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-c", str(ROOT), "-q",
                        str(ROOT / "docs"), str(HTML)], check=True, cwd=ROOT, timeout=600)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):  # keep the test output clean
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(HTML)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{CHROMIUM} is missing: CI must install Debian's chromium (see .ci/run)")
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium); the browser tests run in CI")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    try:
        yield pg
    finally:
        context.close()


def shot(pg, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def selected_source(pg) -> str | None:
    """The sync id of the checked tab in the page's source tab set."""
    return pg.evaluate("""() => {
        for (const label of document.querySelectorAll('label.sd-tab-label[data-sync-group="source"]')) {
            const input = document.getElementById(label.getAttribute('for'));
            if (input && input.checked) return label.getAttribute('data-sync-id');
        }
        return null;
    }""")


def test_picking_a_source_tab_selects_it_on_every_ruling_page(site, page):
    page.goto(f"{site}/rulings/forcing.html")
    assert selected_source(page) == SOURCES[0]
    chosen = SOURCES[1]
    page.click(f'label.sd-tab-label[data-sync-group="source"][data-sync-id="{chosen}"]')
    assert selected_source(page) == chosen
    assert page.locator(f"#entry-{chosen}").is_visible()
    assert not page.locator(f"#entry-{SOURCES[0]}").is_visible()
    shot(page, "forcing-tab-chosen")

    page.goto(f"{site}/rulings/pack.html")
    assert selected_source(page) == chosen, "the source chosen on one ruling page is not selected on the next"
    assert page.locator(f"#entry-{chosen}").is_visible()
    shot(page, "pack-same-tab")

    # a link from the matrix to another source's entry opens that source's tab
    page.goto(f"{site}/rulings/hand-cards.html#entry-{SOURCES[2]}")
    assert selected_source(page) == SOURCES[2]


def test_the_matrix_shows_every_source_and_every_axis(site, page):
    page.goto(f"{site}/matrix.html")
    header = page.locator("table.cq-matrix thead").inner_text()
    for decl in DECLARATIONS.values():
        assert decl.short in header, f"the matrix shows no column for {decl.id}"
    body = page.locator("table.cq-matrix tbody").inner_text()
    for ax in AXES:
        assert re.search(rf"\b{ax.name}\b", body), f"the matrix shows no row for axis {ax.name}"
    assert page.locator("table.cq-matrix tbody tr.cq-differs").count() == sum(
        len({d.entries[ax.name].value for d in DECLARATIONS.values()}) > 1 for ax in AXES)
    # silent never looks like a stated value
    silent = page.locator("td.cq-cell-silent .cq-cell-value").first
    stated = page.locator("td.cq-cell-stated .cq-cell-value").first
    style = "el => getComputedStyle(el).fontStyle + ' ' + getComputedStyle(el).color"
    assert silent.evaluate(style) != stated.evaluate(style)
    assert page.locator("td.cq-cell-silent").count() == sum(
        e.status is Status.SILENT for d in DECLARATIONS.values() for e in d.entries.values())
    shot(page, "matrix")


def test_no_page_logs_a_console_error(site, page):
    problems: list[str] = []
    current = {"url": ""}
    page.on("console", lambda m: problems.append(f"{current['url']}: console {m.type}: {m.text}")
            if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"{current['url']}: uncaught {e}"))
    page.on("response", lambda r: problems.append(f"{current['url']}: HTTP {r.status} for {r.url}")
            if r.status >= 400 else None)
    pages = sorted(p.relative_to(HTML).as_posix() for p in HTML.rglob("*.html") if "_static" not in p.parts)
    assert len(pages) >= len(AXES) + len(SOURCES) + 8
    for rel in pages:
        current["url"] = rel
        page.goto(f"{site}/{rel}", wait_until="load")
    assert not problems, "\n".join(problems)
    for rel, name in (("index.html", "index"), ("tutorial/learn-to-play.html", "tutorial"),
                      ("sources/foster-1913.html", "source-foster-1913")):
        page.goto(f"{site}/{rel}")
        shot(page, name)
