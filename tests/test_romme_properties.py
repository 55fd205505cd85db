"""Whole random Rommé deals for 2 to 6 players, under the article's rules and derived ones, checked by an
independent checker: all 110 cards accounted for at every step, every meld valid with its jokers, the first
meld's points respected, every legal action a distinct outcome, deals that end, seeds that replay, and
positions and records that round-trip.  Each property is tried on a few examples under ``make test`` and on many
under ``make test-long``."""

import random

import pytest
from hypothesis import given, strategies as st

from conquian import ConflictingRules, RommeGame, variant
from conquian.games.romme.rules import AXES, RommeRules

from support import depth, tried
from support_romme import check_invariants, distinct_outcomes, play_random, round_trips

R = variant("romme-spielwiki")
seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.integers(min_value=2, max_value=6)


@pytest.mark.parametrize("examples", depth(4, 25))
def test_random_deals_keep_every_invariant(examples):
    @tried(examples)
    @given(n=players, seed=seeds)
    def deal(n, seed):
        step = iter(range(10**6))

        def check(g, actions):
            check_invariants(g)
            if next(step) % 7 == 0:  # the round trip is the slow part: every seventh position
                round_trips(g, actions)

        g = play_random(RommeGame(R, n, seed=seed), random.Random(seed), check)
        check_invariants(g)
        round_trips(g, [])

    deal()


@pytest.mark.parametrize("examples", depth(2, 10))
def test_every_legal_action_is_a_distinct_outcome(examples):
    @tried(examples)
    @given(n=players, seed=seeds)
    def deal(n, seed):
        play_random(RommeGame(R, n, seed=seed), random.Random(seed), distinct_outcomes)

    deal()


@pytest.mark.parametrize("examples", depth(3, 10))
def test_a_seed_replays_identically_and_records_round_trip(examples):
    @tried(examples)
    @given(n=players, seed=seeds)
    def deal(n, seed):
        a = play_random(RommeGame(R, n, seed=seed), random.Random(seed))
        b = play_random(RommeGame(R, n, seed=seed), random.Random(seed))
        assert a.record() == b.record() and a.outcome == b.outcome
        replayed = RommeGame.from_record(a.record())
        assert replayed.record() == a.record() and str(replayed) == str(a) and replayed.outcome == a.outcome

    deal()


@st.composite
def rule_sets(draw):
    """A consistent Rommé rule set: the article's with up to five axes changed."""
    overrides = {}
    for ax in draw(st.lists(st.sampled_from(AXES), max_size=5, unique=True)):
        values = ax.choices or range(ax.minimum, ax.maximum + 1)
        overrides[ax.name] = draw(st.sampled_from(list(values)))
    try:
        return R.replace(**overrides)
    except ConflictingRules:
        return R


@pytest.mark.parametrize("examples", depth(6, 40))
def test_derived_rule_sets_play_to_the_end_keeping_every_invariant(examples):
    @tried(examples)
    @given(rules=rule_sets(), data=st.data(), seed=seeds)
    def deal(rules, data, seed):
        n = data.draw(st.integers(min_value=rules.min_players, max_value=rules.max_players))
        rng = random.Random(seed)

        def check(g, actions):
            check_invariants(g)
            if rng.random() < 0.1:
                distinct_outcomes(g, actions)

        g = play_random(RommeGame(rules, n, seed=seed), random.Random(seed), check)
        check_invariants(g)
        assert RommeGame.from_record(g.record()).record() == g.record()
        assert RommeRules.parse(str(rules)) == rules

    deal()


def test_deals_end_with_winners_and_with_an_empty_stock():
    endings = set()
    for seed in range(12):
        g = play_random(RommeGame(R, 6, seed=seed), random.Random(seed))
        endings.add("win" if g.outcome.winner is not None else "stock")
    assert endings == {"win", "stock"}
