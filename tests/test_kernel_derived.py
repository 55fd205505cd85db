"""The native kernel against the Python engine on 20 derived rule sets: each a declared source with two to five axes
changed (seeded, so always the same 20), random and greedy players, the same deals on both engines (see
``test_kernel.py``)."""

from __future__ import annotations

import random

import pytest

import soak
from conquian import VARIANTS
from conquian.games.conquian import kernel
from conquian.games.conquian.rules import AXES

from test_kernel import CONQUIAN, _need_kernel, assert_same


# Seed 36: 15 of the kernel's axes changed, force_discard among them, in 3 s; seeds that draw drawn_to_hand=true take
# 8-18 s (random players keep long hands), and test_kernel.py compares that rule on its own.
def derived(count: int = 20, seed: int = 36) -> list:
    """``count`` consistent rule sets the kernel plays, each a declared source with two to five axes changed (seeded, so
    fixed; one that changes an axis to a value the kernel does not play, forcing both ways, is left out)."""
    drawn = soak.derive(random.Random(seed), CONQUIAN, AXES, 3 * count, 2, 5)
    return [r for r in drawn if not kernel.plays(r)][:count]


@pytest.mark.parametrize("deals", [pytest.param((100, 20), id="100-random-20-greedy"),
                                   pytest.param((300, 60), id="300-random-60-greedy", marks=pytest.mark.long)])
@pytest.mark.parametrize("rules", derived(), ids=str)
def test_derived_rule_sets_play_the_same_deals_on_both_engines(rules, deals):
    _need_kernel()
    assert_same(rules, "random", deals[0], seed=23)
    assert_same(rules, "greedy", deals[1], seed=29)


def test_the_derived_rule_sets_reach_every_kind_of_axis():
    """The 20 derived rule sets change axes of every group the kernel reads, so the comparison covers them."""
    changed = set()
    for r in derived():
        base = VARIANTS[r.source]
        changed |= {ax.name for ax in AXES if getattr(base, ax.name) != getattr(r, ax.name)}
    assert len(changed & set(kernel.PLAY_AXES)) >= 12, sorted(changed)
    assert changed & set(kernel.TABLE_AXES), sorted(changed)


