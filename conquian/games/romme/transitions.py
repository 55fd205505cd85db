"""The transitions of a Rommé deal: the deal itself, and an action applied to its state, the one way play changes a deal.

:func:`deal` deals a cut pack; :func:`apply` plays a legal action on a :class:`~conquian.games.romme.state.State`.
The game (:mod:`conquian.games.romme.game`) calls it for every move, so the computer players' look-ahead (a move
played on a copy) does too.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Iterable

from ...cards import JOKER_CODE
from .actions import Action, Kind
from .rules import RommeRules
from .state import Outcome, Phase, Snapshot, State, Termination, penalty

__all__ = ["apply", "deal"]

_FIELDS = tuple(f.name for f in fields(State))


def deal(rules: RommeRules, players: int, order: list[int], keeper: "int | None") -> Snapshot:
    """Deal a cut pack (top card first) one card at a time clockwise from seat 1; ``keeper`` kept the cut joker."""
    quota = [rules.hand_size] * players
    quota[0] += rules.dealer_opens
    hands: list[list[int]] = [[] for _ in range(players)]
    if keeper is not None:
        hands[keeper].append(JOKER_CODE)
    i = 0
    seats = [(k + 1) % players for k in range(players)]
    while i < len(order) and any(len(h) < q for h, q in zip(hands, quota)):
        for seat in seats:
            if len(hands[seat]) < quota[seat]:
                hands[seat].append(order[i])
                i += 1
    first = (Phase.PLAY, 0) if rules.dealer_opens else (Phase.DRAW, 1 % players)
    return Snapshot(rules, tuple(tuple(sorted(h)) for h in hands), (), tuple(order[i:]), (), first[0], first[1])


def apply(s: State, a: Action) -> None:
    """Play the action ``a``, legal in state ``s``, on ``s``."""
    kind, card, meld, after, new = a
    me = s.actor
    if kind is Kind.KEEP or kind is Kind.LEAVE:
        order = list(reversed(s.stock))
        keeper = me if kind is Kind.KEEP else None
        dealt = State.of(deal(s.rules, s.players, order if keeper is not None else order + [JOKER_CODE], keeper))
        for name in _FIELDS:
            setattr(s, name, getattr(dealt, name))
        return
    hand = s.hands[me]
    if kind is Kind.DRAW:
        s.hands[me] = tuple(sorted(hand + (s.stock.pop(),)))
        s.phase, s.idle = Phase.PLAY, 0
    elif kind is Kind.TAKE:
        top = s.discards.pop()
        s.hands[me] = tuple(sorted(hand + (top,)))
        s.taken = -1 if s.rules.drawn_to_hand else top
        s.phase, s.idle = Phase.PLAY, s.idle + 1  # idle unless he lays a card this turn
    elif kind is Kind.DISCARD:
        s.hands[me] = _without(hand, (card,))
        s.discards.append(card)
        _end_turn(s, me)
    else:
        s.idle = 0
        if kind is Kind.MELD:
            s.hands[me] = _without(hand, meld.naturals() + (JOKER_CODE,) * meld.jokers)
            _add(s, me, meld)
            s.taken = -1
        else:
            _replace(s, meld, after)
            s.hands[me] = _without(hand, (card,))
            if kind is Kind.EXCHANGE:
                s.hands[me] = _without(s.hands[me] + (JOKER_CODE,), new.naturals() + (JOKER_CODE,) * new.jokers)
                _add(s, me, new)
        if not s.hands[me]:  # going out by melding (going_out = meld-or-discard)
            _win(s, me)


def _without(hand: tuple[int, ...], codes: Iterable[int]) -> tuple[int, ...]:
    out = list(hand)
    for c in codes:
        out.remove(c)
    return tuple(out)


def _add(s: State, me: int, meld) -> None:
    if me in s.opened:
        s.table = tuple(sorted(s.table + (meld,)))
    else:
        s.new = tuple(sorted(s.new + (meld,)))


def _replace(s: State, old, new) -> None:
    if old in s.table:
        melds = list(s.table)
        melds.remove(old)
        s.table = tuple(sorted(melds + [new]))
    else:
        melds = list(s.new)
        melds.remove(old)
        s.new = tuple(sorted(melds + [new]))


def _merge_new(s: State, me: int) -> None:
    if s.new:
        s.table = tuple(sorted(s.table + s.new))
        s.new = ()
        s.opened = s.opened | {me}


def _end_turn(s: State, me: int) -> None:
    if not s.hands[me]:
        _win(s, me)
        return
    _merge_new(s, me)
    if s.idle >= s.rules.idle_turns:  # see idle_turns: so that every deal ends
        s.phase, s.outcome = Phase.OVER, Outcome(Termination.IDLE, None, (0,) * s.players)
        return
    if not s.stock:
        if s.renewals < s.rules.stock_renewals and len(s.discards) > 1:
            # The pile but its top card, turned over: its bottom card becomes the top of the stock.
            s.stock = s.discards[-2::-1]  # the stock's list has its top card last
            s.discards = s.discards[-1:]
            s.renewals += 1
        else:
            s.phase, s.outcome = Phase.OVER, Outcome(Termination.STOCK, None, (0,) * s.players)
            return
    s.actor = (me + 1) % s.players
    s.phase = Phase.DRAW


def _win(s: State, me: int) -> None:
    hand_romme = s.rules.hand_romme and not s.opened
    _merge_new(s, me)
    double = 2 if hand_romme else 1
    penalties = tuple(0 if i == me else double * penalty(s.rules, h) for i, h in enumerate(s.hands))
    s.phase, s.taken = Phase.OVER, -1
    s.outcome = Outcome(Termination.WIN, me, penalties, hand_romme)
