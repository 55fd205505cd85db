"""``{compare}``: one position put to several sources when the site is built, their rulings side by side.

The engine plays each row's rules; the page holds the expectation in readable form, and the build warns, naming
the file and the line of the row, wherever the engine answers otherwise (``make test`` checks the same through
Sybil).  The table a reader sees says it in words: what the player with the say may do, and what he may not, with
the rule that forbids it::

    ```{compare}
    :position: forcing
    :caption: The same cards, the same melds: what may the pone do?

    source      | may                    | may not
    foster-1913 | pass; force [2♣ 3♣ 4♣] | —
    rummy-ch    | pass                   | force [2♣ 3♣ 4♣]
    dutch       | pass                   | force [2♣ 3♣ 4♣]
    french      | pass                   | force [2♣ 3♣ 4♣]
    ```

The scenario is a named ``{position}`` of the page (``:position: NAME``), position text written in the body above
the table, a fresh deal (``:deal: CUT``: each rule set's pack in order, cut ``CUT`` cards) or a match between Ana
and Ben (``:match:``, the moves being deal results).  ``:play:`` plays moves first (a ``play`` column overrides it
per row), ``:ask:`` names the actions the ``may not`` column is about.  The rows must cover the sources of
``:sources:`` (default: every source of the rows' game); a row may also be rule-set text with a label, such as
``foster-1913(rearranging=free) as Foster, other reading``.  ``:axis: NAME`` shows each row's value on that axis
under its name (on a ruling page, the page's axis).  The columns are described in :mod:`conquian_site.expectation`.

Rommé is compared the same way: Rommé position text (``players:``, ``hand 0:``, ``table:``, ``to play: 1`` ...,
see :mod:`conquian.games.romme.notation`) in a ``{position}`` or above the table, and rows of Rommé rule sets::

    ```{compare}
    :position: discard
    :axis: drawn_to_hand

    source                                                       | may        | may not
    romme-spielwiki                                              | draw; take | —
    romme-spielwiki(drawn_to_hand=false) as Spielwiki, house rule | draw       | take
    ```

One block compares the rules of one game (a position is of one game); the player to act is "seat 1", the
rule behind a refusal links to the rule on the source's page.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx

from conquian import DECLARATIONS
from conquian.games import HOME
from conquian.status import Status

from .data import WARNING_TYPE, axis_of, rule_target, ruling_docname
from .domain import CompareRecord, CompareRow
from .drawing import reader_text, words_html
from .nodes import cq_html, para
from .expectation import Row, Table, block_answers, complete_rows, read_block, signature, split_cell
from .scenario import Answer, ExpectationError, axis_in, fact_words, game_of
from .shared import CqDirective, logger

HEADS = {"play": "The play", "may": "May", "may not": "May not, and why", "then": "Then"}


def badge_html(status) -> str:
    return f'<span class="cq-badge cq-badge-{status.value}">{escape(status.mark)} {escape(status.value)}</span>'


def capital(text: str) -> str:
    """``the dealer`` -> ``The dealer``, ``seat 1`` -> ``Seat 1`` (the rest as it is)."""
    return text[:1].upper() + text[1:]


def rule_html(answer: Answer, axis_name: str, shared: bool = False) -> str:
    """The rule behind a refusal: the axis in words, its value, whose rule, linked to where the source's rule is
    shown (the ruling page for Conquian, the source's page for another game).  A source that says nothing is not
    cited for the rule: the rule is this site's reading.  ``shared``: the row stands for several sources, named in
    its header, so the rule names none and links to the ruling."""
    rules, source = answer.side.rules, answer.side.source
    axis = axis_in(rules, axis_name)
    value = axis.reader_words(getattr(rules, axis_name))
    decl = DECLARATIONS.get(source) if source else None
    entry = decl.entries.get(axis_name) if decl else None
    whose = ""
    if shared and decl is not None and game_of(rules) == HOME:
        return f'<a class="cq-rule" href="@@cq:{ruling_docname(axis)}@@">rule: {escape(axis.title)}: {escape(value)}</a>'
    if entry is not None and entry.value == getattr(rules, axis_name):
        whose = (f" — {escape(decl.short)} says nothing; this site’s reading" if entry.status is Status.SILENT
                 else f" — {escape(decl.short)}, {badge_html(entry.status)}")
    elif decl is not None:
        whose = " — this row’s reading"
    if decl is not None:
        page, anchor = rule_target(decl, axis)
        target = f"{page}#{anchor}"
    elif game_of(rules) == HOME:
        target = ruling_docname(axis)
    else:
        return f'<span class="cq-rule">rule: {escape(axis.title)}: {escape(value)}</span>{whose}'
    return f'<a class="cq-rule" href="@@cq:{target}@@">rule: {escape(axis.title)}: {escape(value)}</a>{whose}'


def may_html(answer: Answer, only_asked: bool = False) -> str:
    g = answer.game
    if g.is_over:
        return f'<p class="cq-actor">{words_html(fact_words(answer, "result: x"))}</p>'
    if only_asked and not answer.may:
        return '<p class="cq-none">—</p>'
    # a discard onto nothing: neither onto a meld nor regrouping an opponent's melds
    plain = lambda a: a.kind.value == "discard" and not getattr(a, "onto", 0) and not getattr(a, "melds", ())
    discards = [w for a, w in answer.may if plain(a)]
    others = [w for a, w in answer.may if not plain(a)]
    items = [f"<li>{words_html(w)}</li>" for w in others]
    if len(discards) > 3:
        cards = " ".join(w.removeprefix("discard the ").split(",")[0] for w in discards)
        items.append(f"<li>discard any one of {len(discards)} cards: {words_html(cards)}</li>")
    else:
        items += [f"<li>{words_html(w)}</li>" for w in discards]
    lead = f"{capital(reader_text(answer.actor_words))} may" + (" (of the moves in question)" if only_asked else "") + ":"
    return (f'<p class="cq-actor">{lead}</p><ul class="cq-list">{"".join(items)}</ul>'
            if items else '<p class="cq-actor">Nothing.</p>')


def may_not_html(answer: Answer, shared: bool = False) -> str:
    if not answer.refusals:
        return '<p class="cq-none">—</p>'
    items = []
    for r in answer.refusals.values():
        rule = f"<br>{rule_html(answer, r.axis, shared)}" if r.axis else ""
        items.append(f'<li><span class="cq-refused">{words_html(r.words)}</span>: '
                     f'<span class="cq-why">{words_html(r.reason)}</span>{rule}</li>')
    return f'<ul class="cq-list cq-refusals">{"".join(items)}</ul>'


def play_html(answer: Answer) -> str:
    if not answer.steps:
        return '<p class="cq-none">—</p>'
    items = []
    for s in answer.steps:
        who = f'<span class="cq-who">{escape(capital(s.who))}:</span> ' if s.who and not answer.match else ""
        items.append(f"<li>{who}{words_html(s.words)}</li>")
    return f'<ol class="cq-steps">{"".join(items)}</ol>'


def then_html(answer: Answer, row: Row) -> str:
    facts = []
    for item in split_cell(row.cells["then"]):
        text = fact_words(answer, item)
        if text not in facts:
            facts.append(text)
    # each fact a sentence of its own, begun with a capital like the engine's ("The pone discarded …")
    return f'<ul class="cq-list cq-facts">{"".join(f"<li>{words_html(capital(f))}</li>" for f in facts)}</ul>'


def source_cell(answer: Answer, axis) -> str:
    """The row header: the source's (or the reading's) label, and its value on the page's axis with its status."""
    side = answer.side
    out = f'<span class="cq-source-name">{escape(side.label)}</span>'
    axis = axis_in(side.rules, axis.name) if axis is not None else None  # the axis of that name in the row's game
    if axis is not None and axis.applies(side.rules):
        value = getattr(side.rules, axis.name)
        decl = DECLARATIONS.get(side.source) if side.source else None
        entry = decl.entries.get(axis.name) if decl else None
        status = f" {badge_html(entry.status)}" if side.plain and entry is not None else ""
        out += f'<span class="cq-row-value">{escape(axis.title)}: <strong>{escape(axis.words(value))}</strong>{status}</span>'
    return out


_ROLE_WORDS = {"middle": "middle player"}
#: The engine's reasons a scenario cannot arise, each as a reader would say it (anything else: the engine's words,
#: with the programmer's parts removed by :func:`reader_text`).
_IMPOSSIBLE = (
    (re.compile(r"^(dealer|pone|middle) has (\d+) cards in hand and melds; he should have (\d+)$"),
     lambda m: f"these rules deal {m[3]} cards each, and here the {_ROLE_WORDS.get(m[1], m[1])} holds {m[2]}"),
    (re.compile(r"^(dealer|pone|middle) has (\d+) cards down, (\d+) win\b.*$"),
     lambda m: f"with {m[3]} cards down to win, the {_ROLE_WORDS.get(m[1], m[1])} would have won already "
               f"({m[2]} down)"),
    (re.compile(r"^(?:🃏 joker|(\S+)) is not in the (.+?) pack \(its ranks: [^)]*\)$"),
     lambda m: f"the {m[2].replace('spanish', 'Spanish')} pack has no {m[1] or 'joker'}"),
    (re.compile(r"^cut (\d+) leaves fewer than (\d+) cards in a packet\b.*$"),
     lambda m: f"each packet of the cut must hold at least {m[2]} cards, and this cut takes {m[1]}"),
    (re.compile(r"^\d+ players: (.+)$"), lambda m: m[1]),
)


def impossible_words(message: str) -> str:
    """Why a scenario cannot arise, in a reader's words: "dealer has 10 cards in hand and melds; he should have 8"
    becomes "these rules deal 8 cards each, and here the dealer holds 10"."""
    text = reader_text(message).strip()
    for pattern, words in _IMPOSSIBLE:
        m = pattern.match(text)
        if m:
            return words(m)
    return text


def cells_html(table: Table, row, answer: Answer, only_asked: bool, shared: bool = False) -> list[str]:
    """A row's cells after its header."""
    if answer.impossible:
        return [f'<td role="cell" colspan="{len(table.columns)}" data-label="Ruling"><p class="cq-impossible">'
                f'This cannot arise under these rules: {words_html(impossible_words(answer.impossible))}</p></td>']
    cells = []
    for column in table.columns:
        if column == "may":
            html = may_html(answer, only_asked)
        elif column == "may not":
            html = may_not_html(answer, shared)
        else:
            html = play_html(answer) if column == "play" else then_html(answer, row)
        cells.append(f'<td role="cell" data-label="{HEADS[column]}">{html}</td>')
    return cells


def shared_source_cell(answers: list[Answer], axis) -> str:
    """The header of a row that stands for several sources ruling alike: each named, with its status, then the
    value they share."""
    one = source_cell(answers[0], axis)
    names = []
    for a in answers:
        decl = DECLARATIONS.get(a.side.source) if a.side.source else None
        entry = decl.entries.get(axis.name) if decl is not None and axis is not None else None
        badge = f" {badge_html(entry.status)}" if a.side.plain and entry is not None else ""
        names.append(f'<span class="cq-source-name">{escape(a.side.label)}</span>{badge}')
    value = one[one.index('<span class="cq-row-value">'):] if '<span class="cq-row-value">' in one else ""
    if value:  # the status badges stand by the names
        value = re.sub(r' <span class="cq-badge[^"]*"[^>]*>[^<]*</span>', "", value)
    return f'<span class="cq-source-names">{" · ".join(names)}</span>{value}'


def table_html(table: Table, answers: list[Answer], axis, caption: str, only_asked: bool = False) -> str:
    """Sources that rule alike (the same value, the same cells) share one row, which names them all."""
    heads = "".join(f'<th scope="col" role="columnheader">{HEADS[c]}</th>' for c in table.columns)
    groups: dict[str, list[int]] = {}
    for i, (row, answer) in enumerate(zip(table.rows, answers)):
        value = source_cell(answer, axis)
        value = value[value.find('<span class="cq-row-value">'):] if '<span class="cq-row-value">' in value else ""
        value = re.sub(r'<span class="cq-badge[^"]*"[^>]*>[^<]*</span>', "", value)
        key = value + "".join(cells_html(table, row, answer, only_asked, shared=True))
        groups.setdefault(key, []).append(i)
    rows = []
    for members in groups.values():
        first = members[0]
        if len(members) == 1:
            head = source_cell(answers[first], axis)
            cells = cells_html(table, table.rows[first], answers[first], only_asked)
        else:
            head = shared_source_cell([answers[i] for i in members], axis)
            cells = cells_html(table, table.rows[first], answers[first], only_asked, shared=True)
        rows.append(f'<tr role="row"><th scope="row" role="rowheader">{head}</th>{"".join(cells)}</tr>')
    cap = f"<caption>{words_html(caption)}</caption>" if caption else ""
    label = escape(caption or "The ruling under each source")
    return (f'<div class="cq-scroll cq-compare-wrap" tabindex="0" role="region" aria-label="{label}">'
            f'<table class="cq-compare cq-cols-{len(table.columns)}" role="table">{cap}'
            f'<thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">Source</th>{heads}</tr></thead>'
            f'<tbody role="rowgroup">{"".join(rows)}</tbody></table></div>')


def text_nodes(table: Table, answers: list[Answer]) -> list[nodes.Node]:
    out = []
    for row, a in zip(table.rows, answers):
        if a.impossible:
            out.append(para(f"{a.side.label}: cannot arise ({impossible_words(a.impossible)})."))
            continue
        parts = [s.words for s in a.steps]
        if "may" in table.columns and a.game is not None:
            parts.append("may: " + "; ".join(w for _, w in a.may))
        if "may not" in table.columns:
            parts.append("may not: " + "; ".join(f"{r.words} ({r.reason})" for r in a.refusals.values()))
        if "then" in table.columns:
            parts += [fact_words(a, item) for item in split_cell(row.cells["then"])]
        out.append(para(f"{a.side.label}: " + "; ".join(parts)))
    return out


class CompareDirective(CqDirective):
    """``{compare}``: see the module."""

    has_content = True
    option_spec = {"position": directives.unchanged_required, "deal": directives.nonnegative_int,
                   "match": directives.flag, "play": directives.unchanged, "ask": directives.unchanged,
                   "sources": directives.unchanged, "caption": directives.unchanged,
                   "only-asked": directives.flag, "axis": directives.unchanged}

    def line_of(self, i: int) -> int:
        """The page line of the body's line ``i`` (0-based)."""
        return self.content_offset + i + 1

    def run(self):
        self.note_declarations()
        positions = {name: text for name, (text, _) in self.domain.page(self.env.docname).positions.items()}
        options = {k: ("" if v is None else v) for k, v in self.options.items()}
        try:
            block = read_block(list(self.content), options, positions)
        except ExpectationError as exc:
            return self.warn_at(exc.line, f"{{compare}}: {exc}")
        # a source declared after the page was written gets the row of a source with its value on the page's axis
        block = complete_rows(block, (self.options.get("axis") or self.domain.axis_of_page(self.env.docname) or "")
                              .strip().replace("-", "_") or None)
        answers, problems = block_answers(block)
        for line, problem in problems:
            self.warn_at(line, f"{{compare}}: {problem}")
        named = self.options.get("axis", "").strip()
        if named:  # the rows show their value on this axis (of their own game: first_meld is Rommé's)
            axis = next(filter(None, (axis_in(row.side.rules, named) for row in block.table.rows)), None)
            if axis is None:
                self.warn_at(-1, f"{{compare}}: :axis: {named!r} is no axis of the rows' rules")
        else:
            axis = axis_of(self.domain.axis_of_page(self.env.docname) or "")
        rows = [CompareRow(row.side.key, row.side.source, row.side.plain,
                           tuple((ax.name, ax.format(getattr(row.side.rules, ax.name))) for ax in type(row.side.rules).AXES),
                           signature(answer, row)) for row, answer in zip(block.table.rows, answers)]
        self.domain.note_compare(self.env.docname, CompareRecord(self.lineno, tuple(rows)))
        node = cq_html(html=table_html(block.table, answers, axis, self.options.get("caption", ""), block.only_asked),
                       cq_compare=len(self.domain.page(self.env.docname).compares) - 1)
        node += text_nodes(block.table, answers)
        self.set_source_info(node)
        return [node]

    def body_line(self) -> int:
        """The page line of the body's first line (after the options): found in the page's own text."""
        if not self.content:
            return self.lineno
        try:
            lines = Path(self.env.doc2path(self.env.docname)).read_text(encoding="utf-8").splitlines()
        except OSError:
            return self.lineno
        first = self.content[0]
        for n in range(self.lineno, min(len(lines), self.lineno + 40)):
            if lines[n].rstrip() == first.rstrip():
                return n + 1
        return self.lineno

    def warn_at(self, i: int, message: str) -> list[nodes.Node]:
        """A warning at the page line of the body's line ``i`` (the directive's own line if ``i`` < 0)."""
        line = self.body_line() + i if i >= 0 else self.lineno
        logger.warning(f"{self.where()}:{line}: {message}", location=(self.env.docname, line),
                       type=WARNING_TYPE, subtype="compare")
        return []


def setup_compare(app: Sphinx) -> None:
    app.add_directive("compare", CompareDirective)
