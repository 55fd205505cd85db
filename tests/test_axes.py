"""Each axis under each source: a probe observes what the engine does, and the observation must follow the declared value.

For every axis with more than one possible value, flipping the value must change what the probe observes,
so no axis is a flag without a rule behind it.
"""

import pytest

from conquian import VARIANTS, ConflictingRules, Game, Match, PositionError, position
from conquian.actions import Kind
from conquian.game import Outcome, Role, Termination
from conquian.rules import AXES, AXIS_BY_NAME, Pack

SOURCES = list(VARIANTS)


def kinds(game):
    return {a.kind for a in game.legal_actions()}


def run_of(rules, n):
    return [c for c in rules.deck if c.suit == 0][:n]


def pos(rules, body):
    return position(f"variant: {rules}\n{body}")


# A simple position in the Spanish pack; each probe adapts it through rule overrides.
BASE = """
dealer hand: 6♦ J♣ A♦ 2♦ Q♦ 3♣ 7♣
dealer melds: [2♥ 3♥ 4♥]
pone hand: A♠ 2♠ 3♠ 6♠ 7♠ K♠ A♥ K♥ K♦ 4♣
"""


def probe(axis, rules):
    r = rules
    if axis == "pack":
        return tuple(sorted({c.rank for c in r.deck}))
    if axis in ("min_set", "max_set"):
        s = tuple(n for n in (2, 3, 4) if r.is_meld([c for c in r.deck if c.rank == 5][:n]))
        return s[0] if axis == "min_set" else s[-1]
    if axis in ("min_sequence", "max_sequence"):
        s = tuple(n for n in range(2, 11) if r.is_meld(run_of(r, n)))
        return s[0] if axis == "min_sequence" else s[-1]
    if axis == "ace":
        top = [c for c in r.deck if c.suit == 0][-2:]  # the two highest spades
        return r.is_meld(top + [r.deck[0]])
    if axis == "round_the_corner":
        top = [c for c in r.deck if c.suit == 0][-1:]
        return r.is_meld(top + list(r.deck[:2]))
    if axis == "hand_size":
        return len(Game(r, seed=3).hand("pone"))
    if axis == "deal_packet":
        g = Game(r, pack=r.deck, cut=r.min_cut)
        after_cut = r.deck[r.min_cut:] + r.deck[:r.min_cut]
        return after_cut[1] in g.hand("pone")  # the pone's second card came in the same packet
    if axis == "turn_up":
        return Game(r, seed=3).origin.value
    if axis == "min_cut":
        return tuple(k for k in (1, 2, 3, 4, 5) if _cut_ok(r, k))
    if axis == "first_say":
        return str(Game(r, seed=3).to_act)
    sp = r.replace(pack="spanish")
    if axis == "drawn_to_hand":
        return Kind.TAKE in kinds(pos(sp, BASE + "offer: Q♠ drawn by pone"))
    if axis == "unused_draw":
        g = pos(sp, BASE + "offer: Q♠ drawn by pone").play("pass")
        return g.offer is not None and str(g.to_act) == "dealer" and g.offer.ascii == "QS"
    if axis == "refused_card":
        g = pos(sp, BASE + "offer: Q♠ discarded by dealer").play("pass")
        return (len(g.turned_down), len(g.discard_pile))
    if axis == "hand_cards":
        # Using 5♥ on the dealer's run, may he also lay off? No other meld in hand here: give him three jacks.
        g = pos(sp.replace(meld_without_use=False), """
            dealer hand: J♠ J♥ J♦ A♦ 2♦ Q♦ 7♣
            dealer melds: [2♥ 3♥ 4♥]
            pone hand: A♠ 2♠ 3♠ 6♠ 7♠ K♠ A♥ K♥ K♦ 4♣
            offer: 5♥ drawn by dealer""")
        return g.is_legal("use [2♥ 3♥ 4♥ 5♥] [J♠ J♥ J♦]")
    if axis == "meld_without_use":
        g = pos(sp.replace(hand_cards="any") if r.meld_without_use else sp, """
            dealer hand: J♠ J♥ J♦ A♦ 2♦ Q♦ 7♣
            dealer melds: [2♥ 3♥ 4♥]
            pone hand: A♠ 2♠ 3♠ 6♠ 7♠ K♠ A♥ K♥ K♦ 4♣
            offer: Q♠ drawn by dealer""")
        return Kind.LAY in kinds(g)
    if axis == "lay_off_own":
        return pos(sp, BASE + "offer: 5♥ discarded by pone").is_legal("use [2♥ 3♥ 4♥ 5♥]")
    if axis in ("add_to_opponent", "forcing"):
        # The pone turns 5♥, which fits the dealer's run [2♥ 3♥ 4♥]: may he put it there?
        active = Kind.FORCE in kinds(pos(sp, BASE + "offer: 5♥ drawn by pone"))
        if axis == "add_to_opponent":
            return active
        # The dealer turns 5♥ and passes it although it fits his run: may the pone demand he take it?
        g = pos(sp, BASE + "offer: 5♥ drawn by dealer").play("pass")
        reactive = Kind.DEMAND in kinds(g)
        return "active" if active else "reactive" if reactive else "none"
    if axis == "rearranging":
        g = pos(sp, """
            dealer hand: Q♠ 2♥ 3♥ 6♦ 4♣ 5♣
            dealer melds: [K♠ K♥ K♦ K♣]
            pone hand: A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ A♥ 5♥ 6♥
            offer: J♠ drawn by dealer""")
        return g.is_legal("use [J♠ Q♠ K♠] [K♥ K♦ K♣]")
    if axis == "cards_to_win":
        return r.cards_to_win
    if axis == "last_discard_counts":
        # Nine down and one card in hand; he lays off the card drawn and must discard his last card.
        g = pos(sp, """
            pone hand: 7♣
            pone melds: [K♠ K♥ K♣] [3♥ 4♥ 5♥] [A♦ 2♦ 3♦]
            dealer hand: A♠ 2♠ 3♠ 4♠ 5♠ 6♠ A♥ 2♥ J♦ Q♦
            offer: 6♥ drawn by pone""")
        g.play("use [K♠ K♥ K♣] [3♥ 4♥ 5♥ 6♥] [A♦ 2♦ 3♦]").play("discard 7♣")
        return g.is_over
    if axis == "stock_exhausted":
        g = pos(sp, BASE + "out: rest\noffer: Q♠ discarded by dealer").play("pass")
        return str(g.outcome)
    if axis == "scoring":
        m = Match(r)
        return m.add(Outcome(Termination.WIN, Role.PONE, loser_pips=17))
    if axis == "tableau_stake":
        m = Match(r.replace(scoring="point"))
        m.add("tableau"), m.add("tableau")
        return m.add("pone wins")
    if axis == "dealer_rotation":
        m = Match(r, players=("N", "S"), first_dealer="N")
        m.add("pone wins")
        return m.dealer
    raise AssertionError(f"no probe for axis {axis}")


def _cut_ok(r, k):
    try:
        Game(r, pack=r.deck, cut=k)
        return True
    except PositionError:
        return False


EXPECTED = {
    "pack": lambda v: (1, 2, 3, 4, 5, 6, 7, 11, 12, 13) if v is Pack.SPANISH else tuple(range(1, 11)),
    "min_set": lambda v: v, "max_set": lambda v: v, "min_sequence": lambda v: v, "max_sequence": lambda v: v,
    "ace": lambda v: v.value == "low-or-high",
    "round_the_corner": lambda v: v,
    "hand_size": lambda v: v,
    "deal_packet": lambda v: v >= 2,
    "turn_up": lambda v: "turned up" if v else "drawn",
    "min_cut": lambda v: tuple(k for k in (1, 2, 3, 4, 5) if k >= v),
    "first_say": lambda v: v.value,
    "drawn_to_hand": lambda v: v,
    "unused_draw": lambda v: v.value == "offered",
    "refused_card": lambda v: (1, 0) if v.value == "turned-down" else (0, 1),
    "hand_cards": lambda v: v.value == "any",
    "meld_without_use": lambda v: v,
    "lay_off_own": lambda v: v,
    "add_to_opponent": lambda v: v.value == "only-by-forcing",
    "forcing": lambda v: v.value,
    "rearranging": lambda v: v.value == "free",
    "cards_to_win": lambda v: v,
    "last_discard_counts": lambda v: v,
    "stock_exhausted": lambda v: "tableau",
    "scoring": lambda v: 17 if v.value == "pips" else 1,
    "tableau_stake": lambda v: 3 if v.value == "carried" else 4,
    "dealer_rotation": lambda v: {"alternate": "S", "winner-deals": "S", "loser-deals": "N"}[v.value],
}


def test_every_axis_has_a_probe_and_an_expectation():
    assert set(EXPECTED) == {ax.name for ax in AXES}


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("axis", [ax.name for ax in AXES])
def test_axis_under_source(axis, source):
    rules = VARIANTS[source]
    assert probe(axis, rules) == EXPECTED[axis](getattr(rules, axis))


# Settings that must change together with an axis for the rule set to stay consistent.
COMPANIONS = [{}, {"add_to_opponent": "never"}, {"add_to_opponent": "only-by-forcing"}, {"forcing": "active"},
              {"forcing": "none", "add_to_opponent": "never"}, {"forcing": "none"}, {"hand_cards": "any"}, {"meld_without_use": False}]


def _flipped(rules, axis):
    """The same rules with this axis set to each other value, with the fewest companion changes that keep them consistent."""
    ax = AXIS_BY_NAME[axis]
    for v in ax.choices:
        if v == getattr(rules, axis):
            continue
        for extra in COMPANIONS:
            if axis in extra:
                continue
            try:
                yield v, rules.replace(**{axis: v}, **extra)
                break
            except ConflictingRules:
                continue
        else:
            raise AssertionError(f"no consistent rule set with {axis}={v}")


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("axis", [ax.name for ax in AXES if ax.choices and len(ax.choices) > 1])
def test_changing_an_axis_changes_play(axis, source):
    rules = VARIANTS[source]
    seen = {repr(probe(axis, rules))}
    for v, other in _flipped(rules, axis):
        got = probe(axis, other)
        assert got == EXPECTED[axis](v), (axis, v)
        seen.add(repr(got))
    assert len(seen) > 1
