"""The built site in a real browser: Debian's Chromium driven by Playwright (no browser download).

The site in ``_build/html`` (built first if missing) is served over HTTP on 127.0.0.1 at a free port.  Pages are
looked at as a reader does, at 1366×900 and on a 390×844 phone.  axe-core, the accessibility checker, is installed
from npm with Pyodide (pinned in package.json; ``make test`` runs ``npm ci``) and run inside each page.  Screenshots
go to ``_build/screenshots/``.  Without ``/usr/bin/chromium`` (or axe) the tests skip, except in CI
(``CI=true``), where they fail: ``.ci/run`` installs Chromium.
"""

from __future__ import annotations

import csv
import functools
import http.server
import io
import json
import os
import pkgutil
import re
import threading
import urllib.request
from pathlib import Path

import jsonschema
from urllib.parse import urlparse

import pytest

from conquian import DECLARATIONS, Status
from conquian.games import RULE_SETS
from conquian.registry import sources
from conquian.games.conquian.rules import AXES
from conquian.verdicts import Verdict, compare

ROOT = Path(__file__).resolve().parent.parent
HTML = ROOT / "_build" / "html"
SHOTS = ROOT / "_build" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
#: The Conquian sources, which the ruling pages compare (Rommé, another game, has pages of its own).
SOURCES = sources("conquian")
SHORT = [DECLARATIONS[s].short for s in SOURCES]
DESKTOP, PHONE = {"width": 1366, "height": 900}, {"width": 390, "height": 844}
RULING_PAGES = [f"rulings/{ax.slug}.html" for ax in AXES]
#: The page that puts Conquian and Rommé to the same rulings: Rommé's table diagrams, both games' comparisons.
COMPARISON = "explanation/from-conquian-to-romme.html"
READER_PAGES = [*RULING_PAGES, "index.html", "glance.html", "matrix.html", "tutorial/learn-to-play.html",
                "glossary.html", "rulings/index.html", COMPARISON]
#: What a reader must never see before he opens "Show the Python": prompts and Python reprs.
PYTHON = re.compile(r">>>|\bCard\('|Game\.from_position|\bRole\.[A-Z]|\bOrigin\.[A-Z]|\bOutcome\(|"
                    r"\bScoring\.[A-Z]|\(True, |\(False, |Traceback \(most recent")


def skip_or_fail(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI must provide it: see .ci/run)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def site(built_site):
    """The base URL of the built site, served from a thread for the tests of this module."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):  # keep the test output clean
            pass

        def handle(self):  # a page the browser leaves before it is sent is not an error
            try:
                super().handle()
            except (BrokenPipeError, ConnectionResetError):
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
        skip_or_fail(f"{CHROMIUM} is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def axe() -> str:
    """axe-core's script, from node_modules (package.json pins it; ``make test`` installs it before the tests)."""
    script = ROOT / "node_modules" / "axe-core" / "axe.min.js"
    if not script.is_file():
        skip_or_fail(f"{script} is missing: run 'npm ci' (make test does)")
    return script.read_text(encoding="utf-8")


def new_page(browser, viewport=DESKTOP, scheme="light"):
    context = browser.new_context(viewport=viewport, color_scheme=scheme)
    return context, context.new_page()


def refuse_other_hosts(context) -> list:
    """Every request of ``context`` to a host other than the local server aborted; the list of them, filled as they
    come (the site must load nothing from another host)."""
    refused: list[str] = []

    def route(r):
        host = urlparse(r.request.url).hostname
        if r.request.url.startswith(("data:", "blob:")) or host in ("127.0.0.1", "localhost"):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    return refused


@pytest.fixture
def page(browser):
    context, pg = new_page(browser)
    try:
        yield pg
    finally:
        context.close()


def shot(pg, name: str, full: bool = True) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def selected_source(pg) -> str | None:
    """The sync id of the checked tab in the page's source tab set."""
    return pg.evaluate("""() => {
        for (const label of document.querySelectorAll('label.sd-tab-label[data-sync-group="source"]')) {
            const input = document.getElementById(label.getAttribute('for'));
            if (input && input.checked) return label.getAttribute('data-sync-id');
        }
        return null;
    }""")


#: make test's sample of the ruling pages and of the reader's pages (make test-long: every one): the longest ruling
#: pages, the one with two games' sources, and a page of each other kind.
RULING_SAMPLE = ["rulings/forcing.html", "rulings/rearranging.html", "rulings/ace.html"]
READER_SAMPLE = [*RULING_SAMPLE, "index.html", "matrix.html", "tutorial/learn-to-play.html", COMPARISON]


def depth_of(sample: list, every: list) -> list:
    """Pages as a parameter: ``sample`` under make test, ``every`` (marked long) under make test-long."""
    return [pytest.param(sample, id="sample"), pytest.param(every, id="every", marks=pytest.mark.long)]


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


@pytest.mark.parametrize("pages", depth_of(RULING_SAMPLE, RULING_PAGES))
def test_a_source_in_the_url_opens_its_tab_on_every_ruling_page(site, browser, pages):
    context, pg = new_page(browser)
    try:
        for rel in pages:
            pg.goto(f"{site}/{rel}?source=rummy-ch")
            assert selected_source(pg) == "rummy-ch", f"{rel}?source=rummy-ch does not open the rummy.ch tab"
            assert pg.locator("#entry-rummy-ch").is_visible(), rel
    finally:
        context.close()


@pytest.mark.parametrize("pages", depth_of(READER_SAMPLE, READER_PAGES))
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1366x900", "390x844"])
def test_no_reader_page_scrolls_sideways_and_every_ruling_names_every_source_first(site, browser, viewport, pages):
    """No page scrolls sideways (a wide table scrolls in its own box, the matrix fits the page).  Every source's
    answer is on the first screen."""
    context, pg = new_page(browser, viewport)
    wide, late = [], []
    try:
        for rel in pages:
            pg.goto(f"{site}/{rel}")
            width = pg.evaluate("document.documentElement.scrollWidth")
            if width > viewport["width"]:
                wide.append(f"{rel}: {width} px wide at {viewport['width']} px")
            if rel in RULING_PAGES:
                names = pg.evaluate("""() => [...document.querySelectorAll('.cq-answers .cq-answer-source')]
                    .map(el => [el.textContent.trim(), el.getBoundingClientRect().bottom])""")
                # each source once; sources that give the same answer share one item (so the order follows the answers)
                assert sorted(n for n, _ in names) == sorted(SHORT), f"{rel}: the banner names {[n for n, _ in names]}"
                late += [f"{rel}: {n} at {bottom:.0f} px" for n, bottom in names if bottom > viewport["height"]]
    finally:
        context.close()
    assert not wide, "pages that scroll sideways:\n" + "\n".join(wide)
    assert not late, "sources named below the first screen:\n" + "\n".join(late)


@pytest.mark.parametrize("pages", depth_of(RULING_SAMPLE, RULING_PAGES))
def test_no_python_is_visible_until_the_toggle_is_opened(site, page, pages):
    for rel in pages + ["index.html", "tutorial/learn-to-play.html", COMPARISON]:
        page.goto(f"{site}/{rel}")
        text = page.locator("article").inner_text()
        found = PYTHON.search(text)
        assert found is None, f"{rel}: a reader sees {found.group(0)!r} before opening \"Show the Python\""
        if rel in ("index.html", "tutorial/learn-to-play.html"):
            continue  # a page that teaches the game shows no Python at all (issue 32)
        toggles = page.locator("details.cq-python > summary:visible")  # some wait in a closed toggle of their own
        assert toggles.count() >= 1, f"{rel}: no \"Show the Python\" toggle"
        toggles.first.click()
        assert ">>>" in page.locator("details.cq-python[open]").first.inner_text(), rel


def test_the_matrix_shows_every_source_and_every_axis_in_words(site, page):
    page.goto(f"{site}/matrix.html")
    header = page.locator("table.cq-matrix thead").inner_text()
    for decl in DECLARATIONS.values():
        assert decl.short in header, f"the matrix shows no column for {decl.id}"
    heads = page.locator('table.cq-matrix tbody th[scope="row"]')
    assert heads.count() == len(AXES)
    body = page.locator("table.cq-matrix tbody").inner_text()
    for ax in AXES:
        assert ax.title in body, f"the matrix shows no row for {ax.title!r}"
    play = sum(compare(ax.name, DECLARATIONS).verdict is Verdict.PLAY for ax in AXES)
    assert page.locator("table.cq-matrix tbody tr.cq-differs").count() == play
    # the header row and the first column stick
    assert page.locator("table.cq-matrix thead th").first.evaluate("el => getComputedStyle(el).position") == "sticky"
    assert heads.first.evaluate("el => getComputedStyle(el).position") == "sticky"
    # silent never looks like a stated value; a question that does not arise is never "no"
    silent = page.locator("td.cq-cell-silent .cq-cell-value").first
    stated = page.locator("td.cq-cell-stated .cq-cell-value").first
    style = "el => getComputedStyle(el).fontStyle + ' ' + getComputedStyle(el).color"
    assert silent.evaluate(style) != stated.evaluate(style)
    names = {ax.name for ax in AXES}
    assert page.locator("table.cq-matrix td.cq-cell-silent").count() == sum(
        e.status is Status.SILENT for d in DECLARATIONS.values() for n, e in d.entries.items() if n in names)
    # Rommé beside the Conquian sources: a value on the axes the games share, the not-applicable mark elsewhere
    na = sum(ax.name not in d.entries for ax in AXES for d in DECLARATIONS.values())
    assert page.locator("table.cq-matrix td.cq-cell-na").count() == na
    assert "Rommé" in header
    # and a second table of Rommé's own rules, each with its value and status
    own = [ax for ax in RULE_SETS["romme"].AXES if ax.name not in names]
    assert page.locator('table.cq-own-matrix tbody th[scope="row"]').count() == len(own)
    assert page.locator("table.cq-own-matrix td .cq-badge").count() == len(own)
    shot(page, "matrix")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1366x900", "390x844"])
def test_the_comparison_page_draws_both_games_and_keeps_every_table_in_its_box(site, browser, viewport):
    """Rommé's table diagrams (a joker says so), both games' comparisons, no box wider than the page."""
    context, pg = new_page(browser, viewport)
    try:
        pg.goto(f"{site}/{COMPARISON}")
        assert pg.locator("figure.cq-position.cq-romme").count() >= 6
        assert pg.locator("figure.cq-position:not(.cq-romme)").count() >= 3
        assert pg.locator("table.cq-compare").count() >= 14
        joker = pg.locator("figure.cq-romme .cq-hand .cq-joker").first
        assert joker.is_visible() and "JOKER" in joker.inner_text().upper()
        wide = pg.evaluate("""() => [...document.querySelectorAll('article figure, article .cq-scroll, article table')]
            .filter(el => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .map(el => el.className)""")
        assert not wide, f"boxes wider than the page at {viewport['width']} px: {wide}"
        shot(pg, f"from-conquian-to-romme-{viewport['width']}")
    finally:
        context.close()


def test_on_a_phone_the_tables_of_figures_read_as_blocks_that_do_not_scroll(site, browser):
    """The statistics pages' tables become one block a row on a phone, each figure named by its column: neither the
    table nor the box around it scrolls sideways, by a pixel."""
    context, pg = new_page(browser, PHONE)
    try:
        for rel in ("statistics/index.html", "statistics/effects.html", "statistics/romme.html"):
            pg.goto(f"{site}/{rel}")
            found = pg.evaluate("""() => [...document.querySelectorAll('table.cq-stats-table')].map(t =>
                [t.scrollWidth - t.clientWidth, t.parentElement.scrollWidth - t.parentElement.clientWidth])""")
            assert found, f"{rel}: no table of figures"
            wide = [(i, a, b) for i, (a, b) in enumerate(found) if a > 0 or b > 0]
            assert not wide, f"{rel}: tables (index, table's overflow, its box's) that scroll sideways: {wide[:5]}"
    finally:
        context.close()


def test_the_only_differences_switch_hides_the_agreeing_rows_and_keeps_its_state_in_the_url(site, page):
    page.goto(f"{site}/matrix.html")
    rows = page.locator("table.cq-matrix tbody tr:not(.cq-group-row)")
    total, differing = rows.count(), page.locator("table.cq-matrix tbody tr.cq-differs").count()
    assert 0 < differing < total
    page.check("#cq-only-differ")
    assert "only=differ" in page.url
    visible = page.locator("table.cq-matrix tbody tr:not(.cq-group-row):visible")
    assert visible.count() == differing
    assert page.locator("table.cq-matrix tbody tr.cq-agrees:visible").count() == 0
    page.goto(f"{site}/matrix.html?only=differ")
    assert page.is_checked("#cq-only-differ")
    assert page.locator("table.cq-matrix tbody tr.cq-agrees:visible").count() == 0
    page.uncheck("#cq-only-differ")
    assert "only=differ" not in page.url
    assert page.locator("table.cq-matrix tbody tr:not(.cq-group-row):visible").count() == total


@pytest.mark.parametrize("word, ruling", [pytest.param("forcing", "forcing", marks=pytest.mark.long),
                                          ("Zugzwang", "forcing"),
                                          pytest.param("tableau", "stock-exhausted", marks=pytest.mark.long),
                                          ("pone", "first-say")])  # a word of another tongue, a rule's own word
def test_a_rule_word_finds_its_ruling_first(site, page, word, ruling):
    page.goto(f"{site}/search.html?q={word}")
    page.wait_for_selector("#search-results ul.search li a", timeout=30000)
    first = page.locator("#search-results ul.search li a").first.get_attribute("href")
    assert first.split("#")[0] == f"rulings/{ruling}.html", f"searching {word!r} lists {first} first"
    hrefs = page.eval_on_selector_all("#search-results ul.search li a", "els => els.map(a => a.getAttribute('href'))")
    glossary = [i for i, h in enumerate(hrefs) if h.startswith("glossary")]
    api = [i for i, h in enumerate(hrefs) if h.startswith("api")]
    assert not glossary or min(glossary) > 0 and (not api or min(glossary) < min(api)), hrefs[:12]


#: Pages with every kind of the project's markup: a drawn position, each form of comparison (a position, a deal, a
#: match; readings; a question that does not arise), the banner, entries of every status, the matrix, the glance.
AXE_PAGES = ["index.html", "glance.html", "matrix.html", "tutorial/learn-to-play.html", "glossary.html",
             "rulings/index.html", "rulings/forcing.html", "rulings/rearranging.html", "rulings/tableau-stake.html",
             "rulings/force-back.html", "rulings/deal-packet.html", "rulings/pack.html", "sources/foster-1913.html",
             COMPARISON]
#: In the dark theme only the colours change: the pages with every colour of the project's (badges of each status,
#: verdict marks, suits, drawn positions, the matrix's shading, the comparison tables of both games).
AXE_DARK_PAGES = ["glance.html", "matrix.html", "rulings/forcing.html", "rulings/rearranging.html", COMPARISON]
#: furo's own chrome, which this project does not write: axe's findings there are furo's, not the project's.
FURO_CHROME = [".sidebar-drawer", ".toc-drawer", ".mobile-header", ".theme-toggle-container", ".related-pages",
               ".bottom-of-page", ".back-to-top"]


#: make test's sample (make test-long checks every page of both lists): every rule on a ruling page (badges of each
#: status, passages, tabs, a drawn position, a comparison), the colours of the matrix (its shading, every badge) in the
#: dark theme.
AXE_SAMPLE = ["rulings/forcing.html", "matrix.html"]


@pytest.mark.parametrize("scheme, pages", [
    pytest.param("light", AXE_SAMPLE[:1], id="light-sample"), pytest.param("dark", AXE_SAMPLE[1:], id="dark-sample"),
    pytest.param("light", AXE_PAGES, id="light", marks=pytest.mark.long),
    pytest.param("dark", AXE_DARK_PAGES, id="dark", marks=pytest.mark.long)])
def test_axe_finds_no_serious_violation_in_the_projects_markup(site, browser, axe, scheme, pages):
    """Every rule in the light theme; in the dark theme, the rules about colour (the rest does not change)."""
    context, pg = new_page(browser, DESKTOP, scheme)
    problems = []
    only = None if scheme == "light" else ["color-contrast", "link-in-text-block"]
    try:
        for rel in pages:
            pg.goto(f"{site}/{rel}")
            pg.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
            pg.add_script_tag(content=axe)
            found = pg.evaluate("""async ([exclude, only]) => {
                const options = {resultTypes: ['violations']};
                if (only) options.runOnly = {type: 'rule', values: only};
                const r = await axe.run({exclude: exclude.map(s => [s])}, options);
                return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                    .map(v => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join('; ')})`);
            }""", [FURO_CHROME, only])
            problems += [f"{rel} ({scheme}): {f}" for f in found]
    finally:
        context.close()
    assert not problems, "\n".join(problems)


def test_axe_does_see_a_contrast_fault(site, page, axe):
    """The check above can fail: grey text on white, put into a page, is a serious violation."""
    page.goto(f"{site}/glance.html")
    page.add_style_tag(content=".cq-glance-page li { color: #c8c8c8 !important; }")
    page.add_script_tag(content=axe)
    ids = page.evaluate("""async () => (await axe.run({include: [['.cq-glance-page']]},
        {runOnly: {type: 'rule', values: ['color-contrast']}})).violations.map(v => v.impact + ' ' + v.id)""")
    assert "serious color-contrast" in ids


#: make test's sample of the site (make test-long visits every page): one page of each kind, the heaviest first.
PAGE_SAMPLE = ["play.html", "matrix.html", "index.html", "tutorial/learn-to-play.html", "rulings/forcing.html",
               "sources/foster-1913.html", COMPARISON, "statistics/index.html", "api.html"]


@pytest.fixture(scope="module", params=[pytest.param("sample"), pytest.param("all", marks=pytest.mark.long)])
def every_page(site, browser, request):
    """One visit to every page of the site (make test: :data:`PAGE_SAMPLE`): what it logged, its code blocks that a
    keyboard cannot scroll and, for a reader's page, its visible text (toggles closed) and its references that are
    not links."""
    context, page = new_page(browser)
    errors: list[str] = []
    stuck: list[str] = []
    texts: dict[str, str] = {}
    unlinked: list[str] = []
    readers = set(reader_pages())
    current = {"url": ""}
    page.on("console", lambda m: errors.append(f"{current['url']}: console {m.type}: {m.text}")
            if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"{current['url']}: uncaught {e}"))
    page.on("response", lambda r: errors.append(f"{current['url']}: HTTP {r.status} for {r.url}")
            if r.status >= 400 else None)
    pages = sorted(p.relative_to(HTML).as_posix() for p in HTML.rglob("*.html") if "_static" not in p.parts)
    if request.param == "sample":
        assert set(PAGE_SAMPLE) <= set(pages), sorted(set(PAGE_SAMPLE) - set(pages))
        pages = PAGE_SAMPLE
    try:
        for rel in pages:
            current["url"] = rel
            page.goto(f"{site}/{rel}", wait_until="load")
            if rel in readers:
                texts[rel] = page.locator("article").inner_text()
                unlinked += [f"{rel}: {t}" for t in page.evaluate(UNLINKED_SEE)]
            # With every toggle opened every code block is laid out (a closed toggle's blocks have no width).
            page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
            page.wait_for_timeout(50)
            stuck += [f"{rel}: {what}" for what in page.evaluate("""() => [...document.querySelectorAll('pre')]
                .filter(pre => pre.scrollWidth > pre.clientWidth + 1 && pre.tabIndex < 0)
                .map(pre => pre.textContent.slice(0, 40))""")]
    finally:
        context.close()
    return {"pages": pages, "errors": errors, "stuck": stuck, "texts": texts, "unlinked": unlinked}


def test_no_page_logs_a_console_error(every_page):
    assert len(every_page["pages"]) >= (len(AXES) + len(SOURCES) + 8 if every_page["pages"] != PAGE_SAMPLE else len(PAGE_SAMPLE))
    assert not every_page["errors"], "\n".join(every_page["errors"])


def test_every_code_block_that_scrolls_can_be_scrolled_by_keyboard(every_page):
    """A code block wider than its box takes the keyboard focus (tabindex), toggles opened or not."""
    assert not every_page["stuck"], "code blocks a keyboard cannot scroll:\n" + "\n".join(sorted(set(every_page["stuck"])))


SHOT_PAGES = (("index.html", "index"), ("rulings/forcing.html", "forcing"), ("rulings/rearranging.html", "rearranging"),
              ("matrix.html", "matrix"), ("tutorial/learn-to-play.html", "tutorial"), ("glance.html", "glance"),
              ("sources/foster-1913.html", "source-foster-1913"), (COMPARISON, "from-conquian-to-romme"))


@pytest.mark.parametrize("viewport, shots", [
    pytest.param(DESKTOP, SHOT_PAGES[:2], id="1366x900-sample"), pytest.param(PHONE, SHOT_PAGES[:2], id="390x844-sample"),
    pytest.param(DESKTOP, SHOT_PAGES, id="1366x900", marks=pytest.mark.long),
    pytest.param(PHONE, SHOT_PAGES, id="390x844", marks=pytest.mark.long)])
def test_screenshots(site, browser, viewport, shots):
    """The pages a reader starts from, saved for a person to look at (_build/screenshots/): each as wide as the
    screen (nothing scrolls the page sideways), its title on the first screen."""
    context, pg = new_page(browser, viewport)
    size = f"{viewport['width']}x{viewport['height']}"
    try:
        for rel, name in shots:
            pg.goto(f"{site}/{rel}")
            shot(pg, f"{name}-{size}", full=True)
            png = (SHOTS / f"{name}-{size}.png").read_bytes()
            # a PNG as wide as the viewport: the page does not scroll sideways
            assert png[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(png[16:20], "big") == viewport["width"], rel
            wide = pg.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
            assert wide <= 0, f"{rel} at {size}: the page scrolls sideways by {wide} px"
            title = pg.locator("h1").first.bounding_box()
            assert title and title["y"] < viewport["height"], f"{rel} at {size}: the title is not on the first screen"
    finally:
        context.close()


# -- the reader's path (issue 15) --------------------------------------------------------------------------------

#: The ways in that the front page offers on a phone's first screen: tests/test_reader_path.py.
#: The developers' pages: their own branch of the navigation, after the reader's.
DEVELOPER_PAGES = ("api.html", "developers.html", "howto/")


def reader_pages() -> list[str]:
    """Every built page a player reads: all but the developers' pages and Sphinx's own (index, search)."""
    return sorted(rel for p in HTML.rglob("*.html")
                  if not (rel := p.relative_to(HTML).as_posix()).startswith(DEVELOPER_PAGES + ("_static", "genindex",
                                                                                                 "search", "py-modindex")))


def programmer_words() -> re.Pattern:
    """What a player must never read: rule ids (``min_set``), rule-set words with hyphens (``only-by-forcing``),
    source ids with hyphens, the engine's class names, seats by number (the engine counts them from 0; a reader reads "player 1"), "(s)" plurals, repository paths."""
    import conquian
    words = {ax.name for rs in RULE_SETS.values() for ax in rs.AXES if "_" in ax.name}
    words |= {ax.format(c) for rs in RULE_SETS.values() for ax in rs.AXES for c in (ax.choices or ())
              if "-" in ax.format(c)}
    words |= {d for d in DECLARATIONS if "-" in d}
    words |= {n for n in conquian.__all__ if re.fullmatch(r"(?:[A-Z][a-z]+){2,}", n)}
    words |= {f"conquian.{m.name}" for m in pkgutil.iter_modules(conquian.__path__)}
    alternatives = "|".join(map(re.escape, sorted(words, key=len, reverse=True)))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])|\b[Ss]eats? \d|[a-z]\(s\)|shared/sources|variants/|"
                      r"\.toml\b")


def test_the_programmer_words_check_does_catch_them():
    found = programmer_words().findall("axis min_set; only-by-forcing; Seat 0; 2 pack(s); RommeRules; variants/x.toml; "
                                       "see conquian.verdicts")
    assert {"min_set", "only-by-forcing", "Seat 0", "k(s)", "RommeRules", "variants/", ".toml",
            "conquian.verdicts"} <= set(found)
    assert not programmer_words().findall("The smallest set; only by forcing; player 1; two packs; rummy.ch; seats")


def test_reader_pages_show_no_programmer_words(every_page):
    """The visible text of every reader page (toggles closed: the Python behind them is for programmers)."""
    pattern, found = programmer_words(), []
    everything = every_page["pages"] != PAGE_SAMPLE
    assert len(every_page["texts"]) >= (len(AXES) + len(SOURCES) + 8 if everything else
                                        len(set(PAGE_SAMPLE) & set(reader_pages())))
    for rel, text in sorted(every_page["texts"].items()):
        found += [f"{rel}: {m.group(0)!r} in …{text[max(0, m.start() - 40):m.end() + 20]!r}…"
                  for m in pattern.finditer(text)]
    assert not found, "programmer words on reader pages:\n" + "\n".join(found)


def test_developer_pages_are_a_branch_of_their_own_after_the_readers(site, page):
    page.goto(f"{site}/index.html")
    captions = [c.strip() for c in page.locator(".sidebar-tree p.caption").all_inner_texts()]
    assert captions[-1].lower() == "for developers", captions
    # every link to a developers' page in the navigation comes under that last caption
    last = page.locator(".sidebar-tree p.caption").last
    for href in page.eval_on_selector_all(".sidebar-tree a.reference", "els => els.map(a => a.getAttribute('href'))"):
        if href.startswith(DEVELOPER_PAGES):
            under = page.locator(f'.sidebar-tree a.reference[href="{href}"]').first
            assert last.evaluate("(c, a) => !!(c.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING)",
                                 under.element_handle()), f"{href} is listed among the reader's pages"
    # the tutorial leads on to a reader's page, and shows no install command
    page.goto(f"{site}/tutorial/learn-to-play.html")
    following = page.locator(".related-pages a.next-page").get_attribute("href")
    assert not following.lstrip("./").startswith(DEVELOPER_PAGES), f"the tutorial's Next leads to {following}"
    assert "pip install" not in page.locator("article").inner_text()


#: What players type into the search box, and the page that must come first.
SEARCHES = [("Foster", "sources/foster-1913.html"), ("foster", "sources/foster-1913.html"),
            ("Rommé", "sources/romme-spielwiki.html"), ("romme", "sources/romme-spielwiki.html"),
            ("rummy.ch", "sources/rummy-ch.html"), ("Dutch", "sources/dutch.html"), ("French", "sources/french.html"),
            ("Spielwiki", "sources/romme-spielwiki.html"), ("forcing", "rulings/forcing.html"),
            ("tableau", "rulings/stock-exhausted.html")]


def search_results(pg, site: str, query: str) -> list[str]:
    pg.goto(f"{site}/search.html?q={query}")
    pg.wait_for_selector("#search-results ul.search li a", timeout=30000)
    # Sphinx adds the results one by one, then says how many it found
    pg.wait_for_function("() => document.querySelector('#search-results .search-summary')?.textContent"
                         ".startsWith('Search finished')", timeout=30000)
    return pg.eval_on_selector_all("#search-results ul.search li a", "els => els.map(a => a.getAttribute('href'))")


#: make test searches a name without its accent and a dotted name; make test-long every one of SEARCHES (a source's
#: author, a ruling ...).
SEARCH_SAMPLE = ("romme", "rummy.ch")


@pytest.mark.parametrize("query, first", [
    pytest.param(q, first, id=q, marks=() if q in SEARCH_SAMPLE else pytest.mark.long) for q, first in SEARCHES])
def test_the_search_finds_names_lists_each_page_once_and_readers_pages_first(site, page, query, first):
    hrefs = search_results(page, site, query)
    pages = [h.split("#")[0] for h in hrefs]
    assert pages[0] == first, f"searching {query!r} lists {pages[:5]} first"
    assert len(pages) == len(set(pages)), f"searching {query!r} lists a page twice: {pages[:10]}"
    dev = [i for i, p in enumerate(pages) if p.startswith(DEVELOPER_PAGES)]
    reader = [i for i, p in enumerate(pages) if not p.startswith(DEVELOPER_PAGES)]
    assert not dev or not reader or min(dev) > max(reader), f"{query!r}: a developers' page above a reader's: {pages}"


def test_on_a_phone_the_tree_is_readable_and_the_index_and_matrix_fit(site, browser):
    context, pg = new_page(browser, PHONE)
    try:
        pg.goto(f"{site}/explanation/why-the-sources-differ.html")
        sizes = pg.evaluate("""() => [...document.querySelectorAll('svg.cq-tree-svg text')]
            .filter(t => t.getBoundingClientRect().height > 0).map(t => t.getBoundingClientRect().height)""")
        assert sizes, "no family tree is drawn on a phone"
        assert min(sizes) >= 12, f"the family tree's text is {min(sizes):.1f} px high at 390 px"
        shot(pg, "family-tree-390")

        pg.goto(f"{site}/rulings/index.html")
        wide = pg.evaluate("""() => [...document.querySelectorAll('article table, article .table-wrapper')]
            .filter(el => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > innerWidth)
            .map(el => el.className)""")
        assert not wide, f"the rulings index scrolls sideways on a phone: {wide}"

        pg.goto(f"{site}/matrix.html")
        wrap = pg.locator(".cq-matrix-wrap")
        assert wrap.evaluate("el => getComputedStyle(el).overflowY + ' ' + getComputedStyle(el).overflowX") \
            == "visible visible", "the matrix scrolls inside a box of its own"
        tall = pg.evaluate("""() => Math.max(...[...document.querySelectorAll('table.cq-matrix .cq-badge')]
            .map(b => b.getBoundingClientRect().height))""")
        assert tall <= 24, f"a badge of the matrix breaks over lines on a phone ({tall:.0f} px high)"
        table = pg.locator("table.cq-matrix").bounding_box()
        pg.mouse.wheel(0, table["y"] + table["height"] / 2)  # to the middle of the table, however tall it is
        pg.wait_for_timeout(200)
        head = pg.locator("table.cq-matrix thead th").nth(1).bounding_box()
        assert head and 0 <= head["y"] <= 80, f"the matrix's header row does not stay at the page's top: {head}"
        first = pg.locator('table.cq-matrix tbody th[scope="row"]').first.bounding_box()
        assert first["x"] >= 0 and pg.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        legend = pg.locator(".cq-legend > p").first.inner_text()
        assert len(legend.split()) < 60, f"the matrix's legend has {len(legend.split())} words"
        shot(pg, "matrix-scrolled-390", full=False)
    finally:
        context.close()


# make test: the pages with the most kinds of control (make test-long: the others too)
@pytest.mark.parametrize("rel", ["index.html", "rulings/forcing.html", "matrix.html",
                                 *(pytest.param(rel, marks=pytest.mark.long) for rel in
                                   ("glance.html", "rulings/index.html", "tutorial/learn-to-play.html"))])
def test_every_tap_target_is_at_least_24_px_square(site, browser, rel):
    """The project's controls (arrows, switches, tabs, toggles, cards of the front page); a link inside a sentence is
    exempt (WCAG 2.5.8's inline exception)."""
    context, pg = new_page(browser, PHONE)
    try:
        pg.goto(f"{site}/{rel}")
        small = pg.evaluate("""() => [...document.querySelectorAll(
                'article a.cq-more, article input:not(.sd-tab-set > input), article summary, article label.sd-tab-label, '
              + 'article .sd-card, article .cq-answers a, article table a')]
            .filter(el => el.getClientRects().length)
            .map(el => [el.outerHTML.slice(0, 80), el.getBoundingClientRect()])
            .filter(([, r]) => r.width < 24 || r.height < 24)
            .map(([html, r]) => `${html} ${r.width.toFixed(0)}×${r.height.toFixed(0)}`)""")
    finally:
        context.close()
    assert not small, f"{rel}: tap targets under 24×24 px:\n" + "\n".join(small)


def test_the_matrix_links_the_data_download_and_the_served_files_are_valid(site, page):
    page.goto(f"{site}/matrix.html")
    links = page.eval_on_selector_all(".cq-downloads a", "els => els.map(a => a.href)")
    assert [link.rsplit("/", 1)[1] for link in links] == ["conquian-rules.json", "conquian-rules.csv",
                                                          "conquian-rules.schema.json"]
    data, csv_text, schema = (urllib.request.urlopen(link).read().decode("utf-8") for link in links)
    jsonschema.validate(json.loads(data), json.loads(schema), cls=jsonschema.Draft202012Validator)
    assert len(list(csv.DictReader(io.StringIO(csv_text)))) == len(json.loads(data)["cells"])


def test_sitemap_opengraph_and_404_and_nothing_loaded_from_another_host(site, browser):
    sitemap = (HTML / "sitemap.xml").read_text(encoding="utf-8")
    for rel in ["index.html", "matrix.html", "tutorial/learn-to-play.html", *RULING_PAGES]:
        assert f"/{rel}</loc>" in sitemap, f"the sitemap leaves out {rel}"
    assert "search.html" not in sitemap and "404.html" not in sitemap
    context, pg = new_page(browser, PHONE)
    elsewhere: list[str] = []
    pg.on("request", lambda r: elsewhere.append(r.url) if not r.url.startswith((site, "data:", "blob:")) else None)
    try:
        for rel in ["index.html", "404.html", "rulings/forcing.html", "matrix.html", "rules/foster-1913.html"]:
            pg.goto(f"{site}/{rel}")
            og = dict(pg.eval_on_selector_all('meta[property^="og:"]',
                                              "els => els.map(m => [m.getAttribute('property'), m.content])"))
            assert {"og:title", "og:type", "og:url", "og:site_name"} <= set(og), f"{rel}: OpenGraph tags {og}"
        pg.goto(f"{site}/404.html")
        assert "does not exist" in pg.locator("article").inner_text()
        assert pg.locator('article a[href$="tutorial/learn-to-play.html"]').count() == 1
        assert pg.evaluate("[...document.styleSheets].some(s => (s.href || '').includes('/_static/conquian.css'))")
    finally:
        context.close()
    assert not elsewhere, f"requests to other hosts: {elsewhere}"


#: The references in a page's visible prose ("(see …)", "; see …", ": see …") that hold no link.
UNLINKED_SEE = r"""() => {
                const out = [];
                for (const el of document.querySelectorAll('article p, article li, article td')) {
                    if (el.closest('details.cq-python, blockquote, pre')) continue;
                    const html = el.innerHTML;
                    for (const m of html.matchAll(/(?:\(|;|:)\s*see\b/gi)) {
                        const rest = html.slice(m.index);
                        const end = rest.search(/[).]\s|[).]$/);
                        const clause = end < 0 ? rest : rest.slice(0, end + 1);
                        if (!clause.includes('<a ')) out.push(clause.replace(/<[^>]+>/g, '').slice(0, 80));
                    }
                }
                return out;
            }"""


def test_every_see_on_a_reader_page_is_a_link(site, page, every_page):
    """A reference a reader is sent to ("(see …)", "; see …", ": see …") is a link, not a name to look up."""
    assert every_page["texts"], "no reader page was visited"
    # the check does see an unlinked reference
    page.goto(f"{site}/index.html")
    page.evaluate("document.querySelector('article p').insertAdjacentHTML('afterend', '<p>Forced (see forced_lay_out).</p>')")
    assert page.evaluate(UNLINKED_SEE) == ["(see forced_lay_out)."]
    assert not every_page["unlinked"], "references that are not links:\n" + "\n".join(every_page["unlinked"])


def test_every_page_that_counts_the_differences_states_the_same_figure_as_the_data(site, page):
    """One count, computed from the declarations (conquian_site.counts), on the glance page, the matrix and the page
    on why the sources differ; each ruling's label follows its answers."""
    play = sum(compare(ax.name, DECLARATIONS).verdict is Verdict.PLAY for ax in AXES)
    words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
    figure = words[play] if play < len(words) else str(play)
    for rel in ["glance.html", "matrix.html", "explanation/why-the-sources-differ.html"]:
        page.goto(f"{site}/{rel}")
        text = page.locator("article").inner_text()
        assert f"differ in play on {figure} of the {len(AXES)} rules" in text, rel
    assert page.locator("ul.cq-differences > li").count() == play
    page.goto(f"{site}/rulings/ace.html")
    banner = page.locator(".cq-banner")
    label = banner.locator(".cq-banner-verdict").inner_text()
    assert label.startswith("They differ in wording only: the same answer;"), label
    answers = banner.locator(".cq-answers").bounding_box()
    assert banner.locator(".cq-banner-verdict").bounding_box()["y"] > answers["y"] + answers["height"] - 1
