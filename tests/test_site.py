"""The site's structure: a ruling page per axis, a tab per source, examples everywhere, nothing copied.

Most checks read the Markdown of ``docs/`` and need no build.  The few that need Sphinx build a
small throw-away project in a temporary folder, in a subprocess.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from docutils import nodes

from conquian import DECLARATIONS, Status
from conquian.rules import AXES

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULINGS = DOCS / "rulings"
SOURCES = list(DECLARATIONS)

EXT = DOCS / "_ext"
sys.path.insert(0, str(EXT))
from conquian_site import data as site_data  # noqa: E402  (the site's Sphinx extension; its data helpers need no Sphinx app)
from conquian_site.nodes import card_nodes  # noqa: E402


# -- reading the Markdown of a ruling page -------------------------------------------------------

def tab_sets(text: str) -> list[dict]:
    """The colon-fenced ``{source-tabs}`` of a page and their ``{source-tab}`` items (source, body).

    A ``{source-tab}`` takes the source id and nothing else: its label comes from the declaration.
    """
    sets = []
    for m in re.finditer(r"^(:{4,})\{source-tabs\}[^\n]*\n(.*?)^\1\s*$", text, re.S | re.M):
        body = m.group(2)
        items = []
        for t in re.finditer(r"^(:{3})\{source-tab\}([^\n]*)\n(.*?)^\1\s*$", body, re.S | re.M):
            items.append({"argument": t.group(2), "source": t.group(2).strip(), "body": t.group(3),
                          "line": text[: m.start(2) + t.start()].count("\n") + 1})
        sets.append({"items": items, "line": text[: m.start()].count("\n") + 1})
    return sets


def doctest_blocks(text: str) -> list[str]:
    return re.findall(r"^```\{doctest\}[^\n]*\n(.*?)^```\s*$", text, re.S | re.M)


def page(axis) -> Path:
    return RULINGS / f"{axis.slug}.md"


AXIS_IDS = [ax.name for ax in AXES]


# -- one ruling page per axis, one tab per source ------------------------------------------------

@pytest.mark.parametrize("axis", AXES, ids=AXIS_IDS)
def test_every_axis_has_a_ruling_page(axis):
    path = page(axis)
    assert path.is_file(), f"docs/rulings/{axis.slug}.md: missing: axis {axis.name!r} has no ruling page"
    text = path.read_text(encoding="utf-8")
    assert re.search(rf"^```\{{ruling\}} {axis.name}\s*$", text, re.M), \
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
        assert item["argument"] == f" {source}", \
            f"{where}: axis {axis.name!r}: the {source!r} tab is written {item['argument']!r}, not ' {source}'"
        assert re.search(rf"^```\{{entry\}} {re.escape(source)}\s*$", item["body"], re.M), \
            f"{where}: axis {axis.name!r}: the {source!r} tab does not show ```{{entry}} {source}```"
        examples = [b for b in doctest_blocks(item["body"]) if ">>> " in b]
        assert examples, f"{where}: axis {axis.name!r}: the {source!r} tab has no executable example"
        assert any(source in b for b in examples), \
            f"{where}: axis {axis.name!r}: no example in the {source!r} tab names that source's rules"


@pytest.mark.parametrize("axis", AXES, ids=AXIS_IDS)
def test_every_ruling_page_has_a_verdict_and_differences_are_executed(axis):
    where = f"docs/rulings/{axis.slug}.md"
    text = page(axis).read_text(encoding="utf-8")
    m = re.search(r"^(:{3,})\{verdict\}[^\n]*\n(.*?)^\1\s*$", text, re.S | re.M)
    assert m, f"{where}: axis {axis.name!r}: no {{verdict}}"
    claimed = re.search(r"^:verdict:\s*(\w+)", m.group(2), re.M)
    computed = site_data.computed_verdict(axis)
    if computed is site_data.Verdict.PLAY:
        assert not claimed or claimed.group(1) == "play", f"{where}: the values differ, so the verdict is 'differ in play'"
        code = "\n".join(doctest_blocks(m.group(2)))
        assert ">>> " in code, f"{where}: axis {axis.name!r}: the sources differ in play but no position is executed"
        missing = [s for s in SOURCES if s not in code]
        assert not missing, f"{where}: axis {axis.name!r}: the verdict's example shows no ruling for {missing}"
    else:
        assert not claimed or claimed.group(1) in ("agree", "wording"), \
            f"{where}: axis {axis.name!r}: every source has the same value; the verdict cannot be 'differ in play'"


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
        assert list(r["cells"]) == SOURCES
        for source, cell in r["cells"].items():
            assert cell["status"] is DECLARATIONS[source].entries[r["axis"].name].status
        assert r["differs"] == (len({c["value"] for c in r["cells"].values()}) > 1)


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
    pack = (RULINGS / "pack.md").read_text(encoding="utf-8")
    done = sphinx_build(tmp_path, {"index.md": "# Matrix\n\n```{comparison-matrix}\n```\n", "rulings/pack.md": pack})
    assert done.returncode == 0, done.stderr
    # a ruling page's tabs: synced by source id, each labelled with its source's short name from the declaration
    page = (tmp_path / "out" / "rulings" / "pack.html").read_text(encoding="utf-8")
    labels = re.findall(r'<label[^>]*data-sync-group="source" data-sync-id="([\w-]+)"[^>]*>\s*(.*?)\s*</label>', page, re.S)
    assert labels == [(s, DECLARATIONS[s].short) for s in SOURCES]
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    table = html[html.index('class="cq-matrix'):]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)
    header = re.sub(r"<[^>]+>", " ", rows[0])
    for decl in DECLARATIONS.values():
        assert decl.short in header, f"the matrix has no column for {decl.id}"
    body = [re.sub(r"<[^>]+>", " ", r) for r in rows[1:]]
    for ax in AXES:
        row = next((r for r in body if f" {ax.name} " in f" {' '.join(r.split())} "), None)
        assert row is not None, f"the matrix has no row for axis {ax.name!r}"
        for decl in DECLARATIONS.values():
            text = ax.words(decl.entries[ax.name].value)
            assert text in row and decl.entries[ax.name].status.value in row
    silent = re.findall(r'<td class="[^"]*cq-cell-silent', table)
    assert len(silent) == sum(e.status is Status.SILENT for d in DECLARATIONS.values() for e in d.entries.values())


def test_the_build_names_file_and_axis_when_a_tab_or_a_page_is_missing(tmp_path):
    text = (RULINGS / "pack.md").read_text(encoding="utf-8")
    last = SOURCES[-1]
    cut = re.sub(rf"^:::\{{source-tab\}} {re.escape(last)}\n.*?^:::\s*$\n", "", text, flags=re.S | re.M)
    assert cut != text
    done = sphinx_build(tmp_path, {"index.md": "# Site\n", "rulings/pack.md": cut})
    assert f"rulings/pack.md: axis 'pack': no tab for source '{last}'" in done.stderr
    assert "docs/rulings/min-set.md: missing: axis 'min_set' has no ruling page" in done.stderr


def test_the_checks_read_each_tab_from_the_domain(tmp_path):
    """The tab checks are fed by what {source-tab} recorded from its own content, in the ``cq`` domain."""
    text = (RULINGS / "pack.md").read_text(encoding="utf-8")
    first, second, last = SOURCES[0], SOURCES[1], SOURCES[-1]
    tab = re.compile(r"^:::\{source-tab\} ([\w-]+)\n(.*?)^:::\s*$\n", re.S | re.M)

    def alter(m: re.Match) -> str:
        source, body = m.group(1), m.group(2)
        if source == first:    # no executable example
            body = re.sub(r"^```\{doctest\}\n.*?^```\s*$\n", "", body, flags=re.S | re.M)
        if source == second:   # another source's entry
            body = body.replace(f"```{{entry}} {second}", f"```{{entry}} {first}")
        if source == last:     # not a source
            source = "nobody-1900"
        return f":::{{source-tab}} {source}\n{body}:::\n"

    cut = tab.sub(alter, text)
    done = sphinx_build(tmp_path, {"index.md": "# Site\n", "rulings/pack.md": cut})
    where = "rulings/pack.md: axis 'pack'"
    assert f"{where}: the {first!r} tab has no executable example" in done.stderr
    assert f"{where}: the {second!r} tab does not show the declaration" in done.stderr
    assert f"{where}: the {second!r} tab shows the entry of {first!r}" in done.stderr
    assert f"{where}: {{source-tab}} 'nobody-1900'" in done.stderr and "is not a source id" in done.stderr
    assert f"{where}: no tab for source {last!r}" in done.stderr


def test_the_extension_is_a_package_of_small_modules_that_reads_no_internals():
    modules = sorted((EXT / "conquian_site").glob("*.py"))
    assert {m.stem for m in modules} >= {"__init__", "data", "nodes", "rulings", "sources", "tables", "domain",
                                         "checks", "api"}
    assert not (EXT / "conquian_site.py").exists(), "the one-file extension is replaced by the package"
    for module in modules:
        text = module.read_text(encoding="utf-8")
        lines = text.count("\n")
        assert lines <= 450, f"{module.relative_to(ROOT)}: {lines} lines (at most 450)"
        for forbidden in ("design_component", "sync_id", "sync_group", "getsource", "ModuleAnalyzer", "cq_pages"):
            assert forbidden not in text, f"{module.relative_to(ROOT)}: uses {forbidden}"


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
