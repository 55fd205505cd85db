"""Computer players: the greedy one beats the random one clearly in both games, plays only legal moves, melds when it
can, is fixed by the deal's seed; ``--strategy`` per seat, and every bad strategy a named error."""

import json
import random

import pytest

from conquian import Game, RommeGame
from conquian.games.conquian.actions import Kind
from conquian.cli import main, simulate
from conquian.errors import ConquianError, StrategyError
from conquian.players import GreedyPlayer, RandomPlayer, parse_strategies
from conquian.registry import sources


@pytest.mark.parametrize("source", sources("conquian"))
def test_greedy_beats_random_at_conquian_from_either_seat(source):
    for strategy, greedy, rnd in (("greedy,random", "dealer", "pone"), ("random,greedy", "pone", "dealer")):
        r = simulate(source, 150, seed=3, strategy=strategy)
        assert r["strategies"] == strategy.split(",")
        assert r["wins"][greedy] >= 40, r
        assert r["wins"][greedy] > 3 * r["wins"][rnd], r


def test_greedy_beats_random_at_romme_for_two_and_four_players():
    r = simulate("romme-spielwiki", 40, seed=1, players=2, strategy="random,greedy")
    assert r["wins"][1] >= 30, r
    r = simulate("romme-spielwiki", 30, seed=2, players=4, strategy="greedy,random,random,random")
    assert r["wins"][0] > 2 * sum(r["wins"][1:]), r


def test_greedy_is_fixed_by_the_seed_and_changes_with_it():
    a = simulate("foster-1913", 30, seed=5, strategy="greedy")
    b = simulate("foster-1913", 30, seed=5, strategy="greedy")
    c = simulate("foster-1913", 30, seed=6, strategy="greedy")
    assert {k: v for k, v in a.items() if k != "seconds"} == {k: v for k, v in b.items() if k != "seconds"}
    assert a["decisions"] != c["decisions"]
    records = []
    for _ in range(2):
        g = RommeGame("romme-spielwiki", 3, seed=11)
        while not g.is_over:
            g.play(GreedyPlayer().choose(g))
        records.append(g.record())
    assert records[0] == records[1]
    assert RommeGame.from_record(records[0]).outcome == g.outcome


def test_greedy_plays_legal_moves_and_goes_down_whenever_it_can():
    greedy = GreedyPlayer()
    for seed in range(25):
        g = Game("rummy-ch", seed=seed)
        while not g.is_over:
            legal = g.legal_actions()
            a = greedy.choose(g)
            assert a in legal
            if any(x.kind is Kind.USE for x in legal):
                assert a.kind is not Kind.PASS, (str(g), a)
            g.play(a)


def test_greedy_discards_the_card_that_fits_nothing():
    g = Game.from_position("""variant: foster-1913
pone hand: 5♠ 5♥ 6♥ 7♥ 2♣ 3♣ 10♦ 6♠ 3♦ 4♦
dealer hand: 9♥ 9♦ 9♣ 2♠ 3♠ 4♠ 6♣ 7♣ 8♣ 10♠
out: 9♠
offer: 4♣ drawn by pone""")
    # The pone melds the 4♣ with 2♣ 3♣; then of his hand the 10♦ alone makes nothing with the others.
    a = GreedyPlayer().choose(g)
    assert a.kind is Kind.USE
    g.play(a)
    assert str(GreedyPlayer().choose(g)) == "discard 10♦"


def test_greedy_romme_keeps_a_meld_and_takes_a_discard_that_joins_it():
    g = RommeGame.from_position("""variant: romme-spielwiki
players: 2
hand 0: 2♠ 7♠ Q♠ A♥ 5♥ 8♥ K♥ 3♦ 6♦ 9♦ 4♣ 10♣ J♣
hand 1: 3♠ 8♠ J♠ K♠ 6♥ 9♥ 2♦ 4♦ 10♦ A♣ 5♣ 7♣ Q♣
discards: 9♣
idle turns: 1
to draw: 0""")  # seat 1 took the dealer's opening discard and discarded the 9♣: one idle turn
    # The 9♣ joins the 10♣ J♣ (a sequence); drawn to the hand under this source's rules.
    assert str(GreedyPlayer().choose(g)) == "take"


def test_random_player_uses_its_generator():
    g = Game("dutch", seed=1)
    picks = [str(RandomPlayer(random.Random(4)).choose(g)) for _ in range(3)]
    assert len(set(picks)) == 1
    assert picks[0] == str(random.Random(4).choice(g.legal_actions()))  # the generator's own choice, not the first
    # and over a deal's decisions the generator picks more than one kind of choice (not always the first listed)
    seen, h = set(), Game("dutch", seed=2)
    player = RandomPlayer(random.Random(5))
    while not h.is_over and len(seen) < 2:
        actions = h.legal_actions()
        choice = player.choose(h)
        if len(actions) > 1:
            seen.add(actions.index(choice) == 0)
        h.play(choice)
    assert seen == {True, False}


def test_default_strategy_is_random_and_unchanged():
    a = simulate("french", 40, seed=9)
    b = simulate("french", 40, seed=9, strategy="random,random")
    assert "strategies" not in a and a["wins"] == b["wins"] and a["decisions"] == b["decisions"]


@pytest.mark.parametrize("text, players, words", [
    ("greedy,clever", 2, "seat 1 has 'clever', which is no strategy; strategies: random, greedy"),
    ("smart", 3, "every seat has 'smart'"),
    ("greedy,random,random", 2, "names 3 strategies for 2 seats"),
    ("greedy,", 2, "seat 1 has ''"),
])
def test_bad_strategies_are_named_errors(text, players, words):
    with pytest.raises(StrategyError, match=words.replace("(", r"\(")) as info:
        parse_strategies(text, players)
    assert isinstance(info.value, ConquianError)


def test_cli_strategy_per_seat(capsys):
    assert main(["simulate", "--variant", "romme-spielwiki", "--players", "3", "--games", "4",
                 "--strategy", "greedy,random,greedy", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["strategies"] == ["greedy", "random", "greedy"] and sum(out["wins"]) + out["ties"] == 4
    assert main(["simulate", "--variant", "foster-1913", "--games", "3", "--strategy", "greedy,random"]) == 0
    assert "strategies: dealer greedy, pone random" in capsys.readouterr().out
    assert main(["simulate", "--variant", "foster-1913", "--games", "3", "--strategy", "greedy,random,random"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("conquian: error: --strategy 'greedy,random,random' names 3 strategies for 2 seats")
