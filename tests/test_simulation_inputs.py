"""Simulations and the kernel's public functions given bad arguments: a TypeError for a value of the wrong type, a
ConquianError (SimulationError) for one out of range, never a deal count rounded or a run that never ends; an
interrupted run reports the deals it finished; a rule set that no decision could weigh in bounded time is refused."""

import json
import math
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conquian import ConflictingRules, ConquianError, parse_rules
from conquian.cli import main
from conquian.errors import SimulationError, StrategyError
from conquian.simulation import MAX_GAMES, Simulation, simulate

from support import plain_sigint

CLI = [str(Path(sys.executable).parent / "conquian")]
ENGINES = ["python", "auto"]


# -- item 6: a count of games is a whole number from 1 to MAX_GAMES -------------------------------------------------
@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("games", [2.5, 2.0, math.nan, math.inf, -math.inf, True, False, "10", None, [3]],
                         ids=repr)
def test_a_count_of_games_that_is_no_whole_number_is_a_type_error(games, engine):
    with pytest.raises(TypeError, match="^games must be a whole number") as info:
        simulate("foster-1913", games, seed=1, engine=engine)
    assert len(str(info.value)) <= 300


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("games, shown", [(0, "0"), (-3, "-3"), (MAX_GAMES + 1, "100000001"),
                                          (10 ** 5000, "a number of about 5001 digits")], ids=["0", "-3", "max+1", "huge"])
def test_a_count_of_games_out_of_range_is_refused(games, shown, engine):
    with pytest.raises(SimulationError, match=rf"^games must be from 1 to 100,000,000, not {shown}$"):
        Simulation("dutch", 1, engine=engine).play(games)


@pytest.mark.parametrize("kwargs, error, phrase", [
    ({"seed": 1.5}, TypeError, "seed must be a whole number"),
    ({"seed": True}, TypeError, "seed must be a whole number, not a bool"),
    ({"seed": "7"}, TypeError, "seed must be a whole number"),
    ({"seed": -1}, SimulationError, "seed must be from 0 to 18,446,744,073,709,551,615, not -1"),
    ({"seed": 2 ** 64}, SimulationError, "seed must be from 0"),
    ({"players": 2.0}, TypeError, "players must be a whole number"),
    ({"players": 10 ** 5000}, SimulationError, "players: a number of about 5001 digits; no game is played by so many"),
    ({"players": 3}, ConquianError, r"3 players: these rules are for two players only \(rule max_players = 2: foster-1913"),
    ({"players": 4}, ConquianError, "4 players: Conquian is a game for two players, or three where"),
])
def test_seeds_and_players_are_checked(kwargs, error, phrase):
    with pytest.raises(error, match=phrase) as info:
        simulate("foster-1913", 3, **{"seed": 1, **kwargs})
    assert len(str(info.value)) <= 300


def test_the_same_seed_still_gives_the_same_tally_whatever_the_calls():
    """The kernel's calls are sized by time, so their number varies: the deals do not."""
    a = Simulation("dutch", 5, strategy="greedy").play(300, keep=True)
    b = Simulation("dutch", 5, strategy="greedy", engine="python").play(300, keep=True)
    assert a == b


# -- item 6: the rates printed are those measured ---------------------------------------------------------------------
class _Clock:
    """perf_counter for the simulation: each deal (or kernel call) takes 0.4 ms, whatever the machine's load."""

    def __init__(self):
        self.now = 0.0

    def perf_counter(self):
        self.now += 0.0002
        return self.now

    monotonic = staticmethod(time.monotonic)


def test_one_game_is_timed_and_its_rate_not_made_up(capsys, monkeypatch):
    import conquian.simulation
    monkeypatch.setattr(conquian.simulation, "time", _Clock())
    assert main(["simulate", "--variant", "foster-1913", "--games", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 1 and result["seconds"] == 0.0002  # the time of one deal was rounded to 0.0
    assert main(["simulate", "--variant", "foster-1913", "--games", "1"]) == 0
    line = capsys.readouterr().out.splitlines()[-1]
    assert line.endswith("in 0.2 ms of engine time: 5,000 games/s, " + line.split(", ")[-1]), line
    assert "1,000,000,000 games/s" not in line  # what one game over a second rounded to 0 (then 1e-9) printed


# -- item 8: conquian.games.conquian.kernel's public functions check their arguments -------------------------------------------------
kernel = pytest.importorskip("conquian.games.conquian.kernel")
needs_kernel = pytest.mark.skipif(not kernel.available(), reason="the native kernel is not built here")
RULES = parse_rules("foster-1913")
RNG = random.Random(1)


@needs_kernel
@pytest.mark.parametrize("function", ["play", "tally"])
@pytest.mark.parametrize("args, error, phrase", [
    ((parse_rules("romme-spielwiki"), ["random"] * 2, 3), SimulationError, "plays Conquian, not romme"),
    (("foster-1913", ["random"] * 2, 3), TypeError, "rules must be a Conquian RuleSet"),
    ((RULES, "random", 3), TypeError, "strategies must be a list or tuple of two names"),
    ((RULES, ["random"], 3), StrategyError, "strategies must name two players"),
    ((RULES, ["random", 1], 3), StrategyError, "strategies must name two players"),
    ((RULES, ["nope" * 100, "random"], 3), SimulationError, "the native kernel has no nopenope"),
    ((RULES, ["random"] * 2, -1), SimulationError, "deals must be from 0 to"),
    ((RULES, ["random"] * 2, 2 ** 40), SimulationError, "deals must be from 0 to"),
    ((RULES, ["random"] * 2, 2.0), TypeError, "deals must be a whole number"),
    ((RULES, ["random"] * 2, True), TypeError, "deals must be a whole number"),
])
def test_the_kernels_functions_refuse_bad_arguments_by_name(function, args, error, phrase):
    rules, strategies, deals = args
    call = getattr(kernel, function)
    state = RNG.getstate()
    with pytest.raises(error, match=phrase) as info:
        call(rules, strategies, RNG, deals, False) if function == "play" else call(rules, strategies, RNG, deals)
    assert len(str(info.value)) <= 300 and RNG.getstate() == state


@needs_kernel
def test_the_kernels_functions_refuse_a_generator_that_is_not_one():
    with pytest.raises(TypeError, match="rng must be a random.Random"):
        kernel.tally(RULES, ["random"] * 2, 7, 3)
    with pytest.raises(TypeError, match="final must be True or False"):
        kernel.play(RULES, ["random"] * 2, random.Random(1), 3, "yes")


# -- item 3: Ctrl-C keeps the deals finished; what no decision can weigh is refused -------------------------------------
ISSUE_RULES = ("rummy-ch(drawn_to_hand=true, hand_size=19, deal_packet=1, min_set=2, min_sequence=2, cards_to_win=20, "
               "round_the_corner=true, ace=low-or-high)")
# The slowest rule set accepted with pairs: some 5 ms a deal in C, so 2,000 deals (one kernel call before) take 10 s.
SLOW = ("dutch(min_set=2, min_sequence=2, hand_size=14, deal_packet=1, ace=low-or-high, round_the_corner=true, "
        "cards_to_win=15, drawn_to_hand=true)")


@needs_kernel
def test_ctrl_c_early_in_a_slow_simulation_reports_the_deals_finished():
    proc = subprocess.Popen(CLI + ["simulate", "--variant", SLOW, "--games", "100000", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=plain_sigint)
    time.sleep(3)  # started and simulating (not a timing assertion: the point is to interrupt the first seconds)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    summary = json.loads(out)
    assert summary["games"] > 0, err  # all of the first 2,000 deals were in one call, and thrown away
    assert f"interrupted after {summary['games']} of 100000 games" in err and "Traceback" not in err


@pytest.mark.parametrize("text, axes", [
    (ISSUE_RULES, ("min_set", "hand_size")),
    ("dutch(min_set=2, min_sequence=2, hand_size=15, deal_packet=1)", ("min_set", "hand_size")),
    ("dutch(min_set=2, hand_size=17, deal_packet=1)", ("min_set", "hand_size")),
    ("dutch(min_sequence=2, hand_size=17, deal_packet=1)", ("min_sequence", "hand_size")),
])
def test_pairs_in_hands_too_large_to_weigh_are_a_declared_conflict(text, axes):
    with pytest.raises(ConflictingRules, match=r"can be laid out in more ways than a decision can weigh") as info:
        parse_rules(text)
    assert info.value.axes == axes and len(str(info.value)) <= 300


@pytest.mark.parametrize("text", ["dutch(min_set=2, min_sequence=2, hand_size=14, deal_packet=1)",
                                  "dutch(min_set=2, hand_size=16)", "dutch(min_sequence=2, hand_size=16)",
                                  "dutch(hand_size=19, deal_packet=1, cards_to_win=20)"])
def test_the_largest_hands_the_bound_allows_still_play(text):
    assert simulate(text, 2, seed=3, engine="python", strategy="greedy")["games"] == 2
