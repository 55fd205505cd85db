"""How a source's game goes, phase by phase, as its text says it: the ``[[play]]`` section of a declaration.

The axes hold the questions on which sources can part; a reader who is to play one source's game also needs what
its text says of the game as a whole: the object, how a turn goes (a card used is paid for with a discard, to which
the opponent has the say; a card refused passes on, and the player who refuses last draws the next), how a player
goes out, how a game is scored.  Each ``[[play]]`` table is one such rule: a sentence in this project's words, its
status (by the rule of ``explanation/statuses.md``, as for an axis) and the passages it rests on, read as strictly
as an axis entry.  The rules pages show them in play order, phase by phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .errors import DeclarationError
from .status import Status
from .text import shorten

__all__ = ["PHASES", "PLAY_KEYS", "PlayRule", "read_play"]

#: The phases of a game, in play order; each ``[[play]]`` rule belongs to one.
PHASES = ("object", "cards", "deal", "turn", "going-out", "scoring")

#: Keys of one ``[[play]]`` table: key -> (required, kind, description), the kinds those of the loader's other tables.
PLAY_KEYS = {
    "phase": (True, "text", "the phase of the game the rule belongs to: " + ", ".join(PHASES)),
    "rule": (True, "text", "the rule in this project's words, as a rules book gives it to a player"),
    "status": (True, "text", "stated, implied, silent or ambiguous, by the same rule as an axis entry"),
    "evidence": (False, "list of tables", "the passages, [[play.evidence]]: required unless the status is silent"),
    "note": (False, "text", "required for silent and ambiguous: why the rule is this project's reading"),
}


@dataclass(frozen=True)
class PlayRule:
    """One rule of how a source's game goes, in words, with its status and evidence."""

    phase: str
    rule: str
    status: Status
    evidence: tuple[Any, ...]
    """:class:`~conquian.declarations.Evidence`, as for an axis entry."""
    note: str = ""

    @property
    def is_reading(self) -> bool:
        """Whether the rule is this project's reading (the text silent, or open to more than one reading)."""
        return self.status in (Status.SILENT, Status.AMBIGUOUS)


def read_play(raw: Any, where: str, check: Callable[[Any, dict, str], None], evidence: Callable[[dict, str], Any],
              chapter: Sequence[Any] = ()) -> tuple[PlayRule, ...]:
    """The ``[[play]]`` tables of a declaration file, in order.  ``check`` is the loader's key check, ``evidence`` its
    reader of one passage; ``chapter``, for a source held whole, the paragraphs every locator must name."""
    if not isinstance(raw, list) or not all(isinstance(t, dict) for t in raw):
        raise DeclarationError(f"{where}: 'play' must be a list of tables, [[play]]")
    rules = []
    for i, table in enumerate(raw, 1):
        here = f"{where}: play {i}"
        check(table, PLAY_KEYS, here)
        if table["phase"] not in PHASES:
            raise DeclarationError(f"{here}: phase {shorten(table['phase'])!r} is not one of {', '.join(PHASES)}")
        try:
            status = Status(table["status"])
        except ValueError:
            raise DeclarationError(f"{here}: status {shorten(table['status'])!r} is not one of "
                                   f"{', '.join(s.value for s in Status)}") from None
        passages = tuple(evidence(ev, f"{here}, evidence {j}") for j, ev in enumerate(table.get("evidence", []), 1))
        if status is Status.SILENT and passages:
            raise DeclarationError(f"{here}: a silent rule cites no passage as its authority")
        if status is not Status.SILENT and not passages:
            raise DeclarationError(f"{here}: status {status.value!r} needs at least one passage in 'evidence'")
        if status in (Status.SILENT, Status.AMBIGUOUS) and not table.get("note", "").strip():
            raise DeclarationError(f"{here}: status {status.value!r} needs a 'note' saying why this is the reading")
        for j, ev in enumerate(passages, 1):
            _in_chapter(ev, chapter, f"{here}, evidence {j}")
        rules.append(PlayRule(table["phase"], table["rule"], status, passages, table.get("note", "")))
    return tuple(rules)


def _in_chapter(ev: Any, chapter: Sequence[Any], where: str) -> None:
    """For a source held whole: the locator names a paragraph, and the passage stands in it."""
    if not chapter:
        return
    parts = {part.strip() for part in ev.locator.split(",")}
    found = next((p for p in chapter if p.label in parts), None)
    if found is None:
        raise DeclarationError(f"{where}: the locator {shorten(ev.locator)!r} names no paragraph of the chapter")
    if " ".join(ev.passage.split()) not in " ".join(found.text.split()):
        raise DeclarationError(f"{where}: the passage is not in {found.label}: {shorten(ev.passage)!r}")
