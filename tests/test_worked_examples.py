"""The worked examples of the texts, each executed under its source's rules."""

import pytest

from conquian import Action, IllegalMove, cards, Origin, Phase, Role, Termination, position


def test_foster_four_tens_lend_one_to_8_9_10_of_spades():
    # "Suppose he has four tens on the table and draws the 8 of spades. If he has the spade 9 in his hand
    # he may borrow the 10 from the four of a kind and lay down the 8 9 10 of spades."
    g = position("""
        variant: foster-1913
        dealer hand: 9♠ 2♥ 3♥ 6♦ 4♣ 5♣
        dealer melds: [10♠ 10♥ 10♦ 10♣]
        pone hand: A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ A♥ 5♥ 6♥
        offer: 8♠ drawn by dealer
    """)
    assert g.is_legal("use [8♠ 9♠ 10♠] [10♥ 10♦ 10♣]")
    g.play("use [8♠ 9♠ 10♠] [10♥ 10♦ 10♣]")
    assert g.melds("dealer") == (cards("8♠ 9♠ 10♠"), cards("10♥ 10♦ 10♣"))
    assert g.phase is Phase.DISCARD and g.to_act is Role.DEALER and g.down("dealer") == 6


def test_foster_borrowing_is_refused_without_rearranging():
    g = position("""
        variant: foster-1913(rearranging=none)
        dealer hand: 9♠ 2♥ 3♥ 6♦ 4♣ 5♣
        dealer melds: [10♠ 10♥ 10♦ 10♣]
        pone hand: A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ A♥ 5♥ 6♥
        offer: 8♠ drawn by dealer
    """)
    with pytest.raises(IllegalMove, match=r"rule rearranging = none: an override; foster-1913 declares borrow"):
        g.play("use [8♠ 9♠ 10♠] [10♥ 10♦ 10♣]")


def test_foster_5678_of_hearts_lends_the_5_to_three_fives():
    # "if he has a sequence of 5 6 7 8 in hearts on the table, and draws a 5, he might have a 5 in his hand
    # and borrow the 5 of hearts to make three fives, which still leaves a sequence of three in hearts"
    g = position("""
        variant: foster-1913
        pone hand: 5♠ A♦ 2♦ 9♦ A♣ 3♣
        pone melds: [5♥ 6♥ 7♥ 8♥]
        dealer hand: A♠ 2♠ 3♠ 4♠ 6♠ 7♠ A♥ 2♥ 3♥ 4♥
        offer: 5♣ drawn by pone
    """)
    assert Action.parse("use [5♠ 5♥ 5♣] [6♥ 7♥ 8♥]") in g.legal_actions()
    g.play("use [5♠ 5♥ 5♣] [6♥ 7♥ 8♥]")
    assert g.down("pone") == 6 and g.hand("pone") == cards("A♦ 2♦ 9♦ A♣ 3♣")


def test_foster_middle_card_of_a_sequence_of_seven():
    # "The middle card of a sequence of seven might be borrowed in this way, leaving two sequences of three
    # ... but no card can be borrowed from the interior of a sequence that leaves an incomplete or broken sequence"
    g = position("""
        variant: foster-1913
        pone hand: 5♠ 2♦ 9♦
        pone melds: [2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥]
        dealer hand: A♠ 2♠ 3♠ 4♠ 6♠ 7♠ A♥ 9♥ 3♦ 4♦
        offer: 5♣ drawn by pone
    """)
    assert g.is_legal("use [2♥ 3♥ 4♥] [6♥ 7♥ 8♥] [5♠ 5♥ 5♣]")
    g2 = position("""
        variant: foster-1913
        pone hand: 4♠ 2♦ 9♦
        pone melds: [2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥]
        dealer hand: A♠ 2♠ 3♠ 5♠ 6♠ 7♠ A♥ 9♥ 3♦ 5♦
        offer: 4♣ drawn by pone
    """)
    # Borrowing the 4♥ would leave 2♥ 3♥: an incomplete sequence.
    assert not g2.is_legal("use [2♥ 3♥] [5♥ 6♥ 7♥ 8♥] [4♠ 4♥ 4♣]")
    assert "a sequence needs at least 3 cards" in g2.why_illegal("use [2♥ 3♥] [5♥ 6♥ 7♥ 8♥] [4♠ 4♥ 4♣]")


def foster_eleven_down_position(offer: str) -> str:
    # "Suppose a player has laid out three tens, the 4 5 6 of hearts and 8 9 10 of diamonds ...
    # Suppose the card in his hand is the 6 of diamonds."
    return f"""
        variant: foster-1913
        pone hand: 6♦
        pone melds: [10♠ 10♥ 10♣] [4♥ 5♥ 6♥] [8♦ 9♦ 10♦]
        dealer hand: A♠ 2♠ 3♠ 4♠ 5♠ 6♠ A♥ 2♥ A♦ 2♦
        {offer}
    """


def test_foster_drawing_the_7_of_diamonds_gives_eleven_down():
    g = position(foster_eleven_down_position("offer: 7♦ drawn by pone"))
    g.play("use [10♠ 10♥ 10♣] [4♥ 5♥ 6♥] [6♦ 7♦ 8♦ 9♦ 10♦]")
    assert g.is_over and g.outcome.termination is Termination.WIN and g.outcome.winner is Role.PONE


def test_foster_forced_with_the_7_of_hearts_he_must_discard_the_6_of_diamonds():
    g = position(foster_eleven_down_position("offer: 7♥ drawn by dealer"))
    g.play("force [4♥ 5♥ 6♥]")
    assert g.phase is Phase.DISCARD and g.to_act is Role.PONE
    assert [str(a) for a in g.legal_actions() if a.onto == 0] == ["discard 6♦"]
    g.play("discard 6♦")
    # Ten down and an empty hand: he plays on and waits for a card he can use.
    assert not g.is_over and g.hand("pone") == () and g.down("pone") == 10
    assert g.offer.ascii == "6D" and g.to_act is Role.DEALER and g.origin is Origin.DISCARD


def test_foster_nobody_can_be_forced_with_nothing_down():
    g = position("""
        variant: foster-1913
        pone hand: 4♥ 5♥ A♠ 2♠ 7♠ 9♠ A♣ 3♣ 5♣ 7♣
        dealer hand: 4♠ 5♠ 6♠ 8♠ 10♠ A♥ 2♥ 3♥ 2♦ 3♦
        out: 10♥
        offer: 6♥ drawn by dealer
    """)
    assert not any(a.kind.value == "force" for a in g.legal_actions())


def test_rummy_ch_3456_plus_6_clubs_and_a_6_from_hand():
    # "Ein Spieler hat 3 4 5 6 bereits gemeldet. Er hält unter anderem 6 in der Hand und die oberste Karte
    # des Abwurfstapels ist 6♣ ... eine neue Figur melden, 6 6♣ 6, da die veränderte Figur 3 4 5 regelkonform ist."
    # The red suits are lost in the extraction; hearts and diamonds are this project's reconstruction.
    g = position("""
        variant: rummy-ch
        dealer hand: 6♦ A♠ 2♠ 7♠ J♦ Q♣
        dealer melds: [3♥ 4♥ 5♥ 6♥]
        pone hand: 3♠ 4♠ 5♠ A♥ 2♥ 7♥ A♦
        pone melds: [K♠ K♥ K♣]
        offer: 6♣ discarded by pone
    """)
    g.play("use [3♥ 4♥ 5♥] [6♥ 6♦ 6♣]")
    assert g.phase is Phase.DISCARD and g.down("dealer") == 6


@pytest.mark.parametrize("source", ["dutch", "french"])
def test_dutch_french_j76_plus_a_5_gives_567_and_three_jacks(source):
    # "als hij of zij eerst volgende kaarten heeft uitgespreid: Boer, 7, 6 en 5 wordt getrokken of weggegooid,
    # mag hij of zij deze aan de volgorde toevoegen, de Boer verwijderen, en drie Boeren samenleggen."
    g = position(f"""
        variant: {source}
        pone hand: J♥ J♦ A♣ 2♣ 3♦ Q♣ K♣
        pone melds: [6♠ 7♠ J♠]
        dealer hand: A♠ 2♠ 3♠ A♥ 2♥ 3♥ 4♥ A♦ 2♦ 4♣
        offer: 5♠ drawn by pone
    """)
    g.play("use [5♠ 6♠ 7♠] [J♠ J♥ J♦]")
    assert g.down("pone") == 6 and g.phase is Phase.DISCARD
