"""The expectation a page writes under ``{compare}``, read and checked against the engine's answers: pure functions,
no Sphinx.  ``{compare}`` uses them, and so do Sybil (``conftest.py``) and the tests, so that a page's
expectation fails at its file and line under ``make html`` and ``make test`` alike.

The expectation is a small table in the page source, one row per rule set (a source id, or rule-set text such as
``foster-1913(rearranging=free) as Foster, other reading``)::

    source      | may                    | may not
    foster-1913 | pass; force [2♣ 3♣ 4♣] | —
    rummy-ch    | pass                   | force [2♣ 3♣ 4♣]

Columns (after ``source``, any of):

``play``     the moves played first (action text; for a match, deal results; ``report: …`` reports an irregularity)
``may``      every legal action of the player to act, afterwards (action text, in any order); with
             ``:only-asked:``, only those of the ``:ask:`` actions
``may not``  the actions asked about (``:ask:``, else every action named in the column) that are illegal
``then``     facts afterwards: position lines (``offer: 5♣ refused by dealer``, ``to discard: dealer``),
             ``turned down: 4♦``, ``discard pile: 4♦``, ``pone holds 10``, ``stock holds 19``, ``to act: pone``;
             for a match ``Ana 2``, ``Ben deals``, ``may stop``, ``must play on``; for Rommé, its position lines
             (``to play: 1``, ``result: 1 wins``, ``hand 1: …``, ``table: …``, ``opened: 1``),
             ``seat 1 holds 3``, ``stock holds 20``, ``penalty 0: 45`` (see :mod:`conquian_site.games.romme.words`)

A cell lists items separated by ``;``; ``—`` (or nothing) is the empty list; ``cannot arise`` in the first cell
says the scenario is impossible under those rules (the position cannot be set up, the cut is refused, ...).
Actions are read as actions of the rows' game; one table holds the rules of one game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from conquian.errors import ConquianError

from .data import source_ids
from .markup import split_variant
from .scenario import (EMPTY, Answer, ExpectationError, Scenario, Side, action_text, fact_matches, fact_words,
                       game_of, parse_action, run, side_of)

__all__ = ["COLUMNS", "IMPOSSIBLE", "Row", "Table", "Block", "split_cell", "parse_table", "asked", "row_play",
           "check_row", "signature", "read_block", "block_answers"]

COLUMNS = ("play", "may", "may not", "then")
IMPOSSIBLE = "cannot arise"


# -- the expectation table ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Row:
    """One row of the expectation: the line (0-based, within the table's text), the rules, the cells by column."""

    line: int
    side: Side
    cells: dict[str, str]

    @property
    def impossible(self) -> bool:
        first = next(iter(self.cells.values()), "")
        return first.strip().lower() == IMPOSSIBLE


@dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]
    rows: tuple[Row, ...]


def split_cell(text: str) -> list[str]:
    text = text.strip()
    if text.lower() in EMPTY:
        return []
    return [part.strip() for part in text.split(";") if part.strip()]


def parse_table(lines: list[str]) -> Table:
    """Read the expectation: a header ``source | …`` and one row per rule set (:class:`ExpectationError` if not)."""
    rows: list[Row] = []
    columns: tuple[str, ...] | None = None
    for i, raw in enumerate(lines):
        text = raw.strip().strip("|").strip()
        if not text or set(text) <= set("-|: "):
            continue
        cells = [c.strip() for c in text.split("|")]
        if columns is None:
            head = [" ".join(c.lower().split()) for c in cells]
            if head[0] != "source" or len(head) < 2 or any(c not in COLUMNS for c in head[1:]) \
                    or len(set(head)) != len(head):
                raise ExpectationError(f"the first line names the columns: 'source' then any of {', '.join(COLUMNS)} "
                                       f"(found {' | '.join(cells)!r})", i)
            columns = tuple(head[1:])
            continue
        if len(cells) > len(columns) + 1:
            raise ExpectationError(f"{len(cells)} cells, but the table has {len(columns) + 1} columns", i)
        cells += [""] * (len(columns) + 1 - len(cells))
        try:
            side = side_of(cells[0])
        except ConquianError as exc:
            raise ExpectationError(f"{cells[0]!r}: {exc}", i) from None
        rows.append(Row(i, side, dict(zip(columns, cells[1:]))))
    if columns is None or not rows:
        raise ExpectationError("no expectation: write a header 'source | may | may not' (or play, then) and one row "
                               "per source")
    return Table(columns, tuple(rows))


def asked(table: Table, ask: tuple[str, ...]) -> tuple[str, ...]:
    """The actions asked about: ``:ask:``, else every action named in the ``may not`` column."""
    if ask or "may not" not in table.columns:
        return ask
    seen: dict = {}
    for row in table.rows:
        for text in split_cell(row.cells.get("may not", "")):
            try:
                seen.setdefault(parse_action(row.side.rules, text), text)
            except ConquianError:
                pass
    return tuple(seen.values())


def row_play(scenario: Scenario, row: Row) -> tuple[str, ...]:
    return tuple(split_cell(row.cells["play"])) if "play" in row.cells else scenario.play


def check_row(answer: Answer, row: Row) -> list[str]:
    """Every difference between the row's expectation and the engine's answer, as messages ('' when they agree)."""
    label = row.side.key
    if row.impossible:
        if not answer.impossible:
            return [f"{label}: the page expects the scenario to be impossible, but the engine plays it"]
        return []
    if answer.impossible:
        return [f"{label}: the engine says the scenario cannot arise: {answer.impossible}"]
    problems = []
    for column in row.cells:
        expected = split_cell(row.cells[column])
        if column == "play":
            continue  # played already: an illegal move made the scenario impossible
        if column in ("may", "may not"):
            try:
                want = {parse_action(row.side.rules, t) for t in expected}
            except ConquianError as exc:
                problems.append(f"{label}: {column}: {exc}")
                continue
            have = {a for a, _ in answer.may} if column == "may" else set(answer.refusals)
            if want != have:
                show = lambda s: "; ".join(sorted(action_text(a, answer.game) for a in s)) or "—"
                problems.append(f"{label}: {column}: the page expects {show(want)}; the engine says {show(have)}")
        elif column == "then":
            for item in expected:
                try:
                    ok, actual = fact_matches(answer, item)
                except ExpectationError as exc:
                    problems.append(f"{label}: then: {exc}")
                    continue
                if not ok:
                    problems.append(f"{label}: then: the page expects {item!r}; the engine says {actual!r}")
    return problems


def signature(answer: Answer, row: Row) -> tuple:
    """The engine's answer for the row's columns, as plain values: two rows rule alike when these are equal."""
    if answer.impossible:
        return ("impossible",)
    out: list[Any] = []
    for column in row.cells:
        if column == "play":
            out.append(tuple(s.words for s in answer.steps))
        elif column == "may":
            out.append(tuple(sorted(w for _, w in answer.may)))
        elif column == "may not":
            out.append(tuple(sorted(r.words for r in answer.refusals.values())))
        else:
            facts = []
            for item in split_cell(row.cells[column]):
                try:
                    facts.append(fact_words(answer, item))
                except ExpectationError:
                    facts.append(item)
            out.append(tuple(facts))
    return tuple(out)


# -- a whole {compare} block: shared by the directive, Sybil (conftest.py) and the tests ----------------------

@dataclass(frozen=True)
class Block:
    """A ``{compare}`` body read: the scenario, the expectation (its header at body line ``head``), what is asked."""

    head: int
    table: Table
    scenario: Scenario
    ask: tuple[str, ...]
    sources: tuple[str, ...]
    only_asked: bool = False
    """The ``may`` column lists only the asked actions that are legal (``:only-asked:``), not every legal action."""


def read_block(lines: list[str], options: dict, positions: dict[str, str]) -> Block:
    """Read a ``{compare}`` body and options; ``positions`` are the page's named positions (name -> text).

    Raises :class:`ExpectationError` whose ``line`` is 0-based within the body.
    """
    head = next((i for i, ln in enumerate(lines) if ln.strip().lower().startswith("source")), len(lines))
    inline = "\n".join(lines[:head]).strip()
    try:
        table = parse_table(lines[head:])
    except ExpectationError as exc:
        raise ExpectationError(str(exc), head + exc.line) from None
    play = tuple(split_cell(str(options.get("play") or "")))
    if "match" in options:
        scenario = Scenario(match=True, play=play)
    elif options.get("deal") not in (None, ""):
        scenario = Scenario(deal=int(options["deal"]), play=play)
    elif options.get("position"):
        name = str(options["position"]).strip()
        if name not in positions:
            raise ExpectationError(f"no {{position}} named {name!r} above it on this page", -1)
        scenario = Scenario(position=split_variant(positions[name])[1], play=play)
    elif inline:
        scenario = Scenario(position=split_variant(inline)[1], play=play)
    else:
        raise ExpectationError("no scenario: give :position: NAME, position text above the table, :deal: CUT or "
                               ":match:", -1)
    games = list(dict.fromkeys(game_of(row.side.rules) for row in table.rows))
    if len(games) > 1:
        raise ExpectationError(f"the rows mix the rules of {' and '.join(games)}: a {{compare}} puts one position to "
                               f"the rules of one game (give each game its own)", head)
    wanted = (tuple(s.strip() for s in str(options.get("sources") or "").split(",") if s.strip())
              or tuple(source_ids(games[0])))  # by default, every source of the rows' game
    ask = asked(table, tuple(split_cell(str(options.get("ask") or ""))))
    only = "only-asked" in options
    if only and not options.get("ask"):
        raise ExpectationError(":only-asked: needs :ask: (the actions in question)", -1)
    return Block(head, table, scenario, ask, wanted, only)


def complete_rows(block: Block, axis: str | None) -> Block:
    """The block with a row for every source it compares: a source without a row of its own (one declared after
    the page was written) takes the cells of the first source's row that has its value on ``axis``, and so is
    ruled, and checked, like it.  Without an axis, or with no row of the same value, the block is left as it is
    (:func:`block_answers` then says which row is missing: a new value needs a row written by hand)."""
    plain = {r.side.key: r for r in block.table.rows if r.side.plain}
    added = []
    for source in block.sources:
        if source in plain or not axis:
            continue
        side = side_of(source)
        value = getattr(side.rules, axis, None)
        alike = [r for r in plain.values() if getattr(r.side.rules, axis, object()) == value]
        # of those, the source whose rules are closest to the new one's (the fewest other values apart)
        apart = lambda r: sum(getattr(r.side.rules, a.name, None) != getattr(side.rules, a.name, None)
                              for a in type(side.rules).AXES)
        donor = min(alike, key=apart, default=None)
        if donor is not None:
            added.append(Row(donor.line, side, dict(donor.cells)))
    if not added:
        return block
    order = {s: i for i, s in enumerate(block.sources)}
    rows = sorted([*block.table.rows, *added], key=lambda r: order.get(r.side.key, len(order)) if r.side.plain
                  else len(order))
    return replace(block, table=Table(block.table.columns, tuple(rows)))


def block_answers(block: Block) -> tuple[list[Answer], list[tuple[int, str]]]:
    """Run every row; return the answers and the problems as ``(body line, message)``."""
    problems: list[tuple[int, str]] = []
    plain = [r.side.key for r in block.table.rows if r.side.plain]
    missing = [s for s in block.sources if s not in plain]
    if missing:
        problems.append((block.head, f"no row for {', '.join(missing)} (every source has a row unless :sources: "
                                     f"names fewer)"))
    answers = []
    for row in block.table.rows:
        answer = run(block.scenario, row.side, row_play(block.scenario, row), block.ask)
        if block.only_asked:
            wanted = {parse_action(row.side.rules, a) for a in block.ask}
            answer.may = [(a, w) for a, w in answer.may if a in wanted]
        problems += [(block.head + row.line, p) for p in check_row(answer, row)]
        answers.append(answer)
    return answers, problems
