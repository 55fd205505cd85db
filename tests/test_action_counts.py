"""``simulate`` counts the actions played, by kind (issue 31): every decision once, the same counts on either engine."""

from __future__ import annotations

import json

import pytest

from conquian.cli import main
from conquian.games.conquian import kernel
from conquian.simulation import Simulation, action_kind
from conquian import Game, position

from support import CONQUIAN


@pytest.mark.parametrize("source", CONQUIAN)
@pytest.mark.parametrize("strategy", ["random", "greedy"])
def test_every_decision_is_counted_once_and_both_engines_agree(source, strategy):
    python = Simulation(source, 9, strategy=strategy, engine="python")
    python.play(120)
    counted = python.summary()["actions"]
    assert sum(counted.values()) == python.tally.decisions and counted["pass"] > 0
    native = Simulation(source, 9, strategy=strategy)  # an exchange before play runs on Python: the same counts again
    native.play(120)
    assert native.summary()["actions"] == counted
    assert native.engine.value == "native" or kernel.plays(native.rules) or not kernel.available()


def test_each_kind_is_named_as_the_rules_book_names_the_move():
    g = position("""variant: foster-1913
dealer melds: [2♣ 3♣ 4♣]
dealer hand: A♥ 3♥ 4♥ 7♥ 2♦ 5♦ 7♦
pone melds: [5♠ 6♠ 7♠]
pone hand: A♠ 3♠ 3♦ 6♦ 5♥ 2♥ 7♣ 5♣
out: 6♥
to discard: pone""")
    kinds = {action_kind(a) for a in g.legal_actions()}
    assert kinds == {"discard", "discard-force"}
    assert set(kernel.ACTION_KINDS) >= {action_kind(a) for a in Game("dutch", seed=3).legal_actions()}


def test_the_kernels_deals_kept_one_by_one_leave_the_actions_uncounted():
    sim = Simulation("foster-1913", 2)
    if sim.engine.value != "native":
        pytest.skip(sim.why_python)
    sim.play(5, keep=True)
    assert "actions" not in sim.summary()  # not counted is never shown as zero


def test_the_command_line_prints_the_counts(capsys):
    assert main(["simulate", "--variant", "foster-1913", "--games", "30", "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert sum(out["actions"].values()) == out["decisions"]
    assert main(["simulate", "--variant", "foster-1913", "--games", "30", "--seed", "4"]) == 0
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.strip().startswith("actions:"))
    assert f"pass {out['actions']['pass']:,}" in line
