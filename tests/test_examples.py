"""The scripts in examples/ run, and say what they should."""

import subprocess
import sys
from pathlib import Path

from conquian import Game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(name, *args):
    done = subprocess.run([sys.executable, str(EXAMPLES / name), *args], capture_output=True, text=True, check=True)
    assert not done.stderr
    return done.stdout


def test_play_a_deal_prints_a_record_that_replays():
    out = run("play_a_deal.py", "rummy-ch", "3")
    record = out.rsplit("# ", 1)[0]
    game = Game.from_record(record)
    assert game.is_over and out.rstrip().endswith(f"; {game.outcome}")
    assert record.startswith("variant: rummy-ch\npack: ")


def test_one_position_every_source():
    lines = run("one_position_every_source.py").splitlines()
    assert lines[0].split() == ["foster-1913", "pone", "may:", "pass,", "force", "[2♥", "3♥", "4♥]"]
    assert lines[1].split() == ["pagat-mexican", "cannot", "arise:", "8", "cards", "are", "dealt,", "not", "10"]
    assert lines[2].split() == ["pagat-north-american", "pone", "may:", "pass,", "force", "[2♥", "3♥", "4♥]"]
    assert lines[3].split() == ["rummy-ch", "pone", "may:", "pass"]
    assert lines[4].split() == ["after", "the", "dealer", "declines", "it,", "the", "pone", "may:", "demand,", "waive"]
    assert lines[5].split()[:5] == ["dutch", "pone", "may:", "lay", "[A♠"]


def test_match_scores_every_source():
    lines = run("match.py", "6", "2").splitlines()
    assert [l.split()[0] for l in lines] == ["foster-1913", "pagat-mexican", "pagat-north-american", "rummy-ch", "dutch", "french"]
    assert "scoring=stake" in lines[3] and "tied stakes carried" in lines[0] and "tied stakes lapses" in lines[1]
