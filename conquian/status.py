"""How a source supports a value: the one vocabulary of statuses (word, mark, meaning) for the CLI and the site.

After MDN's browser-compat data: *silent* is never shown as "no", and an axis that does not apply to a game has
its own mark (:data:`NOT_APPLICABLE`).
"""

from __future__ import annotations

import enum

__all__ = ["Status", "NOT_APPLICABLE"]


class Status(enum.Enum):
    """How a source supports the value declared for it."""

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

    @property
    def mark(self) -> str:
        """One character for tables: ● stated, ◐ implied, ○ silent, ◇ ambiguous."""
        return _MARKS[self]

    @property
    def meaning(self) -> str:
        """What the status says about the value, as a clause: "the source says so in so many words"."""
        return _MEANINGS[self]

    @property
    def speaks(self) -> bool:
        """Whether the source says anything on the point (every status but silent)."""
        return self is not Status.SILENT


_MARKS = {Status.STATED: "●", Status.IMPLIED: "◐", Status.SILENT: "○", Status.AMBIGUOUS: "◇"}
_MEANINGS = {
    Status.STATED: "the source says so in so many words",
    Status.IMPLIED: "the source does not say so, but what it says entails it",
    Status.SILENT: "the source says nothing; the value is this project's interpretation",
    Status.AMBIGUOUS: "the source can be read more than one way; the value is the reading chosen",
}

#: The mark of an axis that does not apply to a source's game: never "no", never a status.
NOT_APPLICABLE = "–"
