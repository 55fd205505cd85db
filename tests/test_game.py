"""The game: legal moves, illegal moves named with the rule and the source, the deal, and derived rule sets."""

import pytest

from conquian import Game, IllegalMove, PositionError, variant, position
from conquian.games.conquian.state import Phase, Role

from test_notation import GOOD


@pytest.mark.parametrize("action, message", [
    ("use [3♥ 4♥ 5♥ 6♥ 6♣]", r"is not a meld: its cards are neither of one rank nor of one suit"),
    ("take", r"\(take the 6♣ into the hand\) is illegal: a card on offer is never taken into the hand; "
             r".*rule drawn_to_hand = false: rummy-ch \(stated\)"),
    ("force [K♠ K♥ K♣]", r"never adds a card to his opponent's melds .*rule add_to_opponent = never: rummy-ch \(stated\)"),
    ("discard A♠", r"cannot discard before using a card \(rule"),
    ("discard 7♥", r"cannot discard before using a card; nor does he hold 7♥"),
    ("use [3♥ 4♥ 5♥] [6♥ 6♦ 6♣ 6♠]", r"6♠ is neither in dealer's hand nor in his melds"),
    ("use [6♥ 6♦ 6♣]", r"3♥ is in dealer's melds and must stay on the table"),
    ("lay [6♥ 6♦ 6♣] [3♥ 4♥ 5♥]", r"meld from his hand only in a turn in which he uses a card .*rule meld_without_use = false"),
    ("demand", r"can demand only that the player before him take a card that player declined"),
    ("use [8♠ 9♠ 10♠]", r"8♠ is not in the spanish pack"),
])
def test_illegal_moves_name_the_rule_and_source_and_leave_the_game_unchanged(action, message):
    g = position(GOOD)
    before, legal = str(g), g.legal_actions()
    with pytest.raises(IllegalMove, match=message) as info:
        g.play(action)
    assert str(g) == before and g.legal_actions() == legal and g.decisions == 0
    assert g.why_illegal(action) == str(info.value) and not g.is_legal(action)
    assert info.value.action and info.value.words and info.value.reason


def test_an_illegal_move_carries_its_parts_for_a_page():
    g = position(GOOD)
    with pytest.raises(IllegalMove) as info:
        g.play("take")
    e = info.value
    assert (e.action, e.words, e.axis) == ("take", "take the 6♣ into the hand", "drawn_to_hand")
    assert e.rule.startswith("rule drawn_to_hand = false: rummy-ch (stated), Introduction")


def test_a_silent_entry_cites_no_passage():
    # The Dutch text never speaks of adding to the opponent's melds: the citation gives the project's reading.
    g = position(GOOD.replace("rummy-ch", "dutch"))
    message = g.why_illegal("force [K♠ K♥ K♣]")
    assert "rule add_to_opponent = never: dutch (silent; this project's reading:" in message
    assert "dutch (silent)," not in message  # no locator, no passage


def test_a_source_with_shorter_sequences_says_so():
    g = position("""
        variant: rummy-ch
        pone hand: K♦ K♣
        pone melds: [A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ J♠]
        dealer hand: 3♥ 4♥ 7♥ J♥ Q♥ A♦ 4♦ 5♦ 6♦ 7♦
        offer: Q♠ drawn by pone
    """)
    with pytest.raises(IllegalMove, match=r"a sequence holds at most 8 cards .*rule max_sequence = 8: rummy-ch \(stated\)"):
        g.play("use [A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ J♠ Q♠]")
    assert g.is_legal("use [A♠ 2♠ 3♠ 4♠ 5♠ 6♠] [7♠ J♠ Q♠]")
    assert position(str(g).replace("rummy-ch", "dutch")).is_legal("use [A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ J♠ Q♠]")


# -- the deal --------------------------------------------------------------------------------------------------
def test_a_cut_too_close_to_the_edge():
    with pytest.raises(PositionError, match=r"cut 2 leaves fewer than 4 cards in a packet; cut between 4 and 36"
                                            r", or 0 for a pack already cut \(rule min_cut=4; foster-1913 \(stated\)"):
        Game("foster-1913", pack=variant("foster-1913").deck, cut=2)


def test_a_given_pack_without_a_cut_is_dealt_as_given():
    deck = variant("dutch").deck
    g = Game("dutch", pack=deck)
    assert g.hand("pone") == deck[0:20:2] and g.offer == deck[20]
    assert Game.from_record(g.record()).record() == g.record() and "\ncut: 0\n" in g.record()


def test_the_pack_order_must_be_whole_and_hold_each_card_once():
    with pytest.raises(PositionError, match=r"all 40 cards of the spanish pack; got 3"):
        Game("dutch", pack="A♠ 2♠ 3♠")
    deck = list(variant("dutch").deck)
    deck[1] = deck[0]  # one card in two places, another nowhere
    with pytest.raises(ValueError, match=r"card 2: A♠ is already card 1"):
        Game("dutch", pack=deck)


def test_wrong_python_types_are_type_errors():
    for kwargs, message in [({"seed": "7"}, "seed"), ({"seed": 1.5}, "seed"), ({"cut": "4"}, "cut"), ({"cut": True}, "cut")]:
        with pytest.raises(TypeError, match=message):
            Game("dutch", **kwargs)
    with pytest.raises(TypeError, match="rules must be a RuleSet or rule-set text"):
        Game(7)
    with pytest.raises(TypeError, match="an action must be text or an Action"):
        position(GOOD).play(None)


def test_the_same_seed_deals_the_same_game():
    assert str(Game("french", seed=11)) == str(Game("french", seed=11)) != str(Game("french", seed=12))


def test_a_copy_is_independent():
    g = position(GOOD)
    h = g.copy()
    h.play("pass")
    assert g.decisions == 0 and h.decisions == 1 and str(g) != str(h)


# -- derived rule sets: corners the four sources never reach ---------------------------------------------------------
def test_laying_out_the_cards_that_win_ends_the_deal():
    g = position("""
        variant: dutch(cards_to_win=9)
        dealer hand: J♠ J♥ J♦ A♦ 2♦ Q♦ 7♣
        dealer melds: [2♥ 3♥ 4♥ 5♥] [K♠ K♥ K♣]
        pone hand: A♠ 2♠ 3♠ 6♠ 7♠ Q♠ A♥ 6♥ 7♥ K♦
        stock: rest
        offer: 4♣ drawn by dealer
    """.replace("dealer hand: J♠ J♥ J♦ A♦ 2♦ Q♦ 7♣", "dealer hand: J♠ J♥ J♦"))
    g.play("lay [2♥ 3♥ 4♥ 5♥] [J♠ J♥ J♦] [K♠ K♥ K♣]")
    assert g.is_over and g.outcome.winner is Role.DEALER and g.offer is None


def test_a_waived_demand_under_dead_draws_passes_the_turn_as_a_pass_would():
    # With unused draws dead, a drawer who declines his own card that fits his meld can be asked to take it;
    # if the opponent waives, the opponent draws next, as after any other declined draw.
    g = position("""
        variant: rummy-ch(unused_draw=dead)
        dealer hand: 6♦ A♠ 2♠ 7♠ J♦ Q♣
        dealer melds: [3♥ 4♥ 5♥ 6♥]
        pone hand: 3♠ 4♠ 5♠ A♥ 2♥ 7♥ A♦
        pone melds: [K♠ K♥ K♣]
        offer: 7♥ drawn by dealer
    """.replace("A♥ 2♥ 7♥ A♦", "A♥ 2♥ 6♣ A♦"))
    g.play("pass")
    assert g.phase is Phase.REFUSED and g.to_act is Role.PONE
    assert str(position(str(g))) == str(g)        # "drawn and refused by dealer" reads back
    g.play("waive")
    assert g.to_act is Role.PONE and g.origin.value == "drawn"


def test_a_last_discard_that_wins_is_listed_once():
    # Discarding one's last card wins whether or not it is forced onto a meld: one outcome, one action.
    g = position("""
        variant: foster-1913(last_discard_counts=true)
        pone hand: 7♣
        pone melds: [10♠ 10♥ 10♦] [3♥ 4♥ 5♥ 6♥] [A♦ 2♦ 3♦]
        dealer hand: A♠ 2♠ 3♠ 9♦ 10♣ 7♦ 8♦
        dealer melds: [4♣ 5♣ 6♣]
        to discard: pone
    """)
    assert [str(a) for a in g.legal_actions()] == ["discard 7♣"]
    assert "wins, forced or not" in g.why_illegal("discard 7♣ onto [4♣ 5♣ 6♣]")
    g.play("discard 7♣")
    assert g.is_over and g.outcome.winner is Role.PONE
    assert position(str(g).replace("last_discard_counts=true", "last_discard_counts=false")
                    .replace("result: pone wins", "to discard: pone").replace("out: 7♣", "")
                    .replace("pone hand: empty", "pone hand: 7♣")).is_legal("discard 7♣ onto [4♣ 5♣ 6♣]")


# -- irregularities and the rulings added with the re-reading of the texts -----------------------------------------
def test_a_misdeal_voids_the_deal_and_replays_from_its_record():
    g = Game("foster-1913", seed=4)
    g.report("a card exposed by the dealer")
    assert g.is_over and str(g.outcome) == "misdeal" and g.outcome.winner is None
    again = Game.from_record(g.record())
    assert again.record() == g.record() and str(position(str(g))) == str(g)


def test_a_card_is_exposed_by_the_dealer_only_while_dealing():
    g = Game("foster-1913", seed=4)
    g.play(g.legal_actions()[-1])
    with pytest.raises(IllegalMove, match="only while dealing"):
        g.report("a card exposed by the dealer")
    g.report("a card faced in the pack")
    assert str(g.outcome) == "misdeal"
    with pytest.raises(PositionError, match="an irregularity is 'a card faced in the pack' or"):
        Game("dutch", seed=1).report("a bent card")


def test_under_play_on_a_report_changes_nothing():
    g = Game("foster-1913(misdeal=play-on)", seed=4)
    before = str(g)
    assert str(g.report("a card faced in the pack")) == before and not g.is_over


def test_a_forced_player_to_discard_reads_back():
    g = position("""
        variant: foster-1913(pack=spanish)
        dealer hand: J♦
        dealer melds: [2♥ 3♥ 4♥] [K♠ K♥ K♣] [5♦ 6♦ 7♦]
        pone hand: A♠ 2♠ 3♠ 6♠ 7♠ A♥ K♦ 4♣ 3♣ 7♣
        offer: 5♥ drawn by pone""")
    g.play("force [2♥ 3♥ 4♥]")
    assert str(g).endswith("to discard: dealer (forced)")
    assert str(position(str(g))) == str(g)
    assert "the forced card alone does not give him 11" in g.why_illegal("lay [2♥ 3♥ 4♥ 5♥] [K♠ K♥ K♣] [5♦ 6♦ 7♦ J♦]")
    h = position(str(g).replace("variant: foster-1913(pack=spanish)", "variant: foster-1913(pack=spanish, forced_lay_out=true)"))
    h.play("lay [2♥ 3♥ 4♥ 5♥] [K♠ K♥ K♣] [5♦ 6♦ 7♦ J♦]")
    assert h.is_over and h.outcome.winner is Role.DEALER


def test_a_pass_or_take_with_nothing_on_offer_is_refused_in_words_without_a_missing_card():
    g = Game("foster-1913", seed=3)
    while not any(str(a).startswith("discard") for a in g.legal_actions()):
        g.play(g.legal_actions()[0])
    for move in ("pass", "take"):
        with pytest.raises(IllegalMove) as refusal:
            g.play(move)
        assert f"'{move}' ({move} with no card on offer) is illegal: dealer must discard" in str(refusal.value)
        assert "None" not in str(refusal.value)
