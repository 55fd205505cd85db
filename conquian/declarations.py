"""Declarations: what one source says, axis by axis, with its evidence; and the strict loader of their files.

One TOML file per source in ``variants/`` (shipped inside the package as ``conquian/variants``).  A
declaration holds data only: for every axis of :class:`~conquian.games.conquian.rules.RuleSet`, the value, its
:class:`~conquian.status.Status`, the verbatim passage(s) with a locator and an English rendering (or, for a
page not stored, the rule described in our words: :mod:`conquian.declaration_evidence`), and an editorial note.  Loading is strict: an unknown key, a missing axis, a value of the wrong type, or an entry
without the evidence its status needs raises :class:`~conquian.errors.DeclarationError` naming the file,
the axis and the key.  The registry of all declarations is :mod:`conquian.registry`.

The file format is documented in ``docs/howto/add-a-source.md`` and, briefly, in :data:`TOP_LEVEL_KEYS`,
:data:`ENTRY_KEYS`, :data:`EVIDENCE_KEYS` (:data:`~conquian.declaration_evidence.DESCRIBED_KEYS`) and
:data:`READING_KEYS`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .errors import DeclarationError, RuleError
from .declaration_evidence import (DESCRIBED_KEYS, EVIDENCE_KEYS, KINDS, REPAIR_KEYS, TABLE, TABLES, TEXT, TEXTS, VALUE, Evidence, Repair,
                                   check_table as _check, read_evidence)
from .declaration_links import Descent, Reading, check_names, check_readings, file_reading_passages, read_descent
from .declaration_play import PlayRule, read_play
from .games import RULE_SETS
from .rulesets import RuleSetText
from .status import Status
from .text import shorten

__all__ = [
    "Status", "Evidence", "Repair", "Reading", "Entry", "Declaration", "Lineage", "Paragraph", "load_declaration",
    "TOP_LEVEL_KEYS", "ENTRY_KEYS", "EVIDENCE_KEYS", "DESCRIBED_KEYS", "READING_KEYS", "REPAIR_KEYS", "CREDIBILITY",
    "LICENCES",
]

#: Keys a declaration file may have at the top level: key -> (required, kind, description).
TOP_LEVEL_KEYS = {
    "id": (True, TEXT, "the source id, lowercase with hyphens; the file is named after it"),
    "title": (True, TEXT, "the source's title, as a reader would cite it"),
    "short": (True, TEXT, "a short label for tabs and matrix columns"),
    "language": (True, TEXT, "the language of the text: en, de, nl, fr"),
    "kind": (False, TEXT, "text (the default: a stored text, quoted) or described (a page not stored, described in our "
                          "words: see conquian.declaration_evidence)"),
    "text": (True, TEXT, "the file of the source text in shared/sources/, or a described source's facts file there"),
    "game": (True, TEXT, "the game the text describes: conquian or romme (see conquian.games)"),
    "citation": (True, TEXT, "a full bibliographic record in prose"),
    "bibtex_key": (True, TEXT, "the key of the source's entry in docs/references.bib"),
    "url": (False, TEXT, "where the text was found, if it is on the web"),
    "licence": (True, TEXT, "public-domain, quote-short (short passages with attribution only), cc-by-sa "
                            "(Creative Commons Attribution-ShareAlike: quoted with attribution), or describe-only (a "
                            "described source: its rules in our words, a few of its words at most)"),
    "credibility": (True, TEXT, "primary, secondary, translation or machine-translation"),
    "provenance": (True, TEXT, "where the text comes from and how it reached us"),
    "completeness": (True, TEXT, "how much of the game the text covers"),
    "trust": (True, TEXT, "how far the text can be trusted, and why"),
    "related": (False, TEXTS, "ids of sources this one shares an original with"),
    "aliases": (False, TEXTS, "other names the variant can be looked up by"),
    "notes": (False, TEXTS, "text-critical notes: a list of paragraphs"),
    "lineage": (False, TABLE, "the text this one follows, if any: [lineage] with follows, by, url, relation, departures"),
    "chapter": (False, TABLES, "public-domain sources only: the whole text, paragraph by paragraph, [[chapter]] with "
                               "label (as locators name it) and text (verbatim)"),
    "axes": (True, TABLE, "one table per axis: [axes.NAME]"),
    "play": (False, TABLES, "how the game goes, phase by phase, [[play]]: see conquian.declaration_play.PLAY_KEYS"),
}
#: Keys of one axis entry ``[axes.NAME]``.
ENTRY_KEYS = {
    "value": (True, VALUE, "the value under this source, as written in rule-set text"),
    "status": (True, TEXT, "stated, implied, silent or ambiguous"),
    "evidence": (False, TABLES, "the passages: required unless the status is silent"),
    "note": (False, TEXT, "editorial note; required for silent (the reason) and ambiguous (the choice)"),
    "readings": (False, TABLES, "ambiguous only: the readings, [[axes.NAME.readings]], one of them the value"),
    "context": (False, TABLES, "silent only: what the text says nearby, [[axes.NAME.context]], shown as context and "
                               "never as the authority for the value"),
}
#: Keys of one reading of an ambiguous entry ``[[axes.NAME.readings]]``.
READING_KEYS = {
    "value": (True, VALUE, "the axis value this reading amounts to"),
    "reading": (True, TEXT, "the reading, in English"),
    "needs": (False, TABLE, "other axes the reading needs to be playable, axis = value (e.g. hand_cards = \"any\")"),
}
#: Keys of the ``[lineage]`` table: the text a source follows (an original it translates or adapts).
LINEAGE_KEYS = {
    "follows": (True, TEXT, "the title of the text it follows"),
    "by": (True, TEXT, "who published that text"),
    "url": (False, TEXT, "where that text is online"),
    "relation": (True, TEXT, "how this one follows it: translation, machine translation, adaptation"),
    "summary": (True, TEXT, "in the project's own words, how closely it follows"),
    "departures": (False, TEXTS, "where it departs from that text in substance, in the project's own words"),
    "descent": (False, TABLE, "a descendant game's source: the game it comes from, [lineage.descent] with game, via, "
                              "passage, locator, english"),
}
#: Keys of one paragraph of a ``[[chapter]]``.
PARAGRAPH_KEYS = {
    "label": (True, TEXT, "the paragraph as locators name it: 'rule 1', 'paragraph 11'"),
    "text": (True, TEXT, "the paragraph, verbatim"),
}
CREDIBILITY = ("primary", "secondary", "translation", "machine-translation")
LICENCES = ("public-domain", "quote-short", "cc-by-sa", "describe-only")


@dataclass(frozen=True)
class Lineage:
    """The text a source follows: its original, how it follows it, where it departs."""

    follows: str
    by: str
    relation: str
    summary: str
    url: str = ""
    departures: tuple[str, ...] = ()
    descent: Descent | None = None
    """For a source of a descendant game: the game it descends from, with the passage that says so."""


@dataclass(frozen=True)
class Paragraph:
    """One paragraph of a public-domain source held whole, as its locators name it."""

    label: str
    text: str

    @property
    def anchor(self) -> str:
        """The paragraph's id on the source page: ``paragraph-11``."""
        return self.label.replace(" ", "-")


@dataclass(frozen=True)
class Entry:
    """What one source says about one axis."""

    axis: str
    value: Any
    status: Status
    evidence: tuple[Evidence, ...]
    note: str = ""
    readings: tuple[Reading, ...] = ()
    context: tuple[Evidence, ...] = ()
    """For a silent entry: what the text says nearby (never the authority for the value)."""

    @property
    def other_readings(self) -> tuple[Reading, ...]:
        """The readings not chosen."""
        return tuple(r for r in self.readings if r.value != self.value)

    def passages_for(self, value: Any) -> tuple[Evidence, ...]:
        """The passages filed as the text's words for one reading (``self.value``: the evidence for the value chosen)."""
        if value == self.value:
            return tuple(ev for ev in self.evidence if not ev.for_readings)
        return tuple(ev for ev in self.evidence if value in ev.for_readings)


@dataclass(frozen=True)
class Declaration:
    """One source's declaration: bibliographic record, assessment, and an entry per axis."""

    id: str
    title: str
    short: str
    language: str
    text: str
    game: str
    citation: str
    bibtex_key: str
    licence: str
    credibility: str
    provenance: str
    completeness: str
    trust: str
    entries: Mapping[str, Entry]
    """An entry per axis that arises under the source's rules (see :meth:`Axis.applies <conquian.axes.Axis.applies>`)."""
    rules: RuleSetText = field(compare=False, repr=False)
    """The rule set this declaration amounts to: a :class:`~conquian.games.conquian.rules.RuleSet` for Conquian, a
    :class:`~conquian.games.romme.rules.RommeRules` for Rommé (the class :data:`conquian.games.RULE_SETS` names)."""
    url: str = ""
    related: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    lineage: Lineage | None = None
    chapter: tuple[Paragraph, ...] = ()
    """The whole text, for a public-domain source: every locator names one of these paragraphs."""
    play: tuple[PlayRule, ...] = ()
    """How the game goes, phase by phase, as the text says it: see :mod:`conquian.declaration_play`."""
    path: Path | None = field(default=None, compare=False)
    kind: str = "text"
    """``text`` (a stored text, quoted) or ``described`` (a page not stored: :attr:`text` names its facts file)."""

    @property
    def described(self) -> bool:
        """Whether the source is a page described in this project's words, not a stored text quoted."""
        return self.kind == "described"

    def paragraph(self, locator: str) -> Paragraph | None:
        """The paragraph a locator names ("For Two Players, paragraph 11, 1st sentence"), if the text is held."""
        parts = {part.strip() for part in locator.split(",")}
        return next((p for p in self.chapter if p.label in parts), None)

    def entry(self, axis: str) -> Entry:
        if axis not in self.entries:
            raise RuleError(f"unknown axis {shorten(str(axis))!r} for {self.id}; its axes are: {', '.join(self.entries)}")
        return self.entries[axis]


# -- the loader ----------------------------------------------------------------------------------------
def _value(axis, raw: Any, where: str) -> Any:
    try:
        return axis.coerce(raw)
    except RuleError as exc:
        raise DeclarationError(f"{where}: {exc}") from None


def _entry(axis, raw: Any, where: str, english_source: bool, described: bool) -> Entry:
    _check(raw, ENTRY_KEYS, where)
    try:
        status = Status(raw["status"])
    except ValueError:
        raise DeclarationError(f"{where}: status {shorten(raw['status'])!r} is not one of "
                               f"{', '.join(s.value for s in Status)}") from None
    value = _value(axis, raw["value"], f"{where}, value")
    evidence = tuple(read_evidence(ev, f"{where}, evidence {i}", english_source, described)
                     for i, ev in enumerate(raw.get("evidence", []), 1))
    context = tuple(read_evidence(ev, f"{where}, context {i}", english_source, described)
                    for i, ev in enumerate(raw.get("context", []), 1))
    readings = []
    for i, r in enumerate(raw.get("readings", []), 1):
        rwhere = f"{where}, reading {i}"
        _check(r, READING_KEYS, rwhere)
        readings.append(Reading(_value(axis, r["value"], rwhere), r["reading"], tuple(r.get("needs", {}).items())))
    evidence = file_reading_passages(axis, where, status is Status.AMBIGUOUS, value, readings, evidence, context)
    note = raw.get("note", "")
    if status is not Status.SILENT and not evidence:
        raise DeclarationError(f"{where}: status {status.value!r} needs at least one passage in 'evidence'")
    if status is Status.SILENT and evidence:
        raise DeclarationError(f"{where}: a silent entry cites no passage as its authority; put what the text says "
                               f"nearby under 'context'")
    if context and status is not Status.SILENT:
        raise DeclarationError(f"{where}: 'context' belongs to silent entries only; this one is {status.value!r}")
    if status in (Status.SILENT, Status.AMBIGUOUS) and not note.strip():
        raise DeclarationError(f"{where}: status {status.value!r} needs a 'note' giving the reason for the value chosen")
    if readings and status is not Status.AMBIGUOUS:
        raise DeclarationError(f"{where}: 'readings' belong to ambiguous entries only, this one is {status.value!r}")
    if status is Status.AMBIGUOUS:
        values = [r.value for r in readings]
        if len(set(values)) < 2:
            raise DeclarationError(f"{where}: status 'ambiguous' needs 'readings' giving at least two different values")
        if value not in values:
            raise DeclarationError(f"{where}: the value {axis.format(value)!r} is none of the readings")
        if len(set(values)) != len(values):
            raise DeclarationError(f"{where}: two readings give the same value")
    return Entry(axis.name, value, status, evidence, note, tuple(readings), context)


def _read_toml(path: Path) -> dict:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DeclarationError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DeclarationError(f"{path}: not UTF-8 text (byte {exc.start + 1} is {data[exc.start]:#04x}); "
                               f"save the file as UTF-8") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeclarationError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise DeclarationError(f"{path}: not valid TOML: arrays or tables nested too deeply") from None


def load_declaration(path: "str | Path") -> Declaration:
    """Read and check one declaration file."""
    if not isinstance(path, (str, Path)):
        raise TypeError(f"load_declaration() takes a path, not {type(path).__name__}")
    path = Path(path)
    raw = _read_toml(path)
    _check(raw, TOP_LEVEL_KEYS, str(path))
    check_names(path, raw)
    if raw["id"] != path.stem:
        raise DeclarationError(f"{path}: id {shorten(raw['id'])!r} does not match the file name {path.stem!r}")
    for key, allowed in (("credibility", CREDIBILITY), ("licence", LICENCES), ("kind", KINDS)):
        if raw.get(key, KINDS[0]) not in allowed:
            raise DeclarationError(f"{path}: {key} {shorten(raw[key])!r} is not one of {', '.join(allowed)}")
    described = raw.get("kind") == "described"
    if described != (raw["licence"] == "describe-only"):
        raise DeclarationError(f"{path}: a described source (kind = \"described\") and only such a source has the licence "
                               f"'describe-only': kind is {raw.get('kind', KINDS[0])!r}, licence {raw['licence']!r}")
    rules_class = RULE_SETS.get(raw["game"])
    if rules_class is None:
        raise DeclarationError(f"{path}: game {shorten(raw['game'])!r} is not one the engine plays; games: "
                               f"{', '.join(RULE_SETS)}")
    axes = rules_class.AXES
    names = [ax.name for ax in axes]
    axes_raw = raw["axes"]
    for name in axes_raw:
        if name not in names:
            raise DeclarationError(f"{path}: unknown axis {shorten(name)!r}; the axes of {raw['game']} are: {', '.join(names)}")
    english = raw["language"] == "en"
    entries = {ax.name: _entry(ax, axes_raw[ax.name], f"{path}: axis {ax.name!r}", english, described)
               for ax in axes if ax.name in axes_raw}
    try:
        rules = rules_class(**{name: e.value for name, e in entries.items()}, source=raw["id"])
    except RuleError as exc:  # conflicts between axes are errors in the declaration
        raise DeclarationError(f"{path}: {exc}") from None
    check_readings(path, entries, rules)
    # Every axis that arises under the source's rules has an entry; one that does not arise has none.
    missing = [ax.name for ax in axes if ax.applies(rules) and ax.name not in entries]
    if missing:
        raise DeclarationError(f"{path}: no entry for axis {missing[0]!r} (every source needs an entry for every axis "
                               f"that arises under its rules; missing: {', '.join(missing)})")
    for ax in axes:
        if ax.name in entries and not ax.applies(rules):
            raise DeclarationError(f"{path}: axis {ax.name!r} does not arise under this source's rules (only when "
                                   f"{ax.applies_when}): remove its entry")
    lineage = None
    if "lineage" in raw:
        _check(raw["lineage"], LINEAGE_KEYS, f"{path}: lineage")
        lin = raw["lineage"]
        descent = read_descent(lin["descent"], f"{path}: lineage", RULE_SETS) if "descent" in lin else None
        lineage = Lineage(lin["follows"], lin["by"], lin["relation"], lin["summary"], lin.get("url", ""),
                          tuple(lin.get("departures", ())), descent)
    chapter = _chapter(raw, entries, path)
    play = read_play(raw.get("play", []), str(path), _check, lambda ev, w: read_evidence(ev, w, english, described),
                     chapter)
    return Declaration(
        id=raw["id"], title=raw["title"], short=raw["short"], language=raw["language"], text=raw["text"],
        game=raw["game"], citation=raw["citation"], bibtex_key=raw["bibtex_key"], licence=raw["licence"],
        credibility=raw["credibility"], provenance=raw["provenance"], completeness=raw["completeness"],
        trust=raw["trust"], entries=MappingProxyType(entries), rules=rules, url=raw.get("url", ""),
        kind=raw.get("kind", KINDS[0]),
        related=tuple(raw.get("related", ())), aliases=tuple(raw.get("aliases", ())), notes=tuple(raw.get("notes", ())),
        lineage=lineage, chapter=chapter, play=play, path=path)


def _squash(text: str) -> str:
    return " ".join(text.split())


def _chapter(raw: dict, entries: Mapping[str, Entry], path: Path) -> tuple[Paragraph, ...]:
    """The source's whole text, if held; then every locator must name a paragraph that holds its passage."""
    if "chapter" not in raw:
        return ()
    if raw["licence"] != "public-domain":
        raise DeclarationError(f"{path}: 'chapter' (the whole text) is for public-domain sources only; "
                               f"this one is {raw['licence']!r}")
    paragraphs = []
    for i, p in enumerate(raw["chapter"], 1):
        _check(p, PARAGRAPH_KEYS, f"{path}: chapter, paragraph {i}")
        if any(q.label == p["label"] for q in paragraphs):
            raise DeclarationError(f"{path}: chapter, paragraph {i}: the label {p['label']!r} is used twice")
        paragraphs.append(Paragraph(p["label"], p["text"]))
    by_label = {p.label: p for p in paragraphs}
    for axis, entry in entries.items():
        for ev in entry.evidence + entry.context:
            parts = [part.strip() for part in ev.locator.split(",")]
            found = [by_label[part] for part in parts if part in by_label]
            if not found:
                raise DeclarationError(f"{path}: axis {axis!r}: the locator {shorten(ev.locator)!r} names no paragraph "
                                       f"of the chapter (labels: {shorten(', '.join(by_label), 100)})")
            if _squash(ev.passage) not in _squash(found[0].text):
                raise DeclarationError(f"{path}: axis {axis!r}: the passage at {ev.locator!r} is not in "
                                       f"{found[0].label}: {shorten(ev.passage)!r}")
    return tuple(paragraphs)
