"""The strong player's benchmark's own machinery on two deals (the benchmark itself is run by hand)."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_strong  # noqa: E402  (a script of benchmarks/, imported by name so that its processes find it)


def test_a_run_with_a_file_of_games_carries_on_from_it(tmp_path, capsys):
    games = tmp_path / "games.jsonl"
    args = ["--sources", "foster-1913", "--processes", "1", "--json", "--games", str(games)]
    assert bench_strong.main(["--deals", "1", *args]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["games_kept"] == 0 and first["sources"]["foster-1913"]["games"] == 2
    with games.open("a", encoding="utf-8") as f:
        f.write('{"job": ["foster-1913", 20')  # a line cut short by a run killed while writing it
    assert bench_strong.main(["--deals", "2", *args]) == 0
    second = json.loads(capsys.readouterr().out)
    assert second["games_kept"] == 2 and second["sources"]["foster-1913"]["games"] == 4
    f, g = first["sources"]["foster-1913"], second["sources"]["foster-1913"]
    assert g["won"] + g["lost"] + g["neither"] == 4 and g["won"] >= f["won"] and g["lost"] >= f["lost"]
    lines = games.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5 and sorted(json.loads(x)["job"][1:3] for x in lines[:2] + lines[3:]) == [
        [2026, 0], [2026, 1], [2027, 0], [2027, 1]]


def test_a_file_of_games_with_a_line_of_something_else_stops_the_run_naming_it(tmp_path):
    games = tmp_path / "games.jsonl"
    games.write_text('{"job": ["foster-1913", 2026, 0, "normal", "greedy", null], "won": true}\nhello\n',
                     encoding="utf-8")
    with pytest.raises(SystemExit, match=r"games.jsonl:1: not a game"):
        bench_strong.main(["--deals", "1", "--sources", "foster-1913", "--games", str(games)])
