"""The searches behind the first meld: the most points a hand's melds can make, and whether a hand can go out at
once, against brute force over every collection of disjoint melds."""

import random

from hypothesis import given, settings, strategies as st

from conquian import cards, variant
from conquian.games.romme import layouts
from conquian.games.romme.bags import JOKER_SHIFT, bag, bag_counts
from conquian.games.romme.layouts import Layouts
from conquian.games.romme.hands import hand_melds
from conquian.games.romme.melds import Meld, meld_bag
from conquian.games.romme.moves import counts_of
from conquian.games.romme.search import NO_WAY, Opening
from conquian.games.romme.walk import fewest

R = variant("romme-spielwiki")


def cards_of(m):
    """A meld's bag from the cards it lists (not from :func:`meld_bag`'s arithmetic)."""
    return bag(m.naturals()) + (m.jokers << JOKER_SHIFT)


def collections(melds, hand):
    """Every collection of disjoint melds within the hand, as (points, cards left)."""
    out = [(0, sum(bag_counts(hand)))]

    def grow(start, left, points):
        for i in range(start, len(melds)):
            m = melds[i]
            need = bag_counts(cards_of(m))
            have = bag_counts(left)
            if all(n <= h for n, h in zip(need, have)):
                rest = left - cards_of(m)
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
    for need in (-5, 0, 1, 9, 30, 40, 41, 60, 200):  # the bounded decision agrees with the exact most points
        for keep in (False, True):
            assert Opening(melds, R.ace_points).reaches(b, need, keep) == (search.best(b, keep) >= need), (need, keep)
            # and the one walk for all melds: a meld is part of a first meld of ``need`` exactly where its points
            # and the most the rest of the hand makes reach it
            needed = fewest(Opening(melds, R.ace_points), b, need, keep)
            for m in melds:
                p = m.first_points(R.ace_points)
                part = p + search.best(b - cards_of(m), keep) >= need
                assert (p >= needed.get(cards_of(m), 1 << 30)) == part, (m, need, keep)
    for left in (0, 1):  # the melds some laying out uses: exactly those after which the rest goes out
        used = Layouts(melds, b).used(left)
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
            used = Layouts(melds, b).used(left)
            assert (used is not None) == search.goes_out(b, left), (rules, codes, left)
            expected = {meld_bag(m) for m in melds if search.goes_out(b - meld_bag(m), left)}
            assert (used or set()) == expected, (rules, codes, left)
            checked += len(melds)
    assert checked > 5_000  # the hands are large enough to make many melds each (5,838)


def test_the_first_try_over_melds_without_idle_jokers_changes_no_listing(monkeypatch):
    """Where a hand makes more than PLAIN_FIRST melds the first meld's search first tries the melds without idle
    jokers: the listings must be those of the exact search alone, on hands large enough to take that path."""
    from conquian import RommeGame
    from conquian.games.romme import moves

    monkeypatch.setenv("CONQUIAN_NATIVE", "0")  # where the walk is compiled the listing never takes this path
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


def test_a_melds_bag_is_its_cards():
    """meld_bag works a meld's bag out arithmetically, and hand_melds hands the bags (and the first-meld points) out
    alongside the melds: both against the cards each meld lists (and its own points), for every sequence shape
    (round the corner, ace to ace) and every set."""
    rng = random.Random(3)
    for suit in range(4):
        for start in range(13):
            for length in range(1, 15):
                for jm in rng.sample(range(1 << length), min(60, 1 << length)):
                    m = Meld.run(suit, start, length, jm)
                    assert meld_bag(m) == cards_of(m), m
    for rank in range(1, 14):
        for suits in range(16):
            for j in range(4):
                assert meld_bag(Meld.set(rank, suits, j)) == cards_of(Meld.set(rank, suits, j))
    for rules in LARGE_RULES + [R.replace(round_the_corner=True, adjacent_jokers="any", min_naturals=1, max_sequence=13)]:
        for _ in range(20):
            codes = rng.sample(list(range(52)) * 2, rng.randint(5, 18)) + [52] * rng.randint(0, 6)
            for ace in (1, 11):
                bags: list = []
                points: list = []
                melds = hand_melds(rules.melds, counts_of(codes), bags=bags, points=points, ace=ace)
                assert bags == [cards_of(m) for m in melds]
                assert points == [m.first_points(ace) for m in melds]  # (hands out the points too)


def _both_ways(monkeypatch, melds, hand, left):
    """Layouts.used by the table of every sub-bag and by the search bag by bag."""
    found = []
    for fewest, most in ((0, 1 << 30), (1 << 30, 0)):
        monkeypatch.setattr(layouts, "TABLE_FEWEST", fewest)
        monkeypatch.setattr(layouts, "TABLE_MOST", most)
        monkeypatch.setattr(layouts, "TABLE_STEPS", 0 if most else 1)
        monkeypatch.setattr(layouts, "TABLE_START", -1 if most else 0)
        found.append(Layouts(melds, hand).used(left))
    return found


def random_hand(rng: random.Random, suits: int, naturals: tuple[int, int]) -> list[int]:
    """The card codes of a random hand: ``naturals`` (fewest, most) natural cards of one to ``suits`` suits, both
    copies of a card possible, and none to six jokers."""
    chosen = rng.sample(range(4), rng.randint(1, suits))
    codes = rng.sample([s * 13 + k for s in chosen for k in range(13)] * 2, rng.randint(*naturals))
    return codes + [52] * rng.randint(0, 6)


def test_the_table_of_sub_bags_answers_as_the_search_does(monkeypatch):
    """Hand-Rommé's two ways (a table of every sub-bag; a search bag by bag, kept for small and for very large
    hands) give the same melds, on 150 hands with both copies of cards, up to six jokers, under six rule sets;
    and a fourteen-card sequence from ace to ace, which holds its lowest card twice."""
    rng = random.Random(7)
    rule_sets = LARGE_RULES + [R.replace(round_the_corner=True, adjacent_jokers="any", min_naturals=1, max_sequence=13)]
    compared = 0
    for trial in range(150):
        rules = rule_sets[trial % len(rule_sets)]
        codes = random_hand(rng, 2, (4, 12))
        melds = hand_melds(rules.melds, counts_of(codes))
        for left in (0, 1):
            table, search = _both_ways(monkeypatch, melds, bag(codes), left)
            assert table == search, (rules, codes, left)
            compared += len(table or ())
    assert compared > 2_000
    ace_to_ace = [c.code for c in cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 2♠ 3♠ 🃏 🃏", copies=None)]
    for rules in (R, R.replace(adjacent_jokers="any", min_naturals=1)):
        melds = hand_melds(rules.melds, counts_of(ace_to_ace))
        assert any(m.size == 14 and m.jokers == 0 for m in melds)  # the hand makes the sequence with both aces
        for left in (0, 1):
            table, search = _both_ways(monkeypatch, melds, bag(ace_to_ace), left)
            assert table == search and table
    # Sequences of eight or more: the fourteen cards go out only as the one sequence from ace to ace, which the
    # table must build from the sub-bags of a single ace (those of both aces come after those of one).
    long = R.replace(min_sequence=8)
    only = [c.code for c in cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠", copies=None)]
    melds = hand_melds(long.melds, counts_of(only))
    table, search = _both_ways(monkeypatch, melds, bag(only), 0)
    assert table == search == {bag(only)}


def test_one_walk_for_all_melds_answers_as_the_search_meld_by_meld():
    """The first meld's walk for every meld at once (walk.fewest) against the search for each meld alone, on 60
    hands of 8 to 20 cards with up to six jokers under six rule sets, with first melds just within the hand's
    reach (where most melds are part of none) and well within it; every points of every bag compared."""
    rng = random.Random(3)
    rule_sets = LARGE_RULES + [R.replace(min_set=2, max_set=3, ace="low-or-high")]
    answers = {True: 0, False: 0}
    for trial in range(60):
        rules = rule_sets[trial % len(rule_sets)]
        codes = random_hand(rng, 3, (8, 14))
        melds = hand_melds(rules.melds, counts_of(codes))
        hand, keep = bag(codes), trial % 2 == 0
        best = Opening(melds, R.ace_points).best(hand, keep)
        for need in {best, best - 7, best // 2}:
            needed = fewest(Opening(melds, R.ace_points), hand, need, keep)
            search = Opening(melds, R.ace_points)
            for m in melds:
                p = m.first_points(R.ace_points)
                expected = search.reaches(hand - cards_of(m), need - p, keep)
                assert (p >= needed.get(cards_of(m), 1 << 30)) == expected, (rules, codes, need, keep, m)
                answers[expected] += 1
    assert answers[True] > 20_000 and answers[False] > 20_000


def test_the_walk_for_all_melds_changes_no_listing(monkeypatch):
    """The listing asks meld by meld until SEARCH_STEPS (and STEPS_PER_MELD for each meld asked), then walks once for
    the rest, or walks at once where the hand is TIGHT: the listings must be those of either way alone, on
    positions of the largest hands where the first meld is just within reach."""
    from conquian import RommeGame
    from conquian.games.romme import moves
    from conquian.games.romme.actions import Kind

    hands = ["🃏 🃏 🃏 🃏 🃏 2♠ 4♠ Q♠ 10♠ 7♠ 5♠ J♠ 3♠ A♠ 9♠ 7♠ 8♠ 6♠ 5♠ A♠",
             "🃏 🃏 🃏 3♥ J♥ 8♥ Q♥ K♥ 7♥ 10♥ J♥ K♥ 6♥ A♥ 4♥ 9♥ 6♥ 4♥ 5♦ 5♣",
             "🃏 🃏 🃏 🃏 Q♠ K♠ 8♠ 3♠ 5♠ 10♠ 5♥ 4♥ J♥ 9♥ Q♥ 7♥ 6♠ 9♠ A♦ 2♦"]
    variants = ["romme-spielwiki(hand_size=19, max_players=5, adjacent_jokers=any, first_meld=150)",
                "romme-spielwiki(hand_size=19, max_players=5, min_set=2, max_set=3, ace=low-or-high, first_meld=120)",
                "romme-spielwiki(hand_size=19, max_players=5, going_out=meld-or-discard, first_meld=100)"]
    other = "2♣ 3♣ 4♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 2♦ 3♦ 4♦ 6♦ 7♦ 8♦ 9♦"
    texts = [f"variant: {v}\nplayers: 2\nhand 0: {h}\nhand 1: {other}\ndiscards: K♦\nto play: 0\n"
             for v in variants for h in hands]
    walks = []

    def counted(*args):
        walks.append(args)
        return fewest(*args)

    monkeypatch.setattr(moves, "fewest", counted)
    monkeypatch.setenv("CONQUIAN_NATIVE", "0")  # the walk in Python (the compiled one: test_romme_walk_native.py)
    listings = []
    # the walk from the first meld on, never, and the mix the listing uses
    modes = ((-1, 0, -1), (10**12, 0, -1), (moves.SEARCH_STEPS, moves.STEPS_PER_MELD, moves.TIGHT))
    for steps, per_meld, tight in modes:
        monkeypatch.setattr(moves, "SEARCH_STEPS", steps)
        monkeypatch.setattr(moves, "STEPS_PER_MELD", per_meld)
        monkeypatch.setattr(moves, "TIGHT", tight)  # (-1: no hand goes to the walk for being tight)
        listings.append([RommeGame.from_position(t).legal_actions() for t in texts])
    assert listings[0] == listings[1] == listings[2]
    assert len(walks) >= 6  # the walk answered on most positions (not where no first meld is within reach)
    melds = [sum(a.kind is Kind.MELD for a in listing) for listing in listings[0]]
    assert sum(melds) > 5_000 and sum(n > 0 for n in melds) >= 6, melds
