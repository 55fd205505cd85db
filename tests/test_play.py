"""The engine in the reader's browser, through the contract of the play area (Chromium driven by Playwright).

Every request outside the local server is refused (a page that needed the network would fail here).  A whole deal
is played on ``play.html`` for Foster, for Rommé and for pagat's Mexican game with three players, by pressing the
move buttons of the ``cq-play`` element until it says ``data-over="true"``; "Try it" is used on a ruling page.  The
engine's start and the slowest response to a move are printed (run with ``-s`` to see them) and written to
``_build/play-timings.json``.  ``play.html`` starts the engine as it opens; any other page whose reader asks nothing
of the engine loads none of it.

The tests of ``play.html`` share one open page (``room``), as a reader who deals again does: the engine starts once
in it, and each test deals afresh (the worker keeps every deal apart, which the two-table test proves).
"""

from __future__ import annotations

import io
import json
import random
import re
import zipfile
from pathlib import Path

import pytest

from conquian import Game, RommeGame
from test_browser import (DESKTOP, FURO_CHROME, HTML, PHONE, ROOT, axe, browser, new_page,  # noqa: F401
                          refuse_other_hosts, shot, site)  # the fixtures, shared

ENGINE_FILES = ("cq-play.js", "cq-play.css", "cq-worker.js", "cq-engine.zip", "/_pyodide/")
TIMINGS = ROOT / "_build" / "play-timings.json"
#: The aims of the issue: ready within 3 s on this machine, each move answered within 100 ms once loaded.
READY_AIM_MS, MOVE_AIM_MS = 3000, 100


@pytest.fixture
def offline(browser):  # noqa: F811
    """A page whose every request to a host other than the local server is aborted (and listed)."""
    context, pg = new_page(browser)
    refused, requested = refuse_other_hosts(context), []
    context.on("request", lambda req: requested.append(req.url))
    errors = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.refused, pg.requested, pg.errors = refused, requested, errors
    try:
        yield pg
    finally:
        context.close()
    assert not refused, f"requests to other hosts: {refused}"
    assert not errors, f"errors on the page: {errors}"


def _record(name: str, figures: dict) -> None:
    TIMINGS.parent.mkdir(parents=True, exist_ok=True)
    old = json.loads(TIMINGS.read_text(encoding="utf-8")) if TIMINGS.is_file() else {}
    old[name] = figures
    TIMINGS.write_text(json.dumps(old, indent=2), encoding="utf-8")
    print(f"\n{name}: " + ", ".join(f"{k} {v}" for k, v in figures.items()))


def _play_to_the_end(pg, area, rng: random.Random, limit: int = 3000) -> int:
    """Press one of the legal-move buttons (chosen by ``rng``) until the deal is over; the number pressed."""
    pressed = 0
    while area.get_attribute("data-over") != "true":
        buttons = area.locator("button.cq-move")
        words = buttons.evaluate_all("bs => bs.map(b => b.innerText.trim())")  # one round trip, not one a button
        n = len(words)
        assert n > 0, f"no legal move to press, and the deal is not over:\n{area.inner_text()}"
        assert all(w and w[0].isupper() and " " in w for w in words), f"moves not in words: {words}"
        done = pg.evaluate("window.cqPlay.stats.moves.length")
        buttons.nth(rng.randrange(n)).click()
        pg.wait_for_function(f"window.cqPlay.stats.moves.length > {done}")
        pressed += 1
        assert pressed < limit, "the deal does not end"
    return pressed


@pytest.fixture(scope="module")
def _room(site, browser):  # noqa: F811
    """``play.html`` opened once for the module, every request to another host refused and listed."""
    context, pg = new_page(browser)
    pg.refused, pg.errors = refuse_other_hosts(context), []
    pg.on("pageerror", lambda exc: pg.errors.append(str(exc)))
    pg.goto(f"{site}/play.html")
    try:
        yield pg
    finally:
        context.close()


@pytest.fixture
def room(_room):
    """The shared ``play.html`` at desktop size; after the test, nothing was asked of another host and no error was
    raised on the page during it."""
    _room.refused.clear()
    _room.errors.clear()
    _room.set_viewport_size(DESKTOP)
    yield _room
    assert not _room.refused, f"requests to other hosts: {_room.refused}"
    assert not _room.errors, f"errors on the page: {_room.errors}"


def _deal(pg, rules: str, seed: int, players: "int | None" = None, level: str = "easy"):
    """A new deal on the open ``play.html`` against the computer at ``level``; its moves' timings counted from zero."""
    views = pg.evaluate("window.cqPlay ? (window.cqPlay.stats.moves.length = 0, window.cqPlay.stats.views) : 0")
    pg.select_option("form.cq-play-setup select[name=rules]", rules)
    pg.select_option("form.cq-play-setup select[name=level]", level)
    if players is not None:
        pg.select_option("form.cq-play-setup select[name=players]", str(players))
    pg.fill("form.cq-play-setup input[name=seed]", str(seed))
    pg.click("form.cq-play-setup button[type=submit]")
    # the new deal drawn (the last one's buttons stay until it is)
    pg.wait_for_function(f"window.cqPlay && window.cqPlay.stats.views > {views}", timeout=60_000)
    return pg.locator(".cq-playroom .cq-play")


@pytest.mark.parametrize("rules, players", [("foster-1913", None), ("romme-spielwiki", 3), ("pagat-mexican", 3)],
                         ids=["foster", "romme-3", "mexican-3"])
def test_a_whole_deal_against_the_computer(room, rules, players):
    pg = room
    area = _deal(pg, rules, seed=7, players=players)
    ready = pg.evaluate("window.cqPlay.stats.ready")  # the engine's start, from the moment play.html began loading it
    steps = pg.evaluate("window.cqPlay.stats.steps")
    assert "Rules: " in area.inner_text()
    if players:
        assert area.locator(".cq-seat").count() == players  # the reader and two computers
    pressed = _play_to_the_end(pg, area, random.Random(1))
    result = area.locator(".cq-play-result").inner_text()
    assert result.startswith(("You", "The computer", "Computer ", "The stock")), result
    shot(pg, f"play-{rules}-over")
    moves = pg.evaluate("window.cqPlay.stats.moves")
    _record(f"{rules}" + (f", {players} players" if players else ""),
            {"engine start ms": round(ready), **{f"{k} ms": round(v) for k, v in steps.items()}, "moves": pressed, "slowest move ms": round(max(moves)),
             "median move ms": round(sorted(moves)[len(moves) // 2])})
    # The aims are for a quiet machine; the bounds leave room for a loaded one (the figures are printed).
    assert ready <= 10 * READY_AIM_MS, f"the engine took {ready:.0f} ms to start"
    # a guard against a hang, not the aim (measured and reported above): a loaded 2-core machine once took 1,079 ms
    assert max(moves) <= 30 * MOVE_AIM_MS, f"a move took {max(moves):.0f} ms"

    # The record, downloaded, is one the engine reads back, to the same result.
    with pg.expect_download() as download:
        pg.click(".cq-play-tools button.cq-record")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    g = (RommeGame if rules.startswith("romme") else Game).from_record(text)
    assert g.players == (players or 2)
    assert g.is_over and g.decisions >= pressed


def _seed(pg) -> str:
    return re.search(r"Deal number (\d+)", pg.locator(".cq-playroom .cq-deal-line").inner_text()).group(1)


def test_each_deal_is_new_and_its_link_deals_it_again(room):
    """The seed box empty: every Deal and Deal again deals new cards, shows its seed, and links to the same deal."""
    pg = room
    _deal(pg, "foster-1913", seed="")
    first, hand = _seed(pg), pg.locator(".cq-playroom .cq-seat-pone").inner_text()
    views = pg.evaluate("window.cqPlay.stats.views")
    pg.click(".cq-playroom button.cq-deal-again")
    pg.wait_for_function(f"window.cqPlay.stats.views > {views}")
    second = _seed(pg)
    assert second != first and pg.locator(".cq-playroom .cq-seat-pone").inner_text() != hand
    # the link of the first deal, followed, deals its cards again
    link = pg.locator(".cq-playroom a.cq-deal-link").get_attribute("href")
    assert link == f"#rules=foster-1913&players=2&seed={second}&seat=1&level=easy"
    views = pg.evaluate("window.cqPlay.stats.views")
    pg.evaluate(f"window.location.hash = 'rules=foster-1913&players=2&seed={first}'")
    pg.wait_for_function(f"window.cqPlay.stats.views > {views}")
    assert _seed(pg) == first and pg.locator(".cq-playroom .cq-seat-pone").inner_text() == hand
    pg.evaluate("history.replaceState(null, '', window.location.pathname)")  # the shared page as it was


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1366x900", "390x844"])
def test_a_match_of_three_deals_with_a_hint_and_a_take_back(room, viewport):
    """The strong computer at the normal level; a hint, a take-back, three deals, the score kept across them."""
    pg = room
    pg.set_viewport_size(viewport)
    area = _deal(pg, "foster-1913", seed=12, level="normal")
    score = pg.locator(".cq-playroom .cq-score")
    scores = [score.inner_text()]
    assert scores[0] == "After 0 deals, points: You 0, The computer 0."
    # a hint names one of the reader's moves and marks its button
    while len(area.locator("button.cq-move").all()) < 2:
        done = pg.evaluate("window.cqPlay.stats.moves.length")
        area.locator("button.cq-move").first.click()
        pg.wait_for_function(f"window.cqPlay.stats.moves.length > {done}")
    asked = pg.evaluate("performance.now()")
    area.locator("button", has_text="Hint").click()
    pg.wait_for_function("document.querySelector('.cq-playroom .cq-hint').textContent.startsWith('Hint: ')", timeout=30_000)
    hint_ms = pg.evaluate("performance.now()") - asked
    assert area.locator("button.cq-move.cq-hinted").count() == 1
    # a move, taken back: the same table as before it
    table = area.locator(".cq-play-table").inner_html()
    done = pg.evaluate("window.cqPlay.stats.moves.length")
    area.locator("button.cq-move").last.click()
    pg.wait_for_function(f"window.cqPlay.stats.moves.length > {done}")
    if area.get_attribute("data-over") != "true":
        views = pg.evaluate("window.cqPlay.stats.views")
        area.locator("button", has_text="Take back").click()
        pg.wait_for_function(f"window.cqPlay.stats.views > {views}")
        assert area.locator(".cq-play-table").inner_html() == table
    for n in (1, 2, 3):
        _play_to_the_end(pg, area, random.Random(n))
        scores.append(score.inner_text())
        assert scores[-1].startswith(f"After {n} deal"), scores
        shot(pg, f"play-match-{n}-{viewport['width']}", full=False)
        if n < 3:
            views = pg.evaluate("window.cqPlay.stats.views")
            pg.click(".cq-playroom button.cq-deal-again")
            pg.wait_for_function(f"window.cqPlay.stats.views > {views}", timeout=60_000)
    assert len(set(s.split(":", 1)[1] for s in scores)) > 1, f"the score never changed: {scores}"
    moves = sorted(pg.evaluate("window.cqPlay.stats.moves"))  # each: the reader's move and the computer's reply
    _record(f"match, normal level, {viewport['width']} px",
            {"hint ms": round(hint_ms), "median move and reply ms": round(moves[len(moves) // 2]),
             "slowest move and reply ms": round(moves[-1]), "moves": len(moves)})


_GEOMETRY = """() => {
    const box = (s) => { const e = document.querySelector(s); if (!e) return null;
                         const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
    return {table: box('.cq-playroom .cq-play-table'), move: box('.cq-playroom button.cq-move'),
            you: box('.cq-playroom .cq-play-table .cq-seat:last-child'), height: innerHeight};
}"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390x844", "1366x900"])
def test_the_table_and_the_moves_stay_on_the_screen_as_play_goes_on(room, viewport):
    """The issue's phone (and a desktop): after Deal the table is brought onto the screen, the reader's hand drawn
    last (under the middle of the table) and his first move under it, all within one screen; each move draws the
    table again at the very height it was (no jump), whatever the computer's lines under it."""
    pg = room
    pg.set_viewport_size(viewport)
    pg.evaluate("window.scrollTo(0, 0)")
    for seat, you in (("1", "You (the pone)"), ("0", "You (the dealer)")):
        pg.select_option("form.cq-play-setup select[name=seat]", seat)
        area = _deal(pg, "foster-1913", seed=12)
        assert area.locator(".cq-seat").last.inner_text().startswith(you)
        at = pg.evaluate(_GEOMETRY)
        assert 0 <= at["table"]["top"] < 200, f"after Deal the table is not at the top of the screen: {at}"
        assert at["move"] is None or at["move"]["bottom"] <= at["height"], f"the first move is off the screen: {at}"
        for _ in range(6):
            if area.get_attribute("data-over") == "true":
                break
            before = pg.evaluate(_GEOMETRY)["table"]["top"]
            done = pg.evaluate("window.cqPlay.stats.moves.length")
            area.locator("button.cq-move").first.click()  # on the screen already: nothing scrolls to reach it
            pg.wait_for_function(f"window.cqPlay.stats.moves.length > {done}")
            at = pg.evaluate(_GEOMETRY)
            assert abs(at["table"]["top"] - before) <= 1, f"the table moved from {before} to {at['table']['top']}"
            assert at["you"]["bottom"] <= at["height"], f"the reader's hand left the screen: {at}"
            assert at["move"] is None or at["move"]["bottom"] <= at["height"], f"the first move is off the screen: {at}"
    shot(pg, f"play-in-play-{viewport['width']}", full=False)
    pg.select_option("form.cq-play-setup select[name=seat]", "1")


def test_the_reader_chooses_his_seat(room):
    pg = room
    pg.select_option("form.cq-play-setup select[name=seat]", "0")
    try:
        area = _deal(pg, "foster-1913", seed=3)
        assert "You (the dealer)" in area.inner_text() and "The computer (the pone)" in area.inner_text()
        assert pg.locator(".cq-playroom a.cq-deal-link").get_attribute("href").endswith("&seat=0&level=easy")
        _play_to_the_end(pg, area, random.Random(3))
    finally:
        pg.select_option("form.cq-play-setup select[name=seat]", "1")


def test_the_engine_loads_as_the_play_page_opens(site, offline):  # noqa: F811
    pg = offline
    pg.goto(f"{site}/play.html")
    pg.wait_for_function("window.cqPlay && window.cqPlay.stats.ready !== null", timeout=60_000)
    assert pg.evaluate("window.cqPlay.stats.views") == 0  # loaded before the reader asked for anything
    assert pg.evaluate("window.cqPlay.stats.snapshot") is True  # restored from the build's snapshot


def _first_move_after_deal(pg, wait_ms: int) -> float:
    """Deal pressed ``wait_ms`` after ``play.html`` began to open; the milliseconds until a move button is shown."""
    pg.goto(f"{pg.site}/play.html")
    pg.wait_for_timeout(wait_ms)
    pg.fill("form.cq-play-setup input[name=seed]", "5")
    pg.evaluate("window.cqPressed = performance.now()")
    pg.click("form.cq-play-setup button[type=submit]")
    pg.wait_for_selector(".cq-playroom .cq-play button.cq-move", timeout=60_000)
    return pg.evaluate("performance.now() - window.cqPressed")


FIRST_MOVE_AIM_MS = 1000  # the aim: Deal pressed 3 s after the page opened, a move button within 1 s


def test_deal_pressed_three_seconds_after_opening_shows_a_move_soon(site, offline):  # noqa: F811
    pg = offline
    pg.site = site
    first = _first_move_after_deal(pg, 3000)
    ready, steps = pg.evaluate("window.cqPlay.stats.ready"), pg.evaluate("window.cqPlay.stats.steps")
    _record("first move after Deal", {"Deal pressed after ms": 3000, "first move button ms": round(first),
                                      "engine start ms": round(ready), **{f"{k} ms": round(v) for k, v in steps.items()}})
    assert pg.evaluate("window.cqPlay.stats.snapshot") is True
    assert first <= 10 * FIRST_MOVE_AIM_MS, f"the first move button came {first:.0f} ms after Deal"


def _another_zip() -> bytes:
    """The built engine's zip with one file more: a zip the snapshot was not made from."""
    buf = io.BytesIO((HTML / "_static" / "cq-engine.zip").read_bytes())
    with zipfile.ZipFile(buf, "a") as z:
        z.writestr("conquian_site/another.txt", "not the zip the snapshot was made from\n")
    return buf.getvalue()


@pytest.mark.parametrize("spoil", ["unreadable snapshot", "snapshot of another zip"])
def test_without_a_snapshot_that_fits_the_engine_starts_the_slow_way(site, offline, spoil):  # noqa: F811
    """A snapshot that cannot be read, or one made from another zip than the one served, is not used: the worker
    starts Python and imports the engine itself, and the deal is played as ever."""
    pg = offline
    if spoil == "unreadable snapshot":
        pg.route("**/cq-engine.snap.gz", lambda r: r.fulfill(status=200, body=b"\x1f\x8b not a snapshot"))
    else:
        zipped = _another_zip()
        pg.route("**/cq-engine.zip", lambda r: r.fulfill(status=200, body=zipped, content_type="application/zip"))
    pg.goto(f"{site}/play.html")
    pg.wait_for_function("window.cqPlay && window.cqPlay.stats.ready !== null", timeout=60_000)
    assert pg.evaluate("window.cqPlay.stats.snapshot") is False
    area = _deal(pg, "foster-1913", seed=7)
    assert area.locator("button.cq-move").count() > 0


def test_a_refused_move_is_explained_by_rule_and_passage(room):
    pg = room
    area = _deal(pg, "foster-1913", seed=7)
    assert area.get_attribute("data-over") != "true"
    pg.fill("form.cq-try-move input", "take")
    pg.click("form.cq-try-move button")
    why = pg.locator(".cq-why")
    why.locator("blockquote").wait_for()
    text = why.inner_text()
    assert "refused" in text and "Rule: A card on offer into the hand: no" in text and "Foster 1913" in text, text
    # The same seed deals the same cards again, after a move has changed the table.
    first = area.locator(".cq-play-table").inner_text()
    area.locator("button.cq-move").first.click()
    pg.wait_for_function("window.cqPlay.stats.moves.length > 0")
    assert area.locator(".cq-play-table").inner_text() != first
    area = _deal(pg, "foster-1913", seed=7)
    assert area.locator(".cq-play-table").inner_text() == first


@pytest.mark.long  # a second Pyodide start (7-14 s of a worker); make test keeps the play page's whole deals
def test_try_it_on_a_ruling_page_a_move_refused_under_another_source_and_a_second_table(site, offline):  # noqa: F811
    """"Try it" on the rearranging page: Foster's borrowing move offered, refused and explained under rummy.ch,
    played on; then the page's second table opened, and a move pressed in the first is played in the first
    table's deal (one engine, two deals kept apart).  The engine loads only when asked for."""
    pg = offline
    pg.goto(f"{site}/rulings/rearranging.html")
    assert not [u for u in pg.requested if any(f in u for f in ENGINE_FILES)], "the engine loaded before it was asked for"
    tries = pg.locator("button.cq-try")
    assert tries.count() == 2 and tries.first.inner_text() == "Try it"
    tries.first.click()
    area = pg.locator(".cq-tryit .cq-play").first
    area.locator("button").first.wait_for(timeout=60_000)
    borrow = "add the 3♦, borrowed from 3♦–6♦, to his 3♠ 3♥ 3♣"
    words = [b.inner_text() for b in area.locator("button").all()]
    assert any(borrow in w for w in words), words  # Foster lets the pone move the 3♦ to his set
    # Under rummy.ch the same move is refused, and explained.
    pg.select_option(".cq-tryit .cq-switch select", "rummy-ch")
    pg.wait_for_function(f"""() => [...document.querySelectorAll('.cq-tryit .cq-play button')]
        .every(b => !b.textContent.includes({borrow!r}))""")
    pg.locator(".cq-tryit button.cq-other", has_text=borrow).click()
    why = pg.locator(".cq-tryit .cq-why")
    why.locator("blockquote").wait_for()
    assert "Rule: Rearranging one's melds: with new meld" in why.inner_text() and "rummy.ch" in why.inner_text(), \
        why.inner_text()
    # Playing on: the reader's move, then the computer's answer, in words.
    area.locator("button").first.click()
    pg.wait_for_function("window.cqPlay.stats.moves.length > 0")
    assert area.locator(".cq-play-log li").count() >= 1
    shot(pg, "try-it-rearranging")
    _two_tables_keep_their_own_deals(pg)


@pytest.mark.long
def test_try_it_on_the_forcing_page_and_replay_under_another_source(site, offline):  # noqa: F811
    """The same on the forcing page: Foster lets the pone force the 5♣; rummy.ch refuses it, and says why."""
    pg = offline
    pg.goto(f"{site}/rulings/forcing.html")
    assert not [u for u in pg.requested if any(f in u for f in ENGINE_FILES)], "the engine loaded before it was asked for"
    button = pg.locator("button.cq-try").first
    assert button.inner_text() == "Try it"
    button.click()
    area = pg.locator(".cq-tryit .cq-play").first
    area.locator("button").first.wait_for(timeout=60_000)
    words = [b.inner_text() for b in area.locator("button").all()]
    assert any("(forcing)" in w for w in words), words  # Foster lets the pone force the 5♣
    pg.select_option(".cq-tryit .cq-switch select", "rummy-ch")
    pg.wait_for_function("""() => [...document.querySelectorAll('.cq-tryit .cq-play button')]
        .every(b => !b.textContent.includes('(forcing)'))""")
    pg.locator(".cq-tryit button.cq-other", has_text="(forcing)").click()
    why = pg.locator(".cq-tryit .cq-why")
    why.locator("blockquote").wait_for()
    assert "Rule: Adding to the opponent's melds: never" in why.inner_text() and "rummy.ch" in why.inner_text(), why.inner_text()
    area.locator("button").first.click()
    pg.wait_for_function("window.cqPlay.stats.moves.length > 0")
    assert area.locator(".cq-play-log li").count() >= 1
    shot(pg, "try-it-forcing")


def _two_tables_keep_their_own_deals(pg, first_opened: bool = True):
    """The page's second table opened after the first: a move pressed in the first is played in the first table's
    deal, and the second's table is left as it was."""
    tries = pg.locator("button.cq-try")
    first = pg.locator(".cq-tryit .cq-play").nth(0)
    if not first_opened:
        tries.nth(0).click()
    first.locator("button.cq-move").first.wait_for(timeout=60_000)
    move = first.locator("button.cq-move").first.inner_text()
    tries.nth(1).click()
    second = pg.locator(".cq-tryit .cq-play").nth(1)
    second.locator("button.cq-move").first.wait_for(timeout=60_000)
    theirs = second.locator(".cq-play-table").inner_text()
    done = pg.evaluate("window.cqPlay.stats.moves.length")
    first.locator("button.cq-move").first.click()
    pg.wait_for_function(f"window.cqPlay.stats.moves.length > {done}")
    # the log starts afresh at each of the reader's moves: the first line is his
    assert first.locator(".cq-play-log li").first.inner_text().lower().endswith(move.lower()), \
        first.locator(".cq-play-log").inner_text()
    assert second.locator(".cq-play-table").inner_text() == theirs
    # the play's styles, loaded by "Try it", leave the page's own tables as they were (a reason in a table is no box)
    reason = pg.locator("table span.cq-why").first
    assert reason.evaluate("e => getComputedStyle(e).borderLeftWidth + ' ' + getComputedStyle(e).paddingLeft") == "0px 0px"


@pytest.mark.long
def test_two_try_it_tables_in_the_tutorial_keep_their_own_deals(site, offline):  # noqa: F811
    """The same on the tutorial, whose tables open at its positions (make test checks it on the forcing page)."""
    pg = offline
    pg.goto(f"{site}/tutorial/learn-to-play.html")
    _two_tables_keep_their_own_deals(pg, first_opened=False)


def test_a_page_that_does_not_use_the_engine_loads_none_of_it(site, offline):  # noqa: F811
    pg = offline
    for rel in ("rulings/pack.html", "index.html"):  # play.html starts it as it opens (see above)
        pg.requested.clear()
        pg.goto(f"{site}/{rel}")
        pg.wait_for_load_state("networkidle")
        loaded = [u for u in pg.requested if any(f in u for f in ENGINE_FILES)]
        assert not loaded, f"{rel} loaded {loaded} before the reader asked"
    sizes = {f: (HTML / "_pyodide" / f).stat().st_size for f in ("pyodide.asm.wasm", "python_stdlib.zip")}
    assert all(sizes.values())
    assert "Mozilla Public License 2.0" in (HTML / "_pyodide" / "NOTICE").read_text(encoding="utf-8")


def test_opened_from_a_file_it_says_how_to_serve_the_site(browser):  # noqa: F811
    context, pg = new_page(browser)
    try:
        pg.goto((HTML / "play.html").as_uri())
        pg.click("form.cq-play-setup button[type=submit]")
        status = pg.locator(".cq-playroom .cq-play-status")
        status.filter(has_text="python -m http.server").wait_for()
        assert "Serve the site over HTTP" in status.inner_text()
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1366x900", "390x844"])
def test_the_table_is_accessible_and_fits_a_phone(room, axe, viewport):  # noqa: F811
    pg = room
    pg.set_viewport_size(viewport)
    _deal(pg, "romme-spielwiki", seed=2, players=4)
    pg.fill("form.cq-try-move input", "discard 🃏")
    pg.click("form.cq-try-move button")
    pg.locator(".cq-why p").first.wait_for()
    width = pg.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"play.html is {width} px wide at {viewport['width']} px"
    shot(pg, f"play-romme-4-{viewport['width']}")
    pg.add_script_tag(content=axe)
    found = pg.evaluate("""async (exclude) => {
        const r = await axe.run({exclude: exclude.map(s => [s])}, {resultTypes: ['violations']});
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join('; ')})`);
    }""", FURO_CHROME)
    assert not found, "\n".join(found)
