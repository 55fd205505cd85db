"""The state of a deal: roles, phases, how a card came to be on offer, how a deal ends, a plain snapshot, and the
deal's own state.

A :class:`Snapshot` is everything a deal is at one moment, as plain values (card masks).  :func:`check` says
whether a snapshot is a state that play can reach, and raises :class:`~conquian.errors.PositionError` naming
what is impossible; the position parser, the game and the tests all use it.  A :class:`State` is the same as the
deal holds it while it is played: its one owner is the deal (``game.state``); the moves and the words read its
public fields, and the room's ``apply`` alone changes them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Iterable

from ...cards import Card, card_of, cards_of, format_cards
from ...errors import PositionError
from .melds import MeldTable, Melding
from .rules import Misdeal, RuleSet, UnusedDraw

__all__ = ["Role", "Phase", "Origin", "Termination", "Outcome", "Irregularity", "Snapshot", "State", "check", "pips"]


class Role(enum.IntEnum):
    """The two players of a deal."""

    DEALER = 0
    PONE = 1

    @property
    def other(self) -> "Role":
        return Role(1 - self)

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Role.{self.name}"

    @classmethod
    def parse(cls, text: "Role | str") -> "Role":
        """``'dealer'`` or ``'pone'`` (any case, spaces around) to a role."""
        if isinstance(text, Role):
            return text
        if isinstance(text, str):
            key = text.strip(" \t").lower() if text.isascii() else ""
            if key in ("dealer", "pone"):
                return cls[key.upper()]
        raise PositionError(f"a role is 'dealer' or 'pone', not {text!r:.40}")


class Phase(enum.Enum):
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
    """Pips left in the loser's hand (ace 1, court cards 10): the stake where ``scoring = pips``."""

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

    ``hands`` and ``melds`` are indexed by :class:`Role`; ``stock`` lists the stock top card first; ``out``
    the cards out of play in the order they went.  ``actor`` is None once the deal is over.
    """

    rules: RuleSet
    hands: tuple[int, int]
    melds: tuple[tuple[int, ...], tuple[int, ...]]
    stock: tuple[int, ...]
    out: tuple[int, ...]
    phase: Phase
    actor: Role | None
    offer: int = 0
    origin: Origin | None = None
    outcome: Outcome | None = None
    forced: bool = False
    """In phase DISCARD: whether the player must discard because a card was forced on him."""

    def down(self, role: Role) -> int:
        n = 0
        for m in self.melds[role]:
            n += m.bit_count()
        return n

    def held(self, role: Role) -> int:
        """Cards in the player's hand and melds."""
        return self.hands[role].bit_count() + self.down(role)


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

    @classmethod
    def of(cls, s: Snapshot) -> "State":
        """The state a snapshot describes."""
        r = s.rules
        return cls(r, r.table, r.melding, [s.hands[0], s.hands[1]], [s.melds[0], s.melds[1]],
                   [_or(s.melds[0]), _or(s.melds[1])], list(reversed(s.stock)), list(s.out), s.offer, s.origin,
                   s.outcome, int(s.actor) if s.actor is not None else 0, s.phase, s.forced)

    def snapshot(self) -> Snapshot:
        """The state as plain values."""
        over = self.phase is Phase.OVER
        return Snapshot(self.rules, (self.hands[0], self.hands[1]), (self.melds[0], self.melds[1]),
                        tuple(reversed(self.stock)), tuple(self.out), self.phase, None if over else Role(self.actor),
                        self.offer, self.origin if self.offer else None, self.outcome,
                        self.forced and self.phase is Phase.DISCARD)

    def copy(self) -> "State":
        """An independent state, equal to this one."""
        return State(self.rules, self.table, self.melding, self.hands[:], self.melds[:], self.down[:], self.stock[:],
                     self.out[:], self.offer, self.origin, self.outcome, self.actor, self.phase, self.forced)

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


def _text(mask: int) -> str:
    return format_cards(cards_of(mask))


def check(s: Snapshot) -> None:
    """Raise :class:`~conquian.errors.PositionError` if the snapshot is not a state that play can reach."""
    _check_types(s)
    r = s.rules
    t = r.table
    shape = r.pack.shape
    # Every card of the pack in exactly one place.
    places: dict[int, str] = {}
    zones = [(f"{role} hand", [b for b in _single_bits(s.hands[role])]) for role in Role]
    zones += [(f"{role} melds", [m for m in s.melds[role]]) for role in Role]
    zones += [("stock", list(s.stock)), ("out", list(s.out)), ("offer", [s.offer] if s.offer else [])]
    for zone, masks in zones:
        for m in masks:
            for c in cards_of(m):
                if c.code not in shape.place:
                    raise PositionError(f"{zone}: {c} is not in the {shape.name} pack")
                if c.code in places:
                    raise PositionError(f"{c} is both in {places[c.code]} and in {zone}")
                places[c.code] = zone
    missing = [c for c in shape.kinds if c.code not in places]
    if missing:
        raise PositionError(f"{len(missing)} card(s) are nowhere: {format_cards(missing)}")
    for role in Role:
        for m in s.melds[role]:
            reason, axis = t.explain(m)
            if reason:
                raise PositionError(f"{role} melds: {reason} (rule {axis})")
    _check_phase(s)
    _check_counts(s)
    _check_history(s)


def _is_mask(m) -> bool:
    return type(m) is int and 0 <= m < 1 << 53  # cards are bits 0 to 52: a negative mask would have endless bits


def _check_types(s: Snapshot) -> None:
    """Each field of the right shape, named, so that a wrong value is never met as an IndexError further on."""
    def fail(field: str, want: str, got) -> None:
        raise PositionError(f"Snapshot.{field} must be {want}, not {type(got).__name__} {repr(got)[:40]}")

    if not isinstance(s.rules, RuleSet):
        fail("rules", "a RuleSet", s.rules)
    if not (isinstance(s.hands, tuple) and len(s.hands) == 2 and all(map(_is_mask, s.hands))):
        fail("hands", "two card masks (whole numbers 0 to 2**53 - 1)", s.hands)
    if not (isinstance(s.melds, tuple) and len(s.melds) == 2
            and all(isinstance(ms, tuple) and all(map(_is_mask, ms)) for ms in s.melds)):
        fail("melds", "two tuples of card masks", s.melds)
    for field in ("stock", "out"):
        if not (isinstance(getattr(s, field), tuple) and all(map(_is_mask, getattr(s, field)))):
            fail(field, "a tuple of card masks", getattr(s, field))
    if not _is_mask(s.offer):
        fail("offer", "a card mask, or 0 for none", s.offer)
    if not isinstance(s.phase, Phase):
        fail("phase", "a Phase", s.phase)
    if s.actor is not None and s.actor not in (0, 1) or type(s.actor) in (bool, float):
        fail("actor", "a Role or None", s.actor)
    for field, kind in (("origin", Origin), ("outcome", Outcome)):
        if getattr(s, field) is not None and not isinstance(getattr(s, field), kind):
            fail(field, f"an {kind.__name__} or None", getattr(s, field))
    if type(s.forced) is not bool:
        fail("forced", "True or False", s.forced)


def _single_bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _check_phase(s: Snapshot) -> None:
    if s.phase is Phase.OVER:
        if s.outcome is None or s.actor is not None or s.offer:
            raise PositionError("a finished deal has a result, and nobody to act and no card on offer")
        return
    if s.outcome is not None or s.actor is None:
        raise PositionError(f"a deal in phase {s.phase.value!r} has somebody to act and no result")
    if s.phase is Phase.DISCARD:
        if s.offer or s.origin is not None:
            raise PositionError("a player who must discard has no card on offer to him")
        return
    if s.forced:
        raise PositionError("only a player who must discard can have been forced")
    if not s.offer or s.origin is None:
        raise PositionError(f"phase {s.phase.value!r} needs a card on offer and how it got there")


def _check_counts(s: Snapshot) -> None:
    r = s.rules
    for role in Role:
        down = s.down(role)
        winner = s.outcome is not None and s.outcome.winner is role
        if down >= r.cards_to_win and not winner:
            raise PositionError(f"{role} has {down} cards down, {r.cards_to_win} win: say 'result: {role} wins'")
    if s.phase is Phase.OVER:
        if s.outcome.termination is Termination.MISDEAL:
            if r.misdeal is Misdeal.PLAY_ON:
                raise PositionError("no deal ends as a misdeal under these rules: an exposed card is turned down and "
                                    "play goes on (rule misdeal = play-on)")
            # Reported at any moment of play: one player may hold the card he was about to discard for.
            if s.held(Role.DEALER) + s.held(Role.PONE) > 2 * r.hand_size + 1:
                raise PositionError(f"only one player can hold a card more than the {r.hand_size} dealt "
                                    f"(the card he was to discard for)")
            want = {role: (r.hand_size, r.hand_size + 1) for role in Role}
        elif s.outcome.termination is Termination.TABLEAU:
            if s.stock:
                raise PositionError(f"a tableau comes only when the stock is empty, and it holds {len(s.stock)} card(s)")
            want = {Role.DEALER: (r.hand_size,), Role.PONE: (r.hand_size,)}
        else:
            w = s.outcome.winner
            wins = s.down(w) >= r.cards_to_win or (r.last_discard_counts and not s.hands[w])
            if not wins:
                raise PositionError(f"{w} is said to have won with {s.down(w)} card(s) down; "
                                    f"{r.cards_to_win} are needed (rule cards_to_win)")
            want = {w: (r.hand_size, r.hand_size + 1), w.other: (r.hand_size,)}
    else:
        extra = s.actor if s.phase is Phase.DISCARD else None
        want = {role: (r.hand_size + (role is extra),) for role in Role}
    for role in Role:
        have = s.held(role)
        if have not in want[role]:
            plus = ", plus the card he must discard" if s.phase is Phase.DISCARD and role is s.actor else ""
            raise PositionError(f"{role} has {have} cards in hand and melds; he should have "
                                f"{' or '.join(map(str, want[role]))} (hand_size={r.hand_size}{plus})")


def _check_history(s: Snapshot) -> None:
    """What the position implies about how it came about: who can have discarded, drawn, passed or demanded."""
    r = s.rules
    shape_size = r.pack.shape.size
    as_dealt = not s.out and len(s.stock) == shape_size - 2 * r.hand_size - 1
    fresh = as_dealt and not any(s.melds[0]) and not any(s.melds[1])
    first = Role.PONE if r.first_say.value == "pone" else Role.DEALER
    o, actor = s.origin, s.actor
    if s.phase is Phase.OVER:
        return
    if s.phase is Phase.DISCARD:
        if not s.melds[actor] and not r.drawn_to_hand:
            raise PositionError(f"{actor} has no melds, so he has used no card and has nothing to discard for "
                                f"(rule drawn_to_hand = false)")
        if s.forced and not r.forcing.active:
            raise PositionError("no card is forced on a player under these rules (rule forcing is not active)")
        return
    card = card_of(s.offer)
    if o is not None and o.first_say and s.phase is Phase.REFUSED and r.unused_draw is UnusedDraw.OFFERED:
        raise PositionError(f"{card} was {o.value} and declined by {actor.other}, so it was passed to {actor}, not "
                            f"refused (rule unused_draw = offered): say 'offer: {card} passed by {actor.other}'")
    if o is Origin.TURNED_UP:
        if not r.turn_up:
            raise PositionError("no card is turned up at the deal under these rules (rule turn_up = false)")
        # Under meld_without_use the first player may lay melds from his hand before he uses or passes the card;
        # a card he declined that fits them stays on offer where forcing is reactive (see the REFUSED check below).
        laid_first = r.meld_without_use and as_dealt and not any(s.melds[first.other])
        holder = actor if s.phase is Phase.OFFER else actor.other
        if not (fresh or laid_first) or holder is not first:
            raise PositionError(f"a card turned up at the deal is on offer only at the start, to {first}: "
                                f"nothing out, no melds down{' but his own' if r.meld_without_use else ''}, the rest "
                                f"of the pack in the stock")
        if s.phase is Phase.OFFER:
            return
    if fresh and o is not Origin.TURNED_UP:
        # Before any card has left the stock but the first: the first card, to its first holder or passed on.
        start = Origin.DRAWN if not r.turn_up else None
        # A discard leaves the stock as it was (whether its discarder can have discarded is checked below).
        if not (o is Origin.DISCARD or (o is start and actor is first) or (o is Origin.PASSED and actor is first.other)):
            raise PositionError(f"at the start of the deal the only card on offer is the first one, "
                                f"{'turned up' if r.turn_up else 'drawn by ' + str(first)}, to {first} "
                                f"or passed by him")
    opponent = actor.other
    if o is Origin.PASSED and r.unused_draw is not UnusedDraw.OFFERED:
        raise PositionError("a drawn card is not passed to the opponent under these rules (rule unused_draw = dead)")
    discarder = opponent if s.phase is Phase.OFFER else actor  # a refused card went from the actor to his opponent
    if o is Origin.DISCARD and not s.melds[discarder] and not r.drawn_to_hand:
        raise PositionError(f"{card} cannot have been discarded by {discarder}: he has no melds, so he has used no "
                            f"card and had nothing to discard for")
    if o is Origin.DEMANDED or s.phase is Phase.REFUSED:
        if not r.forcing.reactive:
            raise PositionError("no card is demanded under these rules (rule forcing is not reactive)")
        target = actor if o is Origin.DEMANDED else opponent
        if not any((m | s.offer) in r.table.melds for m in s.melds[target]):
            raise PositionError(f"{card} fits none of {target}'s melds, so it cannot be demanded of him")
