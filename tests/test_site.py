"""The site's structure: a ruling page per axis, a tab per source, examples everywhere, nothing copied.

Most checks read the Markdown of ``docs/`` and need no build.  The few that need Sphinx build a
small throw-away project in a temporary folder, in a subprocess.
"""

from __future__ import annotations

import os
import re
from html import escape as html_escape
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from docutils import nodes

from conquian import DECLARATIONS, Status
from conquian.registry import sources
from conquian.games.conquian.rules import AXES
from conquian.status import NOT_APPLICABLE

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULINGS = DOCS / "rulings"
#: The Conquian sources, which the ruling pages compare (Rommé, another game, has pages of its own).
SOURCES = sources("conquian")
CONQUIAN = [DECLARATIONS[s] for s in SOURCES]
#: The sources of Rommé, Conquian's descendant, another game played by the same engine.
ROMME = sources("romme")

EXT = DOCS / "_ext"
sys.path.insert(0, str(EXT))
from conquian_site import data as site_data  # noqa: E402  (the site's Sphinx extension; its data helpers need no Sphinx app)
from conquian_site.markup import Block, blocks, split_variant  # noqa: E402
from conquian_site.nodes import card_nodes  # noqa: E402


# -- reading the Markdown of a ruling page, through the site's own markup reader ------------------

def tab_sets(text: str) -> list[dict]:
    """The ``{source-tabs}`` of a page and their ``{source-tab}`` items (argument, source, body, line).

    A ``{source-tab}`` takes the source id and nothing else: its label comes from the declaration.
    """
    return [{"line": tabs.line,
             "items": [{"argument": t.argument, "source": t.argument, "body": t.body, "line": t.line}
                       for t in tabs.children() if t.name == "source-tab"]}
            for tabs in blocks(text, "source-tabs")]


def doctest_blocks(text: str, *directives: str) -> list[Block]:
    """The ``{doctest}`` and ``{python}`` blocks (a "Show the Python" toggle holds a doctest), or those named."""
    names = directives or ("doctest", "python")
    return [b for b in blocks(text) if b.name in names]


def setup_blocks(text: str) -> list[Block]:
    """A page's hidden set-up: ``{doctest}`` blocks with ``:hide:`` (imports the page's examples share)."""
    return [b for b in doctest_blocks(text, "doctest") if "hide" in b.options]


def compare_blocks(text: str) -> list[tuple[int, dict, list[str]]]:
    """Every ``{compare}`` of a page: (line of its body's first line, options, body lines)."""
    return [(b.body_line, b.options, b.body_lines) for b in blocks(text, "compare")]


def named_positions(text: str) -> dict[str, str]:
    return {b.options["name"]: b.body for b in blocks(text, "position") if b.options.get("name")}


def ruling_block(text: str) -> Block | None:
    return next(iter(blocks(text, "ruling")), None)


def page(axis) -> Path:
    return RULINGS / f"{axis.slug}.md"


AXIS_IDS = [ax.name for ax in AXES]


# -- one ruling page per axis, one tab per source ------------------------------------------------

@pytest.mark.parametrize("axis", AXES, ids=AXIS_IDS)
def test_every_axis_has_a_ruling_page(axis):
    path = page(axis)
    assert path.is_file(), f"docs/rulings/{axis.slug}.md: missing: axis {axis.name!r} has no ruling page"
    text = path.read_text(encoding="utf-8")
    ruling = ruling_block(text)
    assert ruling and ruling.argument == axis.name, \
        f"docs/rulings/{axis.slug}.md: axis {axis.name!r}: no ```{{ruling}} {axis.name}``` at the top"


def test_every_ruling_page_is_an_axis():
    slugs = {ax.slug for ax in AXES}
    strays = [p.name for p in RULINGS.glob("*.md") if p.stem != "index" and p.stem not in slugs]
    assert not strays, f"docs/rulings/: pages for no axis: {strays}"


@pytest.mark.parametrize("axis", AXES, ids=AXIS_IDS)
def test_every_ruling_page_has_a_tab_per_source_with_entry_and_example(axis):
    where = f"docs/rulings/{axis.slug}.md"
    text = page(axis).read_text(encoding="utf-8")
    source_sets = tab_sets(text)
    assert len(source_sets) == 1, f"{where}: axis {axis.name!r}: expected one {{source-tabs}}"
    items = source_sets[0]["items"]
    syncs = [item["source"] for item in items]
    assert syncs == SOURCES, f"{where}: axis {axis.name!r}: {{source-tab}} {syncs}, expected {SOURCES} (in this order)"
    for item in items:
        source = item["source"]
        # the label is the declaration's short name (see the matrix test's build): the page names only the id
        assert [e.argument for e in blocks(item["body"], "entry")] == [source], \
            f"{where}: axis {axis.name!r}: the {source!r} tab does not show ```{{entry}} {source}```"
        examples = [b.body for b in doctest_blocks(item["body"]) if ">>> " in b.body]
        assert examples, f"{where}: axis {axis.name!r}: the {source!r} tab has no executable example"
        assert not doctest_blocks(item["body"], "doctest"), \
            f"{where}: axis {axis.name!r}: the {source!r} tab shows Python outside a toggle (use ```{{python}})"
        assert any(source in b for b in examples), \
            f"{where}: axis {axis.name!r}: no example in the {source!r} tab names that source's rules"


@pytest.mark.parametrize("axis", AXES, ids=AXIS_IDS)
def test_every_verdict_compares_every_source_and_differences_show_in_play(axis):
    """Every verdict holds a {compare}; where the sources differ in play, two sources of different values rule
    differently in it; every ambiguous entry's other readings rule otherwise than the chosen one."""
    from conquian_site.expectation import block_answers, read_block, signature

    where = f"docs/rulings/{axis.slug}.md"
    text = page(axis).read_text(encoding="utf-8")
    verdict = blocks(text, "verdict")
    assert verdict, f"{where}: axis {axis.name!r}: no {{verdict}}"
    assert blocks(verdict[0].body, "compare"), f"{where}: axis {axis.name!r}: the verdict runs no {{compare}}"
    positions = named_positions(text)
    records = []
    for line, options, body in compare_blocks(text):
        block = read_block(body, options, positions)
        answers, problems = block_answers(block)
        assert not problems, f"{where}:{line}: " + "; ".join(p for _, p in problems)
        records.append([(row.side, signature(answer, row)) for row, answer in zip(block.table.rows, answers)])
    in_verdict = records
    if site_data.computed_verdict(axis) is site_data.Verdict.PLAY:
        value = lambda side: getattr(side.rules, axis.name)
        assert any(value(a) != value(b) and sa != sb for rows in in_verdict for a, sa in rows for b, sb in rows
                   if a.plain and b.plain), f"{where}: the sources differ in play, but no {{compare}} shows it"
    for decl in CONQUIAN:
        entry = decl.entries.get(axis.name)
        for reading in (entry.readings if entry else ()):
            if reading.value == entry.value:
                continue
            assert any(a.plain and a.source == decl.id and b.source == decl.id and not b.plain
                       and getattr(b.rules, axis.name) == reading.value and sa != sb
                       for rows in records for a, sa in rows for b, sb in rows), \
                f"{where}: {decl.id}'s other reading {axis.format(reading.value)!r} is not shown ruling otherwise"


@pytest.mark.parametrize("axis", AXES, ids=AXIS_IDS)
def test_every_tab_runs_alone(axis):
    """Each tab's examples run in a fresh namespace holding only the page's hidden set-up (its imports)."""
    import doctest

    sys.path.insert(0, str(ROOT))
    from conftest import OPTIONFLAGS

    where = f"docs/rulings/{axis.slug}.md"
    text = page(axis).read_text(encoding="utf-8")
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=OPTIONFLAGS)
    setup = "\n".join(b.body for b in setup_blocks(text))
    for item in tab_sets(text)[0]["items"]:
        globs: dict = {}
        body = setup + "\n" + "\n".join(b.body for b in doctest_blocks(item["body"], "python"))
        test = parser.get_doctest(body, globs, f"{where} tab {item['source']}", where, item["line"])
        result = runner.run(test, out=lambda _: None, clear_globs=False)
        assert result.failed == 0, f"{where}: the {item['source']!r} tab (line {item['line']}) does not run alone"


READER_PAGES = sorted([*RULINGS.glob("*.md"), DOCS / "index.md", DOCS / "matrix.md", DOCS / "glance.md",
                       DOCS / "glossary.md", DOCS / "tutorial" / "learn-to-play.md", *(DOCS / "explanation").glob("*.md")])


@pytest.mark.parametrize("path", READER_PAGES, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_no_reader_page_shows_python_outside_a_toggle(path):
    text = path.read_text(encoding="utf-8")
    visible = [b for b in doctest_blocks(text, "doctest") if "hide" not in b.options]
    assert not visible, f"{path.relative_to(ROOT)}: a ```{{doctest}} a reader sees: write it as ```{{python}}"


@pytest.mark.parametrize("axis", AXES, ids=AXIS_IDS)
def test_every_ruling_page_answers_first_and_names_its_rule_words(axis):
    text = page(axis).read_text(encoding="utf-8")
    ruling = ruling_block(text)
    assert ruling and ruling.end < text.find("\n## ") and ruling.options.get("keywords"), \
        f"docs/rulings/{axis.slug}.md: the {{ruling}} banner comes first, with the :keywords: a reader searches for"
    assert "```{position}" in text or ":match:" in text or ":deal:" in text, \
        f"docs/rulings/{axis.slug}.md: no drawn position (```{{position}}), deal or match"


# -- one source of truth ------------------------------------------------------------------------

def squash(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", text).strip().lower()


def shingles(text: str, n: int = 8) -> set[str]:
    words = re.findall(r"\w+(?:'\w+)?", squash(text))
    return {" ".join(words[i:i + n]) for i in range(len(words) - n + 1)}


def test_no_passage_is_copied_into_a_page():
    """Passages and renderings come from the declarations; eight words of one in a page are a copy."""
    pages = {p: " ".join(re.findall(r"\w+(?:'\w+)?", squash(p.read_text(encoding="utf-8"))))
             for p in DOCS.rglob("*.md")}
    copies = []
    for decl in DECLARATIONS.values():
        for axis, entry in decl.entries.items():
            for ev in entry.evidence:
                for text in {ev.passage, ev.repaired, ev.english}:
                    for run in shingles(text):
                        for path, body in pages.items():
                            if run in body:
                                copies.append(f"{path.relative_to(ROOT)}: copies {decl.id} {axis} ({run!r})")
    assert not copies, "passages must come from the declarations through {entry}:\n" + "\n".join(sorted(set(copies)))


def test_every_source_has_a_page_and_a_bibliography_entry():
    bib = (DOCS / "references.bib").read_text(encoding="utf-8")
    keys = set(re.findall(r"^@\w+\{([^,\s]+),", bib, re.M))
    for decl in DECLARATIONS.values():
        assert decl.bibtex_key in keys, f"{decl.path}: bibtex_key {decl.bibtex_key!r} is not in docs/references.bib"
        source_page = DOCS / "sources" / f"{decl.id}.md"
        assert source_page.is_file(), f"docs/sources/{decl.id}.md: missing: source {decl.id!r} has no page"
        text = source_page.read_text(encoding="utf-8")
        assert f"{{source-record}} {decl.id}" in text and f"{{source-rules}} {decl.id}" in text, \
            f"docs/sources/{decl.id}.md: needs {{source-record}} and {{source-rules}} {decl.id}"


def test_matrix_data_covers_every_axis_and_source_and_keeps_silent_apart():
    rows = site_data.matrix_data()
    assert [r["axis"].name for r in rows] == AXIS_IDS
    for r in rows:
        assert list(r["cells"]) == SOURCES + ROMME, "the Conquian sources, then Rommé's beside them"
        for source, cell in r["cells"].items():
            entry = DECLARATIONS[source].entries.get(r["axis"].name)
            assert (cell is None) == (entry is None), "a question that does not arise has no cell, never 'no'"
            if entry is not None:
                assert cell["status"] is entry.status
        assert r["differs"] == (site_data.computed_verdict(r["axis"]) is site_data.Verdict.PLAY)


def test_romme_stands_beside_conquian_on_the_shared_axes_and_never_changes_a_verdict():
    """Rommé's column has a value where its game has an axis of the same name, the not-applicable mark (no cell)
    elsewhere; the verdicts are those of the Conquian sources alone; its own axes make a table of their own."""
    from conquian.games import RULE_SETS
    from conquian.verdicts import compare

    romme_axes = {ax.name for ax in RULE_SETS["romme"].AXES}
    for r in site_data.matrix_data():
        name = r["axis"].name
        for source in ROMME:
            assert (r["cells"][source] is not None) == (name in romme_axes), name
        assert r["verdict"] is compare(name, CONQUIAN, game=None).verdict, name
    rows = {r["axis"].name: r for r in site_data.matrix_data()}
    assert rows["drawn_to_hand"]["cells"]["romme-spielwiki"]["text"] == "yes"
    assert rows["drawn_to_hand"]["cells"]["foster-1913"]["text"] == "no"
    assert rows["forcing"]["cells"]["romme-spielwiki"] is None
    own = site_data.own_matrix_data("romme")
    assert [r["axis"].name for r in own] == [ax.name for ax in RULE_SETS["romme"].AXES if ax.name not in AXIS_IDS]
    assert {"first_meld", "jokers", "joker_points", "going_out"} <= {r["axis"].name for r in own}
    for r in own:
        assert list(r["cells"]) == ROMME
        assert r["cells"]["romme-spielwiki"]["status"] is DECLARATIONS["romme-spielwiki"].entries[r["axis"].name].status
    assert site_data.own_matrix_data("conquian") == []


# -- the card role --------------------------------------------------------------------------------

def test_cards_render_as_text_with_suit_colours():
    node = card_nodes("[6♥ 7♥ J♥] 10♠ ?")
    assert node.astext() == "6♥ 7♥ J♥ 10♠ ?"
    cards = [n for n in node.findall(nodes.inline) if "cq-card" in n["classes"]]
    assert [("cq-red" in n["classes"], "cq-black" in n["classes"]) for n in cards[:4]] == \
        [(True, False)] * 3 + [(False, True)]
    assert "cq-back" in cards[4]["classes"]
    with pytest.raises(ValueError, match="1OH"):
        card_nodes("7S 1OH")


def test_a_position_is_drawn_as_labelled_text_and_a_non_meld_looks_different(tmp_path):
    page = ("# Cards\n\nA meld {cards}`[4♦ 5♦ 6♦]`, not a meld {not-meld}`9♣ 10♣ A♣`.\n\n"
            "```{position}\n:caption: A position.\n\nvariant: foster-1913\ndealer melds: [2♣ 3♣ 4♣]\n"
            "dealer hand: A♥ 3♥ 4♥ 7♥ 2♦ 5♦ 7♦\npone hand: A♠ 3♠ 7♠ 3♦ 6♦ 5♥ 2♥ 7♣ A♦ 6♠\nout: 6♥\n"
            "offer: 5♣ drawn by pone\n```\n\n```{position}\n\nvariant: foster-1913\noffer: J♥ drawn by pone\n```\n")
    done = sphinx_build(tmp_path, {"index.md": page})
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert '<span class="cq-meld">' in html and '<span class="cq-not-meld">' in html and "(not a meld)" in html
    figure = html[html.index('<figure class="cq-position"'):html.index("</figure>")]
    for label in ('aria-label="The dealer"', 'aria-label="The pone"', "<dt>Melds</dt>", "<dt>Hand</dt>", "Stock",
                  "On offer", "has the say", "3 cards down"):
        assert label in figure, label
    assert '<span class="cq-card cq-red">5♥</span>' in figure and '<span class="cq-card cq-black">5♣</span>' in figure
    assert re.search(r"index\.md:\d+: this position cannot arise: .*J♥ is not in the ace-to-ten pack", done.stderr)


# -- with Sphinx: small projects built in a subprocess --------------------------------------------

def sphinx_build(tmp_path: Path, pages: dict[str, str], builder: str = "html") -> subprocess.CompletedProcess:
    """Build ``pages`` with the site's extensions (no -W) and return the finished process."""
    src = tmp_path / "src"
    for name, text in pages.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text, encoding="utf-8")
    (src / "conf.py").write_text(
        "import sys\n"
        f"sys.path[:0] = [{str(ROOT)!r}, {str(EXT)!r}]\n"
        "extensions = ['myst_parser', 'sphinx_design', 'sphinx.ext.doctest', 'conquian_site']\n"
        "myst_enable_extensions = ['colon_fence']\n"
        "source_suffix = {'.md': 'markdown'}\n",
        encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "sphinx", "-b", builder, "-q", str(src), str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=300)


def test_the_matrix_directive_lists_every_axis_and_every_source(tmp_path):
    from conquian.games import RULE_SETS

    pack = (RULINGS / "pack.md").read_text(encoding="utf-8")
    done = sphinx_build(tmp_path, {"index.md": "# Matrix\n\n```{comparison-matrix}\n```\n\n## Rommé\n\n"
                                               "```{comparison-matrix}\n:game: romme\n```\n",
                                   "rulings/pack.md": pack})
    assert "Traceback" not in done.stderr, done.stderr
    # a ruling page's tabs: synced by source id, each labelled with its source's short name from the declaration
    page = (tmp_path / "out" / "rulings" / "pack.html").read_text(encoding="utf-8")
    labels = re.findall(r'<label[^>]*data-sync-group="source" data-sync-id="([\w-]+)"[^>]*>\s*(.*?)\s*</label>', page, re.S)
    assert labels == [(s, DECLARATIONS[s].short) for s in SOURCES]
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    table = html[html.index('<table class="cq-matrix'):html.index("</table>")]
    header = re.sub(r"<[^>]+>", " ", table[:table.index("</thead>")])
    for decl in DECLARATIONS.values():  # the Conquian sources, and Rommé's beside them
        assert decl.short in header, f"the matrix has no column for {decl.id}"
    assert "Rommé" in header, "Rommé's column does not say that it is another game"
    for ax in AXES:
        row = re.search(rf'<tr id="axis-{ax.slug}"[^>]*><th scope="row"[^>]*>(.*?)</th>(.*?)</tr>', table, re.S)
        assert row is not None, f"the matrix has no row for axis {ax.name!r}"
        assert html_escape(ax.title) in row.group(1), f"the row of {ax.name!r} is not headed with the reader's words"
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row.group(2), re.S)
        assert len(cells) == len(DECLARATIONS)
        for decl, cell in zip(DECLARATIONS.values(), cells):
            entry = decl.entries.get(ax.name)
            if entry is None:
                assert NOT_APPLICABLE in cell and "does not arise" in cell and ">no<" not in cell
                assert "cq-badge" not in cell, "a question that does not arise has no status"
            else:
                words = html_escape(site_data.game_axis(decl.game, ax.name).reader_words(entry.value))  # reader words
                assert words in cell and entry.status.value in cell
                # a Conquian value links to its entry on the ruling page, Rommé's to the rule on its source page
                target = f"#entry-{decl.id}" if decl.game == "conquian" else f"#rule-{ax.slug}"
                assert f'{target}"' in cell, f"{decl.id}'s {ax.name} links elsewhere: {cell}"
    silent = re.findall(r'<td class="[^"]*cq-cell-silent', table)
    assert len(silent) == sum(e.status is Status.SILENT for d in DECLARATIONS.values()
                              for name, e in d.entries.items() if name in AXIS_IDS)
    # the second table: Rommé's own axes, with its value and status, and no Conquian column
    own = html[html.index('<table class="cq-own-matrix'):]
    own = own[:own.index("</table>")]
    head = re.sub(r"<[^>]+>", " ", own[:own.index("</thead>")])
    assert all(DECLARATIONS[s].short in head for s in ROMME) and not any(DECLARATIONS[s].short in head for s in SOURCES)
    own_axes = [ax for ax in RULE_SETS["romme"].AXES if ax.name not in AXIS_IDS]
    assert len(re.findall(r'<th scope="row"', own)) == len(own_axes)
    for ax in own_axes:
        row = re.search(rf'<tr id="romme-axis-{ax.slug}"[^>]*>(.*?)</tr>', own, re.S)
        assert row is not None, f"Rommé's table has no row for {ax.name!r}"
        entry = DECLARATIONS["romme-spielwiki"].entries[ax.name]
        assert html_escape(ax.reader_words(entry.value)) in row.group(1) and f"cq-badge-{entry.status.value}" in row.group(1)


def test_a_source_without_a_tab_gets_one_with_its_entry_and_a_missing_page_is_named(tmp_path):
    """A source declared after a page was written needs no edit of the page: {source-tabs} adds its tab."""
    text = (RULINGS / "pack.md").read_text(encoding="utf-8")
    last = SOURCES[-1]
    tab = next(b for b in blocks(text, "source-tab") if b.argument == last)
    cut = text[:tab.start] + text[tab.end + 1:]
    done = sphinx_build(tmp_path, {"index.md": "# Site\n", "rulings/pack.md": cut})
    assert f"no tab for source '{last}'" not in done.stderr
    html = (tmp_path / "out" / "rulings" / "pack.html").read_text(encoding="utf-8")
    assert f'id="entry-{last}"' in html and f'data-sync-id="{last}"' in html
    assert "docs/rulings/min-set.md: missing: axis 'min_set' has no ruling page" in done.stderr


def test_the_checks_read_each_tab_from_the_domain(tmp_path):
    """The tab checks are fed by what {source-tab} recorded from its own content, in the ``cq`` domain."""
    text = (RULINGS / "pack.md").read_text(encoding="utf-8")
    first, second, last = SOURCES[0], SOURCES[1], SOURCES[-1]

    def alter(tab: Block) -> str:
        source, body = tab.argument, tab.body
        if source == first:    # no executable example
            for example in reversed(blocks(body, "python")):
                body = body[:example.start] + body[example.end + 1:]
        if source == second:   # another source's entry
            body = body.replace(f"```{{entry}} {second}", f"```{{entry}} {first}")
        if source == last:     # not a source
            source = "nobody-1900"
        return f"{tab.fence}{{source-tab}} {source}\n{body}\n{tab.fence}"

    cut = text
    for tab in reversed(blocks(text, "source-tab")):
        cut = cut[:tab.start] + alter(tab) + cut[tab.end:]
    done = sphinx_build(tmp_path, {"index.md": "# Site\n", "rulings/pack.md": cut})
    where = "rulings/pack.md: axis 'pack'"
    assert f"{where}: the {first!r} tab has no executable example" in done.stderr
    assert f"{where}: the {second!r} tab does not show the declaration" in done.stderr
    assert f"{where}: the {second!r} tab shows the entry of {first!r}" in done.stderr
    assert f"{where}: {{source-tab}} 'nobody-1900'" in done.stderr and "is not a source id" in done.stderr
    # the source whose tab was renamed away gets a tab of its own (its entry), and no warning
    assert f"{where}: no tab for source {last!r}" not in done.stderr


def test_the_extension_is_a_package_of_small_modules_that_reads_no_internals():
    modules = sorted((EXT / "conquian_site").rglob("*.py"))  # each game's folder included
    assert {m.stem for m in modules} >= {"__init__", "data", "nodes", "rulings", "sources", "tables", "domain",
                                         "checks", "api"}
    assert not (EXT / "conquian_site.py").exists(), "the one-file extension is replaced by the package"
    for module in modules:
        text = module.read_text(encoding="utf-8")
        lines = text.count("\n")
        assert lines <= 450, f"{module.relative_to(ROOT)}: {lines} lines (at most 450)"
        for forbidden in ("design_component", "sync_id", "sync_group", "getsource", "ModuleAnalyzer", "cq_pages"):
            assert forbidden not in text, f"{module.relative_to(ROOT)}: uses {forbidden}"


def test_the_site_has_a_folder_per_game_listed_from_the_engine_and_names_a_game_without_one(monkeypatch):
    import types

    from conquian.errors import ConquianError
    from conquian.games import GAMES
    from conquian_site import games as site_games

    assert list(site_games.SITE_GAMES) == list(GAMES)  # the engine's list, in its order, nothing written by hand
    for name, site in site_games.SITE_GAMES.items():
        assert site.words.__name__ == f"conquian_site.games.{name}.words"
        assert site.position_html.__module__ == f"conquian_site.games.{name}.table"
    whist = types.SimpleNamespace(name="whist", title="Whist")
    with pytest.raises(ConquianError, match=r"the game 'whist' \(Whist\) has no part in the site: add the folder "
                                            r"docs/_ext/conquian_site/games/whist/ whose __init__.py exports words, "
                                            r"position_html, table_html, seat_words, text_lines"):
        site_games.site_part(whist)
    half = types.ModuleType("conquian_site.games.whist")  # a folder with its words and no drawing
    half.words = site_games.SITE_GAMES["romme"].words
    monkeypatch.setitem(sys.modules, half.__name__, half)
    with pytest.raises(ConquianError, match=r"'whist' \(Whist\): its site part .* lacks position_html, table_html, "
                                            r"seat_words, text_lines, Score;"):
        site_games.site_part(whist)
    half.__dict__.update({k: print for k in ("position_html", "table_html", "seat_words", "text_lines", "Score")})
    half.words = types.SimpleNamespace(start=print)  # words without the functions every game's words have
    with pytest.raises(ConquianError, match=r"lacks words.parse_action, words.action_text, words.the"):
        site_games.site_part(whist)


# -- examples are tests -------------------------------------------------------------------------

def altered_copy(tmp_path: Path) -> tuple[Path, int]:
    """A copy of a ruling page with one expected output changed; returns the copy and the changed line."""
    text = (RULINGS / "hand-cards.md").read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines) if line.startswith("foster-1913  False"))
    lines[number] = lines[number].replace("False", "True")
    target = tmp_path / "docs" / "rulings" / "hand-cards.md"
    target.parent.mkdir(parents=True)
    target.write_text("".join(lines), encoding="utf-8")
    return target, number + 1


def test_every_example_of_a_page_passes_and_a_changed_output_fails(tmp_path):
    from sybil.example import SybilFailure

    sys.path.insert(0, str(ROOT))
    from conftest import SITE_SYBIL

    def failures(path: Path) -> list:
        document = SITE_SYBIL.parse(path)
        found = []
        for example in document:
            try:
                example.evaluate()
            except SybilFailure as failure:
                found.append(failure)
        return found

    assert failures(RULINGS / "hand-cards.md") == []
    copy, line = altered_copy(tmp_path)
    failed = failures(copy)
    assert len(failed) == 1
    assert failed[0].example.path == str(copy)
    assert failed[0].example.line < line <= failed[0].example.line + 5


def test_make_test_reports_a_changed_output_at_file_and_line(tmp_path):
    copy, _ = altered_copy(tmp_path)
    shutil.copy(ROOT / "conftest.py", tmp_path / "conftest.py")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-W", "error", str(tmp_path / "docs")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stdout
    assert re.search(r"hand-cards\.md, line \d+", done.stdout), done.stdout
    assert "1 failed" in done.stdout


def test_the_build_stops_naming_file_and_axis_when_a_declaration_lacks_an_entry(tmp_path):
    folder = tmp_path / "variants"
    folder.mkdir()
    for decl in DECLARATIONS.values():
        shutil.copy(decl.path, folder / decl.path.name)
    victim = folder / f"{SOURCES[-1]}.toml"
    text = victim.read_text(encoding="utf-8")
    cut = re.sub(r"^\[axes\.turn_up\]\n.*?(?=^\[axes\.)", "", text, flags=re.S | re.M)
    assert cut != text
    victim.write_text(cut, encoding="utf-8")
    env = {**os.environ, "CONQUIAN_VARIANTS": str(folder)}
    done = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-c", str(ROOT), "-q", str(DOCS),
                           str(tmp_path / "out")], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode != 0
    assert f"{victim}: no entry for axis 'turn_up'" in done.stderr


# -- executed comparisons: an expectation the engine contradicts fails, at its file and line ----------------------

def changed_cell(tmp_path: Path) -> tuple[Path, int]:
    """A copy of the forcing page with one expected cell changed (Foster's pone may no longer force); the line."""
    text = (RULINGS / "forcing.md").read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines) if re.match(r"foster-1913 +\| pass; force \[2♣ 3♣ 4♣\] +\|", line))
    lines[number] = lines[number].replace("pass; force [2♣ 3♣ 4♣]", "pass")
    target = tmp_path / "docs" / "rulings" / "forcing.md"
    target.parent.mkdir(parents=True)
    target.write_text("".join(lines), encoding="utf-8")
    return target, number + 1


def test_make_test_fails_at_file_and_line_when_one_expected_cell_changes(tmp_path):
    copy, line = changed_cell(tmp_path)
    shutil.copy(ROOT / "conftest.py", tmp_path / "conftest.py")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-W", "error", str(copy)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stdout
    assert "1 failed" in done.stdout, done.stdout
    assert f"{{compare}} at line {line}: foster-1913: may: the page expects pass; the engine says " \
           f"force [2♣ 3♣ 4♣]; pass" in done.stdout, done.stdout


def test_the_build_warns_at_file_and_line_when_the_engine_contradicts_a_page(tmp_path):
    """One build, four pages each wrong in one way: an expected cell, a difference the comparison no longer shows,
    an ambiguous entry's other reading left out, Python outside a toggle."""
    copy, line = changed_cell(tmp_path / "changed")
    forcing = copy.read_text(encoding="utf-8")
    rearranging = (RULINGS / "rearranging.md").read_text(encoding="utf-8")
    reading = re.compile(r"^foster-1913\(rearranging=free\) as Foster, other reading .*\n", re.M)
    assert reading.search(rearranging)
    rearranging = reading.sub("", rearranging)
    pack = (RULINGS / "pack.md").read_text(encoding="utf-8")
    alike = re.compile(r"^(foster-1913|foster-1913\(pack=spanish\) as .*?) +\|.*\n", re.M)
    pack = alike.sub("", pack).replace(":caption: What may the pone do with the J♥?",
                                       ":caption: What may the pone do with the J♥?\n:sources: rummy-ch, dutch, french")
    pack = re.sub(r"(:caption: The same hands, the 8♥ drawn instead\.)", r"\1\n:sources: rummy-ch, dutch, french", pack)
    tutorial = "# Learn\n\n```{doctest}\n>>> 1 + 1\n2\n```\n"
    done = sphinx_build(tmp_path, {"index.md": "# Site\n", "rulings/forcing.md": forcing,
                                   "rulings/rearranging.md": rearranging, "rulings/pack.md": pack,
                                   "tutorial/learn-to-play.md": tutorial})
    err = done.stderr
    assert f"rulings/forcing.md:{line}: {{compare}}: foster-1913: may: the page expects pass" in err, err
    assert "rulings/pack.md:" in err and "axis 'pack': the sources differ in play, but no {compare} in the verdict " \
                                         "shows two sources of different values ruling differently" in err, err
    assert "rulings/rearranging.md: axis 'rearranging': foster-1913 is ambiguous, but no {compare} shows its " \
           "reading 'free'" in err, err
    assert "tutorial/learn-to-play.md:3: a Python example outside a toggle" in err, err


# -- From Conquian to Rommé: both games put to the same rulings ---------------------------------------------

COMPARISON = DOCS / "explanation" / "from-conquian-to-romme.md"


def test_the_comparison_page_puts_six_rulings_to_conquian_and_to_romme():
    """Six numbered sections; in each, Foster and rummy.ch rule on a Conquian scenario and the Rommé article on a
    drawn Rommé position, every row as the engine plays it; the house rule is Rommé's drawn_to_hand = false."""
    from conquian_site.expectation import block_answers, read_block
    from conquian_site.scenario import game_of

    text = COMPARISON.read_text(encoding="utf-8")
    positions = named_positions(text)
    sections = [s for s in re.split(r"^## ", text, flags=re.M)[1:] if re.match(r"\d\. ", s)]
    assert len(sections) == 6, [s.splitlines()[0] for s in sections]
    house_rule = False
    for section in sections:
        title = section.splitlines()[0]
        drawn = {split_variant(b.body)[0].split("(")[0] for b in blocks(section, "position")}
        assert any(DECLARATIONS[s].game == "romme" for s in drawn), f"{title}: no Rommé position drawn"
        seen: dict[str, set] = {"conquian": set(), "romme": set()}
        for _, options, body in compare_blocks(section):
            block = read_block(body, options, positions)
            answers, problems = block_answers(block)
            assert not problems, f"{title}: " + "; ".join(p for _, p in problems)
            for row in block.table.rows:
                seen[game_of(row.side.rules)].add(row.side.source)
                house_rule |= (row.side.source == "romme-spielwiki" and row.side.rules.drawn_to_hand is False
                               and title.startswith("2."))
        assert {"foster-1913", "rummy-ch"} <= seen["conquian"], f"{title}: Conquian under {seen['conquian']}"
        assert "romme-spielwiki" in seen["romme"], f"{title}: no Rommé row"
    assert house_rule, "the house rule (a discard taken only to be melded at once) is not played in section 2"


def test_the_comparison_page_is_linked_from_the_site_and_the_tutorial():
    for page, link in (("index.md", "explanation/from-conquian-to-romme"),
                       ("sources/index.md", "../explanation/from-conquian-to-romme"),
                       ("sources/romme-spielwiki.md", "../explanation/from-conquian-to-romme"),
                       ("matrix.md", "explanation/from-conquian-to-romme"),
                       ("tutorial/learn-to-play.md", "../explanation/from-conquian-to-romme")):
        assert f"{{doc}}`{link}`" in (DOCS / page).read_text(encoding="utf-8"), f"docs/{page} does not link the page"
    tutorial = (DOCS / "tutorial" / "learn-to-play.md").read_text(encoding="utf-8")
    assert tutorial.index("## If you know Rommé") < tutorial.index("## Where next")


def test_a_changed_cell_of_the_comparison_page_fails_at_its_file_and_line(tmp_path):
    from sybil.example import SybilFailure

    sys.path.insert(0, str(ROOT))
    from conftest import SITE_SYBIL

    lines = COMPARISON.read_text(encoding="utf-8").splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines)
                  if line.startswith("romme-spielwiki(drawn_to_hand=false) as Spielwiki, the house rule | draw "))
    lines[number] = lines[number].replace("| draw       | take", "| draw; take | —   ")
    copy = tmp_path / "docs" / "explanation" / COMPARISON.name
    copy.parent.mkdir(parents=True)
    copy.write_text("".join(lines), encoding="utf-8")
    failed = []
    for example in SITE_SYBIL.parse(copy):
        try:
            example.evaluate()
        except SybilFailure as failure:
            failed.append(failure)
    assert len(failed) == 1, [str(f) for f in failed]
    assert f"{{compare}} at line {number + 1}: romme-spielwiki(drawn_to_hand=false): may: the page expects draw; " \
           f"take; the engine says draw" in str(failed[0]), str(failed[0])


ROMME_PAGE = """# Rommé

A joker {cards}`🃏` and one for the eight {cards}`[7♠ 🃏=8♠ 9♠]`.

```{position}
:name: discard
:caption: Seat 1 begins his turn.

variant: romme-spielwiki
players: 2
hand 0: 2♠ 7♠ Q♠ A♥ 5♥ 8♥ 3♦ 9♦ 4♣ 🃏
hand 1: 3♠ J♠ 6♥ 9♥ 2♦ 4♦ 6♦ 7♦ 10♦ A♣ 5♣ 7♣ Q♣
table: [K♠ K♥ 🃏] [10♣ 🃏=J♣ Q♣]
opened: 0
discards: 2♣ 8♦
to draw: 1
```

```{compare}
:position: discard
:axis: drawn_to_hand
:ask: take

source                                                            | may        | may not
romme-spielwiki                                                   | draw; take | —
romme-spielwiki(drawn_to_hand=false) as Spielwiki, the house rule | draw       | take
```

```{compare}
:sources: romme-spielwiki, foster-1913

players: 2
hand 0: 2♠
hand 1: 3♠
to draw: 1

source          | may
romme-spielwiki | draw
foster-1913     | pass
```

```{position}

variant: romme-spielwiki
players: 2
hand 1: 3♠
to play: 1
```
"""


def test_a_romme_position_is_drawn_with_its_seats_table_piles_and_jokers_and_compared_in_words(tmp_path):
    done = sphinx_build(tmp_path, {"index.md": ROMME_PAGE})
    assert "Traceback" not in done.stderr, done.stderr
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    figure = html[html.index('<figure class="cq-position cq-romme"'):html.index("</figure>")]
    # the engine numbers the seats from 0; a reader counts the players from one
    for label in ('aria-label="Player 1 (the dealer)"', 'aria-label="Player 2"', "<dt>Hand</dt>", "<dt>Table</dt>",
                  "Stock", "Discard pile", "to draw", "first meld made", "no first meld yet", "on top of 2 cards",
                  "Player 2 begins his turn", "Under Spielwiki’s rules (Rommé)"):
        assert label in figure, label
    # a joker in a hand says so; in a sequence it shows the card it stands for; its text is for assistive technology
    assert figure.count('class="cq-card cq-joker"') == 3 and '<span class="cq-joker-word">joker</span>' in figure
    assert '>=J♣</span><span class="cq-sr-only">J♣</span>' in figure and "joker, for the " in figure
    assert '<span class="cq-card cq-red">8♦</span>' in figure
    prose = html[:html.index("<figure")]
    assert prose.count('class="cq-card cq-joker"') == 2 and "=8♠" in prose
    table = html[html.index('<table class="cq-compare'):]
    table = table[:table.index("</table>")]
    assert "Player 2 may:" in table and "A card on offer into the hand: <strong>no</strong>" in table
    assert "take the <span" in table and "only to meld it at once" in table
    assert 'href="#rule-drawn-to-hand"' in table or "sources/romme-spielwiki" in table
    err = done.stderr
    assert "the rows mix the rules of romme and conquian" in err, err
    assert re.search(r"index\.md:\d+: this position cannot arise: .*card", err), err


def test_a_compare_without_a_sources_row_borrows_the_row_of_a_source_with_its_value():
    """A source declared after a page was written gets the row of a source with the same value on the page's rule
    (the closest rules), and the engine rules on it under its own rules; a value no row has is still reported."""
    from conquian_site.expectation import block_answers, complete_rows, read_block
    text = (RULINGS / "forcing.md").read_text(encoding="utf-8")
    positions = named_positions(text)
    _, options, body = compare_blocks(text)[0]
    last = SOURCES[-1]
    cut = [ln for ln in body if not ln.startswith(last + " ")]
    block = read_block(cut, options, positions)
    assert [p for _, p in block_answers(block)[1]] == [f"no row for {last} (every source has a row unless :sources: "
                                                       f"names fewer)"]
    full = complete_rows(block, "forcing")
    answers, problems = block_answers(full)
    # (the page's other rows, labelled rule sets such as a source with ten dealt, stay as they are)
    named = [s.strip() for s in options["sources"].split(",")] if "sources" in options else SOURCES
    assert not problems and [r.side.key for r in full.table.rows if r.side.key in SOURCES] == named
    donor = next(r for r in full.table.rows if r.side.key == SOURCES[-2])
    i = next(i for i, r in enumerate(full.table.rows) if r.side.key == last)
    assert full.table.rows[i].cells == donor.cells and not answers[i].impossible
    # no rule to match by: the block is left as it is, and the missing row is reported
    assert complete_rows(block, None) is block


def test_the_rules_of_a_source_named_by_its_language_are_the_rules_of_its_page():
    """"The rules of Dutch" reads as the grammar of a language: a source whose short name is its language's name is
    "the Dutch page" in the title and in the sentences of its rules page; other sources keep their short name."""
    from conquian_site.rulebook import called, page_title
    assert page_title(DECLARATIONS["dutch"]) == "The rules of the Dutch page"
    assert page_title(DECLARATIONS["french"]) == "The rules of the French page"
    assert page_title(DECLARATIONS["foster-1913"]) == "The rules of Foster 1913"
    assert called(DECLARATIONS["rummy-ch"]) == "rummy.ch"
