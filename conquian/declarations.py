"""Declarations: what each source says, axis by axis, with its evidence; and the registry of variants.

One TOML file per source in ``variants/`` (shipped inside the package as ``conquian/variants``).
A declaration holds data only.  For every axis of :class:`~conquian.rules.RuleSet` it records
the value, its :class:`Status`, the verbatim passage(s) with a locator and an English rendering,
and an editorial note.  Loading is strict: an unknown key, a missing axis, a bad value or an
entry without the evidence its status needs raises :class:`~conquian.errors.DeclarationError`
naming the file and the axis.

The file format is documented in ``docs/howto/add-a-source.md`` and, briefly, in
:data:`TOP_LEVEL_KEYS`, :data:`ENTRY_KEYS` and :data:`EVIDENCE_KEYS`.
"""

from __future__ import annotations

import enum
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterator, Mapping

from .errors import DeclarationError, RuleError, UnknownVariant
from .rules import AXES, AXIS_BY_NAME, RuleSet

__all__ = [
    "Status", "Evidence", "Repair", "Entry", "Declaration", "DECLARATIONS", "VARIANTS",
    "variant", "declaration", "load_declaration", "variants_dir", "sources_dir", "normalise_id",
]


class Status(enum.Enum):
    """How a source supports a value (after MDN's browser-compat data: unknown is never "no")."""

    STATED = "stated"
    """The source says so in so many words."""
    IMPLIED = "implied"
    """The source does not say so, but what it says entails it (an example, another rule)."""
    SILENT = "silent"
    """The source says nothing; the value is this project's interpretation, with the reason in the note."""
    AMBIGUOUS = "ambiguous"
    """The source can be read more than one way; the readings are listed and the chosen one is the value."""

    def __str__(self) -> str:
        return self.value


#: Keys a declaration file may have at the top level: key -> (required, description).
TOP_LEVEL_KEYS = {
    "id": (True, "the source id, lowercase with hyphens; the file is named after it"),
    "title": (True, "the source's title, as a reader would cite it"),
    "short": (True, "a short label for tabs and matrix columns"),
    "language": (True, "the language of the text: en, de, nl, fr"),
    "text": (True, "the file of the source text in shared/sources/"),
    "game": (True, "the game the text describes (conquian)"),
    "citation": (True, "a full bibliographic record in prose"),
    "bibtex_key": (True, "the key of the source's entry in docs/references.bib"),
    "url": (False, "where the text was found, if it is on the web"),
    "licence": (True, "public-domain, or quote-short (short passages with attribution only)"),
    "credibility": (True, "primary, secondary, translation or machine-translation"),
    "provenance": (True, "where the text comes from and how it reached us"),
    "completeness": (True, "how much of the game the text covers"),
    "trust": (True, "how far the text can be trusted, and why"),
    "related": (False, "ids of sources this one shares an original with"),
    "aliases": (False, "other names the variant can be looked up by"),
    "notes": (False, "text-critical notes: a list of paragraphs"),
    "axes": (True, "one table per axis: [axes.NAME]"),
}
#: Keys of one axis entry ``[axes.NAME]``.
ENTRY_KEYS = {
    "value": (True, "the value under this source, as written in rule-set text"),
    "status": (True, "stated, implied, silent or ambiguous"),
    "evidence": (False, "the passages: required unless the status is silent"),
    "note": (False, "editorial note; required for silent (the reason) and ambiguous (the choice)"),
    "readings": (False, "ambiguous only: the possible readings, one of them the chosen value"),
}
#: Keys of one piece of evidence ``[[axes.NAME.evidence]]``.
EVIDENCE_KEYS = {
    "passage": (True, "verbatim from the source text file (whitespace may differ)"),
    "locator": (True, "where it stands: section, paragraph or list item"),
    "english": (False, "an English rendering written for this project; required unless the source is in English"),
    "repairs": (False, "defects of the extraction read corrected: a list of {found, read, why}"),
}
CREDIBILITY = ("primary", "secondary", "translation", "machine-translation")
LICENCES = ("public-domain", "quote-short")


@dataclass(frozen=True)
class Repair:
    """A defect of the extraction (an OCR error, a lost glyph) and how this project reads it."""

    found: str
    """The defective text as it stands in the extraction (it occurs in the passage)."""
    read: str
    """What the text is read as."""
    why: str = ""


@dataclass(frozen=True)
class Evidence:
    """One passage of a source supporting a value."""

    passage: str
    """Verbatim, as it stands in the source text file (defects included; see :attr:`repairs`)."""
    locator: str
    english: str
    """An English rendering written for this project (for an English source: the passage with its defects repaired)."""
    repairs: tuple[Repair, ...] = ()

    @property
    def repaired(self) -> str:
        """The passage with every repair applied: the text a reader should see, with the note saying so."""
        text = self.passage
        for r in self.repairs:
            text = text.replace(r.found, r.read)
        return text


@dataclass(frozen=True)
class Entry:
    """What one source says about one axis."""

    axis: str
    value: Any
    status: Status
    evidence: tuple[Evidence, ...]
    note: str = ""
    readings: tuple[str, ...] = ()


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
    url: str = ""
    related: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    path: Path | None = field(default=None, compare=False)

    @property
    def rules(self) -> RuleSet:
        """The rule set this declaration amounts to."""
        return _RULES[self.id] if self.id in _RULES else self.build_rules()

    def build_rules(self) -> RuleSet:
        try:
            return RuleSet(**{name: e.value for name, e in self.entries.items()}, source=self.id)
        except RuleError as exc:
            raise DeclarationError(f"{self._where()}: {exc}") from None

    def entry(self, axis: str) -> Entry:
        if axis not in self.entries:
            raise RuleError(f"unknown axis {axis!r}; the axes are: {', '.join(AXIS_BY_NAME)}")
        return self.entries[axis]

    def _where(self) -> str:
        return str(self.path) if self.path else self.id


def _check_keys(table: Mapping[str, Any], spec: Mapping[str, tuple[bool, str]], where: str) -> None:
    if not isinstance(table, Mapping):
        raise DeclarationError(f"{where}: expected a table, got {type(table).__name__}")
    unknown = [k for k in table if k not in spec]
    if unknown:
        raise DeclarationError(f"{where}: unknown key {unknown[0]!r}; valid keys: {', '.join(spec)}")
    missing = [k for k, (required, _) in spec.items() if required and k not in table]
    if missing:
        raise DeclarationError(f"{where}: missing key {missing[0]!r} ({spec[missing[0]][1]})")
    for k, v in table.items():
        if k in ("axes", "evidence", "repairs", "notes", "related", "aliases", "readings", "value"):
            continue
        if not isinstance(v, str) or not v.strip():
            raise DeclarationError(f"{where}: {k!r} must be non-empty text")


def _str_list(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(x, str) and x.strip() for x in value):
        raise DeclarationError(f"{where}: expected a list of non-empty strings")
    return tuple(value)


def _load_evidence(raw: Any, where: str, english_source: bool) -> Evidence:
    _check_keys(raw, EVIDENCE_KEYS, where)
    repairs = []
    for j, rep in enumerate(raw.get("repairs", []), 1):
        rwhere = f"{where}, repair {j}"
        _check_keys(rep, {"found": (True, "defective text"), "read": (True, "the reading"), "why": (False, "why")}, rwhere)
        if rep["found"] not in raw["passage"]:
            raise DeclarationError(f"{rwhere}: {rep['found']!r} does not occur in the passage")
        repairs.append(Repair(rep["found"], rep["read"], rep.get("why", "")))
    english = raw.get("english")
    if english is None:
        if not english_source:
            raise DeclarationError(f"{where}: missing key 'english' (an English rendering is required for a non-English source)")
        english = Evidence(raw["passage"], raw["locator"], "", tuple(repairs)).repaired
    return Evidence(raw["passage"], raw["locator"], english, tuple(repairs))


def _load_entry(axis: str, raw: Any, where: str, english_source: bool) -> Entry:
    _check_keys(raw, ENTRY_KEYS, where)
    try:
        status = Status(raw["status"])
    except ValueError:
        raise DeclarationError(f"{where}: status {raw['status']!r} is not one of {', '.join(s.value for s in Status)}") from None
    try:
        value = AXIS_BY_NAME[axis].coerce(raw["value"])
    except RuleError as exc:
        raise DeclarationError(f"{where}: {exc}") from None
    evidence_raw = raw.get("evidence", [])
    if not isinstance(evidence_raw, list):
        raise DeclarationError(f"{where}: 'evidence' must be a list of tables ([[axes.{axis}.evidence]])")
    evidence = tuple(_load_evidence(ev, f"{where}, evidence {i}", english_source) for i, ev in enumerate(evidence_raw, 1))
    note = raw.get("note", "")
    readings = _str_list(raw["readings"], f"{where}: readings") if "readings" in raw else ()
    if status is not Status.SILENT and not evidence:
        raise DeclarationError(f"{where}: status {status.value!r} needs at least one passage in 'evidence'")
    if status in (Status.SILENT, Status.AMBIGUOUS) and not note.strip():
        raise DeclarationError(f"{where}: status {status.value!r} needs a 'note' giving the reason for the value chosen")
    if status is Status.AMBIGUOUS and len(readings) < 2:
        raise DeclarationError(f"{where}: status 'ambiguous' needs 'readings' listing at least two readings")
    if readings and status is not Status.AMBIGUOUS:
        raise DeclarationError(f"{where}: 'readings' belong to ambiguous entries only, this one is {status.value!r}")
    return Entry(axis, value, status, evidence, note, readings)


def load_declaration(path: "str | Path") -> Declaration:
    """Read and check one declaration file."""
    path = Path(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise DeclarationError(f"{path}: not valid TOML: {exc}") from None
    _check_keys(raw, TOP_LEVEL_KEYS, str(path))
    if raw["id"] != path.stem:
        raise DeclarationError(f"{path}: id {raw['id']!r} does not match the file name {path.stem!r}")
    if raw["credibility"] not in CREDIBILITY:
        raise DeclarationError(f"{path}: credibility {raw['credibility']!r} is not one of {', '.join(CREDIBILITY)}")
    if raw["licence"] not in LICENCES:
        raise DeclarationError(f"{path}: licence {raw['licence']!r} is not one of {', '.join(LICENCES)}")
    axes_raw = raw["axes"]
    if not isinstance(axes_raw, Mapping):
        raise DeclarationError(f"{path}: 'axes' must be a table of [axes.NAME] tables")
    for name in axes_raw:
        if name not in AXIS_BY_NAME:
            raise DeclarationError(f"{path}: unknown axis {name!r}; the axes are: {', '.join(AXIS_BY_NAME)}")
    missing = [ax.name for ax in AXES if ax.name not in axes_raw]
    if missing:
        raise DeclarationError(f"{path}: no entry for axis {missing[0]!r} (every source needs an entry for every axis; "
                               f"missing: {', '.join(missing)})")
    english = raw["language"] == "en"
    entries = {ax.name: _load_entry(ax.name, axes_raw[ax.name], f"{path}: axis {ax.name!r}", english) for ax in AXES}
    decl = Declaration(
        id=raw["id"], title=raw["title"], short=raw["short"], language=raw["language"], text=raw["text"],
        game=raw["game"], citation=raw["citation"], bibtex_key=raw["bibtex_key"], licence=raw["licence"],
        credibility=raw["credibility"], provenance=raw["provenance"], completeness=raw["completeness"],
        trust=raw["trust"], entries=MappingProxyType(entries), url=raw.get("url", ""),
        related=_str_list(raw.get("related", []), f"{path}: related") if raw.get("related") else (),
        aliases=_str_list(raw.get("aliases", []), f"{path}: aliases") if raw.get("aliases") else (),
        notes=_str_list(raw.get("notes", []), f"{path}: notes") if raw.get("notes") else (),
        path=path,
    )
    decl.build_rules()  # conflicts between axes are errors in the declaration
    return decl


def variants_dir() -> Path:
    """The folder of declaration files: inside the installed package, or ``variants/`` of a source checkout."""
    env = os.environ.get("CONQUIAN_VARIANTS")
    if env:
        return Path(env)
    inside = Path(__file__).resolve().parent / "variants"
    return inside if inside.is_dir() else Path(__file__).resolve().parent.parent / "variants"


def sources_dir() -> Path | None:
    """The folder of source texts (``../shared/sources`` beside a checkout), or None where it is absent."""
    env = os.environ.get("CONQUIAN_SOURCES")
    candidates = [Path(env)] if env else []
    root = Path(__file__).resolve().parent.parent
    candidates += [root.parent / "shared" / "sources", root / "shared" / "sources"]
    return next((c for c in candidates if c.is_dir()), None)


def normalise_id(name: str) -> str:
    """``'Foster 1913'``, ``'FOSTER_1913'`` -> ``'foster-1913'``."""
    return re.sub(r"[\s_]+", "-", name.strip().lower())


def _load_all() -> dict[str, Declaration]:
    folder = variants_dir()
    loaded = [load_declaration(path) for path in sorted(folder.glob("*.toml"))]
    # Most authoritative first: primary sources, then secondary, translations, machine translations.
    loaded.sort(key=lambda d: (CREDIBILITY.index(d.credibility), d.id))
    return {d.id: d for d in loaded}


class _Registry(Mapping[str, RuleSet]):
    """Read-only mapping from source id to its rule set, in file order."""

    def __init__(self, rules: Mapping[str, RuleSet]):
        self._rules = rules

    def __getitem__(self, key: str) -> RuleSet:
        return self._rules[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{k!r}: {v!r}" for k, v in self._rules.items()) + "}"


DECLARATIONS: Mapping[str, Declaration] = MappingProxyType(_load_all())
_RULES = {k: d.build_rules() for k, d in DECLARATIONS.items()}
#: Source id -> its :class:`RuleSet`.
VARIANTS: Mapping[str, RuleSet] = _Registry(_RULES)
_ALIASES = {normalise_id(a): d.id for d in DECLARATIONS.values() for a in (d.id, *d.aliases)}


def _resolve(name: str) -> str:
    if not isinstance(name, str):
        raise UnknownVariant(f"a variant name must be text, not {name!r}")
    key = _ALIASES.get(normalise_id(name))
    if key is None:
        raise UnknownVariant(f"unknown variant {name!r}; known variants: {', '.join(DECLARATIONS)}")
    return key


def variant(name: str) -> RuleSet:
    """The rule set of a declared source, looked up by id or alias, ignoring case, ``_`` and spaces.

    >>> variant('Rummy_CH') is VARIANTS['rummy-ch']
    True
    """
    return VARIANTS[_resolve(name)]


def declaration(name: str) -> Declaration:
    """The declaration (evidence and all) of a declared source."""
    return DECLARATIONS[_resolve(name)]
