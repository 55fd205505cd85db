"""A Rommé position drawn as a table diagram (``{position}`` picks it for a Rommé rule set, the "Try it" table in
the reader's browser too): pure HTML text, without docutils.

The dealer (seat 0) above, the middle of the table, the other seats below, in the order of play.  Each seat
shows its hand as cards (jokers clearly: their sign, the word for assistive technology), how many cards it holds,
whether it has made its first meld, and whether it is to draw or to play.  The middle shows the melds on the table
(each joker with the card it stands for in a sequence), the melds laid this turn towards a first meld with their
points, the stock (a count), the discard pile (its top card, and how many), and where the deal stands, in words.
Like the Conquian diagram, everything is text with labels, in lists that wrap: nothing scrolls sideways.
"""

from __future__ import annotations

from html import escape

from conquian.cards import BY_CODE, JOKER_CODE
from conquian.games.romme.game import RommeGame
from conquian.games.romme.state import Phase

from ...drawing import backs_html, card_html, cards_html
from .words import first_meld_points, state_words


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def meld_html(meld) -> str:
    """One meld as a group of cards; a joker shows the card it stands for (in a sequence)."""
    cards = "".join(card_html(BY_CODE[c], stands=BY_CODE[s] if c == JOKER_CODE and s >= 0 else None)
                    for c, s in meld.items())
    return f'<li class="cq-meld">{cards}</li>'


def melds_html(melds, label: str) -> str:
    if not melds:
        return '<span class="cq-none">none</span>'
    return f'<ul class="cq-melds" aria-label="{escape(label)}">{"".join(meld_html(m) for m in melds)}</ul>'


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}" + (" (the dealer)" if seat == 0 else "")  # a reader counts from one


def seat_html(g: RommeGame, seat: int, hidden: bool = False, name: str = "") -> str:
    acting = g.to_act == seat
    badge = ""
    if acting:
        doing = {Phase.DRAW: "to draw", Phase.PLAY: "to play", Phase.KEEP: "to keep or leave a joker"}[g.phase]
        badge = f' <span class="cq-to-act">{doing}</span>'
    elif g.is_over and g.outcome.winner == seat:
        badge = ' <span class="cq-to-act">gone out</span>'
    hand = g.hand(seat)
    opened = "first meld made" if seat in g.opened else "no first meld yet"
    name = name or seat_name(seat)
    label = f"player {seat + 1}’s hand"
    shown = backs_html(len(hand), label) if hidden and hand else cards_html(hand, label, "none (gone out)")
    return (f'<div class="cq-seat{" cq-acting" if acting else ""}" role="group" aria-label="{name}">'
            f'<p class="cq-seat-name"><strong>{name}</strong>{badge} '
            f'<span class="cq-down">{plural(len(hand), "card")} in hand · {opened}</span></p>'
            f'<dl class="cq-seat-rows"><dt>Hand</dt><dd>{shown}</dd></dl></div>')


def middle_html(g: RommeGame, persons=None) -> str:
    s = g.snapshot()
    rows = [f'<dt>Table</dt><dd>{melds_html(s.table, "the melds on the table")}</dd>']
    if s.new:
        rows.append(f'<dt>Laid now</dt><dd>{melds_html(s.new, "the melds laid this turn")}'
                    f'<span class="cq-points">{first_meld_points(g)} points towards the first meld '
                    f'({g.rules.first_meld} needed)</span></dd>')
    n = len(g.stock)
    piles = [f'<div class="cq-pile"><span class="cq-pile-label">Stock</span> {card_html("?") if n else ""}'
             f'<span>{plural(n, "card")}</span></div>']
    if g.discards:
        k = len(g.discards)
        piles.append(f'<div class="cq-pile"><span class="cq-pile-label">Discard pile</span> {card_html(g.discards[-1])}'
                     f'<span>on top{f" of {k} cards" if k > 1 else ""}</span></div>')
    else:
        piles.append('<div class="cq-pile"><span class="cq-pile-label">Discard pile</span> '
                     '<span class="cq-none">empty</span></div>')
    return (f'<div class="cq-middle cq-romme-middle"><dl class="cq-seat-rows cq-table-rows">{"".join(rows)}</dl>'
            f'{"".join(piles)}<div class="cq-offer cq-no-offer"><span class="cq-say">{escape(state_words(g, persons))}</span>'
            f'</div></div>')


def seat_words(seat: int) -> str:
    """A seat as the "Try it" table names it."""
    return f"player {seat + 1}" + (", the dealer" if seat == 0 else "")  # a reader counts from one


def table_html(g: RommeGame, hidden=(), names=None, below=None, persons=None) -> str:
    """The dealer, the middle of the table, the other seats in order; the hands of the seats in ``hidden`` face
    down, each seat called by its name in ``names`` if it has one.  With ``below`` (the reader's seat on the play
    page), the other seats above the middle in the order they play after it, and that seat alone under it;
    ``persons``, who is who in the sentence at its middle (see :mod:`conquian_site.persons`)."""
    names = names or {}
    seats = [seat_html(g, seat, seat in hidden, names.get(seat, "")) for seat in range(g.players)]
    if below is None:
        return seats[0] + middle_html(g, persons) + "".join(seats[1:])
    return ("".join(seats[(below + k) % g.players] for k in range(1, g.players)) + middle_html(g, persons)
            + seats[below])


def position_html(g: RommeGame, figcaption: str, label: str, text: str) -> str:
    """The table diagram of a Rommé deal: the dealer, the middle of the table, the other seats in order."""
    return (f'<figure class="cq-position cq-romme" role="group" aria-label="{escape(label)}">'
            f'{table_html(g)}{figcaption}'
            f'<details class="cq-details cq-position-text"><summary>Show the position as text</summary>'
            f'<div class="cq-details-body"><div class="highlight"><pre>{escape(text)}</pre></div></div></details>'
            f'</figure>')


def text_lines(g: RommeGame) -> list[str]:
    """The same position as plain sentences: for the search index and builders other than HTML."""
    out = []
    for seat in range(g.players):
        hand = " ".join(map(str, g.hand(seat))) or "none"
        opened = "first meld made" if seat in g.opened else "no first meld yet"
        out.append(f"{seat_name(seat)}: hand {hand}; {opened}.")
    table = " ".join(m.text() for m in g.table) or "none"
    top = f"; the {g.discards[-1]} on the discard pile" if g.discards else ""
    out.append(f"On the table: {table}. Stock: {plural(len(g.stock), 'card')}{top}. {state_words(g)}")
    return out
