"""What every game's deal is, whichever the game: the interface tools use without asking which game they hold.

As in OpenSpiel, a game is two things: the game itself (its name, player counts, rule-set class: see
:mod:`conquian.games`) and one deal in progress, a :class:`Deal`.  A deal says who is to act
(:attr:`~Deal.to_act`, None once over), lists the legal actions (:meth:`~Deal.legal_actions`, each distinct
outcome once), checks one (:meth:`~Deal.is_legal`, :meth:`~Deal.why_illegal`), applies one (:meth:`~Deal.play`,
which raises :class:`~conquian.errors.IllegalMove` naming the rule and leaves the deal unchanged), and says
whether and how it ended (:attr:`~Deal.is_over`, :attr:`~Deal.outcome`).  As python-chess's ``Board`` adds
move generation to what every board has (``BaseBoard``), each game adds its moves to what every deal has; and, as
there, parse and print come in pairs: the position as text (``str(deal)`` and :meth:`~Deal.from_position`), the
state as plain values (:meth:`~Deal.snapshot` and :meth:`~Deal.from_snapshot`), the whole deal as a record
(:meth:`~Deal.record` and :meth:`~Deal.from_record`).  Every card is somewhere (:meth:`~Deal.places`).

A game's deal class (:class:`conquian.Game`, :class:`conquian.RommeGame`) adds only what differs: its state
(:attr:`~Deal.state`, an object of the game's own state class that the deal alone owns), its moves
(``_list_legal``, ``_diagnose``, and ``_apply``, which hands the state to the game's one ``apply``), its words (``_text``, ``_words``), its notation
(``_format_position``, ``_parse_position``, ``_check``, ``_write_record``, ``_parse_record``) and how a record
starts and reads (``_record_start``, ``_record_lines``, ``_seat_words``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import fields as dataclass_fields
from typing import Any, ClassVar, Iterable, Iterator

from .errors import ConquianError, IllegalMove, PositionError, RecordError
from .rulesets import cite
from .text import shorten

__all__ = ["Deal"]


def _masks(snapshot, fields: tuple) -> "list | None":
    """The card masks the named fields of a snapshot hold, in order (None where one holds something else)."""
    out = []
    for name in fields:
        value = getattr(snapshot, name)
        for m in (value if isinstance(value, tuple) else (value,)):
            if type(m) is not int or m < 0:
                return None
            out.append(m)
    return out


class Deal(ABC):
    """One deal of a game in progress (the base of each game's deal class)."""

    #: The game's action class (it parses text with ``parse``), phase enum member for "over", snapshot class, and
    #: the names of the deal's own list attributes a copy must not share (the state copies itself).
    ACTION: ClassVar[type]
    OVER: ClassVar[Any]
    SNAPSHOT: ClassVar[type]
    MESSAGE_LIMIT: ClassVar["int | None"] = None
    """About how many characters a refused action's message may have (None: the whole citation, as pages show it)."""
    LISTS: ClassVar[tuple[str, ...]] = ("_history",)

    state: Any
    """The deal's state, owned by the deal alone (the game's own class: its ``phase``, its ``actor``, the seat to act
    by index, and its ``outcome``, then what the game needs).  The moves, the words and the game's ``apply`` read its
    fields; only ``apply`` changes them."""
    _history: list
    _legal: "list | None"

    # -- who acts, and how it ends ------------------------------------------------------------------------------
    @property
    def phase(self):
        """The phase of the deal (a member of the game's phase enum; ``over`` once it ended)."""
        return self.state.phase

    @property
    def to_act(self):
        """Who acts next; None once the deal is over."""
        s = self.state
        return None if s.phase is self.OVER else self._seat(s.actor)

    def _seat(self, index: int):
        return index

    @property
    def is_over(self) -> bool:
        return self.state.phase is self.OVER

    @property
    def outcome(self):
        """How the deal ended (None while it goes on)."""
        return self.state.outcome

    @property
    def history(self) -> tuple:
        """``(who, action)`` for every decision so far."""
        return tuple(self._history)

    @property
    def decisions(self) -> int:
        """Player decisions made so far in this deal."""
        return len(self._history)

    def seats(self) -> tuple:
        """The seats of this deal, in turn order, as :attr:`to_act` gives them."""
        return tuple(self._seat(i) for i in range(self.players))

    # -- the rules ------------------------------------------------------------------------------------------------
    def legal_actions(self) -> list:
        """Every legal action, each distinct outcome once."""
        return list(self._listing())

    def is_legal(self, action) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action) -> "str | None":
        """None if the action is legal here, else the message :meth:`play` would raise."""
        action = self.ACTION.parse(action)
        return None if action in self._lookup() else str(self._illegal(action))

    def play(self, action):
        """Apply an action (an action value or its text); returns the deal, for chaining in examples."""
        if type(action) is not self.ACTION:
            action = self.ACTION.parse(action)
        if action not in self._lookup():
            raise self._illegal(action)
        self._legal = None
        self._history.append((self.to_act, action))
        self._apply(action)
        return self

    def _listing(self) -> list:
        """The legal actions, listed once per state; a long list also as a set, made before any copy is, so that
        copies share it (a greedy player plays each of thousands of actions on a copy: a scan of the list for each
        took twenty times the judging)."""
        if self._legal is None:
            self._legal = legal = self._list_legal()
            if len(legal) > 64:
                self._legal_set = (legal, frozenset(legal))
        return self._legal

    def _lookup(self):
        """What ``action in`` looks in: the legal actions as a set when there are many, else as listed."""
        legal = self._listing()
        cached = self.__dict__.get("_legal_set")
        return cached[1] if cached is not None and cached[0] is legal else legal

    def _illegal(self, a) -> IllegalMove:
        a = self.ACTION.parse(a)  # an action built around its class's check is refused here, before the rules read it
        reason, axis = self._diagnose(a)
        text, words = self._text(a), self._words(a)
        rule = cite(self.rules, axis) if axis else ""
        limit = self.MESSAGE_LIMIT
        message = f"{text!r} ({words}) is illegal: {reason}" + (f" ({rule})" if rule else "")
        if limit is not None and len(message) > limit:
            # Cut to fit: the reason whole, the action to 40 characters, its words to what is left once the rule's
            # head (axis, value, source, status) has its place, the rule (its passage) to the rest.
            shown = shorten(text, 40)
            head = len(rule.split("), ", 1)[0]) + 6 if rule else 0
            room = limit - len(f"{shown!r} () is illegal: {reason}") - head
            message = f"{shown!r} ({shorten(words, max(50, room))}) is illegal: {reason}"
            if rule:
                message += f" ({shorten(rule, max(60, limit - len(message) - 3))})"
            if len(message) > limit:  # a long reason (a meld of many cards named in it): the message cut as well
                message = message[:limit - 1] + "…"
        return IllegalMove(message, action=text, words=words, reason=reason, axis=axis, rule=rule)

    def describe(self, action) -> str:
        """What an action would do here, in words."""
        return self._words(action)

    def action_text(self, action) -> str:
        """An action (one of :meth:`legal_actions`, or its text) as the text :meth:`play` reads back."""
        action = self.ACTION.parse(action)  # text is read, an action checked; any other type is a TypeError that says so
        return self._text(action)

    # -- the state as values, the position as text ---------------------------------------------------------------
    @classmethod
    def from_snapshot(cls, snapshot):
        """A deal in the state a snapshot describes, once the game's check has found it possible."""
        if not isinstance(snapshot, cls.SNAPSHOT):
            raise TypeError(f"{cls.__name__}.from_snapshot() takes a Snapshot, not {type(snapshot).__name__}")
        cls._check(snapshot)
        return cls._from_checked(snapshot)

    def moved(self, snapshot, fields: tuple):
        """A deal in the state ``snapshot`` describes, which must be this deal's with only the cards of its
        ``fields`` (names of snapshot fields holding card masks, or tuples of them) moved among them: each mask as
        many cards, the same cards, each once, every other field as it is here.  Only that is checked, not the whole
        position (this deal's was, when play reached it): the strong player's samples, thousands a decision.
        Anything else is a :class:`~conquian.errors.PositionError`."""
        here = self.snapshot()
        if type(snapshot) is not type(here):
            raise PositionError(f"moved: a {type(here).__name__}, not {type(snapshot).__name__}")
        names = {f.name for f in dataclass_fields(here)}
        if not set(fields) <= names:
            raise PositionError(f"moved: {sorted(set(fields) - names)} are not fields of a {type(here).__name__}")
        for name in names - set(fields):
            a, b = getattr(here, name), getattr(snapshot, name)
            if a is not b and a != b:
                raise PositionError(f"moved: {name} would change, and only {', '.join(fields)} may")
        old, new = _masks(here, fields), _masks(snapshot, fields)
        if old is None or new is None or [m.bit_count() for m in old] != [m.bit_count() for m in new]:
            raise PositionError(f"moved: each of {', '.join(fields)} must hold as many cards as before")
        held = union = 0
        for m in new:
            held |= m
        for m in old:
            union |= m
        if held != union or held.bit_count() != sum(m.bit_count() for m in new):
            raise PositionError(f"moved: the cards of {', '.join(fields)} must be the same cards, each once")
        return self._from_checked(snapshot)

    @classmethod
    def _from_checked(cls, snapshot):
        """A deal from a snapshot already found possible (by :meth:`from_snapshot`'s check or :meth:`moved`'s)."""
        g = object.__new__(cls)
        cls._load(g, snapshot, None)
        cls._loaded(g)
        return g

    def _loaded(self) -> None:
        """A further check of a deal set up from a snapshot (the game's own; none by default)."""

    @classmethod
    def from_position(cls, text: str):
        """A deal set up from position text (see the game's notation)."""
        return cls.from_snapshot(cls._parse_position(text))

    def replayed(self) -> Iterator[tuple]:
        """``(who, action, deal)`` for every decision so far, ``deal`` as it stood just before it: the deal played
        again from its start (each move was checked when it was first played).  Each ``deal`` is the caller's."""
        g = type(self).from_record(self._write_record(self._start_position(), []))
        for who, action in self._history:
            yield who, action, g
            g = Deal._then(g, who, action)

    def _then(self, who, action) -> "Deal":
        """A copy of this deal after ``action`` by ``who``, played unchecked (it was checked when first played)."""
        g = self.copy()
        Deal._step(g, who, action)
        return g

    def _step(self, who, action) -> None:
        self._legal = None
        self._history.append((who, action))
        self._apply(action)

    @property
    def begun(self):
        """How the deal began, as it was given: pack and cut, position text, or the snapshot it was set up from
        (what :meth:`follows` compares; a record writes it as text)."""
        return self._start

    def follows(self, other) -> bool:
        """Whether this deal is ``other`` played on: the same game, the same start, nothing else recorded (an
        irregularity reported) since, and ``other``'s moves the first of its own.  A player that followed ``other``
        may carry on from what it knew there."""
        if type(self) is not type(other) or not (self._start is other.begun or self._start == other.begun):
            return False
        for name in self.LISTS:
            mine, theirs = getattr(self, name), getattr(other, name)
            if (mine[:len(theirs)] if name == "_history" else mine) != theirs:
                return False
        return True

    def copy(self):
        """An independent deal in the same state, with the same history."""
        g = object.__new__(type(self))
        g.__dict__.update(self.__dict__)
        g.state = self.state.copy()
        for name in self.LISTS:
            setattr(g, name, list(getattr(self, name)))
        return g

    def __str__(self) -> str:
        return self._format_position(self.snapshot())

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_position({str(self)!r})"

    # -- the record -------------------------------------------------------------------------------------------
    def record(self) -> str:
        """The whole deal as text: its start (pack and cut, or position), every move, the result."""
        return self._write_record(self._start_position(), [(who, self._text(a)) for who, a in self._history])

    def _start_position(self) -> str:
        """The deal's start as a record begins it: position text, or the pack and cut.  A deal set up from a
        snapshot keeps the snapshot and writes its text only when asked (the strong player sets up thousands of
        deals a decision and asks none of them)."""
        start = self._start
        if isinstance(start, str):
            return start
        if isinstance(start, self.SNAPSHOT):
            self._start = self._format_position(start)
            return self._start
        return self._start_text(*start)

    @classmethod
    def from_record(cls, text: str):
        """Replay a record (see :meth:`record`); every move is checked, and the result if one is given."""
        rec = cls._parse_record(text)
        try:
            g = cls._record_start(rec)
        except (ConquianError, TypeError) as exc:
            raise RecordError(f"record start: {exc}") from None
        cls._replay(g, cls._record_lines(rec))
        return g

    def _replay(self, lines: Iterable[tuple[int, Any, str]]) -> None:
        """Play the moves of a record: ``(line, who, text)``, ``who`` being a seat, ``'report'`` or ``'result'``."""
        moves = 0
        result = None
        for line, who, act in lines:
            if who == "result":
                result = act
                continue
            if who == "report":
                try:
                    self.report(act)
                except ConquianError as exc:
                    raise RecordError(f"record line {line}: report {act[:40]!r}: {exc}") from None
                continue
            moves += 1
            where = f"record move {moves} (line {line}, {who!r}: {act[:40]!r})"
            if self.is_over:
                raise RecordError(f"{where}: the deal is already over ({self.outcome})")
            if self._seat_words(self.to_act) != self._seat_words(who):
                raise RecordError(f"{where}: it is {self._seat_words(self.to_act)}'s turn, not {self._seat_words(who)}'s")
            try:
                self.play(act)
            except ConquianError as exc:
                raise RecordError(shorten(f"{where}: {exc}", 300)) from None  # the move's own message, cut to fit
        if result is not None and str(self.outcome) != result.lower():
            raise RecordError(f"record: the result says {result[:40]!r} but the moves give "
                              f"{self.outcome or 'no result yet'}")

    @staticmethod
    def _seat_words(who) -> str:
        return str(who)

    # -- what each game provides --------------------------------------------------------------------------------
    players: int
    """How many players the deal is for."""

    @property
    @abstractmethod
    def pack(self) -> tuple:
        """Every card the deal is played with (the rule set's pack, jokers and copies included)."""

    @abstractmethod
    def places(self) -> dict[str, tuple]:
        """Where every card of :attr:`pack` is now: place (``'stock'``, a hand, the melds, ...) -> its cards."""

    @abstractmethod
    def snapshot(self):
        """The deal now, as plain values."""
        ...

    @abstractmethod
    def _load(self, snapshot, start) -> None:
        ...

    @abstractmethod
    def _list_legal(self) -> list:
        ...

    @abstractmethod
    def _diagnose(self, action) -> tuple[str, "str | None"]:
        ...

    @abstractmethod
    def _apply(self, action) -> None:
        ...

    @abstractmethod
    def _text(self, action) -> str:
        ...

    @abstractmethod
    def _words(self, action) -> str:
        ...

    @abstractmethod
    def _start_text(self, pack, cut) -> str:
        ...

    @abstractmethod
    def _write_record(self, start: str, moves: list) -> str:
        ...

    @staticmethod
    @abstractmethod
    def _check(snapshot) -> None:
        ...

    @staticmethod
    @abstractmethod
    def _format_position(snapshot) -> str:
        ...

    @staticmethod
    @abstractmethod
    def _parse_position(text: str):
        ...

    @staticmethod
    @abstractmethod
    def _parse_record(text: str):
        ...

    @classmethod
    @abstractmethod
    def _record_start(cls, rec) -> "Deal":
        ...

    @staticmethod
    @abstractmethod
    def _record_lines(rec) -> Iterable[tuple[int, Any, str]]:
        ...
