"""The searches behind the first meld: the most points a hand's melds can make, and whether a hand can go out at
once, against brute force over every collection of disjoint melds."""

import random

from hypothesis import given, settings, strategies as st

from conquian import cards, variant
from conquian.romme.melds import hand_melds
from conquian.romme.moves import counts_of
from conquian.romme.layouts import Layouts
from conquian.romme.search import NO_WAY, Opening, bag, bag_counts, meld_bag

R = variant("romme-spielwiki")


def collections(melds, hand):
    """Every collection of disjoint melds within the hand, as (points, cards left)."""
    out = [(0, sum(bag_counts(hand)))]

    def grow(start, left, points):
        for i in range(start, len(melds)):
            m = melds[i]
            need = bag_counts(meld_bag(m))
            have = bag_counts(left)
            if all(n <= h for n, h in zip(need, have)):
                rest = left - meld_bag(m)
                p = points + m.first_points(R.ace_points)
                out.append((p, sum(bag_counts(rest))))
                grow(i, rest, p)  # a meld may be laid twice where the hand holds its cards twice
    grow(0, hand, 0)
    return out


hands = st.lists(st.sampled_from(cards("A♠ 2♠ 3♠ 4♠ 5♠ K♠ Q♠ 3♥ 4♥ 5♥ 5♦ 5♣ K♥ K♦ 🃏", copies=None)),
                 min_size=1, max_size=9)


@settings(max_examples=120, deadline=None)
@given(hand=hands, rules=st.sampled_from([R, R.replace(adjacent_jokers="any", min_naturals=1)]))
def test_the_searches_agree_with_brute_force(hand, rules):
    hand = [c for c in hand if hand.count(c) <= (3 if c.is_joker else 2)]
    codes = [c.code for c in hand]
    melds = hand_melds(rules.melds, counts_of(codes))
    search = Opening(melds, R.ace_points)
    b = bag(codes)
    every = collections(melds, b)
    assert search.best(b, keep=False) == max(p for p, _ in every)
    kept = [p for p, left in every if left >= 1]
    assert search.best(b, keep=True) == (max(kept) if kept else NO_WAY)
    assert search.goes_out(b, 0) == any(left == 0 for _, left in every)
    assert search.goes_out(b, 1) == any(left == 1 for _, left in every)
    for need in (1, 9, 30, 40, 41, 60, 200):  # the bounded decision agrees with the exact most points
        for keep in (False, True):
            assert Opening(melds, R.ace_points).reaches(b, need, keep) == (search.best(b, keep) >= need), (need, keep)
    for left in (0, 1):  # the melds some laying out uses: exactly those after which the rest goes out
        used = Layouts(melds, b, left).used()
        assert (used is not None) == search.goes_out(b, left)
        for m in melds:
            rest = b - meld_bag(m)
            fits = all(n >= 0 for n in bag_counts(rest)) and all(n < 8 for n in bag_counts(rest))
            if fits and bag_counts(b - rest) == bag_counts(meld_bag(m)):
                assert (meld_bag(m) in (used or ())) == search.goes_out(rest, left), (m, left)


def test_a_hand_of_forty_points():
    codes = [c.code for c in cards("Q♣ K♣ A♣ 3♥ 4♥ 5♥ 9♦")]
    search = Opening(hand_melds(R.melds, counts_of(codes)), R.ace_points)
    assert search.best(bag(codes)) == 43 and search.goes_out(bag(codes), 1) and not search.goes_out(bag(codes), 0)
    assert bag_counts(bag([5, 5, 52]))[5] == 2 and bag_counts(bag([52]))[52] == 1


LARGE_RULES = [variant("romme-spielwiki").replace(**o) for o in (
    {}, {"adjacent_jokers": "any", "min_naturals": 1}, {"adjacent_jokers": "never"},
    {"round_the_corner": True, "max_sequence": 13}, {"min_naturals": 3, "ace": "low", "max_sequence": 13})]


def test_hand_romme_on_large_hands_with_many_jokers():
    """Two hundred hands of 6 to 14 cards with up to six jokers, under five sets of meld rules: a meld is offered for
    Hand-Rommé exactly when the rest of the hand goes out (the exact search of the first meld answers that)."""
    rng = random.Random(2026)
    checked = 0
    for trial in range(200):
        rules = LARGE_RULES[trial % len(LARGE_RULES)]
        size = rng.randint(6, 14)
        jokers = rng.randint(0, 6)
        suits = rng.sample(range(4), rng.randint(1, 3))
        codes = rng.sample([s * 13 + k for s in suits for k in range(13)] * 2, size - jokers) + [52] * jokers
        melds = hand_melds(rules.melds, counts_of(codes))
        b = bag(codes)
        search = Opening(melds, rules.ace_points)
        for left in (0, 1):
            used = Layouts(melds, b, left).used()
            assert (used is not None) == search.goes_out(b, left), (rules, codes, left)
            expected = {meld_bag(m) for m in melds if search.goes_out(b - meld_bag(m), left)}
            assert (used or set()) == expected, (rules, codes, left)
            checked += len(melds)
    assert checked > 5_000  # the hands are large enough to make many melds each (5,838)


def test_the_first_try_over_melds_without_idle_jokers_changes_no_listing(monkeypatch):
    """Where a hand makes more than PLAIN_FIRST melds the first meld's search first tries the melds without idle
    jokers: the listings must be those of the exact search alone, on hands large enough to take that path."""
    from conquian import RommeGame
    from conquian.romme import moves

    texts = []
    rng = random.Random(11)
    for variant, size in (("romme-spielwiki(hand_size=19, max_players=5)", 20),
                          ("romme-spielwiki(hand_size=16, max_players=6, adjacent_jokers=any, first_meld=90)", 17)):
        for _ in range(4):
            spades = rng.sample([f"{r}♠" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()], 10)
            naturals = spades + rng.sample([f"{r}♥" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()], size - 16)
            other = "2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦".split()[:size - 1]
            texts.append(f"variant: {variant}\nplayers: 2\nhand 0: {' '.join(['🃏'] * 6 + naturals)}\n"
                         f"hand 1: {' '.join(other)}\ndiscards: 9♦\nto play: 0\n")
    listings, limit = [], moves.PLAIN_FIRST
    for threshold in (0, 10**9):  # always the first try, never
        monkeypatch.setattr(moves, "PLAIN_FIRST", threshold)
        listings.append([RommeGame.from_position(t).legal_actions() for t in texts])
    assert listings[0] == listings[1]
    for text in texts:  # hands large enough to take the first try: over PLAIN_FIRST melds each
        g = RommeGame.from_position(text)
        assert len(hand_melds(g.rules.melds, counts_of(c.code for c in g.hand(0)))) > limit
