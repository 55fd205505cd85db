"""Whole random games, under the four sources and under derived rule sets, checked by an independent checker.

Hypothesis chooses the seeds and, for derived rule sets, the axes: every consistent rule set must deal, play to
the end and keep every invariant; every legal action is a distinct outcome; positions and records round-trip.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conquian import VARIANTS, Game, RuleSet

from support import CONQUIAN, check_invariants, check_round_trips, derived_rule_sets, play_random

SOURCES = CONQUIAN
seeds = st.integers(min_value=0, max_value=2**32 - 1)
fast = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def full_check(game, actions):
    check_invariants(game)
    check_round_trips(game, actions)


def distinct_outcomes(game, actions):
    check_invariants(game)
    after = [game.copy().play(a).snapshot() for a in actions]
    assert len(set(after)) == len(after), "two legal actions lead to the same state"


@pytest.mark.parametrize("source", SOURCES)
@fast
@given(seed=seeds)
def test_random_games_keep_every_invariant(source, seed):
    g = play_random(Game(VARIANTS[source], seed=seed), random.Random(seed), full_check)
    check_invariants(g)


@pytest.mark.parametrize("source", SOURCES)
@fast
@given(seed=seeds)
def test_a_seed_replays_identically_and_records_round_trip(source, seed):
    a = play_random(Game(VARIANTS[source], seed=seed), random.Random(seed))
    b = play_random(Game(VARIANTS[source], seed=seed), random.Random(seed))
    assert a.record() == b.record() and a.outcome == b.outcome
    replayed = Game.from_record(a.record())
    assert replayed.record() == a.record() and str(replayed) == str(a)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=derived_rule_sets(max_changes=5), seed=seeds)
def test_derived_rule_sets_play_to_the_end_keeping_every_invariant(rules, seed):
    g = play_random(Game(rules, seed=seed), random.Random(seed), distinct_outcomes)
    check_invariants(g)
    assert Game.from_record(g.record()).record() == g.record()
    assert RuleSet.parse(str(rules)) == rules


@pytest.mark.parametrize("source", SOURCES)
def test_random_games_do_end_with_wins_and_tableaux(source):
    outcomes = {play_random(Game(VARIANTS[source], seed=s), random.Random(s)).outcome.termination.value
                for s in range(60)}
    assert outcomes == {"win", "tableau"}
