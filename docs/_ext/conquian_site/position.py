"""``{position}``: a position drawn as a table diagram, from the position text the engine reads.

Page authors write the position text the engine parses (:func:`conquian.position`), so a drawn position is always
one that play can reach; an impossible one is a build warning naming the file and line::

    ```{position}
    :name: forcing
    :caption: The pone has drawn the 5♣; it fits the dealer's meld.

    variant: foster-1913
    dealer melds: [2♣ 3♣ 4♣]
    dealer hand: A♥ 3♥ 4♥ 7♥ 2♦ 5♦ 7♦
    pone hand: A♠ 3♠ 7♠ 3♦ 6♦ 5♥ 2♥ 7♣ A♦ 6♠
    out: 6♥
    offer: 5♣ drawn by pone
    ```

Options: ``:name:`` lets ``{compare}`` put the same position to every source; ``:play:`` draws the position after
some moves (``use [4♦ 5♦ 6♦]; discard 10♣``); ``:deal: N`` draws a fresh deal of the pack in order, cut ``N``
cards (the body is then only the ``variant:`` line); ``:caption:`` says what to look at.

The drawing is HTML text with labels (no pictures of text): each player's melds, grouped, and hand as cards, the
cards he has down, the stock (a count), the cards out of play where there are any, and the card on offer with how
it got there and who has the say.

The game is the rule set's: under a Rommé rule set the body is Rommé position text (see
:mod:`conquian.romme.notation`) and the drawing is Rommé's table (:mod:`conquian_site.romme_position`)::

    ```{position}
    :name: discard
    :caption: Seat 1 begins his turn; the 8♦ lies on the discard pile.

    variant: romme-spielwiki
    players: 2
    hand 0: 2♠ 7♠ Q♠ A♥ 5♥ 8♥ K♥ 3♦ 6♦ 9♦ 4♣ 10♣ J♣
    hand 1: 3♠ 8♠ J♠ K♠ 6♥ 9♥ 2♦ 4♦ 10♦ A♣ 5♣ 7♣ Q♣
    discards: 8♦
    to draw: 1
    ```

``:deal:`` is for Conquian only.
"""

from __future__ import annotations

from html import escape

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx

from conquian import DECLARATIONS, Game
from conquian.errors import ConquianError
from conquian.romme.game import RommeGame
from conquian.rules import RefusedCard
from conquian.state import Role

from .nodes import card_html, cq_html, para
from .expectation import split_cell
from .romme_position import romme_position_html, romme_text_nodes
from .markup import split_variant
from .scenario import Scenario, game_of, side_of, state_words
from .shared import CqDirective


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


def seat_html(g: Game, role: Role) -> str:
    down, acting = g.down(role), g.to_act is role
    name = f"The {role}"
    badge = ' <span class="cq-to-act">to act</span>' if acting else ""
    rows = [f"<dt>Melds</dt><dd>{melds_html(g.melds(role), f'the {role}’s melds')}</dd>",
            f"<dt>Hand</dt><dd>{cards_html(g.hand(role), f'the {role}’s hand')}</dd>"]
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


def position_html(g: "Game | RommeGame", caption: str = "", rules_label: str = "") -> str:
    """The table diagram of a game: the dealer above, the middle of the table, the pone below (a Rommé deal: the
    dealer, the middle, the other seats, see :mod:`conquian_site.romme_position`)."""
    cap = escape(caption)
    rules = f'<span class="cq-rules-label">{escape(rules_label)}</span>' if rules_label else ""
    figcaption = f"<figcaption>{cap}{' ' if cap and rules else ''}{rules}</figcaption>" if cap or rules else ""
    if game_of(g.rules) == "romme":
        return romme_position_html(g, figcaption, caption or "The position", str(g))
    text = escape(str(g))
    return (f'<figure class="cq-position" role="group" aria-label="{escape(caption or "The position")}">'
            f"{seat_html(g, Role.DEALER)}{middle_html(g)}{seat_html(g, Role.PONE)}{figcaption}"
            f'<details class="cq-details cq-position-text"><summary>Show the position as text</summary>'
            f'<div class="cq-details-body"><div class="highlight"><pre>{text}</pre></div></div></details></figure>')


def position_text_nodes(g: "Game | RommeGame") -> list[nodes.Node]:
    """The same position as plain text: for the search index and builders other than HTML."""
    if game_of(g.rules) == "romme":
        return romme_text_nodes(g)
    out = []
    for role in (Role.DEALER, Role.PONE):
        melds = " ".join("[" + " ".join(map(str, m)) + "]" for m in g.melds(role)) or "none"
        hand = " ".join(map(str, g.hand(role))) or "none"
        out.append(para(f"The {role}: melds {melds}; hand {hand}."))
    out.append(para(f"Stock: {len(g.stock)} cards. {state_words(g)}"))
    return out


class PositionDirective(CqDirective):
    """``{position}``: the body is position text (see the module); draws it."""

    has_content = True
    option_spec = {"name": directives.unchanged_required, "caption": directives.unchanged,
                   "play": directives.unchanged, "deal": directives.nonnegative_int}

    def run(self):
        self.note_declarations()
        text = "\n".join(self.content)
        variant, position = split_variant(text)
        if not variant:
            return self.warn(f"{self.where()}:{self.lineno}: {{position}} needs a 'variant:' line (whose rules?)",
                             "position")
        try:
            side = side_of(variant)
            scenario = Scenario(position=position, deal=self.options.get("deal"))
            g = scenario.start(side.rules)
        except ConquianError as exc:
            return self.warn(f"{self.where()}:{self.lineno}: this position cannot arise: {exc}", "position")
        for n, move in enumerate(split_cell(self.options.get("play", "")), 1):
            try:
                g.play(move)
            except ConquianError as exc:
                return self.warn(f"{self.where()}:{self.lineno}: {{position}} :play: move {n} ({move!r}): {exc}",
                                 "position")
        if "name" in self.options:
            self.domain.note_position(self.env.docname, self.options["name"], text, self.lineno)
        label = f"Under {side.label}’s rules" if side.plain else f"Rules: {side.label}"
        if game_of(side.rules) != "conquian":  # another game: say which
            label += f" ({DECLARATIONS[side.source].title if side.source else game_of(side.rules)})"
        node = cq_html(html=position_html(g, self.options.get("caption", ""), label))
        node += position_text_nodes(g)
        self.set_source_info(node)
        return [node]


def setup_position(app: Sphinx) -> None:
    app.add_directive("position", PositionDirective)
