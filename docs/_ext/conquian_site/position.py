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

The drawing is the game's (:mod:`conquian_site.games`): for Conquian, HTML text with labels (no pictures of
text): each player's melds, grouped, and hand as cards, the cards he has down, the stock (a count), the cards out
of play where there are any, and the card on offer with how it got there and who has the say
(:mod:`conquian_site.conquian_position`).

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

from conquian import DECLARATIONS
from conquian.errors import ConquianError
from conquian.games import HOME

from .nodes import cq_html
from .expectation import split_cell
from .games import site_game
from .markup import split_variant
from .scenario import Scenario, game_of, side_of
from .shared import CqDirective


def position_html(g, caption: str = "", rules_label: str = "") -> str:
    """The table diagram of a deal, as its game draws it (see :mod:`conquian_site.games`)."""
    cap = escape(caption)
    rules = f'<span class="cq-rules-label">{escape(rules_label)}</span>' if rules_label else ""
    figcaption = f"<figcaption>{cap}{' ' if cap and rules else ''}{rules}</figcaption>" if cap or rules else ""
    return site_game(g.rules).position_html(g, figcaption, caption or "The position", str(g))


def position_text_nodes(g) -> list[nodes.Node]:
    """The same position as plain text: for the search index and builders other than HTML."""
    return site_game(g.rules).text_nodes(g)


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
        if game_of(side.rules) != HOME:  # another game than the site's own: say which
            label += f" ({DECLARATIONS[side.source].title if side.source else game_of(side.rules)})"
        node = cq_html(html=position_html(g, self.options.get("caption", ""), label))
        node += position_text_nodes(g)
        self.set_source_info(node)
        return [node]


def setup_position(app: Sphinx) -> None:
    app.add_directive("position", PositionDirective)
