"""Learn here, not elsewhere (issue 32): the built site measured as a player on a phone meets it (390×844).

The front page's first screen offers the five ways in and the page is at most 3 screens; the tutorial at most 8, with
a turn on one screen at its top, no Python and no button on paper; every ruling page at most 5; the search lists
what a player types first; the matrix's header row covers what scrolls under it and is never under "Back to top",
its cells in a reader's words; no reader page has a crowded tap target (WCAG 2.2, 2.5.8).  One browser and one served
site for the file; every request to another host is refused (and the test fails).  Screens are the page's height
over the viewport's.
"""

from __future__ import annotations

import pytest

from conquian.games.conquian.rules import AXES
from test_browser import (PHONE, READER_SAMPLE, RULING_SAMPLE, browser, new_page, reader_pages, refuse_other_hosts,  # noqa: F401
                          shot, site)  # (the fixtures, shared)

RULING_PAGES = [f"rulings/{ax.slug}.html" for ax in AXES]
FRONT, TUTORIAL = "index.html", "tutorial/learn-to-play.html"
#: The five ways in: learn, play a deal, look up a ruling, compare, the rules of one source (its rules pages).
WAYS_IN = ["tutorial/learn-to-play.html", "play.html", "rulings/index.html", "matrix.html", "rules/foster-1913.html",
           "rules/rummy-ch.html", "rules/dutch.html", "rules/french.html"]
SCREENS = {FRONT: 3, TUTORIAL: 8, **{rel: 5 for rel in RULING_PAGES}}


@pytest.fixture(scope="module")
def phone(browser):  # noqa: F811
    """A phone's page whose every request to a host other than the local server is refused (and listed)."""
    context, pg = new_page(browser, PHONE)
    pg.refused = refuse_other_hosts(context)
    try:
        yield pg
    finally:
        context.close()
    assert not pg.refused, f"requests to other hosts: {pg.refused}"


def screens(pg) -> float:
    return pg.evaluate("document.documentElement.scrollHeight") / PHONE["height"]


def test_the_front_page_offers_five_ways_in_on_the_first_screen_and_fits_three(site, phone):
    phone.goto(f"{site}/{FRONT}")
    for target in WAYS_IN:
        link = phone.locator(f'article a[href="{target}"]').first
        assert link.count() == 1, f"the front page has no link to {target}"
        box = link.bounding_box()
        assert box and box["y"] + box["height"] <= PHONE["height"], f"{target}: below the first screen ({box})"
    assert screens(phone) <= SCREENS[FRONT], f"the front page is {screens(phone):.1f} phone screens"
    # the developers' link in a section of its own, after the reader's
    sections = phone.eval_on_selector_all("article section > section", """els => els.map(s => [
        s.querySelector('h2').textContent, [...s.querySelectorAll('a:not(.headerlink)')].map(a => a.getAttribute('href'))])""")
    dev = [links for title, links in sections if "developers.html" in links]
    assert dev and sections[-1][0].lower().startswith("for developers"), sections
    assert all(h.startswith("developers") for h in dev[0]), dev
    shot(phone, "index-first-screen-390", full=False)


def test_the_tutorial_fits_eight_screens_summary_first_no_python_no_buttons_on_paper(site, phone):
    phone.goto(f"{site}/{TUTORIAL}")
    assert screens(phone) <= SCREENS[TUTORIAL], f"the tutorial is {screens(phone):.1f} phone screens"
    summary = phone.locator(".cq-summary").bounding_box()
    first_step = phone.locator("article h2").first.bounding_box()
    assert summary["y"] < first_step["y"] and summary["height"] <= PHONE["height"], "no turn on one screen at the top"
    text = phone.locator("article").inner_text()
    assert ">>>" not in text and phone.locator("details.cq-python").count() == 0, "Python on the tutorial"
    assert "refused by both" not in text
    # every numbered step draws its position
    steps = phone.eval_on_selector_all("article section > section", """els => els
        .filter(s => /^\\d\\./.test(s.querySelector('h2').textContent))
        .map(s => [s.querySelector('h2').textContent, s.querySelectorAll('figure.cq-position').length])""")
    assert len(steps) >= 5 and all(n >= 1 for _, n in steps), steps
    shot(phone, "tutorial-390")
    phone.emulate_media(media="print")
    try:
        shown = phone.eval_on_selector_all("article button, article .cq-try", "els => els.filter(e => e.getClientRects().length).length")
        assert shown == 0, f"{shown} buttons on the printed tutorial"
    finally:
        phone.emulate_media(media="screen")


@pytest.fixture(scope="module", params=[pytest.param("sample"), pytest.param("every", marks=pytest.mark.long)])
def reader_visits(site, phone, request):
    """One visit to every reader page on the phone (make test: a sample, the ruling pages of RULING_SAMPLE among
    them): its height in screens and its crowded tap targets."""
    pages = reader_pages()
    if request.param == "sample":
        assert set(READER_SAMPLE) <= set(pages), sorted(set(READER_SAMPLE) - set(pages))
        pages = READER_SAMPLE
    heights, crowded = {}, []
    for rel in pages:
        phone.goto(f"{site}/{rel}", wait_until="domcontentloaded")
        heights[rel] = screens(phone)
        crowded += [f"{rel}: {t}" for t in phone.evaluate(TAP_TARGETS)]
    return {"pages": pages, "screens": heights, "crowded": crowded}


def test_every_ruling_page_fits_five_phone_screens(reader_visits):
    long = [f"{rel}: {reader_visits['screens'][rel]:.1f} screens" for rel in RULING_PAGES
            if rel in reader_visits["screens"] and reader_visits["screens"][rel] > SCREENS[rel]]
    assert set(RULING_SAMPLE) <= set(reader_visits["screens"])
    assert not long, "ruling pages longer than 5 phone screens:\n" + "\n".join(long)


#: What a player types, and the pages that must come first (in the first len(pages) results, any order), or the
#: page that must be first (a string).
SEARCHES = [
    ("Foster", ["sources/foster-1913", "rules/foster-1913"]), ("foster", ["sources/foster-1913", "rules/foster-1913"]),
    ("rummy.ch", ["sources/rummy-ch", "rules/rummy-ch"]), ("Dutch", ["sources/dutch", "rules/dutch"]),
    ("French", ["sources/french", "rules/french"]), ("Rommé", ["sources/romme-spielwiki", "rules/romme-spielwiki"]),
    ("romme", ["sources/romme-spielwiki", "rules/romme-spielwiki"]),
    ("Spielwiki", ["sources/romme-spielwiki", "rules/romme-spielwiki"]),
    ("how to play", "tutorial/learn-to-play"), ("How to play", "tutorial/learn-to-play"),
    ("learn", "tutorial/learn-to-play"), ("learn to play", "tutorial/learn-to-play"),
    ("tutorial", "tutorial/learn-to-play"), ("rules", "tutorial/learn-to-play"),
    ("play", "play"), ("play a deal", "play"),
    ("forcing", "rulings/forcing"), ("force", "rulings/forcing"), ("Zugzwang", "rulings/forcing"),
    ("tableau", "rulings/stock-exhausted"), ("stock runs out", "rulings/stock-exhausted"), ("pone", "rulings/first-say"),
    ("meld", "rulings/min-set"), ("joker", "rules/romme-spielwiki"), ("ace", "rulings/ace"),
    ("Spanish pack", "rulings/pack"), ("round the corner", "rulings/round-the-corner"),
    ("lay off", "rulings/lay-off-own"), ("borrow", "rulings/rearranging"), ("scoring", "rulings/scoring"),
    ("who deals", "rulings/dealer-rotation"), ("misdeal", "rulings/misdeal"),
    ("matrix", "matrix"), ("compare", "matrix"),
]
#: Rule words whose ruling page must be followed by the rules pages that use the word, above every other page.
RULES_AFTER_RULING = ["forcing", "tableau", "meld"]


def test_the_search_lists_what_a_player_types_first(site, phone):
    phone.goto(f"{site}/search.html")
    phone.wait_for_function("() => typeof Search !== 'undefined' && Search._index !== null", timeout=30000)
    found = phone.evaluate("""queries => Object.fromEntries(queries.map(q => {
        const [query, terms, excluded, highlight, objects] = Search._parseQuery(q);
        return [q, Search._performSearch(query, terms, excluded, highlight, objects).reverse().map(r => r[0])];
    }))""", [q for q, _ in SEARCHES])
    wrong = []
    for query, want in SEARCHES:
        pages = found[query]
        if len(pages) != len(set(pages)):
            wrong.append(f"{query!r} lists a page twice: {pages[:8]}")
        if isinstance(want, str):
            if not pages or pages[0] != want:
                wrong.append(f"{query!r}: {pages[:4]} first, not {want}")
        elif not set(want) <= set(pages[:3]):
            wrong.append(f"{query!r}: {pages[:3]} first, not {want}")
    for word in RULES_AFTER_RULING:
        pages = found[word]
        rules = [i for i, p in enumerate(pages) if p.startswith("rules/")]
        others = [i for i, p in enumerate(pages[1:], 1) if not p.startswith(("rules/", "rulings/"))]
        if rules and others and max(rules) > min(others):
            wrong.append(f"{word!r}: a page other than the rules pages above them: {pages[:10]}")
    assert len(SEARCHES) >= 25
    assert not wrong, "\n".join(wrong)

    # through the page as a player uses it: the count is the list's length, and the snippets keep word spaces
    phone.goto(f"{site}/search.html?q=Foster")
    phone.wait_for_function("() => /found \\d+ page/.test(document.querySelector('#search-results p.search-summary')"
                            "?.textContent || '')", timeout=30000)
    count = int(phone.locator("#search-results p.search-summary").inner_text().split("found ")[1].split()[0])
    assert count == phone.locator("#search-results ul.search > li").count()
    phone.wait_for_function("() => document.querySelectorAll('#search-results p.context').length >= 3", timeout=30000)
    snippets = phone.eval_on_selector_all("#search-results p.context", "els => els.map(e => e.textContent)")
    joined = [s for s in snippets if "1913rummy" in s or "Foster1913" in s or ")rummy" in s]
    assert not joined, f"snippets run words together: {joined[:2]}"


def test_the_matrix_header_covers_the_rows_under_it_and_no_engine_word_is_shown(site, phone):
    phone.goto(f"{site}/matrix.html")
    table = phone.locator("table.cq-matrix").bounding_box()
    phone.evaluate(f"window.scrollTo(0, {table['y'] + table['height'] / 2})")
    phone.wait_for_timeout(300)
    head = phone.locator("table.cq-matrix thead th").nth(1).bounding_box()
    # what the reader sees at the header's points is the header (no row shows through, no button covers it)
    covered = phone.evaluate("""() => {
        // the header's cells stick (the row group itself stays where it was): their union is what the reader sees
        const head = document.querySelector('table.cq-matrix thead');
        const cells = [...head.querySelectorAll('th')].map(th => th.getBoundingClientRect());
        const r = {left: Math.min(...cells.map(c => c.left)), top: Math.min(...cells.map(c => c.top))};
        r.width = Math.max(...cells.map(c => c.right)) - r.left;
        r.height = Math.max(...cells.map(c => c.bottom)) - r.top;
        const out = [];
        for (const fx of [0.05, 0.3, 0.5, 0.7, 0.95]) for (const fy of [0.1, 0.5, 0.9]) {
            const el = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
            if (!el || !head.contains(el)) out.push(el ? el.outerHTML.slice(0, 60) : 'nothing');
        }
        // and above it, up to furo's header, nothing of the table shows through
        const top = document.querySelector('.mobile-header').getBoundingClientRect().bottom;
        for (let y = top + 1; y < r.top; y += 3) {
            const el = document.elementFromPoint(r.left + r.width / 2, y);
            if (el && el.closest('table.cq-matrix tbody')) out.push('a row above the header at ' + y);
        }
        return out;
    }""")
    assert head and head["y"] < 120, f"the header does not stick: {head}"
    phone.mouse.wheel(0, -200)  # furo shows "Back to top" when the reader scrolls up
    phone.wait_for_timeout(400)
    back = phone.locator(".back-to-top")
    if back.is_visible():
        b, h = back.bounding_box(), phone.locator("table.cq-matrix thead th").nth(1).bounding_box()
        assert b["y"] >= h["y"] + h["height"] or b["y"] + b["height"] <= h["y"], f"Back to top covers the header {b} {h}"
    assert not covered, f"the matrix header is covered: {covered}"
    shot(phone, "matrix-scrolled-390", full=False)
    cells = phone.eval_on_selector_all("table.cq-matrix td .cq-cell-value", "els => els.map(e => e.textContent.trim())")
    engine = {"spanish", "ace to ten", "covered", "turned down", "reactive", "active", "offered", "dead",
              "with the card", "borrow", "with new meld", "free", "carried", "point", "alternate"}
    assert not engine & set(cells), f"engine words in the matrix: {sorted(engine & set(cells))}"


#: A tap target: a link, a button, a toggle, a tab, a form control in a page's content.
TAP_TARGETS = r"""() => {
    const targets = [...document.querySelectorAll('article a[href], article button, article summary, '
        + 'article input:not([type=hidden]):not(.sd-tab-set > input), article select, article label.sd-tab-label')]
        .filter(el => el.getClientRects().length && !el.closest('details:not([open]) > :not(summary)'));
    // WCAG 2.5.8's inline exception: a link inside a sentence, whose block holds words besides its links (a list
    // of links, "a, b; c", has none: it is no sentence)
    const inline = el => {
        if (el.tagName !== 'A') return false;
        const block = el.closest('p, li, dd, dt, td, th, figcaption, caption, .sd-card-text');
        if (!block) return false;
        const copy = block.cloneNode(true);
        copy.querySelectorAll('a[href], ul, ol').forEach(a => a.remove());
        return (copy.textContent.match(/\p{L}{2,}/gu) || []).length >= 3;
    };
    const boxes = targets.map(el => ({el, r: el.getBoundingClientRect()}));
    const small = boxes.filter(({el, r}) => (r.width < 24 || r.height < 24) && !inline(el));
    const centre = r => [r.left + r.width / 2, r.top + r.height / 2];
    const out = [];
    for (const s of small) {
        const [cx, cy] = centre(s.r);
        const crowded = boxes.some(o => {
            if (o === s) return false;
            if (small.includes(o)) { const [ox, oy] = centre(o.r); return Math.hypot(cx - ox, cy - oy) < 24; }
            const dx = Math.max(o.r.left - cx, 0, cx - o.r.right), dy = Math.max(o.r.top - cy, 0, cy - o.r.bottom);
            return Math.hypot(dx, dy) < 12;
        });
        if (crowded) out.push(`${s.el.outerHTML.slice(0, 70)} ${s.r.width.toFixed(0)}×${s.r.height.toFixed(0)}`);
    }
    return out;
}"""


def test_no_reader_page_has_a_crowded_tap_target(reader_visits):
    """Every link list, toggle, tab and button of every reader page: 24 × 24 px, or nothing else within the 24 px
    circle around it (WCAG 2.2, 2.5.8, with its spacing and inline exceptions)."""
    assert len(reader_visits["pages"]) >= (len(AXES) + 10 if reader_visits["pages"] != READER_SAMPLE else len(READER_SAMPLE))
    crowded = reader_visits["crowded"]
    assert not crowded, f"{len(crowded)} crowded tap targets:\n" + "\n".join(crowded[:40])
