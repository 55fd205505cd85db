"""From every ruling to its passage and back; who follows whom; the rule of the verdicts.

``{source-chapter} ID``   -- a public-domain source held whole (Foster): every paragraph, numbered as the locators
                             number them, each an anchor (``#paragraph-11``), its OCR defects read as the entries
                             read them (marked), and under it the rulings that cite it.
``{source-passages} ID``  -- a source quoted in short passages: each passage the declarations quote, by locator
                             (anchors ``#passage-...``), with the project's English and the rulings that cite it.
``{family-tree}``         -- who follows whom: each source and the text it follows (its ``[lineage]``), drawn as a
                             diagram generated from the declarations, with the same facts as a list.
``{verdict-rule}``        -- the one rule that computes every verdict, quoted from :mod:`conquian.verdicts`.

:func:`locator_target` gives the page and anchor of any locator: the entries and the source rules link there.
"""

from __future__ import annotations

from html import escape

from docutils import nodes
from sphinx.application import Sphinx

from conquian.declarations import Declaration, Evidence
from conquian.games import HOME
from conquian.verdicts import RULE

from .data import games, ordered_sources, repaired_segments, rule_target
from .nodes import link, para, strong
from .shared import CqDirective


def source_docname(source: str) -> str:
    return f"sources/{source}"


def passage_anchor(locator: str) -> str:
    """``'Zugzwang, 1st sentence'`` -> ``'passage-zugzwang-1st-sentence'``: an id made of ASCII letters and digits."""
    out, gap = [], False
    for ch in locator.lower():
        if ch.isascii() and ch.isalnum():
            if gap and out:
                out.append("-")
            out.append(ch)
            gap = False
        else:
            gap = True
    return "passage-" + "".join(out)


def locator_target(decl: Declaration, locator: str) -> tuple[str, str]:
    """Where a locator leads: the paragraph of a source held whole, else the passage on the source's page."""
    paragraph = decl.paragraph(locator)
    return source_docname(decl.id), paragraph.anchor if paragraph else passage_anchor(locator)


def described_nodes(decl: Declaration, ev: Evidence, label: bool = True) -> list[nodes.Node]:
    """A rule described from a page not stored: "Described by pagat.com, Forcing:" and the rule in this project's
    words, with the page's own words (a few at most) in quotation marks and a link to the page; never a quotation of
    the page as a whole."""
    out: list[nodes.Node] = []
    if label:
        out.append(para(f"Described by {decl.short} (in this project's words):", classes=["cq-label"]))
    box = nodes.block_quote(classes=["cq-described", "language-en"])
    box += nodes.paragraph(ev.english, ev.english)
    if ev.quoted:
        box += para("The page’s own words: “", nodes.inline(ev.quoted, ev.quoted, classes=["cq-quote"]), "”",
                    classes=["cq-described-words"])
    where = nodes.attribution("", "", nodes.Text(f"{decl.short}, "),
                              link(*locator_target(decl, ev.locator), nodes.Text(ev.locator)))
    if decl.url:
        where += nodes.Text(" (read ")  # words around the link: a link in a sentence, not a crowded tap target
        where += nodes.reference("", "the page", refuri=decl.url)
        where += nodes.Text(" online)")
    box += where
    out.append(box)
    return out


def citations(decl: Declaration) -> dict[str, list[tuple[str, str]]]:
    """Anchor on the source page -> the rulings that cite it: ``[(axis, 'evidence' | 'context')]``, axes in order."""
    out: dict[str, list[tuple[str, str]]] = {}
    for ax in type(decl.rules).AXES:
        e = decl.entries.get(ax.name)
        if e is None:
            continue
        for kind, evs in (("evidence", e.evidence), ("context", e.context)):
            for ev in evs:
                anchor = locator_target(decl, ev.locator)[1]
                if (ax.name, kind) not in out.setdefault(anchor, []):
                    out[anchor].append((ax.name, kind))
    return out


def cited_by(decl: Declaration, cites: list[tuple[str, str]]) -> nodes.paragraph:
    p = para(strong("Cited by: "), classes=["cq-cited-by"])
    if not cites:
        p += nodes.Text("no ruling.")
        return p
    axes = {a.name: a for a in type(decl.rules).AXES}
    for i, (axis, kind) in enumerate(cites):
        if i:
            p += nodes.Text(", ")
        ax = axes[axis]
        page, anchor = rule_target(decl, ax)
        p += link(page, anchor if decl.game != HOME else "", nodes.Text(ax.title))
        if kind == "context":
            p += nodes.Text(" (as context: the source is silent there)")
    p += nodes.Text(".")
    return p


def _repairs_of(decl: Declaration):
    """Every repair the entries make, once: a chapter paragraph is read as the passages in it are read."""
    seen = {}
    for e in decl.entries.values():
        for ev in e.evidence + e.context:
            for r in ev.repairs:
                seen.setdefault(r.found, r)
    return list(seen.values())


class SourceChapterDirective(CqDirective):
    """``{source-chapter} ID``: the whole text of a public-domain source, paragraph by paragraph."""

    required_arguments = 1

    def run(self):
        decl = self.source_argument()
        if decl is None:
            return []
        if not decl.chapter:
            return self.warn(f"{self.where()}: {decl.id} holds no chapter (only a public-domain source is held whole)")
        cites = citations(decl)
        repairs = _repairs_of(decl)
        out = []
        for p in decl.chapter:
            box = nodes.container(classes=["cq-paragraph"], ids=[p.anchor])
            box += para(strong(p.label[:1].upper() + p.label[1:]), classes=["cq-paragraph-label"])
            quote = nodes.block_quote(classes=["cq-passage", f"language-{decl.language}"])
            text = nodes.paragraph()
            for segment, rep in repaired_segments(Evidence(p.text, p.label, "", tuple(r for r in repairs if r.found in p.text))):
                text += nodes.Text(segment) if rep is None else nodes.inline(segment, segment, classes=["cq-repair"])
            quote += text
            box += quote
            box += cited_by(decl, cites.get(p.anchor, []))
            out.append(box)
        return out


class SourcePassagesDirective(CqDirective):
    """``{source-passages} ID``: every passage the declarations quote from a source, with the rulings citing it."""

    required_arguments = 1

    def run(self):
        decl = self.source_argument()
        if decl is None:
            return []
        cites = citations(decl)
        by_anchor: dict[str, list[Evidence]] = {}
        for ax in type(decl.rules).AXES:
            e = decl.entries.get(ax.name)
            for ev in (e.evidence + e.context) if e else ():
                group = by_anchor.setdefault(passage_anchor(ev.locator), [])
                if all((g.passage, g.english) != (ev.passage, ev.english) for g in group):
                    group.append(ev)
        out = []
        for anchor, evs in sorted(by_anchor.items(), key=lambda kv: kv[1][0].locator):
            box = nodes.container(classes=["cq-paragraph"], ids=[anchor])
            box += para(strong(evs[0].locator), classes=["cq-paragraph-label"])
            for ev in evs:
                if ev.described:
                    box += described_nodes(decl, ev, label=False)
                    continue
                quote = nodes.block_quote(classes=["cq-passage", f"language-{decl.language}"])
                quote += nodes.paragraph(ev.passage, ev.passage)
                box += quote
                if ev.english.strip() != ev.passage.strip():
                    english = nodes.block_quote(classes=["cq-english", "language-en"])
                    english += nodes.paragraph(ev.english, ev.english)
                    box += english
            box += cited_by(decl, cites.get(anchor, []))
            out.append(box)
        return out


# -- who follows whom -----------------------------------------------------------------------------------------

def tree_sources() -> list[Declaration]:
    """The sources of every game, Conquian's first: the descendant's text belongs in the family tree too."""
    return [d for game in games() for d in ordered_sources(game)]


def lineage_rows() -> list[tuple[str, str, str, str]]:
    """``(original, its publisher, relation, source short name)`` for every source that follows a text."""
    return [(d.lineage.follows, d.lineage.by, d.lineage.relation, d.short)
            for d in tree_sources() if d.lineage]


def family_svg() -> str:
    """The family tree as an SVG: the originals on the left, the sources on the right, an arrow per lineage."""
    decls = tree_sources()
    originals: list[tuple[str, str]] = []
    for d in decls:
        if d.lineage and (d.lineage.follows, d.lineage.by) not in originals:
            originals.append((d.lineage.follows, d.lineage.by))
    row_h, width = 64, 760
    height = row_h * max(len(decls), len(originals) + 1) + 20
    y_src = {d.id: 20 + i * row_h for i, d in enumerate(decls)}
    y_org = {o: 20 + i * row_h + row_h // 2 for i, o in enumerate(originals)}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
             f'aria-labelledby="cq-tree-title" class="cq-tree-svg cq-tree-wide">',
             '<title id="cq-tree-title">Who follows whom: each source and the text it follows</title>',
             '<defs><marker id="cq-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
             'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" class="cq-tree-arrowhead"/></marker></defs>']
    for (title, by), y in y_org.items():
        parts.append(f'<rect x="10" y="{y - 22}" width="330" height="44" rx="6" class="cq-tree-original"/>'
                     f'<text x="20" y="{y - 4}" class="cq-tree-title">{escape(title)}</text>'
                     f'<text x="20" y="{y + 13}" class="cq-tree-by">{escape(by[:52] + ("…" if len(by) > 52 else ""))}</text>')
    for d in decls:
        y = y_src[d.id] + row_h // 2 - 10
        parts.append(f'<rect x="470" y="{y - 22}" width="280" height="44" rx="6" class="cq-tree-source"/>'
                     f'<text x="480" y="{y - 4}" class="cq-tree-title">{escape(d.short)}</text>'
                     f'<text x="480" y="{y + 13}" class="cq-tree-by">{escape(_kind(d))}</text>')
        if d.lineage:
            y0 = y_org[(d.lineage.follows, d.lineage.by)]
            parts.append(f'<path d="M 340 {y0} C 405 {y0}, 405 {y}, 468 {y}" class="cq-tree-edge" '
                         f'marker-end="url(#cq-arrow)"/>')
        if d.lineage and d.lineage.descent:  # the game descends from another: from that game's sources, dashed
            ancestors = [a for a in decls if a.game == d.lineage.descent.game]
            if ancestors:
                top = y_src[ancestors[-1].id] + row_h // 2 - 10 + 22
                parts.append(f'<path d="M 740 {top} C 740 {top + 20}, 740 {y - 42}, 740 {y - 24}" '
                             f'class="cq-tree-edge cq-tree-descent" stroke-dasharray="6 4" marker-end="url(#cq-arrow)">'
                             f'<title>{escape(d.short)}: the game descends from {escape(d.lineage.descent.game)} by way '
                             f'of {escape(d.lineage.descent.via)}</title></path>')
    parts.append("</svg>")
    return "".join(parts)


def family_svg_narrow() -> str:
    """The family tree for a phone: top to bottom, each original above the sources that follow it (indented, an
    arrow from it), the sources that follow no text on their own; 360 units wide, so that its text is drawn at
    about its own size (14 and 12 px) on a 390 px screen."""
    decls = ordered_sources()
    blocks: list[tuple[tuple[str, str] | None, list[Declaration]]] = []
    for d in decls:
        key = (d.lineage.follows, d.lineage.by) if d.lineage else None
        found = next((b for b in blocks if key is not None and b[0] == key), None)
        if found:
            found[1].append(d)
        else:
            blocks.append((key, [d]))
    box_h, gap, width = 44, 14, 360
    parts, y = [], 6
    for original, members in blocks:
        if original is not None:
            title, by = original
            parts.append(f'<rect x="2" y="{y}" width="{width - 4}" height="{box_h}" rx="6" class="cq-tree-original"/>'
                         f'<text x="12" y="{y + 18}" class="cq-tree-title">{escape(title)}</text>'
                         f'<text x="12" y="{y + 35}" class="cq-tree-by">{escape(by[:44] + ("…" if len(by) > 44 else ""))}</text>')
            top, y = y + box_h, y + box_h + gap
        for d in members:
            x = 34 if original is not None else 2
            parts.append(f'<rect x="{x}" y="{y}" width="{width - x - 2}" height="{box_h}" rx="6" class="cq-tree-source"/>'
                         f'<text x="{x + 10}" y="{y + 18}" class="cq-tree-title">{escape(d.short)}</text>'
                         f'<text x="{x + 10}" y="{y + 35}" class="cq-tree-by">{escape(_kind(d, "above"))}</text>')
            if original is not None:
                parts.append(f'<path d="M 16 {top} L 16 {y + box_h // 2} L {x - 2} {y + box_h // 2}" class="cq-tree-edge" '
                             f'marker-end="url(#cq-arrow-narrow)"/>')
            y += box_h + gap
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {y}" role="img" '
            f'aria-labelledby="cq-tree-title-narrow" class="cq-tree-svg cq-tree-narrow">'
            '<title id="cq-tree-title-narrow">Who follows whom: each source below the text it follows</title>'
            '<defs><marker id="cq-arrow-narrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
            'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" class="cq-tree-arrowhead"/></marker></defs>')
    return head + "".join(parts) + "</svg>"


def _kind(d: Declaration, where: str = "on the left") -> str:
    """What a source is, in a few words: its relation to its original, or its kind of witness."""
    if d.lineage:
        return f"{d.lineage.relation} of the text {where}"
    return d.credibility.replace("-", " ") + (" source, held whole here" if d.chapter else " source")


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


class FamilyTreeDirective(CqDirective):
    """``{family-tree}``: the lineage of the sources, as a generated diagram and as a list."""

    def run(self):
        self.note_declarations()
        figure = nodes.container(classes=["cq-tree"])
        figure += nodes.raw("", family_svg() + family_svg_narrow(), format="html")
        items = nodes.bullet_list(classes=["cq-tree-list"])
        for d in tree_sources():
            item = nodes.list_item()
            p = para(link(source_docname(d.id), "", nodes.Text(d.short)), ": ")
            if d.lineage:
                p += nodes.Text(f"{_a(d.lineage.relation)} of ")
                title = nodes.emphasis(d.lineage.follows, d.lineage.follows)
                p += nodes.reference("", "", title, refuri=d.lineage.url) if d.lineage.url else title
                p += nodes.Text(f" ({d.lineage.by}). {d.lineage.summary}")
            else:
                p += nodes.Text("follows no text the project knows of; " + d.credibility.replace("-", " ") + " source.")
            item += p
            if d.lineage and d.lineage.descent:
                item += self.descent(d)
            items += item
        figure += items
        return [figure]


    def descent(self, d: Declaration) -> nodes.Node:
        """The game's own descent, with the passage of the source's text that states it (and its English)."""
        ds = d.lineage.descent
        p = para(f"The game it describes descends from {ds.game.capitalize()} by way of {ds.via}: “",
                 nodes.emphasis(ds.passage, ds.passage), f"” ({d.short}, {ds.locator}; in English: “{ds.english}”)",
                 classes=["cq-tree-descent-text"])
        return p


class VerdictRuleDirective(CqDirective):
    """``{verdict-rule}``: the rule of the verdicts, as the engine states it."""

    def run(self):
        return self.md(RULE)


def setup_passages(app: Sphinx) -> None:
    app.add_directive("source-chapter", SourceChapterDirective)
    app.add_directive("source-passages", SourcePassagesDirective)
    app.add_directive("family-tree", FamilyTreeDirective)
    app.add_directive("verdict-rule", VerdictRuleDirective)
