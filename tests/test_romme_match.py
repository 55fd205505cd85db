"""A Rommé match: seats drawn as the rules say, the deal passing on, penalty points added up."""

import random

import pytest

from conquian import ConquianError, RommeMatch, variant
from conquian.games.romme.match import draw_for_seats
from conquian.games.romme.state import Outcome, Termination

R = variant("romme-spielwiki")


def test_the_highest_card_deals_and_the_others_sit_to_his_left_in_order():
    class Rigged(random.Random):
        def shuffle(self, pack):  # drawn from the end: Ann 5♠, Bob a joker, Cem K♥, Dan A♣; Bob again: 2♦
            pack[:] = [27, 39, 25, 52, 4]
    seats = draw_for_seats(R, ("Ann", "Bob", "Cem", "Dan"), Rigged(1))
    assert seats[0] == "Dan" and seats == ("Dan", "Cem", "Ann", "Bob")  # A♣, K♥, 5♠, 2♦ (Bob drew the joker first)


def test_the_deal_passes_to_the_left_or_to_the_winner():
    m = RommeMatch(R, ("Ann", "Bob", "Cem"), seed=1)
    first = m.seats
    given = m.add(Outcome(Termination.WIN, 2, (14, 30, 0)))
    assert given == {first[0]: 14, first[1]: 30, first[2]: 0} and m.seats == first[1:] + first[:1]
    m.add(Outcome(Termination.STOCK, None, (0, 0, 0)))
    assert m.seats == first[2:] + first[:2] and sum(m.penalties.values()) == 44
    w = RommeMatch(R.replace(next_dealer="winner"), ("Ann", "Bob", "Cem"), seed=1)
    w.add(Outcome(Termination.WIN, 2, (14, 30, 0)))
    assert w.seats[0] == first[2]


def test_seats_by_lot_and_whole_deals():
    m = RommeMatch(R.replace(first_dealer="lot"), ("Ann", "Bob", "Cem", "Dan"), seed=3)
    assert sorted(m.seats) == ["Ann", "Bob", "Cem", "Dan"]
    rng = random.Random(5)
    for _ in range(3):
        g = m.play_deal(lambda game: rng.choice(game.legal_actions()), seed=rng.getrandbits(32))
        assert g.is_over
    assert len(m.results) == 3 and repr(m).startswith("<RommeMatch romme-spielwiki(first_dealer=lot)")


@pytest.mark.parametrize("players, error", [
    (("Ann",), ConquianError), (("Ann", "Ann"), ConquianError), ("AnnBob", TypeError),
    (tuple("ABCDEFG"), ConquianError),
])
def test_bad_matches(players, error):
    with pytest.raises(error):
        RommeMatch(R, players)
    with pytest.raises(ConquianError):
        RommeMatch(R, ("A", "B")).add("0 wins")
