"""The statistics checked with the strong computer player (``docs/_data/statistics-strong.json``, made by ``make
stats-strong``: see :mod:`conquian.strong_check`): its figures, and whether it finds a change in the same direction
as the greedy players.

A switch the strong player checked is called a change only where both find the same direction: a greedy change in
bold whose check goes the other way loses its bold (:func:`agree`).  The switches it did not check keep the greedy
verdict, and the pages say so.  The section of the page of effects and the table of the page by source are drawn
here (:func:`checked_section`); the rest of those pages in :mod:`conquian_site.statistics`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from docutils import nodes
from sphinx.errors import ExtensionError

from conquian import DECLARATIONS
from conquian.games import HOME
from conquian.players import LEVELS
from conquian.registry import VARIANTS
from conquian.strong_check import SCHEMA

from .datafiles import read_data, sources_named
from .findings import Comparison, compare
from .nodes import para

__all__ = ["Check", "StrongCheckError", "load_checks", "checks", "agree", "opening_checks", "opening_strong_sources",
           "strong_bases", "method_words", "progress_words", "checked_section", "DATA"]

DATA = Path("_data") / "statistics-strong.json"


class StrongCheckError(ExtensionError):
    """The strong player's file is missing, malformed, or checks other figures than the greedy ones: the build
    stops, naming it."""


@dataclass
class Check:
    """One switch checked: the source, its cell in the strong file, the strong players' comparison with the rules as
    declared, and the greedy players' (None when the greedy figures have no such cell)."""

    source: str
    cell: dict
    strong: Comparison
    greedy: "Comparison | None"

    @property
    def same_direction(self) -> bool:
        return self.greedy is not None and self.strong.won[0] * self.greedy.won[0] > 0


def load_checks(srcdir, greedy: dict) -> dict:
    """The strong player's file, checked against the greedy figures it checks: their seed (so, the same deals), each
    source's rules, each switched cell present among theirs.  Not their date: ``make stats`` made again under the
    same rules leaves the check valid (a test says when its choice of switches is out of date)."""
    data, where = read_data(Path(srcdir) / DATA, "make stats-strong", SCHEMA, StrongCheckError)
    if data.get("greedy_seed") != greedy.get("seed"):  # the same deals as the greedy figures, or no comparison
        raise StrongCheckError(f"{where}: it checks greedy figures of seed {data.get('greedy_seed')}, not of seed "
                               f"{greedy.get('seed')}; run 'make stats-strong' again")
    for source, block in data.get(HOME, {}).items():
        theirs = greedy.get(HOME, {}).get(source)
        if source not in VARIANTS or theirs is None or block.get("rules") != theirs.get("rules"):
            raise StrongCheckError(f"{where}: {source}: not a source of the greedy figures, or other rules")
        known = {c.get("rules") for c in theirs["cells"]}
        cells = block.get("cells") or [{}]
        if cells[0].get("axis", "") is not None or cells[0].get("rules") != block["rules"]:
            raise StrongCheckError(f"{where}: {source}: its first cell is not its rules as declared")
        for cell in block.get("cells", ()):
            if cell.get("rules") not in known or "figures" not in cell:
                raise StrongCheckError(f"{where}: {source}: a malformed cell {cell!r:.80}")
    return data


def checks(data: dict, greedy_by_rules: dict) -> list[Check]:
    """Every switch checked, with both comparisons (``greedy_by_rules``: a switched cell's rules -> the greedy
    players' comparison, as the page of effects made it)."""
    out = []
    for source, block in data.get(HOME, {}).items():
        base = next(c for c in block["cells"] if c["axis"] is None)["figures"]
        for cell in (c for c in block["cells"] if c["axis"] is not None):
            strong = compare(cell["figures"], base, cell.get("paired"), cell["axis"])
            out.append(Check(source, cell, strong, greedy_by_rules.get(cell["rules"])))
    return out


def agree(found: list[Check]) -> None:
    """A greedy change in deals won that the strong player finds going the other way is not called a change."""
    for c in found:
        if c.greedy is not None and not c.same_direction:
            c.greedy.clear["won"] = False


def _which(data: dict) -> str:
    """Which switches the check plays, in words: the largest few, or all of them (so far, some)."""
    if data.get("checks") != "all":
        return f"the {data['checks']} switches a source that move the share of won deals most for the greedy players"
    return "every switch of each source checked, those that move the share of won deals most for the greedy players " \
           "first"


def progress_words(data: dict) -> str:
    """How far the check has come: all its cells, or how many of them (a run of make stats-strong stopped half-way
    and carried on later)."""
    if data.get("complete", True):
        return ""
    return (f" The check is still going on: {data['played']} of its {data['planned']} cells are played so far (first "
            f"the rules of each source as declared, then its largest switches).")


def opening_checks(found: list[Check], data: dict) -> list[str]:
    """The sentence that opens the page of effects about the check."""
    if not found:
        return []
    same = sum(c.same_direction for c in found)
    what = ("the switches that move the share of won deals most" if data.get("checks") != "all" else
            "the switches, largest first" if not data.get("complete", True) else "every switch")
    return [f"The computer at the {data['players']} level of the play page (it guesses the cards it cannot see and plays "
            f"each choice out in {LEVELS[data['players']].samples} such guesses) played again {len(found)} of {what}, "
            f"{data['deals']:,} deals each: it finds the same direction in {same} of them."]


def strong_bases(data: dict, greedy: dict) -> list[tuple[str, dict]]:
    """Each source's rule set as declared, played between strong players: the sources as the page names them (a
    source that declares the same rules as another beside it), and the figures."""
    out = []
    for source, block in data.get(HOME, {}).items():
        out.append((sources_named(greedy[HOME], source), block["cells"][0]["figures"]))
    return out


def opening_strong_sources(data: dict, greedy: dict) -> list[str]:
    """The sentence that opens the page by source about the strong players: how often a deal ends in a tableau
    between them, beside the greedy players' share."""
    said = []
    for source, (named, strong) in zip(data.get(HOME, {}), strong_bases(data, greedy)):
        base = next(c for c in greedy[HOME][source]["cells"] if c["axis"] is None)["figures"]
        share = [f["endings"].get("tableau", 0) / f["deals"] for f in (strong, base)]
        said.append(f"{100 * share[0]:.0f} % under {named} (greedy players: {100 * share[1]:.0f} %)")
    if not said:
        return []
    return [f"Between two computer players at the {data['players']} level of the play page ({data['deals']:,} deals a "
            f"source), a deal ends in a tableau "
            + ", ".join(said) + "."]


def method_words(data: dict) -> str:
    """How the strong players' figures were made, for the method's note."""
    samples, width = LEVELS[data["players"]].samples, LEVELS[data["players"]].width
    return (f"The figures of the computer at the {data['players']} level (the last table by source, and the check at "
            f"the end of the page of effects; the {data['players']} level of the play page, the strong computer player "
            f"of the engine) come from two such players: before each choice with more than one move, each deals the "
            f"cards it cannot see {samples} times, consistently with what it saw, plays each of up to {width} of its "
            f"moves to the end of each such deal between greedy players, and keeps the move that won most. {data['deals']:,} deals a cell, the same seed as the greedy figures (so the same deals), and "
            f"{_which(data)}; made on {data['made']} by make stats-strong, in {data['seconds']:,} s over its runs."
            + progress_words(data))


def _points(d: tuple) -> str:
    x, lo, hi = (100 * v for v in d)
    return f"{x:+.1f} ({lo:+.1f} to {hi:+.1f})"


def checked_section(found: list[Check], data: dict, words: dict, table) -> nodes.section:
    """The page of effects' last section: each switch checked, both players' change in deals won, and whether they
    agree; ``words``: a switched cell's rules -> its sources and the switch, as the page's tables name them;
    ``table(headers, rows)`` draws."""
    out = nodes.section(ids=["effect-strong"], names=["effect-strong"])
    title = f"Checked with the computer at the {data['players']} level"
    out += nodes.title(title, title)
    out += para(f"The greedy players above look one move ahead, so a change they show could be a habit of theirs. "
                f"The computer at the {data['players']} level of the play page guesses the cards it cannot see and plays "
                f"each choice out in {LEVELS[data['players']].samples} such guesses before it chooses. Two of them "
                f"played {data['deals']:,} deals "
                f"of each source's rules as declared and of the switches below ({_which(data)}), each from the "
                f"same seed as theirs. Where the two find opposite directions, the change is not called one, and its "
                f"figure above is not in bold. The other switches have not been checked"
                + (" yet" if not data.get("complete", True) else "") + ": their figures are the greedy players' "
                "alone." + progress_words(data))
    rows = []
    for c in found:
        verdict = ("the same for both" if c.same_direction else
                   "no greedy figure" if c.greedy is None else "opposite")
        named, switched = words.get(c.cell["rules"], (DECLARATIONS[c.source].short, c.cell["rules"]))
        rows.append([named, switched,
                     _points(c.greedy.won) if c.greedy else "", _points(c.strong.won), verdict])
    out += table(["Source", "Switched", "Greedy players: deals won (points)",
                  f"Computers at the {data['players']} level: deals won (points)", "Direction"], rows)
    return out
