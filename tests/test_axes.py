"""Each axis under each source: a probe observes what the engine does, and the observation must follow the value.

One entry per axis, declared with ``@probe(axis, expect)``: the probe plays something under a rule set and
returns what it saw; ``expect(value)`` says what it must see for each value of the axis.  Adding an axis is one
more entry here.  For every source and every other value of an axis, the probe must see something else: a
declared value that changed would fail here, at the probe's line.
"""

from __future__ import annotations

import pytest

from conquian import DECLARATIONS, VARIANTS, ConflictingRules, Game, Kind, Match, PositionError, position
from conquian.games.conquian.rules import AXES, AXIS_BY_NAME, Pack
from conquian.games.conquian.state import Outcome, Role, Termination

from support import CONQUIAN

SOURCES = CONQUIAN
PROBES: dict[str, tuple] = {}


def probe(axis: str, expect):
    def register(fn):
        PROBES[axis] = (fn, expect)
        return fn
    return register


def kinds(game) -> set:
    return {a.kind for a in game.legal_actions()}


def pos(rules, body: str):
    return position(f"variant: {rules}\n{body}")


def spades(rules, n: int):
    return [c for c in rules.deck if c.suit == 0][:n]


# A simple position in the Spanish pack; each probe adapts it through rule overrides.
BASE = """
dealer hand: 6♦ J♣ A♦ 2♦ Q♦ 3♣ 7♣
dealer melds: [2♥ 3♥ 4♥]
pone hand: 6♠ 7♠ K♠ A♥ K♥ K♦ 4♣
pone melds: [A♠ 2♠ 3♠]
"""
JACKS = """
dealer hand: J♠ J♥ J♦ A♦ 2♦ Q♦ 7♣
dealer melds: [2♥ 3♥ 4♥]
pone hand: A♠ 2♠ 3♠ 6♠ 7♠ K♠ A♥ K♥ K♦ 4♣
"""


def spanish(r):
    """The rule set in the Spanish pack, ten dealt and eleven down to win, as the probes' positions are written."""
    return r.replace(pack="spanish", hand_size=10, cards_to_win=11)


# -- the cards -------------------------------------------------------------------------------------------------
@probe("pack", lambda v: (1, 2, 3, 4, 5, 6, 7, 11, 12, 13) if v is Pack.SPANISH else tuple(range(1, 11)))
def _(r): return tuple(sorted({c.rank for c in r.deck}))


@probe("min_set", lambda v: v)
def _(r): return next(n for n in (2, 3, 4) if r.is_meld([c for c in r.deck if c.rank == 5][:n]))


@probe("max_set", lambda v: v)
def _(r): return max(n for n in (2, 3, 4) if r.is_meld([c for c in r.deck if c.rank == 5][:n]))


@probe("min_sequence", lambda v: v)
def _(r): return next(n for n in range(2, 11) if r.is_meld(spades(r, n)))


@probe("max_sequence", lambda v: v)
def _(r): return max(n for n in range(2, 11) if r.is_meld(spades(r, n)))


@probe("ace", lambda v: v.value == "low-or-high")
def _(r): return r.is_meld(spades(r, 10)[-2:] + [r.deck[0]])        # the two highest spades and the ace


@probe("round_the_corner", lambda v: v)
def _(r): return r.is_meld(spades(r, 10)[-1:] + list(r.deck[:2]))    # the highest spade, the ace and the 2


# -- the deal ---------------------------------------------------------------------------------------------------
def _seated(r, n: int) -> bool:
    try:
        Game(r, n, seed=1)
    except PositionError:
        return False
    return True


@probe("max_players", lambda v: v)
def _(r): return max(n for n in (2, 3) if _seated(r, n))


@probe("exchange", lambda v: v)
def _(r): return Game(r, seed=1).phase.value == "exchange"


@probe("hand_size", lambda v: v)
def _(r): return len(Game(r, seed=3).hand("pone"))


@probe("deal_packet", lambda v: v >= 2)
def _(r):
    g = Game(r, pack=r.deck, cut=r.min_cut)
    after_cut = r.deck[r.min_cut:] + r.deck[:r.min_cut]
    return after_cut[1] in g.hand("pone")  # the pone's second card came in the same packet


def _first_card(r):
    """A fresh deal at its first card: the exchange, where there is one, played first."""
    g = Game(r, seed=3)
    while g.phase.value == "exchange":
        g.play(g.legal_actions()[0])
    return g


@probe("turn_up", lambda v: "turned up" if v else "drawn")
def _(r): return _first_card(r).origin.value


def _cut_ok(r, k):
    try:
        Game(r, pack=r.deck, cut=k)
        return True
    except PositionError:
        return False


@probe("min_cut", lambda v: tuple(k for k in (1, 2, 3, 4, 5) if k >= v))
def _(r): return tuple(k for k in (1, 2, 3, 4, 5) if _cut_ok(r, k))


@probe("first_say", lambda v: v.value)
def _(r): return str(Game(r, seed=3).to_act)


@probe("misdeal", lambda v: "misdeal" if v.value == "new-deal" else "play on")
def _(r):
    g = Game(r, seed=3).report("a card faced in the pack")
    return str(g.outcome) if g.is_over else "play on"


# -- the say ------------------------------------------------------------------------------------------------------
@probe("drawn_to_hand", lambda v: v)
def _(r): return Kind.TAKE in kinds(pos(spanish(r), BASE + "offer: Q♠ drawn by pone"))


@probe("unused_draw", lambda v: v.value == "offered")
def _(r):
    g = pos(spanish(r), BASE + "offer: Q♠ drawn by pone").play("pass")
    return g.offer is not None and str(g.to_act) == "dealer" and g.offer.ascii == "QS"


@probe("refused_card", lambda v: (1, 0) if v.value == "turned-down" else (0, 1))
def _(r):
    g = pos(spanish(r), BASE + "offer: Q♠ discarded by dealer").play("pass")
    return len(g.turned_down), len(g.discard_pile)


# -- melding --------------------------------------------------------------------------------------------------------
@probe("hand_cards", lambda v: v.value == "any")
def _(r):
    # Using 5♥ on his run, may the dealer also lay out his three jacks?
    g = pos(spanish(r).replace(meld_without_use=False), JACKS + "offer: 5♥ drawn by dealer")
    return g.is_legal("use [2♥ 3♥ 4♥ 5♥] [J♠ J♥ J♦]")


@probe("meld_without_use", lambda v: v)
def _(r):
    rules = spanish(r).replace(hand_cards="any") if r.meld_without_use else spanish(r)
    return Kind.LAY in kinds(pos(rules, JACKS + "offer: Q♠ drawn by dealer"))


@probe("lay_off_own", lambda v: v)
def _(r): return pos(spanish(r), BASE + "offer: 5♥ discarded by pone").is_legal("use [2♥ 3♥ 4♥ 5♥]")


@probe("add_to_opponent", lambda v: v.value == "only-by-forcing")
def _(r): return Kind.FORCE in kinds(pos(spanish(r), BASE + "offer: 5♥ drawn by pone"))


@probe("forcing", lambda v: v.value)
def _(r):
    # The pone turns 5♥, which fits the dealer's run: may he put it there?  The dealer turns 5♥ and passes it
    # although it fits his run: may the pone demand that he take it?
    active = Kind.FORCE in kinds(pos(spanish(r), BASE + "offer: 5♥ drawn by pone"))
    g = pos(spanish(r), BASE + "offer: 5♥ drawn by dealer").play("pass")
    reactive = Kind.DEMAND in kinds(g)
    return "both" if active and reactive else "active" if active else "reactive" if reactive else "none"


@probe("force_back", lambda v: v)
def _(r): return Kind.FORCE in kinds(pos(spanish(r), BASE + "offer: 5♥ discarded by dealer"))


@probe("force_discard", lambda v: v)
def _(r):
    # The pone uses the 4♠ and must discard: may he put his A♥ on the dealer's run instead of offering it?
    g = pos(spanish(r), BASE + "offer: 4♠ drawn by pone").play("use [A♠ 2♠ 3♠ 4♠]")
    return any(a.kind is Kind.DISCARD and a.onto for a in g.legal_actions())


@probe("force_regrouping", lambda v: v)
def _(r):
    # The 7♣ fits the dealer's clubs only if his 6♣ leaves his four sixes for them: may the pone regroup them so?
    g = pos(spanish(r), """
        dealer hand: A♥ 2♥ 3♥
        dealer melds: [6♥ 6♦ 6♠ 6♣] [3♣ 4♣ 5♣]
        pone hand: A♠ 2♠ 3♦ 4♦ 5♦ 7♥ K♣
        pone melds: [J♠ Q♠ K♠]
        offer: 7♣ drawn by pone""")
    return g.is_legal("force as [3♣ 4♣ 5♣ 6♣ 7♣] [6♠ 6♥ 6♦]")


@probe("forced_lay_out", lambda v: v)
def _(r):
    # Nine down and the J♦ in hand; forced with the 5♥, the dealer could lay off the J♦ and have eleven down.
    g = pos(spanish(r), """
        dealer hand: J♦
        dealer melds: [2♥ 3♥ 4♥] [K♠ K♥ K♣] [5♦ 6♦ 7♦]
        pone hand: A♠ 2♠ 3♠ 6♠ 7♠ A♥ K♦ 4♣ 3♣ 7♣
        offer: 5♥ drawn by pone""").play("force [2♥ 3♥ 4♥]")
    return Kind.LAY in kinds(g)


@probe("demanded_use", lambda v: v.value == "any")
def _(r):
    # Made to take the 5♥, which fits his run: may he meld it with his two fives instead?
    g = pos(spanish(r), BASE.replace("6♦ J♣ A♦", "5♠ 5♦ J♣") + "offer: 5♥ demanded of dealer")
    return g.is_legal("use [2♥ 3♥ 4♥] [5♠ 5♥ 5♦]")


@probe("rearranging", lambda v: v.value)
def _(r):
    # Which regroupings may the dealer make with the J♠ he drew?  A set of four lends a king to a new meld (borrow);
    # three sets of three become three sequences (free only); a new meld is made (with-new-meld allows that).
    # Cards from the table count toward a new meld here, as two_hand_cards=false has it (its own probe is below).
    r = r.replace(two_hand_cards=False) if r.two_hand_cards else r
    g = pos(spanish(r), """
        dealer hand: Q♠ 2♥ 3♥ 6♦ 4♣ 5♣
        dealer melds: [K♠ K♥ K♦ K♣]
        pone hand: A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ A♥ 5♥ 6♥
        offer: J♠ drawn by dealer""")
    lend = g.is_legal("use [J♠ Q♠ K♠] [K♥ K♦ K♣]")
    h = pos(spanish(r), """
        dealer hand: 2♥
        dealer melds: [5♠ 5♦ 5♣] [6♠ 6♦ 6♣] [7♠ 7♦ 7♣]
        pone hand: A♠ 2♠ 3♠ 4♠ A♥ 3♥ 4♥ A♦ 2♦ 3♦
        offer: J♠ drawn by dealer""")
    regroup = h.is_legal("use [5♠ 6♠ 7♠ J♠] [5♦ 6♦ 7♦] [5♣ 6♣ 7♣]")
    return {(False, False): "none", (True, False): "borrow" if borrow_into_old(r) else "with-new-meld",
            (True, True): "free"}[(lend, regroup)]


@probe("two_hand_cards", lambda v: not v)
def _(r):
    # The dealer draws the 6♦ with one six in hand: may the six of his run make the third of a new set?
    g = pos(spanish(r), """
        dealer hand: 6♥ A♠ 2♥ J♦ Q♦ 7♣
        dealer melds: [3♣ 4♣ 5♣ 6♣]
        pone hand: A♥ 2♠ 3♠ 4♠ 5♠ 7♠ K♥ K♦ K♠ 7♦
        offer: 6♦ drawn by dealer""")
    return g.is_legal("use [3♣ 4♣ 5♣] [6♥ 6♦ 6♣]")


def borrow_into_old(r) -> bool:
    """Whether a borrowed card may go onto another old meld (borrow: yes; with-new-meld: only into a new one)."""
    g = pos(spanish(r), """
        dealer hand: 2♥ 3♥ 4♣
        dealer melds: [K♠ K♥ K♦ K♣] [J♦ Q♦ 7♦]
        pone hand: A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ A♥ 5♥ 6♥
        offer: 6♦ drawn by dealer""".replace("[J♦ Q♦ 7♦]", "[7♦ J♦ Q♦]"))
    return g.is_legal("use [6♦ 7♦ J♦ Q♦ K♦] [K♠ K♥ K♣]")


# -- the end ---------------------------------------------------------------------------------------------------------
@probe("cards_to_win", lambda v: v if v <= 10 else None)
def _(r):
    # How many cards down end the deal?  The dealer lays out 4 to 9 cards in all, or 10 in a second position.  (The
    # engine's verdict, not the rule set's number: a probe that read ``r.cards_to_win`` would compare it with itself.)
    rules = r.replace(pack="spanish", hand_size=10, meld_without_use=True, hand_cards="any")
    lays = {4: "[2♥ 3♥ 4♥ 5♥]", 5: "[2♥ 3♥ 4♥ 5♥ 6♥]", 6: "[2♥ 3♥ 4♥ 5♥ 6♥ 7♥]", 7: "[2♥ 3♥ 4♥ 5♥] [J♠ J♥ J♦]",
            8: "[2♥ 3♥ 4♥ 5♥ 6♥] [J♠ J♥ J♦]", 9: "[2♥ 3♥ 4♥ 5♥ 6♥ 7♥] [J♠ J♥ J♦]"}
    for n, lay in lays.items():
        g = pos(rules, """
            dealer hand: 5♥ 6♥ 7♥ J♠ J♥ J♦ K♠
            dealer melds: [2♥ 3♥ 4♥]
            pone hand: A♠ 2♠ 3♠ 6♠ 7♠ Q♠ A♥ 6♦ 7♦ K♦
            stock: rest
            offer: 4♣ drawn by dealer""")
        if g.play(f"lay {lay}").is_over:
            return n
    g = pos(rules, """
        dealer hand: J♠ J♥ J♦
        dealer melds: [2♥ 3♥ 4♥ 5♥] [K♠ K♥ K♣]
        pone hand: A♠ 2♠ 3♠ 6♠ 7♠ Q♠ A♥ 6♥ 7♥ K♦
        stock: rest
        offer: 4♣ drawn by dealer""")
    return 10 if g.play("lay [2♥ 3♥ 4♥ 5♥] [J♠ J♥ J♦] [K♠ K♥ K♣]").is_over else None


@probe("last_discard_counts", lambda v: v)
def _(r):
    # Nine down and one card in hand; he lays off the card drawn and must discard his last card.
    g = pos(spanish(r), """
        pone hand: 7♣
        pone melds: [K♠ K♥ K♣] [3♥ 4♥ 5♥] [A♦ 2♦ 3♦]
        dealer hand: A♠ 2♠ 3♠ 4♠ 5♠ 6♠ A♥ 2♥ J♦ Q♦
        offer: 6♥ drawn by pone""")
    g.play("use [K♠ K♥ K♣] [3♥ 4♥ 5♥ 6♥] [A♦ 2♦ 3♦]").play("discard 7♣")
    return g.is_over


@probe("stock_exhausted", lambda v: "tableau")
def _(r):
    g = pos(spanish(r), BASE.replace("dealer melds: [2♥ 3♥ 4♥]", "dealer melds: [2♥ 3♥ 4♥ 5♥]")
            .replace("6♦ J♣ A♦", "J♣ A♦") + "out: rest\noffer: Q♠ discarded by dealer").play("pass")
    return str(g.outcome)


# -- the match --------------------------------------------------------------------------------------------------------
@probe("scoring", lambda v: {"point": {"A": 0, "B": 1}, "stake": {"A": -1, "B": 1}, "pips": {"A": -17, "B": 17}}[v.value])
def _(r):
    m = Match(r)  # A deals, B is the pone
    m.add(Outcome(Termination.WIN, Role.PONE, loser_pips=17))
    return m.scores


@probe("tableau_stake", lambda v: {"carried": 3, "doubled": 4, "doubled-once": 2, "lapses": 1}[v.value])
def _(r):
    m = Match(r.replace(scoring="point"))
    m.add("tableau"), m.add("tableau")
    return m.add("pone wins")


@probe("dealer_rotation", lambda v: {"alternate": "SS", "winner-deals": "NS", "loser-deals": "SN"}[v.value])
def _(r):
    after = ""
    for result in ("dealer wins", "pone wins"):  # North deals; then who deals the next game?
        m = Match(r, players=("N", "S"), first_dealer="N")
        m.add(result)
        after += m.dealer
    return after


# -- the tests ------------------------------------------------------------------------------------------------------------
def test_every_axis_has_a_probe():
    assert set(PROBES) == {ax.name for ax in AXES}


#: Each (axis, source) where the question arises under the source's rules, and each where it does not.
ARISES = [(ax.name, s) for s in SOURCES for ax in AXES if ax.applies(VARIANTS[s])]
DOES_NOT_ARISE = [(ax.name, s) for s in SOURCES for ax in AXES if not ax.applies(VARIANTS[s])]


@pytest.mark.parametrize("axis, source", ARISES)
def test_axis_under_source(axis, source):
    observe, expect = PROBES[axis]
    rules = VARIANTS[source]
    assert observe(rules) == expect(getattr(rules, axis))


@pytest.mark.parametrize("axis, source", DOES_NOT_ARISE)
def test_nothing_is_declared_where_the_question_does_not_arise(axis, source):
    assert axis not in DECLARATIONS[source].entries, \
        f"{source} declares {axis}, which does not arise under its rules (only when {AXIS_BY_NAME[axis].applies_when})"


# Settings that must change together with an axis for the rule set to stay consistent.
COMPANIONS = [{}, {"add_to_opponent": "never"}, {"add_to_opponent": "only-by-forcing"}, {"forcing": "active"},
              {"forcing": "none", "add_to_opponent": "never"}, {"forcing": "none"}, {"hand_cards": "any"},
              {"meld_without_use": False}]


def other_values(rules, axis):
    """Every other value of the axis (for a number, its neighbours), each with the fewest companion changes."""
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


@pytest.mark.parametrize("axis, source", [(a, s) for a, s in ARISES if a != "stock_exhausted"])
def test_another_value_would_be_seen(axis, source):
    observe, expect = PROBES[axis]
    rules = VARIANTS[source]
    declared = observe(rules)
    others = list(other_values(rules, axis))
    assert others, f"no consistent rule set with another value of {axis}"
    for v, other in others:
        got = observe(other)
        assert got == expect(v), (axis, v)
        assert got != declared, f"{source}: {axis}={v} plays like the declared value"
