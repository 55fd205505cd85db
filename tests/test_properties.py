"""Whole random games, under the four sources and under derived rule sets, checked by an independent checker.

Hypothesis chooses the seeds and, for derived rule sets, the axes: every consistent rule set must deal, play to
the end and keep every invariant; every legal action is a distinct outcome; positions and records round-trip.  Each
property is tried on a few examples under ``make test`` and on many under ``make test-long``.
"""

import random

import pytest
from hypothesis import given, strategies as st

from conquian import VARIANTS, Game, RuleSet

from support import CONQUIAN, check_invariants, check_round_trips, depth, derived_rule_sets, play_random, tried

SOURCES = CONQUIAN
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def full_check(game, actions):
    check_invariants(game)
    check_round_trips(game, actions)


def distinct_outcomes(game, actions):
    check_invariants(game)
    after = [game.copy().play(a).snapshot() for a in actions]
    assert len(set(after)) == len(after), "two legal actions lead to the same state"


@pytest.mark.parametrize("examples", depth(4, 20))
@pytest.mark.parametrize("source", SOURCES)
def test_random_games_keep_every_invariant(source, examples):
    @tried(examples)
    @given(seed=seeds)
    def game(seed):
        g = play_random(Game(VARIANTS[source], seed=seed), random.Random(seed), full_check)
        check_invariants(g)

    game()


@pytest.mark.parametrize("examples", depth(4, 20))
@pytest.mark.parametrize("source", SOURCES)
def test_a_seed_replays_identically_and_records_round_trip(source, examples):
    @tried(examples)
    @given(seed=seeds)
    def game(seed):
        a = play_random(Game(VARIANTS[source], seed=seed), random.Random(seed))
        b = play_random(Game(VARIANTS[source], seed=seed), random.Random(seed))
        assert a.record() == b.record() and a.outcome == b.outcome
        replayed = Game.from_record(a.record())
        assert replayed.record() == a.record() and str(replayed) == str(a)

    game()


@pytest.mark.parametrize("examples", depth(10, 60))
def test_derived_rule_sets_play_to_the_end_keeping_every_invariant(examples):
    @tried(examples)
    @given(rules=derived_rule_sets(max_changes=5), seed=seeds)
    def game(rules, seed):
        g = play_random(Game(rules, seed=seed), random.Random(seed), distinct_outcomes)
        check_invariants(g)
        assert Game.from_record(g.record()).record() == g.record()
        assert RuleSet.parse(str(rules)) == rules

    game()


@pytest.mark.parametrize("source", SOURCES)
def test_random_games_do_end_with_wins_and_tableaux(source):
    outcomes = {play_random(Game(VARIANTS[source], seed=s), random.Random(s)).outcome.termination.value
                for s in range(60)}
    assert outcomes == {"win", "tableau"}
