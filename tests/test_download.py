"""The data behind the matrix, for download: every source × rule cell, as JSON and CSV, described by a JSON Schema."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import jsonschema

from conquian import DECLARATIONS, __version__

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "_ext"))
from conquian_site import download  # noqa: E402  (the site's extension: its data helpers need no Sphinx app)


def test_the_files_hold_every_declared_cell_and_the_json_meets_its_schema(tmp_path):
    written = download.write_files(tmp_path, __version__)
    assert sorted(p.name for p in written) == ["conquian-rules.csv", "conquian-rules.json", "conquian-rules.schema.json"]
    data = json.loads((tmp_path / "data" / "conquian-rules.json").read_text(encoding="utf-8"))
    schema = json.loads((tmp_path / "data" / "conquian-rules.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
    cells = {(c["source"], c["rule"]): c for c in data["cells"]}
    assert set(cells) == {(d.id, name) for d in DECLARATIONS.values() for name in d.entries}
    for decl in DECLARATIONS.values():
        for name, entry in decl.entries.items():
            cell = cells[decl.id, name]
            assert cell["status"] == entry.status.value
            own = entry.passages_for(entry.value)  # another reading's passages go with that reading (issue 29)
            # a described source's evidence has no passage: the cell says so, and gives the rule in our words
            assert [p["passage"] for p in cell["passages"]] == [None if ev.described else ev.passage for ev in own]
            assert [p["described"] for p in cell["passages"]] == [ev.described for ev in own]
            assert [p["locator"] for p in cell["passages"]] == [ev.locator for ev in own]
            for r, other in zip(cell["other_readings"], entry.other_readings):
                assert [p["passage"] for p in r["passages"]] == [None if ev.described else ev.passage
                                                                 for ev in entry.passages_for(other.value)]
    pips = next(r for r in cells["foster-1913", "scoring"]["other_readings"] if r["value"] == "pips")
    assert pips["passages"][0]["passage"].startswith("Instead of reckoning the losses by the number of pips")
    rows = list(csv.DictReader(io.StringIO((tmp_path / "data" / "conquian-rules.csv").read_text(encoding="utf-8"))))
    assert len(rows) == len(data["cells"]) and list(rows[0]) == download.CSV_COLUMNS
    assert {(r["source"], r["rule"]) for r in rows} == set(cells)


def test_the_schema_refuses_a_cell_that_breaks_it():
    data = {"version": __version__, "cells": download.cells()}
    data["cells"][0] = {**data["cells"][0], "status": "probably"}
    try:
        jsonschema.validate(data, download.schema(), cls=jsonschema.Draft202012Validator)
    except jsonschema.ValidationError as exc:
        assert "probably" in exc.message
    else:
        raise AssertionError("the schema accepts a status that does not exist")
