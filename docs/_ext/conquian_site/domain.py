"""The ``cq`` domain: what each ruling page holds, recorded while the page is read.

After Sphinx's own ``todo`` extension, cross-page data lives in a :class:`~sphinx.domains.Domain`
(``env.domaindata["cq"]``), which Sphinx clears when a page is read again (:meth:`~ConquianDomain.clear_doc`)
and merges after a parallel read (:meth:`~ConquianDomain.merge_domaindata`).  Per page it keeps:

* the axis the page rules on, from its ``{ruling}``;
* the verdict the page states, from its ``{verdict}``;
* its source tab sets, from ``{source-tabs}``: for every ``{source-tab}``, the source it is for, the entries
  it shows and how many executable examples it holds.

The checks (:mod:`conquian_site.checks`) read this data; nothing is kept in ad-hoc environment attributes.
The domain also resolves the site's own links (``cq:link``, made by :func:`conquian_site.nodes.link`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Set

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.domains import Domain
from sphinx.errors import NoUri
from sphinx.util import logging

from conquian.axes import Axis
from conquian.games import GAMES, HOME

from .data import WARNING_TYPE, Verdict, computed_verdict, ruling_docname

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class TabRecord:
    """One ``{source-tab}`` as read: its source, the entries it shows, its executable examples."""

    source: str
    entries: tuple[tuple[str, str], ...]
    """``(axis, source)`` of every ``{entry}`` in the tab."""
    examples: int
    """Doctest blocks with at least one ``>>>`` line."""
    line: int = 0
    generated: bool = False
    """Added by ``{source-tabs}`` for a source the page has no tab for (its entry only, no example yet)."""


@dataclass(frozen=True)
class TabSetRecord:
    """One ``{source-tabs}``: its tabs in page order, and the line (0 if unknown) of any child not a ``{source-tab}``."""

    tabs: tuple[TabRecord, ...]
    line: int = 0
    strays: tuple[int, ...] = ()


@dataclass(frozen=True)
class CompareRow:
    """One row of a ``{compare}`` as the engine answered it: the rules, and the answer as plain values."""

    key: str
    """The rules as written: a source id or rule-set text."""
    source: str | None
    plain: bool
    values: tuple[tuple[str, str], ...]
    """``(axis, value as written)`` for every axis of the rules."""
    signature: tuple
    """The engine's answer (:func:`conquian_site.scenario.signature`): two rows rule alike when these are equal."""


@dataclass(frozen=True)
class CompareRecord:
    """One ``{compare}``: where it is, whether it is in the page's verdict, its rows."""

    line: int
    rows: tuple[CompareRow, ...]
    in_verdict: bool = False


@dataclass
class PageRecord:
    """What one page holds, as far as the checks are concerned."""

    axis: str | None = None
    line: int = 0
    verdict: str | None = None
    verdict_line: int = 0
    tabsets: list[TabSetRecord] = field(default_factory=list)
    positions: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Named ``{position}`` texts (``:name:``), with their lines, for ``{compare}`` to use."""
    compares: list[CompareRecord] = field(default_factory=list)
    keywords: tuple[str, ...] = ()
    visible_code: list[int] = field(default_factory=list)
    """Lines of Python examples a reader sees outside a "Show the Python" toggle."""


class ConquianDomain(Domain):
    """Per-page data of the site: ``{ruling}``, ``{verdict}`` and ``{source-tabs}`` write it, the checks read it."""

    name = "cq"
    label = GAMES[HOME].title  # the site is about its home game
    initial_data: dict[str, Any] = {"pages": {}}
    data_version = 2

    @property
    def pages(self) -> dict[str, PageRecord]:
        return self.data.setdefault("pages", {})

    def page(self, docname: str) -> PageRecord:
        """The record of a page, made empty on first use."""
        return self.pages.setdefault(docname, PageRecord())

    # -- written while a page is read -----------------------------------------------------------------
    def note_axis(self, docname: str, axis: str, line: int) -> None:
        record = self.page(docname)
        record.axis, record.line = axis, line

    def note_verdict(self, docname: str, verdict: Verdict, line: int) -> None:
        record = self.page(docname)
        record.verdict, record.verdict_line = verdict.value, line

    def note_tabset(self, docname: str, tabset: TabSetRecord) -> None:
        self.page(docname).tabsets.append(tabset)

    def note_position(self, docname: str, name: str, text: str, line: int) -> None:
        self.page(docname).positions[name] = (text, line)

    def note_compare(self, docname: str, record: CompareRecord) -> None:
        self.page(docname).compares.append(record)

    def note_keywords(self, docname: str, keywords: tuple[str, ...]) -> None:
        self.page(docname).keywords = keywords

    def note_visible_code(self, docname: str, line: int) -> None:
        self.page(docname).visible_code.append(line)

    def named_position(self, docname: str, name: str) -> tuple[str, int] | None:
        record = self.pages.get(docname)
        return record.positions.get(name) if record else None

    # -- read while a page is read, or after ----------------------------------------------------------
    def axis_of_page(self, docname: str) -> str | None:
        """The axis a page rules on, once its ``{ruling}`` is read; None elsewhere."""
        record = self.pages.get(docname)
        return record.axis if record else None

    def verdict(self, axis: Axis) -> Verdict:
        """The verdict the axis's ruling page states, or the computed one where the page states none."""
        record = self.pages.get(ruling_docname(axis))
        return Verdict(record.verdict) if record and record.verdict else computed_verdict(axis)

    # -- the Domain protocol --------------------------------------------------------------------------
    def clear_doc(self, docname: str) -> None:
        self.pages.pop(docname, None)

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for docname in docnames:
            if docname in otherdata.get("pages", {}):
                self.pages[docname] = otherdata["pages"][docname]

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        """A ``cq:link`` (see :func:`conquian_site.nodes.link`): a page, and an anchor in it, of this site.

        A link to a missing page warns, naming the file, and leaves its text unlinked.
        """
        if typ != "link":
            return None
        todoc, _, anchor = target.partition("#")
        if todoc not in env.all_docs:
            logger.warning(f"{doc_file(env, fromdocname)}: link to a missing page docs/{todoc}.md",
                           location=node, type=WARNING_TYPE, subtype="link")
            raise NoUri(target)
        uri = builder.get_relative_uri(fromdocname, todoc) + (f"#{anchor}" if anchor else "")
        return nodes.reference("", "", contnode, refuri=uri, internal=True)

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode) -> list:
        return []

    def get_objects(self) -> Iterable[tuple[str, str, str, str, str, int]]:
        return []


def cq_domain(env) -> ConquianDomain:
    return env.get_domain(ConquianDomain.name)


def doc_file(env, docname: str) -> str:
    """A page's file for messages, relative to the folder above the source folder (``docs/rulings/pack.md``)."""
    path = Path(env.doc2path(docname))
    try:
        return str(path.relative_to(Path(env.srcdir).parent))
    except ValueError:
        return str(path)


def setup_domain(app: Sphinx) -> None:
    app.add_domain(ConquianDomain)
