"""The strong player's batches (:func:`conquian.montecarlo.weigh` with ``batches`` > 1): a close call is weighed on
more deals, and only the actions still near the best are played in them; the first batch is the one-batch
weighing, deal for deal."""

from __future__ import annotations

import math
import random

import pytest

from conquian import Game
from conquian.errors import ConquianError
from conquian.montecarlo import CLOSE, knowledge, playout, sampled, weigh
from conquian.players import LEVELS, GreedyPlayer, StrongPlayer

GREEDY = GreedyPlayer()


def _positions(rules: str, n: int):
    """Positions with a choice, from greedy deals, a few moves further in each deal."""
    out = []
    for seed in range(n):
        g = Game(rules, seed=300 + seed)
        for _ in range(2 + seed * 5 % 23):
            if g.is_over:
                break
            g.play(GREEDY.choose(g))
        while not g.is_over and len(g.legal_actions()) < 2:
            g.play(GREEDY.choose(g))
        if not g.is_over:
            out.append(g)
    return out


def _first_batch(g, seed: int, samples: int, cands: tuple) -> list:
    """A reference: each action's score in each of the first batch's deals, played out by the Python engine one
    by one."""
    me = g.to_act
    scores = [[] for _ in cands]
    for dealt in sampled(g, me, random.Random(seed), samples, knowledge(g, me)):
        for i, a in enumerate(cands):
            scores[i].append(playout(dealt.copy().play(a), me, GREEDY))
    return scores


def _near(scores: list) -> set:
    best = max(range(len(scores)), key=lambda i: (sum(scores[i]), -i))
    near = {best}
    for i, s in enumerate(scores):
        d = [a - b for a, b in zip(scores[best], s)]
        mean = sum(d) / len(d)
        if mean < CLOSE * math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d)):
            near.add(i)
    return near


@pytest.mark.parametrize("rules", ["foster-1913", "dutch", "pagat-north-american"])
def test_the_second_batch_plays_the_best_and_those_still_near_it(rules):
    went_on = stopped = 0
    for k, g in enumerate(_positions(rules, 14)):
        one = weigh(g, random.Random(k), 12, 8, GREEDY)
        two = weigh(g, random.Random(k), 12, 8, GREEDY, batches=2)
        cands = list(one.actions)
        assert list(two.actions) == cands
        scores = _first_batch(g, k, 12, one.actions)
        # the first batch is the one-batch weighing's, deal for deal
        assert list(one.scores) == [sum(s) / len(s) for s in scores]
        near = _near(scores)
        if len(near) == 1:
            stopped += 1
            assert two == one and two.tried == (12,) * len(cands)
        else:
            went_on += 1
            assert two.samples == 24 and {i for i, n in enumerate(two.tried) if n == 24} == near
            for i, n in enumerate(two.tried):
                if n == 12:  # left behind: its figures are the first batch's
                    assert (two.scores[i], two.wins[i]) == (one.scores[i], one.wins[i])
            assert cands.index(two.chosen) in near
            best = max(near, key=lambda i: (two.scores[i], -i))
            assert two.chosen == cands[best]
    assert went_on and stopped  # both ways met


def test_the_levels_batches_and_what_a_weighing_says():
    assert LEVELS["normal"].batches == 1  # the play page's quick level: one batch, as timed
    assert LEVELS["strong"].batches > 1
    level = LEVELS["strong"]
    seen = set()
    for g in _positions("foster-1913", 6):
        w = StrongPlayer("strong", seed=2).weigh(g)
        assert w.samples in {level.samples * b for b in range(1, level.batches + 1)}
        assert w.tried[w.actions.index(w.chosen)] == w.samples == max(w.tried)
        assert all(n % level.samples == 0 and 0 <= x <= n for n, x in zip(w.tried, w.wins))
        seen.add(w.samples)
    assert len(seen) > 1  # some calls were close, some clear


def test_one_action_is_no_weighing():
    g = Game("foster-1913", seed=1)
    while len(g.legal_actions()) != 1:
        g.play(GREEDY.choose(g))
    w = weigh(g, random.Random(0), 8, 4, GREEDY, batches=3)
    assert (w.samples, w.tried, w.chosen) == (0, (0,), g.legal_actions()[0])


@pytest.mark.parametrize("samples, batches, bad", [(0, 1, "samples 0"), (8, 0, "batches 0"), (8, 2.5, "batches 2.5"),
                                                    (True, 1, "samples True"), (8, "3", "batches '3'")])
def test_a_weighing_of_no_deals_is_refused_by_name(samples, batches, bad):
    g = Game("foster-1913", seed=1)
    with pytest.raises(ConquianError, match=f"weigh: {bad}: a whole number, at least 1"):
        weigh(g, random.Random(0), samples, 4, GREEDY, batches=batches)
