"""Drawing cards as HTML text: a card, a row of cards, melds, card backs, prose with cards in it.

Pure (no docutils, no Sphinx): the ``{position}`` diagram at build time and the "Try it" table in the reader's
browser (:mod:`conquian_site.playroom`, run by Pyodide) draw with the same functions, so a card looks the same
in both.  Each game's table is drawn with these cards by its own module (:mod:`conquian_site.conquian_position`,
:mod:`conquian_site.romme_position`).

A seat whose hand is ``hidden`` (the computer's, in a deal against it) shows a card back for each card.
"""

from __future__ import annotations

import re
from html import escape

from conquian.cards import Card

__all__ = ["card_html", "words_html", "cards_html", "melds_html", "backs_html"]


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
