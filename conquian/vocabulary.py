"""What the actions of every game share: a tuple whose first item is its kind (a member of the game's enum of action
words), that prints as text and reads it back.

A game's ``Action`` class derives from :class:`ActionBase`, names its kinds (``KINDS``) and writes only what
differs: how it is built and checked (``__new__``), its text (``text``) and how the words after the kind read
(``_read``).  :meth:`ActionBase.parse` reads the kind, and turns a card that cannot be read into an
:class:`~conquian.errors.ActionError` naming the whole action.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .errors import ActionError, CardError, ConquianError
from .text import leading_word, shorten

__all__ = ["ActionBase", "action_kind"]


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
        return type(self).checked(self).text()

    def __repr__(self) -> str:
        try:
            return f"{type(self).__name__}.parse({type(self).checked(self).text()!r})"
        except ActionError:  # a repr never raises: it says what the object is
            return f"<a malformed {type(self).__name__} of {len(self)} part{'' if len(self) == 1 else 's'}>"

    @classmethod
    def checked(cls, action):
        """``action`` itself, if it has the shape its class builds: one made around the class's check (with
        ``tuple.__new__``) is rebuilt by the class, and a shape the class would not build is an
        :class:`~conquian.errors.ActionError` saying so, not an internals error where the engine reads it."""
        name = type(action).__name__
        try:
            rebuilt = type(action)(*action)
        except (TypeError, ConquianError) as exc:
            parts = f"{len(action)} part" + ("" if len(action) == 1 else "s")
            raise ActionError(f"a malformed {name} of {parts}: {shorten(str(exc), 150)}") from None
        if rebuilt != action:
            raise ActionError(f"a malformed {name}: its parts are not as {name}() keeps them")
        return action

    @classmethod
    def parse(cls, text: Any):
        """Read action text (Unicode or ASCII cards): an action of this class is returned as it is, once
        :meth:`checked`."""
        if isinstance(text, cls):
            return cls.checked(text)
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


def action_kind(action) -> str:
    """An action's kind as the tally and the strong player sort actions: its kind's name (``use``, ``pass``,
    ``force`` ...), and ``discard-force`` for a Conquian discard laid straight onto an opponent's meld."""
    kind = action.kind.value
    forced = getattr(action, "onto", 0) or getattr(action, "melds", ())  # onto a meld, or regrouping the melds
    return "discard-force" if kind == "discard" and forced else kind
