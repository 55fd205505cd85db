"""The data behind the matrix, for download: every source × rule cell as JSON and CSV, with a JSON Schema.

``make html`` writes ``data/conquian-rules.json``, ``data/conquian-rules.csv`` and
``data/conquian-rules.schema.json`` into the built site (at ``build-finished``, HTML builders only);
``{data-downloads}`` links them from a page.  :func:`cells` is pure (the tests call it and validate the files).
One cell per source and rule of its own game: the value (as written in a rule set, and in words), the status, each
passage with its locator, the project's English rendering and any repaired reading, the other readings, the note.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from conquian.games import RULE_SETS

from .data import games, ordered_sources
from .shared import CqDirective

FOLDER = "data"
STEM = "conquian-rules"
CSV_COLUMNS = ["source", "source_name", "game", "rule", "rule_name", "question", "value", "value_words", "status",
               "passages", "locators", "renderings", "other_readings", "note"]


def _plain(value: Any) -> Any:
    """A value as JSON holds it: an enum by its rule-set word, a bool or an int as itself."""
    return getattr(value, "value", value)


def _evidence(ev) -> dict[str, Any]:
    # a described source's page is not stored: no passage, the rule in our words and a few of its own
    return {"passage": None if ev.described else ev.passage, "locator": ev.locator, "rendering": ev.english,
            "repaired_reading": ev.repaired if ev.repairs else None, "described": ev.described,
            "quoted": ev.quoted or None}


def cells() -> list[dict[str, Any]]:
    """Every declared cell, sources in the engine's order (each game's), rules in their order."""
    out = []
    for game in games():
        for decl in ordered_sources(game):
            for axis in RULE_SETS[game].AXES:
                entry = decl.entries.get(axis.name)
                if entry is None:
                    continue
                out.append({
                    "source": decl.id, "source_name": decl.short, "game": game, "rule": axis.name,
                    "rule_name": axis.title, "question": axis.question, "value": _plain(entry.value),
                    "value_words": axis.words(entry.value).replace("-", " "), "status": entry.status.value,
                    "passages": [_evidence(ev) for ev in entry.passages_for(entry.value)],
                    "context": [_evidence(ev) for ev in entry.context],
                    # a passage filed under another reading (a practice the text reports) goes with that reading
                    "other_readings": [{"value": _plain(r.value), "text": r.text,
                                        "passages": [_evidence(ev) for ev in entry.passages_for(r.value)]}
                                       for r in entry.readings if r.value != entry.value],
                    "note": entry.note.strip(),
                })
    return out


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the JSON file."""
    evidence = {"type": "object", "additionalProperties": False,
                "required": ["passage", "locator", "rendering", "repaired_reading", "described", "quoted"],
                "properties": {"passage": {"type": ["string", "null"], "minLength": 1,
                                           "description": "the source's own words (null for a described source)"},
                               "described": {"type": "boolean", "description": "a rule described in this project's "
                                             "words from a page not stored (see quoted), not a passage"},
                               "quoted": {"type": ["string", "null"], "minLength": 1,
                                          "description": "a described page's own words, a few at most"},
                               "locator": {"type": "string", "minLength": 1, "description": "where in the source"},
                               "rendering": {"type": "string", "description": "this project's English rendering"},
                               "repaired_reading": {"type": ["string", "null"],
                                                    "description": "the passage as read where the extraction is defective"}}}
    text = {"type": "string", "minLength": 1}
    cell = {"type": "object", "additionalProperties": False,
            "required": ["source", "source_name", "game", "rule", "rule_name", "question", "value", "value_words",
                         "status", "passages", "context", "other_readings", "note"],
            "properties": {"source": text, "source_name": text, "game": {"enum": games()}, "rule": text,
                           "rule_name": text, "question": text,
                           "value": {"type": ["string", "integer", "boolean"]}, "value_words": text,
                           "status": {"enum": ["stated", "implied", "silent", "ambiguous"]},
                           "passages": {"type": "array", "items": {"$ref": "#/$defs/evidence"}},
                           "context": {"type": "array", "items": {"$ref": "#/$defs/evidence"},
                                       "description": "for a silent cell: what the text says nearby"},
                           "other_readings": {"type": "array", "items": {
                               "type": "object", "additionalProperties": False, "required": ["value", "text", "passages"],
                               "properties": {"value": {"type": ["string", "integer", "boolean"]}, "text": text,
                                              "passages": {"type": "array", "items": {"$ref": "#/$defs/evidence"},
                                                           "description": "the text's words for this reading"}}}},
                           "note": {"type": "string"}}}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Conquian rules, source by source",
            "description": "Every source's answer on every rule of its game, with its status and its evidence.",
            "type": "object", "additionalProperties": False, "required": ["version", "cells"],
            "properties": {"version": text, "cells": {"type": "array", "items": {"$ref": "#/$defs/cell"}}},
            "$defs": {"cell": cell, "evidence": evidence}}


def as_csv(rows: list[dict[str, Any]]) -> str:
    """One line per cell; a cell's passages, locators and renderings joined by " | ", in the same order."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for r in rows:
        writer.writerow({**{k: r[k] for k in CSV_COLUMNS if k in r},
                         "value": json.dumps(r["value"]) if not isinstance(r["value"], str) else r["value"],
                         "passages": " | ".join(e["passage"] or f"(described) {e['rendering']}" for e in r["passages"]),
                         "locators": " | ".join(e["locator"] for e in r["passages"]),
                         "renderings": " | ".join(e["rendering"] for e in r["passages"]),
                         "other_readings": " | ".join(o["text"] for o in r["other_readings"])})
    return buffer.getvalue()


def write_files(outdir: Path, version: str) -> list[Path]:
    folder = outdir / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    rows = cells()
    files = {f"{STEM}.json": json.dumps({"version": version, "cells": rows}, ensure_ascii=False, indent=1),
             f"{STEM}.csv": as_csv(rows), f"{STEM}.schema.json": json.dumps(schema(), indent=1)}
    for name, text in files.items():
        (folder / name).write_text(text + ("" if text.endswith("\n") else "\n"), encoding="utf-8")
    return [folder / name for name in files]


def on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        write_files(Path(app.outdir), app.config.version)


class DataDownloadsDirective(CqDirective):
    """``{data-downloads}``: links to the three files, relative to the page."""

    def run(self):
        self.note_declarations()
        up = "../" * self.env.docname.count("/")
        links = [(f"{STEM}.json", "JSON"), (f"{STEM}.csv", "CSV"), (f"{STEM}.schema.json", "its JSON Schema")]
        html = ('<p class="cq-downloads"><strong>Download the data:</strong> every cell, with its passages, as '
                + ", ".join(f'<a href="{up}{FOLDER}/{name}" download>{label}</a>' for name, label in links[:2])
                + f' (described by <a href="{up}{FOLDER}/{links[2][0]}">{links[2][1]}</a>).</p>')
        return [nodes.raw("", html, format="html")]


def setup_download(app: Sphinx) -> None:
    app.add_directive("data-downloads", DataDownloadsDirective)
    app.connect("build-finished", on_build_finished)
