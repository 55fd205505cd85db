"""The site's nodes and the small pieces every directive draws with: links, badges, cards.

Roles
    ``{cards}`6♥ 7♥ J♥` `` -- card text as small inline cards (real text, red and black suits).
    Square brackets group a meld: ``{cards}`[10♠ 10♥ 10♦] 7♣` ``; ``?`` is a face-down card; ``🃏`` (or
    ``JK``) a joker, ``🃏=8♠`` a joker standing for the 8♠ in a Rommé sequence.
    ``{status}`silent` ``  -- a status badge, as the entries show it.

Links between the site's pages (:func:`link`) are resolved by the ``cq`` domain once every page is read, and an
axis's verdict as its ruling page states it (:class:`cq_verdict_text`) by :class:`ResolveVerdicts`.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any, Iterable

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from conquian.cards import Card
from conquian.errors import CardError
from conquian.axes import Axis
from conquian.status import NOT_APPLICABLE, Status

from .data import AXIS_BY_NAME, WARNING_TYPE
from .domain import cq_domain
from .drawing import card_html, players_from_one, words_html  # noqa: F401  (the roles draw cards; other modules import them here)

logger = logging.getLogger(__name__)


class cq_verdict_text(nodes.Inline, nodes.TextElement):
    """Placeholder for an axis's verdict as its ruling page states it (``axis``)."""


class cq_html(nodes.General, nodes.Element):
    """HTML the site designs itself (a drawn position, a comparison table, the matrix), in ``html``.

    Links to the site's pages are written ``@@cq:DOCNAME#ANCHOR@@`` and made relative when the page is written.
    The children are the same content as plain text: what the search index reads, and what builders other than
    HTML show.
    """


class cq_details(nodes.General, nodes.Element):
    """A disclosure (``<details>``) whose ``summary`` the reader clicks to see the content."""


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
        joker, _, stands = tok.partition("=")
        if Card(joker).is_joker:
            container += joker_node(Card(stands) if stands else None)
            continue
        card = Card(tok)
        shown = str(card)
        colour = "cq-red" if card.suit.is_red else "cq-black"
        container += nodes.inline(shown, shown, classes=["cq-card", colour, f"cq-{_SUIT_NAMES[card.suit.symbol]}"])
    if container is not outer:
        raise CardError(f"card text {text!r}: '[' without ']'")
    return outer


def joker_node(stands: Card | None = None) -> nodes.inline:
    """A joker as a small card: the joker's sign and the word, or in a sequence the card it stands for."""
    box = nodes.inline(classes=["cq-card", "cq-joker"])
    box += nodes.inline("🃏", "🃏", classes=["cq-joker-sign"])
    if stands is None:
        box += nodes.inline("joker", "joker", classes=["cq-joker-word"])
    else:
        colour = "cq-red" if stands.suit.is_red else "cq-black"
        box += nodes.inline("joker, for the ", "joker, for the ", classes=["cq-sr-only"])
        box += nodes.inline(f"={stands}", f"={stands}", classes=["cq-stands", colour])
    return box


class CardsRole(SphinxRole):
    """``{cards}`[6♥ 7♥ J♥] 10♠` ``: cards in prose."""

    def run(self):
        try:
            return [card_nodes(self.text)], []
        except CardError as exc:
            logger.warning(f"{{cards}}: {exc}", location=self.get_location(), type=WARNING_TYPE, subtype="cards")
            return [nodes.literal(self.rawtext, self.text)], []


class NotMeldRole(SphinxRole):
    """``{not-meld}`9♣ 10♣ A♣` ``: cards shown as a counter-example: grouped, but unlike a meld, and said so."""

    def run(self):
        try:
            outer = card_nodes(f"[{self.text}]")
        except CardError as exc:
            logger.warning(f"{{not-meld}}: {exc}", location=self.get_location(), type=WARNING_TYPE, subtype="cards")
            return [nodes.literal(self.rawtext, self.text)], []
        for group in outer.findall(nodes.inline):
            if "cq-meld" in group["classes"]:
                group["classes"] = ["cq-not-meld"]
                group += nodes.inline(" (not a meld)", " (not a meld)", classes=["cq-sr-only"])
        return [outer], []


class StatusRole(SphinxRole):
    """``{status}`silent` ``: a status badge in prose, as on the ruling pages."""

    def run(self):
        try:
            return [badge(Status(self.text.strip().lower()))], []
        except ValueError:
            logger.warning(f"{{status}}: {self.text!r} is not one of {', '.join(s.value for s in Status)}",
                           location=self.get_location(), type=WARNING_TYPE, subtype="status")
            return [nodes.literal(self.rawtext, self.text)], []


# -- HTML of the site's own nodes ------------------------------------------------------------------

_LINK = re.compile(r"@@cq:([^@#]*)(#[^@]*)?@@")


def visit_cq_html(self, node: cq_html) -> None:
    builder, here = self.builder, self.builder.current_docname

    def uri(m: re.Match) -> str:
        todoc, anchor = m.group(1), m.group(2) or ""
        if todoc not in builder.env.all_docs:
            return anchor or "#"
        return builder.get_relative_uri(here, todoc) + anchor

    # the engine's words inside the drawing ("seat 1 has drawn") count players from one, as the prose does
    html = players_from_one(node["html"])
    self.body.append(_LINK.sub(uri, html))
    raise nodes.SkipNode


def visit_cq_details(self, node: cq_details) -> None:
    classes = " ".join(["cq-details", *node.get("classes", [])])
    self.body.append(f'<details class="{classes}"><summary>{escape(node["summary"])}</summary>'
                     f'<div class="cq-details-body">')


def depart_cq_details(self, node: cq_details) -> None:
    self.body.append("</div></details>")


def visit_plain(self, node: nodes.Element) -> None:
    """Other builders: the children as they are."""


def depart_plain(self, node: nodes.Element) -> None:
    pass


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
    plain = (visit_plain, depart_plain)
    others = {b: plain for b in ("text", "latex", "man", "texinfo")}
    app.add_node(cq_html, html=(visit_cq_html, None), **others)
    app.add_node(cq_details, html=(visit_cq_details, depart_cq_details), **others)
    app.add_role("cards", CardsRole())
    app.add_role("status", StatusRole())
    app.add_role("not-meld", NotMeldRole())
    app.add_post_transform(ResolveVerdicts)
