"""How a declaration links outward: its names and readings as rule-set text, and the game its text descends from.

A source's id is what ``str(rules)`` writes, so rule-set text must read it back; an alias is read there too.  An
ambiguous entry's other readings are shown as rule-set text (``conquian rules``, the site), so each must be playable
as printed: a reading that needs other axes changed says so in its ``needs`` table; a passage that gives another
reading's words (a practice the text reports) is filed under it.  A source of a descendant game
(Rommé) may say, in ``[lineage.descent]``, which game its game comes from, with the passage of its text that says so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from .errors import DeclarationError, RuleError
from .text import shorten

__all__ = ["check_names", "check_readings", "Descent", "DESCENT_KEYS", "file_reading_passages", "read_descent",
           "Reading"]

#: Keys of ``[lineage.descent]``: the game a source's game descends from, and the passage that says so.
DESCENT_KEYS = ("game", "via", "passage", "locator", "english")


@dataclass(frozen=True)
class Descent:
    """The game a source's game descends from (``game``, a game id), by way of ``via``, with its evidence."""

    game: str
    via: str
    passage: str
    """Verbatim from the source's text."""
    locator: str
    english: str


@dataclass(frozen=True)
class Reading:
    """One way to read an ambiguous passage, and the axis value it amounts to."""

    value: Any
    text: str
    needs: tuple[tuple[str, Any], ...] = ()
    """Other axes the reading needs, as (axis, value): it is played as the source with these and the value set."""

    def settings(self, axis: str) -> dict[str, Any]:
        """The axes this reading sets, its own first: ``rules.replace(**reading.settings(axis))`` plays it."""
        return {axis: self.value, **dict(self.needs)}


def read_descent(raw: Any, where: str, games: Any) -> Descent:
    """A ``[lineage.descent]`` table, every key required and text, its game one the engine plays."""
    if not isinstance(raw, dict) or set(raw) != set(DESCENT_KEYS) or not all(isinstance(v, str) and v.strip()
                                                                         for v in raw.values()):
        raise DeclarationError(f"{where}: [lineage.descent] needs exactly the keys {', '.join(DESCENT_KEYS)}, each "
                               f"non-empty text")
    if raw["game"] not in games:
        raise DeclarationError(f"{where}: descent game {shorten(raw['game'])!r} is not one the engine plays")
    return Descent(**raw)

_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


def check_names(path: Any, raw: Mapping[str, Any]) -> None:
    """Refuse an id that is not lowercase ASCII letters and digits joined by single hyphens, or an alias that rule-set
    text cannot read (ASCII letters, digits, '.', '_', '-')."""
    name = raw["id"]
    if not (set(name) <= _ID_CHARS and not name.startswith("-") and not name.endswith("-") and "--" not in name):
        raise DeclarationError(f"{path}: id {shorten(name)!r} cannot be written in rule-set text, which reads it "
                               f"back: use lowercase ASCII letters and digits joined by single hyphens, e.g. 'foster-1913'")
    for alias in raw.get("aliases", ()):
        if not all(ch.isascii() and (ch.isalnum() or ch in "._-") for ch in alias):
            raise DeclarationError(f"{path}: alias {shorten(alias)!r} cannot be read in rule-set text: use ASCII "
                                   f"letters, digits, '.', '_' and '-' only")


def check_readings(path: Any, entries: dict, rules: Any) -> None:
    """Coerce each reading's ``needs`` to its axes' values and check that every other reading plays as printed.

    ``entries`` (axis name -> entry) is updated in place with the readings' coerced needs.
    """
    by_name = {ax.name: ax for ax in type(rules).AXES}
    for name, entry in entries.items():
        readings = []
        for i, reading in enumerate(entry.readings, 1):
            where = f"{path}: axis {name!r}, reading {i}"
            needs = []
            for key, value in reading.needs:
                if key not in by_name or key == name:
                    raise DeclarationError(f"{where}: 'needs' names {shorten(str(key))!r}, which is not another axis")
                try:
                    needs.append((key, by_name[key].coerce(value)))
                except RuleError as exc:
                    raise DeclarationError(f"{where}, needs {key}: {exc}") from None
            reading = replace(reading, needs=tuple(needs))
            if reading.value != entry.value:
                try:
                    rules.replace(**reading.settings(name))
                except RuleError as exc:
                    raise DeclarationError(f"{where}: {name}={by_name[name].format(reading.value)} is not playable "
                                           f"as printed ({exc}); list the axes it needs in its 'needs' table") from None
            readings.append(reading)
        entries[name] = replace(entry, readings=tuple(readings))


def file_reading_passages(axis: Any, where: str, ambiguous: bool, value: Any, readings: list, evidence: tuple,
                          context: tuple) -> tuple:
    """The evidence with each passage's ``reading`` read as values of the axis, checked: a passage may be filed under
    other readings (a practice the text reports) only in an ambiguous entry, under readings not chosen, and never
    first (citations quote the first passage); context never is."""
    others = [r.value for r in readings if r.value != value]
    out = list(evidence)
    for i, ev in enumerate(evidence, 1):
        if not ev.for_readings:
            continue
        ewhere = f"{where}, evidence {i}"
        if not ambiguous:
            raise DeclarationError(f"{ewhere}: 'reading' files a passage under another reading, which only an "
                                   f"ambiguous entry has")
        read = []
        for v in ev.for_readings:
            try:
                read.append(axis.coerce(v))
            except RuleError as exc:
                raise DeclarationError(f"{ewhere}, reading: {exc}") from None
            if read[-1] not in others:
                raise DeclarationError(f"{ewhere}: 'reading' names {axis.format(read[-1])!r}, which is not one of the "
                                       f"other readings ({', '.join(axis.format(o) for o in others) or 'none'})")
        out[i - 1] = replace(ev, for_readings=tuple(read))
    if out and out[0].for_readings:
        raise DeclarationError(f"{where}: the first passage must be evidence for the value chosen, not for another "
                               f"reading (it is the one citations quote)")
    if any(ev.for_readings for ev in context):
        raise DeclarationError(f"{where}: 'reading' belongs to evidence of an ambiguous entry, not to context")
    return tuple(out)
