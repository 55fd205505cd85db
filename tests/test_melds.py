"""Meld tables: what makes a meld, why a group is not one, shared tables, and the arrangements of a player's melds."""

import pytest

from conquian import RuleSet, variant
from conquian.cards import PackShape, cards, mask_of
from conquian.axes import Rearranging
from conquian.games.conquian.melds import Melding, arrangements, meld_table


@pytest.mark.parametrize("rules, group, ok", [
    ("rummy-ch", "6♠ 7♠ J♠", True),            # the Spanish pack: 7 and jack are adjacent
    ("foster-1913", "8♠ 9♠ 10♠", True),
    ("foster-1913", "9♠ 10♠ A♠", False),        # no high ace
    ("foster-1913(ace=low-or-high)", "9♠ 10♠ A♠", True),
    ("foster-1913(ace=low-or-high)", "10♠ A♠ 2♠", False),
    ("foster-1913(round_the_corner=true)", "10♠ A♠ 2♠", True),
    ("rummy-ch", "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ J♠", True),
    ("rummy-ch", "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ J♠ Q♠", False),   # at most eight
    ("dutch", "K♠ K♥ K♣ K♦", True),
    ("dutch", "K♠ K♥", False),
])
def test_what_is_a_meld(rules, group, ok):
    assert RuleSet.parse(rules).is_meld(group) is ok


@pytest.mark.parametrize("rules, group, reason, axis", [
    ("foster-1913", "9♠ 10♠ A♠", "the ace is low only", "ace"),
    ("foster-1913", "10♠ A♠ 2♠", "may not go round the corner", "round_the_corner"),
    ("foster-1913", "5♠ 5♥", "a set needs at least 3 cards", "min_set"),
    ("foster-1913", "5♠ 6♥ 7♦", "neither of one rank nor of one suit", "min_set"),
    ("foster-1913", "5♠ 7♠ 8♠", "not consecutive", "min_sequence"),
    ("rummy-ch", "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ J♠ Q♠", "a sequence holds at most 8 cards", "max_sequence"),
])
def test_why_a_group_is_not_a_meld_names_the_axis(rules, group, reason, axis):
    t = RuleSet.parse(rules).table
    said, named = t.explain(t.mask(cards(group)))
    assert reason in said and named == axis


def test_a_failed_sequence_prints_in_run_order():
    t = variant("foster-1913").table
    assert t.text(t.mask(cards("A♠ 10♠ 9♠"))) == "9♠ 10♠ A♠"


def test_tables_are_keyed_by_what_makes_a_meld_and_the_cache_is_bounded():
    a = variant("rummy-ch")
    assert a.table is a.replace(scoring="point", forcing="none", add_to_opponent="never").table
    assert meld_table.cache_info().maxsize == 32
    shape13 = PackShape("thirteen", tuple(range(1, 14)))
    t = meld_table(shape13, 3, 4, 3, 13, True, False)
    assert t.is_meld(cards("Q♠ K♠ A♠")) and t.is_meld(cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"))


def test_arrangements_list_every_way_the_melds_can_stand():
    t = variant("foster-1913").table
    old = (mask_of(cards("10♠ 10♥ 10♦ 10♣")),)
    hand = mask_of(cards("9♠ 2♥ 3♥"))
    card = mask_of(cards("8♠"))
    free = arrangements(t, Melding(Rearranging.FREE, lay_off=True, with_the_card=True), old, hand, card)
    assert [" ".join("[" + t.text(m) + "]" for m in arr) for arr in free] == ["[8♠ 9♠ 10♠] [10♥ 10♦ 10♣]"]
    assert arrangements(t, Melding(Rearranging.BORROW, lay_off=True, with_the_card=True), old, hand, card) == free
    assert arrangements(t, Melding(Rearranging.NONE, lay_off=True, with_the_card=True), old, hand, card) == ()
