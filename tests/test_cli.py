"""The conquian command: listing, rules, the matrix, reproducible simulation, and every kind of bad input or interruption."""

import json
import os
import signal
import subprocess
import sys

import pytest

from conquian.cli import main
from conquian.games.conquian.rules import AXES
from conquian.status import NOT_APPLICABLE, Status
from conquian.verdicts import Verdict
from support import plain_sigint

CLI = [sys.executable, "-m", "conquian.cli"]


def test_variants(capsys):
    assert main(["variants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [l.split()[0] for l in lines] == ["foster-1913", "pagat-mexican", "pagat-north-american", "rummy-ch", "dutch", "french", "romme-spielwiki"]
    assert "Cooncan" in lines[0]


def test_rules_lists_every_axis_with_its_status_and_other_readings(capsys):
    assert main(["rules", "Rummy CH"]) == 0
    out = capsys.readouterr().out
    for ax in AXES:
        assert f"  {ax.name} " in out
    assert "max_sequence" in out and " 8 " in out and "● stated" in out and "○ silent" in out
    assert main(["rules", "foster"]) == 0
    assert "other reading: dealer_rotation=loser-deals" in capsys.readouterr().out


def test_compare_marks_differences_and_silence(capsys):
    assert main(["compare"]) == 0
    out = capsys.readouterr().out.splitlines()
    header = out[0].split()
    rows = {l[2:].split()[0]: l for l in out[1:] if l[2:].strip() and l[2:].split()[0] in {a.name for a in AXES}}
    assert header == ["foster-1913", "pagat-mexican", "pagat-north-american", "rummy-ch", "dutch", "french"]
    assert len(rows) == len(AXES)
    assert rows["forcing"].startswith(Verdict.PLAY.mark) and rows["min_sequence"].startswith(Verdict.AGREE.mark)
    assert rows["min_cut"].startswith(Verdict.AGREE_WHERE_THEY_SPEAK.mark)   # silence is never disagreement
    assert f"1 {Status.SILENT.mark}" in rows["min_cut"]   # silent cells are marked, not shown as a plain value
    assert NOT_APPLICABLE in rows["force_back"].split()    # rummy.ch has no active forcing: the question does not arise
    assert out[-2].startswith(f"{Status.STATED.mark} stated") and out[-1].startswith("verdicts:")


def test_unknown_variant_is_a_clear_error(capsys):
    assert main(["rules", "hoyle"]) == 2
    assert ("unknown variant 'hoyle'; known variants: foster-1913, pagat-mexican, pagat-north-american, rummy-ch, dutch, french, romme-spielwiki"
            in capsys.readouterr().err)


def test_simulate_json_is_reproducible():
    cmd = CLI + ["simulate", "--variant", "french", "--games", "40", "--seed", "9", "--json"]
    a, b = [json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout) for _ in range(2)]
    assert {"variant", "games", "wins", "ties", "decisions", "seconds"} <= set(a)
    assert a["games"] == 40 and a["wins"]["dealer"] + a["wins"]["pone"] + a["ties"] == 40
    assert a["decisions"] > 40 * 10
    assert {k: v for k, v in a.items() if k != "seconds"} == {k: v for k, v in b.items() if k != "seconds"}


def test_simulate_reports_progress_on_stderr_for_long_runs():
    done = subprocess.run(CLI + ["simulate", "--variant", "foster-1913", "--games", "1000", "--seed", "1"],
                          capture_output=True, text=True, check=True)
    assert "1000/1000 games" in done.stderr
    assert "games/s" in done.stdout and "decisions/s" in done.stdout


def test_simulate_accepts_rule_set_text(capsys):
    assert main(["simulate", "--variant", "foster-1913(pack=spanish)", "--games", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == "foster-1913(pack=spanish)"


@pytest.mark.parametrize("args, message", [
    (["simulate", "--variant", "nope", "--games", "3"], "unknown variant 'nope'"),
    (["simulate", "--variant", "dutch", "--games", "-3"], "--games must be from 1 to 100,000,000, not -3"),
    (["simulate", "--variant", "dutch", "--games", "0"], "--games must be from 1 to 100,000,000, not 0"),
    (["simulate", "--variant", "dutch(forcing=active)", "--games", "3"], "forcing=active conflicts with add_to_opponent=never"),
    (["simulate", "--variant", " " * 5000 + "x(", "--games", "3"], "rule-set text"),
    (["simulate", "--variant", "dutch", "--games", "many"], "argument --games: invalid int value: 'many'"),
    (["simulate", "--variant", "dutch", "--games", "１０"], "argument --games: invalid int value: '１０'"),
    (["simulate", "--variant", "dutch", "--games", "١٠"], "argument --games: invalid int value: '١٠'"),
    (["simulate", "--variant", "dutch", "--games", "1_0"], "argument --games: invalid int value: '1_0'"),
    (["simulate", "--variant", "dutch", "--games", "٣"], "argument --games: invalid int value"),
    (["simulate", "--variant", "dutch", "--seed", "٧", "--games", "1"], "argument --seed: invalid int value: '٧'"),
    (["simulate", "--variant", "dutch", "--seed=-1_0", "--games", "1"], "argument --seed: invalid int value"),
    (["simulate", "--variant", "dutch", "--seed", "+7", "--games", "1"], "argument --seed: invalid int value"),
    (["simulate", "--variant", "romme-spielwiki", "--players", "３", "--games", "1"], "argument --players: invalid int"),
    (["simulate", "--variant", "dutch", "--games", "1e3"], "ASCII digits"),
    (["frobnicate"], "argument command: invalid choice: 'frobnicate'"),
    (["rules"], "the following arguments are required: id"),
])
def test_bad_input_is_one_line_and_status_2(args, message):
    done = subprocess.run(CLI + args, capture_output=True, text=True)
    assert done.returncode == 2
    assert message in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_ctrl_c_stops_a_simulation_with_the_summary_so_far():
    # Ctrl-C as a terminal sends it: the child starts with SIGINT's default action and unblocked, whatever the test
    # run inherited (a suite started in the background of a script ignores SIGINT, and so would the child).
    proc = subprocess.Popen(CLI + ["simulate", "--variant", "dutch", "--games", "10000000", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=plain_sigint)
    # Interrupted once it has shown progress, so once it is simulating and its handler is in place.
    seen = ""
    while "games" not in seen:
        char = proc.stderr.read(1)
        assert char, f"the simulation ended before showing progress: {seen!r}"
        seen += char
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    err = seen + err
    assert proc.returncode == 130
    summary = json.loads(out)
    assert 0 < summary["games"] < 10000000
    assert "interrupted after" in err and "Traceback" not in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_full_output_device_is_a_one_line_error():
    with open("/dev/full", "w") as full:
        done = subprocess.run(CLI + ["compare"], stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 1
    assert done.stderr.strip() == "conquian: error: cannot write the output: No space left on device"


def test_a_closed_pipe_is_quiet():
    # The reader closes the pipe before anything is written (a `| head` that quit at once), so the write itself fails:
    # a pipe of `compare | head -1` never broke, since the whole output fits the pipe's buffer.
    p = subprocess.Popen(CLI + ["compare"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()
    err = p.stderr.read()
    p.wait()
    p.stderr.close()
    assert p.returncode == 0 and err == b"", err
