"""The evidence of a declaration: a passage quoted from a stored text, or a rule described from a page not stored.

Most sources are texts held beside the checkout (``shared/sources/``): their evidence is a verbatim **passage** with its
locator and an English rendering, and the tests find every passage in its text.  Some are pages that are someone else's
and are not stored (pagat.com's Conquian page): a declaration of ``kind = "described"`` names a **facts file** instead,
this project's summary of the page under the page's own section headings, and its evidence is a **described** rule: the
section (a locator the facts file names), the rule in this project's words, and at most :data:`MAX_QUOTED_WORDS` of the
page's own words.  The site shows it as "described by" the source, never as a quotation.

This module reads one piece of evidence of either kind, and lists the locators a facts file names
(:func:`facts_locators`); :mod:`conquian.declarations` reads the rest of a file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .errors import DeclarationError
from .text import shorten

__all__ = ["Evidence", "Repair", "EVIDENCE_KEYS", "DESCRIBED_KEYS", "REPAIR_KEYS", "MAX_QUOTED_WORDS",
           "MAX_DESCRIBED_CHARS", "KINDS", "read_evidence", "facts_locators", "check_table"]

TEXT, TEXTS, TABLES, TABLE, VALUE = "text", "list of texts", "list of tables", "table", "value"
VALUES = "value or list of values"

#: The kinds of source: a stored ``text`` quoted, or a page ``described`` in this project's words.
KINDS = ("text", "described")
#: The most words of a described page's own wording one piece of evidence may quote ("a few words").
MAX_QUOTED_WORDS = 8
#: The longest rendering of a described rule: a sentence or two of our own, not a paraphrase of the page.
MAX_DESCRIBED_CHARS = 500

#: Keys of one piece of evidence ``[[axes.NAME.evidence]]`` of a stored text.
EVIDENCE_KEYS = {
    "passage": (True, TEXT, "verbatim from the source text file (whitespace may differ)"),
    "locator": (True, TEXT, "where it stands: section, paragraph or list item"),
    "english": (False, TEXT, "an English rendering written for this project; required unless the source is in English"),
    "repairs": (False, TABLES, "defects of the extraction read corrected: a list of {found, read, why}"),
    "reading": (False, VALUES, "ambiguous entries only: the other reading (its value, or a list of values) this passage "
                               "gives the words of, such as a practice the text reports; without it, the passage is "
                               "evidence for the value chosen"),
}
#: Keys of one piece of evidence of a described source (``kind = "described"``): no passage, the rule in our words.
DESCRIBED_KEYS = {
    "locator": (True, TEXT, "the section of the page, as the facts file names it: 'Heading' or 'Heading, Lead'"),
    "english": (True, TEXT, f"what the page says there, in this project's words (at most {MAX_DESCRIBED_CHARS} "
                            f"characters)"),
    "quoted": (False, TEXT, f"at most {MAX_QUOTED_WORDS} words of the page's own wording, checked on the page"),
    "reading": EVIDENCE_KEYS["reading"],
}
#: Keys of one repair of a passage.
REPAIR_KEYS = {
    "found": (True, TEXT, "the defective text, as it stands in the passage"),
    "read": (True, TEXT, "what it is read as"),
    "why": (False, TEXT, "why"),
}


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
    """One passage of a source supporting a value, or, for a described source, one rule described."""

    passage: str
    """Verbatim, as it stands in the source text file (defects included; see :attr:`repairs`); empty where
    :attr:`described`."""
    locator: str
    english: str
    """An English rendering written for this project (for an English source: the passage with its defects repaired;
    for a described source: the rule in this project's words)."""
    repairs: tuple[Repair, ...] = ()
    for_readings: tuple[Any, ...] = ()
    """For an ambiguous entry: the values of the other readings this passage is the text's words for (none: the
    passage supports the value chosen)."""
    quoted: str = ""
    """A described source's own words, a few at most (:data:`MAX_QUOTED_WORDS`)."""
    described: bool = False
    """Whether this is a rule described from a page not stored (no passage; see the module's docstring)."""

    @property
    def repaired(self) -> str:
        """The passage with every repair applied: the text a reader should see, with the note saying so."""
        text = self.passage
        for r in self.repairs:
            text = text.replace(r.found, r.read)
        return text


def check_table(table: Any, spec: Mapping[str, tuple[bool, str, str]], where: str) -> None:
    """Keys and value kinds of one table, against its spec; every message names the place and the key."""
    if not isinstance(table, dict):
        raise DeclarationError(f"{where}: expected a table, got {kind_of(table)}")
    for k in table:
        if k not in spec:
            raise DeclarationError(f"{where}: unknown key {shorten(k)!r}; valid keys: {', '.join(spec)}")
    for k, (required, kind, what) in spec.items():
        if k not in table:
            if required:
                raise DeclarationError(f"{where}: missing key {k!r} ({what})")
            continue
        v = table[k]
        ok = {TEXT: isinstance(v, str) and bool(v.strip()),
              TEXTS: isinstance(v, list) and all(isinstance(x, str) and x.strip() for x in v),
              TABLES: isinstance(v, list) and all(isinstance(x, dict) for x in v),
              TABLE: isinstance(v, dict),
              VALUE: isinstance(v, (str, int, bool)),
              VALUES: isinstance(v, (str, int, bool)) or (isinstance(v, list) and bool(v)
                                                          and all(isinstance(x, (str, int, bool)) for x in v))}[kind]
        if not ok:
            raise DeclarationError(f"{where}: key {k!r} must be {'non-empty text' if kind == TEXT else 'a ' + kind}, "
                                   f"not {kind_of(v)}")


def kind_of(v: Any) -> str:
    """What a value read from TOML is, in a reader's words."""
    names = {str: "text", int: "a number", float: "a number", bool: "true/false", list: "a list", dict: "a table"}
    return names.get(type(v), type(v).__name__)


def _readings(raw: dict) -> tuple[Any, ...]:
    read = raw.get("reading", [])
    return tuple(read) if isinstance(read, list) else (read,)


def read_evidence(raw: Any, where: str, english_source: bool, described: bool) -> Evidence:
    """One piece of evidence: a passage of a stored text, or (``described``) a rule described from a page."""
    if described:
        if isinstance(raw, dict) and "passage" in raw:
            raise DeclarationError(f"{where}: a described source quotes no passage (its page is not stored): give "
                                   f"'locator', 'english' in this project's words and at most {MAX_QUOTED_WORDS} "
                                   f"'quoted' words")
        check_table(raw, DESCRIBED_KEYS, where)
        quoted = raw.get("quoted", "")
        words = len(quoted.split())
        if words > MAX_QUOTED_WORDS:
            raise DeclarationError(f"{where}: 'quoted' holds {words} words; a described source is quoted by "
                                   f"{MAX_QUOTED_WORDS} words at most (say the rest in 'english', in our words)")
        if len(raw["english"]) > MAX_DESCRIBED_CHARS:
            raise DeclarationError(f"{where}: 'english' is {len(raw['english'])} characters; a described rule takes "
                                   f"{MAX_DESCRIBED_CHARS} at most (a sentence or two of our own)")
        return Evidence("", raw["locator"], raw["english"], (), _readings(raw), quoted, True)
    check_table(raw, EVIDENCE_KEYS, where)
    repairs = []
    for j, rep in enumerate(raw.get("repairs", []), 1):
        rwhere = f"{where}, repair {j}"
        check_table(rep, REPAIR_KEYS, rwhere)
        if rep["found"] not in raw["passage"]:
            raise DeclarationError(f"{rwhere}: {shorten(rep['found'])!r} does not occur in the passage")
        repairs.append(Repair(rep["found"], rep["read"], rep.get("why", "")))
    english = raw.get("english")
    if english is None:
        if not english_source:
            raise DeclarationError(f"{where}: missing key 'english' (an English rendering is required for a "
                                   f"non-English source)")
        english = Evidence(raw["passage"], raw["locator"], "", tuple(repairs)).repaired
    return Evidence(raw["passage"], raw["locator"], english, tuple(repairs), _readings(raw))


def facts_locators(text: str) -> frozenset[str]:
    """The locators a facts file names: each ``## Heading``, and ``Heading, Lead`` for each paragraph under it that
    opens with a bold lead (``**Lead.**`` or ``**Lead**``); bold words that merely open a line inside a paragraph are
    no lead.

    >>> from conquian.declaration_evidence import facts_locators
    >>> sorted(facts_locators("## Play\\n\\n**Forcing.** If a card fits ...\\n**face down** ...\\n\\n**The end** comes\\n"))
    ['Play', 'Play, Forcing', 'Play, The end']
    """
    found, heading, previous = set(), None, ""
    for line in text.splitlines():
        if line.startswith("## "):
            heading = line[3:].strip()
            found.add(heading)
        elif heading and line.startswith("**") and not previous.strip():
            end = line.find("**", 2)
            if end > 2:
                found.add(f"{heading}, {line[2:end].strip().rstrip('.')}")
        previous = line
    return frozenset(found)
