"""The moves of a deal, phase by phase: what is legal, and, beside it, why anything else is not.

For each phase (:class:`~conquian.games.conquian.state.Phase`) one function lists the legal actions, each distinct outcome
once, in a fixed order, and one function says why an action is illegal, naming the axis whose rule forbids
it.  The two are kept side by side so that every branch of the one has its mirror in the other.  The game
(:mod:`conquian.games.conquian.game`) dispatches to them; they read its state
(:class:`~conquian.games.conquian.state.State`) and never change it.
"""

from __future__ import annotations

from .actions import Action, Kind
from ...cards import bits, card_of
from .melds import Melding, arrangements, borrowing_ok, from_hand_ok, laid_off, lay_out_options, regroupings
from .rules import DemandedUse, HandCards, Rearranging
from .state import Origin, Phase, Role, State, after, before
from .transitions import goes_out

__all__ = ["legal", "diagnose"]

_USE, _LAY, _FORCE, _DISCARD = Kind.USE, Kind.LAY, Kind.FORCE, Kind.DISCARD
_PASS, _TAKE = tuple.__new__(Action, (Kind.PASS, (), 0, 0)), tuple.__new__(Action, (Kind.TAKE, (), 0, 0))
_DEMAND, _WAIVE = tuple.__new__(Action, (Kind.DEMAND, (), 0, 0)), tuple.__new__(Action, (Kind.WAIVE, (), 0, 0))
_new = tuple.__new__  # the engine's own actions skip the shape check of Action()


def _or(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


# -- a card on offer ----------------------------------------------------------------------------------
def offer_moves(s: State) -> list[Action]:
    me, c, origin, r, t = s.actor, s.offer, s.origin, s.rules, s.table
    old, hand, down = s.melds[me], s.hands[me], s.down[me]
    # Most cards on offer fit nothing: test that first, cheaply, before enumerating arrangements.
    if t.could_meld(c, down | hand):
        out = [_new(Action, (_USE, arr, 0, 0)) for arr in arrangements(t, s.melding, old, hand, c, down)]
        if origin is Origin.DEMANDED:
            if r.demanded_use is DemandedUse.LAY_OFF:
                out = [a for a in out if laid_off(a[1], old, c)]
            return out
    else:
        out = []
    if r.drawn_to_hand:
        out.append(_TAKE)
    if r.meld_without_use and (origin is Origin.DRAWN or origin is Origin.TURNED_UP):
        out.extend(_new(Action, (_LAY, arr, 0, 0)) for arr in lay_out_options(t, s.melding, old, hand))
    out.append(_PASS)
    forcing = r.forcing
    # Under forcing=both a passed card that fits the passer's meld may be forced onto it or demanded of him.  In a game
    # of three the player in turn forces onto either opponent's melds: he decides where a card fitting several goes.
    if forcing.active:
        melds = t.melds
        n = s.players
        back = -1 if origin is not Origin.DISCARD or r.force_back else before(me, n)  # the discarder's melds
        for seat in range(me + 1, me + n):
            if seat % n != back:
                theirs = s.melds[seat % n]
                out.extend(_new(Action, (_FORCE, (), 0, m)) for m in theirs if m | c in melds)
                if r.force_regrouping:
                    out.extend(_new(Action, (_FORCE, arr, 0, 0)) for arr in regroupings(t, theirs, c))
    if forcing.reactive and origin is Origin.PASSED and s.fits(before(me, s.players), c):
        out.append(_DEMAND)
    return out


def offer_why(s: State, a: Action) -> tuple[str, str | None]:
    r, me, card, origin, k = s.rules, s.actor, card_of(s.offer), s.origin, a.kind
    who = str(Role(me))
    if origin is Origin.DEMANDED and k is not Kind.USE:
        return f"{who} was made to take {card} and must use it", "forcing"
    if origin is Origin.DEMANDED and r.demanded_use is DemandedUse.LAY_OFF and not laid_off(a.melds, s.melds[me], s.offer):
        return f"{who} was made to take {card} to add it to the meld of his it fits, not to use it otherwise", "demanded_use"
    if k is Kind.DISCARD:
        # a card he does not even hold is said too: "not now" alone reads as if the card were his
        held = "" if a.card & s.hands[me] else f"; nor does he hold {card_of(a.card)}"
        return f"{who} has the say to {card} and cannot discard before using a card{held}", "drawn_to_hand"
    if k in (Kind.DEMAND, Kind.WAIVE):
        if not r.forcing.reactive:
            return f"there is no demanding: {card} is on offer to {who}", "forcing"
        if k is Kind.WAIVE:
            return f"there is no demand to waive: {who} has the say to {card}", "forcing"
        if origin is not Origin.PASSED:
            return (f"{who} can demand only that the player before him take a card that player declined; "
                    f"{card} is {who}'s own {origin.value} card", "forcing")
        return (f"{Role(before(me, s.players))} can be made to take only a card that fits one of his melds, "
                f"and {card} fits none", "forcing")
    if k is Kind.TAKE:
        return "a card on offer is never taken into the hand; it is used in a meld at once or not at all", "drawn_to_hand"
    if k is Kind.FORCE and a.melds:
        return regrouped_why(s, me, a.melds, s.offer, origin is Origin.DISCARD and not r.force_back)
    if k is Kind.FORCE:
        if (origin is Origin.DISCARD and r.forcing.active and not r.force_back
                and (s.players == 2 or s.owner(a.onto) == before(me, s.players))):
            return (f"{card} was discarded by {Role(before(me, s.players))}: it cannot be forced back on his melds",
                    "force_back")
        return onto_why(s, me, a.onto, s.offer)
    if k is Kind.LAY:
        if not r.meld_without_use:
            return f"{who} may meld from his hand only in a turn in which he uses a card", "meld_without_use"
        if not origin.first_say:
            return f"{who} may meld from his hand only after turning a card from the stock", "meld_without_use"
        return arrangement_why(s, me, a.melds, 0)
    if k is Kind.USE:
        return arrangement_why(s, me, a.melds, s.offer)
    return "not possible here", None


# -- a discard ------------------------------------------------------------------------------------------
def forced_lay_outs(s: State) -> list[tuple[int, ...]]:
    """What a forced player may lay out from his hand instead of discarding: only layouts that win (``forced_lay_out``)."""
    r, t, me = s.rules, s.table, s.actor
    free_hand = Melding(r.rearranging, r.lay_off_own, with_the_card=False)  # "lay out what he holds"
    need = r.cards_to_win
    return [arr for arr in lay_out_options(t, free_hand, s.melds[me], s.hands[me])
            if sum(m.bit_count() for m in arr) >= need]


def discard_moves(s: State) -> list[Action]:
    me, r = s.actor, s.rules
    hand = s.hands[me]
    out = [_new(Action, (_DISCARD, (), b, 0)) for b in bits(hand)]
    if s.forced and r.forced_lay_out:
        out.extend(_new(Action, (_LAY, arr, 0, 0)) for arr in forced_lay_outs(s))
    last_wins = r.last_discard_counts and hand.bit_count() == 1
    # Forcing the discard is a distinct outcome unless the discard of the last card wins the deal anyway.
    if r.forcing.active and r.force_discard and not last_wins:
        melds = s.table.melds
        n = s.players
        for seat in range(me + 1, me + n):
            theirs = s.melds[seat % n]
            for onto in theirs:
                for b in bits(hand):
                    if onto | b in melds:
                        out.append(_new(Action, (_DISCARD, (), b, onto)))
            if r.force_regrouping:
                for b in bits(hand):
                    out.extend(_new(Action, (_DISCARD, arr, b, 0)) for arr in regroupings(s.table, theirs, b))
    return out


def discard_why(s: State, a: Action) -> tuple[str, str | None]:
    me, r = s.actor, s.rules
    who = str(Role(me))
    if a.kind is Kind.LAY and s.forced:
        if not r.forced_lay_out:
            return (f"{who} was forced and must discard: the forced card alone does not give him "
                    f"{r.cards_to_win} cards down", "forced_lay_out")
        return f"laying out those cards does not give {who} {r.cards_to_win} cards down", "forced_lay_out"
    if a.kind is not Kind.DISCARD:
        return f"{who} must discard a card from his hand now", "cards_to_win"
    if not a.card & s.hands[me]:
        return f"{card_of(a.card)} is not in {who}'s hand", None
    if a.onto and r.forcing.active and not r.force_discard:
        return (f"{who} may not force his own discard: he discards {card_of(a.card)} and "
                f"{Role(after(me, s.players))} has the say to it", "force_discard")
    if a.melds and r.forcing.active and not r.force_discard:
        return (f"{who} may not force his own discard: he discards {card_of(a.card)} and "
                f"{Role(after(me, s.players))} has the say to it", "force_discard")
    if (a.onto or a.melds) and goes_out(s, me, a.card):
        return f"{card_of(a.card)} is {who}'s last card: discarding it wins, forced or not; write 'discard " \
               f"{card_of(a.card)}'", "last_discard_counts"
    if a.melds:
        return regrouped_why(s, me, a.melds, a.card, False)
    return onto_why(s, me, a.onto, a.card)


# -- a declined card that fits the decliner's meld (reactive forcing) ------------------------------------
def refused_moves(s: State) -> list[Action]:
    return [_DEMAND, _WAIVE]


def refused_why(s: State, a: Action) -> tuple[str, str | None]:
    who, refuser = str(Role(s.actor)), Role(s.demand_of()[0])
    return (f"{who} must first say whether he demands that {refuser} take {card_of(s.offer)}, which he declined although "
            f"it fits his meld ('demand' or 'waive')", "forcing")


# -- before play: the exchange -----------------------------------------------------------------------------
def exchange_moves(s: State) -> list[Action]:
    return [_new(Action, (Kind.GIVE, (), b, 0)) for b in bits(s.hands[s.actor])]


def exchange_why(s: State, a: Action) -> tuple[str, str | None]:
    who, to = Role(s.actor), Role(after(s.actor, s.players))
    if a.kind is Kind.GIVE:
        return f"{card_of(a.card)} is not in {who}'s hand", None
    return f"before play {who} must choose a card of his hand to pass face down to {to} ('give C')", "exchange"


def over_moves(s: State) -> list[Action]:
    return []


def over_why(s: State, a: Action) -> tuple[str, str | None]:
    return f"the deal is over ({s.outcome})", None


PHASES = {
    Phase.EXCHANGE: (exchange_moves, exchange_why),
    Phase.OFFER: (offer_moves, offer_why),
    Phase.DISCARD: (discard_moves, discard_why),
    Phase.REFUSED: (refused_moves, refused_why),
    Phase.OVER: (over_moves, over_why),
}


def legal(g) -> list[Action]:
    """Every legal action in the game's present phase (``g`` a deal, :class:`~conquian.games.conquian.game.Game`)."""
    s = g.state
    return PHASES[s.phase][0](s)


def diagnose(g, a: Action) -> tuple[str, str | None]:
    """Why an action that is not legal in the deal ``g`` is illegal: ``(reason, axis or None)``."""
    s = g.state
    if s.phase is not Phase.OVER:
        deck = s.table.deck_mask
        for m in (*a.melds, a.onto, a.card):
            stray = m & ~deck
            if stray:
                return f"{card_of(stray & -stray)} is not in the {s.rules.pack.value} pack", "pack"
    return PHASES[s.phase][1](s, a)


# -- shared explanations ---------------------------------------------------------------------------------
def onto_why(s: State, me: int, onto: int, c: int) -> tuple[str, str | None]:
    r, t = s.rules, s.table
    if not onto:
        return "that card cannot be discarded here", None
    if not r.forcing.active:
        return "a player never adds a card to his opponent's melds", "add_to_opponent"
    if s.owner(onto) in (-1, me):
        opp = "no opponent" if s.players == 3 else str(Role(after(me, s.players)))
        return f"{opp} has no meld [{t.text(onto)}]", None
    reason, axis = t.explain(onto | c)
    return f"{card_of(c)} does not fit [{t.text(onto)}]: " + reason, axis


def regrouped_why(s: State, me: int, arr: tuple[int, ...], c: int, back_refused: bool) -> tuple[str, str | None]:
    """Why forcing ``c`` by regrouping an opponent's melds as ``arr`` is illegal."""
    r, t = s.rules, s.table
    if not r.forcing.active:
        return "a player never adds a card to his opponent's melds", "add_to_opponent"
    new = _or(arr)
    seat = next((p for p in range(s.players) if p != me and s.down[p] & new), -1)
    if seat < 0 or new != s.down[seat] | c:
        return (f"the melds after a forcing move that regroups them must be all of one opponent's melds and the "
                f"{card_of(c)}, and nothing else", None)
    if back_refused and seat == before(me, s.players):
        return (f"{card_of(c)} was discarded by {Role(seat)}: it cannot be forced back on his melds", "force_back")
    for m in arr:
        reason, axis = t.explain(m)
        if reason:
            return reason, axis
    if not r.force_regrouping:
        return ("a card is forced only onto a meld it fits as it stands: the forcer may not regroup his "
                "opponent's melds", "force_regrouping")
    return f"that is a plain force: write it onto the meld {card_of(c)} joins", None


def arrangement_why(s: State, me: int, arr: tuple[int, ...], c: int) -> tuple[str, str | None]:
    r, t = s.rules, s.table
    who = str(Role(me))
    old = s.melds[me]
    down, hand, new = _or(old), s.hands[me], _or(arr)
    if c and not new & c:
        return f"the melds after the move must take {card_of(c)}, the card used", None
    stray = new & ~(down | hand | c)
    if stray:
        return f"{card_of(stray & -stray)} is neither in {who}'s hand nor in his melds", None
    missing = down & ~new
    if missing:
        return f"{card_of(missing & -missing)} is in {who}'s melds and must stay on the table", None
    for m in arr:
        reason, axis = t.explain(m)
        if reason:
            return reason, axis
    old_set = set(old)
    for m in arr:
        inter = m & down
        if inter and inter not in old_set and r.rearranging is Rearranging.NONE:
            return "melds on the table may be extended but not regrouped", "rearranging"
        if inter and inter != m and not r.lay_off_own and inter in old_set:
            return "a player may not add cards to his own melds", "lay_off_own"
    if r.rearranging is Rearranging.NONE and any(o not in {m & down for m in arr} for o in old):
        return "melds on the table may be extended but not regrouped", "rearranging"
    if r.rearranging is Rearranging.BORROW and not borrowing_ok(t, arr, old, False):
        return ("a card may be borrowed only from a meld of four or more that still leaves a complete meld "
                "behind, and melds are not joined", "rearranging")
    if r.rearranging is Rearranging.WITH_NEW_MELD and not borrowing_ok(t, arr, old, True):
        return ("cards may leave a meld only to make a new meld, and what they leave must be a valid meld "
                "afterwards (cards of the hand may complete it)", "rearranging")
    if r.hand_cards is HandCards.WITH_THE_CARD and c:
        for m in arr:
            if not m & c and m & hand:
                return ("hand cards go down only in the meld that takes the card used: "
                        f"[{t.text(m)}] does not take {card_of(c)}", "hand_cards")
    if r.two_hand_cards and c and not from_hand_ok(arr, old, hand, c):
        return (f"a new meld made with {card_of(c)} needs two cards from the hand; cards taken from the player's "
                "melds do not count", "two_hand_cards")
    if not c and not new & hand:
        return "the melds must take at least one card from the hand", None
    return "that arrangement is not possible here", None
