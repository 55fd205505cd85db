"""Helpers shared by the tests and the soak: random play, and an invariant checker independent of the engine's own.

The checker reads a game only through its public accessors (hands, melds, stock, out, offer) and judges melds
with its own definition of a set and a sequence, written from the rules' axes without the engine's meld tables
or :func:`conquian.games.conquian.checks.check`: where the engine and this checker disagree, one of them is wrong.
"""

from __future__ import annotations

import random
import shutil
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings, strategies as st

from conquian import ConquianError

from conquian import VARIANTS, ConflictingRules, Game, Phase, Role, position
from conquian.registry import sources
from conquian.games.conquian.rules import AXES, Ace, RuleSet

ROLES = (Role.DEALER, Role.PONE)
#: The Conquian sources, most authoritative first (the declarations also hold sources of Rommé, a sibling game).
CONQUIAN = sources("conquian")


def plain_sigint() -> None:
    """A child process's SIGINT as a terminal's Ctrl-C finds it (``preexec_fn``): the default action, unblocked.  A
    suite started in the background of a script ignores SIGINT, and a child inherits that, so Ctrl-C tests would
    otherwise pass or fail by how the suite was started."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@st.composite
def derived_rule_sets(draw, max_changes: int = 5):
    """A consistent Conquian rule set: a source with up to ``max_changes`` axes changed, one after the other, a
    change that conflicts with the rules so far left out (hypothesis shrinks towards fewer changes).  Leaving out only
    the conflicting change, not the whole draw, keeps derived rule sets derived: all or nothing gave the source itself
    in about half the draws."""
    rules = VARIANTS[draw(st.sampled_from(CONQUIAN))]
    for ax in draw(st.lists(st.sampled_from(AXES), max_size=max_changes, unique=True)):
        values = ax.choices or range(ax.minimum, ax.maximum + 1)
        try:
            rules = rules.replace(**{ax.name: draw(st.sampled_from(list(values)))})
        except ConflictingRules:
            continue
    return rules


def is_meld(rules: RuleSet, cs) -> bool:
    """A set or a sequence, decided from the axes alone."""
    cs = list(cs)
    if len(set(cs)) != len(cs):
        return False
    if len({c.rank for c in cs}) == 1:
        return rules.min_set <= len(cs) <= rules.max_set
    if len({c.suit for c in cs}) != 1 or not rules.min_sequence <= len(cs) <= rules.max_sequence:
        return False
    ranks = rules.pack.ranks  # in sequence order
    n = len(ranks)
    places = sorted(ranks.index(c.rank) for c in cs)
    straight = places == list(range(places[0], places[0] + len(places)))
    if straight:
        return True
    if len(cs) >= n:
        return False
    # A run that wraps past the top rank: Q K A (ace high) or K A 2 (round the corner).
    for start in places:
        run = [(start + k) % n for k in range(len(cs))]
        if sorted(run) == places:
            ends_on_ace = run[-1] == 0
            return rules.round_the_corner or (rules.ace is Ace.LOW_OR_HIGH and ends_on_ace)
    return False


def check_invariants(game: Game) -> None:
    """Every card in one place, every meld valid, hand + melds as many as the rules deal (one more to discard)."""
    r = game.rules
    seen = []
    roles = game.seats()
    assert roles == ROLES + (Role.MIDDLE,) * (game.players == 3), roles
    places = game.places()
    for role in roles:
        seen += game.hand(role)
        seen += places[f"{role} gives"]  # chosen for the exchange, face down, before play
        for meld in game.melds(role):
            assert is_meld(r, meld), f"{role} has an invalid meld {meld}"
            seen += meld
    seen += game.stock
    seen += game.out
    if game.offer is not None:
        seen.append(game.offer)
    assert len(seen) == len(set(seen)), "a card is in two places"
    assert sorted(seen) == sorted(r.deck), "a card is missing"
    for role in roles:
        held = len(game.hand(role)) + game.down(role) + len(places[f"{role} gives"])
        if game.is_over:
            winner = game.outcome.winner
            assert held in ((r.hand_size, r.hand_size + 1) if role is winner else (r.hand_size,))
            if role is winner:
                assert game.down(role) >= r.cards_to_win or (r.last_discard_counts and not game.hand(role))
            else:
                assert game.down(role) < r.cards_to_win
        else:
            extra = 1 if game.phase is Phase.DISCARD and game.to_act is role else 0
            assert held == r.hand_size + extra, f"{role}: hand + melds = {held}"
            assert game.down(role) < r.cards_to_win, f"{role} has won but the deal goes on"
    if game.is_over and game.outcome.winner is None:
        assert not game.stock, "a tableau with cards left in the stock"


def check_round_trips(game: Game, actions) -> None:
    """The position prints and parses back to the same choices; actions print and parse back."""
    again = position(str(game))
    assert str(again) == str(game)
    assert again.legal_actions() == actions
    for a in actions[:3]:
        assert type(a).parse(str(a)) == a and type(a).parse(a.text(game.table, ascii=True)) == a


def play_random(game: Game, rng: random.Random, check=None, limit: int = 2000) -> Game:
    """Play to the end, each action chosen at random among the legal ones; ``check(game, actions)`` before each."""
    steps = 0
    while not game.is_over:
        actions = game.legal_actions()
        assert actions, f"no legal action in\n{game}"
        assert len(actions) == len(set(actions)), "an action is listed twice"
        if check:
            check(game, actions)
        game.play(rng.choice(actions))
        steps += 1
        assert steps < limit, "the deal does not end"
    return game


# -- depth: a property tried on a few examples under `make test`, on many under `make test-long` -------------------
def depth(fast: int, full: int) -> list:
    """The example counts of a property test, as a parameter: ``fast`` under ``make test``, ``full`` under ``make
    test-long`` (that case is marked ``long``).  Both run the same check; only the depth differs."""
    return [pytest.param(fast, id=f"{fast}-examples"),
            pytest.param(full, id=f"{full}-examples", marks=pytest.mark.long)]


def tried(examples: int) -> settings:
    """Hypothesis's settings for a property tried on ``examples`` examples (slow examples are expected)."""
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


# -- fuzzing: text drawn from a syntax's own words, and the contract every parser keeps ------------------------------
def texts(words):
    """Text made of the words a syntax uses (so the fuzzer gets deep into the parser), or arbitrary Unicode."""
    return st.one_of(st.lists(st.sampled_from(words), max_size=30).map("".join), st.text(max_size=60))


def accepts_or_explains(parse, text):
    """The parser returns a value or raises a ConquianError subclass: nothing else passes."""
    try:
        parse(text)
    except ConquianError:
        pass


# -- a scratch copy of the project, for the tests that follow a how-to ------------------------------------------------
PROJECT = Path(__file__).resolve().parent.parent


def not_copied(folder, names) -> list:
    """Of ``names`` (in ``folder``), what a scratch copy leaves out: caches and build folders (``shutil.copytree``'s
    ``ignore``)."""
    return [n for n in names if n in ("__pycache__", ".hypothesis", ".pytest_cache", "build") or n.endswith(".pyc")]


def copy_project(names, project: Path) -> Path:
    """The files and folders ``names`` of this checkout copied into ``project`` (no caches, no build folders)."""
    project.mkdir(parents=True, exist_ok=True)
    for name in names:
        if (PROJECT / name).is_dir():
            shutil.copytree(PROJECT / name, project / name, ignore=not_copied)
        else:
            shutil.copy2(PROJECT / name, project / name)
    return project
