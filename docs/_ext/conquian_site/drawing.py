"""Drawing a deal as HTML text: cards, prose with cards in it, and Conquian's table diagram.

Pure (no docutils, no Sphinx): the ``{position}`` diagram at build time and the "Try it" table in the reader's
browser (:mod:`conquian_site.playroom`, run by Pyodide) draw with the same functions, so a card looks the same
in both.  Rommé's table is drawn by :mod:`conquian_site.romme_position`, with these cards.

A seat whose hand is ``hidden`` (the computer's, in a deal against it) shows a card back for each card.
"""

from __future__ import annotations

import re
from html import escape

from conquian.cards import Card
from conquian.game import Game
from conquian.rules import RefusedCard
from conquian.state import Role

from .facts import state_words

__all__ = ["card_html", "words_html", "cards_html", "melds_html", "seat_html", "middle_html", "conquian_table_html",
           "backs_html"]


def card_html(card: Card | str, extra: str = "", stands: Card | None = None) -> str:
    """One card as HTML text: ``<span class="cq-card cq-red">5♥</span>`` (``?`` for a face-down card); a joker
    is drawn with its sign, the word "joker" for assistive technology and, in a sequence, the card it ``stands``
    for."""
    if str(card) == "?":
        return '<span class="cq-card cq-back" aria-hidden="true"></span>'
    card = card if isinstance(card, Card) else Card(card)
    if card.is_joker:
        if stands is None:
            inner = '<span class="cq-joker-word">joker</span>'
        else:
            inner = (f'<span class="cq-sr-only">joker, for the </span><span class="cq-stands '
                     f'{"cq-red" if stands.suit.is_red else "cq-black"}" aria-hidden="true">={escape(str(stands))}</span>'
                     f'<span class="cq-sr-only">{escape(str(stands))}</span>')
        return (f'<span class="cq-card cq-joker{extra}"><span class="cq-joker-sign" aria-hidden="true">🃏</span>'
                f'{inner}</span>')
    colour = "cq-red" if card.suit.is_red else "cq-black"
    return f'<span class="cq-card {colour}{extra}">{escape(str(card))}</span>'


_CARD_TOKEN = re.compile(r"(?<![\w])(10|[A2-9JQK])([♠♥♦♣])")


_JOKER_HTML = ('<span class="cq-joker-inline"><span class="cq-joker-sign" aria-hidden="true">🃏</span>'
               '<span class="cq-joker-word">joker</span></span>')


def words_html(text: str) -> str:
    """Prose from the engine, escaped, with every card in it drawn as a small card (a joker: its sign and word)."""
    return _CARD_TOKEN.sub(lambda m: card_html(m.group(0), " cq-card-inline"), escape(text)).replace("🃏", _JOKER_HTML)


def backs_html(n: int, label: str) -> str:
    """``n`` cards face down, as a list, with its label and the count for assistive technology."""
    if not n:
        return '<span class="cq-none">none</span>'
    items = "".join(f"<li>{card_html('?')}</li>" for _ in range(n))
    return f'<ul class="cq-hand cq-hidden-hand" aria-label="{escape(label)}, {n} cards face down">{items}</ul>'


def cards_html(cards, label: str) -> str:
    """A row of cards as a list, with its label for assistive technology."""
    if not cards:
        return '<span class="cq-none">none</span>'
    items = "".join(f"<li>{card_html(c)}</li>" for c in cards)
    return f'<ul class="cq-hand" aria-label="{escape(label)}">{items}</ul>'


def melds_html(melds, label: str) -> str:
    if not melds:
        return '<span class="cq-none">none</span>'
    groups = "".join('<li class="cq-meld">' + "".join(card_html(c) for c in meld) + "</li>" for meld in melds)
    return f'<ul class="cq-melds" aria-label="{escape(label)}">{groups}</ul>'


def seat_html(g: Game, role: Role, hidden: bool = False, name: str = "") -> str:
    down, acting = g.down(role), g.to_act is role
    name = name or f"The {role}"
    badge = ' <span class="cq-to-act">to act</span>' if acting else ""
    hand = backs_html(len(g.hand(role)), f"the {role}’s hand") if hidden else cards_html(g.hand(role), f"the {role}’s hand")
    rows = [f"<dt>Melds</dt><dd>{melds_html(g.melds(role), f'the {role}’s melds')}</dd>",
            f"<dt>Hand</dt><dd>{hand}</dd>"]
    return (f'<div class="cq-seat cq-seat-{role}{" cq-acting" if acting else ""}" role="group" aria-label="{name}">'
            f'<p class="cq-seat-name"><strong>{name}</strong>{badge} '
            f'<span class="cq-down">{down} card{"s" if down != 1 else ""} down · {len(g.hand(role))} in hand</span></p>'
            f'<dl class="cq-seat-rows">{"".join(rows)}</dl></div>')


def middle_html(g: Game) -> str:
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
                     f'<span class="cq-say">{escape(state_words(g))}</span></div>')
    else:
        parts.append(f'<div class="cq-offer cq-no-offer"><span class="cq-say">{escape(state_words(g))}</span></div>')
    return '<div class="cq-middle">' + "".join(parts) + "</div>"


def conquian_table_html(g: Game, hidden=(), names=None) -> str:
    """The dealer above, the middle of the table, the pone below; the hands of the roles in ``hidden`` face down."""
    names = names or {}
    return (seat_html(g, Role.DEALER, Role.DEALER in hidden, names.get(Role.DEALER, "")) + middle_html(g)
            + seat_html(g, Role.PONE, Role.PONE in hidden, names.get(Role.PONE, "")))
