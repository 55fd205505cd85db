"""The directives about one source, and the cards of the home page.

``{source-record} ID``  -- a source's bibliographic record, provenance, completeness, trust, notes.
``{source-rules} ID``   -- a source's complete rules in English, axis by axis in the engine's groups, each value
                           with what it means (from the engine), its status, the English passages and the note.
``{sources-grid}``      -- one card per source, linking to its page (the home page).
"""

from __future__ import annotations

import unicodedata

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

from conquian import DECLARATIONS
from conquian.declarations import Declaration, Evidence
from conquian.games import HOME
from conquian.axes import Axis
from conquian.status import Status

from .data import LANGUAGE_NAME, axis_groups, ordered_sources, rule_anchor, rule_target, status_counts
from .nodes import badge, cq_html, link, para, value_inline
from .passages import locator_target
from .shared import CqDirective

LICENCE_TEXT = {"public-domain": "public domain: quoted at any length",
                "quote-short": "short passages, with attribution"}


class SourceDirective(CqDirective):
    """A directive about one source, named by its id: ``run`` finds the declaration, ``render`` draws it."""

    required_arguments = 1

    def run(self):
        decl = self.source_argument()
        return [] if decl is None else self.render(decl)

    def render(self, decl: Declaration) -> list[nodes.Node]:
        raise NotImplementedError


def search_names(decl: Declaration) -> list[str]:
    """The names a reader searches a source by: its short name and its first word ("Foster"), its game's name where
    that is its title (Rommé), each also without accents ("Romme"), in lower case, once each."""
    names = [decl.short, decl.short.split()[0]]
    if decl.game != HOME:
        names.append(decl.title)
    out: list[str] = []
    for name in names:
        for form in (name, unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()):
            if form.strip() and form.lower() not in out:
                out.append(form.lower())
    return out


class SourceRecordDirective(SourceDirective):
    """``{source-record} ID``: the bibliographic record and the assessment of one source.  The source's names
    (:func:`search_names`) become main index entries of its page, so that the search lists the page first for them."""

    def run(self):
        out = super().run()
        decl = DECLARATIONS.get(self.arguments[0].strip())
        if not out or decl is None:
            return out
        target = f"index-{self.env.new_serialno('index')}"
        return [nodes.target("", "", ids=[target]),
                addnodes.index(entries=[("single", n, target, "main", None) for n in search_names(decl)]), *out]

    def render(self, decl: Declaration) -> list[nodes.Node]:
        fields = nodes.field_list(classes=["cq-record"])

        def field(name: str, *body: nodes.Node) -> None:
            f = nodes.field()
            f += nodes.field_name(name, name)
            b = nodes.field_body()
            b.extend(body)
            f += b
            fields.append(f)

        field("Title", para(nodes.emphasis(decl.title, decl.title, classes=[f"language-{decl.language}"])))
        field("Cited as", *self.md(f"{decl.citation} {{cite:p}}`{decl.bibtex_key}`"))
        field("Language", para(LANGUAGE_NAME.get(decl.language, decl.language)))
        field("Kind of witness", para(decl.credibility.replace("-", " ")))
        field("Quoting", para(LICENCE_TEXT.get(decl.licence, decl.licence)))
        if decl.url:
            field("Online at", para(nodes.reference(decl.url, decl.url, refuri=decl.url)))
        if decl.lineage:
            lin = decl.lineage
            title = nodes.emphasis(lin.follows, lin.follows)
            p = para(f"A {lin.relation} of ", nodes.reference("", "", title, refuri=lin.url) if lin.url else title,
                     f", by {lin.by}")
            field("Follows", p)
        if decl.related:
            p = para()
            for i, rid in enumerate(decl.related):
                if i:
                    p += nodes.Text(", ")
                other = DECLARATIONS.get(rid)
                p += link(f"sources/{rid}", "", nodes.Text(other.short if other else rid))
            field("Related", p)
        p = para()
        for i, (status, count) in enumerate(status_counts(decl).items()):
            if i:
                p += nodes.Text(" ")
            p += badge(status)
            p += nodes.Text(f" {count}")
        field("Rules", p)  # "axes" is the engine's word; a reader counts rules
        out: list[nodes.Node] = [fields, cq_html(html=f'<p class="cq-play-link"><a href="@@cq:play@@?rules={decl.id}">Play a '
                                                      f'deal under these rules</a> against the computer.</p>')]
        for title, text in (("Provenance", decl.provenance), ("How complete", decl.completeness),
                            ("How far to trust it", decl.trust)):
            out.append(nodes.rubric(title, title))
            out += self.md(text)
        if decl.lineage:
            lin = decl.lineage
            out.append(nodes.rubric("How it follows its original", "How it follows its original"))
            out += self.md(lin.summary)
            if lin.departures:
                out += self.md("Where it departs from it in substance (in this project's words):")
                departures = nodes.bullet_list(classes=["cq-departures"])
                for text in lin.departures:
                    item = nodes.list_item()
                    item += self.md(text)
                    departures += item
                out.append(departures)
        if decl.notes:
            out.append(nodes.rubric("Text-critical notes", "Text-critical notes"))
            notes = nodes.bullet_list(classes=["cq-notes"])
            for n in decl.notes:
                item = nodes.list_item()
                item += self.md(n)
                notes += item
            out.append(notes)
        return out


class SourceRulesDirective(SourceDirective):
    """``{source-rules} ID``: the source's complete rules in English, generated from its declaration."""

    def render(self, decl: Declaration) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for group, axes in axis_groups(type(decl.rules).AXES):
            rules = [self.render_rule(decl, ax) for ax in axes if ax.name in decl.entries]
            if rules:
                out.append(nodes.rubric(group, group, classes=["cq-group"]))
                out += rules
        return out

    def passage_nodes(self, decl: Declaration, ev: Evidence) -> list[nodes.Node]:
        english = nodes.block_quote(classes=["cq-english", "language-en"])
        english += nodes.paragraph(ev.english, ev.english)
        english += nodes.attribution("", "", link(*locator_target(decl, ev.locator), nodes.Text(ev.locator)))
        return [english]

    def render_rule(self, decl: Declaration, axis: Axis) -> nodes.container:
        e = decl.entries[axis.name]
        box = nodes.container(classes=["cq-rule", f"cq-status-{e.status.value}"], ids=[rule_anchor(axis)])
        box += para(link(*rule_target(decl, axis), nodes.Text(axis.question)), " ",
                    value_inline(axis, e.value, "cq-entry-value"), " ", badge(e.status), classes=["cq-rule-head"])
        meaning = axis.meaning(e.value)
        if meaning:
            box += para(meaning, classes=["cq-meaning"])
        if e.status is Status.SILENT:
            box += para("The text does not settle this; what it says:" if e.context else "The text says nothing on this.",
                        classes=["cq-meaning"])
        for ev in e.passages_for(e.value) + e.context:  # another reading's passages are shown with that reading
            box += self.passage_nodes(decl, ev)
        box += self.readings_and_note(e, decl)
        return box


class SourcesGridDirective(CqDirective):
    """``{sources-grid}``: one card per source of a game (``:game:``, Conquian by default), linking to its page."""

    option_spec = {"game": lambda arg: arg.strip()}

    def run(self):
        self.note_declarations()
        game = self.options.get("game", HOME)
        lines = ["::::{grid} 1 2 2 2", ":gutter: 3", ""]
        for d in ordered_sources(game):
            language = LANGUAGE_NAME.get(d.language, d.language)
            counts = ", ".join(f"{n} {status.value}" for status, n in status_counts(d).items())
            lines += [f":::{{grid-item-card}} {d.short}", f":link: /sources/{d.id}", ":link-type: doc", "",
                      f"*{d.title}*", "", f"{language} · {d.credibility.replace('-', ' ')} · {counts}", ":::", ""]
        lines.append("::::")
        return self.parse_text_to_nodes("\n".join(lines))


def setup_sources(app: Sphinx) -> None:
    app.add_directive("source-record", SourceRecordDirective)
    app.add_directive("source-rules", SourceRulesDirective)
    app.add_directive("sources-grid", SourcesGridDirective)
