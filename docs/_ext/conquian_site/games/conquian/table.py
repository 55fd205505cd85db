"""Pure: a Conquian position's table diagram (the dealer above, the middle of the table, the pone below; in a game of
three, the middle player above the dealer, in the order they play after the pone), which
the "Try it" table shares, and the same in sentences.  Cards are drawn by :mod:`conquian_site.drawing`.

The drawing is HTML text with labels (no pictures of text): each player's melds, grouped, and hand as cards, the
cards he has down, the stock (a count), the cards out of play where there are any, and the card on offer with how
it got there and who has the say.  Each game draws its own (``games/<game>/table.py``);
:mod:`conquian_site.games` says which game draws with which.
"""

from __future__ import annotations

from html import escape

from conquian import Game
from conquian.games.conquian.rules import RefusedCard
from conquian.games.conquian.state import Role, seats

from .words import the

from ...drawing import backs_html, card_html, cards_html, melds_html
from .words import state_words


def seat_html(g: Game, role: Role, hidden: bool = False, name: str = "") -> str:
    down, acting = g.down(role), g.to_act is role
    whose = the(role)
    name = name or whose.capitalize()
    badge = ' <span class="cq-to-act">to act</span>' if acting else ""
    hand = backs_html(len(g.hand(role)), f"{whose}’s hand") if hidden else cards_html(g.hand(role), f"{whose}’s hand")
    rows = [f"<dt>Melds</dt><dd>{melds_html(g.melds(role), f'{whose}’s melds')}</dd>",
            f"<dt>Hand</dt><dd>{hand}</dd>"]
    return (f'<div class="cq-seat cq-seat-{role}{" cq-acting" if acting else ""}" role="group" aria-label="{name}">'
            f'<p class="cq-seat-name"><strong>{name}</strong>{badge} '
            f'<span class="cq-down">{down} card{"s" if down != 1 else ""} down · {len(g.hand(role))} in hand</span></p>'
            f'<dl class="cq-seat-rows">{"".join(rows)}</dl></div>')


def middle_html(g: Game, persons=None) -> str:
    n = len(g.stock)
    parts = [f'<div class="cq-pile"><span class="cq-pile-label">Stock</span> '
             f'{card_html("?") if n else ""}<span>{n} card{"s" if n != 1 else ""}</span></div>']
    if g.out:
        if g.rules.refused_card is RefusedCard.TURNED_DOWN:
            k = len(g.out)
            parts.append(f'<div class="cq-pile"><span class="cq-pile-label">Turned down</span> {card_html("?")}'
                         f'<span>{k} card{"s" if k != 1 else ""}, face down</span></div>')
        else:
            shown = "".join(card_html(c) for c in g.out)
            parts.append(f'<div class="cq-pile"><span class="cq-pile-label">Discard pile</span> '
                         f'<span class="cq-pile-cards">{shown}</span><span>(bottom to top; covered cards are out of '
                         f'play)</span></div>')
    if g.offer is not None:
        parts.append(f'<div class="cq-offer"><span class="cq-pile-label">On offer</span> {card_html(g.offer)} '
                     f'<span class="cq-say">{escape(state_words(g, persons))}</span></div>')
    else:
        parts.append(f'<div class="cq-offer cq-no-offer"><span class="cq-say">{escape(state_words(g, persons))}</span></div>')
    return '<div class="cq-middle">' + "".join(parts) + "</div>"


def conquian_table_html(g: Game, hidden=(), names=None, persons=None) -> str:
    """The dealer above (the middle player above him, with three), the middle of the table, the pone below; the hands
    of the roles in ``hidden`` face down."""
    names = names or {}
    above = (Role.MIDDLE, Role.DEALER) if g.players == 3 else (Role.DEALER,)
    return ("".join(seat_html(g, r, r in hidden, names.get(r, "")) for r in above) + middle_html(g, persons)
            + seat_html(g, Role.PONE, Role.PONE in hidden, names.get(Role.PONE, "")))


def position_html(g: Game, figcaption: str, label: str, text: str) -> str:
    """The table diagram of a Conquian deal: the dealer above, the middle of the table, the pone below."""
    return (f'<figure class="cq-position" role="group" aria-label="{escape(label)}">'
            f"{conquian_table_html(g)}{figcaption}"
            f'<details class="cq-details cq-position-text"><summary>Show the position as text</summary>'
            f'<div class="cq-details-body"><div class="highlight"><pre>{escape(text)}</pre></div></div></details></figure>')


def table_html(g: Game, hidden=(), names=None, below=None, persons=None) -> str:
    """The table alone (the "Try it" table): seats by index (0 the dealer), those in ``hidden`` face down.  With
    ``below`` (the reader's seat on the play page), that seat is drawn last, under the middle of the table, and the
    others above it in the order they play after it: the reader's hand stays at the bottom, next to his moves,
    whoever deals; ``persons``, who is who in the sentence at its middle (see :mod:`conquian_site.persons`)."""
    names = names or {}
    hidden, names = tuple(Role(s) for s in hidden), {Role(s): n for s, n in names.items()}
    if below is None:
        return conquian_table_html(g, hidden, names, persons)
    others = [Role((int(below) + k) % g.players) for k in range(1, g.players)]
    return ("".join(seat_html(g, r, r in hidden, names.get(r, "")) for r in others) + middle_html(g, persons)
            + seat_html(g, Role(below), Role(below) in hidden, names.get(Role(below), "")))


def seat_words(seat: int) -> str:
    """A seat as the "Try it" table names it."""
    return the(Role(seat))


def text_lines(g: Game) -> list[str]:
    """The same position as plain sentences: for the search index and builders other than HTML."""
    out = []
    for role in seats(g.players):
        melds = " ".join("[" + " ".join(map(str, m)) + "]" for m in g.melds(role)) or "none"
        hand = " ".join(map(str, g.hand(role))) or "none"
        out.append(f"{the(role).capitalize()}: melds {melds}; hand {hand}.")
    out.append(f"Stock: {len(g.stock)} cards. {state_words(g)}")
    return out
