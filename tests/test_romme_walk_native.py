"""Rommé's compiled walk (native/romme_walk.c) against the walk in Python (conquian/games/romme/walk.py) and against
Hand-Rommé's layings out (conquian/games/romme/layouts.py): the same answers for every meld, the same listings, and bad
input an error, never a crash.

Without a built walk the comparisons are skipped with the reason shown, and fail under CI (``CI=true``), where it
must have been built (as Conquian's kernel: tests/test_kernel.py).
"""

import os
import random

import pytest

from conquian import RommeGame, variant
from conquian.errors import CardError
from conquian.games.romme import walk
from conquian.games.romme.bags import JOKER_SHIFT, NATURALS, bag
from conquian.games.romme.hands import hand_melds
from conquian.games.romme.layouts import Layouts
from conquian.games.romme.melds import meld_bag
from conquian.games.romme.moves import counts_of
from conquian.games.romme.search import Opening, card_values

from support import depth
from test_romme_search import LARGE_RULES, R, random_hand

RULE_SETS = LARGE_RULES + [R.replace(min_set=2, max_set=3, ace="low-or-high"),
                           R.replace(min_sequence=2, min_naturals=1, going_out="meld-or-discard"),
                           R.replace(round_the_corner=True, max_sequence=13, adjacent_jokers="any", ace="low-or-high")]


def _need_compiled():
    if walk._compiled is not None:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail("the compiled walk must be built under CI (setup.py builds it with the system's C compiler)")
    pytest.skip("the compiled walk is not built here (no C compiler when the package was installed)")


def both(rules, codes, need, keep):
    """The walk in Python and compiled, on the melds of a hand: two {bag: fewest points}."""
    melds = hand_melds(rules.melds, counts_of(codes))
    bags = [meld_bag(m) for m in melds]
    points = [m.first_points(rules.ace_points) for m in melds]
    python = walk.fewest(Opening(melds, rules.ace_points, bags, points), bag(codes), need, keep)
    return python, walk.fewest_compiled(bags, points, bag(codes), need, keep, rules.ace_points)


@pytest.mark.parametrize("trials", depth(60, 300))
def test_the_compiled_walk_answers_as_the_walk_in_python(trials):
    """300 random hands (60 under make test) of 3 to 20 cards (one to three suits, none to six jokers) under eight rule sets, each with
    five first melds from beyond the hand's reach to none at all, keeping a card or not: the same fewest points for
    every bag of every meld."""
    _need_compiled()
    rng = random.Random(7)
    answers = 0
    for trial in range(trials):
        rules = RULE_SETS[trial % len(RULE_SETS)]
        codes = random_hand(rng, 3, (3, 14))
        melds = hand_melds(rules.melds, counts_of(codes))
        best = Opening(melds, rules.ace_points).best(bag(codes), False)
        for need in {best + 5, best, best - 3, best // 2, 0}:
            keep = (trial + need) % 2 == 0
            python, compiled = both(rules, codes, need, keep)
            assert compiled == python, (str(rules), codes, need, keep)
            answers += len(python)
    assert answers > 50_000 * trials // 300


def test_the_compiled_walk_on_the_largest_hands():
    """Twenty-card hands of one suit and six jokers, where the walk meets thousands of sub-hands."""
    _need_compiled()
    rng = random.Random(11)
    for trial in range(12):
        rules = RULE_SETS[trial % len(RULE_SETS)].replace(hand_size=19, max_players=5)
        codes = [c for c in random_hand(rng, 1, (14, 14)) if c != 52] + [52] * (6 - trial % 3)
        most = Opening.bound(bag(codes), rules.ace_points)
        for need in (most - 15, most - 40):
            python, compiled = both(rules, codes, need, trial % 2 == 0)
            assert compiled == python


def test_the_compiled_layings_out_are_those_of_layouts():
    """Hand-Rommé: the melds some laying out of the whole hand uses, with no card left, one, or either, from the
    compiled walk and from :class:`~conquian.games.romme.layouts.Layouts` (its search and its table), on 400 random hands
    of 2 to 14 natural cards of one to four suits with up to six jokers under eight rule sets."""
    _need_compiled()
    rng = random.Random(2)
    used = 0
    for trial in range(400):
        rules = RULE_SETS[trial % len(RULE_SETS)]
        codes = random_hand(rng, rng.randint(1, 4), (2, 14) if trial % 2 else (10, 14))
        melds = hand_melds(rules.melds, counts_of(codes))
        bags = [meld_bag(m) for m in melds]
        hand = bag(codes)
        for none, one in ((False, True), (True, False), (True, True)):
            layouts = Layouts(melds, hand, bags)
            expected = (layouts.used(0) or set() if none else set()) | (layouts.used(1) or set() if one else set())
            assert walk.laid_out_compiled(bags, hand, none, one) == expected, (str(rules), codes, none, one)
            used += len(expected)
    assert used > 20_000


def test_melds_of_more_jokers_than_the_hand_holds_are_part_of_no_answer():
    """A hand's melds (six jokers) asked about the same cards with fewer jokers, where the walks pass by the branches
    that need more jokers than are left: the compiled walk and Hand-Rommé's layings out answer as the walk in Python
    and Layouts, and never with a meld of more jokers than the hand.  Bags of seven jokers (more than any pack) are
    refused (tests/test_native_hostile.py has the other bags no deal holds)."""
    _need_compiled()
    rng = random.Random(13)
    answers = laid = 0
    for trial in range(40):
        rules = RULE_SETS[trial % len(RULE_SETS)]
        codes = [c for c in random_hand(rng, rng.randint(1, 2), (8, 14)) if c != 52] + [52] * 6
        melds = hand_melds(rules.melds, counts_of(codes))
        bags = [meld_bag(m) for m in melds]
        points = [m.first_points(rules.ace_points) for m in melds]
        seven = [(b & NATURALS) + (7 << JOKER_SHIFT) for b in bags[:30]]
        for left in (0, 2, 4):
            hand = bag(codes) - ((6 - left) << JOKER_SHIFT)
            most = Opening.bound(hand, rules.ace_points)
            for need in (most - 12, most // 2):
                python = walk.fewest(Opening(melds, rules.ace_points, bags, points), hand, need, True)
                compiled = walk.fewest_compiled(bags, points, hand, need, True, rules.ace_points)
                assert compiled == python, (str(rules), codes, left, need)
                assert all(b >> JOKER_SHIFT <= left for b in compiled)
                answers += len(compiled)
                with pytest.raises(CardError, match="7 jokers"):
                    walk.fewest_compiled(bags + seven, points + points[:30], hand, need, True, rules.ace_points)
            layouts = Layouts(melds, hand, bags)
            expected = (layouts.used(0) or set()) | (layouts.used(1) or set())
            assert walk.laid_out_compiled(bags, hand, True, True) == expected, (str(rules), codes, left)
            assert all(b >> JOKER_SHIFT <= left for b in expected)
            with pytest.raises(CardError, match="7 jokers"):
                walk.laid_out_compiled(bags + seven, hand, True, True)
            laid += len(expected)
    assert answers > 10_000 and laid > 3_000


def test_the_listings_are_the_same_with_the_compiled_walk_or_without(monkeypatch):
    """Positions of the largest hands under rule sets with the first meld just within reach: legal_actions() the
    same with the compiled walk and with CONQUIAN_NATIVE=0 (the searches and the walk in Python)."""
    _need_compiled()
    rng = random.Random(5)
    ranks = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    other = " ".join([f"{r}{s}" for s in "♣♦" for r in ranks][:19])
    texts = []
    for trial in range(24):
        rules = RULE_SETS[trial % len(RULE_SETS)].replace(hand_size=19, max_players=5,
                                                          first_meld=[60, 120, 160][trial % 3])
        pool = [f"{r}{s}" for s in rng.sample("♠♥", rng.randint(1, 2)) for r in ranks] * 2
        jokers = rng.randint(0, 6)
        hand = ["🃏"] * jokers + rng.sample(pool, 20 - jokers)
        texts.append(f"variant: {rules}\nplayers: 2\nhand 0: {' '.join(hand)}\nhand 1: {other}\n"
                     f"discards: 9♣\nto play: 0\n")
    listings = []
    for native in ("1", "0"):
        monkeypatch.setenv("CONQUIAN_NATIVE", native)
        assert walk.compiled() == (native == "1")
        listings.append([RommeGame.from_position(t).legal_actions() for t in texts])
    assert listings[0] == listings[1]
    assert sum(len(a) for a in listings[0]) > 10_000


@pytest.mark.parametrize("args, error, says", [
    (("no list", [], 0, 40, True, card_values(11)), TypeError, "list"),
    (([1 << 4], [], 1 << 4, 40, True, card_values(11)), ValueError, "1 melds but 0 points"),
    (([1 << 4], [10], 1 << 4, 40, True, card_values(11)[:10]), ValueError, "values"),
    ((["3♠"], [10], 1 << 4, 40, True, card_values(11)), TypeError, "meld 0"),
    (([-1], [10], 1 << 4, 40, True, card_values(11)), ValueError, "meld 0"),
    (([1 << 300], [10], 1 << 4, 40, True, card_values(11)), ValueError, "meld 0"),
    (([3 << JOKER_SHIFT], [10], (1 << 4) + (3 << JOKER_SHIFT), 5, True, card_values(11)), ValueError,
     "natural card"),
    (([1 << 4], [10], (1 << 4) + (7 << JOKER_SHIFT), 5, True, card_values(11)), ValueError, "7 jokers"),
    (([8 << 4], [10], 8 << 4, 5, True, card_values(11)), ValueError, "8 copies"),
    (([1 << 4], [10 ** 9], 1 << 4, 5, True, card_values(11)), ValueError, "out of range"),
    (([1 << 4], [10], 1 << 4, 5, True, ["x"] * 53), TypeError, "int"),
    (([True], [1], 1 << 4, 0, True, card_values(11)), TypeError, "not bool"),
    (([1 << 4], [1], (1 << 212) + (1 << 4), 0, True, card_values(11)), ValueError, "past the jokers"),
    (([1 << 4], [1], 1 << 4, 0, True, [-100] * 53), ValueError, "out of range"),
    (([1 << 4], [100], 1 << 4, 0, True, card_values(11)), ValueError, "more than its cards can count"),
])
def test_bad_input_to_the_compiled_walk_is_an_error(args, error, says):
    _need_compiled()
    with pytest.raises(error, match=says):
        walk._compiled.fewest(*args)


@pytest.mark.parametrize("args, error, says", [
    (((1 << 4,), 1 << 4, True, True), TypeError, "list"),
    (([1 << 4], "hand", True, True), TypeError, "hand"),
    (([1 << 4, None], 1 << 4, True, True), TypeError, "meld 1"),
    (([1 << 4], -5, True, True), ValueError, "hand"),
    (([3 << JOKER_SHIFT], 1 << 4, True, True), ValueError, "natural card"),
    (([1 << 4], (1 << 4) + (9 << JOKER_SHIFT), True, True), CardError, "9 jokers"),
])
def test_bad_input_to_the_compiled_layings_out_is_an_error(args, error, says):
    _need_compiled()
    with pytest.raises(error, match=says):
        walk._compiled.laid_out(*args)


def test_a_list_changed_while_it_is_read_is_an_error_not_a_crash():
    """An object that empties the list it sits in when asked for its value (found by an adversarial review: it
    crashed the interpreter) is refused before any of its code runs."""
    _need_compiled()

    class Emptying:
        def __init__(self, items):
            self.items = items

        def __index__(self):
            self.items.clear()
            return 1

    points = [1, 1, 1, 1]
    points[0] = Emptying(points)
    with pytest.raises(TypeError, match="points of meld 0"):
        walk._compiled.fewest([16, 256, 4096, 65536], points, 69904, 0, False, card_values(11))
    values = card_values(11)[:]
    values[0] = Emptying(values)
    with pytest.raises(TypeError, match="value of card code 0"):
        walk._compiled.fewest([16], [1], 16, 0, True, values)
    assert len(points) == 4 and len(values) == 53  # (nothing of theirs ran)


def test_needs_beyond_any_machine_int_are_answered_as_in_python():
    _need_compiled()
    python, compiled = both(R, [0, 1, 2, 3, 52], 2 ** 40, True)
    assert python == compiled == {}
    python, compiled = both(R, [0, 1, 2, 3, 52], -2 ** 40, False)
    assert python == compiled and compiled


def test_the_compiled_walk_can_be_switched_off(monkeypatch):
    _need_compiled()
    monkeypatch.setenv("CONQUIAN_NATIVE", "0")
    assert not walk.compiled()
    monkeypatch.delenv("CONQUIAN_NATIVE")
    assert walk.compiled()
