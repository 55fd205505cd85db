"""Rulings checked against the texts: each test names the passage it follows."""

import pytest

from conquian import position

# rummy.ch: "solange die veränderte Figur danach regelkonform bleibt": the meld a card leaves must be valid
# *afterwards*, at the end of the move, once cards of the hand that join it are down.
BASE = """
variant: rummy-ch
pone hand: {hand}
pone melds: {melds}
dealer melds: [J♥ J♦ J♣]
dealer hand: {dealer}
out: {out}
offer: {offer} discarded by dealer
"""


def rummy(hand, melds, dealer, out, offer):
    return position(BASE.format(hand=hand, melds=melds, dealer=dealer, out=out, offer=offer))


@pytest.mark.parametrize("hand, melds, dealer, out, offer, action, legal", [
    # What the 6♥ leaves, 4♥ 5♥, is made valid by the 3♥ from the hand: legal afterwards.
    ("3♥ 6♦ A♠ 2♠ 7♠ 2♦ 4♣", "[4♥ 5♥ 6♥]", "A♥ 2♥ 7♥ 3♦ 4♦ 5♦ 3♣", "A♣", "6♣", "use [3♥ 4♥ 5♥] [6♥ 6♦ 6♣]", True),
    # The same from the other end: 7♥ joins 5♥ 6♥ after the 4♥ leaves for the fours.
    ("7♥ 4♦ A♠ 2♠ 7♠ 2♦ 3♣", "[4♥ 5♥ 6♥]", "A♥ 2♥ 3♥ 3♦ 5♦ 6♦ 4♠", "A♣", "4♣", "use [5♥ 6♥ 7♥] [4♥ 4♦ 4♣]", True),
    # Left as 4♥ 5♥ with nothing to join it: refused, as before.
    ("3♥ 6♦ A♠ 2♠ 7♠ 2♦ 4♣", "[4♥ 5♥ 6♥]", "A♥ 2♥ 7♥ 3♦ 4♦ 5♦ 3♣", "A♣", "6♣", "use [4♥ 5♥] [3♥ 6♥ 6♦ 6♣]", False),
    # The text's own example: 3 4 5 6 gives its 6 and keeps 3 4 5.
    ("6♦ A♠ 2♠ 7♠ 2♦ 4♣", "[3♥ 4♥ 5♥ 6♥]", "A♥ 2♥ 7♥ 3♦ 4♦ 5♦ 3♣", "A♣", "6♣", "use [3♥ 4♥ 5♥] [6♥ 6♦ 6♣]", True),
])
def test_rummy_ch_reads_danach_as_after_the_move(hand, melds, dealer, out, offer, action, legal):
    g = rummy(hand, melds, dealer, out, offer)
    assert g.is_legal(action) is legal, g.why_illegal(action)


def test_rummy_ch_cards_still_leave_a_meld_only_for_a_new_one():
    # A set cannot "go on" as a sequence holding one of its cards, so the 3♦ cannot move into the other threes.
    g = position("""
        variant: rummy-ch
        pone melds: [3♦ 4♦ 5♦ 6♦] [3♠ 3♥ 3♣]
        pone hand: 5♥ 6♥ 2♣
        dealer melds: [A♥ A♦ A♣]
        dealer hand: 4♠ 5♠ 6♠ 7♠ 2♠ 7♦ 7♣
        out: A♠
        offer: 4♥ discarded by dealer""")
    assert not g.is_legal("use [3♥ 4♥ 5♥ 6♥] [4♦ 5♦ 6♦] [3♠ 3♦ 3♣]")
    assert not g.is_legal("use [4♥ 5♥ 6♥] [4♦ 5♦ 6♦] [3♠ 3♥ 3♦ 3♣]")  # a borrowed card onto an old meld
    assert "afterwards" in g.why_illegal("use [4♥ 5♥ 6♥] [4♦ 5♦ 6♦] [3♠ 3♥ 3♦ 3♣]")
