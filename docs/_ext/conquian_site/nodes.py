"""The site's nodes and the small pieces every directive draws with: links, badges, cards.

Roles
    ``{cards}`6♥ 7♥ J♥` `` -- card text as small inline cards (real text, red and black suits).
    Square brackets group a meld: ``{cards}`[10♠ 10♥ 10♦] 7♣` ``; ``?`` is a face-down card.
    ``{status}`silent` ``  -- a status badge, as the entries show it.

Links between the site's pages (:func:`link`) are resolved by the ``cq`` domain once every page is read, and an
axis's verdict as its ruling page states it (:class:`cq_verdict_text`) by :class:`ResolveVerdicts`.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from conquian.cards import Card
from conquian.errors import CardError
from conquian.rules import AXIS_BY_NAME, Axis
from conquian.status import NOT_APPLICABLE, Status

from .domain import cq_domain

logger = logging.getLogger(__name__)


class cq_verdict_text(nodes.Inline, nodes.TextElement):
    """Placeholder for an axis's verdict as its ruling page states it (``axis``)."""


# -- building blocks ------------------------------------------------------------------------------------

def link(todoc: str, anchor: str, child: nodes.Node) -> addnodes.pending_xref:
    """A link to a page of the site and an anchor in it, resolved by the ``cq`` domain once every page is read."""
    target = f"{todoc}#{anchor}" if anchor else todoc
    return addnodes.pending_xref("", child, refdomain="cq", reftype="link", reftarget=target)


def badge(status: Status, *, short: bool = False) -> nodes.inline:
    """A status as the site shows it: its mark and word (``● stated``), or the mark alone."""
    text = status.mark if short else f"{status.mark} {status.value}"
    return nodes.inline(text, text, classes=["cq-badge", f"cq-badge-{status.value}"])


def value_inline(axis: Axis, value: Any, css_class: str) -> nodes.inline:
    """A value as a reader reads it (yes/no for a yes/no axis), in a span of the given class."""
    text = axis.words(value)
    return nodes.inline(text, text, classes=[css_class])


def not_applicable(axis: Axis) -> nodes.inline:
    """The mark of a question that does not arise under a source's rules: never "no", never a status."""
    text = f"{NOT_APPLICABLE} does not arise (only when {axis.applies_when})"
    return nodes.inline(text, text, classes=["cq-na"])


def literal_value(axis: Axis, value: Any) -> nodes.literal:
    """A value as written in rule-set text (``true``, ``only-by-forcing``)."""
    text = axis.format(value)
    return nodes.literal(text, text, classes=["cq-value"])


def para(*children: nodes.Node | str, classes: Iterable[str] = ()) -> nodes.paragraph:
    p = nodes.paragraph(classes=list(classes))
    for c in children:
        p += nodes.Text(c) if isinstance(c, str) else c
    return p


def strong(text: str) -> nodes.strong:
    return nodes.strong(text, text)


# -- the cards role ---------------------------------------------------------------------------------

_SUIT_NAMES = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


def card_nodes(text: str) -> nodes.inline:
    """Card text -> ``<span class="cq-cards">`` holding one span per card; brackets group melds.

    Raises :class:`~conquian.errors.CardError` for text that is not cards.
    """
    outer = nodes.inline(classes=["cq-cards"])
    container = outer
    tokens = re.findall(r"\[|\]|[^\s\[\],]+", text)
    if not tokens:
        raise CardError(f"card text {text!r} holds no card")
    first = True
    for tok in tokens:
        if tok == "[":
            if container is not outer:
                raise CardError(f"card text {text!r}: '[' inside a meld")
            if not first:
                outer += nodes.Text(" ")
            container = nodes.inline(classes=["cq-meld"])
            outer += container
            first = True
            continue
        if tok == "]":
            if container is outer:
                raise CardError(f"card text {text!r}: ']' without '['")
            container = outer
            first = False
            continue
        if not first:
            container += nodes.Text(" ")
        first = False
        if tok == "?":
            container += nodes.inline("?", "?", classes=["cq-card", "cq-back"])
            continue
        card = Card(tok)
        shown = str(card)
        colour = "cq-red" if card.suit.is_red else "cq-black"
        container += nodes.inline(shown, shown, classes=["cq-card", colour, f"cq-{_SUIT_NAMES[card.suit.symbol]}"])
    if container is not outer:
        raise CardError(f"card text {text!r}: '[' without ']'")
    return outer


class CardsRole(SphinxRole):
    """``{cards}`[6♥ 7♥ J♥] 10♠` ``: cards in prose."""

    def run(self):
        try:
            return [card_nodes(self.text)], []
        except CardError as exc:
            logger.warning(f"{{cards}}: {exc}", location=self.get_location(), type="conquian", subtype="cards")
            return [nodes.literal(self.rawtext, self.text)], []


class StatusRole(SphinxRole):
    """``{status}`silent` ``: a status badge in prose, as on the ruling pages."""

    def run(self):
        try:
            return [badge(Status(self.text.strip().lower()))], []
        except ValueError:
            logger.warning(f"{{status}}: {self.text!r} is not one of {', '.join(s.value for s in Status)}",
                           location=self.get_location(), type="conquian", subtype="status")
            return [nodes.literal(self.rawtext, self.text)], []


# -- resolved after reading -------------------------------------------------------------------------

class ResolveVerdicts(SphinxPostTransform):
    """Every :class:`cq_verdict_text` to the verdict its ruling page states (from the ``cq`` domain)."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        domain = cq_domain(self.env)
        for node in list(self.document.findall(cq_verdict_text)):
            verdict = domain.verdict(AXIS_BY_NAME[node["axis"]])
            node.replace_self(nodes.inline(verdict.short, verdict.short,
                                           classes=["cq-verdict-mark", f"cq-verdict-{verdict.value}"]))


def setup_nodes(app: Sphinx) -> None:
    app.add_node(cq_verdict_text)
    app.add_role("cards", CardsRole())
    app.add_role("status", StatusRole())
    app.add_post_transform(ResolveVerdicts)
