"""Actions in plain English, in the context of their game: the one place the engine puts a move into words.

``describe(game, action)`` says what the action does where it stands, as an instruction to the player to act:
"pass the 5♣ to the dealer", "lay the 5♣ on the dealer's 2♣ 3♣ 4♣ (forcing)", "take the 6♣ with the 6♥
borrowed from 3♥–6♥ and the 6♦ from the hand: 6♥ 6♦ 6♣, leaving 3♥ 4♥ 5♥".  The site, the command line
and the messages of :class:`~conquian.errors.IllegalMove` use it; the action text (``force [2♣ 3♣ 4♣]``)
stays the notation.  An action that is illegal is described as what it would do.  What a pass leads to and
whether a discard goes out are what the transitions decide (``conquian.games.conquian.transitions``): the
words say it, they do not decide it again.
"""

from __future__ import annotations

from .actions import Action, Kind
from ...cards import card_of
from .melds import MeldKind
from .state import Phase, Role, after, before
from .transitions import Passing, goes_out, passing

__all__ = ["describe", "meld_words", "role_words"]


def role_words(role: "Role | int") -> str:
    """``the dealer``, ``the pone``, ``the middle player``."""
    return "the middle player" if role == Role.MIDDLE else f"the {Role(role)}"


def meld_words(table, mask: int) -> str:
    """A meld in prose: ``3♥–6♥`` for a sequence of four or more, the cards otherwise (``6♥ 6♦ 6♣``)."""
    cs = table.cards(mask)
    if len(cs) >= 4 and table.melds.get(mask) is MeldKind.SEQUENCE:
        return f"{cs[0]}–{cs[-1]}"
    return " ".join(map(str, cs))


def _list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _the(table, mask: int) -> str:
    return _list([f"the {c}" for c in table.cards(mask)])


def describe(game, action: "Action | str") -> str:
    """What the action does in this game, in words (see the module's description)."""
    a = Action.parse(action)
    k = a.kind
    t = game.table
    me = game.to_act
    if me is None:
        return f"{a.text(t)} (the deal is over)"
    n = game.players
    card = game.offer
    if card is None and k in (Kind.PASS, Kind.TAKE):  # asked why it is illegal: there is nothing to pass or take
        return f"{a.text(t)} with no card on offer"
    if k is Kind.PASS:
        return _pass_words(game, me)
    if k is Kind.TAKE:
        return f"take the {card} into the hand"
    if k is Kind.FORCE and a.melds:
        return f"lay the {card} on {_regrouped(game, me, a.melds)} (forcing)"
    if k is Kind.FORCE:
        return f"lay the {card} on {_whose(game, me, a.onto)} (forcing)"
    if k is Kind.DEMAND:
        target = game.state.demand_of()[0] if game.state.phase is Phase.REFUSED else before(me, n)
        return f"demand that {role_words(target)} take the {card}"
    if k is Kind.WAIVE:
        return f"let the {card} go without demanding it"
    if k is Kind.GIVE:
        return f"pass the {card_of(a.card)} face down to {role_words(after(me, n))}"
    if k is Kind.DISCARD:
        c = card_of(a.card)
        if a.onto:
            text = f"discard the {c} onto {_whose(game, me, a.onto)} (forcing)"
        elif a.melds:
            text = f"discard the {c} onto {_regrouped(game, me, a.melds)} (forcing)"
        else:
            text = f"discard the {c}"
        if goes_out(game.state, me, a.card):
            text += ", the last card in the hand, and so go out"
        return text
    return _arrangement_words(game, me, a, game.state.offer if k is Kind.USE else 0)


def _whose(game, me: Role, meld: int) -> str:
    """A meld named by a forcing move, with its owner: an opponent's where it is one of his (a refused move may name
    a meld that is not, and is then named without an owner)."""
    owner = game.state.owner(meld)
    if owner not in (-1, me):
        return f"{role_words(owner)}'s {meld_words(game.table, meld)}"
    return meld_words(game.table, meld)


def _regrouped(game, me: Role, arr: tuple[int, ...]) -> str:
    """``the dealer's melds, regrouped as 3♣ 4♣ 5♣ 6♣ and J♣ J♥ J♦``."""
    t, s = game.table, game.state
    new = 0
    for m in arr:
        new |= m
    owner = next((p for p in range(game.players) if p != me and s.down[p] & new), -1)
    whose = f"{role_words(owner)}'s melds" if owner >= 0 else "the melds"
    return f"{whose}, regrouped as {_list([meld_words(t, m) for m in arr])}"


def _pass_words(game, me: Role) -> str:
    card, origin, r = game.offer, game.origin, game.rules
    # A card on offer is never refused by a player who is not its first holder and a pass by its first holder is
    # offered on only in phase offer: so passing() decides for every phase (in phase discard, nothing is on offer).
    first = origin is not None and origin.first_say
    way = passing(game.state, me, first)
    nxt = after(me, game.players)
    if way is Passing.OFFERED:
        return f"pass the {card} to {role_words(nxt)}"
    if way is Passing.REFUSED:
        return f"decline the {card}, though it fits one of his own melds"
    if way is Passing.PASSED_ON:
        return (f"decline the {card}: {role_words(nxt)} may still demand that {role_words(before(me, game.players))} "
                f"take it")
    gone = "turn it down" if r.refused_card.value == "turned-down" else "leave it on the discard pile"
    if way is Passing.TABLEAU:
        return f"refuse the {card}: {gone}; the stock is exhausted, so the deal is a tie (a tableau)"
    then = "and draw" if origin is not None and not first else f"and let {role_words(nxt)} draw"
    return f"refuse the {card}: {gone} {then}"


def _cards_words(table, mask: int, where: str) -> str:
    """``the 5♥ from the hand``, ``the 5♥ and 6♥ from the hand``."""
    return "the " + _list([str(c) for c in table.cards(mask)]) + where


def _arrangement_words(game, me: Role, a: Action, used: int) -> str:
    t, s = game.table, game.state
    old = s.melds[me]
    hand = s.hands[me]
    down = 0
    for m in old:
        down |= m
    first: list[str] = []
    parts: list[str] = []
    leaving: list[str] = []
    for new in a.melds:
        if new in old:
            continue
        sources = [o for o in old if o & new]
        if len(sources) == 1 and not new & ~sources[0]:
            leaving.append(meld_words(t, new))  # what is left of a meld that lent cards
            continue
        extra = new & ~down
        whole = [o for o in sources if not o & ~new]
        if len(sources) == 1 and whole:
            # An old meld extended by the card used and/or cards from the hand.
            what = []
            if extra & used:
                what.append(f"the {card_of(used)}")
            if extra & hand:
                what.append(_cards_words(t, extra & hand, " from the hand"))
            (first if new & used else parts).append(f"add {_list(what)} to his {meld_words(t, whole[0])}")
            continue
        if len(whole) == 1 and not new & used and not new & hand:
            # An old meld joined by cards borrowed from others: "add the 3♦, borrowed from 3♦–6♦, to his 3♠ 3♥ 3♣".
            lent = [_cards_words(t, new & o, f", borrowed from {meld_words(t, o)},") for o in sources if o != whole[0]]
            parts.append(f"add {_list(lent)} to his {meld_words(t, whole[0])}")
            continue
        what = []
        if new & hand:
            what.append(_cards_words(t, new & hand, " from the hand"))
        for o in sources:
            taken = new & o
            what.append(f"his {meld_words(t, o)}" if taken == o else _cards_words(t, taken, f" borrowed from {meld_words(t, o)}"))
        if new & used:
            first.append(f"take the {card_of(used)}" + (f" with {_list(what)}" if what else "") + f": {meld_words(t, new)}")
        elif not new & down:
            parts.append(f"lay out {meld_words(t, new)} from the hand")
        else:
            parts.append(f"meld {_list(what)}: {meld_words(t, new)}")
    text = ", and ".join(first + parts) if first or parts else a.text(t)
    if leaving:
        text += ", leaving " + _list(sorted(set(leaving)))
    return text
