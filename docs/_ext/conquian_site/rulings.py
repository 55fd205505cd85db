"""The directives of a ruling page (``docs/rulings/<slug>.md``), in the order a page uses them.

``{ruling} AXIS``       -- the top of the page, answering first: the question, and every source's answer in words
                           with its status badge (the code name only as a secondary label); ``:keywords:`` become
                           main index entries, so that the search lists the page first for its rule words.
                           Records in the ``cq`` domain which axis the page rules on.
``{source-tabs}``       -- the source tabs, one ``{source-tab} SOURCE`` for each source (see :mod:`.tabs`).
``{entry} SOURCE``      -- inside a source's tab: passage(s) in the original language, the repaired reading
                           where the extraction is defective (said so), the English rendering, the value with its
                           status badge, the readings, the note.  The axis is the page's (or ``:axis:``).  To keep
                           a ruling page within 5 phone screens, the first passage is shown and the others, the
                           repairs, the readings in full and the note wait behind closed toggles (the banner names
                           an ambiguous source's other reading on the first screen).
``{verdict}``           -- the verdict, computed by the engine's rule; its content holds a ``{compare}`` (see
                           :mod:`.compare`), which, where the sources differ in play, must show two sources of
                           different values ruling differently.  Recorded in the domain.  What follows its
                           second ``{compare}`` waits behind a closed "More cases" toggle.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx

from conquian import DECLARATIONS
from conquian.declarations import Declaration, Entry, Evidence
from conquian.games import HOME
from conquian.axes import Axis
from conquian.status import Status
from conquian.verdicts import compare

from .statistics import ruling_effect
from .data import (AXIS_BY_NAME, LANGUAGE_NAME, answer_words, Verdict, axis_of, computed_verdict, entry_anchor,
                   game_axis, games, ordered_sources, repaired_segments, ruling_docname, sentence, value_groups)
from .nodes import badge, cq_details, cq_html, link, not_applicable, para, strong, value_inline
from .passages import described_nodes, locator_target
from .shared import CqDirective


def names(ids: list[str]) -> str:
    """Source names as a phrase: "Foster", "Foster and rummy.ch", "Foster, rummy.ch and Dutch"."""
    short = [DECLARATIONS[i].short for i in ids]
    return short[0] if len(short) == 1 else ", ".join(short[:-1]) + " and " + short[-1]


def verdict_words(axis: Axis) -> list[nodes.Node]:
    """The agreement label after the answers, with what makes it true: "They differ in wording only: Foster
    states it, the others imply it."  Computed from the declarations by the engine's one rule."""
    comparison = compare(axis.name, DECLARATIONS)
    verdict = comparison.verdict
    # "differ in play", the site's term, said plainly in the banner: the answers are rules that make the game differ
    said = "They give different rules" if verdict is Verdict.PLAY else "They " + verdict.short
    label = nodes.inline("", "", strong(said), classes=["cq-verdict-mark", f"cq-verdict-{verdict.value}"])
    if verdict is Verdict.WORDING:
        by: dict[str, list[str]] = {}
        for sid, e in comparison.speaking.items():
            by.setdefault(e.status.value, []).append(sid)
        verbs = {"stated": ("states", "state"), "implied": ("implies", "imply"),
                 "ambiguous": ("can be read so", "can be read so")}
        parts = [f"{names(ids)} {verbs[st][len(ids) > 1]}" + ("" if st == "ambiguous" else " it")
                 for st, ids in by.items()]
        return [label, nodes.Text(": the same answer; " + "; ".join(parts) + ".")]
    if verdict is Verdict.AGREE_WHERE_THEY_SPEAK:
        quiet = [sid for sid, e in comparison.entries.items() if e is not None and not e.status.speaks]
        arise = [sid for sid, e in comparison.entries.items() if e is None]
        text = ""
        if quiet:
            text += f": {names(quiet)} {'says' if len(quiet) == 1 else 'say'} nothing about this (the answer shown is this site's reading)"
        if arise:
            text += f"{'; ' if text else ': '}under {names(arise)} the question does not arise"
        return [label, nodes.Text(text + ".")]
    return [label, nodes.Text(".")]


def renderings(decls: list[Declaration]) -> list[list[Declaration]]:
    """The sources among ``decls`` that render one original text (the same ``[lineage]`` original), two or more."""
    by: dict[tuple[str, str], list[Declaration]] = {}
    for d in decls:
        if d.lineage:
            by.setdefault((d.lineage.follows, d.lineage.by), []).append(d)
    return [group for group in by.values() if len(group) > 1]


def one_witness(decls: list[Declaration]) -> str:
    """"Dutch and French" where sources answering alike render one original: they count once."""
    return "; ".join(names([d.id for d in group]) for group in renderings(decls))


def renderings_apart(axis: Axis) -> str:
    """Where renderings of one original answer differently, a sentence that says so (they are still one text)."""
    out = []
    for group in renderings(ordered_sources()):
        values = {d.entries[axis.name].value for d in group if axis.name in d.entries}
        if len(values) > 1:
            out.append(f"{names([d.id for d in group])} render one text, {group[0].lineage.follows}, but differ "
                       f"here: their tabs show where.")
    return " ".join(out)


class RulingDirective(CqDirective):
    """``{ruling} AXIS``: the summary banner: the question, and every source's answer in words with its status.

    ``:keywords:`` lists the rule words a reader searches for (``forcing, Zugzwang, vragen``): each becomes a main
    index entry of the page, so that the search lists this page first for them.
    """

    required_arguments = 1
    has_content = False
    option_spec = {"keywords": directives.unchanged}

    def run(self):
        self.note_declarations()
        axis = axis_of(self.arguments[0])
        if axis is None:
            return self.warn(f"{self.where()}: unknown axis {self.arguments[0]!r}; the axes are: {', '.join(AXIS_BY_NAME)}")
        expected = ruling_docname(axis)
        if self.env.docname != expected:
            return self.warn(f"{self.where()}: the ruling on axis {axis.name!r} belongs in docs/{expected}.md")
        self.domain.note_axis(self.env.docname, axis.name, self.lineno)
        keywords = tuple(k.strip() for k in self.options.get("keywords", "").split(",") if k.strip())
        self.domain.note_keywords(self.env.docname, keywords)

        box = nodes.container(classes=["cq-ruling", "cq-banner"])
        box += para(axis.question, classes=["cq-question"])
        # Sources that give the same answer are shown once, in one item that names them all (each with its status):
        # the answer in words, what it means, then who says it and how.
        answers = nodes.bullet_list(classes=["cq-answers"])
        groups: dict = {}
        for d in ordered_sources():
            e = d.entries.get(axis.name)
            groups.setdefault(None if e is None else e.value, []).append((d, e))
        for value, members in groups.items():
            item = nodes.list_item(classes=["cq-answer"])
            if value is None:
                text = nodes.inline("", "", not_applicable(axis), classes=["cq-answer-text"])
            else:
                text = nodes.inline("", "", strong(answer_words(axis, value)), nodes.Text(" — " + axis.meaning(value)),
                                    classes=["cq-answer-text"])
            item += para(text)
            who = para(classes=["cq-answer-who"])
            for i, (d, e) in enumerate(members):
                if i:
                    who += nodes.Text(" · ")
                who += nodes.inline("", "", link(ruling_docname(axis), entry_anchor(d.id), nodes.Text(d.short)),
                                    classes=["cq-answer-source"])
                if e is not None:
                    who += nodes.Text(" ")
                    who += badge(e.status)
                    if e.other_readings:  # the first screen names the other reading, in a few words
                        other = " or ".join(axis.reader_words(r.value) for r in e.other_readings)
                        who += nodes.inline("", f" (read otherwise: {other})", classes=["cq-other-reading"])
            witnesses = one_witness([d for d, _ in members])
            if witnesses:
                who += nodes.inline("", f" ({witnesses}: one text, translated)", classes=["cq-one-witness"])
            item += who
            answers += item
        box += answers
        split = renderings_apart(axis)
        if split:
            box += para(split, classes=["cq-one-witness"])
        box += para(*verdict_words(axis), classes=["cq-banner-verdict"])
        box += ruling_effect(axis.name, self.env)
        out: list[nodes.Node] = [box]
        if keywords:
            target = f"index-{self.env.new_serialno('index')}"
            out = [nodes.target("", "", ids=[target]),
                   addnodes.index(entries=[("single", k, target, "main", None) for k in keywords]), box]
        return out


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
        name = axis_name.strip().replace("-", "_")
        known = [g for g in games() if game_axis(g, name)]
        if not known:
            return self.warn(f"{self.where()}: unknown axis {axis_name!r}; the axes are: {', '.join(AXIS_BY_NAME)} "
                             f"(and those of {', '.join(g for g in games() if g != HOME)})")
        decl = self.declaration(self.arguments[0], name)
        if decl is None:
            return []
        axis = game_axis(decl.game, name) or game_axis(known[0], name)
        # On the axis's ruling page the entry is the source's (``#entry-rummy-ch``); elsewhere one page may show
        # several entries of one source, each its own anchor (``#entry-romme-spielwiki-first-meld``).
        anchor = entry_anchor(decl.id)
        if name != self.domain.axis_of_page(self.env.docname):
            anchor += f"-{axis.slug}"
        entry = decl.entries.get(name)
        if entry is None:  # the question does not arise under this source's rules
            box = nodes.container(classes=["cq-entry", "cq-not-applicable"], ids=[anchor], cq_entry=(name, decl.id))
            box += para(strong(f"{decl.short}: "), not_applicable(axis), classes=["cq-entry-head"])
            if game_axis(decl.game, name) is None:
                why = f"{decl.title} has no such rule: the axis is not one of its game's."
            else:
                why = (f"it arises only when {axis.applies_when}, and under {decl.short} it is not. The source "
                       f"declares nothing here.")
            box += para(f"The question does not arise under {decl.short}'s rules: {why}", classes=["cq-status-meaning"])
            return [box]
        return [self.render(axis, decl, entry, anchor)]

    def render(self, axis: Axis, decl: Declaration, entry: Entry, anchor: str = "") -> nodes.container:  # noqa: C901
        # ``cq_entry`` lets {source-tab} see, in its own content, which entries it shows.
        box = nodes.container(classes=["cq-entry", f"cq-status-{entry.status.value}"],
                              ids=[anchor or entry_anchor(decl.id)], cq_entry=(axis.name, decl.id))
        # off its ruling page an entry names its rule: "Spielwiki, the first meld: 40"
        whose = decl.short
        if anchor not in ("", entry_anchor(decl.id)):
            whose += f", {axis.title[:1].lower()}{axis.title[1:]}"
        if entry.status is Status.SILENT:
            # the project's reading, never shown as the source's words
            # a text that speaks nearby (context) does not "say nothing": it does not settle the question
            says = "does not settle this" if entry.context else "says nothing about this"
            head = para(strong(f"{whose}: "), f"{decl.short} {says}; this site plays it as ",
                        nodes.inline("", answer_words(axis, entry.value), classes=["cq-entry-value"]), ". ",
                        badge(entry.status), classes=["cq-entry-head"])
            box += head
        else:
            box += para(strong(f"{whose}: "), value_inline(axis, entry.value, "cq-entry-value"),
                        " ", badge(entry.status), classes=["cq-entry-head"])
            box += para(sentence(entry.status.meaning), classes=["cq-status-meaning"])

        passages = tuple(entry.passages_for(entry.value))  # another reading's passages are shown with that reading
        for ev in passages[:1]:
            box += self.render_evidence(decl, ev)
        if len(passages) > 1:  # the first passage answers; the rest one click away (a ruling page fits 5 phone screens)
            more = cq_details(summary=f"{len(passages) - 1} more passage{'s' if len(passages) > 2 else ''} from the text",
                              classes=["cq-more-passages"])
            for ev in passages[1:]:
                more += self.render_evidence(decl, ev)
            box += more
        if entry.context:
            box += para("Not the authority for the value, but what the text does say nearby:", classes=["cq-label"])
        for ev in entry.context:
            box += self.render_evidence(decl, ev)

        # The readings in full and the project's note, one click away: the banner names the other reading in a few
        # words on the first screen, and a ruling page fits 5 phone screens.
        for node in self.readings_and_note(entry, decl):
            if "cq-readings" in node.get("classes", []):
                others = len(entry.readings) - 1
                summary = (f"The readings: the chosen one and {others} other{'s' if others > 1 else ''}" if others
                           else "The reading")
                toggle = cq_details(summary=summary, classes=["cq-readings-toggle"])
                toggle += para("Readings (the first is the one chosen):", classes=["cq-label"])
            elif "cq-note" in node.get("classes", []):
                toggle = cq_details(summary="This project's note on the reading", classes=["cq-note-toggle"])
            else:
                box += node
                continue
            toggle += node
            box += toggle
        return box

    def passage_nodes(self, decl: Declaration, ev: Evidence) -> list[nodes.Node]:
        return self.render_evidence(decl, ev)

    def render_evidence(self, decl: Declaration, ev: Evidence) -> list[nodes.Node]:
        if ev.described:
            return described_nodes(decl, ev)
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
            # the text's defects are for the few who check the reading: behind a closed toggle
            toggle = cq_details(summary="Repaired reading: what the extraction has", classes=["cq-repair-toggle"])
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
            toggle += note
            out.append(toggle)
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

        # the label and who says what are in the banner at the top of the page: not repeated here
        box = nodes.container(classes=["cq-verdict", f"cq-verdict-{claimed.value}"])
        box += self.parse_content_to_nodes()
        self.check_example(axis, box)
        self.fold_further_cases(box)
        return [box]

    #: A verdict shows this many comparisons; the cases after them wait behind a toggle (5 phone screens a page).
    SHOWN = 2

    def fold_further_cases(self, box: nodes.Element) -> None:
        """Put what follows the verdict's second ``{compare}`` behind a closed "more cases" toggle."""
        children = list(box.children)
        shown = [i for i, n in enumerate(children) if isinstance(n, cq_html) and "cq_compare" in n]
        if len(shown) <= self.SHOWN:
            return
        cut = shown[self.SHOWN - 1] + 1
        more = len(shown) - self.SHOWN
        toggle = cq_details(summary=f"More cases: {more} more comparison{'s' if more > 1 else ''}",
                            classes=["cq-more-cases"])
        for node in children[cut:]:
            box.remove(node)
            toggle += node
        box += toggle

    def claimed(self, axis: Axis) -> Verdict:
        """The verdict, computed by the engine's rule from the declarations: a page states none of its own."""
        return computed_verdict(axis)

    def check_example(self, axis: Axis, box: nodes.Element) -> None:
        """Where the sources differ in play, the verdict's ``{compare}`` must show two sources of different values
        ruling differently."""
        page = self.domain.page(self.env.docname)
        found = [page.compares[n["cq_compare"]] for n in box.findall(cq_html) if "cq_compare" in n]
        if not found:
            self.warn(f"{self.where()}:{self.lineno}: axis {axis.name!r}: the verdict runs no {{compare}} (put the "
                      f"page's position to every source with ```{{compare}}```)", "verdict")
            return
        if computed_verdict(axis) is not Verdict.PLAY:
            return
        for record in found:
            rows = [r for r in record.rows if r.plain]
            value = lambda r: dict(r.values)[axis.name]
            if any(value(a) != value(b) and a.signature != b.signature for a in rows for b in rows):
                return
        self.warn(f"{self.where()}:{self.lineno}: axis {axis.name!r}: the sources differ in play, but no {{compare}} "
                  f"in the verdict shows two sources of different values ruling differently", "verdict")

    @staticmethod
    def _groups_text(axis: Axis) -> str:
        return "; ".join(f"{axis.format(v)} ({', '.join(ids)})" for v, ids in value_groups(axis))


def setup_rulings(app: Sphinx) -> None:
    app.add_directive("ruling", RulingDirective)
    app.add_directive("entry", EntryDirective)
    app.add_directive("verdict", VerdictDirective)
