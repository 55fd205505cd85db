"""The transitions of a deal: an action applied to its state, the one way play changes a deal.

:func:`apply` plays a legal action on a :class:`~conquian.games.conquian.state.State`; the game
(:mod:`conquian.games.conquian.game`) calls it for every move, so the computer players' look-ahead (a move played on
a copy) does too.  What a pass leads to (:func:`passing`) and whether a discard goes out (:func:`goes_out`) are
decided here once: the words (:mod:`conquian.games.conquian.words`) say what these functions decide.
"""

from __future__ import annotations

import enum

from .actions import Action, Kind
from .rules import UnusedDraw
from .state import Origin, Outcome, Phase, Role, State, Termination, after, before, pips

__all__ = ["apply", "passing", "Passing", "goes_out", "misdeal", "first_card"]


class Passing(enum.Enum):
    """What becomes of a card its player passes or refuses."""

    OFFERED = "offered"
    """Passed to the next player, who has the say to it (``unused_draw = offered``)."""
    REFUSED = "refused"
    """Declined though it fits one of the decliner's melds: the next player may demand he take it (reactive forcing)."""
    PASSED_ON = "passed on"
    """In a game of three, declined by the player it was passed to, though it fits the melds of the player who passed
    it: his other opponent, the next player, may still demand he take it (reactive forcing)."""
    OUT = "out"
    """Out of play; the next card is drawn."""
    TABLEAU = "tableau"
    """Out of play, and the stock is empty: the deal is a tie."""


def passing(s: State, me: int, first: bool) -> Passing:
    """What passing the card on offer does, ``first`` telling whether its player drew it (or has the turned-up card)."""
    r = s.rules
    if first and r.unused_draw is UnusedDraw.OFFERED:
        return Passing.OFFERED
    if r.forcing.reactive and s.fits(me, s.offer):
        return Passing.REFUSED
    # Either opponent may demand (three players): the one who passed it, if it fits his melds, is asked of again.
    if r.forcing.reactive and s.players == 3 and s.origin is Origin.PASSED and s.fits(before(me, 3), s.offer):
        return Passing.PASSED_ON
    return Passing.OUT if s.stock else Passing.TABLEAU


def goes_out(s: State, me: int, card: int) -> bool:
    """Whether discarding ``card`` (from the hand) wins the deal: it is the last card and the last discard counts."""
    return s.rules.last_discard_counts and s.hands[me] == card


def apply(s: State, a: Action) -> None:
    """Play the action ``a``, legal in state ``s``, on ``s``."""
    me = s.actor
    n = s.players
    nxt = after(me, n)
    s.forced = False
    k = a[0]
    if k is Kind.PASS:
        origin = s.origin
        first = origin is Origin.DRAWN or origin is Origin.TURNED_UP
        way = passing(s, me, first)
        if way is Passing.OFFERED:
            s.origin = Origin.PASSED
            s.actor = nxt
        elif way is Passing.REFUSED:
            s.phase = Phase.REFUSED
            s.actor = nxt
        elif way is Passing.PASSED_ON:
            s.phase = Phase.REFUSED
            s.claim = (before(me, n), me)
            s.actor = nxt
        else:
            s.out.append(s.offer)
            s.offer = 0
            _draw(s, nxt if first else me)
    elif k is Kind.USE:
        was = s.down[me] | s.offer
        s.melds[me] = a[1]
        s.down[me] = now = _or(a[1])
        s.hands[me] &= ~(now & ~was)
        s.offer = 0
        _after_gain(s, me)
    elif k is Kind.DISCARD:
        out = goes_out(s, me, a[2])
        s.hands[me] &= ~a[2]
        if out:
            s.out.append(a[2])
            _win(s, me)
        elif a[3]:
            _put_on(s, s.owner(a[3]), a[3], a[2])
        elif a[1]:
            _regroup(s, a[1], a[2])
        else:
            s.offer, s.origin, s.actor, s.phase = a[2], Origin.DISCARD, nxt, Phase.OFFER
    elif k is Kind.FORCE:
        c, s.offer = s.offer, 0
        if a[1]:
            _regroup(s, a[1], c)
        else:
            _put_on(s, s.owner(a[3]), a[3], c)
    elif k is Kind.DEMAND:
        s.phase, s.origin, s.actor = Phase.OFFER, Origin.DEMANDED, s.demand_of()[0]
        s.claim = ()
    elif k is Kind.WAIVE:
        target, decliner = s.demand_of()
        if after(me, n) != target:  # three players: the target's other opponent is asked in turn
            s.claim, s.actor = (target, decliner), after(me, n)
            return
        s.claim = ()
        s.out.append(s.offer)
        s.offer = 0
        # As if the declined card had simply gone: the player after its drawer draws next (the first asked to
        # demand), else its last decliner.
        _draw(s, after(decliner, n) if s.origin.first_say else decliner)
    elif k is Kind.TAKE:
        s.hands[me] |= s.offer
        s.offer = 0
        s.phase = Phase.DISCARD
    elif k is Kind.GIVE:
        s.hands[me] &= ~a[2]
        s.given[me] = a[2]
        if all(s.given):  # the last to choose: every card goes to the player on its giver's right, and play begins
            for seat, card in enumerate(s.given):
                s.hands[after(seat, n)] |= card
            s.given = []
            first_card(s)
        else:
            s.actor = nxt
    elif k is Kind.LAY:
        was = s.down[me]
        s.melds[me] = a[1]
        s.down[me] = now = _or(a[1])
        s.hands[me] &= ~(now & ~was)
        if now.bit_count() >= s.rules.cards_to_win:  # laying out can reach the cards that win
            _offer_out(s)
            _win(s, me)


def first_card(s: State) -> None:
    """Play begins: the first card of the stock is turned up for the first player (``turn_up``), or he draws it."""
    r = s.rules
    s.offer = s.stock.pop()
    s.origin = Origin.TURNED_UP if r.turn_up else Origin.DRAWN
    s.actor = int(Role.PONE if r.first_say.value == "pone" else Role.DEALER)
    s.phase = Phase.OFFER


def misdeal(s: State) -> None:
    """End the deal as a misdeal (``misdeal = new-deal``): no score; the card on offer goes out of play, and a card
    chosen for the exchange goes back to its chooser's hand."""
    for seat, card in enumerate(s.given):
        s.hands[seat] |= card
    s.given = []
    _offer_out(s)
    s.phase, s.outcome = Phase.OVER, Outcome(Termination.MISDEAL)


def _put_on(s: State, role: int, onto: int, c: int) -> None:
    """A card forced onto a meld of ``role``: he keeps it, and discards in its place unless he has won (play then goes
    on from him: in a game of three, the player between the forcer and him loses his turn)."""
    s.melds[role] = tuple(sorted(onto | c if m == onto else m for m in s.melds[role]))
    s.down[role] |= c
    s.actor = role
    _after_gain(s, role)
    s.forced = s.phase is Phase.DISCARD


def _regroup(s: State, arr: tuple[int, ...], c: int) -> None:
    """A card forced by regrouping an opponent's melds as ``arr`` (``force_regrouping``): as :func:`_put_on`."""
    theirs = _or(arr) & ~c
    role = next(p for p in range(s.players) if p != s.actor and s.down[p] & theirs)
    s.melds[role] = arr
    s.down[role] |= c
    s.actor = role
    _after_gain(s, role)
    s.forced = s.phase is Phase.DISCARD


def _after_gain(s: State, role: int) -> None:
    if s.down[role].bit_count() >= s.rules.cards_to_win:
        _win(s, role)
    else:
        s.phase = Phase.DISCARD
        s.actor = role


def _offer_out(s: State) -> None:
    """The card on offer goes out of play (the deal ended before anybody used it)."""
    if s.offer:
        s.out.append(s.offer)
        s.offer = 0


def _win(s: State, role: int) -> None:
    s.phase = Phase.OVER
    left = 0
    for seat, hand in enumerate(s.hands):
        if seat != role:
            left |= hand
    s.outcome = Outcome(Termination.WIN, Role(role), pips(s.table.hand_order(left)))


def _draw(s: State, role: int) -> None:
    if not s.stock:
        s.phase = Phase.OVER
        s.offer = 0
        s.outcome = Outcome(Termination.TABLEAU)
        return
    s.offer = s.stock.pop()
    s.origin = Origin.DRAWN
    s.actor = role
    s.phase = Phase.OFFER


def _or(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out
