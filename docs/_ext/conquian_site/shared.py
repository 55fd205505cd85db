"""What the site's directives share: a base class that finds declarations, warns naming the file, parses Markdown."""

from __future__ import annotations

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from conquian import DECLARATIONS
from conquian.declarations import Declaration, Entry, Evidence

from .data import WARNING_TYPE, declaration_files, source_ids
from .domain import ConquianDomain, cq_domain, doc_file
from .nodes import para, strong

logger = logging.getLogger(__name__)


class CqDirective(SphinxDirective):
    """Base of the site's directives (every one renders data from :data:`conquian.DECLARATIONS`)."""

    @property
    def domain(self) -> ConquianDomain:
        return cq_domain(self.env)

    def where(self) -> str:
        """The page's file, relative to the project root, for messages."""
        return doc_file(self.env, self.env.docname)

    def warn(self, message: str, subtype: str = "data") -> list[nodes.Node]:
        logger.warning(message, location=self.get_location(), type=WARNING_TYPE, subtype=subtype)
        return []

    def note_declarations(self) -> None:
        """The page is rebuilt when a declaration changes."""
        for path in declaration_files():
            self.env.note_dependency(str(path))

    def source_argument(self) -> Declaration | None:
        """The declaration the directive's argument names (the page rebuilt when a declaration changes), or None
        after a warning."""
        self.note_declarations()
        return self.declaration(self.arguments[0])

    def declaration(self, source: str, axis: str | None = None) -> Declaration | None:
        """A source's declaration, or None after a warning naming the file (and the axis, if given)."""
        decl = DECLARATIONS.get(source.strip())
        if decl is None:
            about = f", axis {axis!r}" if axis else ""
            self.warn(f"{self.where()}{about}: unknown source {source!r}; declared sources: {', '.join(source_ids())}")
        return decl

    def md(self, text: str) -> list[nodes.Node]:
        """Markdown written by the project (notes, provenance) to nodes."""
        return self.parse_text_to_nodes(text)

    def passage_nodes(self, decl: Declaration, ev: Evidence) -> list[nodes.Node]:
        """One passage as a directive shows it: here its English and locator (the entry and rule directives link it)."""
        english = nodes.block_quote(classes=["cq-english", "language-en"])
        english += nodes.paragraph(ev.english, ev.english)
        english += nodes.attribution("", "", nodes.Text(ev.locator))
        return [english]

    def readings_and_note(self, entry: Entry, decl: "Declaration | None" = None) -> list[nodes.Node]:
        """An ambiguous entry's readings (the chosen one first, marked) and the editorial note, if any.

        With ``decl``, each other reading also says, in words, the settings that play it (any axes it needs included).
        """
        out: list[nodes.Node] = []
        if entry.readings:
            readings = nodes.enumerated_list(classes=["cq-readings"])
            for reading in sorted(entry.readings, key=lambda r: r.value != entry.value):
                item = nodes.list_item(classes=["cq-reading-chosen"] if reading.value == entry.value else [])
                item += self.md(reading.text)
                if decl is not None and reading.value != entry.value:
                    axes = {ax.name: ax for ax in type(decl.rules).AXES}
                    decl.rules.replace(**reading.settings(entry.axis))  # playable as printed (the loader checks it)
                    words = "; ".join(f"{axes[name].title.lower()}: {axes[name].words(value)}"
                                      for name, value in reading.settings(entry.axis).items())
                    item += para(f"This site plays this reading with {decl.short}’s other rules and {words}.",
                                 classes=["cq-reading-rules"])
                    passages = entry.passages_for(reading.value)
                    if passages:  # a practice the text reports: its words belong to this reading, not the value's
                        item += para("The text’s words for this reading:", classes=["cq-label"])
                    for ev in passages:
                        item += self.passage_nodes(decl, ev)
                readings += item
            out.append(readings)
        if entry.note.strip():
            note = nodes.container(classes=["cq-note"])
            note += para(strong("Note"), classes=["cq-label"])
            note += self.md(entry.note)
            out.append(note)
        return out
