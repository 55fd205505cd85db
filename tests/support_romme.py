"""Helpers for the Rommé tests: random play, and an invariant checker independent of the engine's meld rules.

The checker reads a game through its public accessors (hands, the table's melds as their cards in display
order, stock, discard pile, snapshot) and judges melds and points with its own definitions, written from the
axes without the engine's :class:`~conquian.games.romme.melds.MeldRules` or :func:`conquian.games.romme.state.check`:
where the engine and this checker disagree, one of them is wrong.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from conquian.cards import JOKER_CODE, Card
from conquian.games.romme.actions import Action, Kind
from conquian.games.romme.game import RommeGame, position
from conquian.games.romme.rules import AceValue, AdjacentJokers, RommeRules
from conquian.games.romme.state import Phase

JOKER = Card("🃏")


@lru_cache(maxsize=100_000)
def items(meld) -> tuple[tuple[Card, "Card | None"], ...]:
    """A meld as displayed: ``(card, stands for)``, a joker in a set standing for None (remembered: a soak asks
    for the same melds at every position)."""
    out = []
    for code, stands in meld.items():
        out.append((Card("🃏") if code == JOKER_CODE else _card(code), _card(stands) if stands >= 0 else None))
    return tuple(out)


@lru_cache(maxsize=None)
def _card(code: int) -> Card:
    return Card(code % 13 + 1, code // 13)


@lru_cache(maxsize=64)
def _judged(r: RommeRules) -> dict:
    """Meld -> whether it is valid under ``r``, filled as melds come (one per rule set: hashing a rule set's axes at
    every look-up was a fifth of a soaked deal's time)."""
    return {}


def _valid(r: RommeRules, meld) -> bool:
    judged = _judged(r)
    if meld not in judged:
        judged[meld] = is_meld(r, items(meld))
    return judged[meld]


@lru_cache(maxsize=64)
def _pack(r: RommeRules) -> Counter:
    """The pack as card codes (the joker's code once per joker)."""
    return Counter(c.code for c in r.shape.cards)


@lru_cache(maxsize=100_000)
def _codes(meld) -> tuple[int, ...]:
    return tuple(code for code, _ in meld.items())


def is_meld(r: RommeRules, its) -> bool:
    """A set or a sequence with its jokers, decided from the axes alone."""
    naturals = [c for c, _ in its if c is not JOKER]
    jokers = [s for c, s in its if c is JOKER]
    if len(naturals) < max(1, r.min_naturals):
        return False
    if len({c.rank for c in naturals}) == 1 and all(s is None for s in jokers):
        suits = [c.suit for c in naturals]
        return (len(set(suits)) == len(suits) and len(its) <= 4 and r.min_set <= len(its) <= r.max_set
                and (len(jokers) <= 1 or r.adjacent_jokers is AdjacentJokers.ANY))
    if any(s is None for s in jokers):
        return False
    cards = [s if c is JOKER else c for c, s in its]
    if len({c.suit for c in cards}) != 1 or not r.min_sequence <= len(cards) <= r.max_sequence:
        return False
    ranks = [c.rank for c in cards]
    if any(b != a % 13 + 1 for a, b in zip(ranks, ranks[1:])):
        return False
    for k, rank in enumerate(ranks):
        if rank == 1 and 0 < k < len(ranks) - 1 and not r.round_the_corner:
            return False  # K A 2
        if rank == 1 and k == len(ranks) - 1 and k > 0 and r.ace.value == "low" and not r.round_the_corner:
            return False  # Q K A
    if r.round_the_corner and len(cards) > 13:
        return False
    run = longest = 0
    for c, _ in its:
        run = run + 1 if c is JOKER else 0
        longest = max(longest, run)
    if r.adjacent_jokers is AdjacentJokers.NEVER:
        return longest <= 1
    if r.adjacent_jokers is AdjacentJokers.LONG_SEQUENCES:
        return longest <= 1 or (longest == 2 and len(cards) >= 4)
    return True


def value(r: RommeRules, card: Card, final: bool) -> int:
    if card is JOKER:
        return r.joker_points
    if card.rank == 1:
        return 11 if r.ace_value is AceValue.ELEVEN else 10
    return min(card.rank, 10)


def first_points(r: RommeRules, meld) -> int:
    """A meld's points towards a first meld: a joker as its card; the ace 1 only at the low end of A-2-3."""
    its = items(meld)
    rank = next(c.rank for c, _ in its if c is not JOKER)
    total = 0
    for k, (c, s) in enumerate(its):
        card = c if c is not JOKER else (s or Card(rank, 0))
        low_ace = card.rank == 1 and k == 0 and len(its) > 1 and (its[1][1] or its[1][0]).rank == 2
        total += 1 if (low_ace and r.ace_value is AceValue.ELEVEN) else value(r, card, False)
    return total


def check_invariants(g: RommeGame) -> None:
    """Every card in one place, every meld valid, hands of a possible size, the result as the rules say."""
    r = g.rules
    s = g.snapshot()  # counted as codes: the checker runs at every position of a soak, and Card objects hash slowly
    seen: Counter = Counter()
    for hand in s.hands:
        seen.update(hand)
    for meld in g.table:
        assert _valid(r, meld), f"invalid meld on the table: {meld}"
        seen.update(_codes(meld))
    seen.update(s.stock)
    seen.update(s.discards)
    if g.phase is Phase.KEEP:
        seen[JOKER_CODE] += 1
    assert dict.__eq__(seen, _pack(r)), "the 110 cards are not all accounted for, each once"  # (a plain dict compare)
    for seat, hand in enumerate(s.hands):
        held = len(hand)
        playing = g.phase is Phase.PLAY and g.to_act == seat
        assert held <= r.hand_size + playing
        if g.is_over and g.outcome.winner == seat:
            assert held == 0
        elif g.phase is not Phase.KEEP:
            assert held >= 1, f"seat {seat} has no card but has not won"
    if g.is_over:
        o = g.outcome
        if o.winner is None:  # the stock ran out, or idle_turns turns in a row took the discard and laid nothing
            void = o.termination.value == "idle" and g.snapshot().idle == r.idle_turns
            assert (void or not g.stock) and o.penalties == (0,) * g.players
        else:
            double = 2 if o.hand_romme else 1
            want = tuple(0 if i == o.winner else double * sum(value(r, c, True) for c, in zip(g.hand(i)))
                         for i in range(g.players))
            assert o.penalties == want


class Referee:
    """Watches a random game move by move: the first meld's points, the opening before laying off, Hand-Rommé."""

    def __init__(self, g: RommeGame):
        self.g = g
        self.nobody_at_turn_start = not g.opened and not g.table

    def before(self, a: Action) -> None:
        g, r = self.g, self.g.rules
        s = g.snapshot()
        me = g.to_act
        new_points = sum(first_points(r, m) for m in s.new)
        opened = me in s.opened or (bool(s.new) and new_points >= r.first_meld)
        if a.kind in (Kind.LAY, Kind.EXCHANGE):
            assert opened, f"seat {me} lays off or exchanges before his first meld: {a}"
        if a.kind is Kind.DISCARD and s.new and not opened:
            going_out = len(g.hand(me)) == 1
            assert going_out and r.hand_romme and self.nobody_at_turn_start, \
                f"seat {me} ends his turn with a first meld of {new_points} < {r.first_meld} points"

    def after(self, a: Action) -> None:
        g = self.g
        if g.is_over and g.outcome.winner is not None:
            assert g.outcome.hand_romme == (g.rules.hand_romme and self.nobody_at_turn_start)
        if a.kind is Kind.DISCARD and not g.is_over or a.kind in (Kind.KEEP, Kind.LEAVE):
            self.nobody_at_turn_start = not g.opened and not g.table


def distinct_outcomes(g: RommeGame, actions) -> None:
    after = [g.copy().play(a).snapshot() for a in actions]
    assert len(set(after)) == len(after), "two legal actions lead to the same state"


def round_trips(g: RommeGame, actions) -> None:
    again = position(str(g))
    assert str(again) == str(g) and again.snapshot() == g.snapshot()
    assert again.legal_actions() == actions
    for a in actions[:4] + actions[-2:]:
        assert Action.parse(str(a)) == a and Action.parse(a.text(ascii=True)) == a


def play_random(g: RommeGame, rng: random.Random, check=None, limit: int = 5000) -> RommeGame:
    """Play to the end, each action chosen at random; ``check(game, actions)`` before each, the referee throughout."""
    referee = Referee(g)
    steps = 0
    while not g.is_over:
        actions = g.legal_actions()
        assert actions, f"no legal action in\n{g}"
        assert len(actions) == len(set(actions)), "an action is listed twice"
        if check:
            check(g, actions)
        a = rng.choice(actions)
        referee.before(a)
        g.play(a)
        referee.after(a)
        steps += 1
        assert steps < limit, "the deal does not end"
    return g
