"""What the site shows, computed from the engine: pure functions, no Sphinx (the tests call them directly).

Everything about an axis (its group, the reader's name, the question, the words for a value and what a value
means) comes from the axes of the home game's rule-set class (:data:`AXES`, asked of :mod:`conquian.games`);
everything about a source from :data:`conquian.DECLARATIONS`; the statuses (word, mark, meaning) from
:class:`conquian.status.Status`.  Nothing here reads source text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import conquian
from conquian import DECLARATIONS
from conquian.declarations import Declaration, Evidence, Repair
from conquian.axes import Axis
from conquian.games import HOME, RULE_SETS, axes_of_game
from conquian.registry import sources, variants_dir
from conquian.status import Status
from conquian.verdicts import Verdict, compare

__all__ = [
    "RULINGS", "SYNC_GROUP", "LANGUAGE_NAME", "Verdict", "ordered_sources", "source_ids", "axis_of",
    "ruling_docname", "entry_anchor", "sentence", "axis_groups", "value_groups", "computed_verdict",
    "matrix_data", "repaired_segments", "declaration_files", "status_counts", "games", "game_axis", "own_axes",
    "matrix_cell", "own_matrix_data", "AXES", "AXIS_BY_NAME", "WARNING_TYPE",
]

#: The home game's axes (:data:`conquian.games.HOME`), in order: each has a ruling page, a row of the matrix.
AXES: tuple[Axis, ...] = axes_of_game(HOME)
#: The same by name.
AXIS_BY_NAME: dict[str, Axis] = {ax.name: ax for ax in AXES}

#: The type of the site's warnings (``conquian.compare``, ``conquian.ruling``, ...; what ``suppress_warnings``
#: would name): the project's name, which is its package's, not a game's.
WARNING_TYPE = conquian.__name__
#: Folder of the ruling pages, relative to the source directory.
RULINGS = "rulings"
#: The sync group of the source tabs on every ruling page (a reader picks a source once for every page).
SYNC_GROUP = "source"
LANGUAGE_NAME = {"en": "English", "de": "German", "nl": "Dutch", "fr": "French"}


def ordered_sources(game: str = HOME) -> list[Declaration]:
    """The declared sources of one game (Conquian unless named) in the engine's order, most authoritative first
    (:func:`conquian.registry.sources`); the rulings compare Conquian's (Rommé, the descendant, is another game)."""
    return [DECLARATIONS[i] for i in sources(game)]


def source_ids(game: str = HOME) -> list[str]:
    """The ids of one game's sources (Conquian unless named), in order."""
    return sources(game)


def axis_of(name: str) -> Axis | None:
    """An axis by name or slug (``max_sequence`` or ``max-sequence``)."""
    return AXIS_BY_NAME.get(name.strip().replace("-", "_"))


def rule_anchor(axis: Axis) -> str:
    """The id of an axis's rule on a source page: ``rule-first-meld`` (for games without ruling pages)."""
    return f"rule-{axis.slug}"


def rule_target(decl: Declaration, axis: Axis) -> tuple[str, str]:
    """Where a source's rule on an axis is shown: its ruling page for Conquian, the source's page otherwise."""
    if decl.game == HOME:
        return ruling_docname(axis), entry_anchor(decl.id)
    return f"sources/{decl.id}", rule_anchor(axis)


def ruling_docname(axis: Axis) -> str:
    return f"{RULINGS}/{axis.slug}"


def entry_anchor(source: str) -> str:
    """The id of a source's entry on a ruling page (a link to it opens that source's tab)."""
    return f"entry-{source}"


def sentence(clause: str) -> str:
    """A clause as a sentence: "the source says so" -> "The source says so."."""
    clause = clause.strip()
    return clause[:1].upper() + clause[1:] + ("" if clause.endswith(".") else ".")


def axis_groups(axes: "tuple[Axis, ...] | None" = None) -> list[tuple[str, list[Axis]]]:
    """The axes (of Conquian, or those given) by :attr:`~conquian.axes.Axis.group`, in their order."""
    groups: dict[Any, list[Axis]] = {}
    for ax in AXES if axes is None else axes:
        groups.setdefault(ax.group, []).append(ax)
    return [(group.title, axes) for group, axes in groups.items()]


def value_groups(axis: Axis) -> list[tuple[Any, list[str]]]:
    """The sources grouped by their value on one axis, in source order: ``[(value, [ids])]``.

    A source with no entry for the axis (a game it does not apply to) is in no group.
    """
    groups: dict[Any, list[str]] = {}
    for d in ordered_sources():
        entry = d.entries.get(axis.name)
        if entry is not None:
            groups.setdefault(entry.value, []).append(d.id)
    return list(groups.items())


def computed_verdict(axis: Axis) -> Verdict:
    """The axis's verdict, by the engine's one rule (:func:`conquian.verdicts.compare`): pages never claim one."""
    return compare(axis.name, DECLARATIONS).verdict


def games() -> list[str]:
    """The games with declared sources, Conquian first (the order of :data:`conquian.games.RULE_SETS`)."""
    return [game for game in RULE_SETS if sources(game)]


def game_axis(game: str, name: str) -> Axis | None:
    """One game's axis of that name (axes of the same name mean the same thing in both games), or None."""
    return next((ax for ax in RULE_SETS[game].AXES if ax.name == name), None)


def own_axes(game: str) -> list[Axis]:
    """A game's axes that Conquian has no axis of the same name for (for Conquian: none)."""
    return [ax for ax in RULE_SETS[game].AXES if ax.name not in AXIS_BY_NAME] if game != HOME else []


def matrix_cell(decl: Declaration, name: str) -> dict[str, Any] | None:
    """A source's value on an axis, in its own game's words: ``{"value", "text", "status"}``, or None where the
    question does not arise under its rules (no entry) or its game has no such axis."""
    entry = decl.entries.get(name)
    if entry is None:
        return None
    return {"value": entry.value, "text": game_axis(decl.game, name).words(entry.value), "status": entry.status}


def matrix_data() -> list[dict[str, Any]]:
    """The rows of the comparison matrix: one per Conquian axis, with every source's value and status, Conquian's
    sources first, then those of the other games (Rommé) on the axes they share by name.

    A cell is ``{"value", "text", "status"}``, or None where the axis does not apply to the source.  Whether a row
    differs, and its verdict, are about the Conquian sources only: another game never changes a Conquian verdict.
    """
    decls = [d for game in games() for d in ordered_sources(game)]
    rows = []
    for ax in AXES:
        cells = {d.id: matrix_cell(d, ax.name) for d in decls}
        verdict = computed_verdict(ax)
        rows.append({"axis": ax, "cells": cells, "differs": verdict is Verdict.PLAY, "verdict": verdict})
    return rows


def own_matrix_data(game: str) -> list[dict[str, Any]]:
    """The rows of a game's own axes (:func:`own_axes`): each with the game's sources' values and statuses."""
    return [{"axis": ax, "cells": {d.id: matrix_cell(d, ax.name) for d in ordered_sources(game)}}
            for ax in own_axes(game)]


def status_counts(decl: Declaration) -> dict[Status, int]:
    """How many of a source's entries have each status, every status present (in :class:`Status` order)."""
    counts = dict.fromkeys(Status, 0)
    for e in decl.entries.values():
        counts[e.status] += 1
    return counts


def repaired_segments(ev: Evidence) -> list[tuple[str, Repair | None]]:
    """The passage as segments ``(text, repair or None)``, every repair's reading in place of its defect."""
    segments: list[tuple[str, Repair | None]] = [(ev.passage, None)]
    for rep in ev.repairs:
        out: list[tuple[str, Repair | None]] = []
        for text, r in segments:
            if r is not None or rep.found not in text:
                out.append((text, r))
                continue
            parts = text.split(rep.found)
            for i, part in enumerate(parts):
                if i:
                    out.append((rep.read, rep))
                if part:
                    out.append((part, None))
        segments = out
    return segments


def declaration_files() -> list[Path]:
    """The declarations folder and its files: every page built from them depends on them."""
    folder = variants_dir()
    return [folder, *sorted(folder.glob("*.toml"))]


def answer_words(axis: Axis, value) -> str:
    """A value as a short answer: "yes", "8", "only by forcing"."""
    return axis.words(value).replace("-", " ")
