"""The generated tables and lists: the rulings, the differences, and the keys of a declaration file.

(The comparison matrix and the glance page are in :mod:`conquian_site.matrix`.)

``{rulings-table}``       -- every rule in the reader's words, its question, its verdict.
``{rulings-toctree}``     -- the toctree of the ruling pages, in the order of the axes.
``{differences}``         -- the rules on which the sources differ in play (as counted by :mod:`.counts`), and who
                             says what.
``{declaration-keys} K``  -- the keys of a declaration file (top-level, entry, evidence, described).
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx

from conquian import DECLARATIONS

from .counts import in_words, site_counts
from .data import AXES, Verdict, computed_verdict, ordered_sources, ruling_docname, value_groups
from .nodes import cq_verdict_text, link, para, value_inline
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


class RulingsTableDirective(CqDirective):
    """``{rulings-table}``: every axis, its question and its verdict."""

    def run(self):
        self.note_declarations()
        table, tgroup, tbody = table_skeleton("cq-rulings-table", {"Rule": 28, "The question": 47, "Verdict": 25})
        for ax in AXES:
            row = nodes.row()
            row += nodes.entry("", para(link(ruling_docname(ax), "", nodes.Text(ax.title))))
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
    """``{differences}``: every rule on which the sources differ in play, with who says what (a silent source's
    reading is not a difference: the verdict, and so the count, is the engine's one rule)."""

    def run(self):
        self.note_declarations()
        names = {d.id: d.short for d in ordered_sources()}
        counts = site_counts()
        intro = para(f"The sources differ in play on {in_words(counts['play'])} of the {counts['rulings']} rules:",
                     classes=["cq-count-line"])
        items = nodes.bullet_list(classes=["cq-differences"])
        for ax in AXES:
            groups = value_groups(ax)
            if computed_verdict(ax) is not Verdict.PLAY:
                continue
            p = para(link(ruling_docname(ax), "", nodes.Text(ax.title)), ": ")
            for i, (value, ids) in enumerate(groups):
                if i:
                    p += nodes.Text("; ")
                p += value_inline(ax, value, "cq-glance-value")
                # a silent source's value is this site's reading, never a difference: marked as such
                speak = [names[x] for x in ids if DECLARATIONS[x].entries[ax.name].status.speaks]
                quiet = [names[x] for x in ids if not DECLARATIONS[x].entries[ax.name].status.speaks]
                p += nodes.Text(" (" + ", ".join(speak) + ("; " if speak and quiet else ""))
                if quiet:
                    p += nodes.inline("", ", ".join(quiet) + ": silent, this site’s reading",
                                      classes=["cq-silent-reading"])
                p += nodes.Text(")")
            item = nodes.list_item()
            item += p
            items += item
        return [intro, items]


class DeclarationKeysDirective(CqDirective):
    """``{declaration-keys}``: the keys of a declaration file, from :mod:`conquian.declarations`."""

    required_arguments = 1   # top-level | entry | evidence

    def run(self):
        from conquian import declarations as d
        spec = {"top-level": d.TOP_LEVEL_KEYS, "entry": d.ENTRY_KEYS, "evidence": d.EVIDENCE_KEYS,
                "described": d.DESCRIBED_KEYS}.get(self.arguments[0])
        if spec is None:
            return self.warn(f"{self.where()}: {{declaration-keys}} takes top-level, entry, evidence or described")
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


def figures_table(headers: list[str], rows: list[list]) -> nodes.table:
    """The statistics pages' table of figures: the site's table skeleton, a row per list, text or nodes in each
    cell.  The column of other endings is left out where no deal ended otherwise (a column of noughts tells a reader
    nothing)."""
    if "Other endings" in headers:
        k = headers.index("Other endings")
        if all(r[k] == "0" for r in rows):
            headers, rows = headers[:k] + headers[k + 1:], [r[:k] + r[k + 1:] for r in rows]
    t, group, body = table_skeleton("cq-stats-table", {h: 1 for h in headers})
    for cells in rows:
        row = nodes.row()
        for header, c in zip(headers, cells):
            entry = nodes.entry()
            # on a phone each row is a block of lines, each line named by its column (the head row is hidden)
            label = nodes.inline("", f"{header}: ", classes=["cq-stats-label"])
            entry += para(label, c) if c != "" else para("")
            row += entry
        body += row
    group += body
    return t


def setup_tables(app: Sphinx) -> None:
    app.add_directive("rulings-table", RulingsTableDirective)
    app.add_directive("rulings-toctree", RulingsToctreeDirective)
    app.add_directive("differences", DifferencesDirective)
    app.add_directive("declaration-keys", DeclarationKeysDirective)
