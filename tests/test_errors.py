"""Bad input of every kind gets a precise error that says what was wrong and where; nothing is silently corrected."""

import re

import pytest

from conquian import (VARIANTS, ActionError, Card, CardError, ConflictingRules, DeclarationError, Game, IllegalMove,
                      PositionError, RecordError, RuleError, RuleSet, UnknownVariant, cards, position, variant)
from conquian.declarations import DECLARATIONS, load_declaration

GOOD = """
variant: rummy-ch
dealer hand: 6♦ A♠ 2♠ 7♠ J♦ Q♣
dealer melds: [3♥ 4♥ 5♥ 6♥]
pone hand: 3♠ 4♠ 5♠ A♥ 2♥ 7♥ A♦ 2♦ K♦ K♣
offer: 6♣ discarded by pone
"""


# -- cards ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, message", [
    ("7♠ 1O♦", r"card 2 of '7♠ 1O♦': '1O♦' has no valid rank: '1O' is not one of A 2 3"),
    ("7♠ J♥ 7X", r"card 3 of '7♠ J♥ 7X': '7X' has no valid suit: 'X' is not one of ♠ ♥ ♦ ♣ or S H D C"),
    ("7", r"'7' is not a card: it needs a rank"),
    ("7s 7S", r"card 2 of '7s 7S': 7♠ is already card 1"),
])
def test_bad_card_text(text, message):
    with pytest.raises(CardError, match=message):
        cards(text)


def test_cards_read_both_ways_and_repr_pastes_back():
    assert cards("7♠ J♥ 10♦ A♣") == cards("7s jh TD ac") == cards("7S,JH,10D,AC")
    c = Card("10♦")
    assert eval(repr(c), {"Card": Card}) is c and c.ascii == "10D" and str(c) == "10♦"
    assert issubclass(CardError, ValueError)


def test_a_card_not_in_the_pack():
    with pytest.raises(CardError, match=r"8♠ is not in the spanish pack \(its ranks: A 2 3 4 5 6 7 J Q K\)"):
        variant("rummy-ch").is_meld("7♠ 8♠ 9♠")
    with pytest.raises(CardError, match=r"J♠ is not in the ace-to-ten pack"):
        variant("foster-1913").is_meld("J♠ Q♠ K♠")


# -- variants and rule sets ----------------------------------------------------------------------------------
def test_variant_names_are_normalised_and_unknown_ones_listed():
    assert variant("FOSTER_1913") is variant("foster 1913") is VARIANTS["foster-1913"]
    with pytest.raises(UnknownVariant, match=r"unknown variant 'hoyle'; known variants: foster-1913, rummy-ch, dutch, french|"
                                             r"known variants: .*foster-1913"):
        variant("hoyle")
    with pytest.raises(ValueError):
        variant("hoyle")


def test_unknown_axis_and_bad_value_list_the_valid_ones():
    with pytest.raises(RuleError, match=r"unknown axis 'joker'; the axes are: pack, min_set"):
        VARIANTS["dutch"].replace(joker=True)
    with pytest.raises(RuleError, match=r"axis 'forcing' cannot be 'sometimes'; valid: none, active, reactive"):
        RuleSet.parse("dutch(forcing=sometimes)")
    with pytest.raises(RuleError, match=r"axis 'max_sequence' cannot be '11'; valid: a whole number from 2 to 10"):
        RuleSet.parse("dutch(max_sequence=11)")
    with pytest.raises(RuleError, match=r"axis 'pack' is set twice"):
        RuleSet.parse("dutch(pack=spanish, pack=ace-to-ten)")


def test_conflicting_settings_name_both_axes():
    with pytest.raises(ConflictingRules, match=r"forcing=active conflicts with add_to_opponent=never"):
        VARIANTS["rummy-ch"].replace(forcing="active")
    with pytest.raises(ConflictingRules, match=r"min_sequence=5 conflicts with max_sequence=4"):
        RuleSet(min_sequence=5, max_sequence=4)
    with pytest.raises(ConflictingRules, match=r"deal_packet=3 conflicts with hand_size=10"):
        RuleSet(deal_packet=3)


def test_rule_sets_are_frozen_and_print_as_their_source():
    r = variant("foster-1913").replace(pack="spanish")
    assert str(r) == "foster-1913(pack=spanish)" and repr(r) == "RuleSet.parse('foster-1913(pack=spanish)')"
    assert eval(repr(r), {"RuleSet": RuleSet}) == r
    with pytest.raises(AttributeError):
        r.pack = None


# -- positions -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("change, message", [
    (("variant: rummy-ch", "variant: hoyle"), r"position line 2: unknown variant 'hoyle'"),
    (("variant: rummy-ch\n", ""), r"no 'variant:' line"),
    (("6♦ A♠", "6♦ 6♦"), r"line 3 \(dealer hand\): card 2 of '6♦ 6♦ .*': 6♦ is already card 1"),
    (("K♦ K♣", "K♦ 6♦"), r"line 5 \(pone hand\): 6♦ is already in dealer hand"),
    (("[3♥ 4♥ 5♥ 6♥]", "[3♥ 4♥ 6♥ 5♠]"), r"line 4 \(dealer melds\): \[.*\] is not a meld"),
    (("K♦ K♣\n", "K♦\n"), r"pone has 9 cards in hand and melds; he should have 10"),
    (("offer: 6♣ discarded by pone", "offer: 6♣ thrown by pone"), r"line 6 \(offer\): expected 'C drawn by R'"),
    (("offer: 6♣ discarded by pone", "offer: 6♣ passed by dealer\nto discard: dealer"), r"exactly one of"),
    (("dealer hand:", "dealer hnad:"), r"line 3 \('dealer hnad: .*'\): expected 'key: value' with a key among"),
    (("offer: 6♣ discarded by pone", "offer: 9♣ discarded by pone"), r"line 6 \(offer\): 9♣ is not in the spanish pack"),
])
def test_bad_positions(change, message):
    with pytest.raises(PositionError, match=message):
        position(GOOD.replace(*change))


def test_a_card_placed_nowhere_is_named():
    with pytest.raises(PositionError, match=r"19 card\(s\) are nowhere: .* \(end the stock line, or the out line, with 'rest'"):
        position(GOOD + "stock: empty")


# -- actions and illegal moves -----------------------------------------------------------------------------
@pytest.mark.parametrize("text, message", [
    ("meld [6♣ 6♥ 6♦]", r"'meld' is not an action; actions: use, pass, take, lay, force, discard, demand, waive"),
    ("use", r"'use' needs the melds after the move"),
    ("use 6♣ 6♥ 6♦", r"cards must be grouped in brackets"),
    ("use [6♣ 6♥] [6♥ 3♥]", r"card stands in two melds"),
    ("discard", r"'discard' needs a card"),
    ("discard 6X", r"card text: '6X' has no valid suit"),
    ("pass now", r"'pass' takes nothing after it"),
    ("force [1♥ 2♥]", r"'1♥' has no valid rank"),
])
def test_bad_action_text(text, message):
    with pytest.raises(ActionError, match=message):
        position(GOOD).play(text)


@pytest.mark.parametrize("action, message", [
    ("use [3♥ 4♥ 5♥ 6♥ 6♣]", r"is not a meld: its cards are neither of one rank nor of one suit"),
    ("take", r"never taken into the hand; .*rule drawn_to_hand = false: rummy-ch \(stated\)"),
    ("force [3♠ 4♠ 5♠]", r"never adds a card to his opponent's melds .*rule add_to_opponent = never: rummy-ch \(stated\)"),
    ("discard A♠", r"cannot discard before using a card"),
    ("use [3♥ 4♥ 5♥] [6♥ 6♦ 6♣ 6♠]", r"6♠ is neither in dealer's hand nor in his melds"),
    ("use [6♥ 6♦ 6♣]", r"3♥ is in dealer's melds and must stay on the table"),
    ("lay [6♥ 6♦ 6♣] [3♥ 4♥ 5♥]", r"meld from his hand only in a turn in which he uses a card .*rule meld_without_use = false"),
    ("demand", r"can demand only that his opponent take a card the opponent declined"),
])
def test_illegal_moves_name_the_rule_and_source_and_leave_the_game_unchanged(action, message):
    g = position(GOOD)
    before, legal = str(g), g.legal_actions()
    with pytest.raises(IllegalMove, match=message):
        g.play(action)
    assert str(g) == before and g.legal_actions() == legal and g.decisions == 0
    assert g.why_illegal(action) is not None and not g.is_legal(action)


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


def test_a_cut_too_close_to_the_edge():
    with pytest.raises(PositionError, match=r"cut 2 leaves fewer than 4 cards in a packet; cut between 4 and 36"
                                            r", or 0 for a pack already cut \(rule min_cut=4; foster-1913 \(stated\)"):
        Game("foster-1913", pack=variant("foster-1913").deck, cut=2)


def test_a_given_pack_without_a_cut_is_dealt_as_given():
    deck = variant("dutch").deck
    g = Game("dutch", pack=deck)
    assert g.hand("pone") == deck[0:20:2] and g.offer == deck[20]
    assert Game.from_record(g.record()).record() == g.record() and "\ncut: 0\n" in g.record()


def test_the_pack_order_must_be_whole():
    with pytest.raises(PositionError, match=r"all 40 cards of the spanish pack; got 3"):
        Game("dutch", pack="A♠ 2♠ 3♠")


# -- records ------------------------------------------------------------------------------------------------
def test_bad_records():
    g = Game("dutch", seed=5)
    g.play(g.legal_actions()[-1])
    rec = g.record()
    assert Game.from_record(rec).record() == rec
    with pytest.raises(RecordError, match=r"needs a 'moves:' line"):
        Game.from_record(rec.replace("moves:", "plays:"))
    first = rec.split("moves:\n")[1].splitlines()[0]
    wrong = "dealer" if first.startswith("pone") else "pone"
    with pytest.raises(RecordError, match=r"record move 1 .*: it is (pone|dealer)'s turn, not " + wrong):
        Game.from_record(rec.replace(first, wrong + ":" + first.split(":", 1)[1]))
    with pytest.raises(RecordError, match=r"record move 1 .*'frobnicate' is not an action"):
        Game.from_record(rec.replace(first, first.split(":")[0] + ": frobnicate"))
    with pytest.raises(RecordError, match=r"the result says 'pone wins' but the moves give"):
        Game.from_record(rec + "result: pone wins\n")


# -- declarations ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("edit, message", [
    (lambda s: s.replace('status = "stated"', 'status = "likely"', 1), r"axis 'pack': status 'likely' is not one of stated, implied, silent, ambiguous"),
    (lambda s: s.replace('value = "ace-to-ten"', 'value = "tarot"', 1), r"axis 'pack': axis 'pack' cannot be 'tarot'"),
    (lambda s: s.replace("[axes.pack]", "[axes.pack]\ncolour = 1", 1), r"axis 'pack': unknown key 'colour'; valid keys: value, status"),
    (lambda s: s.replace("[axes.pack]", "[axes.jokers]\nvalue = 1\nstatus = \"silent\"\nnote = \"x\"\n\n[axes.pack]", 1), r"unknown axis 'jokers'"),
    (lambda s: s.replace('id = "foster-1913"', 'id = "foster"', 1), r"id 'foster' does not match the file name 'foster-1913'"),
    (lambda s: re.sub(r'(\[axes\.forcing\]\nvalue = )"active"', r'\1"reactive"', s), r"forcing=reactive conflicts with lay_off_own|add_to_opponent=only-by-forcing conflicts with forcing=reactive"),
])
def test_bad_declarations(tmp_path, edit, message):
    src = DECLARATIONS["foster-1913"].path.read_text(encoding="utf-8")
    bad = tmp_path / "foster-1913.toml"
    bad.write_text(edit(src), encoding="utf-8")
    with pytest.raises(DeclarationError, match=r"foster-1913\.toml: .*" + message):
        load_declaration(bad)


def test_a_stated_entry_without_a_passage_is_rejected(tmp_path):
    src = DECLARATIONS["rummy-ch"].path.read_text(encoding="utf-8")
    start = src.index("[[axes.max_sequence.evidence]]")
    end = src.index("[axes.", start + 10)
    bad = tmp_path / "rummy-ch.toml"
    bad.write_text(src[:start] + src[end:], encoding="utf-8")
    with pytest.raises(DeclarationError, match=r"axis 'max_sequence': status 'stated' needs at least one passage"):
        load_declaration(bad)


def test_every_error_is_a_value_error():
    for cls in (CardError, RuleError, UnknownVariant, ConflictingRules, DeclarationError, PositionError, IllegalMove,
                ActionError, RecordError):
        assert issubclass(cls, ValueError)


def test_a_match_result_must_say_enough():
    from conquian import ConquianError, Match
    with pytest.raises(ConquianError, match=r"a deal's result is 'dealer wins', 'pone wins' or 'tableau'"):
        Match("dutch").add("north wins")
    with pytest.raises(ConquianError, match=r"scoring = pips counts the loser's pips, which 'pone wins' does not give"):
        Match(RuleSet.parse("foster-1913(scoring=pips)")).add("pone wins")
    with pytest.raises(ConquianError, match=r"the first dealer must be one of 'A' or 'B', not 'C'"):
        Match("dutch", first_dealer="C")
