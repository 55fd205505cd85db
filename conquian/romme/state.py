"""The state of a Rommé deal: phases, how a deal ends, a plain snapshot, and the check that a snapshot is reachable.

Seats are numbered from 0, the dealer, clockwise: seat 1 sits at the dealer's left, receives the first card
and plays after him; the last seat, at his right, cuts.  A :class:`Snapshot` is everything a deal is at one
moment, as plain values: hands as sorted tuples of card codes (identical cards are interchangeable), melds as
:class:`~conquian.romme.melds.Meld` values.  :func:`check` raises :class:`~conquian.errors.PositionError`
naming what makes a snapshot impossible; the position parser and the game both use it.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass

from ..cards import BY_CODE, JOKER_CODE, format_cards
from ..errors import PositionError
from .melds import Meld, card_value
from .rules import RommeRules

__all__ = ["Phase", "Termination", "Outcome", "Snapshot", "check", "penalty"]


class Phase(enum.Enum):
    KEEP = "keep"
    """The cutter found a joker at the bottom of the packet he lifted: he keeps it or leaves it (``cut_joker``)."""
    DRAW = "draw"
    """The player to act begins his turn: he takes the top card of the stock or of the discard pile."""
    PLAY = "play"
    """The player to act melds, lays off and exchanges jokers, one action at a time, and ends by discarding."""
    OVER = "over"


class Termination(enum.Enum):
    WIN = "win"
    """A player went out."""
    STOCK = "stock"
    """The stock ran out (and could not be renewed, see ``stock_renewals``): nobody wins."""


def penalty(rules: RommeRules, hand) -> int:
    """The penalty points of the cards left in a hand: pips, court cards 10, the ace and the joker as the rules say."""
    ace, joker = rules.ace_points, rules.joker_points
    return sum(card_value(c, ace, joker) for c in hand)


@dataclass(frozen=True)
class Outcome:
    """How a deal ended: who went out (None if nobody), the penalty points of every seat, and whether by Hand-Rommé."""

    termination: Termination
    winner: "int | None" = None
    penalties: tuple[int, ...] = ()
    """Per seat: the points of the cards left in the hand, doubled for Hand-Rommé; all zero if nobody won."""
    hand_romme: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.termination, Termination):
            raise TypeError(f"Outcome(termination) must be a Termination, not {type(self.termination).__name__}")
        if (self.termination is Termination.WIN) != (isinstance(self.winner, int) and not isinstance(self.winner, bool)):
            raise TypeError("a win needs its winner (a seat number), and a deal nobody won has none")
        if self.hand_romme and self.winner is None:
            raise TypeError("a Hand-Rommé has a winner")

    def __str__(self) -> str:
        if self.winner is None:
            return "nobody wins"
        return f"{self.winner} wins" + (", hand-romme" if self.hand_romme else "")


@dataclass(frozen=True)
class Snapshot:
    """A deal at one moment, as plain values (see the module's description).

    ``stock`` lists the stock top card first, ``discards`` the discard pile bottom first (its top card last).
    ``new`` holds the melds laid this turn by a player making his first meld (they count together towards
    ``first_meld``; they join the table when he discards), ``opened`` the seats that made their first meld in
    an earlier turn, ``taken`` a card taken from the discard pile that must be melded at once (where
    ``drawn_to_hand`` is false; -1 otherwise), ``renewals`` how often the stock has been renewed.
    """

    rules: RommeRules
    hands: tuple[tuple[int, ...], ...]
    table: tuple[Meld, ...]
    stock: tuple[int, ...]
    discards: tuple[int, ...]
    phase: Phase
    actor: "int | None"
    new: tuple[Meld, ...] = ()
    opened: tuple[int, ...] = ()
    taken: int = -1
    renewals: int = 0
    outcome: "Outcome | None" = None

    @property
    def players(self) -> int:
        return len(self.hands)


def _cards_text(codes) -> str:
    return format_cards(BY_CODE[c] for c in sorted(codes))


def check(s: Snapshot) -> None:
    """Raise :class:`~conquian.errors.PositionError` if the snapshot is not a state that play can reach."""
    r = s.rules
    n = s.players
    if not r.min_players <= n <= r.max_players:
        raise PositionError(f"{n} players: these rules are for {r.min_players} to {r.max_players} "
                            f"(rules min_players, max_players)")
    for m in s.table + s.new:
        reason, axis = r.melds.explain(m)
        if reason:
            raise PositionError(f"{reason} (rule {axis})")
    _check_cards(s)
    _check_phase(s)
    _check_hands(s)


def _check_cards(s: Snapshot) -> None:
    r = s.rules
    have: Counter = Counter()
    for hand in s.hands:
        have.update(hand)
    for m in s.table + s.new:
        have.update(m.naturals())
        have[JOKER_CODE] += m.jokers
    have.update(s.stock)
    have.update(s.discards)
    if s.phase is Phase.KEEP:
        have[JOKER_CODE] += 1  # the joker found at the cut, set aside
    want = Counter(c.code for c in r.shape.cards)
    extra, missing = have - want, want - have
    if extra:
        raise PositionError(f"more cards than the pack holds ({r.packs} pack(s), {r.jokers} jokers): "
                            f"{_cards_text(extra.elements())}")
    if missing:
        raise PositionError(f"{sum(missing.values())} card(s) are nowhere: {_cards_text(missing.elements())}")


def _check_phase(s: Snapshot) -> None:
    r, n, actor = s.rules, s.players, s.actor
    if s.phase is Phase.OVER:
        if s.outcome is None or actor is not None or s.new or s.taken >= 0:
            raise PositionError("a finished deal has a result, and nobody to act and nothing in play")
        o = s.outcome
        if o.winner is not None:
            if not 0 <= o.winner < n or s.hands[o.winner]:
                raise PositionError(f"the winner, seat {o.winner}, must be a seat with an empty hand")
        elif s.stock:
            raise PositionError(f"a deal ends unwon only when the stock is empty, and it holds {len(s.stock)} card(s)")
        return
    if s.outcome is not None or actor is None or not 0 <= actor < n:
        raise PositionError(f"a deal in phase {s.phase.value!r} has a seat to act (0 to {n - 1}) and no result")
    if s.renewals > r.stock_renewals:
        raise PositionError(f"the stock has been renewed {s.renewals} times; the rules allow {r.stock_renewals} "
                            f"(rule stock_renewals)")
    if s.new and (s.phase is not Phase.PLAY or actor in s.opened):
        raise PositionError("new melds belong to the player to play who makes his first meld this turn")
    if s.taken >= 0 and (s.phase is not Phase.PLAY or r.drawn_to_hand or s.taken not in s.hands[actor]):
        raise PositionError("a card taken to be melded at once is in the hand of the player to play "
                            "(and only where drawn_to_hand = false)")
    if s.phase is Phase.KEEP:
        fresh = not any(s.hands) and not s.table and not s.discards and not s.opened
        if not r.cut_joker or actor != n - 1 or not fresh:
            raise PositionError(f"a joker found at the cut is kept or left by the cutter (seat {n - 1}) before the "
                                f"deal, with every card in the stock (rule cut_joker)")
        return
    if s.phase is Phase.DRAW:
        if not s.stock:
            raise PositionError("a player begins his turn with cards in the stock (an empty stock is renewed or ends "
                                "the deal at the end of the turn before)")
        if not s.discards and (r.dealer_opens or s.table or any(len(h) != r.hand_size for h in s.hands)):
            raise PositionError("the discard pile is empty only before the first turn, where the dealer does not open "
                                "(rule dealer_opens)")
    if bool(s.opened) != bool(s.table):
        raise PositionError("the table holds melds exactly when some player has made his first meld (opened)")
    if any(not 0 <= seat < n for seat in s.opened):
        raise PositionError(f"opened seats are numbered 0 to {n - 1}")


def _check_hands(s: Snapshot) -> None:
    r, actor = s.rules, s.actor
    for seat, hand in enumerate(s.hands):
        if s.phase is Phase.KEEP:
            continue
        winner = s.outcome is not None and s.outcome.winner == seat
        if not hand and not winner:
            raise PositionError(f"seat {seat} has no card but has not gone out")
        most = r.hand_size + (seat == actor and s.phase is Phase.PLAY)
        if len(hand) > most:
            raise PositionError(f"seat {seat} holds {len(hand)} cards; a player holds at most {r.hand_size} "
                                f"(one more while he plays his turn) (rule hand_size)")
