"""Cards and packs: text both ways, bad card text, packs as data, masks."""

import pickle

import pytest

from conquian import Card, CardError, Pack, Suit, cards, format_cards
from conquian.cards import JOKER_CODE, PackShape, bits, cards_of, mask_of


def test_cards_read_both_ways_and_repr_pastes_back():
    assert cards("7♠ J♥ 10♦ A♣") == cards("7s jh TD ac") == cards("7S,JH,10D,AC")
    c = Card("10♦")
    assert eval(repr(c), {"Card": Card}) is c and c.ascii == "10D" and str(c) == "10♦"
    assert Card(10, Suit.DIAMONDS) is c and pickle.loads(pickle.dumps(c)) is c
    assert format_cards(cards("AS 7h"), ascii=True) == "AS 7H"


@pytest.mark.parametrize("text, message", [
    ("7♠ 1O♦", r"card 2 of '7♠ 1O♦': '1O♦' has no valid rank: '1O' is not one of A 2 3"),
    ("7♠ J♥ 7X", r"card 3 of '7♠ J♥ 7X': '7X' has no valid suit: 'X' is not one of ♠ ♥ ♦ ♣ or S H D C"),
    ("7", r"'7' is not a card: it needs a rank"),
    ("7s 7S", r"card 2 of '7s 7S': 7♠ is already card 1"),
    ("7ſ", r"'7ſ' has no valid suit"),                      # the long s is not an S
    ("٧S", r"'٧S' has no valid rank"),                       # an Arabic-Indic seven is not a 7
    ("²S", r"'²S' has no valid rank"),
    ("7K\u200b", r"not a card|no valid"),
    ("10♦♦♦", r"is not a card"),
])
def test_bad_card_text(text, message):
    with pytest.raises(CardError, match=message):
        cards(text)


def test_an_iterable_of_cards_is_checked_like_text():
    assert cards([Card("7♠"), Card("J♥")]) == cards("7♠ J♥")
    with pytest.raises(CardError, match=r"card 2: 7♠ is already card 1"):
        cards([Card("7♠"), Card("7♠")])
    with pytest.raises(CardError, match=r"card 2: expected a Card, got '7♠'"):
        cards([Card("7♠"), "7♠"])
    with pytest.raises(TypeError, match="card text or an iterable of Card"):
        cards(7)


def test_bad_card_numbers():
    with pytest.raises(CardError, match="rank must be 1"):
        Card(14, Suit.SPADES)
    with pytest.raises(CardError, match="suit must be a Suit"):
        Card(7, 9)
    with pytest.raises(TypeError, match="takes no suit"):
        Card("7♠", Suit.SPADES)


def test_long_card_text_is_read_in_linear_time_and_the_message_stays_short():
    with pytest.raises(CardError) as info:
        cards("7♠ " * 100_000 + "X" * 10_000)
    assert len(str(info.value)) < 300


def test_packs_are_data():
    spanish, ten = Pack.SPANISH.shape, Pack.ACE_TO_TEN.shape
    assert spanish.ranks == (1, 2, 3, 4, 5, 6, 7, 11, 12, 13) and ten.ranks == tuple(range(1, 11))
    assert len(Pack.SPANISH.cards) == spanish.size == 40
    assert Pack.SPANISH.cards[:10] == cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ J♠ Q♠ K♠")
    # A shape with two copies and jokers (Rommé's): nothing assumes ten ranks or forty cards.
    french = PackShape("french-110", tuple(range(1, 14)), copies=2, jokers=6)
    assert french.size == len(french.cards) == 110
    assert french.cards.count(Card("7♠")) == 2 and sum(c.is_joker for c in french.cards) == 6
    assert cards("7♠ 7♠ JK", copies=2) == (Card("7♠"), Card("7♠"), Card("🃏"))
    assert Card("🃏").code == JOKER_CODE and Card("jk").is_joker


def test_a_card_not_in_the_pack():
    with pytest.raises(CardError, match=r"8♠ is not in the spanish pack \(its ranks: A 2 3 4 5 6 7 J Q K\)"):
        Pack.SPANISH.shape.check(cards("7♠ 8♠"))


def test_masks():
    hand = cards("A♠ 7♥ K♣")
    m = mask_of(hand)
    assert m.bit_count() == 3 and sorted(cards_of(m)) == sorted(hand)
    assert [b.bit_count() for b in bits(m)] == [1, 1, 1]
