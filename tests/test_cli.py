"""The conquian command."""

import json
import subprocess
import sys

import pytest

from conquian.cli import main
from conquian.rules import AXES


def test_variants(capsys):
    assert main(["variants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [l.split()[0] for l in lines] == ["foster-1913", "rummy-ch", "dutch", "french"]
    assert "Cooncan" in lines[0]


def test_rules_lists_every_axis_with_its_status(capsys):
    assert main(["rules", "Rummy CH"]) == 0
    out = capsys.readouterr().out
    for ax in AXES:
        assert f"  {ax.name} " in out
    assert "max_sequence" in out and " 8 " in out and "stated" in out and "silent" in out


def test_compare_marks_differences_and_silence(capsys):
    assert main(["compare"]) == 0
    out = capsys.readouterr().out.splitlines()
    header, rows = out[0].split(), {l[2:].split()[0]: l for l in out[1:] if l[2:].strip() and l[2:].split()[0] in {a.name for a in AXES}}
    assert header == ["foster-1913", "rummy-ch", "dutch", "french"]
    assert len(rows) == len(AXES)
    assert rows["forcing"].startswith("*") and rows["hand_size"].startswith(" ")
    assert "1?" in rows["min_cut"]          # silent cells are marked, not shown as a plain value
    assert out[-1].startswith("~ implied")


def test_unknown_variant_is_a_clear_error(capsys):
    assert main(["rules", "hoyle"]) == 2
    assert "unknown variant 'hoyle'; known variants: foster-1913, rummy-ch, dutch, french" in capsys.readouterr().err


def test_simulate_json_is_reproducible():
    cmd = [sys.executable, "-m", "conquian.cli", "simulate", "--variant", "french", "--games", "40", "--seed", "9", "--json"]
    runs = [json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout) for _ in range(2)]
    a, b = runs
    assert {"variant", "games", "wins", "ties", "decisions", "seconds"} <= set(a)
    assert a["games"] == 40 and a["wins"]["dealer"] + a["wins"]["pone"] + a["ties"] == 40
    assert a["decisions"] > 40 * 10
    assert {k: v for k, v in a.items() if k != "seconds"} == {k: v for k, v in b.items() if k != "seconds"}


def test_simulate_reports_progress_on_stderr_for_long_runs():
    done = subprocess.run([sys.executable, "-m", "conquian.cli", "simulate", "--variant", "foster-1913",
                           "--games", "1000", "--seed", "1"], capture_output=True, text=True, check=True)
    assert "1000/1000 games" in done.stderr
    assert "games/s" in done.stdout and "decisions/s" in done.stdout


def test_simulate_accepts_rule_set_text(capsys):
    assert main(["simulate", "--variant", "foster-1913(pack=spanish)", "--games", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == "foster-1913(pack=spanish)"


@pytest.mark.parametrize("args, message", [
    (["simulate", "--variant", "nope", "--games", "3"], "unknown variant 'nope'"),
    (["simulate", "--variant", "dutch", "--games", "-3"], "--games must be 0 or more"),
    (["simulate", "--variant", "dutch(forcing=active)", "--games", "3"], "forcing=active conflicts with add_to_opponent=never"),
])
def test_simulate_bad_input(capsys, args, message):
    assert main(args) == 2
    assert message in capsys.readouterr().err
