"""Rommé melds: sets and sequences with jokers as small canonical values, their text and bags, and laying off.

A meld is a :class:`Meld`, a tuple that compares by value, so two melds of the same cards are one value and
identical cards are interchangeable:

- a **set** ``(SET, rank, suits, jokers, 0)``: ``suits`` is a 4-bit mask of its natural cards' suits (a set's
  cards are of different suits) and ``jokers`` the number of jokers in it, each standing for the set's rank in
  a suit the set lacks: in ``[6♠ 6♥ 🃏]`` the joker is "the ♣6 or the ♦6", as the article says;
- a **sequence** ``(RUN, suit, start, length, jokers)``: the places ``start … start+length-1`` on the line of
  ranks where place ``p`` holds rank ``p % 13 + 1``: place 0 is the low ace, 12 the king, 13 the ace after the
  king, and a run past 13 has gone round the corner (K A 2).  ``jokers`` is a mask of the run's cards that are
  jokers (bit ``k`` for its ``k``-th card), so a joker stands for one card of the run;
- a group that is neither, ``(NONE, naturals, jokers, 0, 0)``, kept as written so that the engine can say why.

Text: a meld is written in brackets, its cards separated by spaces: ``[6♠ 6♥ 🃏]`` (a joker in a set stands
bare, for the set's rank), ``[7♠ 🃏=8♠ 9♠]`` (a joker in a sequence says which card it stands for; ASCII
``[7S JK=8S 9S]``).  Cards may be written in any order; a sequence prints in rank order.

:class:`MeldRules` holds what makes a meld (the axes that shape one); :meth:`MeldRules.explain` says why a
group is not a meld, naming the axis; :mod:`conquian.games.romme.hands` lists every meld a hand can make.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import BY_CODE, JOKER_CODE, cards as _cards, tokens
from ...errors import CardError
from .bags import JOKER_SHIFT, bag, run_bag, set_bag

__all__ = ["SET", "RUN", "NONE", "Meld", "MeldRules", "read_meld", "meld_bag", "lay_results", "exchange_results", "touching",
           "rank_at", "card_value"]

SET, RUN, NONE = 0, 1, 2
_J = JOKER_CODE
_SUIT_BITS = (1, 2, 4, 8)


def rank_at(place: int) -> int:
    """The rank at a place on the line of ranks: 0 and 13 are aces, 12 the king."""
    return place % 13 + 1


def _code(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


def _name(code: int, ascii: bool) -> str:
    c = BY_CODE[code]
    return c.ascii if ascii else str(c)


def card_value(code: int, ace: int, joker: int) -> int:
    """What a card counts in the final count: its pips, 10 for a court card, ``ace`` for an ace, ``joker`` for a joker."""
    if code == _J:
        return joker
    r = code % 13 + 1
    return ace if r == 1 else min(r, 10)


class Meld(tuple):
    """One meld (or a group that is none), as a canonical tuple: see the module's description."""

    __slots__ = ()

    @staticmethod
    def set(rank: int, suits: int, jokers: int) -> "Meld":
        return tuple.__new__(Meld, (SET, rank, suits, jokers, 0))

    @staticmethod
    def run(suit: int, start: int, length: int, jokers: int) -> "Meld":
        return tuple.__new__(Meld, (RUN, suit, start % 13, length, jokers))

    @staticmethod
    def none(naturals, jokers) -> "Meld":
        return tuple.__new__(Meld, (NONE, tuple(sorted(naturals)), tuple(sorted(jokers)), 0, 0))

    kind = property(lambda self: self[0])

    @property
    def jokers(self) -> int:
        """How many jokers it holds."""
        k = self[0]
        return self[3] if k == SET else self[4].bit_count() if k == RUN else len(self[2])

    @property
    def size(self) -> int:
        k = self[0]
        return self[2].bit_count() + self[3] if k == SET else self[3] if k == RUN else len(self[1]) + len(self[2])

    def naturals(self) -> tuple[int, ...]:
        """The codes of its natural cards (a sequence of fourteen holds its ace twice)."""
        k = self[0]
        if k == SET:
            return tuple(_code(self[1], s) for s in range(4) if self[2] >> s & 1)
        if k == RUN:
            _, suit, start, length, jm = self
            return tuple(suit * 13 + (start + i) % 13 for i in range(length) if not jm >> i & 1)
        return self[1]

    def items(self) -> list[tuple[int, int]]:
        """Its cards in display order as ``(code, stands for)``: a natural stands for itself, a joker in a
        sequence for its card, a joker in a set for nothing (-1)."""
        k = self[0]
        if k == SET:
            return [(c, c) for c in self.naturals()] + [(_J, -1)] * self[3]
        if k == RUN:
            _, suit, start, length, jm = self
            out = []
            for i in range(length):
                c = suit * 13 + (start + i) % 13
                out.append((_J, c) if jm >> i & 1 else (c, c))
            return out
        return [(c, c) for c in self[1]] + [(_J, j) for j in self[2]]

    def text(self, ascii: bool = False) -> str:
        """The meld in brackets: ``[7♠ 🃏=8♠ 9♠]``."""
        parts = []
        for c, stands in self.items():
            if c != _J:
                parts.append(_name(c, ascii))
            else:
                parts.append(_name(_J, ascii) + ("=" + _name(stands, ascii) if stands >= 0 else ""))
        return "[" + " ".join(parts) + "]"

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"read_meld({self.text()[1:-1]!r})"

    def first_points(self, ace: int) -> int:
        """What the meld counts towards a first meld: each card (a joker: the card it stands for) at its value;
        with ``ace = 11`` the ace counts 11 in a set and after the king, but 1 at the low end (A-2-3)."""
        k = self[0]
        if k == SET:
            r = self[1]
            return (ace if r == 1 else min(r, 10)) * self.size
        sums = _RUN_POINTS.get(ace)
        if sums is None:
            sums = _RUN_POINTS[ace] = _run_points(ace)
        start = self[2]
        return sums[start + self[3]] - sums[start]


def _run_points(ace: int) -> list[int]:
    """Points of the places on the line of ranks added up from place 0: a run's points are a difference of two."""
    sums = [0]
    for p in range(28):
        r = p % 13 + 1
        sums.append(sums[-1] + (min(r, 10) if r != 1 else (1 if p == 0 and ace == 11 else ace)))
    return sums


_RUN_POINTS: dict[int, list[int]] = {}


def meld_bag(m: Meld) -> int:
    """A meld's cards as a bag (see :mod:`conquian.games.romme.bags`): its natural cards and its jokers."""
    kind = m[0]
    if kind == RUN:
        return run_bag(m[1], m[2], m[3], m[4])
    if kind == SET:
        return set_bag(m[1], m[2], m[3])
    return bag(m.naturals()) + (len(m[2]) << JOKER_SHIFT)


@dataclass(frozen=True)
class MeldRules:
    """What makes a meld: the axes that shape one (see :class:`~conquian.games.romme.rules.RommeRules`)."""

    min_set: int
    max_set: int
    min_sequence: int
    max_sequence: int
    ace_high: bool
    """The ace may stand after the king (Q K A)."""
    corner: bool
    """A sequence may go round the corner (K A 2)."""
    min_naturals: int
    adjacent: int
    """Jokers side by side: 0 never, 1 two in a sequence of four or more, 2 anywhere."""

    def explain(self, m: Meld) -> tuple[str, "str | None"]:
        """Why a group is not a meld: ``(reason, axis)``; ``("", None)`` for a valid meld."""
        shown = m.text() if m.size <= 14 else m.text()[:40] + f"… ({m.size} cards)]"
        reason, axis = self._why(m)
        return (f"{shown} is not a meld: {reason}", axis) if reason else ("", None)

    def is_meld(self, m: Meld) -> bool:
        return not self._why(m)[0]

    def _why(self, m: Meld) -> tuple[str, "str | None"]:
        k = m[0]
        if k == NONE:
            return _why_none(m)
        n = m.size - m.jokers
        if n < max(1, self.min_naturals):
            return f"it has {n} natural card{'' if n == 1 else 's'}, and a meld needs at least {self.min_naturals}", "min_naturals"
        if k == SET:
            size = m.size
            if size > 4:
                return "a set holds one card of each suit, so at most four", "max_set"
            if size < self.min_set:
                return f"a set needs at least {self.min_set} cards", "min_set"
            if size > self.max_set:
                return f"a set holds at most {self.max_set} cards", "max_set"
            if m[3] >= 2 and self.adjacent != 2:
                return "two jokers in a set stand side by side", "adjacent_jokers"
            return "", None
        _, suit, start, length, jm = m
        if length < self.min_sequence:
            return f"a sequence needs at least {self.min_sequence} cards", "min_sequence"
        if length > self.max_sequence:
            return f"a sequence holds at most {self.max_sequence} cards", "max_sequence"
        last = start + length - 1
        if self.corner:
            if length > 13:
                return "a sequence round the corner holds each rank once", "max_sequence"
        elif last > 13:
            return "a sequence may not go round the corner (K A 2)", "round_the_corner"
        elif last == 13 and not self.ace_high:
            return "the ace is low only, below the 2", "ace"
        if self.adjacent == 0 and jm & (jm >> 1):
            return "two jokers stand side by side", "adjacent_jokers"
        if self.adjacent == 1:
            if jm & (jm >> 1) & (jm >> 2):
                return "three jokers stand side by side", "adjacent_jokers"
            if jm & (jm >> 1) and length < 4:
                return "two jokers may stand side by side only in a sequence of four or more", "adjacent_jokers"
        return "", None

    def max_set_jokers(self) -> int:
        return 6 if self.adjacent == 2 else 1


def _why_none(m: Meld) -> tuple[str, "str | None"]:
    _, nats, jokers, _, _ = m
    if not nats:
        return "a meld needs natural cards, not jokers alone", "min_naturals"
    if -1 in jokers and any(j >= 0 for j in jokers):
        return "a joker in a set stands bare (🃏), a joker in a sequence says which card it stands for (🃏=8♠)", None
    ranks = {c % 13 for c in nats}
    suits = {c // 13 for c in nats}
    assigned = [j for j in jokers if j >= 0]
    if len(ranks) == 1 and assigned and {j % 13 for j in assigned} == ranks and len(suits | {j // 13 for j in assigned}) > 1:
        return "a joker in a set stands bare (🃏), for the set's rank in a suit the set lacks", None
    if len(ranks) == 1 and len(nats) > 1 and not assigned:
        return "the cards of a set are of different suits", "min_set"
    if len(suits) == 1 and -1 in jokers:
        return "say which card a joker in a sequence stands for, e.g. 🃏=8♠", None
    if len(ranks) > 1 and len(suits) > 1:  # several ranks: cited against the passage on sequences (one suit)
        return "its cards are neither of one rank nor of one suit", "min_sequence"
    if any(j >= 0 and j // 13 not in suits for j in jokers):
        return "a joker in a sequence stands for a card of the sequence's suit", None
    if len(nats) + len(jokers) > 14:
        return "a sequence holds at most fourteen cards, A to K to A", "max_sequence"
    return "its cards are not consecutive", "min_sequence"


# -- reading a group ----------------------------------------------------------------------------------
def read_meld(text: str) -> Meld:
    """The meld written between brackets (without them): ``'7♠ 🃏=8♠ 9♠'``; a group that is no meld is a
    ``NONE`` meld (the engine explains it).  Text that is not cards raises :class:`~conquian.errors.CardError`."""
    items: list[tuple[int, int]] = []  # (code, stands for): -1 for a bare joker
    for n, token in tokens(text):
        if "=" in token:
            left, _, right = token.partition("=")
            found = _cards(left) if left else ()
            if len(found) != 1 or not found[0].is_joker:
                raise CardError(f"card {n} ({token[:20]!r}): only a joker says which card it stands for ('🃏=8♠')")
            stands = _cards(right) if right else ()
            if len(stands) != 1 or stands[0].is_joker:
                raise CardError(f"card {n} ({token[:20]!r}): '=' must name the natural card the joker stands for")
            items.append((_J, stands[0].code))
        else:
            (card,) = _cards(token)
            items.append((card.code, -1 if card.is_joker else card.code))
    return _classify(items)


def _classify(items: list[tuple[int, int]]) -> Meld:
    nats = [c for c, _ in items if c != _J]
    jokers = [s for c, s in items if c == _J]
    assigned = [s for s in jokers if s >= 0]
    bare = len(jokers) - len(assigned)
    none = Meld.none(nats, jokers)
    if not nats or (assigned and bare):
        return none
    ranks = {c % 13 for c in nats}
    suits = {c // 13 for c in nats}
    if not assigned and len(ranks) == 1:
        if len(set(nats)) != len(nats):
            return none
        mask = 0
        for c in nats:
            mask |= 1 << (c // 13)
        return Meld.set(nats[0] % 13 + 1, mask, bare)
    if bare or len(suits) != 1 or any(s // 13 not in suits for s in assigned):
        return none
    return _run(items, suits.pop()) or none


def _run(items: list[tuple[int, int]], suit: int) -> "Meld | None":
    written = [s % 13 + 1 for _, s in items]
    length = len(written)
    if length > 14:
        return None
    want = sorted(written)
    starts = [s for s in range(13) if sorted(rank_at(s + i) for i in range(length)) == want]
    if not starts:
        return None
    exact = [s for s in starts if [rank_at(s + i) for i in range(length)] == written]
    if exact:
        start = exact[0]
        jm = sum(1 << i for i, (c, _) in enumerate(items) if c == _J)
        return Meld.run(suit, start, length, jm)
    start = starts[0]
    pool = sorted(items, key=lambda it: it[0] == _J)  # naturals take the first place of their rank
    jm = 0
    for i in range(length):
        r = rank_at(start + i)
        at = next(j for j, (_, s) in enumerate(pool) if s % 13 + 1 == r)
        if pool.pop(at)[0] == _J:
            jm |= 1 << i
    return Meld.run(suit, start, length, jm)


# -- laying off and exchanging ---------------------------------------------------------------------------
def touching(target: Meld) -> set[int]:
    """The card codes that could be laid off on a meld or exchanged for one of its jokers, whatever the rules:
    a set's rank in the suits it lacks, a sequence's cards at either end and those its jokers stand for, a joker."""
    k = target[0]
    if k == SET:
        _, rank, suits, _, _ = target
        return {s * 13 + rank - 1 for s in range(4) if not suits >> s & 1} | {_J}
    if k != RUN:
        return set()
    _, suit, start, length, jm = target
    out = {suit * 13 + (start - 1) % 13, suit * 13 + (start + length) % 13, _J}
    out.update(suit * 13 + (start + i) % 13 for i in range(length) if jm >> i & 1)
    return out


def lay_results(target: Meld, code: int) -> list[tuple[int, Meld]]:
    """Where a card could go on a meld, whatever the rules: ``(side, meld after)``; side 1 below, 2 above, 0 a set."""
    k = target[0]
    if k == SET:
        _, rank, suits, j, _ = target
        if code == _J:
            return [(0, Meld.set(rank, suits, j + 1))]
        if code % 13 + 1 == rank and not suits >> (code // 13) & 1:
            return [(0, Meld.set(rank, suits | 1 << (code // 13), j))]
        return []
    if k != RUN:
        return []
    _, suit, start, length, jm = target
    out = []
    if code == _J or (code // 13 == suit and code % 13 + 1 == rank_at(start - 1)):
        out.append((1, Meld.run(suit, start - 1, length + 1, (jm << 1) | (code == _J))))
    if code == _J or (code // 13 == suit and code % 13 + 1 == rank_at(start + length)):
        out.append((2, Meld.run(suit, start, length + 1, jm | ((code == _J) << length))))
    return out


def exchange_results(target: Meld, code: int) -> list[tuple[int, Meld]]:
    """The meld after a natural card takes the place of a joker standing for it: ``(side, meld after)``; side 0
    where only one joker stands for the card, else 1 for the lower and 2 for the higher (two jokers as aces)."""
    k = target[0]
    if code == _J or k == NONE:
        return []
    if k == SET:
        _, rank, suits, j, _ = target
        if j and code % 13 + 1 == rank and not suits >> (code // 13) & 1:
            return [(0, Meld.set(rank, suits | 1 << (code // 13), j - 1))]
        return []
    _, suit, start, length, jm = target
    if code // 13 != suit:
        return []
    places = [i for i in range(length) if jm >> i & 1 and rank_at(start + i) == code % 13 + 1]
    results = [Meld.run(suit, start, length, jm & ~(1 << i)) for i in places]
    if len(results) == 1:
        return [(0, results[0])]
    return [(side, m) for side, m in zip((1, 2), results)]
