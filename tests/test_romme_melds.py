"""Rommé melds: the article's examples, the points of a first meld, meld text, and every meld a hand can make
against a brute-force enumeration judged by the independent checker."""

import itertools

import pytest
from hypothesis import given, settings, strategies as st

from conquian import CardError, cards, variant
from conquian.games.romme.hands import hand_melds
from conquian.games.romme.melds import NONE, RUN, SET, Meld, read_meld
from conquian.games.romme.moves import counts_of

from support_romme import is_meld, items

R = variant("romme-spielwiki")
MR = R.melds


@pytest.mark.parametrize("text", [
    "K♥ K♦ K♣", "3♠ 3♥ 3♦ 3♣",                      # K–K–♣K, ♠3–3–3–♣3 (red suits reconstructed)
    "A♥ 2♥ 3♥", "8♥ 9♥ 10♥ J♥", "Q♣ K♣ A♣",        # A–2–3, 8–9–10–B, ♣D–♣K–♣A
    "J♣ Q♣ 🃏=K♣ A♣", "6♠ 6♥ 🃏",                   # ♣B–♣D–J–♣A, ♠6–6–J
    "3♠ 🃏=4♠ 🃏=5♠ 6♠",                              # ♠3–JJ–♠6
    "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",   # ace to king to ace (max_sequence = 14)
    "2♦ 🃏=3♦ 4♦ 🃏=5♦ 6♦",
])
def test_the_articles_melds_are_melds(text):
    m = read_meld(text)
    assert MR.explain(m) == ("", None) and is_meld(R, items(m))


@pytest.mark.parametrize("text, axis, words", [
    ("K♠ A♠ 2♠", "round_the_corner", "may not go round the corner"),       # nicht aber ♠K–♠A–♠2
    ("6♠ 🃏 🃏", "min_naturals", "1 natural card, and a meld needs at least 2"),
    ("🃏=5♠ 🃏=6♠ 7♠", "min_naturals", "needs at least 2"),
    ("3♠ 🃏=4♠ 🃏=5♠ 🃏=6♠ 7♠", "adjacent_jokers", "three jokers stand side by side"),
    ("3♠ 🃏=4♠ 🃏=5♠ 6♠ 🃏=7♠ 🃏=8♠ 🃏=9♠ 10♠", "adjacent_jokers", "three jokers"),
    ("6♠ 6♥ 🃏 🃏", "adjacent_jokers", "two jokers in a set"),
    ("6♠ 6♥", "min_set", "a set needs at least 3"),
    ("6♠ 6♠ 6♥", "min_set", "of different suits"),
    ("6♠ 7♥ 8♠", "min_sequence", "neither of one rank nor of one suit"),
    ("6♠ 8♠ 9♠", "min_sequence", "not consecutive"),
    ("6♠ 🃏 8♠", None, "say which card a joker in a sequence stands for"),
    ("6♠ 6♥ 🃏=6♦", None, "a joker in a set stands bare"),
    ("🃏 🃏 🃏", "min_naturals", "not jokers alone"),
    ("6♠ 🃏=7♥ 8♠", None, "stands for a card of the sequence's suit"),
    ("5♠ 6♠ 🃏 🃏=8♠", None, "a joker in a set stands bare"),
])
def test_what_is_not_a_meld_is_explained(text, axis, words):
    reason, got = MR.explain(read_meld(text))
    assert got == axis and words in reason and reason.startswith("[")
    assert not is_meld(R, items(read_meld(text))) or read_meld(text)[0] == NONE


def test_the_variants_change_what_is_a_meld():
    def ok(rules, text):
        return rules.melds.is_meld(read_meld(text))
    assert not ok(R, "K♠ A♠ 2♠") and ok(R.replace(round_the_corner=True, max_sequence=13), "K♠ A♠ 2♠")
    assert ok(R, "Q♠ K♠ A♠") and not ok(R.replace(ace="low", max_sequence=13), "Q♠ K♠ A♠")
    assert ok(R, "3♠ 🃏=4♠ 🃏=5♠ 6♠") and not ok(R.replace(adjacent_jokers="never"), "3♠ 🃏=4♠ 🃏=5♠ 6♠")
    assert ok(R.replace(adjacent_jokers="any", min_naturals=1), "6♠ 🃏 🃏")
    assert not ok(R.replace(max_sequence=13), "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠")


@pytest.mark.parametrize("text, eleven, ten", [
    ("A♥ 2♥ 3♥", 6, 15),            # the ace counts 1 in A-2-3 in a first meld
    ("Q♣ K♣ A♣", 31, 30),           # ... 11 after the king
    ("A♠ A♥ A♣", 33, 30),           # ... 11 in a set
    ("J♣ Q♣ 🃏=K♣ A♣", 41, 40),      # a joker counts as the card it stands for
    ("6♠ 6♥ 🃏", 18, 18),
    ("🃏=A♦ 2♦ 3♦", 6, 15),
    ("K♥ K♦ K♣", 30, 30),
])
def test_first_meld_points(text, eleven, ten):
    assert read_meld(text).first_points(11) == eleven and read_meld(text).first_points(10) == ten


def test_meld_text_is_canonical_and_reads_back():
    m = read_meld("9S 7s JK=8S")
    assert m == read_meld("7♠ 🃏=8♠ 9♠") and m.text() == "[7♠ 🃏=8♠ 9♠]" and m.text(ascii=True) == "[7S JK=8S 9S]"
    assert read_meld("🃏 6♥ 6♠").text() == "[6♠ 6♥ 🃏]"
    assert (m[0], read_meld("6♠ 6♥ 🃏")[0]) == (RUN, SET)
    assert repr(m) == "read_meld('7♠ 🃏=8♠ 9♠')"
    ace_low = read_meld("🃏=A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠")
    ace_high = read_meld("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ 🃏=A♠")
    assert ace_low != ace_high and ace_low.first_points(11) == 85 and ace_high.first_points(11) == 95
    for meld in (ace_low, ace_high, read_meld("A♠ 2♠ 🃏=3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ 🃏=A♠")):
        assert read_meld(meld.text()[1:-1]) == meld


@pytest.mark.parametrize("text, message", [
    ("7♠ 8♠=9♠", "only a joker says which card it stands for"),
    ("🃏= 9♠", "'=' must name the natural card the joker stands for"),
    ("🃏=🃏", "'=' must name the natural card"),
    ("7♠ 8X", "has no valid suit"),
])
def test_bad_meld_text(text, message):
    with pytest.raises(CardError, match=message):
        read_meld(text)


# -- every meld of a hand, against brute force -------------------------------------------------------------
def brute_force(rules, hand):
    """Every sub-multiset of the hand, every way its jokers may stand (bare, or for a card of a natural's suit)."""
    found = set()
    naturals = [c for c in hand if not c.is_joker]
    jokers = len(hand) - len(naturals)
    for k in range(1, len(naturals) + 1):
        for group in set(itertools.combinations(sorted(naturals), k)):
            suits = {c.suit for c in group}
            options = [None] + [c for c in cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ "
                                                   "10♥ J♥ Q♥ K♥ A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♣ 2♣ "
                                                   "3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣") if c.suit in suits]
            for j in range(jokers + 1):
                for stands in itertools.combinations_with_replacement(options, j):
                    text = " ".join([str(c) for c in group] + ["🃏" + (f"={s}" if s else "") for s in stands])
                    m = read_meld(text)
                    if m[0] != NONE and is_meld(rules, items(m)):
                        found.add(m)
    return found


hands = st.lists(st.sampled_from(cards("A♠ 2♠ 3♠ 4♠ 5♠ Q♠ K♠ 2♥ 3♥ 4♥ 5♥ 5♦ 5♣ 🃏", copies=None)), min_size=3, max_size=7)


@settings(max_examples=80, deadline=None)
@given(hand=hands, rules=st.sampled_from([R, R.replace(adjacent_jokers="any", min_naturals=1, max_sequence=13,
                                                       round_the_corner=True), R.replace(adjacent_jokers="never"),
                                        R.replace(ace="low", min_sequence=4, max_sequence=5, min_naturals=3),
                                        R.replace(adjacent_jokers="any", min_naturals=1, max_set=3)]))
def test_a_hands_melds_are_those_a_brute_force_finds(hand, rules):
    hand = [c for c in hand if hand.count(c) <= (2 if not c.is_joker else 3)][:7]
    found = hand_melds(rules.melds, counts_of(c.code for c in hand))
    assert len(found) == len(set(found))
    assert set(found) == brute_force(rules, hand)


def test_meld_values():
    m = Meld.set(6, 0b0011, 1)
    assert (m.size, m.jokers, m.naturals()) == (3, 1, (5, 18))
    assert Meld.run(0, 13, 3, 0) == Meld.run(0, 0, 3, 0)  # places are taken round the line of ranks
