"""Rommé action text: every kind prints and parses back (Unicode and ASCII), and bad text is named."""

import pytest

from conquian import ActionError
from conquian.games.romme.actions import Action, Kind
from conquian.games.romme.melds import read_meld


@pytest.mark.parametrize("text, ascii", [
    ("keep", "keep"), ("leave", "leave"), ("draw", "draw"), ("take", "take"),
    ("meld [7♠ 🃏=8♠ 9♠]", "meld [7S JK=8S 9S]"),
    ("meld [6♠ 6♥ 🃏]", "meld [6S 6H JK]"),
    ("lay 5♠ on [2♠ 3♠ 4♠]", "lay 5S on [2S 3S 4S]"),
    ("lay 🃏=A♠ on [2♠ 3♠ 4♠]", "lay JK=AS on [2S 3S 4S]"),
    ("lay 🃏=5♠ on [2♠ 3♠ 4♠]", "lay JK=5S on [2S 3S 4S]"),
    ("lay 🃏 on [6♠ 6♥ 6♣]", "lay JK on [6S 6H 6C]"),
    ("lay A♠ on [2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠] high", "lay AS on [2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS] high"),
    ("lay 🃏=A♠ on [2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠] low", "lay JK=AS on [2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS] low"),
    ("exchange 6♣ in [6♠ 6♥ 🃏] meld [9♦ 10♦ 🃏=J♦]", "exchange 6C in [6S 6H JK] meld [9D 10D JK=JD]"),
    ("exchange A♠ in [🃏=A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ 🃏=A♠] high meld [9♦ 10♦ 🃏=J♦]",
     "exchange AS in [JK=AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK=AS] high meld [9D 10D JK=JD]"),
    ("discard 7♥", "discard 7H"), ("discard 🃏", "discard JK"),
])
def test_actions_print_and_parse_back(text, ascii):
    a = Action.parse(text)
    assert str(a) == text and a.text(ascii=True) == ascii and Action.parse(ascii) == a
    assert repr(a) == f"Action.parse({text!r})" and Action.parse(a) is a


def test_cards_may_be_written_in_any_order_and_case():
    assert Action.parse("meld [9s jk=8s 7S]") == Action.parse("meld [7♠ 🃏=8♠ 9♠]")
    assert Action.parse("LAY 5s ON [4S 2s 3s]") == Action.parse("lay 5♠ on [2♠ 3♠ 4♠]")


def test_a_card_that_does_not_fit_still_reads():
    a = Action.parse("lay 9♥ on [2♠ 3♠ 4♠]")
    assert a.after is None and str(a) == "lay 9♥ on [2♠ 3♠ 4♠]"
    assert Action.parse("exchange 9♥ in [6♠ 6♥ 🃏] meld [9♦ 10♦ 🃏=J♦]").after is None
    assert Action.parse("meld [6♠ 7♥]").meld == read_meld("6♠ 7♥")


@pytest.mark.parametrize("text, message", [
    ("jump", r"'jump' is not an action; actions: keep, leave, draw, take, meld, lay, exchange, discard"),
    ("draw 5♠", r"'draw' takes nothing after it"),
    ("discard", r"'discard' needs one card"),
    ("discard 5♠ 6♠", r"'discard' needs one card"),
    ("discard 5X", r"has no valid suit"),
    ("meld 7♠ 8♠ 9♠", r"'meld' names one meld in brackets"),
    ("meld [7♠ 8♠] [9♠ 10♠]", r"'meld' names one meld"),
    ("meld [7♠ 8♠", r"'\[' at character 1 is never closed"),
    ("lay 5♠ [2♠ 3♠ 4♠]", r"write 'lay CARD on \[MELD\]'"),
    ("lay 5♠ onto [2♠ 3♠ 4♠]", r"write 'lay CARD on \[MELD\]'"),
    ("lay 5♠,6♠ on [2♠ 3♠ 4♠]", r"write 'lay CARD on \[MELD\]'"),
    ("lay 🃏 on [2♠ 3♠ 4♠]", r"say which card the joker stands for"),
    ("lay 🃏=6♦ on [6♠ 6♥ 6♣]", r"a joker laid on a set stands bare"),
    ("lay 5♠=6♠ on [2♠ 3♠ 4♠]", r"only a joker says which card it stands for"),
    ("lay A♠ on [2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠]", r"fits at both ends of the sequence: add 'low' or 'high'"),
    ("lay A♠ on [2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠] middle", r"'middle' is not 'low' or 'high'"),
    ("lay 5♠ on [2♠ 3♠ 4♠] high low", r"write 'lay CARD on"),
    ("exchange 6♣ [6♠ 6♥ 🃏] meld [9♦ 10♦ 🃏=J♦]", r"write 'exchange CARD in \[MELD\] meld \[NEW MELD\]'"),
    ("exchange 6♣ in [6♠ 6♥ 🃏]", r"write 'exchange CARD in"),
    ("exchange 🃏 in [6♠ 6♥ 🃏] meld [9♦ 10♦ 🃏=J♦]", r"a joker is exchanged for the natural card it stands for"),
    ("exchange 6♣ in [6♠ 6♥ 🃏] keep [9♦ 10♦ 🃏=J♦]", r"write 'exchange CARD in"),
])
def test_bad_action_text(text, message):
    with pytest.raises(ActionError, match=message):
        Action.parse(text)


def test_actions_built_by_hand_are_checked_for_their_shape():
    with pytest.raises(ActionError, match=r"a 'discard' action has the wrong parts"):
        Action(Kind.DISCARD)
    with pytest.raises(ActionError, match=r"a 'meld' action has the wrong parts"):
        Action(Kind.MELD, card=5)
    with pytest.raises(ActionError, match=r"Action\(card\) must be a card code"):
        Action(Kind.DISCARD, card=99)
    with pytest.raises(ActionError, match=r"Action\(meld\) must be a Meld"):
        Action(Kind.MELD, meld=(1, 2))
    with pytest.raises(TypeError):
        Action("draw")
    with pytest.raises(TypeError):
        Action.parse(7)
    assert Action(Kind.DISCARD, card=5) == Action.parse("discard 6♠")
