"""The site's consistency checks, run once every page is read; each problem is a warning naming file and axis.

* every axis has a ruling page, ``docs/rulings/<slug>.md``;
* every ruling page has ``{ruling}`` naming its axis and a ``{verdict}``;
* every ruling page has ``{source-tabs}`` with one ``{source-tab}`` per declared source (and no other tab), each
  showing that source's ``{entry}`` (and no other source's) and at least one executable example;
* every ruling page's ``{ruling}`` names the rule words a reader searches for (``:keywords:``);
* every ambiguous entry's page shows, in a ``{compare}``, each other reading ruling otherwise than the chosen one;
* no page a reader uses shows Python outside a "Show the Python" toggle.

The checks read what the pages recorded in the ``cq`` domain (:mod:`conquian_site.domain`).  The directives
check the rest as they run: an expectation the engine contradicts (``{compare}``, at the row's line), a verdict
without a ``{compare}``, a verdict "differ in play" whose ``{compare}`` shows no two sources of different values
ruling differently, an entry or record for an unknown source or axis.
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.util import logging

from .data import AXES, AXIS_BY_NAME, RULINGS, WARNING_TYPE, ordered_sources, ruling_docname, source_ids
from .domain import PageRecord, TabSetRecord, cq_domain, doc_file

logger = logging.getLogger(__name__)


def ruling_problems(env) -> list[tuple[str | None, str]]:
    """Every problem with the ruling pages, as ``(docname, message)``; each message names file and axis."""
    problems: list[tuple[str | None, str]] = []
    for ax in AXES:
        docname = ruling_docname(ax)
        if docname not in env.found_docs:
            problems.append((None, f"docs/{docname}.md: missing: axis {ax.name!r} has no ruling page"))
    pages = cq_domain(env).pages
    for docname in sorted(env.found_docs):
        if docname.startswith(RULINGS + "/") and docname != f"{RULINGS}/index":
            where = doc_file(env, docname)
            problems += [(docname, f"{where}: {message}") for message in page_problems(docname, pages.get(docname))]
    return problems


def page_problems(docname: str, page: PageRecord | None) -> list[str]:
    """The problems of one ruling page, each message naming the axis (the caller adds the file)."""
    page = page or PageRecord()
    if page.axis is None:
        slug = docname.split("/", 1)[1]
        return [f"no {{ruling}} directive naming the axis (expected axis {slug.replace('-', '_')!r})"]
    about = f"axis {page.axis!r}"
    problems = [] if page.verdict else [f"{about}: no {{verdict}}"]
    if not page.keywords:
        problems.append(f"{about}: the {{ruling}} names no :keywords: (the rule words a reader searches for)")
    problems += [f"{about}: {message}" for message in reading_problems(page)]
    if not page.tabsets:
        return problems + [f"{about}: no {{source-tabs}} (one ```{{source-tab}} SOURCE``` for each source)"]
    for tabset in page.tabsets:
        problems += [f"{about}: {message}" for message in tabset_problems(page.axis, tabset)]
    return problems


def tabset_problems(axis: str, tabset: TabSetRecord) -> list[str]:
    """The problems of one ``{source-tabs}`` on the ruling page of an axis."""
    sources = source_ids()
    problems = [f"the {{source-tabs}} at line {tabset.line} holds something other than a {{source-tab}}"
                + (f" (line {line})" if line else "") for line in tabset.strays]
    seen = [tab.source for tab in tabset.tabs]
    problems += [f"no tab for source {s!r} (a ```{{source-tab}} {s}``` in the page's {{source-tabs}})"
                 for s in sources if s not in seen]
    for i, tab in enumerate(tabset.tabs):
        s = tab.source
        if s not in sources:
            problems.append(f"{{source-tab}} {s!r} (line {tab.line}) is not a source id; "
                            f"the sources are {', '.join(sources)}")
            continue
        if s in seen[:i]:
            problems.append(f"two tabs for source {s!r}")
        if (axis, s) not in tab.entries:
            problems.append(f"the {s!r} tab does not show the declaration (```{{entry}} {s}```)")
        wrong = [e for e in tab.entries if e[1] != s]
        if wrong:
            problems.append(f"the {s!r} tab shows the entry of {wrong[0][1]!r}")
        if tab.examples < 1 and not tab.generated:
            problems.append(f"the {s!r} tab has no executable example (a ```{{doctest}} block with >>>)")
    return problems


def reading_problems(page: PageRecord) -> list[str]:
    """Every ambiguous entry of the page's axis needs a ``{compare}`` row per reading, the readings ruling apart."""
    problems = []
    for decl in ordered_sources():
        entry = decl.entries.get(page.axis)
        if entry is None or not entry.readings:
            continue
        axis = AXIS_BY_NAME[page.axis]
        others = [r.value for r in entry.readings if r.value != entry.value]
        for value in others:
            shown = False
            for record in page.compares:
                own = [r for r in record.rows if r.plain and r.source == decl.id]
                other = [r for r in record.rows if r.source == decl.id and not r.plain
                         and dict(r.values)[page.axis] == axis.format(value)]
                if any(a.signature != b.signature for a in own for b in other):
                    shown = True
            if not shown:
                problems.append(f"{decl.id} is ambiguous, but no {{compare}} shows its reading "
                                f"{axis.format(value)!r} ruling otherwise than the chosen one (add a row "
                                f"'{decl.id}({page.axis}={axis.format(value)}) as {decl.short}, other reading')")
    return problems


def visible_code_problems(env) -> list[tuple[str, str]]:
    """Python examples a reader sees outside a "Show the Python" toggle, on the pages readers use."""
    out = []
    for docname, page in sorted(cq_domain(env).pages.items()):
        for line in page.visible_code:
            out.append((docname, f"{doc_file(env, docname)}:{line}: a Python example outside a toggle: write it as "
                                 f"```{{python}} (or a hidden ```{{doctest}} with :hide: for set-up)"))
    return out


def check_consistency(app: Sphinx, env) -> None:
    for docname, message in ruling_problems(env) + visible_code_problems(env):
        logger.warning(message, location=docname, type=WARNING_TYPE, subtype="ruling")


def setup_checks(app: Sphinx) -> None:
    app.connect("env-check-consistency", check_consistency)
