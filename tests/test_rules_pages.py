"""The "rules of X" pages: each a whole game a reader can play from it alone.

The pages are read from the built site (``_build/html``, which ``make html`` and CI build first) when it is newer than
everything it is built from; else they are built here, in a small throw-away project of the five rules pages with the
site's theme and styles (in a subprocess, once for the module).  They are read as a reader gets them: every phase of play is there (the object, the
deal, how a turn goes, going out, scoring), how a turn goes quotes the text's own words from the declaration, and every
sentence that is not the text's own is marked so, in words.  The ``[[play]]`` rules themselves are checked against the
texts, and the loader's refusals of a bad ``[[play]]`` table are named.  With Chromium installed, each page is
printed to A4 and its sheets counted: at most two for a Conquian source, three for Rommé.
"""

from __future__ import annotations

import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest

from conquian import DECLARATIONS, DeclarationError, Status
from conquian.declaration_play import PHASES
from conquian.declarations import load_declaration

ROOT = Path(__file__).resolve().parent.parent
EXT = ROOT / "docs" / "_ext"
CHROMIUM = Path("/usr/bin/chromium")
SOURCES = list(DECLARATIONS)
#: The phases every page must show, each in a part of its own, in this order.
REQUIRED = ("object", "deal", "turn", "going-out", "scoring")
#: Sheets of A4 a page may take in print.
SHEETS = {"conquian": 2, "romme": 3}
READING = "this is this site's reading"


def squash(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(text.split())


def text_of(html: str) -> str:
    return squash(unescape(re.sub(r"<[^>]+>", " ", html)))


#: Where ``make html`` puts the site, and what it is built from (``docs/rules`` is written by the build itself).
HTML = ROOT / "_build" / "html"
INPUTS = [ROOT / "conf.py", ROOT / "conquian", ROOT / "variants", ROOT / "docs"]


def newest_input() -> float:
    """The time of the last change to anything the site is built from."""
    files = [p for top in INPUTS for p in ([top] if top.is_file() else top.rglob("*"))
             if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".so")
             and not p.is_relative_to(ROOT / "docs" / "rules")]
    return max(p.stat().st_mtime for p in files)


def current_site() -> Path | None:
    """The built site, if every rules page is there and newer than every input; else None."""
    pages = [HTML / "rules" / f"{s}.html" for s in SOURCES]
    if all(p.is_file() for p in pages) and min(p.stat().st_mtime for p in pages) > newest_input():
        return HTML
    return None


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The folder of the built pages (the rules pages are written by the extension itself): the built site when it
    is current, else a throw-away project of the rules pages built here."""
    site = current_site()
    if site is not None:
        return site
    tmp = tmp_path_factory.mktemp("rules")
    src = tmp / "src"
    src.mkdir()
    (src / "index.md").write_text("# Rules\n\n```{rulebook-toctree}\n```\n", encoding="utf-8")
    (src / "conf.py").write_text(
        "import sys\n"
        f"sys.path[:0] = [{str(ROOT)!r}, {str(EXT)!r}]\n"
        "extensions = ['myst_parser', 'sphinx_design', 'conquian_site']\n"
        "source_suffix = {'.md': 'markdown'}\n"
        "html_theme = 'furo'\n"
        f"html_static_path = [{str(ROOT / 'docs' / '_static')!r}]\n"
        "html_css_files = ['conquian.css']\n",
        encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", str(src), str(tmp / "out")],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "rules-of" not in done.stderr, done.stderr  # the directive itself warns about nothing
    return tmp / "out"


@pytest.fixture(scope="module")
def pages(built) -> dict[str, str]:
    """Each source's rules page as built, by source id."""
    return {s: (built / "rules" / f"{s}.html").read_text(encoding="utf-8") for s in SOURCES}


def parts(html: str) -> list[tuple[str, str]]:
    """The page's parts in order: (phase, the part's HTML up to the next part)."""
    found = list(re.finditer(r'<section class="cq-rulebook-part cq-phase-([\w-]+)"', html))
    return [(m.group(1), html[m.start():found[i + 1].start() if i + 1 < len(found) else len(html)])
            for i, m in enumerate(found)]


def items(html: str) -> list[tuple[str, str]]:
    """Every rule on the page: (status, the item's text)."""
    return [(m.group(1), text_of(m.group(2))) for m in
            re.finditer(r'<li class="cq-status-(\w+)[^"]*">(.*?)</li>', html, re.S)]


@pytest.mark.parametrize("source", SOURCES)
def test_every_phase_of_play_is_on_the_page_in_play_order(pages, source):
    found = parts(pages[source])
    phases = [phase for phase, _ in found]
    assert [p for p in phases if p in REQUIRED] == sorted(set(phases) & set(REQUIRED), key=REQUIRED.index)
    for phase in REQUIRED:
        bodies = [body for p, body in found if p == phase]
        assert bodies and all("<li" in body for body in bodies), f"{source}: no rule for the phase {phase!r}"


@pytest.mark.parametrize("source", SOURCES)
def test_how_a_turn_goes_quotes_the_texts_own_words(pages, source):
    decl = DECLARATIONS[source]
    turn = "".join(body for phase, body in parts(pages[source]) if phase == "turn")
    assert "How a turn goes" in turn
    rules = [r for r in decl.play if r.phase == "turn"]
    assert len(rules) >= 2, f"{source}: how a turn goes needs its steps in the declaration's [[play]]"
    shown = text_of(turn)
    for rule in rules:
        assert squash(rule.rule) in shown
        for ev in rule.evidence:  # the passage, from the declaration, with the locator; its English if translated
            assert squash(ev.repaired) in shown and squash(f"{ev.locator}") in shown
            if decl.language != "en":
                assert squash(ev.english) in shown
    assert turn.count('class="cq-rulebook-cite"') == sum(len(r.evidence) for r in rules)


@pytest.mark.parametrize("source", SOURCES)
def test_every_sentence_not_the_texts_own_is_marked(pages, source):
    decl = DECLARATIONS[source]
    shown = items(pages[source])
    declared = [e.status for e in decl.entries.values()] + [r.status for r in decl.play]
    for status in Status:  # every rule is on the page, each with its own status
        assert sum(s == status.value for s, _ in shown) == declared.count(status), (source, status)
    for status, text in shown:
        if status in ("silent", "ambiguous"):
            assert READING in text, f"{source}: a rule that is this site's reading is unmarked: {text!r}"
        elif status == "implied":
            assert "Implied by the text" in text, f"{source}: an implied rule is unmarked: {text!r}"
        else:
            assert READING not in text and "Implied by the text" not in text, text
    # the mark is drawn as well as said (a dashed line, on screen and in print): the class the style sheet draws
    marked = re.findall(r'<li class="cq-status-(silent|ambiguous)( cq-reading)?"', pages[source])
    assert all(cls for _, cls in marked), f"{source}: a rule that is this site's reading is not drawn as one"


def test_rommes_page_gives_card_values_penalties_direction_and_melds_kept(pages):
    shown = text_of(pages["romme-spielwiki"])
    for words in ["the king, queen and jack ten each, the cards two to ten their pips",  # l.61-62: the first meld's count
                  "penalty points the value of the cards still in his hand",               # l.101
                  "Play then passes to the left",                                          # l.68
                  "Cards once melded never go back into the hand"]:                        # l.93
        assert words in shown


def test_the_rules_pages_print_on_few_sheets_of_a4(built):
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium): the sheets cannot be counted")
    from playwright.sync_api import sync_playwright

    # One browser prints the five pages, the sheet's size and margins from the page's CSS (as --print-to-pdf does).
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page()
            for source in SOURCES:
                page.goto((built / "rules" / f"{source}.html").as_uri())
                data = page.pdf(prefer_css_page_size=True)
                assert re.search(rb"/MediaBox \[0 0 594\.9\d* 841\.9\d*\]", data), f"{source}: not printed on A4"
                sheets = len(re.findall(rb"/Type\s*/Page(?![s\w])", data))
                assert 0 < sheets <= SHEETS[DECLARATIONS[source].game], f"{source}: {sheets} sheets of A4"
        finally:
            browser.close()


# -- the [[play]] rules against the texts, and the loader's refusals -------------------------------------------------
# (a described source quotes no passage: its locators and renderings are checked in test_described_sources.py)
@pytest.mark.parametrize("source", [s for s in SOURCES if not DECLARATIONS[s].described])
def test_every_play_passage_occurs_in_its_text_and_keeps_one_rendering(source, source_texts):
    decl = DECLARATIONS[source]
    text = squash((source_texts / decl.text).read_text(encoding="utf-8"))
    play = [ev for r in decl.play for ev in r.evidence]
    missing = [(ev.locator, ev.passage) for ev in play if squash(ev.passage) not in text]
    assert not missing, f"{decl.path}: [[play]] passages not found in {decl.text}: {missing}"
    for a in play + [ev for e in decl.entries.values() for ev in e.evidence + e.context]:
        for b in play:  # a passage quoted by a rule of play and by an axis is rendered once
            if squash(a.passage) == squash(b.passage):
                assert a.english == b.english, (a.passage, a.english, b.english)


@pytest.mark.parametrize("source", SOURCES)
def test_every_source_declares_the_object_and_the_turn(source):
    phases = {r.phase for r in DECLARATIONS[source].play}
    assert {"object", "turn"} <= phases <= set(PHASES)


def _write(tmp_path, edit, name="foster-1913"):
    src = DECLARATIONS[name].path.read_text(encoding="utf-8")
    bad = tmp_path / f"{name}.toml"
    bad.write_text(edit(src), encoding="utf-8")
    return bad


def in_play(old: str, new: str):
    """An edit of the file's [[play]] section only (the axes above may quote the same words)."""
    def edit(s: str) -> str:
        head, sep, play = s.partition("\n[[play]]\n")
        assert old in play
        return head + sep + play.replace(old, new, 1)
    return edit


@pytest.mark.parametrize("edit, message", [
    (in_play('phase = "object"\n', 'phase = "object"\ncolour = 1\n'), r"play 1: unknown key 'colour'; valid keys: phase"),
    (in_play('phase = "object"', 'phase = "dessert"'),
     r"play 1: phase 'dessert' is not one of object, cards, deal, turn, going-out, scoring"),
    (in_play('status = "stated"', 'status = "likely"'), r"play 1: status 'likely' is not one of"),
    (in_play('status = "stated"', 'status = "silent"'), r"play 1: a silent rule cites no passage"),
    (in_play('status = "stated"', 'status = "ambiguous"'), r"play 1: status 'ambiguous' needs a 'note'"),
    (in_play("to form triplets and fours", "to form pairs"), r"play 1, evidence 1: the passage is not in paragraph 4"),
    (in_play("paragraph 4, 1st to 3rd sentences", "paragraph 99"),
     r"play 1, evidence 1: the locator 'For Two Players, paragraph 99' names no paragraph"),
    (lambda s: s + '\n[[play]]\nphase = "turn"\nstatus = "implied"\nrule = "A rule."\n',
     r"play \d+: status 'implied' needs at least one passage"),
    (lambda s: s.replace("[[play]]", "[[plays]]").replace("[[play.", "[[plays."), r"unknown key 'plays'"),
])
def test_a_bad_play_table_is_refused_naming_file_and_rule(tmp_path, edit, message):
    bad = _write(tmp_path, edit)
    with pytest.raises(DeclarationError, match=message) as err:
        load_declaration(bad)
    assert str(bad) in str(err.value)


def test_a_play_rule_in_another_language_needs_its_english(tmp_path):
    bad = _write(tmp_path, in_play('english = "The aim is to be the first to lay down 11 cards in melds."\n', ""),
                 name="rummy-ch")
    with pytest.raises(DeclarationError, match=r"play 1, evidence 1: missing key 'english'"):
        load_declaration(bad)
