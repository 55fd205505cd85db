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
(:mod:`conquian_site.games.conquian.table`).

The game is the rule set's: under a Rommé rule set the body is Rommé position text (see
:mod:`conquian.games.romme.notation`) and the drawing is Rommé's table (:mod:`conquian_site.games.romme.table`)::

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

from .expectation import split_cell
from .games import site_game
from .markup import split_variant
from .nodes import cq_html, para
from .scenario import Scenario, game_of, side_of
from .shared import CqDirective


def try_button(text: str, moves: str = "") -> str:
    """The "Try it" button: it opens the position, as text (and the moves played from it, ``;`` between them), at
    an interactive table in the reader's browser (the engine loads only when it is pressed; see
    :mod:`conquian_site.browser`)."""
    play = f' data-play="{escape(moves)}"' if moves else ""
    return (f'<p class="cq-try-row"><button type="button" class="cq-try" data-position="{escape(text)}"{play} '
            f'aria-label="Try it: play on from this position">Try it</button></p>')


def position_html(g, caption: str = "", rules_label: str = "", try_it: "tuple[str, str] | None" = None) -> str:
    """The table diagram of a deal, as its game draws it (see :mod:`conquian_site.games`), then its "Try it" button.

    ``try_it`` is the position as its author wrote it and the moves played from it: under another source's rules
    the same text is read again (the stock as "the rest" of that source's pack); by default, the game's own text.
    """
    button = try_button(*(try_it or (str(g), "")))
    cap = escape(caption)
    rules = f'<span class="cq-rules-label">{escape(rules_label)}</span>' if rules_label else ""
    figcaption = f"<figcaption>{cap}{' ' if cap and rules else ''}{rules}</figcaption>" if cap or rules else ""
    return site_game(g.rules).position_html(g, figcaption, caption or "The position", str(g)) + button


def position_text_nodes(g) -> list[nodes.Node]:
    """The same position as plain text: for the search index and builders other than HTML."""
    return [para(line) for line in site_game(g.rules).text_lines(g)]


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
        # A fresh deal (:deal:) is tried as the game's own text; any other as written, with its moves.
        try_it = None if "deal" in self.options else (text, self.options.get("play", ""))
        node = cq_html(html=position_html(g, self.options.get("caption", ""), label, try_it))
        node += position_text_nodes(g)
        self.set_source_info(node)
        return [node]


def setup_position(app: Sphinx) -> None:
    app.add_directive("position", PositionDirective)
