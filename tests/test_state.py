"""Positions that play cannot reach are refused, each with what is impossible about it."""

import pytest

from conquian import Game, PositionError, position
from conquian.games.conquian.checks import check
from conquian.games.conquian.state import Snapshot

from test_notation import GOOD


@pytest.mark.parametrize("text, message", [
    # A discard by a player who has used no card.
    (GOOD.replace("pone melds: [K♠ K♥ K♣]\n", "").replace("A♦\n", "A♦ K♠ K♥ K♣\n"),
     r"6♣ cannot have been discarded by pone: he has no melds"),
    # A winner with nothing down.
    (GOOD.replace("offer: 6♣ discarded by pone", "out: 6♣\nresult: dealer wins"), r"dealer is said to have won with 4 card"),
    # A tableau with cards left in the stock.
    (GOOD.replace("offer: 6♣ discarded by pone", "out: 6♣\nresult: tableau"), r"a tableau comes only when the stock is empty"),
    # Wrong hand sizes when a result is given.
    (GOOD.replace("offer: 6♣ discarded by pone", "out: rest\nresult: tableau").replace(" Q♣", ""),
     r"dealer has 9 cards in hand and melds; he should have 10"),
    # A card turned up at the deal, with melds already down.
    (GOOD.replace("variant: rummy-ch", "variant: foster-1913(pack=spanish)").replace("discarded by pone", "turned up"),
     r"a card turned up at the deal is on offer only at the start"),
    # A player to discard who has used no card.
    (GOOD.replace("dealer melds: [3♥ 4♥ 5♥ 6♥]\n", "").replace("Q♣\n", "Q♣ 3♥ 4♥ 5♥ 6♥ 6♣\n")
     .replace("offer: 6♣ discarded by pone", "to discard: dealer"), r"dealer has no melds, so he has used no card"),
    # A demand of a card that fits none of his melds.
    (GOOD.replace("offer: 6♣ discarded by pone", "offer: 6♣ refused by pone"), r"6♣ fits none of pone's melds"),
    # Eleven down without a result (every meld valid, so only the count can refuse it).
    ("variant: rummy-ch\ndealer hand: empty\ndealer melds: [3♥ 4♥ 5♥ 6♥] [A♠ 2♠ 3♠ 4♠] [J♣ Q♣ K♣]\n"
     "pone hand: 5♠ 6♠ 7♠ A♥ 2♥ 7♥ A♦ 2♦ 3♦ 4♦\noffer: 5♣ discarded by pone", r"dealer has 11 cards down, 11 win"),
])
def test_impossible_positions(text, message):
    with pytest.raises(PositionError, match=message):
        position(text)


def test_at_the_start_only_the_first_card_can_be_on_offer():
    g = Game("rummy-ch", seed=2)
    assert str(g).endswith("drawn by pone")
    with pytest.raises(PositionError, match="at the start of the deal the only card on offer is the first one"):
        position(str(g).replace("drawn by pone", "drawn by dealer"))
    assert position(str(g.play("pass"))).to_act.value == 0  # passed to the dealer: a state play reaches


def test_a_snapshot_is_checked_as_a_whole():
    s = position(GOOD).snapshot()
    check(s)
    twice = Snapshot(s.rules, (s.hands[0], s.hands[0]), s.melds, s.stock, s.out, s.phase, s.actor, s.offer, s.origin)
    with pytest.raises(PositionError, match=r"is both in dealer hand and in pone hand"):
        check(twice)
    with pytest.raises(TypeError, match="takes a Snapshot"):
        Game.from_snapshot(str(s))
    assert Game.from_snapshot(s).snapshot() == s
