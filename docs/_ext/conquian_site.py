"""The site's Sphinx extension: everything a page says about a source comes from its declaration.

Roles
    ``{cards}`6♥ 7♥ J♥` `` -- card text as small inline cards (real text, red and black suits).
    Square brackets group a meld: ``{cards}`[10♠ 10♥ 10♦] 7♣` ``; ``?`` is a face-down card.
    ``{status}`silent` ``  -- a status badge, as the entries show it.

Directives (all read :data:`conquian.DECLARATIONS`; none takes a passage from the page)
    ``{ruling} AXIS``         -- top of ``rulings/<slug>.md``: the question in one line, the values at a glance.
    ``{entry} SOURCE``        -- inside a ruling page's tab: passage(s) in the original language, the
                                 repaired reading where the extraction is defective (said so), the English
                                 rendering, the value with its status badge, the readings, the note.
    ``{verdict}``             -- agree / differ in wording only / differ in play, computed from the values;
                                 its content holds the executed position where the sources differ in play.
    ``{source-record} ID``    -- a source's bibliographic record, provenance, completeness, trust, notes.
    ``{source-rules} ID``     -- a source's complete rules in English, axis by axis, with commentary.
    ``{comparison-matrix}``   -- axes x sources; value, status mark and link to the ruling in every cell.
    ``{sources-grid}``        -- cards linking to the source pages (the home page).
    ``{rulings-table}``       -- every axis with its question and its verdict.
    ``{rulings-toctree}``     -- the toctree of the ruling pages, in the order of the axes.
    ``{differences}``         -- the axes on which the sources' values differ, and who says what.
    ``{declaration-keys} K``  -- the keys of a declaration file (top-level, entry, evidence).

The API reference gets two helpers: short names in the engine's docstrings (``RuleSet``,
``conquian.variant``) resolve to the one documented object they name, and private base classes
show as their public ancestors.

Checks (warnings, so ``-W`` fails the build, each naming the file and the axis)
    an axis without ``docs/rulings/<slug>.md``; a ruling page without ``{ruling}`` or ``{verdict}``; a
    ruling page whose source tab set (``:sync-group: source``) lacks a tab for a declared source, has a
    tab whose ``:sync:`` is not a source id, a tab without the ``{entry}`` of its source, or a tab
    without an executable example; a verdict "differ in play" without an executed position naming
    every source; an entry or record for an unknown source or axis.  A declaration missing data
    stops the build when ``conquian`` is imported (``DeclarationError`` names the file and the axis).
"""

from __future__ import annotations

import enum
import inspect
import re
from collections import defaultdict
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

import conquian
from conquian import DECLARATIONS, Status
from conquian.cards import Card
from conquian.declarations import Declaration, Entry, Evidence
from conquian.registry import variants_dir
from conquian.errors import CardError
from conquian.rules import AXES, AXIS_BY_NAME, Axis

logger = logging.getLogger(__name__)

#: The sync group of the source tabs on every ruling page.
SYNC_GROUP = "source"
#: Folder of the ruling pages, relative to the source directory.
RULINGS = "rulings"

STATUS_MARK = {
    Status.STATED: "●",
    Status.IMPLIED: "◐",
    Status.SILENT: "○",
    Status.AMBIGUOUS: "◇",
}
STATUS_MEANING = {
    Status.STATED: "the source says so in so many words",
    Status.IMPLIED: "the source does not say so, but what it says entails it",
    Status.SILENT: "the source says nothing; the value is this project's interpretation",
    Status.AMBIGUOUS: "the source can be read more than one way; the value is the reading chosen",
}
LANGUAGE_NAME = {"en": "English", "de": "German", "nl": "Dutch", "fr": "French"}


class Verdict(enum.Enum):
    AGREE = "agree"
    WORDING = "wording"
    PLAY = "play"

    @property
    def label(self) -> str:
        return {"agree": "the sources agree", "wording": "the sources differ in wording only",
                "play": "the sources differ in play"}[self.value]

    @property
    def short(self) -> str:
        return {"agree": "agree", "wording": "differ in wording only", "play": "differ in play"}[self.value]


# ---------------------------------------------------------------------------------------------
# Data helpers (pure: the tests call them without Sphinx)
# ---------------------------------------------------------------------------------------------

def ordered_sources() -> list[Declaration]:
    """The declared sources in the engine's order (most authoritative first: see :data:`conquian.DECLARATIONS`)."""
    return list(DECLARATIONS.values())


def source_ids() -> list[str]:
    return [d.id for d in ordered_sources()]


def axis_of(name: str) -> Axis | None:
    """An axis by name or slug (``max_sequence`` or ``max-sequence``)."""
    return AXIS_BY_NAME.get(name.strip().replace("-", "_"))


def ruling_docname(axis: Axis) -> str:
    return f"{RULINGS}/{axis.slug}"


def entry_anchor(source: str) -> str:
    """The id of a source's entry on a ruling page (a link to it opens that source's tab)."""
    return f"entry-{source}"


def value_text(axis: Axis, value: Any) -> str:
    """The value as a reader reads it: yes/no for a bool, the word or number otherwise."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return axis.format(value)


@lru_cache(maxsize=None)
def _member_docs() -> dict[tuple[str, str], str]:
    """Docstrings of the enum members in :mod:`conquian.rules` (attribute docstrings are not kept at run time)."""
    from sphinx.pycode import ModuleAnalyzer
    docs = ModuleAnalyzer.for_module(conquian.rules.__name__).find_attr_docs()
    return {key: " ".join(line.strip() for line in lines if line.strip()) for key, lines in docs.items()}


def value_meaning(axis: Axis, value: Any) -> str:
    """What a value means, in English, for the source rules pages."""
    if isinstance(value, bool):
        return "Yes." if value else "No."
    if isinstance(value, enum.Enum):
        return _member_docs().get((type(value).__name__, value.name), "")
    return ""


@lru_cache(maxsize=None)
def axis_groups() -> list[tuple[str, list[Axis]]]:
    """The axes grouped as in :class:`conquian.rules.RuleSet` (its ``# -- the cards ---`` comments)."""
    source = inspect.getsource(conquian.rules.RuleSet)
    group_of: dict[str, str] = {}
    current = "Rules"
    for line in source.splitlines():
        m = re.match(r"\s*#\s*--\s*(.+?)\s*-{3,}\s*$", line)
        if m:
            current = m.group(1)[:1].upper() + m.group(1)[1:]
            continue
        m = re.match(r"\s{4}(\w+)\s*:", line)
        if m and m.group(1) in AXIS_BY_NAME:
            group_of[m.group(1)] = current
    groups: dict[str, list[Axis]] = {}
    for ax in AXES:
        groups.setdefault(group_of.get(ax.name, "Other rules"), []).append(ax)
    return list(groups.items())


def value_groups(axis: Axis) -> list[tuple[Any, list[str]]]:
    """The sources grouped by their value on one axis, in source order: ``[(value, [ids])]``."""
    groups: dict[Any, list[str]] = {}
    for d in ordered_sources():
        groups.setdefault(d.entries[axis.name].value, []).append(d.id)
    return list(groups.items())


def computed_verdict(axis: Axis) -> Verdict:
    """Agree when every source has the same value, differ in play otherwise.

    "Differ in wording only" is a reading of the texts, not of the values: a page may claim it
    (``:verdict: wording``) only where the values agree.
    """
    return Verdict.AGREE if len(value_groups(axis)) == 1 else Verdict.PLAY


def matrix_data() -> list[dict[str, Any]]:
    """The rows of the comparison matrix: one per axis, with every source's value and status."""
    rows = []
    for ax in AXES:
        cells = {}
        for d in ordered_sources():
            e = d.entries[ax.name]
            cells[d.id] = {"value": e.value, "text": value_text(ax, e.value), "status": e.status}
        rows.append({"axis": ax, "cells": cells, "differs": computed_verdict(ax) is Verdict.PLAY})
    return rows


def repaired_segments(ev: Evidence) -> list[tuple[str, Any]]:
    """The passage as segments ``(text, repair or None)``, every repair's reading in place of its defect."""
    segments: list[tuple[str, Any]] = [(ev.passage, None)]
    for rep in ev.repairs:
        out: list[tuple[str, Any]] = []
        for text, r in segments:
            if r is not None or rep.found not in text:
                out.append((text, r))
                continue
            parts = text.split(rep.found)
            for i, part in enumerate(parts):
                if i:
                    out.append((rep.read, rep))
                if part:
                    out.append((part, None))
        segments = out
    return segments


def declaration_files() -> list[Path]:
    folder = variants_dir()
    return [folder, *sorted(folder.glob("*.toml"))]


# ---------------------------------------------------------------------------------------------
# Nodes
# ---------------------------------------------------------------------------------------------

class cq_link(nodes.Inline, nodes.TextElement):
    """A link to a document and an anchor in it, resolved after reading (``todoc``, ``anchor``)."""


class cq_verdict_text(nodes.Inline, nodes.TextElement):
    """Placeholder for an axis's verdict as its ruling page states it (``axis``)."""


def link(todoc: str, anchor: str, *children: nodes.Node, classes: Iterable[str] = ()) -> cq_link:
    node = cq_link("", "", *children, todoc=todoc, anchor=anchor, classes=list(classes))
    return node


def badge(status: Status, *, short: bool = False) -> nodes.inline:
    text = STATUS_MARK[status] if short else f"{STATUS_MARK[status]} {status.value}"
    node = nodes.inline(text, text, classes=["cq-badge", f"cq-badge-{status.value}"])
    return node


def literal_value(axis: Axis, value: Any) -> nodes.literal:
    text = axis.format(value)
    return nodes.literal(text, text, classes=["cq-value"])


def para(*children: nodes.Node | str, classes: Iterable[str] = ()) -> nodes.paragraph:
    p = nodes.paragraph(classes=list(classes))
    for c in children:
        p += nodes.Text(c) if isinstance(c, str) else c
    return p


def strong(text: str) -> nodes.strong:
    return nodes.strong(text, text)


# ---------------------------------------------------------------------------------------------
# The cards role
# ---------------------------------------------------------------------------------------------

_SUIT_NAMES = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


def card_nodes(text: str) -> nodes.inline:
    """Card text -> ``<span class="cq-cards">`` holding one span per card; brackets group melds.

    Raises :class:`~conquian.errors.CardError` for text that is not cards.
    """
    outer = nodes.inline(classes=["cq-cards"])
    container = outer
    tokens = re.findall(r"\[|\]|[^\s\[\],]+", text)
    if not tokens:
        raise CardError(f"card text {text!r} holds no card")
    first = True
    for tok in tokens:
        if tok == "[":
            if container is not outer:
                raise CardError(f"card text {text!r}: '[' inside a meld")
            if not first:
                outer += nodes.Text(" ")
            container = nodes.inline(classes=["cq-meld"])
            outer += container
            first = True
            continue
        if tok == "]":
            if container is outer:
                raise CardError(f"card text {text!r}: ']' without '['")
            container = outer
            first = False
            continue
        if not first:
            container += nodes.Text(" ")
        first = False
        if tok == "?":
            container += nodes.inline("?", "?", classes=["cq-card", "cq-back"])
            continue
        card = Card(tok)
        shown = str(card)
        colour = "cq-red" if card.suit.is_red else "cq-black"
        container += nodes.inline(shown, shown, classes=["cq-card", colour, f"cq-{_SUIT_NAMES[card.suit.symbol]}"])
    if container is not outer:
        raise CardError(f"card text {text!r}: '[' without ']'")
    return outer


class StatusRole(SphinxRole):
    """``{status}`silent` ``: a status badge in prose, as on the ruling pages."""

    def run(self):
        try:
            return [badge(Status(self.text.strip().lower()))], []
        except ValueError:
            logger.warning(f"{{status}}: {self.text!r} is not one of {', '.join(s.value for s in Status)}",
                           location=self.get_location(), type="conquian", subtype="status")
            return [nodes.literal(self.rawtext, self.text)], []


class CardsRole(SphinxRole):
    def run(self):
        try:
            return [card_nodes(self.text)], []
        except CardError as exc:
            logger.warning(f"{{cards}}: {exc}", location=self.get_location(), type="conquian", subtype="cards")
            return [nodes.literal(self.rawtext, self.text)], []


# ---------------------------------------------------------------------------------------------
# Directives
# ---------------------------------------------------------------------------------------------

class _Base(SphinxDirective):
    def where(self) -> str:
        """The page's file, relative to the project root, for messages."""
        return _relpath(self.env, self.env.docname)

    def warn(self, message: str, subtype: str = "data") -> list[nodes.Node]:
        logger.warning(message, location=self.get_location(), type="conquian", subtype=subtype)
        return []

    def note_declarations(self) -> None:
        for path in declaration_files():
            self.env.note_dependency(str(path))

    def declaration(self, source: str, axis: str | None = None) -> Declaration | None:
        decl = DECLARATIONS.get(source.strip())
        if decl is None:
            about = f", axis {axis!r}" if axis else ""
            self.warn(f"{self.where()}{about}: unknown source {source!r}; declared sources: {', '.join(source_ids())}")
        return decl

    def readings_and_note(self, entry: Entry) -> list[nodes.Node]:
        """An ambiguous entry's readings (the chosen one first, marked) and the editorial note, if any."""
        out: list[nodes.Node] = []
        if entry.readings:
            readings = nodes.enumerated_list(classes=["cq-readings"])
            for reading in sorted(entry.readings, key=lambda r: r.value != entry.value):
                item = nodes.list_item(classes=["cq-reading-chosen"] if reading.value == entry.value else [])
                item += self.md(reading.text)
                readings += item
            out.append(readings)
        if entry.note.strip():
            note = nodes.container(classes=["cq-note"])
            note += para(strong("Note"), classes=["cq-label"])
            note += self.md(entry.note)
            out.append(note)
        return out

    def md(self, text: str) -> list[nodes.Node]:
        """Markdown written by the project (notes, provenance) to nodes."""
        return self.parse_text_to_nodes(text)

    def md_inline(self, text: str) -> list[nodes.Node]:
        found, messages = self.parse_inline(text, lineno=self.lineno)
        return [*found, *messages]


class RulingDirective(_Base):
    """``{ruling} AXIS``: the question in one line, and every source's value at a glance."""

    required_arguments = 1
    has_content = False

    def run(self):
        self.note_declarations()
        axis = axis_of(self.arguments[0])
        if axis is None:
            return self.warn(f"{self.where()}: unknown axis {self.arguments[0]!r}; the axes are: {', '.join(AXIS_BY_NAME)}")
        expected = ruling_docname(axis)
        if self.env.docname != expected:
            return self.warn(f"{self.where()}: the ruling on axis {axis.name!r} belongs in docs/{expected}.md")
        self.env.temp_data["cq_axis"] = axis.name
        _page(self.env)["axis"] = axis.name
        _page(self.env)["line"] = self.lineno

        box = nodes.container(classes=["cq-ruling"])
        box += para(strong("The question: "), axis.question, classes=["cq-question"])
        values = ", ".join(axis.format(c) for c in axis.choices) if axis.choices else axis.valid_text()
        box += para(axis.doc + " ", nodes.inline("", "", nodes.Text("Axis "), nodes.literal(axis.name, axis.name),
                                                  nodes.Text(f"; values: {values}."), classes=["cq-axis-name"]),
                    classes=["cq-axis-doc"])
        glance = nodes.bullet_list(classes=["cq-glance"])
        for d in ordered_sources():
            e = d.entries[axis.name]
            item = nodes.list_item()
            item += para(link(ruling_docname(axis), entry_anchor(d.id), nodes.Text(d.short)), ": ",
                         nodes.inline(value_text(axis, e.value), value_text(axis, e.value), classes=["cq-glance-value"]),
                         " ", badge(e.status))
            glance += item
        box += glance
        return [box]


class EntryDirective(_Base):
    """``{entry} SOURCE`` (axis from the page's ``{ruling}``, or ``:axis:``): one source's entry on one axis."""

    required_arguments = 1
    has_content = False
    option_spec = {"axis": directives.unchanged_required}

    def run(self):
        self.note_declarations()
        axis_name = self.options.get("axis") or self.env.temp_data.get("cq_axis")
        if not axis_name:
            return self.warn(f"{self.where()}: {{entry}} {self.arguments[0]} needs an axis: put {{ruling}} AXIS "
                             f"at the top of the page, or give :axis:")
        axis = axis_of(axis_name)
        if axis is None:
            return self.warn(f"{self.where()}: unknown axis {axis_name!r}; the axes are: {', '.join(AXIS_BY_NAME)}")
        decl = self.declaration(self.arguments[0], axis.name)
        if decl is None:
            return []
        entry = decl.entries.get(axis.name)
        if entry is None:  # the loader forbids it; guard against a hand-made Declaration all the same
            return self.warn(f"{self.where()}: {decl.path}: no entry for axis {axis.name!r}")
        return [self.render(axis, decl, entry)]

    def render(self, axis: Axis, decl: Declaration, entry: Entry) -> nodes.container:
        box = nodes.container(classes=["cq-entry", f"cq-status-{entry.status.value}"], ids=[entry_anchor(decl.id)],
                              cq_entry=(axis.name, decl.id))
        head = para(strong(f"{decl.short}: "), nodes.inline(value_text(axis, entry.value), value_text(axis, entry.value),
                                                          classes=["cq-entry-value"]),
                    " ", badge(entry.status), classes=["cq-entry-head"])
        if not isinstance(entry.value, int) or isinstance(entry.value, bool):
            head += nodes.Text(" ")
            head += nodes.inline("", "", nodes.Text("("), literal_value(axis, entry.value), nodes.Text(")"),
                                 classes=["cq-entry-code"])
        box += head
        box += para(STATUS_MEANING[entry.status][:1].upper() + STATUS_MEANING[entry.status][1:] + ".",
                    classes=["cq-status-meaning"])

        if entry.status is Status.SILENT:
            if entry.evidence:
                box += para("What the text does say nearby:", classes=["cq-label"])
        for ev in entry.evidence:
            box += self.render_evidence(decl, ev)

        if entry.readings:
            box += para("Readings (the first is the one chosen):", classes=["cq-label"])
        box += self.readings_and_note(entry)
        return box

    def render_evidence(self, decl: Declaration, ev: Evidence) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        quote = nodes.block_quote(classes=["cq-passage", f"language-{decl.language}"])
        text = nodes.paragraph()
        for segment, rep in repaired_segments(ev):
            if rep is None:
                text += nodes.Text(segment)
            else:
                text += nodes.inline(segment, segment, classes=["cq-repair"])
        quote += text
        quote += nodes.attribution("", "", nodes.Text(f"{decl.short}, {ev.locator}"))
        language = LANGUAGE_NAME.get(decl.language, decl.language)
        label = para(f"The text ({language}):" if decl.language != "en" else "The text:", classes=["cq-label"])
        out += [label, quote]
        if ev.repairs:
            note = para(strong("Repaired reading. "), classes=["cq-repair-note"])
            note += nodes.Text("The extraction is defective here; the passage is shown as this project reads it "
                               "(marked). It has ")
            for i, rep in enumerate(ev.repairs):
                if i:
                    note += nodes.Text("; ")
                note += nodes.literal(rep.found, rep.found)
                note += nodes.Text(" read as ")
                note += nodes.literal(rep.read, rep.read)
                if rep.why:
                    note += nodes.Text(f" ({rep.why.rstrip('.')})")
            note += nodes.Text(".")
            out.append(note)
        if decl.language != "en" or ev.english.strip() != ev.repaired.strip():
            out.append(para("In English (this project's rendering):", classes=["cq-label"]))
            english = nodes.block_quote(classes=["cq-english", "language-en"])
            english += nodes.paragraph(ev.english, ev.english)
            out.append(english)
        return out


class VerdictDirective(_Base):
    """``{verdict}``: agree / differ in wording only / differ in play, computed from the declared values."""

    has_content = True
    option_spec = {"verdict": lambda arg: directives.choice(arg, [v.value for v in Verdict])}

    def run(self):
        self.note_declarations()
        axis = axis_of(self.env.temp_data.get("cq_axis", ""))
        if axis is None:
            return self.warn(f"{self.where()}: {{verdict}} must follow the page's {{ruling}} AXIS")
        computed = computed_verdict(axis)
        claimed = Verdict(self.options["verdict"]) if "verdict" in self.options else computed
        if computed is Verdict.PLAY and claimed is not Verdict.PLAY:
            self.warn(f"{self.where()}: axis {axis.name!r}: the verdict says {claimed.short!r} but the declared values "
                      f"differ ({self._groups_text(axis)}), so the sources differ in play", "verdict")
            claimed = Verdict.PLAY
        if computed is not Verdict.PLAY and claimed is Verdict.PLAY:
            self.warn(f"{self.where()}: axis {axis.name!r}: the verdict says 'differ in play' but every source "
                      f"declares {self._groups_text(axis)}", "verdict")
            claimed = computed
        page = _page(self.env)
        page["verdict"] = claimed.value
        page["verdict_line"] = self.lineno

        box = nodes.container(classes=["cq-verdict", f"cq-verdict-{claimed.value}"])
        box += para(strong("Verdict: "), claimed.label + ".", classes=["cq-verdict-title"])
        groups = nodes.bullet_list(classes=["cq-verdict-groups"])
        names = {d.id: d.short for d in ordered_sources()}
        for value, ids in value_groups(axis):
            item = nodes.list_item()
            item += para(nodes.inline(value_text(axis, value), value_text(axis, value), classes=["cq-glance-value"]),
                         ": " + ", ".join(names[i] for i in ids))
            groups += item
        box += groups
        body = self.parse_content_to_nodes()
        box += body
        if claimed is Verdict.PLAY:
            tests = [n for n in box.findall(nodes.literal_block) if n.get("testnodetype") == "doctest"]
            if not tests:
                self.warn(f"{self.where()}: axis {axis.name!r}: the sources differ in play, but the verdict executes no "
                          f"position (add a ```{{doctest}} block ruling one position under every source)", "verdict")
            else:
                code = "\n".join(n.astext() for n in tests)
                missing = [s for s in source_ids() if s not in code]
                if missing:
                    self.warn(f"{self.where()}: axis {axis.name!r}: the verdict's example does not show the ruling of "
                              f"{', '.join(missing)}", "verdict")
        return [box]

    @staticmethod
    def _groups_text(axis: Axis) -> str:
        return "; ".join(f"{axis.format(v)} ({', '.join(ids)})" for v, ids in value_groups(axis))


class _SourceDirective(_Base):
    """A directive about one source, named by its id: ``run`` finds the declaration, ``render`` draws it."""

    required_arguments = 1

    def run(self):
        self.note_declarations()
        decl = self.declaration(self.arguments[0])
        return [] if decl is None else self.render(decl)

    def render(self, decl: Declaration) -> list[nodes.Node]:
        raise NotImplementedError


class SourceRecordDirective(_SourceDirective):
    """``{source-record} ID``: the bibliographic record and the assessment of one source."""

    def render(self, decl: Declaration) -> list[nodes.Node]:
        fields = nodes.field_list(classes=["cq-record"])

        def field(name: str, *body: nodes.Node) -> None:
            f = nodes.field()
            f += nodes.field_name(name, name)
            b = nodes.field_body()
            b.extend(body)
            f += b
            fields.append(f)

        field("Title", para(nodes.emphasis(decl.title, decl.title, classes=[f"language-{decl.language}"])))
        field("Cited as", *self.md(f"{decl.citation} {{cite:p}}`{decl.bibtex_key}`"))
        field("Language", para(LANGUAGE_NAME.get(decl.language, decl.language)))
        field("Kind of witness", para(decl.credibility.replace("-", " ")))
        field("Quoting", para({"public-domain": "public domain: quoted at any length",
                               "quote-short": "short passages, with attribution"}.get(decl.licence, decl.licence)))
        if decl.url:
            ref = nodes.reference(decl.url, decl.url, refuri=decl.url)
            field("Found at", para(ref))
        if decl.related:
            p = para()
            for i, rid in enumerate(decl.related):
                if i:
                    p += nodes.Text(", ")
                other = DECLARATIONS.get(rid)
                p += link(f"sources/{rid}", "", nodes.Text(other.short if other else rid))
            field("Related", p)
        counts = defaultdict(int)
        for e in decl.entries.values():
            counts[e.status] += 1
        p = para()
        for i, st in enumerate(Status):
            if i:
                p += nodes.Text(" ")
            p += badge(st)
            p += nodes.Text(f" {counts[st]}")
        field("Axes", p)
        out: list[nodes.Node] = [fields]
        for title, text in (("Provenance", decl.provenance), ("How complete", decl.completeness),
                            ("How far to trust it", decl.trust)):
            out.append(nodes.rubric(title, title))
            out += self.md(text)
        if decl.notes:
            out.append(nodes.rubric("Text-critical notes", "Text-critical notes"))
            notes = nodes.bullet_list(classes=["cq-notes"])
            for n in decl.notes:
                item = nodes.list_item()
                item += self.md(n)
                notes += item
            out.append(notes)
        return out


class SourceRulesDirective(_SourceDirective):
    """``{source-rules} ID``: the source's complete rules in English, generated from its declaration."""

    def render(self, decl: Declaration) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for group, axes in axis_groups():
            out.append(nodes.rubric(group, group, classes=["cq-group"]))
            for ax in axes:
                out.append(self.render_rule(decl, ax))
        return out

    def render_rule(self, decl: Declaration, axis: Axis) -> nodes.container:
        e = decl.entries[axis.name]
        box = nodes.container(classes=["cq-rule", f"cq-status-{e.status.value}"])
        head = para(link(ruling_docname(axis), entry_anchor(decl.id), nodes.Text(axis.question)), " ",
                    nodes.inline(value_text(axis, e.value), value_text(axis, e.value), classes=["cq-entry-value"]),
                    " ", badge(e.status), classes=["cq-rule-head"])
        box += head
        meaning = value_meaning(axis, e.value)
        if meaning and not isinstance(e.value, bool):
            box += para(meaning, classes=["cq-meaning"])
        if e.status is Status.SILENT:
            box += para("The text says nothing on this" + ("; what it says nearby:" if e.evidence else "."),
                        classes=["cq-meaning"])
        for ev in e.evidence:
            english = nodes.block_quote(classes=["cq-english", "language-en"])
            english += nodes.paragraph(ev.english, ev.english)
            english += nodes.attribution("", "", nodes.Text(ev.locator))
            box += english
        box += self.readings_and_note(e)
        return box


class ComparisonMatrixDirective(_Base):
    """``{comparison-matrix}``: rows are axes, columns sources; value, status mark, link in every cell."""

    has_content = False

    def run(self):
        self.note_declarations()
        decls = ordered_sources()
        ncols = len(decls) + 1
        table = nodes.table(classes=["cq-matrix"])
        tgroup = nodes.tgroup(cols=ncols)
        table += tgroup
        tgroup += nodes.colspec(colwidth=30)
        for _ in decls:
            tgroup += nodes.colspec(colwidth=15)
        thead = nodes.thead()
        row = nodes.row()
        row += nodes.entry("", para("Axis"))
        for d in decls:
            row += nodes.entry("", para(link(f"sources/{d.id}", "", nodes.Text(d.short))), classes=["cq-source-col"],
                               cq_source=d.id)
        thead += row
        tgroup += thead
        tbody = nodes.tbody()
        rows = {r["axis"].name: r for r in matrix_data()}
        for group, axes in axis_groups():
            grow = nodes.row(classes=["cq-group-row"])
            grow += nodes.entry("", para(strong(group)), morecols=ncols - 1)
            tbody += grow
            for ax in axes:
                r = rows[ax.name]
                row = nodes.row(classes=["cq-differs"] if r["differs"] else [], ids=[f"axis-{ax.slug}"])
                head = nodes.entry(classes=["cq-axis-cell"])
                p = para(link(ruling_docname(ax), "", nodes.literal(ax.name, ax.name)))
                if r["differs"]:
                    p += nodes.Text(" ")
                    p += nodes.inline("≠ differ", "≠ differ", classes=["cq-differs-mark"])
                head += p
                head += para(ax.question, classes=["cq-matrix-question"])
                row += head
                for d in decls:
                    cell = r["cells"][d.id]
                    status = cell["status"]
                    entry = nodes.entry(classes=["cq-cell", f"cq-cell-{status.value}"])
                    entry += para(link(ruling_docname(ax), entry_anchor(d.id),
                                       nodes.inline(cell["text"], cell["text"], classes=["cq-cell-value"])),
                                  " ", badge(status))
                    row += entry
                tbody += row
        tgroup += tbody
        legend = nodes.container(classes=["cq-legend"])
        p = para(strong("Status marks: "))
        for i, st in enumerate(Status):
            if i:
                p += nodes.Text("; ")
            p += badge(st)
            p += nodes.Text(f" {STATUS_MEANING[st]}")
        p += nodes.Text(". A silent cell is this project's reading, never the source's \"no\". "
                        "Rows where the sources differ are marked ≠ and shaded. Each value links to that source's "
                        "entry on the ruling page.")
        legend += p
        return [legend, nodes.container("", table, classes=["cq-matrix-wrap"])]


class SourcesGridDirective(_Base):
    """``{sources-grid}``: one card per source, linking to its page."""

    def run(self):
        self.note_declarations()
        lines = ["::::{grid} 1 2 2 2", ":gutter: 3", ""]
        for d in ordered_sources():
            language = LANGUAGE_NAME.get(d.language, d.language)
            counts = defaultdict(int)
            for e in d.entries.values():
                counts[e.status] += 1
            lines += [f":::{{grid-item-card}} {d.short}", f":link: /sources/{d.id}", ":link-type: doc", "",
                      f"*{d.title}*", "",
                      f"{language} · {d.credibility.replace('-', ' ')} · "
                      f"{counts[Status.STATED]} stated, {counts[Status.IMPLIED]} implied, "
                      f"{counts[Status.SILENT]} silent, {counts[Status.AMBIGUOUS]} ambiguous", ":::", ""]
        lines.append("::::")
        return self.parse_text_to_nodes("\n".join(lines))


def table_skeleton(css_class: str, columns: dict[str, int]) -> tuple[nodes.table, nodes.tgroup, nodes.tbody]:
    """A table with a header row of the given column titles and widths, and an empty body to fill."""
    table = nodes.table(classes=[css_class])
    tgroup = nodes.tgroup(cols=len(columns))
    table += tgroup
    for width in columns.values():
        tgroup += nodes.colspec(colwidth=width)
    thead = nodes.thead()
    row = nodes.row()
    for title in columns:
        row += nodes.entry("", para(title))
    thead += row
    tgroup += thead
    return table, tgroup, nodes.tbody()


class RulingsTableDirective(_Base):
    """``{rulings-table}``: every axis, its question and its verdict."""

    def run(self):
        self.note_declarations()
        table, tgroup, tbody = table_skeleton("cq-rulings-table", {"Axis": 25, "The question": 50, "Verdict": 25})
        for ax in AXES:
            row = nodes.row()
            row += nodes.entry("", para(link(ruling_docname(ax), "", nodes.literal(ax.name, ax.name))))
            row += nodes.entry("", para(ax.question))
            row += nodes.entry("", para(cq_verdict_text("", "", axis=ax.name)))
            tbody += row
        tgroup += tbody
        return [table]


class RulingsToctreeDirective(_Base):
    """``{rulings-toctree}``: a toctree of every ruling page, in the order of the axes."""

    option_spec = {"caption": directives.unchanged, "hidden": directives.flag}

    def run(self):
        lines = ["```{toctree}", ":maxdepth: 1"]
        if "caption" in self.options:
            lines.append(f":caption: {self.options['caption']}")
        if "hidden" in self.options:
            lines.append(":hidden:")
        lines.append("")
        here = self.env.docname.rpartition("/")[0]
        for ax in AXES:
            target = ruling_docname(ax)
            lines.append(target.removeprefix(here + "/") if here else target)
        lines.append("```")
        return self.parse_text_to_nodes("\n".join(lines))


class DifferencesDirective(_Base):
    """``{differences}``: every axis on which the sources' values differ, with who says what."""

    def run(self):
        self.note_declarations()
        names = {d.id: d.short for d in ordered_sources()}
        items = nodes.bullet_list(classes=["cq-differences"])
        for ax in AXES:
            groups = value_groups(ax)
            if len(groups) < 2:
                continue
            p = para(link(ruling_docname(ax), "", nodes.literal(ax.name, ax.name)), ": ")
            for i, (value, ids) in enumerate(groups):
                if i:
                    p += nodes.Text("; ")
                p += nodes.inline(value_text(ax, value), value_text(ax, value), classes=["cq-glance-value"])
                p += nodes.Text(" (" + ", ".join(names[x] for x in ids) + ")")
            item = nodes.list_item()
            item += p
            items += item
        return [items]


class DeclarationKeysDirective(_Base):
    """``{declaration-keys}``: the keys of a declaration file, from :mod:`conquian.declarations`."""

    required_arguments = 1   # top-level | entry | evidence

    def run(self):
        from conquian import declarations as d
        spec = {"top-level": d.TOP_LEVEL_KEYS, "entry": d.ENTRY_KEYS, "evidence": d.EVIDENCE_KEYS}.get(self.arguments[0])
        if spec is None:
            return self.warn(f"{self.where()}: {{declaration-keys}} takes top-level, entry or evidence")
        self.env.note_dependency(d.__file__)
        table, tgroup, tbody = table_skeleton("cq-keys", {"Key": 20, "Required": 12, "What it holds": 68})
        for key, (required, _kind, what) in spec.items():
            row = nodes.row()
            row += nodes.entry("", para(nodes.literal(key, key)))
            row += nodes.entry("", para("yes" if required else "no"))
            row += nodes.entry("", para(what[:1].upper() + what[1:] + "."))
            tbody += row
        tgroup += tbody
        return [table]


# ---------------------------------------------------------------------------------------------
# Collecting what ruling pages hold, and checking it
# ---------------------------------------------------------------------------------------------

def _relpath(env, docname: str) -> str:
    path = Path(env.doc2path(docname))
    try:
        return str(path.relative_to(Path(env.app.confdir)))
    except ValueError:
        return str(path)


def _page(env) -> dict:
    pages = _pages(env)
    return pages.setdefault(env.docname, {})


def _pages(env) -> dict:
    if not hasattr(env, "cq_pages"):
        env.cq_pages = {}
    return env.cq_pages


def _is_doctest(node: nodes.Node) -> bool:
    return isinstance(node, nodes.literal_block) and node.get("testnodetype") == "doctest"


def collect_tabs(app: Sphinx, doctree: nodes.document) -> None:
    """On reading a ruling page, record its source tabs: sync id, entries and examples in each."""
    env = app.env
    if not env.docname.startswith(RULINGS + "/"):
        return
    page = _page(env)
    tabsets = []
    for tabset in doctree.findall(lambda n: isinstance(n, nodes.container) and n.get("design_component") == "tab-set"):
        tabs = []
        for item in tabset.children:
            if not (isinstance(item, nodes.container) and item.get("design_component") == "tab-item"):
                continue
            label = item.children[0] if item.children else None
            sync_id = label.get("sync_id") if isinstance(label, nodes.Element) else None
            group = label.get("sync_group") if isinstance(label, nodes.Element) else None
            entries = [tuple(n["cq_entry"]) for n in item.findall(nodes.container) if n.get("cq_entry")]
            examples = sum(1 for _ in item.findall(_is_doctest))
            tabs.append({"sync": sync_id, "group": group, "entries": entries, "examples": examples,
                         "line": item.line or 0})
        tabsets.append(tabs)
    page["tabsets"] = tabsets
    page.setdefault("axis", None)


def ruling_problems(env) -> list[tuple[str, str]]:
    """Every problem with the ruling pages, as ``(docname, message)``; each message names file and axis."""
    problems: list[tuple[str, str]] = []
    pages = _pages(env)
    sources = source_ids()
    for ax in AXES:
        docname = ruling_docname(ax)
        if docname not in env.found_docs:
            problems.append((None, f"docs/{docname}.md: missing: axis {ax.name!r} has no ruling page"))
    for docname in sorted(env.found_docs):
        if not docname.startswith(RULINGS + "/") or docname == f"{RULINGS}/index":
            continue
        where = _relpath(env, docname)
        page = pages.get(docname, {})
        axis = page.get("axis")
        slug = docname.split("/", 1)[1]
        if axis is None:
            problems.append((docname, f"{where}: no {{ruling}} directive naming the axis (expected axis "
                                      f"{slug.replace('-', '_')!r})"))
            continue
        if "verdict" not in page:
            problems.append((docname, f"{where}: axis {axis!r}: no {{verdict}}"))
        source_sets = [t for t in page.get("tabsets", []) if any(tab["group"] == SYNC_GROUP for tab in t)]
        if not source_sets:
            problems.append((docname, f"{where}: axis {axis!r}: no tab set with :sync-group: {SYNC_GROUP}"))
            continue
        for tabs in source_sets:
            seen = [tab["sync"] for tab in tabs]
            for s in sources:
                if s not in seen:
                    problems.append((docname, f"{where}: axis {axis!r}: no tab for source {s!r} "
                                              f"(a tab-item with :sync: {s})"))
            for tab in tabs:
                s = tab["sync"]
                if tab["group"] != SYNC_GROUP:
                    problems.append((docname, f"{where}: axis {axis!r}: tab {s!r} (line {tab['line']}) is not in "
                                              f"sync group {SYNC_GROUP!r}"))
                if s not in sources:
                    problems.append((docname, f"{where}: axis {axis!r}: tab :sync: {s!r} is not a source id; "
                                              f"the sources are {', '.join(sources)}"))
                    continue
                if seen.count(s) > 1 and tab is not next(t for t in tabs if t["sync"] == s):
                    problems.append((docname, f"{where}: axis {axis!r}: two tabs for source {s!r}"))
                if (axis, s) not in tab["entries"]:
                    problems.append((docname, f"{where}: axis {axis!r}: the {s!r} tab does not show the "
                                              f"declaration (```{{entry}} {s}```)"))
                wrong = [e for e in tab["entries"] if e[1] != s]
                if wrong:
                    problems.append((docname, f"{where}: axis {axis!r}: the {s!r} tab shows the entry of "
                                              f"{wrong[0][1]!r}"))
                if tab["examples"] < 1:
                    problems.append((docname, f"{where}: axis {axis!r}: the {s!r} tab has no executable example "
                                              f"(a ```{{doctest}} block with >>>)"))
    return problems


def check_consistency(app: Sphinx, env) -> None:
    for docname, message in ruling_problems(env):
        logger.warning(message, location=docname, type="conquian", subtype="ruling")


def purge_doc(app: Sphinx, env, docname: str) -> None:
    _pages(env).pop(docname, None)


def merge_info(app: Sphinx, env, docnames, other) -> None:
    for docname in docnames:
        if docname in getattr(other, "cq_pages", {}):
            _pages(env)[docname] = other.cq_pages[docname]


# ---------------------------------------------------------------------------------------------
# Resolving links and verdicts after reading
# ---------------------------------------------------------------------------------------------

class ResolveLinks(SphinxPostTransform):
    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        env = self.env
        for node in list(self.document.findall(cq_verdict_text)):
            axis = AXIS_BY_NAME[node["axis"]]
            claimed = _pages(env).get(ruling_docname(axis), {}).get("verdict")
            verdict = Verdict(claimed) if claimed else computed_verdict(axis)
            node.replace_self(nodes.inline(verdict.short, verdict.short, classes=["cq-verdict-mark",
                                                                                   f"cq-verdict-{verdict.value}"]))
        for node in list(self.document.findall(cq_link)):
            todoc, anchor = node["todoc"], node["anchor"]
            if todoc not in env.all_docs:
                logger.warning(f"{_relpath(env, env.docname)}: link to a missing page docs/{todoc}.md",
                               location=node, type="conquian", subtype="link")
                node.replace_self(nodes.inline("", "", *node.children))
                continue
            uri = self.app.builder.get_relative_uri(env.docname, todoc)
            if anchor:
                uri += "#" + anchor
            ref = nodes.reference("", "", *node.children, refuri=uri, internal=True, classes=node["classes"])
            node.replace_self(ref)


# ---------------------------------------------------------------------------------------------
# The API reference: short names in the engine's docstrings, private base classes
# ---------------------------------------------------------------------------------------------

def resolve_short_names(app: Sphinx, env, node: nodes.Element, contnode: nodes.Node):
    """Resolve a Python reference the engine's docstrings write short (``RuleSet``, ``conquian.variant``).

    Only names of the ``conquian`` package, and only where exactly one documented object matches.
    """
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "").lstrip(".~")
    if not target or not (target.startswith("conquian.") or "." not in target):
        return None
    objects = env.get_domain("py").objects
    if target in objects:
        return None
    head, _, name = target.rpartition(".")
    found = {full for full in objects if full.startswith("conquian.") and (
        full.endswith("." + target) or (head and full.startswith(head + ".") and full.endswith("." + name)))}
    if len(found) != 1:
        return None
    full = found.pop()
    from sphinx.util.nodes import make_refnode
    obj = objects[full]
    return make_refnode(app.builder, node["refdoc"], obj.docname, obj.node_id, contnode, full)


def drop_type_docstrings(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """A module constant without a docstring of its own must not show its type's (``tuple``'s, ``dict``'s)."""
    if what not in ("data", "attribute") or not lines:
        return
    own = inspect.getdoc(type(obj)) or ""
    text = "\n".join(lines).strip()
    if own and text and (text == own.strip() or own.strip().startswith(text)):
        lines[:] = []


def public_bases(app: Sphinx, name: str, obj: Any, options: Any, bases: list) -> None:
    """Show a private base class (``conquian.rules._Choice``) as the public classes it derives from."""
    out = []
    for base in bases:
        while isinstance(base, type) and base.__name__.startswith("_") and base.__bases__:
            base = base.__bases__[0]
        out.append(base)
    bases[:] = out


# ---------------------------------------------------------------------------------------------
# setup
# ---------------------------------------------------------------------------------------------

def setup(app: Sphinx) -> dict[str, Any]:
    if not DECLARATIONS:
        raise ExtensionError(f"{variants_dir()}: no declarations (variants/*.toml): the site has nothing to show")
    app.add_role("cards", CardsRole())
    app.add_role("status", StatusRole())
    app.add_directive("ruling", RulingDirective)
    app.add_directive("entry", EntryDirective)
    app.add_directive("verdict", VerdictDirective)
    app.add_directive("source-record", SourceRecordDirective)
    app.add_directive("source-rules", SourceRulesDirective)
    app.add_directive("comparison-matrix", ComparisonMatrixDirective)
    app.add_directive("sources-grid", SourcesGridDirective)
    app.add_directive("rulings-table", RulingsTableDirective)
    app.add_directive("rulings-toctree", RulingsToctreeDirective)
    app.add_directive("differences", DifferencesDirective)
    app.add_directive("declaration-keys", DeclarationKeysDirective)
    app.add_node(cq_link)
    app.add_node(cq_verdict_text)
    app.add_post_transform(ResolveLinks)
    app.connect("doctree-read", collect_tabs)
    app.connect("env-check-consistency", check_consistency)
    app.connect("env-purge-doc", purge_doc)
    app.connect("env-merge-info", merge_info)
    app.connect("missing-reference", resolve_short_names)
    app.setup_extension("sphinx.ext.autodoc")  # for the two autodoc events below
    app.connect("autodoc-process-bases", public_bases)
    app.connect("autodoc-process-docstring", drop_type_docstrings)
    return {"version": conquian.__version__, "parallel_read_safe": True, "parallel_write_safe": True,
            "env_version": 1}
