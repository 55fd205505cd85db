"""The directives of a ruling page (``docs/rulings/<slug>.md``), in the order a page uses them.

``{ruling} AXIS``       -- the top of the page: the question in one line, every source's value at a glance.
                           Records in the ``cq`` domain which axis the page rules on.
``{source-tabs}``       -- the source tabs, one ``{source-tab} SOURCE`` for each source (see :mod:`.tabs`).
``{entry} SOURCE``      -- inside a source's tab: passage(s) in the original language, the repaired reading
                           where the extraction is defective (said so), the English rendering, the value with its
                           status badge, the readings, the note.  The axis is the page's (or ``:axis:``).
``{verdict}``           -- agree / differ in wording only / differ in play, computed from the values; its content
                           holds the executed position where the sources differ in play.  Recorded in the domain.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx

from conquian.declarations import Declaration, Entry, Evidence
from conquian.rules import AXIS_BY_NAME, Axis

from .data import (LANGUAGE_NAME, Verdict, axis_of, computed_verdict, entry_anchor, ordered_sources,
                   repaired_segments, ruling_docname, sentence, source_ids, value_groups)
from .nodes import badge, link, literal_value, not_applicable, para, strong, value_inline
from .passages import locator_target
from .shared import CqDirective


class RulingDirective(CqDirective):
    """``{ruling} AXIS``: the question in one line, and every source's value at a glance."""

    required_arguments = 1
    has_content = False

    def run(self):
        self.note_declarations()
        axis = axis_of(self.arguments[0])
        if axis is None:
            return self.warn(f"{self.where()}: unknown axis {self.arguments[0]!r}; the axes are: {', '.join(AXIS_BY_NAME)}")
        expected = ruling_docname(axis)
        if self.env.docname != expected:
            return self.warn(f"{self.where()}: the ruling on axis {axis.name!r} belongs in docs/{expected}.md")
        self.domain.note_axis(self.env.docname, axis.name, self.lineno)

        box = nodes.container(classes=["cq-ruling"])
        box += para(strong("The question: "), axis.question, classes=["cq-question"])
        values = ", ".join(axis.format(c) for c in axis.choices) if axis.choices else axis.valid_text()
        box += para(axis.doc + " ", nodes.inline("", "", nodes.Text("Axis "), nodes.literal(axis.name, axis.name),
                                                  nodes.Text(f"; values: {values}."), classes=["cq-axis-name"]),
                    classes=["cq-axis-doc"])
        glance = nodes.bullet_list(classes=["cq-glance"])
        for d in ordered_sources():
            e = d.entries.get(axis.name)
            item = nodes.list_item()
            if e is None:
                item += para(link(ruling_docname(axis), entry_anchor(d.id), nodes.Text(d.short)), ": ",
                             not_applicable(axis))
            else:
                item += para(link(ruling_docname(axis), entry_anchor(d.id), nodes.Text(d.short)), ": ",
                             value_inline(axis, e.value, "cq-glance-value"), " ", badge(e.status))
            glance += item
        box += glance
        return [box]


class EntryDirective(CqDirective):
    """``{entry} SOURCE`` (axis from the page's ``{ruling}``, or ``:axis:``): one source's entry on one axis."""

    required_arguments = 1
    has_content = False
    option_spec = {"axis": directives.unchanged_required}

    def run(self):
        self.note_declarations()
        axis_name = self.options.get("axis") or self.domain.axis_of_page(self.env.docname)
        if not axis_name:
            return self.warn(f"{self.where()}: {{entry}} {self.arguments[0]} needs an axis: put {{ruling}} AXIS "
                             f"at the top of the page, or give :axis:")
        axis = axis_of(axis_name)
        if axis is None:
            return self.warn(f"{self.where()}: unknown axis {axis_name!r}; the axes are: {', '.join(AXIS_BY_NAME)}")
        decl = self.declaration(self.arguments[0], axis.name)
        if decl is None:
            return []
        entry = decl.entries.get(axis.name)
        if entry is None:  # the question does not arise under this source's rules
            box = nodes.container(classes=["cq-entry", "cq-not-applicable"], ids=[entry_anchor(decl.id)],
                                  cq_entry=(axis.name, decl.id))
            box += para(strong(f"{decl.short}: "), not_applicable(axis), classes=["cq-entry-head"])
            box += para(f"The question does not arise under {decl.short}'s rules: it arises only when "
                        f"{axis.applies_when}, and under {decl.short} it is not. The source declares nothing here.",
                        classes=["cq-status-meaning"])
            return [box]
        return [self.render(axis, decl, entry)]

    def render(self, axis: Axis, decl: Declaration, entry: Entry) -> nodes.container:  # noqa: C901
        # ``cq_entry`` lets {source-tab} see, in its own content, which entries it shows.
        box = nodes.container(classes=["cq-entry", f"cq-status-{entry.status.value}"], ids=[entry_anchor(decl.id)],
                              cq_entry=(axis.name, decl.id))
        head = para(strong(f"{decl.short}: "), value_inline(axis, entry.value, "cq-entry-value"),
                    " ", badge(entry.status), classes=["cq-entry-head"])
        if not isinstance(entry.value, int) or isinstance(entry.value, bool):
            head += nodes.Text(" ")
            head += nodes.inline("", "", nodes.Text("("), literal_value(axis, entry.value), nodes.Text(")"),
                                 classes=["cq-entry-code"])
        box += head
        box += para(sentence(entry.status.meaning), classes=["cq-status-meaning"])

        for ev in entry.evidence:
            box += self.render_evidence(decl, ev)
        if entry.context:
            box += para("Not the authority for the value, but what the text does say nearby:", classes=["cq-label"])
        for ev in entry.context:
            box += self.render_evidence(decl, ev)

        if entry.readings:
            box += para("Readings (the first is the one chosen):", classes=["cq-label"])
        box += self.readings_and_note(entry)
        return box

    def render_evidence(self, decl: Declaration, ev: Evidence) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        quote = nodes.block_quote(classes=["cq-passage", f"language-{decl.language}"])
        text = nodes.paragraph()
        for segment, rep in repaired_segments(ev):
            if rep is None:
                text += nodes.Text(segment)
            else:
                text += nodes.inline(segment, segment, classes=["cq-repair"])
        quote += text
        quote += nodes.attribution("", "", nodes.Text(f"{decl.short}, "),
                                   link(*locator_target(decl, ev.locator), nodes.Text(ev.locator)))
        language = LANGUAGE_NAME.get(decl.language, decl.language)
        label = para(f"The text ({language}):" if decl.language != "en" else "The text:", classes=["cq-label"])
        out += [label, quote]
        if ev.repairs:
            note = para(strong("Repaired reading. "), classes=["cq-repair-note"])
            note += nodes.Text("The extraction is defective here; the passage is shown as this project reads it "
                               "(marked). It has ")
            for i, rep in enumerate(ev.repairs):
                if i:
                    note += nodes.Text("; ")
                note += nodes.literal(rep.found, rep.found)
                note += nodes.Text(" read as ")
                note += nodes.literal(rep.read, rep.read)
                if rep.why:
                    note += nodes.Text(f" ({rep.why.rstrip('.')})")
            note += nodes.Text(".")
            out.append(note)
        if decl.language != "en" or ev.english.strip() != ev.repaired.strip():
            out.append(para("In English (this project's rendering):", classes=["cq-label"]))
            english = nodes.block_quote(classes=["cq-english", "language-en"])
            english += nodes.paragraph(ev.english, ev.english)
            out.append(english)
        return out


def is_doctest(node: nodes.Node) -> bool:
    """An executable example: a ``{doctest}`` block with at least one ``>>>`` line."""
    return (isinstance(node, nodes.literal_block) and node.get("testnodetype") == "doctest"
            and ">>>" in node.astext())


class VerdictDirective(CqDirective):
    """``{verdict}``: agree / differ in wording only / differ in play, computed from the declared values."""

    has_content = True

    def run(self):
        self.note_declarations()
        axis = axis_of(self.domain.axis_of_page(self.env.docname) or "")
        if axis is None:
            return self.warn(f"{self.where()}: {{verdict}} must follow the page's {{ruling}} AXIS")
        claimed = self.claimed(axis)
        self.domain.note_verdict(self.env.docname, claimed, self.lineno)

        box = nodes.container(classes=["cq-verdict", f"cq-verdict-{claimed.value}"])
        box += para(strong("Verdict: "), claimed.label + ".", classes=["cq-verdict-title"])
        groups = nodes.bullet_list(classes=["cq-verdict-groups"])
        names = {d.id: d.short for d in ordered_sources()}
        for value, ids in value_groups(axis):
            item = nodes.list_item()
            item += para(value_inline(axis, value, "cq-glance-value"), ": " + ", ".join(names[i] for i in ids))
            groups += item
        box += groups
        box += self.parse_content_to_nodes()
        if claimed is Verdict.PLAY:
            self.check_example(axis, box)
        return [box]

    def claimed(self, axis: Axis) -> Verdict:
        """The verdict, computed by the engine's rule from the declarations: a page states none of its own."""
        return computed_verdict(axis)

    def check_example(self, axis: Axis, box: nodes.Element) -> None:
        """Where the sources differ in play, the verdict must execute one position under every source."""
        tests = [n for n in box.findall(nodes.literal_block) if n.get("testnodetype") == "doctest"]
        if not tests:
            self.warn(f"{self.where()}: axis {axis.name!r}: the sources differ in play, but the verdict executes no "
                      f"position (add a ```{{doctest}} block ruling one position under every source)", "verdict")
            return
        code = "\n".join(n.astext() for n in tests)
        missing = [s for s in source_ids() if s not in code]
        if missing:
            self.warn(f"{self.where()}: axis {axis.name!r}: the verdict's example does not show the ruling of "
                      f"{', '.join(missing)}", "verdict")

    @staticmethod
    def _groups_text(axis: Axis) -> str:
        return "; ".join(f"{axis.format(v)} ({', '.join(ids)})" for v, ids in value_groups(axis))


def setup_rulings(app: Sphinx) -> None:
    app.add_directive("ruling", RulingDirective)
    app.add_directive("entry", EntryDirective)
    app.add_directive("verdict", VerdictDirective)
