"""forcing = both (pagat.com's Mexican game): a card put on the opponent's meld and a declined card demanded, in one deal.

The positions are those of the forcing ruling page: the dealer has 2♣ 3♣ 4♣ down and the 5♣ fits it.
"""

import random

import pytest

from conquian import ConflictingRules, Game, IllegalMove, PositionError, parse_rules, position
from conquian.axes import Forcing
from conquian.games.conquian import kernel
from conquian.games.conquian.actions import Kind
from conquian.games.conquian.rules import AXIS_BY_NAME
from conquian.games.conquian.state import Origin, Phase, Role
from conquian.simulation import Engine, Simulation

from support import check_invariants, check_round_trips, play_random

BOTH = "foster-1913(forcing=both)"
ACTIVE = "foster-1913"
REACTIVE = "foster-1913(forcing=reactive, add_to_opponent=never)"
# rummy-ch's rules (reactive, lay-off demands) with active forcing added, and the Dutch page's the same way.
BOTH_RULE_SETS = (BOTH, "rummy-ch(forcing=both, add_to_opponent=only-by-forcing)",
                  "dutch(forcing=both, add_to_opponent=only-by-forcing)",
                  "foster-1913(forcing=both, force_back=false, demanded_use=lay-off, unused_draw=dead)")

TABLE = """
dealer melds: [2♣ 3♣ 4♣]
dealer hand: A♥ 3♥ 4♥ 7♥ 2♦ 5♦ 7♦
pone hand: A♠ 3♠ 7♠ 3♦ 6♦ 5♥ 2♥ 7♣ A♦ 6♠
out: 6♥
"""


def at(rules: str, offer: str) -> Game:
    return position(f"variant: {rules}{TABLE}offer: {offer}\n")


def legal(g: Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


# -- the value ------------------------------------------------------------------------------------------------------
def test_both_reads_prints_and_says_what_it_means():
    rules = parse_rules(BOTH)
    assert rules.forcing is Forcing.BOTH and str(rules) == BOTH and parse_rules(str(rules)) == rules
    ax = AXIS_BY_NAME["forcing"]
    assert ax.reader_words("both") == "both ways"
    assert "opponent's meld" in ax.meaning("both") and "demand" in ax.meaning("both")
    assert [(f.active, f.reactive) for f in Forcing] == [(False, False), (True, False), (False, True), (True, True)]


def test_the_questions_of_both_kinds_arise_under_both():
    both, active, reactive = parse_rules(BOTH), parse_rules(ACTIVE), parse_rules(REACTIVE)
    for name in ("force_back", "forced_lay_out"):
        ax = AXIS_BY_NAME[name]
        assert ax.applies(both) and ax.applies(active) and not ax.applies(reactive), name
        assert ax.applies_when == "forcing is active or both"
    ax = AXIS_BY_NAME["demanded_use"]
    assert ax.applies(both) and ax.applies(reactive) and not ax.applies(active)
    assert ax.applies_when == "forcing is reactive or both"


@pytest.mark.parametrize("rules, axes", [
    ("foster-1913(forcing=both, add_to_opponent=never)", {"forcing", "add_to_opponent"}),
    ("rummy-ch(forcing=both)", {"forcing", "add_to_opponent"}),  # rummy-ch adds to no opponent's meld
    ("foster-1913(forcing=both, lay_off_own=false)", {"forcing", "lay_off_own"}),
])
def test_both_has_the_conflicts_of_each_kind(rules, axes):
    with pytest.raises(ConflictingRules) as info:
        parse_rules(rules)
    assert set(info.value.axes) == axes


# -- each kind, and both at once ------------------------------------------------------------------------------------
def test_the_player_in_turn_may_force_the_card_onto_the_opponents_meld():
    g = at(BOTH, "5♣ drawn by pone")
    assert legal(g) == ["pass", "force [2♣ 3♣ 4♣]"]
    assert g.describe("force [2♣ 3♣ 4♣]") == "lay the 5♣ on the dealer's 2♣ 3♣ 4♣ (forcing)"
    g.play("force [2♣ 3♣ 4♣]")
    assert g.phase is Phase.DISCARD and g.to_act is Role.DEALER and g.down(Role.DEALER) == 4
    assert str(g).splitlines()[-1] == "to discard: dealer (forced)"
    assert str(position(str(g))) == str(g)


def test_a_forcing_move_is_said_with_the_melds_owner_only_where_the_meld_is_the_opponents():
    """Asked why a move is refused, the words name a meld's owner only if the meld is his: after the force, the
    dealer's forced discard onto [2♣ 3♣ 4♣] names a meld that is his own (grown to 2♣-5♣), not the pone's."""
    g = at(BOTH, "5♣ drawn by pone").play("force [2♣ 3♣ 4♣]")
    assert not g.is_legal("discard 5♣ onto [2♣ 3♣ 4♣]")
    assert g.describe("discard 5♣ onto [2♣ 3♣ 4♣]") == "discard the 5♣ onto 2♣ 3♣ 4♣ (forcing)"
    assert g.describe("discard 5♦ onto [A♠ 3♠ 7♠]") == "discard the 5♦ onto A♠ 3♠ 7♠ (forcing)"


def test_a_declined_card_that_fits_the_decliners_meld_may_be_demanded_in_the_same_deal():
    g = at(BOTH, "5♣ drawn by pone")
    assert "force [2♣ 3♣ 4♣]" in legal(g)  # active forcing was open here; the pone lets the card go instead
    g.play("pass")
    assert g.to_act is Role.DEALER and g.origin is Origin.PASSED
    assert g.describe("pass") == "decline the 5♣, though it fits one of his own melds"
    g.play("pass")
    assert g.phase is Phase.REFUSED and g.to_act is Role.PONE and legal(g) == ["demand", "waive"]
    assert str(position(str(g))) == str(g)
    g.play("demand")
    assert g.to_act is Role.DEALER and g.origin is Origin.DEMANDED and legal(g) == ["use [2♣ 3♣ 4♣ 5♣]"]
    assert g.why_illegal("pass") and "must use it" in g.why_illegal("pass")
    g.play("use [2♣ 3♣ 4♣ 5♣]")
    assert g.phase is Phase.DISCARD and g.down(Role.DEALER) == 4
    again = Game.from_record(g.record())
    assert again.record() == g.record() and str(again) == str(g)
    assert [a.kind for _, a in g.history] == [Kind.PASS, Kind.PASS, Kind.DEMAND, Kind.USE]


def test_a_card_passed_by_the_player_whose_meld_it_fits_may_be_forced_on_him_or_demanded_of_him():
    g = at(BOTH, "5♣ passed by dealer")
    assert legal(g) == ["pass", "force [2♣ 3♣ 4♣]", "demand"]
    forced = at(BOTH, "5♣ passed by dealer").play("force [2♣ 3♣ 4♣]")
    demanded = at(BOTH, "5♣ passed by dealer").play("demand")
    assert forced.phase is Phase.DISCARD and forced.to_act is Role.DEALER
    assert demanded.phase is Phase.OFFER and demanded.to_act is Role.DEALER and demanded.origin is Origin.DEMANDED
    for g in (forced, demanded):
        assert str(position(str(g))) == str(g)


def test_under_one_kind_alone_the_other_is_refused_naming_its_rule():
    assert legal(at(ACTIVE, "5♣ passed by dealer")) == ["pass", "force [2♣ 3♣ 4♣]"]
    with pytest.raises(IllegalMove, match=r"there is no demanding: .*rule forcing = active") as info:
        at(ACTIVE, "5♣ passed by dealer").play("demand")
    assert info.value.axis == "forcing"
    assert legal(at(REACTIVE, "5♣ passed by dealer")) == ["pass", "demand"]
    with pytest.raises(IllegalMove, match=r"never adds a card to his opponent's melds .*rule add_to_opponent = never") \
            as info:
        at(REACTIVE, "5♣ passed by dealer").play("force [2♣ 3♣ 4♣]")
    assert info.value.axis == "add_to_opponent"
    # Under active forcing alone a card the dealer declines, though it fits his meld, simply goes.
    g = at(ACTIVE, "5♣ drawn by pone").play("pass")
    assert g.describe("pass").startswith("refuse the 5♣")
    g.play("pass")
    assert g.phase is Phase.OFFER and g.origin is Origin.DRAWN


def test_the_rules_of_each_kind_still_bind_under_both():
    # force_back: a discard is not forced back on its discarder.
    g = at("foster-1913(forcing=both, force_back=false)", "5♣ discarded by dealer")
    assert "force [2♣ 3♣ 4♣]" not in legal(g)
    with pytest.raises(IllegalMove, match=r"cannot be forced back on his melds") as info:
        g.play("force [2♣ 3♣ 4♣]")
    assert info.value.axis == "force_back"
    assert "force [2♣ 3♣ 4♣]" in legal(at(BOTH, "5♣ discarded by dealer"))
    # demanded_use: a demanded card goes on the meld it fits, not into a set of fives.
    fives = position(f"variant: foster-1913(forcing=both, demanded_use=lay-off)"
                     f"{TABLE.replace('A♥', '5♠')}offer: 5♣ demanded of dealer\n")
    assert legal(fives) == ["use [2♣ 3♣ 4♣ 5♣]"]
    with pytest.raises(IllegalMove) as info:
        fives.play("use [2♣ 3♣ 4♣] [5♠ 5♦ 5♣]")
    assert info.value.axis == "demanded_use"
    free = position(str(fives).replace("demanded_use=lay-off", "demanded_use=any"))
    assert "use [2♣ 3♣ 4♣] [5♠ 5♦ 5♣]" in legal(free)


def test_positions_of_either_kind_are_read_under_both_and_only_under_their_own_kind():
    forced = str(at(BOTH, "5♣ drawn by pone").play("force [2♣ 3♣ 4♣]"))
    demanded = str(at(BOTH, "5♣ passed by dealer").play("demand"))
    assert str(position(forced)) == forced and str(position(demanded)) == demanded
    with pytest.raises(PositionError, match=r"no card is forced on a player under these rules"):
        position(forced.replace(BOTH, REACTIVE))
    with pytest.raises(PositionError, match=r"no card is demanded under these rules"):
        position(demanded.replace(BOTH, ACTIVE))


# -- whole deals ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", BOTH_RULE_SETS)
def test_random_play_under_both_keeps_the_invariants_and_reads_back(rules):
    seen = set()

    def check(game, actions):
        check_invariants(game)
        check_round_trips(game, actions)
        seen.update(a.kind for a in actions)
        seen.update("onto" for a in actions if a.kind is Kind.DISCARD and a.onto)

    for seed in range(12):
        g = play_random(Game(rules, seed=seed), random.Random(seed), check)
        check_invariants(g)
        again = Game.from_record(g.record())
        assert again.record() == g.record() and str(again) == str(g) and again.outcome == g.outcome
    # Both kinds came up in these deals: a card forced (held or discarded) and a declined card demanded.
    assert {Kind.FORCE, "onto", Kind.DEMAND} <= seen, seen


@pytest.mark.parametrize("rules", BOTH_RULE_SETS)
def test_the_kernel_plays_both_deal_for_deal_as_the_python_engine(rules):
    assert kernel.plays(parse_rules(rules)) == ""
    if not kernel.available():
        pytest.skip(kernel.why_not(parse_rules(rules), ["random"]))
    for strategy in ("random", "greedy", "greedy,random"):
        python = Simulation(rules, 3, strategy=strategy, engine="python")
        native = Simulation(rules, 3, strategy=strategy, engine="native")
        assert native.engine is Engine.NATIVE
        a, b = python.play(150, keep=True, final=True), native.play(150, keep=True, final=True)
        assert a == b and python.rng.getstate() == native.rng.getstate()
        assert python.summary()["actions"].get("demand", 0) > 0 or strategy != "random"  # demands came up
