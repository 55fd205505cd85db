"""Drawing cards as HTML text: a card, a row of cards, melds, card backs, prose with cards in it.

Pure (no docutils, no Sphinx): the ``{position}`` diagram at build time and the "Try it" table in the reader's
browser (:mod:`conquian_site.playroom`, run by Pyodide) draw with the same functions, so a card looks the same
in both.  Each game's table is drawn with these cards by its own module, in its folder of
:mod:`conquian_site.games` (``games/<game>/table.py``).

A seat whose hand is ``hidden`` (the computer's, in a deal against it) shows a card back for each card.
"""

from __future__ import annotations

import re
from html import escape

from conquian.cards import Card
from conquian.games import RULE_SETS

__all__ = ["card_html", "words_html", "reader_text", "players_from_one", "cards_html", "melds_html", "backs_html"]


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


#: What the engine adds to a message for a programmer: "(rule min_cut=4; foster-1913 (stated), …)", a position's line
#: number, the move's index.  A reader gets the rule in words beside the message instead.  (No nested quantifier
#: overlaps: the inner group begins with "(", which the outer class excludes.)
_FOR_PROGRAMMERS = re.compile(r"\s*\(rules? [^()]*(?:\([^()]*\)[^()]*)*\)|\s*\([a-z]+(?:_[a-z]+)+ ?= ?[^()]*\)|^position line \d+ \([^()]*\): |"
                              r"^(?:move|deal) \d+ \([^()]*\): ")
_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


def players_from_one(text: str) -> str:
    """The engine numbers a Rommé table's seats from 0 ("seat 1 has drawn"); a reader counts players from one."""
    return _SEAT.sub(lambda m: ("Player " if m.group(1) == "S" else "player ") + str(int(m.group(2)) + 1), text)


def _value_words() -> re.Pattern:
    words = {ax.format(c) for rs in RULE_SETS.values() for ax in rs.AXES for c in (ax.choices or ()) if "-" in ax.format(c)}
    return re.compile(r"(?<![\w-])(?:" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")(?![\w-])")


_VALUE_WORD = _value_words()


def reader_text(text: str) -> str:
    """An engine message in a reader's words: the programmer's parts removed, players counted from one, rule-set
    words ("ace-to-ten") spelt as words ("ace to ten")."""
    text = players_from_one(_FOR_PROGRAMMERS.sub("", text))
    return _VALUE_WORD.sub(lambda m: m.group(0).replace("-", " "), text)


def words_html(text: str) -> str:
    """Prose from the engine, escaped, in a reader's words (:func:`reader_text`), with every card in it drawn as a
    small card (a joker: its sign and word)."""
    text = reader_text(text)
    return _CARD_TOKEN.sub(lambda m: card_html(m.group(0), " cq-card-inline"), escape(text)).replace("🃏", _JOKER_HTML)


def backs_html(n: int, label: str) -> str:
    """``n`` cards face down, as a list, with its label and the count for assistive technology."""
    if not n:
        return '<span class="cq-none">none</span>'
    items = "".join(f"<li>{card_html('?')}</li>" for _ in range(n))
    return f'<ul class="cq-hand cq-hidden-hand" aria-label="{escape(label)}, {n} cards face down">{items}</ul>'


def cards_html(cards, label: str, none: str = "none") -> str:
    """A row of cards as a list, with its label for assistive technology (``none`` when there is no card)."""
    if not cards:
        return f'<span class="cq-none">{escape(none)}</span>'
    items = "".join(f"<li>{card_html(c)}</li>" for c in cards)
    return f'<ul class="cq-hand" aria-label="{escape(label)}">{items}</ul>'


def melds_html(melds, label: str) -> str:
    if not melds:
        return '<span class="cq-none">none</span>'
    groups = "".join('<li class="cq-meld">' + "".join(card_html(c) for c in meld) + "</li>" for meld in melds)
    return f'<ul class="cq-melds" aria-label="{escape(label)}">{groups}</ul>'
