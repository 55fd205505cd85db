"""The two pages that show every rule at once.

``{comparison-matrix}``  every rule against every source: the reader's name of each rule as a row header
                         (``<th scope="row">``), the value and the status mark in every
                         cell, each value linking to that source's entry on the ruling page; a question that does
                         not arise under a source's rules shows the engine's own mark, never "no".  The sources of
                         another game (Rommé) follow as columns on the axes the games share by name, with the same
                         mark where a Conquian axis has no counterpart in that game.  A switch shows only the rows
                         where the Conquian sources differ in play (another game never changes a verdict); its
                         state is in the URL (``?only=differ``, handled by ``_static/conquian.js``).  The header
                         row and the first column stick.  ``:game: romme`` draws instead the table of that game's
                         own axes (those Conquian has no axis of the same name for), its sources' values and
                         statuses linking to the rules on their source pages.
``{glance}``             Conquian at a glance: the rules every source shares, in a sentence each, and every point
                         where they part, linked to its ruling.
"""

from __future__ import annotations

from html import escape

from docutils.parsers.rst import directives
from sphinx.application import Sphinx

from conquian.games import GAMES, HOME
from conquian.status import NOT_APPLICABLE, Status
from conquian.verdicts import Verdict

from .compare import badge_html
from .counts import in_words, site_counts
from .data import (axis_groups, computed_verdict, game_axis, games, matrix_data, ordered_sources, own_matrix_data,
                   rule_target, ruling_docname)
from .nodes import cq_html, para
from .shared import CqDirective

#: The home game's title, as the matrix's captions and legend name it.
HOME_TITLE = GAMES[HOME].title


def href(docname: str, anchor: str = "") -> str:
    return f"@@cq:{docname}{'#' + anchor if anchor else ''}@@"


def words(text: str) -> str:
    return text.replace("-", " ")


def na_cell(game_name: str = "") -> str:
    """The cell of a question that does not arise under a source's rules (or in its game): never "no"."""
    where = f" in {game_name}" if game_name else ""
    css = " cq-col-game" if game_name else ""
    return (f'<td class="cq-cell cq-cell-na{css}"><span class="cq-na-mark" title="does not arise{where}">{NOT_APPLICABLE}'
            f'</span><span class="cq-sr-only"> does not arise{where}</span></td>')


def cell_badge_html(status) -> str:
    """A cell's badge, its word in a span of its own: a phone's matrix shows the mark alone (the legend above the
    table gives each mark's word)."""
    return (f'<span class="cq-badge cq-badge-{status.value}" title="{escape(status.value)}">{escape(status.mark)} '
            f'<span class="cq-badge-word">{escape(status.value)}</span></span>')


def value_cell(cell: dict, target: tuple[str, str], css: str = "", axis=None) -> str:
    """A source's value on an axis, in the reader's words (never the engine's "reactive"), linking to its entry."""
    status = cell["status"]
    text = axis.reader_words(cell["value"]) if axis is not None else words(cell["text"])
    return (f'<td class="cq-cell cq-cell-{status.value}{css}"><a href="{href(*target)}">'
            f'<span class="cq-cell-value">{escape(text)}</span></a> {cell_badge_html(status)}</td>')


def source_head(d) -> str:
    """A column's header: the source's short name, linking to its page; another game's source says its game."""
    tag = "" if d.game == HOME else f' <span class="cq-game-tag">{escape(d.title)}</span>'
    css = "" if d.game == HOME else ' class="cq-col-game"'
    return f'<th scope="col"{css}><a href="{href("sources/" + d.id)}">{escape(d.short)}</a>{tag}</th>'


def axis_head(ax, link: str, mark: str = "") -> str:
    return (f'<th scope="row" class="cq-axis-cell"><a href="{link}">{escape(ax.title)}</a>{mark}'
            f'<span class="cq-matrix-question">{escape(ax.question)}</span></th>')


class ComparisonMatrixDirective(CqDirective):
    """``{comparison-matrix}``: see the module.  With ``:game: romme``, the table of that game's own rules."""

    has_content = False
    option_spec = {"game": directives.unchanged}

    def run(self):
        self.note_declarations()
        game = (self.options.get("game") or HOME).strip()
        if game not in games():
            return self.warn(f"{self.where()}: {{comparison-matrix}} :game: {game!r}: the games with sources are "
                             f"{', '.join(games())}")
        return [self.own_table(game)] if game != HOME else [self.main_table()]

    def main_table(self) -> cq_html:
        decls = [d for game in games() for d in ordered_sources(game)]
        rows = {r["axis"].name: r for r in matrix_data()}
        head = "".join(source_head(d) for d in decls)
        body, fallback, na = [], [], False
        for group, axes in axis_groups():
            body.append(f'<tr class="cq-group-row"><th scope="colgroup" colspan="{len(decls) + 1}"><span class="cq-group-label">{escape(group)}</span></th></tr>')
            for ax in axes:
                r = rows[ax.name]
                play = r["verdict"] is Verdict.PLAY
                mark = ' <span class="cq-differs-mark">≠ differ</span>' if play else ""
                cells = []
                for d in decls:
                    cell = r["cells"][d.id]
                    if cell is None:
                        na = True
                        cells.append(na_cell("" if d.game == HOME else d.title))
                    else:
                        css = "" if d.game == HOME else " cq-col-game"
                        own = game_axis(d.game, ax.name)
                        cells.append(value_cell(cell, rule_target(d, own), css, own))
                body.append(f'<tr id="axis-{ax.slug}" class="{"cq-differs" if play else "cq-agrees"}" '
                            f'data-verdict="{r["verdict"].value}">{axis_head(ax, href(ruling_docname(ax)), mark)}'
                            f'{"".join(cells)}</tr>')
                said = {d.id: game_axis(d.game, ax.name).reader_words(r["cells"][d.id]["value"])
                        for d in decls if r["cells"][d.id] is not None}
                fallback.append(para(f"{ax.title}: " + "; ".join(f"{d.short} {said.get(d.id, 'does not arise')}"
                                                                 for d in decls)))
        legend = self.legend(na, [d for d in decls if d.game != HOME])
        tools = ('<div class="cq-matrix-tools"><label class="cq-switch"><input type="checkbox" id="cq-only-differ" '
                 'data-cq-filter="differ"> Show only the rows where the sources differ in play</label> '
                 '<span class="cq-filter-count" aria-live="polite"></span></div>')
        counts = site_counts()
        tools = (f'<p class="cq-count-line">The sources differ in play on {in_words(counts["play"])} of the '
                 f'{counts["rulings"]} rules.</p>{tools}')
        html = (f"{legend}{tools}"
                f'<div class="cq-scroll cq-matrix-wrap" tabindex="0" role="region" aria-label="The comparison matrix">'
                f'<table class="cq-matrix"><caption class="cq-sr-only">Every rule against every source</caption>'
                f'<thead><tr><th scope="col" class="cq-corner">Rule</th>{head}</tr></thead>'
                f'<tbody>{"".join(body)}</tbody></table></div>')
        node = cq_html(html=html)
        node += fallback
        return node

    def own_table(self, game: str) -> cq_html:
        """The axes of another game that Conquian has no counterpart for, with that game's sources."""
        decls = ordered_sources(game)
        name = decls[0].title
        head = "".join(source_head(d) for d in decls)
        body, fallback = [], []
        rows = own_matrix_data(game)
        for group, axes in axis_groups(tuple(r["axis"] for r in rows)):
            body.append(f'<tr class="cq-group-row"><th scope="colgroup" colspan="{len(decls) + 1}"><span class="cq-group-label">{escape(group)}</span></th></tr>')
            for ax in axes:
                r = next(r for r in rows if r["axis"] is ax)
                cells = [na_cell() if r["cells"][d.id] is None
                         else value_cell(r["cells"][d.id], rule_target(d, ax), "", ax) for d in decls]
                body.append(f'<tr id="{game}-axis-{ax.slug}">{axis_head(ax, href(*rule_target(decls[0], ax)))}'
                            f'{"".join(cells)}</tr>')
                fallback.append(para(f"{ax.title}: " + "; ".join(
                    f"{d.short} {words(r['cells'][d.id]['text']) if r['cells'][d.id] else 'does not arise'}" for d in decls)))
        label = f"{name}’s own rules"
        html = (f'<div class="cq-scroll cq-own-wrap" tabindex="0" role="region" aria-label="{escape(label)}">'
                f'<table class="cq-own-matrix"><caption class="cq-sr-only">{escape(label)}: the rules {HOME_TITLE} has '
                f'no counterpart for</caption><thead><tr><th scope="col" class="cq-corner">Rule</th>{head}</tr></thead>'
                f'<tbody>{"".join(body)}</tbody></table></div>')
        node = cq_html(html=html)
        node += fallback
        return node

    @staticmethod
    def legend(na: bool, others: list) -> str:
        """A legend of a few words (each mark, once); what each mark means, and the other game's column, behind a
        toggle."""
        marks = " · ".join(f"{badge_html(st)}" for st in Status)
        if na:
            marks += f" · {NOT_APPLICABLE} does not arise"
        meanings = "".join(f"<li>{badge_html(st)} {escape(st.meaning)}</li>" for st in Status)
        if na:
            meanings += f"<li>{NOT_APPLICABLE} the question does not arise under the source’s rules (never “no”)</li>"
        other = ""
        if others:
            names = ", ".join(f"{escape(d.short)} ({escape(d.title)})" for d in others)
            other = (f"<p>The last column{'s are' if len(others) > 1 else ' is'} {names}, another game: the rules it "
                     f"shares with {HOME_TITLE}, each linking to its source page; the ≠ marks and the switch compare "
                     f"the {HOME_TITLE} sources only.</p>")
        return (f'<div class="cq-legend"><p><strong>Marks:</strong> {marks}. A silent cell is this site’s reading, '
                f'never the source’s “no”. ≠ marks a rule where the sources differ in play.</p>'
                f'<details class="cq-legend-more"><summary>What the marks mean</summary><ul>{meanings}</ul>'
                f'<p>Each value links to that source’s entry on the ruling page.</p>{other}</details></div>')


def who_says(speak: list[str], quiet: list[str]) -> str:
    """The sources of one value, the silent ones marked: "Foster; Dutch, French: silent, this site's reading"."""
    out = escape(", ".join(speak))
    if quiet:
        out += "; " if speak else ""
        out += (f'<span class="cq-silent-reading">{escape(", ".join(quiet))}: silent, this site’s reading'
                f'</span>')
    return out


class GlanceDirective(CqDirective):
    """``{glance}``: the rules every source shares, and where they part (see the module)."""

    has_content = False

    def run(self):
        self.note_declarations()
        decls = ordered_sources()
        common, parts, partly = [], [], []
        for group, axes in axis_groups():
            shared = []
            for ax in axes:
                verdict = computed_verdict(ax)
                entries = {d.id: d.entries.get(ax.name) for d in decls}
                link = f'<a href="{href(ruling_docname(ax))}">{escape(ax.title)}</a>'
                if verdict in (Verdict.AGREE, Verdict.WORDING):
                    value = next(iter(entries.values())).value
                    shared.append(f'<li>{escape(ax.meaning(value))} <a class="cq-more" href="{href(ruling_docname(ax))}" '
                                  f'aria-label="{escape(ax.title)}: the ruling">→</a></li>')
                elif verdict is Verdict.PLAY:
                    # a silent source's value is this site's reading, never a difference: marked as such
                    groups: dict = {}
                    for d in decls:
                        e = entries[d.id]
                        if e is not None:
                            groups.setdefault(e.value, ([], []))[0 if e.status.speaks else 1].append(d.short)
                    who = " · ".join(f"<strong>{escape(words(ax.words(v)))}</strong> ({who_says(speak, quiet)})"
                                     for v, (speak, quiet) in groups.items())
                    parts.append(f"<li>{link}: {who}</li>")
                else:
                    speak = [d.short for d in decls if entries[d.id] is not None and entries[d.id].status.speaks]
                    partly.append(f"<li>{link} ({escape(', '.join(speak))})</li>")
            if shared:
                common.append(f'<h3 class="cq-glance-group">{escape(group)}</h3><ul>{"".join(shared)}</ul>')
        html = ('<div class="cq-glance-page">'
                f'<section class="cq-glance-common" aria-labelledby="cq-common"><h2 id="cq-common">What every source '
                f'says</h2>{"".join(common)}</section>'
                f'<section class="cq-glance-differ" aria-labelledby="cq-differ"><h2 id="cq-differ">Where they part</h2>'
                f'<p class="cq-count-line">The sources differ in play on {in_words(site_counts()["play"])} of the {site_counts()["rulings"]} rules.</p>'
                f'<ul class="cq-glance-parts">{"".join(parts)}</ul>'
                f'<h3 class="cq-glance-group">Where only some of them speak</h3>'
                f'<ul class="cq-glance-partly">{"".join(partly)}</ul></section></div>')
        node = cq_html(html=html)
        node += para("Rules every source shares, and where the sources part, each linked to its ruling.")
        return [node]


def setup_matrix(app: Sphinx) -> None:
    app.add_directive("comparison-matrix", ComparisonMatrixDirective)
    app.add_directive("glance", GlanceDirective)
