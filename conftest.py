"""Every example is a test: Sybil collects the site's pages (``docs/*.md``, ``docs/**/*.md``) and the engine's
docstrings (``conquian/*.py``, ``conquian/games/*.py``, ``conquian/games/*/*.py``) under plain pytest.

A ```` ```{doctest} ```` block and a ```` ```{python} ```` block (a doctest behind "Show the Python") run as
doctests; a ```` ```python ```` block runs as code; a ``% skip: next`` comment skips the example after it.  A
```` ```{position} ```` block must be a position play can reach, and a ```` ```{compare} ```` block's expectation
must be what the engine answers, row by row.  Failures are reported as ``docs/rulings/pack.md, line 42``.  Examples
in one page share one namespace, in page order, as they do under ``sphinx-build -b doctest``, and use the same
option flags (see ``conf.py``).
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from doctest import DONT_ACCEPT_TRUE_FOR_1, ELLIPSIS, NORMALIZE_WHITESPACE
from pathlib import Path

import pytest
from xdist.scheduler import LoadScopeScheduling
from sybil import Region, Sybil
from sybil.evaluators.doctest import DocTestEvaluator
from sybil.parsers.abstract import DocTestStringParser
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser

ROOT = Path(__file__).resolve().parent


def _site_extension() -> Path:
    """The site's extension folder: beside this file, or (in a copy of this file elsewhere) beside the engine."""
    here = ROOT / "docs" / "_ext"
    if here.is_dir():
        return here
    import conquian
    return Path(conquian.__file__).resolve().parent.parent / "docs" / "_ext"


if str(_site_extension()) not in sys.path:
    sys.path.insert(0, str(_site_extension()))

#: The doctest option flags of the site's examples (``doctest_default_flags`` in conf.py).
OPTIONFLAGS = ELLIPSIS | NORMALIZE_WHITESPACE | DONT_ACCEPT_TRUE_FOR_1

#: Where a page's named positions wait for the ``{compare}`` blocks after them.
POSITIONS = "__cq_positions__"


class DoctestBlockParser:
    """```` ```{doctest} ```` and ```` ```{python} ```` (the doctest behind a "Show the Python" toggle): found by
    the site's markup reader, their examples parsed by Sybil's doctest parser."""

    def __init__(self, directive: str, optionflags: int = 0) -> None:
        self.directive = directive
        self.string_parser = DocTestStringParser(DocTestEvaluator(optionflags))

    def __call__(self, document):
        from conquian_site.markup import blocks

        for block in blocks(document.text, self.directive):
            for region in self.string_parser(block.body, document.path):
                region.start += block.body_start
                region.end += block.body_start
                yield region


class SiteDirectiveParser:
    """```` ```{position} ```` and ```` ```{compare} ````: found by the site's own markup reader
    (:func:`conquian_site.markup.blocks`) and checked with the site extension's own functions."""

    def __init__(self, directive: str) -> None:
        self.directive = directive

    def __call__(self, document):
        from conquian_site.markup import blocks

        for block in blocks(document.text, self.directive):
            parsed = {"source": block.body, "options": block.options, "first": block.body_line}
            yield Region(block.start, block.end, parsed, getattr(self, f"evaluate_{self.directive}"))

    @staticmethod
    def evaluate_position(example) -> str | None:
        from conquian.errors import ConquianError
        from conquian_site.expectation import split_cell
        from conquian_site.markup import split_variant
        from conquian_site.scenario import Scenario, side_of

        text, options = example.parsed["source"], example.parsed["options"]
        variant, position = split_variant(text)
        try:
            deal = options.get("deal")
            g = Scenario(position=position, deal=int(deal) if deal else None).start(side_of(variant or "").rules)
            for move in split_cell(str(options.get("play") or "")):
                g.play(move)
        except ConquianError as exc:
            return f"this position cannot arise: {exc}"
        if options.get("name"):
            example.namespace.setdefault(POSITIONS, {})[str(options["name"]).strip()] = text
        return None

    @staticmethod
    def evaluate_compare(example) -> str | None:
        from conquian_site.expectation import block_answers, read_block
        from conquian_site.scenario import ExpectationError

        parsed = example.parsed
        first = parsed["first"]  # the page line of the body's first line

        def at(i: int) -> int:
            return first + i if i >= 0 else example.line

        try:
            block = read_block(parsed["source"].splitlines(), parsed["options"], example.namespace.get(POSITIONS, {}))
        except ExpectationError as exc:
            return f"{{compare}} at line {at(exc.line)}: {exc}"
        _, problems = block_answers(block)
        if problems:
            return "\n".join(f"{{compare}} at line {at(i)}: {p}" for i, p in problems)
        return None


#: The Sybil that collects the pages' examples; tests/test_site.py reuses it on altered copies.
SITE_SYBIL = Sybil(
    parsers=[
        DoctestBlockParser("doctest", optionflags=OPTIONFLAGS),
        DoctestBlockParser("python", optionflags=OPTIONFLAGS),
        PythonCodeBlockParser(doctest_optionflags=OPTIONFLAGS),
        SiteDirectiveParser("position"),
        SiteDirectiveParser("compare"),
        SkipParser(),
    ],
    patterns=["docs/*.md", "docs/**/*.md"],
    excludes=["docs/_ext/**", "docs/_static/**", "docs/_intersphinx/**"],
)

#: The Sybil that runs the examples in the engine's docstrings (the API page shows them).
#: Every module of the shared layer, the games' list and each game's room (tests/test_structure.py checks they reach
#: every module with an example).
ENGINE_PATTERNS = ["conquian/*.py", "conquian/games/*.py", "conquian/games/*/*.py"]
ENGINE_SYBIL = Sybil(parsers=[DocTestParser(optionflags=OPTIONFLAGS)], patterns=ENGINE_PATTERNS)

pytest_collect_file = (SITE_SYBIL + ENGINE_SYBIL).pytest()


#: The tests of files this file does not own that ``make test`` leaves to ``make test-long``, as if each were marked
#: ``@pytest.mark.long``: deeper cases of a behaviour whose faster case stays in ``make test`` (named beside each).
#: By test and parameter id; an id that no longer exists fails the whole suite's run (``LONG`` below) saying which.
LONG = {
    # 1,500 random deals a source: french's stays; 400 greedy deals: foster's, rummy.ch's and pagat (N. American)'s
    # stay; 400 mixed deals: dutch's and french's stay (each source keeps a greedy comparison)
    "tests/test_kernel.py::test_every_source_plays_the_same_deals_on_both_engines": [
        "foster-1913-random-1500", "rummy-ch-random-1500", "dutch-random-1500", "pagat-north-american-random-1500",
        "dutch-greedy-400", "french-greedy-400",
        "foster-1913-greedy,random-400", "rummy-ch-greedy,random-400", "pagat-north-american-greedy,random-400",
    ],
}


class StaleLong(pytest.Item):
    """A test that fails naming the entries of ``LONG`` that name no test (renamed, or their parameters changed)."""

    def __init__(self, *, stale: list[str], **kwargs) -> None:
        super().__init__(**kwargs)
        self.stale = stale

    def runtest(self) -> None:
        raise AssertionError("conftest.py's LONG names tests that do not exist (update it):\n" + "\n".join(self.stale))

    def repr_failure(self, excinfo) -> str:
        return str(excinfo.value)

    def reportinfo(self):
        return self.path, 0, "conftest.py: LONG"


#: The test files that drive a browser, longest first: each kept on one worker (its browser, served site and, for
#: play.html, the engine started once) and handed out before the rest, so that the last tests handed out are short
#: and the workers finish together.
TOGETHER = ("tests/test_browser.py", "tests/test_play.py", "tests/test_reader_path.py")


class Together(LoadScopeScheduling):
    """``make test``'s schedule (``--dist loadgroup``): each test is handed out on its own, to whichever worker is
    free, except what must run in order or shares a costly start, kept on one worker: the examples of one page or
    module (each runs in the namespace the earlier ones left) and the files of ``TOGETHER``.  (xdist's own
    ``xdist_group`` marks do nothing under pytest 9.2, which no longer reads the node id xdist rewrites.)"""

    def __init__(self, config, log=None) -> None:
        super().__init__(config, log)
        config.option.loadscopereorder = False  # collection order, where TOGETHER comes first

    def _split_scope(self, nodeid: str) -> str:
        path = nodeid.partition("::")[0]
        return path if path in TOGETHER or not Path(path).name.startswith("test_") else nodeid


def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") == "loadgroup":
        return Together(config, log)
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session, config, items) -> None:
    """Mark the tests of ``LONG`` long (before ``-m`` selects); on a run of the whole suite, check every entry."""
    found = set()
    for item in items:
        test, _, param = item.nodeid.partition("[")
        if param[:-1] in LONG.get(test, ()):
            item.add_marker(pytest.mark.long)
            found.add((test, param[:-1]))
    first = {path: i for i, path in enumerate(TOGETHER)}
    items.sort(key=lambda item: first.get(item.nodeid.partition("::")[0], len(first)))
    if config.args_source is pytest.Config.ArgsSource.TESTPATHS:
        stale = [f"{test}[{param}]" for test, params in LONG.items() for param in params if (test, param) not in found]
        if stale:
            items.append(StaleLong.from_parent(session, name="LONG", stale=stale))


#: Where ``make html`` puts the site; the tests that read or serve the built site use it.
HTML = ROOT / "_build" / "html"


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The built site (``_build/html``), built here when missing: once, even with several test workers (a lock)."""
    HTML.parent.mkdir(parents=True, exist_ok=True)
    with open(HTML.parent / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not (HTML / "index.html").is_file():
                subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-c", str(ROOT), "-q",
                                str(ROOT / "docs"), str(HTML)], check=True, cwd=ROOT, timeout=900)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return HTML


@pytest.fixture(scope="session")
def source_texts() -> Path:
    """The folder of the source texts (``../shared/sources`` or ``CONQUIAN_SOURCES``).  Without it the passages
    cannot be checked: the test is skipped with that reason (shown in the summary), and fails under CI."""
    from conquian.registry import sources_dir

    folder = sources_dir()
    if folder is None:
        reason = ("the source texts are not beside this checkout (../shared/sources, or set CONQUIAN_SOURCES), "
                  "so the passages cannot be checked against them")
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return folder
