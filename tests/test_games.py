"""Every registered game, through the one deal interface only (in the manner of OpenSpiel's random simulation test).

For each game of :mod:`conquian.games`, under each of its declared rule sets and a few rule sets derived from them
(a seeded choice of other values, conflicts skipped), random legal play runs to the end of a deal, checking at
every step:

- the cards are conserved: the deal's places hold exactly its pack;
- the turn order holds: the seat to act is one of the deal's seats, None exactly when the deal is over, it is the
  seat the history records, and a change of turn passes to the next seat in order (after the deal's opening);
- the position text round-trips: read back, it gives the same snapshot, text and choices (and so does the
  snapshot itself, restored);
- ``is_legal`` agrees with ``legal_actions``, for the legal actions and for actions legal elsewhere;
- a refused action raises :class:`~conquian.errors.IllegalMove` and leaves the deal as it was.

The suite knows no game by name: a new game registered in :mod:`conquian.games` is played here unchanged.
"""

import dataclasses
import random
from collections import Counter

import pytest

import conquian
from conquian.deal import Deal
from conquian.errors import ConflictingRules, IllegalMove, RuleError, UnknownVariant
from conquian.games import GAMES, HOME, RULE_SETS, game, game_of, games
from conquian.registry import VARIANTS, sources

DERIVED = 3  # rule sets derived from each declared one
SEED = 13


def _derived(rules, rng: random.Random, count: int) -> list:
    """Rule sets that differ from ``rules`` on a few axes, chosen at random (conflicting choices skipped)."""
    out = []
    axes = list(type(rules).AXES)
    for _ in range(count * 10):
        if len(out) == count:
            break
        changes = {}
        for ax in rng.sample(axes, 3):
            if ax.choices is not None:
                changes[ax.name] = rng.choice(ax.choices)
            elif ax.minimum is not None and ax.maximum is not None:
                changes[ax.name] = rng.randint(ax.minimum, min(ax.maximum, ax.minimum + 4))
        try:
            derived = rules.replace(**changes)
        except (ConflictingRules, RuleError):
            continue
        if derived != rules and derived not in out:
            out.append(derived)
    return out


def _cases():
    rng = random.Random(SEED)
    for g in games():
        for source in sources(g.name):
            declared = VARIANTS[source]
            for i, rules in enumerate([declared, *_derived(declared, rng, DERIVED)]):
                yield pytest.param(g.name, rules, id=f"{g.name}-{source}-{i}")


def _state(d: Deal) -> tuple:
    return str(d), d.snapshot(), d.to_act, tuple(d.legal_actions()), d.decisions


def _check_step(d: Deal, players: int, elsewhere: set) -> int:
    """Check one position; returns how many refused actions it tried."""
    assert Counter(c for cards in d.places().values() for c in cards) == Counter(d.pack)
    seats = d.seats()
    assert len(seats) == players
    assert (d.to_act is None) == d.is_over and (d.outcome is not None) == d.is_over
    assert d.is_over or d.to_act in seats
    restored = type(d).from_position(str(d))
    assert restored.snapshot() == d.snapshot(), str(d)  # the text says everything the state is
    assert str(restored) == str(d) and restored.legal_actions() == d.legal_actions()
    back = type(d).from_snapshot(d.snapshot())
    assert back.snapshot() == d.snapshot() and str(back) == str(d) and back.legal_actions() == d.legal_actions()
    legal = d.legal_actions()
    assert len(set(legal)) == len(legal)
    assert all(d.is_legal(a) and d.why_illegal(a) is None for a in legal)
    before = _state(d)
    refused_here = sorted(elsewhere - set(legal), key=str)[:4]
    for a in refused_here:
        reason = d.why_illegal(a)
        assert not d.is_legal(a) and reason
        with pytest.raises(IllegalMove) as refused:
            d.play(a)
        assert str(refused.value) == reason
        assert _state(d) == before  # a refused action leaves the deal unchanged
    return len(refused_here)


@pytest.mark.parametrize("name, rules", list(_cases()))
def test_random_play_keeps_every_invariant(name, rules):
    g = game(name)
    rng = random.Random(f"{SEED}-{rules}")
    lo, hi = g.players
    players = rng.randint(max(lo, getattr(rules, "min_players", lo)), min(hi, getattr(rules, "max_players", hi)))
    d = g.new_deal(rules, players, seed=rng.getrandbits(32))
    assert isinstance(d, g.deal) and isinstance(d, Deal) and game_of(d) is g
    elsewhere: set = set()
    steps = refusals = 0
    while True:
        refusals += _check_step(d, players, elsewhere)
        if d.is_over:
            break
        legal = d.legal_actions()
        elsewhere.update(legal)
        actor, action = d.to_act, rng.choice(legal)
        d.play(action)
        steps += 1
        assert d.history[-1] == (actor, action) and d.decisions == steps
        if not d.is_over and d.to_act != actor and steps > 1:
            seats = d.seats()
            assert d.to_act == seats[(seats.index(actor) + 1) % len(seats)], "the turn passed out of order"
    assert steps > 0 and refusals > 0
    replayed = type(d).from_record(d.record())
    assert replayed.record() == d.record() and str(replayed) == str(d) and replayed.outcome == d.outcome
    copy = d.copy()
    assert copy is not d and str(copy) == str(d) and copy.history == d.history


@pytest.mark.parametrize("name", list(GAMES))
def test_a_copy_plays_on_without_touching_its_original(name):
    g = game(name)
    d = g.new_deal(VARIANTS[sources(name)[0]], seed=5)
    before = _state(d)
    copy = d.copy()
    rng = random.Random(5)
    while not copy.is_over and copy.decisions < 12:
        copy.play(rng.choice(copy.legal_actions()))
    assert copy.decisions > 0 and _state(d) == before and d.decisions == 0


def test_every_game_registers_its_parts():
    assert list(GAMES) == list(RULE_SETS) and HOME == next(iter(GAMES))
    for g in games():
        assert issubclass(g.deal, Deal) and g.rules.GAME == g.name
        assert g.players[0] <= g.players[1]
        assert callable(g.notation.parse_position) and callable(g.notation.format_position)
        assert game(g.name.upper()) is g and game_of(g.rules()) is g
        assert sources(g.name), f"{g.name}: no declared source"


def test_an_unknown_game_is_named():
    with pytest.raises(UnknownVariant, match=r"unknown game 'chess'; games: conquian, romme"):
        game("chess")


def test_the_package_exports_both_deal_classes_as_deals():
    assert issubclass(conquian.Game, Deal) and issubclass(conquian.RommeGame, Deal)


def test_a_game_whose_rule_set_names_another_game_is_refused():
    g = game("romme")
    with pytest.raises(conquian.ConquianError, match=r"game 'chess': its rule-set class RommeRules names the game 'romme'"):
        dataclasses.replace(g, name="chess")
    assert "chess" not in GAMES
