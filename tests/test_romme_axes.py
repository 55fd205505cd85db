"""Each Rommé axis under the article's rules: a probe observes what the engine does, and the observation must follow
the value; for every other value of the axis the probe must see something else (as tests/test_axes.py for Conquian)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from conquian import ConflictingRules, PositionError, RommeGame, RommeMatch, cards, variant
from conquian.games.romme.game import position
from conquian.games.romme.match import draw_for_seats
from conquian.games.romme.melds import read_meld
from conquian.games.romme.rules import AXES, AXIS_BY_NAME
from conquian.games.romme.state import Outcome, Phase, Termination

R = variant("romme-spielwiki")
PROBES: dict[str, tuple] = {}


def probe(axis: str, expect):
    def register(fn):
        PROBES[axis] = (fn, expect)
        return fn
    return register


def meld(r, text) -> bool:
    return r.melds.is_meld(read_meld(text))


def dealt(r, players=2):
    """A deal past the cut (a joker found at the cut is left in the pack)."""
    g = RommeGame(r, players, seed=5)
    return g.play("leave") if g.phase is Phase.KEEP else g


def every_card(g) -> Counter:
    s = g.snapshot()
    out = Counter(s.stock) + Counter(s.discards)
    for h in s.hands:
        out.update(h)
    return out


TWO = """
variant: {rules}
players: 2
hand 0: {hand}
hand 1: 2♣ 3♦ 7♥ 8♥ Q♠ J♦ 4♣ 9♠ {extra}
{more}
to {phase}: 0
"""


def pos(r, hand, more="table: [K♠ K♥ K♣] [8♠ 8♥ 8♦ 8♣] [10♠ 10♥ 10♦ 10♣]\nopened: 0 1\ndiscards: 5♣", phase="play", extra=""):
    return position(TWO.format(rules=r, hand=hand, more=more, phase=phase, extra=extra))


def legal(g) -> set:
    return {str(a) for a in g.legal_actions()}


# -- the cards -------------------------------------------------------------------------------------------------
@probe("packs", lambda v: v)
def _(r): return every_card(dealt(r))[0]                                   # copies of the A♠


@probe("jokers", lambda v: v)
def _(r): return every_card(dealt(r))[52]


@probe("min_set", lambda v: v)
def _(r): return next(n for n in (2, 3, 4) if meld(r, " ".join(["5♠", "5♥", "5♦", "5♣"][:n])))


@probe("max_set", lambda v: v)
def _(r): return max(n for n in (2, 3, 4) if meld(r, " ".join(["5♠", "5♥", "5♦", "5♣"][:n])))


SPADES = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠".split()


@probe("min_sequence", lambda v: v)
def _(r): return next(n for n in range(2, 15) if meld(r, " ".join(SPADES[1:n + 1])))


@probe("max_sequence", lambda v: v)
def _(r): return max(n for n in range(2, 15) if meld(r, " ".join(SPADES[:n])))


@probe("ace", lambda v: v.value == "low-or-high")
def _(r): return meld(r, "Q♠ K♠ A♠")


@probe("round_the_corner", lambda v: v)
def _(r): return meld(r, "K♠ A♠ 2♠")


@probe("min_naturals", lambda v: v)
def _(r): return next(n for n in (1, 2, 3) if meld(r, ("🃏=2♠ 3♠ 🃏=4♠", "2♠ 🃏=3♠ 4♠", "2♠ 3♠ 4♠")[n - 1]))


@probe("adjacent_jokers", lambda v: {"never": (False, False), "long-sequences": (True, False), "any": (True, True)}[v.value])
def _(r): return meld(r, "3♠ 🃏=4♠ 🃏=5♠ 6♠"), meld(r, "5♠ 5♥ 🃏 🃏")


END = """
variant: {rules}
players: 2
hand 0: 9♣
hand 1: 2♣ {card}
table: [K♠ K♥ K♣] [8♠ 8♥ 8♦ 8♣] [10♠ 10♥ 10♦ 10♣]
opened: 0 1
discards: 5♣
to play: 0
"""


def penalty(r, card) -> int:
    """What a card left in the hand counts when the other player goes out (beside a 2♣)."""
    g = position(END.format(rules=r, card=card)).play("discard 9♣")
    return g.outcome.penalties[1] - 2


@probe("ace_value", lambda v: 11 if v.value == "eleven" else 10)
def _(r): return penalty(r, "A♥")


# -- the deal -----------------------------------------------------------------------------------------------
def _plays(r, n):
    try:
        RommeGame(r, n, seed=1)
        return True
    except PositionError:
        return False


@probe("min_players", lambda v: v)
def _(r): return next(n for n in range(1, 7) if _plays(r, n))


@probe("max_players", lambda v: v)
def _(r): return max(n for n in range(1, 8) if _plays(r, n))


@probe("hand_size", lambda v: v)
def _(r): return len(dealt(r).hand(1))


@probe("dealer_opens", lambda v: (14 if v else 13, "play" if v else "draw"))
def _(r):
    g = dealt(r.replace(hand_size=13))
    return len(g.hand(0)), g.phase.value


def _cut_ok(r, k):
    try:
        RommeGame(r, 2, pack=r.shape.cards, cut=k)
        return True
    except PositionError:
        return False


@probe("min_cut", lambda v: tuple(k for k in (1, 2, 3, 4, 5) if k >= v))
def _(r): return tuple(k for k in (1, 2, 3, 4, 5) if _cut_ok(r, k))


@probe("cut_joker", lambda v: v)
def _(r):
    order = list(r.shape.cards)
    order.remove(cards("🃏")[0]) if r.jokers else None
    return RommeGame(r, 2, pack=order[:29] + list(cards("🃏")) + order[29:] if r.jokers else order, cut=30).phase is Phase.KEEP


# -- drawing and melding ------------------------------------------------------------------------------------------
@probe("drawn_to_hand", lambda v: v)
def _(r): return "take" in legal(pos(r, "2♠ 7♦ 9♥", phase="draw"))   # the 5♣ on the pile fits nothing


@probe("first_meld", lambda v: "at most 9" if v <= 9 else v)
def _(r):
    g = pos(r, "K♥ K♦ K♣ Q♥ Q♦ Q♣ J♥ J♦ J♣ 7♦ 5♠", more="new melds: [2♠ 3♠ 4♠]\ndiscards: 5♣", extra="10♥ 5♦ 6♦ K♠ A♦")
    why = g.why_illegal("discard 7♦")
    return "at most 9" if why is None else int(why.split("a first meld needs ")[1].split()[0])


@probe("lay_off", lambda v: v)
def _(r): return "lay 5♥ on [2♥ 3♥ 4♥]" in legal(pos(r, "5♥ 9♣ 9♦", more="table: [2♥ 3♥ 4♥] [8♠ 8♥ 8♦ 8♣] [10♠ 10♥ 10♦ 10♣]\nopened: 0 1\ndiscards: 5♣"))


@probe("joker_exchange", lambda v: v)
def _(r):
    g = pos(r, "6♣ 9♦ 10♦ 2♠", more="table: [6♠ 6♥ 🃏] [8♠ 8♥ 8♦ 8♣] [10♠ 10♥ 10♦ 10♣]\nopened: 0 1\ndiscards: 5♣")
    return "exchange 6♣ in [6♠ 6♥ 🃏] meld [9♦ 10♦ 🃏=J♦]" in legal(g)


# -- the end of a deal ------------------------------------------------------------------------------------------
@probe("going_out", lambda v: v.value == "meld-or-discard")
def _(r): return "meld [7♠ 8♠ 9♠]" in legal(pos(r, "7♠ 8♠ 9♠"))


@probe("hand_romme", lambda v: v)
def _(r):
    g = pos(r, "A♥ 2♥ 3♥ 2♠ 2♦ 2♣ 3♠ 3♦ 3♣ 4♠ 4♦ 4♣ 4♥ 9♣", more="", extra="10♥ 5♦ 6♦ K♠ A♦")
    return "meld [A♥ 2♥ 3♥]" in legal(g)                              # 37 points: only as a Hand-Rommé


@probe("joker_points", lambda v: v)
def _(r): return penalty(r, "🃏")


@probe("stock_renewals", lambda v: v)
def _(r):
    g = pos(r, "2♠ 7♦", more="table: [K♠ K♥ K♣] [8♠ 8♥ 8♦ 8♣] [10♠ 10♥ 10♦ 10♣]\nopened: 0 1\nstock: 9♥\ndiscards: rest", phase="draw")
    most = 0
    while not g.is_over:
        before = Counter(g.hand(g.to_act))
        g.play("draw")
        drawn = next(iter(Counter(g.hand(g.to_act)) - before))
        g.play(f"discard {drawn}")
        most = max(most, g.snapshot().renewals)
    return most


@probe("idle_turns", lambda v: (v, "idle"))
def _(r):
    g = pos(r, "2♠ 7♦", more="table: [K♠ K♥ K♣] [8♠ 8♥ 8♦ 8♣] [10♠ 10♥ 10♦ 10♣]\nopened: 0 1\ndiscards: 5♣",
            phase="draw")
    turns = 0
    while not g.is_over and turns <= 100:  # each takes the top discard and throws it back: only the rule ends this
        top = g.discards[-1]
        g.play("take").play(f"discard {top}")
        turns += 1
    return turns, g.outcome.termination.value


# -- the match -----------------------------------------------------------------------------------------------------
class Rigged(random.Random):
    def shuffle(self, pack):  # drawn from the end: Ann 5♠, Bob 2♦, Cem K♥, Dan A♣
        pack[:] = [39, 25, 27, 4]

    def randrange(self, *args):
        return 1


@probe("first_dealer", lambda v: "Dan" if v.value == "highest-card" else "Bob")
def _(r):
    return draw_for_seats(r, ("Ann", "Bob", "Cem", "Dan"), Rigged())[0]


@probe("next_dealer", lambda v: "left" if v.value == "left" else "winner")
def _(r):
    m = RommeMatch(r, ("Ann", "Bob", "Cem"), seed=1)
    seats = m.seats
    m.add(Outcome(Termination.WIN, 2, (14, 30, 0)))
    return "left" if m.seats[0] == seats[1] else "winner" if m.seats[0] == seats[2] else "?"


# -- the tests ----------------------------------------------------------------------------------------------------------
def test_every_axis_has_a_probe():
    assert set(PROBES) == {ax.name for ax in AXES}


@pytest.mark.parametrize("axis", [ax.name for ax in AXES])
def test_axis_under_the_article(axis):
    observe, expect = PROBES[axis]
    assert observe(R) == expect(getattr(R, axis))


COMPANIONS = [{}, {"max_sequence": 13}, {"jokers": 3, "max_players": 4}, {"jokers": 3, "max_players": 3},
              {"max_players": 4}, {"min_players": 2}]


def other_values(rules, axis):
    ax = AXIS_BY_NAME[axis]
    here = getattr(rules, axis)
    values = ax.choices or [v for v in (here - 1, here + 1, here - 2, here + 2) if ax.minimum <= v <= ax.maximum]
    for v in values:
        if v == here:
            continue
        for extra in COMPANIONS:
            if axis in extra:
                continue
            try:
                yield v, rules.replace(**{axis: v}, **extra)
                break
            except ConflictingRules:
                continue


@pytest.mark.parametrize("axis", [ax.name for ax in AXES])
def test_another_value_would_be_seen(axis):
    observe, expect = PROBES[axis]
    declared = observe(R)
    others = list(other_values(R, axis))
    assert others, f"no consistent rule set with another value of {axis}"
    for v, other in others:
        got = observe(other)
        assert got == expect(v), (axis, v)
        assert got != declared, f"{axis}={v} plays like the declared value"
