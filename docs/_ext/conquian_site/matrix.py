"""The two pages that show every rule at once.

``{comparison-matrix}``  every rule against every source: the reader's name of each rule as a row header
                         (``<th scope="row">``, the code name beside it), the value and the status mark in every
                         cell, each value linking to that source's entry on the ruling page; a question that does
                         not arise under a source's rules shows the engine's own mark, never "no".  A switch shows
                         only the rows where the sources differ in play; its state is in the URL (``?only=differ``,
                         handled by ``_static/conquian.js``).  The header row and the first column stick.
``{glance}``             Conquian at a glance: the rules every source shares, in a sentence each, and every point
                         where they part, linked to its ruling.
"""

from __future__ import annotations

from html import escape

from sphinx.application import Sphinx

from conquian.status import NOT_APPLICABLE, Status
from conquian.verdicts import Verdict

from .compare import badge_html
from .data import axis_groups, computed_verdict, entry_anchor, matrix_data, ordered_sources, ruling_docname
from .nodes import cq_html, para
from .shared import CqDirective


def href(docname: str, anchor: str = "") -> str:
    return f"@@cq:{docname}{'#' + anchor if anchor else ''}@@"


def words(text: str) -> str:
    return text.replace("-", " ")


class ComparisonMatrixDirective(CqDirective):
    """``{comparison-matrix}``: see the module."""

    has_content = False

    def run(self):
        self.note_declarations()
        decls = ordered_sources()
        rows = {r["axis"].name: r for r in matrix_data()}
        head = "".join(f'<th scope="col"><a href="{href("sources/" + d.id)}">{escape(d.short)}</a></th>' for d in decls)
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
                        cells.append(f'<td class="cq-cell cq-cell-na"><span class="cq-na-mark" title="does not arise">'
                                     f'{NOT_APPLICABLE}</span><span class="cq-sr-only"> does not arise</span></td>')
                        continue
                    status = cell["status"]
                    cells.append(f'<td class="cq-cell cq-cell-{status.value}"><a href="{href(ruling_docname(ax), entry_anchor(d.id))}">'
                                 f'<span class="cq-cell-value">{escape(words(cell["text"]))}</span></a> {badge_html(status)}</td>')
                body.append(f'<tr id="axis-{ax.slug}" class="{"cq-differs" if play else "cq-agrees"}" '
                            f'data-verdict="{r["verdict"].value}"><th scope="row" class="cq-axis-cell">'
                            f'<a href="{href(ruling_docname(ax))}">{escape(ax.title)}</a>{mark}'
                            f'<span class="cq-code">{escape(ax.name)}</span>'
                            f'<span class="cq-matrix-question">{escape(ax.question)}</span></th>{"".join(cells)}</tr>')
                fallback.append(para(f"{ax.title} ({ax.name}): " + "; ".join(
                    f"{d.short} {words(r['cells'][d.id]['text']) if r['cells'][d.id] else 'does not arise'}" for d in decls)))
        legend = self.legend(na)
        tools = ('<div class="cq-matrix-tools"><label class="cq-switch"><input type="checkbox" id="cq-only-differ" '
                 'data-cq-filter="differ"> Show only the rows where the sources differ in play</label> '
                 '<span class="cq-filter-count" aria-live="polite"></span></div>')
        html = (f"{legend}{tools}"
                f'<div class="cq-scroll cq-matrix-wrap" tabindex="0" role="region" aria-label="The comparison matrix">'
                f'<table class="cq-matrix"><caption class="cq-sr-only">Every rule against every source</caption>'
                f'<thead><tr><th scope="col" class="cq-corner">Rule</th>{head}</tr></thead>'
                f'<tbody>{"".join(body)}</tbody></table></div>')
        node = cq_html(html=html)
        node += fallback
        return [node]

    @staticmethod
    def legend(na: bool) -> str:
        marks = "; ".join(f"{badge_html(st)} {escape(st.meaning)}" for st in Status)
        if na:
            marks += f"; {NOT_APPLICABLE} the question does not arise under the source’s rules"
        return (f'<p class="cq-legend"><strong>Status marks:</strong> {marks}. A silent cell is this project’s reading, '
                f'never the source’s “no”. Rows where the sources differ in play are marked ≠ and shaded. Each value '
                f'links to that source’s entry on the ruling page.</p>')


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
                    groups: dict = {}
                    for d in decls:
                        e = entries[d.id]
                        if e is not None:
                            groups.setdefault(e.value, []).append(d.short)
                    who = " · ".join(f"<strong>{escape(words(ax.words(v)))}</strong> ({escape(', '.join(s))})"
                                     for v, s in groups.items())
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
                f'<ul class="cq-glance-parts">{"".join(parts)}</ul>'
                f'<h3 class="cq-glance-group">Where only some of them speak</h3>'
                f'<ul class="cq-glance-partly">{"".join(partly)}</ul></section></div>')
        node = cq_html(html=html)
        node += para("Rules every source shares, and where the sources part, each linked to its ruling.")
        return [node]


def setup_matrix(app: Sphinx) -> None:
    app.add_directive("comparison-matrix", ComparisonMatrixDirective)
    app.add_directive("glance", GlanceDirective)
