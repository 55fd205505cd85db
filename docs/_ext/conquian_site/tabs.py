"""The source tabs of a ruling page: ``{source-tabs}`` holding one ``{source-tab} SOURCE`` per source.

They render as sphinx-design synced tabs (sync group ``source``, sync key the source id, label the source's
``short`` name from its declaration), so a reader who picks a source on one page finds it picked on every page::

    ::::{source-tabs}

    :::{source-tab} foster-1913

    ```{entry} foster-1913
    ```

    ```{doctest}
    >>> ...
    ```
    :::
    ::::

The two directives are sphinx-design's public ``tab-set`` and ``tab-item`` with their label and sync options
filled in from the declarations.  Each ``{source-tab}`` notes, from its own parsed content, the ``{entry}``
nodes it shows and the executable examples it holds; ``{source-tabs}`` records its tabs in the ``cq`` domain,
where :mod:`conquian_site.checks` finds them.  Neither reads sphinx-design's node attributes.
"""

from __future__ import annotations

from dataclasses import replace

from docutils import nodes
from sphinx.application import Sphinx
from sphinx_design.tabs import TabItemDirective, TabSetDirective

from conquian import DECLARATIONS

from .data import SYNC_GROUP, source_ids
from .domain import TabRecord, TabSetRecord, cq_domain
from .rulings import is_doctest

#: The node attribute in which a {source-tab} hands its record to the enclosing {source-tabs}.
RECORD = "cq_source_tab"


class SourceTabDirective(TabItemDirective):
    """``{source-tab} SOURCE``: one source's tab; its label is the source's short name, its sync key the id."""

    required_arguments = 1
    final_argument_whitespace = False
    option_spec: dict = {}

    def run_with_defaults(self) -> list[nodes.Node]:
        source = self.arguments[0].strip()
        decl = DECLARATIONS.get(source)  # an unknown source is reported by the checks, naming file and axis
        self.arguments = [decl.short if decl is not None else source]
        self.options = {"sync": source}
        tabs = super().run_with_defaults()
        for tab in tabs:
            entries = tuple(tuple(n["cq_entry"]) for n in tab.findall(nodes.container) if n.get("cq_entry"))
            examples = sum(1 for _ in tab.findall(is_doctest))
            tab[RECORD] = TabRecord(source, entries, examples, self.lineno)
        return tabs


class SourceTabsDirective(TabSetDirective):
    """``{source-tabs}``: the tab set of a ruling page, synced across pages by source."""

    option_spec: dict = {}

    def run_with_defaults(self) -> list[nodes.Node]:
        self.options = {"sync-group": SYNC_GROUP}
        found = super().run_with_defaults()
        for tab_set in found:
            tabs, strays = [], []
            for child in tab_set.children:
                record = child.attributes.pop(RECORD, None) if isinstance(child, nodes.Element) else None
                if record is not None:
                    tabs.append(record)
                elif not isinstance(child, nodes.target):
                    strays.append(child.line or 0)
            # A source declared after the page was written gets a tab of its own, with its entry: the page need not
            # be edited for the reader to see what the new source says (its examples are written when it is).
            for source in source_ids():
                if any(t.source == source for t in tabs):
                    continue
                # parsed inside a plain tab-set (sphinx-design wants a tab's parent to be one), then moved to this set
                # (with this set's sync group, which sphinx-design writes into the tab's label as it parses it)
                text = (f"::::{{tab-set}}\n:sync-group: {SYNC_GROUP}\n:::{{source-tab}} {source}\n\n"
                        f"```{{entry}} {source}\n```\n:::\n::::")
                wrapper = self.parse_text_to_nodes(text)
                for tab in [c for w in wrapper for c in w.children]:
                    record = tab.attributes.pop(RECORD, None) if isinstance(tab, nodes.Element) else None
                    if record is not None:
                        tabs.append(replace(record, generated=True))
                        tab_set += tab
            cq_domain(self.env).note_tabset(self.env.docname, TabSetRecord(tuple(tabs), self.lineno, tuple(strays)))
        return found


def setup_tabs(app: Sphinx) -> None:
    app.setup_extension("sphinx_design")  # the tabs are sphinx-design's
    app.add_directive("source-tabs", SourceTabsDirective)
    app.add_directive("source-tab", SourceTabDirective)
