"""The state of a Rommé deal: phases, how a deal ends, a plain snapshot, and the check that a snapshot is reachable.

Seats are numbered from 0, the dealer, clockwise: seat 1 sits at the dealer's left, receives the first card
and plays after him; the last seat, at his right, cuts.  A :class:`Snapshot` is everything a deal is at one
moment, as plain values: hands as sorted tuples of card codes (identical cards are interchangeable), melds as
:class:`~conquian.games.romme.melds.Meld` values.  :func:`check` raises :class:`~conquian.errors.PositionError`
naming what makes a snapshot impossible; the position parser and the game both use it.  A :class:`State` is the
same as the deal holds it while it is played: its one owner is the deal (``game.state``); the moves and the words
read its public fields, and the room's ``apply`` alone changes them.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass

from ...cards import BY_CODE, JOKER_CODE, format_cards
from ...errors import PositionError
from .melds import Meld, MeldRules, card_value
from .rules import RommeRules

__all__ = ["Phase", "Termination", "Outcome", "Snapshot", "State", "check", "penalty"]


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
    IDLE = "idle"
    """``idle_turns`` turns in a row took the top discard and laid nothing on the table: the deal is void."""


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
    ``drawn_to_hand`` is false; -1 otherwise), ``renewals`` how often the stock has been renewed, ``idle`` how
    many turns in a row (this one included) took the top discard and laid nothing (see ``idle_turns``).
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
    idle: int = 0

    @property
    def players(self) -> int:
        return len(self.hands)


@dataclass(slots=True)
class State:
    """A deal's state while it is played, as the deal holds it (``game.state``): the fields of a :class:`Snapshot`,
    in lists where play changes them in place."""

    rules: RommeRules
    mr: MeldRules
    """``rules.melds``: what a meld is under the rules."""
    players: int
    hands: list[tuple[int, ...]]
    """Each seat's hand, a sorted tuple of card codes."""
    table: tuple[Meld, ...]
    """The melds on the table, but those laid this turn towards a first meld (``new``)."""
    new: tuple[Meld, ...]
    opened: frozenset[int]
    stock: list[int]
    """The stock, its top card last (the end of the list)."""
    discards: list[int]
    """The discard pile, its top card last."""
    actor: int
    """The seat to act (0 once the deal is over)."""
    taken: int
    renewals: int
    outcome: "Outcome | None"
    idle: int
    phase: Phase

    @classmethod
    def of(cls, s: Snapshot) -> "State":
        """The state a snapshot describes."""
        return cls(s.rules, s.rules.melds, s.players, list(s.hands), s.table, s.new, frozenset(s.opened),
                   list(reversed(s.stock)), list(s.discards), s.actor if s.actor is not None else 0, s.taken,
                   s.renewals, s.outcome, s.idle, s.phase)

    def snapshot(self) -> Snapshot:
        """The state as plain values."""
        return Snapshot(self.rules, tuple(self.hands), self.table, tuple(reversed(self.stock)), tuple(self.discards),
                        self.phase, None if self.phase is Phase.OVER else self.actor, self.new,
                        tuple(sorted(self.opened)), self.taken, self.renewals, self.outcome, self.idle)

    def copy(self) -> "State":
        """An independent state, equal to this one."""
        return State(self.rules, self.mr, self.players, self.hands[:], self.table, self.new, self.opened,
                     self.stock[:], self.discards[:], self.actor, self.taken, self.renewals, self.outcome, self.idle,
                     self.phase)


def _cards_text(codes) -> str:
    codes = sorted(codes)
    shown = format_cards(BY_CODE[c] for c in codes[:12])
    return shown + (f" … ({len(codes)} cards)" if len(codes) > 12 else "")


def _is_code(c, low: int = 0) -> bool:
    return type(c) is int and low <= c <= JOKER_CODE


def _check_types(s: Snapshot) -> None:
    """Each field of the right type, named, so that a wrong value is never met as an IndexError further on."""
    def fail(field: str, want: str, got) -> None:
        raise PositionError(f"Snapshot.{field} must be {want}, not {type(got).__name__} {repr(got)[:40]}")

    if not isinstance(s.rules, RommeRules):
        fail("rules", "a RommeRules", s.rules)
    for field in ("hands", "table", "stock", "discards", "new", "opened"):
        if not isinstance(getattr(s, field), tuple):
            fail(field, "a tuple", getattr(s, field))
    for i, hand in enumerate(s.hands):
        if not isinstance(hand, tuple) or not all(_is_code(c) for c in hand):
            fail(f"hands[{i}]", "a tuple of card codes (0 to 52)", hand)
    for field in ("stock", "discards"):
        if not all(_is_code(c) for c in getattr(s, field)):
            fail(field, "a tuple of card codes (0 to 52)", getattr(s, field))
    for field in ("table", "new"):
        for m in getattr(s, field):
            if not isinstance(m, Meld):
                fail(field, "a tuple of Meld values", m)
    if not isinstance(s.phase, Phase):
        fail("phase", "a Phase", s.phase)
    if s.actor is not None and (type(s.actor) is not int or not 0 <= s.actor < len(s.hands)):
        fail("actor", f"None or a seat, 0 to {len(s.hands) - 1}", s.actor)
    if not all(type(seat) is int and 0 <= seat < len(s.hands) for seat in s.opened):
        fail("opened", f"a tuple of seats, 0 to {len(s.hands) - 1}", s.opened)
    if not _is_code(s.taken, -1):
        fail("taken", "a card code or -1", s.taken)
    for field in ("renewals", "idle"):
        if type(getattr(s, field)) is not int or getattr(s, field) < 0:
            fail(field, "a whole number, 0 or more", getattr(s, field))
    if s.outcome is not None and not isinstance(s.outcome, Outcome):
        fail("outcome", "an Outcome or None", s.outcome)


def check(s: Snapshot) -> None:
    """Raise :class:`~conquian.errors.PositionError` if the snapshot is not a state that play can reach."""
    if not isinstance(s, Snapshot):
        raise TypeError(f"check() takes a Snapshot, not {type(s).__name__}")
    _check_types(s)
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
    _check_counters(s)
    _check_phase(s)
    _check_hands(s)
    _check_start(s)
    _check_table(s)


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


def _check_counters(s: Snapshot) -> None:
    """The counters within what the rules allow, and a deal that ended unwon ended as the rules end one."""
    r, o = s.rules, s.outcome
    if s.renewals > r.stock_renewals:
        raise PositionError(f"renewals: the stock has been renewed {s.renewals} times; the rules allow "
                            f"{r.stock_renewals} (rule stock_renewals)")
    void = o is not None and o.termination is Termination.IDLE
    most = r.idle_turns if s.phase is Phase.PLAY or void else r.idle_turns - 1
    if s.idle > most:
        raise PositionError(f"idle turns: {s.idle}; the deal is void at the end of the turn that makes "
                            f"{r.idle_turns} (rule idle_turns)")
    if void and s.idle != r.idle_turns:
        raise PositionError(f"idle turns: {s.idle}; a deal made void by idle turns ended at {r.idle_turns} "
                            f"(rule idle_turns)")
    if s.idle and s.phase is Phase.PLAY and s.new:
        raise PositionError("idle turns: a turn that has laid melds is not idle (rule idle_turns)")
    if o is not None and o.termination is Termination.STOCK:
        if s.stock:
            raise PositionError(f"result: a deal ends unwon only when the stock is empty, and it holds "
                                f"{len(s.stock)} card(s)")
        if s.renewals < r.stock_renewals and len(s.discards) > 1:
            raise PositionError(f"result: the stock ran out after {s.renewals} renewal(s) of the {r.stock_renewals} the "
                                f"rules allow, so the discard pile is turned over, not the deal ended "
                                f"(rule stock_renewals)")


def _check_phase(s: Snapshot) -> None:
    r, n, actor = s.rules, s.players, s.actor
    if bool(s.opened) != bool(s.table):
        raise PositionError("opened: the table holds melds exactly when some player has made his first meld (opened)")
    if s.phase is Phase.OVER:
        if s.outcome is None or actor is not None or s.new or s.taken >= 0:
            raise PositionError("result: a finished deal has a result, and nobody to act and nothing in play")
        o = s.outcome
        if o.winner is not None:
            if not 0 <= o.winner < n or s.hands[o.winner]:
                raise PositionError(f"result: the winner, seat {o.winner}, must be a seat with an empty hand")
            if o.winner not in s.opened:
                raise PositionError(f"result: the winner, seat {o.winner}, laid his cards on the table, so he is "
                                    f"among the opened seats")
            if o.hand_romme and (not r.hand_romme or s.opened != (o.winner,)):
                raise PositionError("result: a Hand-Rommé is a win before anyone else has melded"
                                    + ("" if r.hand_romme else ", and these rules have none") + " (rule hand_romme)")
        return
    if s.outcome is not None or actor is None:
        raise PositionError(f"to {s.phase.value}: a deal in phase {s.phase.value!r} has a seat to act "
                            f"(0 to {n - 1}) and no result")
    if s.new and (s.phase is not Phase.PLAY or actor in s.opened):
        raise PositionError("new melds: they belong to the player to play who makes his first meld this turn")
    if s.taken >= 0 and (s.phase is not Phase.PLAY or r.drawn_to_hand or s.taken not in s.hands[actor]):
        raise PositionError("taken: a card taken to be melded at once is in the hand of the player to play "
                            "(and only where drawn_to_hand = false)")
    if s.phase is Phase.KEEP:
        fresh = not any(s.hands) and not s.table and not s.discards and not s.opened and not s.renewals
        if not r.cut_joker or actor != n - 1 or not fresh:
            raise PositionError(f"to keep: a joker found at the cut is kept or left by the cutter (seat {n - 1}) "
                                f"before the deal, with every card in the stock (rule cut_joker)")
        return
    if s.phase is Phase.DRAW:
        if not s.stock:
            raise PositionError("stock: a player begins his turn with cards in the stock (an empty stock is renewed "
                                "or ends the deal at the end of the turn before)")
        if not s.discards and (r.dealer_opens or s.table or s.renewals or any(len(h) != r.hand_size for h in s.hands)):
            raise PositionError("discards: the discard pile is empty only before the first turn, where the dealer "
                                "does not open (rule dealer_opens)")


def _check_start(s: Snapshot) -> None:
    """While no card has left the stock (and it was never renewed), who can be to act.

    Where the dealer does not open, the first turn draws from the stock (the discard pile is empty): the deal is as
    dealt, seat 1 to draw.  Where he opens, every turn since his took the top discard; while nobody has melded, each
    was idle, so the idle turns count the turns since his: the seat to act follows from them.
    """
    r, n = s.rules, s.players
    if s.phase not in (Phase.DRAW, Phase.PLAY) or s.renewals or len(s.stock) != r.shape.size - n * r.hand_size - r.dealer_opens:
        return
    first = 1 % n
    if not r.dealer_opens:
        if s.phase is not Phase.DRAW or s.actor != first or s.idle or s.table or s.discards:
            raise PositionError(f"stock: no card has been drawn from it, so the deal is as dealt: the player at the "
                                f"dealer's left, seat {first}, is to draw, with nothing discarded and no idle turn "
                                f"(rule dealer_opens = false)")
    elif not s.table and not s.new:
        seat = (s.idle + (s.phase is Phase.DRAW)) % n
        if s.actor != seat:
            raise PositionError(f"to {s.phase.value}: seat {seat}, not {s.actor}: no card has left the stock and nobody "
                                f"has melded, so every turn since the dealer opened took the top discard, an idle "
                                f"turn, and there have been {s.idle} (idle turns; rule dealer_opens = true)")


def smallest_meld(r: RommeRules) -> int:
    return max(1, min(r.min_set, r.min_sequence))


def _check_hands(s: Snapshot) -> None:
    """Each hand as large as the deal and the player's progress make it.

    A player who has not made his first meld has only drawn and discarded: he holds the cards he was dealt, one
    more while he plays his turn (less what he lays this turn).  One who has made it laid a meld and discarded
    in that turn, so he holds at most ``hand_size`` less the smallest meld; a card more while he plays.
    """
    r, actor = s.rules, s.actor
    if s.phase is Phase.KEEP:
        return
    low = smallest_meld(r)
    for seat, hand in enumerate(s.hands):
        winner = s.outcome is not None and s.outcome.winner == seat
        if winner:
            continue
        if not hand:
            raise PositionError(f"hand {seat}: seat {seat} has no card but has not gone out")
        playing = seat == actor and s.phase is Phase.PLAY
        if seat in s.opened:
            most = r.hand_size - low + playing
            if len(hand) > most:
                raise PositionError(f"hand {seat}: seat {seat} has made his first meld, so he holds at most {most} "
                                    f"cards (rule hand_size {r.hand_size} less a meld of {low}), not {len(hand)}")
            continue
        laid = sum(m.size for m in s.new) if playing else 0
        want = r.hand_size + playing
        # Fewer cards only once this turn's melds reach the first meld's points: then he may lay off.
        reached = laid and sum(m.first_points(r.ace_points) for m in s.new) >= r.first_meld
        if len(hand) + laid > want or (len(hand) + laid < want and not reached):
            extra = f" and laid {laid} this turn" if laid else ""
            raise PositionError(f"hand {seat}: seat {seat} holds {len(hand)} cards{extra}; a player who has not made "
                                f"his first meld holds the {r.hand_size} dealt" +
                                (", one more while he plays his turn" if playing else "") + " (rule hand_size)")


def _check_table(s: Snapshot) -> None:
    """The table worth what the first melds laid on it were worth at least: laying off and exchanging only add."""
    r, o = s.rules, s.outcome
    if not s.opened:
        return
    romme = o is not None and o.hand_romme
    low = smallest_meld(r)
    cards = sum(m.size for m in s.table)
    if len(s.table) < len(s.opened) or cards < low * len(s.opened):
        raise PositionError(f"table: {len(s.opened)} seat(s) have made a first meld, each of a meld or more, and "
                            f"the table holds {len(s.table)} meld(s) of {cards} cards")
    need = r.first_meld * (len(s.opened) - romme)
    points = sum(m.first_points(r.ace_points) for m in s.table)
    if points < need:
        raise PositionError(f"table: {len(s.opened) - romme} first meld(s) of {r.first_meld} points or more were laid, "
                            f"and the melds on the table count {points} (rule first_meld)")
    if romme and cards not in (r.hand_size, r.hand_size + 1):
        raise PositionError(f"table: a Hand-Rommé lays out a whole hand at once, and the table holds {cards} cards "
                            f"(rule hand_romme)")
