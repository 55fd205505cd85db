"""What the actions of every game share: a tuple whose first item is its kind (a member of the game's enum of action
words), that prints as text and reads it back.

A game's ``Action`` class derives from :class:`ActionBase`, names its kinds (``KINDS``) and writes only what
differs: how it is built and checked (``__new__``), its text (``text``) and how the words after the kind read
(``_read``).  :meth:`ActionBase.parse` reads the kind, and turns a card that cannot be read into an
:class:`~conquian.errors.ActionError` naming the whole action.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .errors import ActionError, CardError
from .text import leading_word, shorten

__all__ = ["ActionBase"]


class ActionBase(tuple):
    """An action of any game: ``(kind, ...)``, immutable, hashable, printed by :meth:`text`."""

    __slots__ = ()
    KINDS: ClassVar[type]
    MAX_TEXT: ClassVar["int | None"] = None
    """The most characters a game's action text may have (None: no bound beyond the parser's linear reading)."""
    """The game's enum of action kinds, valued by the word that starts the action's text."""

    kind = property(lambda self: self[0])

    def text(self) -> str:
        """The action as text (each game writes its own)."""
        raise NotImplementedError  # pragma: no cover - every game's Action defines it

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self.text()!r})"

    @classmethod
    def parse(cls, text: Any):
        """Read action text (Unicode or ASCII cards): an action of this class is returned as it is."""
        if isinstance(text, cls):
            return text
        if not isinstance(text, str):
            raise TypeError(f"an action must be text or an Action, not {type(text).__name__}")
        if cls.MAX_TEXT is not None and len(text) > cls.MAX_TEXT:  # refused before anything is read
            raise ActionError(f"action {shorten(text, 40)!r}: {len(text)} characters, more than any action "
                              f"({cls.MAX_TEXT} at most)")
        kind, rest, shown = leading_word(text, cls.KINDS, "action", ActionError)
        try:
            return cls._read(kind, rest, shown)
        except CardError as exc:
            raise ActionError(f"action {shown!r}: {exc}") from None

    @classmethod
    def _read(cls, kind, rest: str, shown: str):
        """The action of that kind whose text goes on with ``rest`` (``shown``: the whole text, for messages)."""
        raise NotImplementedError  # pragma: no cover - every game's Action defines it
