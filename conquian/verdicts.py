"""Verdicts: how the sources compare on one axis, computed from their values and statuses by one rule.

The rule, stated once (the site's explanation page quotes it from :data:`RULE`):

* **differ in play** -- the sources that speak (stated, implied or ambiguous) give different values; the ruling
  page shows one position that each of them rules differently;
* **agree where they speak** -- those that speak give one value, and at least one source is silent (or the
  question does not arise under its rules): silence is never shown as disagreement;
* **differ in wording only** -- all speak and give one value, but reach it differently (one states what another
  only implies, or reads an ambiguous passage);
* **agree** -- all state (or all imply) one value.

Sources of one game are compared; an axis a source's rules do not raise is *not applicable* there.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .declarations import Declaration, Entry
from .games import HOME

__all__ = ["Verdict", "Comparison", "compare", "RULE"]

RULE = __doc__.split("The rule, stated once (the site's explanation page quotes it from :data:`RULE`):")[1].split(
    "Sources of one game")[0].strip()


class Verdict(enum.Enum):
    """The four verdicts, from the strongest difference to full agreement."""

    PLAY = "play"
    AGREE_WHERE_THEY_SPEAK = "agree-where-they-speak"
    WORDING = "wording"
    AGREE = "agree"

    @property
    def short(self) -> str:
        """A few words for tables: "differ in play"."""
        return _SHORT[self]

    @property
    def label(self) -> str:
        """A sentence's worth: "the sources differ in play"."""
        return "the sources " + _SHORT[self]

    @property
    def mark(self) -> str:
        """One character for plain-text tables: ≠ play, ≈ where they speak, ~ wording, = agree."""
        return _MARK[self]


_SHORT = {Verdict.PLAY: "differ in play", Verdict.AGREE_WHERE_THEY_SPEAK: "agree where they speak",
          Verdict.WORDING: "differ in wording only", Verdict.AGREE: "agree"}
_MARK = {Verdict.PLAY: "≠", Verdict.AGREE_WHERE_THEY_SPEAK: "≈", Verdict.WORDING: "~", Verdict.AGREE: "="}


@dataclass(frozen=True)
class Comparison:
    """One axis across the sources: each source's entry (None where the axis does not apply) and the verdict."""

    axis: str
    entries: Mapping[str, "Entry | None"]
    verdict: Verdict

    @property
    def speaking(self) -> dict[str, Entry]:
        """The sources that say something on the point."""
        return {s: e for s, e in self.entries.items() if e is not None and e.status.speaks}

    def groups(self) -> list[tuple[Any, list[str]]]:
        """The sources grouped by value, in source order: ``[(value, [ids])]`` (sources where it applies only)."""
        out: dict[Any, list[str]] = {}
        for s, e in self.entries.items():
            if e is not None:
                out.setdefault(e.value, []).append(s)
        return list(out.items())

    @property
    def not_applicable(self) -> list[str]:
        return [s for s, e in self.entries.items() if e is None]


def compare(axis: str, declarations: "Mapping[str, Declaration] | Iterable[Declaration]",
            game: str | None = HOME) -> Comparison:
    """The comparison of one game's sources (all given, with ``game=None``) on one axis, with its verdict."""
    decls = list(declarations.values()) if isinstance(declarations, Mapping) else list(declarations)
    if game is not None:
        decls = [d for d in decls if getattr(d, "game", game) == game]
    entries = {d.id: d.entries.get(axis) for d in decls}
    speaking = [e for e in entries.values() if e is not None and e.status.speaks]
    quiet = any(e is None or not e.status.speaks for e in entries.values())
    if len({e.value for e in speaking}) > 1:
        verdict = Verdict.PLAY
    elif quiet:
        verdict = Verdict.AGREE_WHERE_THEY_SPEAK
    elif len({e.status for e in speaking}) > 1:
        verdict = Verdict.WORDING
    else:
        verdict = Verdict.AGREE
    return Comparison(axis, entries, verdict)
