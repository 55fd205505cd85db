"""The conquian command with Rommé: simulate for 2 to 6 players (wins per seat, reproducible by seed), its rules,
its matrix, and bad input as one line with status 2."""

import json

import pytest

from conquian.cli import main
from conquian.games.romme.rules import AXES


def run_json(capsys, *args):
    assert main(["simulate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_simulate_plays_whole_deals_for_2_to_6_players_reproducibly(capsys, players):
    args = ["--variant", "romme-spielwiki", "--players", str(players), "--games", "4", "--seed", "11"]
    a, b = run_json(capsys, *args), run_json(capsys, *args)
    assert a["players"] == players and len(a["wins"]) == players and sum(a["wins"]) + a["ties"] == 4
    assert a["decisions"] > 4 * players
    assert {k: v for k, v in a.items() if k != "seconds"} == {k: v for k, v in b.items() if k != "seconds"}


def test_simulate_defaults_to_two_players_and_reads_settings(capsys):
    result = run_json(capsys, "--variant", "romme-spielwiki(first_meld=30)", "--games", "2")
    assert result["players"] == 2 and result["variant"] == "romme-spielwiki(first_meld=30)"
    assert main(["simulate", "--variant", "romme(dealer_opens=false)", "--players", "3", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "3 players, 2 games" in out and "wins by seat (0 deals): 0: " in out and "decisions/s" in out
    assert run_json(capsys, "--variant", "dutch", "--players", "2", "--games", "2")["wins"].keys() == {"dealer", "pone"}


@pytest.mark.parametrize("args, message", [
    (["--variant", "romme-spielwiki", "--players", "7"], "7 players: romme-spielwiki is played by 2 to 6"),
    (["--variant", "romme-spielwiki", "--players", "1"], "1 players: romme-spielwiki is played by 2 to 6"),
    (["--variant", "romme-spielwiki(max_players=4)", "--players", "5"], "is played by 2 to 4"),
    (["--variant", "dutch", "--players", "3"], "3 players: these rules are for two players only (rule max_players = 2: dutch"),
    (["--variant", "dutch", "--players", "4"], "4 players: Conquian is a game for two players, or three where"),
    (["--variant", "romme-spielwiki(jokers=9)"], "axis 'jokers' cannot be '9'"),
])
def test_bad_input_is_one_line_and_status_2(capsys, args, message):
    assert main(["simulate", *args, "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_rules_lists_every_rommé_axis_with_its_status(capsys):
    assert main(["rules", "romme-spielwiki"]) == 0
    out = capsys.readouterr().out
    for ax in AXES:
        assert f"  {ax.name} " in out
    # each status as the declaration gives it, and an ambiguous entry's other readings below it
    assert "other reading: going_out=meld-or-discard" in out and "○ silent" in out and "● stated" in out
    assert "  jokers            6               ◇ ambiguous" in out and "other reading: jokers=4" in out


def test_compare_takes_one_game_and_variants_lists_every_source(capsys):
    assert main(["compare", "--game", "romme"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["romme-spielwiki"] and sum(1 for l in out if l[2:].split()[:1] == ["packs"]) == 1
    assert main(["compare"]) == 0
    assert capsys.readouterr().out.splitlines()[0].split() == ["foster-1913", "pagat-mexican", "pagat-north-american", "rummy-ch", "dutch", "french"]
    assert main(["variants"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].split() == ["romme-spielwiki", "Rommé"]
