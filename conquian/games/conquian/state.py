"""The state of a deal: roles, phases, how a card came to be on offer, how a deal ends, a plain snapshot, and the
deal's own state.

A :class:`Snapshot` is everything a deal is at one moment, as plain values (card masks);
:func:`conquian.games.conquian.checks.check` says whether it is a state that play can reach.  A :class:`State` is the same as the
deal holds it while it is played: its one owner is the deal (``game.state``); the moves and the words read its
public fields, and the room's ``apply`` alone changes them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Iterable

from ...cards import Card
from ...errors import PositionError
from .melds import MeldTable, Melding
from .rules import RuleSet

__all__ = ["Role", "Phase", "Origin", "Termination", "Outcome", "Irregularity", "Snapshot", "State", "pips", "seats",
           "after", "before"]


class Role(enum.IntEnum):
    """The players of a deal, by seat: the dealer, the pone (to his right, who plays first) and, in a game of three,
    the middle player (to the pone's right, who plays second).  Play goes to the right: pone, middle, dealer."""

    DEALER = 0
    PONE = 1
    MIDDLE = 2

    @property
    def other(self) -> "Role":
        """The opponent, in a game of two (in a game of three, see :func:`after` and :func:`before`)."""
        if self is Role.MIDDLE:
            raise ValueError("the middle player has two opponents: say which, with after() or before()")
        return Role(1 - self)

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Role.{self.name}"

    @classmethod
    def parse(cls, text: "Role | str", players: int = 3) -> "Role":
        """``'dealer'``, ``'pone'`` or (with three players) ``'middle'``, any case, spaces around, to a role."""
        if isinstance(text, Role) and text < players:
            return text
        if isinstance(text, str):
            key = text.strip(" \t").lower() if text.isascii() else ""
            if key in _NAMES[:players]:
                return cls[key.upper()]
        names = ", ".join(repr(n) for n in _NAMES[:players - 1]) + f" or {_NAMES[players - 1]!r}"
        raise PositionError(f"a role is {names}, not {str(text)!r:.40}")


_NAMES = ("dealer", "pone", "middle")
_SEATS = {2: (Role.DEALER, Role.PONE), 3: (Role.DEALER, Role.PONE, Role.MIDDLE)}


def seats(players: int) -> tuple[Role, ...]:
    """The seats of a deal of ``players`` (2 or 3), the dealer first."""
    return _SEATS[players]


def after(seat: int, players: int) -> int:
    """The seat to the right of ``seat``: the next to play, who faces the card ``seat`` passes or discards."""
    return (seat + 1) % players


def before(seat: int, players: int) -> int:
    """The seat to the left of ``seat``: the player who played before him."""
    return (seat - 1) % players


class Phase(enum.Enum):
    EXCHANGE = "exchange"
    """Before play (``exchange``): the player to act chooses a card to pass face down to the next player."""
    OFFER = "offer"
    """A card is on offer and the player to act has the say to it."""
    DISCARD = "discard"
    """The player to act must discard."""
    REFUSED = "refused"
    """The opponent declined a card that fits his meld; the player to act may demand he take it (reactive forcing)."""
    OVER = "over"


class Origin(enum.Enum):
    """How the card on offer came to be there."""

    TURNED_UP = "turned up"
    """It was turned face up at the deal (``turn_up``); the first say is treated as if its holder had drawn it."""
    DRAWN = "drawn"
    """The player with the say just turned it from the stock."""
    PASSED = "passed"
    """The opponent drew it and passed it."""
    DISCARD = "discarded"
    """The opponent discarded it."""
    DEMANDED = "demanded"
    """The player with the say was made to take it and must use it."""

    @property
    def first_say(self) -> bool:
        """Whether the player with the say drew the card himself (or has the turned-up card)."""
        return self is Origin.DRAWN or self is Origin.TURNED_UP


class Termination(enum.Enum):
    WIN = "win"
    """A player got the cards down that the rules require."""
    TABLEAU = "tableau"
    """A card had to be drawn from an empty stock: a tie."""
    MISDEAL = "misdeal"
    """The deal is void (a card faced in the pack, or exposed by the dealer) and is made again."""


class Irregularity(enum.Enum):
    """What can go wrong in the deal itself (the axis ``misdeal`` says what follows)."""

    FACED_IN_PACK = "a card faced in the pack"
    EXPOSED_BY_DEALER = "a card exposed by the dealer"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, value: "Irregularity | str") -> "Irregularity":
        """An irregularity, or its text (``'a card faced in the pack'``, any case and spacing)."""
        if isinstance(value, Irregularity):
            return value
        if not isinstance(value, str):
            raise TypeError(f"an irregularity is an Irregularity or its text, not {type(value).__name__}")
        key = " ".join(value.lower().split()) if value.isascii() else ""
        for member in cls:
            if key == member.value:
                return member
        raise PositionError(f"an irregularity is {' or '.join(repr(m.value) for m in cls)}, not {value[:40]!r}")


def pips(cs: Iterable[Card]) -> int:
    """Pips of cards left in a hand: ace 1, number cards their number, court cards 10."""
    return sum(min(c.rank, 10) for c in cs)


@dataclass(frozen=True)
class Outcome:
    """How a deal ended."""

    termination: Termination
    winner: Role | None = None
    loser_pips: int = 0
    """Pips left in the loser's hand (ace 1, court cards 10): the stake where ``scoring = pips``; in a game of three,
    in both losers' hands together."""

    def __post_init__(self) -> None:
        if not isinstance(self.termination, Termination):
            raise TypeError(f"Outcome(termination) must be a Termination, not {type(self.termination).__name__}")
        if (self.termination is Termination.WIN) != isinstance(self.winner, Role):
            raise TypeError("a win needs its winner (a Role), and a tableau or a misdeal has none")
        if isinstance(self.loser_pips, bool) or not isinstance(self.loser_pips, int) or self.loser_pips < 0:
            raise TypeError(f"Outcome(loser_pips) must be a whole number, not {self.loser_pips!r}")

    def __str__(self) -> str:
        return self.termination.value if self.winner is None else f"{self.winner} wins"


@dataclass(frozen=True)
class Snapshot:
    """A deal at one moment, as plain values.  Cards are single-bit masks; groups of cards are masks.

    ``hands`` and ``melds`` are indexed by :class:`Role`, one for each player (two, or three); ``stock`` lists the
    stock top card first; ``out`` the cards out of play in the order they went.  ``actor`` is None once the deal is
    over.
    """

    rules: RuleSet
    hands: tuple[int, ...]
    melds: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    out: tuple[int, ...]
    phase: Phase
    actor: Role | None
    offer: int = 0
    origin: Origin | None = None
    outcome: Outcome | None = None
    forced: bool = False
    """In phase DISCARD: whether the player must discard because a card was forced on him."""
    given: tuple[int, ...] = ()
    """In phase EXCHANGE: the card each seat has chosen to pass face down so far (0 for none yet), by seat; else ()."""
    claim: tuple[int, ...] = ()
    """In phase REFUSED in a game of three, where the demand is not of the player before the actor:
    ``(target, decliner)``, the seat that may be made to take the card and the last to decline it; else ()."""

    def down(self, role: Role) -> int:
        n = 0
        for m in self.melds[role]:
            n += m.bit_count()
        return n

    def held(self, role: Role) -> int:
        """Cards in the player's hand and melds, and the card he has chosen to pass before play."""
        return self.hands[role].bit_count() + self.down(role) + bool(self.given and self.given[role])

    @property
    def players(self) -> int:
        return len(self.hands)


@dataclass(slots=True)
class State:
    """A deal's state while it is played, as the deal holds it (``game.state``): card masks, as in a
    :class:`Snapshot`, but in lists that play changes in place.  Indexes are seats (:class:`Role` values)."""

    rules: RuleSet
    table: MeldTable
    """``rules.table``: every meld the rules allow."""
    melding: Melding
    """``rules.melding``: how a card on offer may be used."""
    hands: list[int]
    melds: list[tuple[int, ...]]
    down: list[int]
    """Each player's cards down, as one mask, kept in step with ``melds``."""
    stock: list[int]
    """The stock, its top card last (the end of the list)."""
    out: list[int]
    offer: int
    origin: "Origin | None"
    """How the card on offer came there; left as it was once no card is on offer (read it only while one is)."""
    outcome: "Outcome | None"
    actor: int
    """The seat to act (0 once the deal is over)."""
    phase: Phase
    forced: bool
    """Whether a card forced on the player to act is why he must discard."""
    players: int
    """How many play: 2, or 3."""
    given: list[int]
    """In phase EXCHANGE, the card each seat has chosen to pass (0: not yet); else empty."""
    claim: tuple[int, ...] = ()
    """In phase REFUSED: ``(target, decliner)`` where the demand is not of the player before the actor; else ()."""

    @classmethod
    def of(cls, s: Snapshot) -> "State":
        """The state a snapshot describes."""
        r = s.rules
        return cls(r, r.table, r.melding, list(s.hands), list(s.melds), [_or(m) for m in s.melds],
                   list(reversed(s.stock)), list(s.out), s.offer, s.origin, s.outcome,
                   int(s.actor) if s.actor is not None else 0, s.phase, s.forced, len(s.hands), list(s.given),
                   s.claim)

    def snapshot(self) -> Snapshot:
        """The state as plain values."""
        over = self.phase is Phase.OVER
        return Snapshot(self.rules, tuple(self.hands), tuple(self.melds),
                        tuple(reversed(self.stock)), tuple(self.out), self.phase, None if over else Role(self.actor),
                        self.offer, self.origin if self.offer else None, self.outcome,
                        self.forced and self.phase is Phase.DISCARD,
                        tuple(self.given) if self.phase is Phase.EXCHANGE else (),
                        self.claim if self.phase is Phase.REFUSED else ())

    def copy(self) -> "State":
        """An independent state, equal to this one."""
        return State(self.rules, self.table, self.melding, self.hands[:], self.melds[:], self.down[:], self.stock[:],
                     self.out[:], self.offer, self.origin, self.outcome, self.actor, self.phase, self.forced,
                     self.players, self.given[:], self.claim)

    def owner(self, meld: int) -> int:
        """The seat whose melds hold ``meld`` (-1 for none)."""
        for seat, melds in enumerate(self.melds):
            if meld in melds:
                return seat
        return -1

    def demand_of(self) -> tuple[int, int]:
        """In phase REFUSED: the seat that may be made to take the card, and the last to decline it."""
        if self.claim:
            return self.claim[0], self.claim[1]
        previous = before(self.actor, self.players)
        return previous, previous

    def fits(self, role: int, card: int) -> bool:
        """Whether a card fits one of the player's melds."""
        melds = self.table.melds
        for m in self.melds[role]:
            if m | card in melds:
                return True
        return False


def _or(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out
