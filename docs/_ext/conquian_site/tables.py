"""The generated tables and lists: every axis against every source, and the keys of a declaration file.

``{comparison-matrix}``   -- axes x sources, grouped as the engine groups the axes; value, status mark and link to
                             the ruling in every cell (an axis that does not apply shows the engine's own mark).
``{rulings-table}``       -- every axis with its question and its verdict.
``{rulings-toctree}``     -- the toctree of the ruling pages, in the order of the axes.
``{differences}``         -- the axes on which the sources' values differ, and who says what.
``{declaration-keys} K``  -- the keys of a declaration file (top-level, entry, evidence).
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx

from conquian.rules import AXES
from conquian.status import NOT_APPLICABLE, Status

from .data import axis_groups, entry_anchor, matrix_data, ordered_sources, ruling_docname, value_groups
from .nodes import badge, cq_verdict_text, link, para, strong, value_inline
from .shared import CqDirective


def table_skeleton(css_class: str, columns: dict[str, int]) -> tuple[nodes.table, nodes.tgroup, nodes.tbody]:
    """A table with a header row of the given column titles and widths, and an empty body to fill."""
    table = nodes.table(classes=[css_class])
    tgroup = nodes.tgroup(cols=len(columns))
    table += tgroup
    for width in columns.values():
        tgroup += nodes.colspec(colwidth=width)
    thead = nodes.thead()
    row = nodes.row()
    for title in columns:
        row += nodes.entry("", para(title))
    thead += row
    tgroup += thead
    return table, tgroup, nodes.tbody()


class ComparisonMatrixDirective(CqDirective):
    """``{comparison-matrix}``: rows are axes, columns sources; value, status mark, link in every cell."""

    has_content = False

    def run(self):
        self.note_declarations()
        decls = ordered_sources()
        ncols = len(decls) + 1
        table = nodes.table(classes=["cq-matrix"])
        tgroup = nodes.tgroup(cols=ncols)
        table += tgroup
        tgroup += nodes.colspec(colwidth=30)
        for _ in decls:
            tgroup += nodes.colspec(colwidth=15)
        thead = nodes.thead()
        row = nodes.row()
        row += nodes.entry("", para("Axis"))
        for d in decls:
            row += nodes.entry("", para(link(f"sources/{d.id}", "", nodes.Text(d.short))), classes=["cq-source-col"])
        thead += row
        tgroup += thead
        tbody = nodes.tbody()
        rows = {r["axis"].name: r for r in matrix_data()}
        not_applicable = False
        for group, axes in axis_groups():
            grow = nodes.row(classes=["cq-group-row"])
            grow += nodes.entry("", para(strong(group)), morecols=ncols - 1)
            tbody += grow
            for ax in axes:
                r = rows[ax.name]
                row = nodes.row(classes=["cq-differs"] if r["differs"] else [], ids=[f"axis-{ax.slug}"])
                head = nodes.entry(classes=["cq-axis-cell"])
                p = para(link(ruling_docname(ax), "", nodes.literal(ax.name, ax.name)))
                if r["differs"]:
                    p += nodes.Text(" ")
                    p += nodes.inline("≠ differ", "≠ differ", classes=["cq-differs-mark"])
                head += p
                head += para(ax.question, classes=["cq-matrix-question"])
                row += head
                for d in decls:
                    cell = r["cells"][d.id]
                    if cell is None:
                        not_applicable = True
                        row += nodes.entry("", para(NOT_APPLICABLE), classes=["cq-cell", "cq-cell-na"])
                        continue
                    entry = nodes.entry(classes=["cq-cell", f"cq-cell-{cell['status'].value}"])
                    entry += para(link(ruling_docname(ax), entry_anchor(d.id),
                                       nodes.inline(cell["text"], cell["text"], classes=["cq-cell-value"])),
                                  " ", badge(cell["status"]))
                    row += entry
                tbody += row
        tgroup += tbody
        return [self.legend(not_applicable), nodes.container("", table, classes=["cq-matrix-wrap"])]

    @staticmethod
    def legend(not_applicable: bool) -> nodes.container:
        legend = nodes.container(classes=["cq-legend"])
        p = para(strong("Status marks: "))
        for i, st in enumerate(Status):
            if i:
                p += nodes.Text("; ")
            p += badge(st)
            p += nodes.Text(f" {st.meaning}")
        if not_applicable:
            p += nodes.Text(f"; {NOT_APPLICABLE} the question does not arise under the source's rules")
        p += nodes.Text(". A silent cell is this project's reading, never the source's \"no\". "
                        "Rows where the sources differ are marked ≠ and shaded. Each value links to that source's "
                        "entry on the ruling page.")
        legend += p
        return legend


class RulingsTableDirective(CqDirective):
    """``{rulings-table}``: every axis, its question and its verdict."""

    def run(self):
        self.note_declarations()
        table, tgroup, tbody = table_skeleton("cq-rulings-table", {"Axis": 25, "The question": 50, "Verdict": 25})
        for ax in AXES:
            row = nodes.row()
            row += nodes.entry("", para(link(ruling_docname(ax), "", nodes.literal(ax.name, ax.name))))
            row += nodes.entry("", para(ax.question))
            row += nodes.entry("", para(cq_verdict_text("", "", axis=ax.name)))
            tbody += row
        tgroup += tbody
        return [table]


class RulingsToctreeDirective(CqDirective):
    """``{rulings-toctree}``: a toctree of every ruling page, in the order of the axes."""

    option_spec = {"caption": directives.unchanged, "hidden": directives.flag}

    def run(self):
        lines = ["```{toctree}", ":maxdepth: 1"]
        if "caption" in self.options:
            lines.append(f":caption: {self.options['caption']}")
        if "hidden" in self.options:
            lines.append(":hidden:")
        lines.append("")
        here = self.env.docname.rpartition("/")[0]
        for ax in AXES:
            target = ruling_docname(ax)
            lines.append(target.removeprefix(here + "/") if here else target)
        lines.append("```")
        return self.parse_text_to_nodes("\n".join(lines))


class DifferencesDirective(CqDirective):
    """``{differences}``: every axis on which the sources' values differ, with who says what."""

    def run(self):
        self.note_declarations()
        names = {d.id: d.short for d in ordered_sources()}
        items = nodes.bullet_list(classes=["cq-differences"])
        for ax in AXES:
            groups = value_groups(ax)
            if len(groups) < 2:
                continue
            p = para(link(ruling_docname(ax), "", nodes.literal(ax.name, ax.name)), ": ")
            for i, (value, ids) in enumerate(groups):
                if i:
                    p += nodes.Text("; ")
                p += value_inline(ax, value, "cq-glance-value")
                p += nodes.Text(" (" + ", ".join(names[x] for x in ids) + ")")
            item = nodes.list_item()
            item += p
            items += item
        return [items]


class DeclarationKeysDirective(CqDirective):
    """``{declaration-keys}``: the keys of a declaration file, from :mod:`conquian.declarations`."""

    required_arguments = 1   # top-level | entry | evidence

    def run(self):
        from conquian import declarations as d
        spec = {"top-level": d.TOP_LEVEL_KEYS, "entry": d.ENTRY_KEYS, "evidence": d.EVIDENCE_KEYS}.get(self.arguments[0])
        if spec is None:
            return self.warn(f"{self.where()}: {{declaration-keys}} takes top-level, entry or evidence")
        self.env.note_dependency(d.__file__)
        table, tgroup, tbody = table_skeleton("cq-keys", {"Key": 20, "Required": 12, "What it holds": 68})
        for key, (required, _kind, what) in spec.items():
            row = nodes.row()
            row += nodes.entry("", para(nodes.literal(key, key)))
            row += nodes.entry("", para("yes" if required else "no"))
            row += nodes.entry("", para(what[:1].upper() + what[1:] + "."))
            tbody += row
        tgroup += tbody
        return [table]


def setup_tables(app: Sphinx) -> None:
    app.add_directive("comparison-matrix", ComparisonMatrixDirective)
    app.add_directive("rulings-table", RulingsTableDirective)
    app.add_directive("rulings-toctree", RulingsToctreeDirective)
    app.add_directive("differences", DifferencesDirective)
    app.add_directive("declaration-keys", DeclarationKeysDirective)
