"""Rommé actions in plain English, in the context of their game: "lay the 5♠ off on 2♠ 3♠ 4♠".

The site, the command line and the messages of :class:`~conquian.errors.IllegalMove` use it; the action text
(``lay 5♠ on [2♠ 3♠ 4♠]``) stays the notation.  An action that is illegal is described as what it would do.
"""

from __future__ import annotations

from ...cards import BY_CODE, JOKER_CODE
from .actions import Action, Kind
from .melds import RUN, Meld

__all__ = ["describe", "meld_words"]


def meld_words(m: Meld) -> str:
    """A meld in prose: its cards, a joker as "🃏 (for the 8♠)"."""
    parts = []
    for c, stands in m.items():
        parts.append(str(BY_CODE[c]) if c != JOKER_CODE else "🃏" + (f" (for the {BY_CODE[stands]})" if stands >= 0 else ""))
    return " ".join(parts)


def describe(game, action: "Action | str") -> str:
    """What the action does in this game, in words."""
    a = Action.parse(action)
    kind, card, meld, after, new = a
    if game.to_act is None:
        return f"{a.text()} (the deal is over)"
    c = BY_CODE[card] if card >= 0 else None
    if kind is Kind.KEEP:
        return "keep the joker found at the cut"
    if kind is Kind.LEAVE:
        return "leave the joker found at the cut in the pack"
    if kind is Kind.DRAW:
        return "draw the top card of the stock"
    if kind is Kind.TAKE:
        top = game.discards[-1] if game.discards else None
        return f"take the {top} from the discard pile" if top else "take the top card of the discard pile"
    if kind is Kind.MELD:
        return f"meld {meld_words(meld)}"
    if kind is Kind.DISCARD:
        last = len(game.state.hands[game.to_act]) == 1
        return f"discard the {c}" + (", the last card, face down, and go out" if last else "")
    if kind is Kind.LAY:
        what = f"the {c}"
        if card == JOKER_CODE and after is not None and meld[0] == RUN:
            stands = [s for cc, s in after.items() if cc == JOKER_CODE and s not in [x for y, x in meld.items() if y == JOKER_CODE]]
            what = "a joker" + (f" (for the {BY_CODE[stands[0]]})" if stands else "")
        elif card == JOKER_CODE:
            what = "a joker"
        return f"lay {what} off on {meld_words(meld)}"
    return f"put the {c} in place of the joker in {meld_words(meld)}, and meld {meld_words(new)}"
