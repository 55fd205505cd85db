"""The article's worked examples and rules, each executed: the joker exchange ♠6–6–J, laying off A and 5 on 2–3–4,
♠3–JJ–♠6, ♣B–♣D–J–♣A, the forbidden one natural card with two jokers, K-A-2, the 40-point first meld,
Hand-Rommé, going out, the deal, the cut joker, the discard taken only to be melded, and the stock running out."""

import pytest

from conquian import IllegalMove, PositionError, RommeGame, cards
from conquian.games.romme.game import position
from conquian.games.romme.state import Phase, Termination

OPENED = """
variant: {rules}
players: 2
hand 0: {hand}
hand 1: 2♣ 3♦ 7♥ 8♥ Q♠ J♦ 4♣ 9♠
table: {table} {FULL}
opened: 0 1
discards: 5♣
to play: 0
"""
FULL = "[8♠ 8♥ 8♦ 8♣] [J♠ J♥ J♣ 🃏]"  # full sets, which nothing joins: with them the table is worth two first melds
UNOPENED = "A♠ 3♥ 5♦ 7♣ K♠ Q♦ 4♥ 10♣ 2♦ K♦".split()  # cards to make up the fourteen of a player who has not melded


def opened(hand, table="[K♠ K♥ K♣]", rules="romme-spielwiki"):
    return position(OPENED.format(hand=hand, table=table, rules=rules, FULL=FULL))


def texts(g):
    return [str(a) for a in g.legal_actions()]


def illegal(g, action):
    before = g.snapshot()
    with pytest.raises(IllegalMove) as caught:
        g.play(action)
    assert g.snapshot() == before  # a refused move changes nothing
    return caught.value


# -- melds and jokers --------------------------------------------------------------------------------------
def test_the_joker_in_6_6_joker_is_exchanged_for_the_club_or_the_other_red_six():
    g = opened("6♣ 6♦ 9♦ 10♦ 2♠", table="[6♠ 6♥ 🃏] [K♠ K♥ K♣]")
    moves = texts(g)
    assert "exchange 6♣ in [6♠ 6♥ 🃏] meld [9♦ 10♦ 🃏=J♦]" in moves
    assert "exchange 6♦ in [6♠ 6♥ 🃏] meld [🃏=8♦ 9♦ 10♦]" in moves
    g.play("exchange 6♣ in [6♠ 6♥ 🃏] meld [9♦ 10♦ 🃏=J♦]")
    assert [m.text() for m in g.table if m.size < 4] == ["[6♠ 6♥ 6♣]", "[K♠ K♥ K♣]", "[9♦ 10♦ 🃏=J♦]"]
    assert g.hand(0) == cards("2♠ 6♦") and g.phase is Phase.PLAY


def test_the_freed_joker_must_be_melded_at_once_and_not_before_the_first_meld():
    g = opened("6♣ 6♦ 9♦ 10♦ J♦ 2♠", table="[6♠ 6♥ 🃏] [K♠ K♥ K♣]")
    e = illegal(g, "exchange 6♣ in [6♠ 6♥ 🃏] meld [9♦ 10♦ J♦]")
    assert e.axis == "joker_exchange" and "must be melded again at once" in e.reason
    assert "romme-spielwiki (stated), Austauschen eines Jokers" in e.rule
    e = illegal(g, "exchange 6♠ in [6♠ 6♥ 🃏] meld [9♦ 10♦ 🃏=J♦]")
    assert "6♠ is not in seat 0's hand" in e.reason
    fresh = position(OPENED.format(hand="6♣ 6♦ 9♦ 10♦ 2♠ " + " ".join(UNOPENED[:9]), table="[6♠ 6♥ 🃏]", rules="romme-spielwiki",
                                   FULL=FULL)
                     .replace("opened: 0 1", "opened: 1"))
    e = illegal(fresh, "exchange 6♣ in [6♠ 6♥ 🃏] meld [9♦ 10♦ 🃏=J♦]")
    assert e.axis == "joker_exchange" and "only after his first meld" in e.reason
    assert e.rule.startswith("rule joker_exchange = true: romme-spielwiki (stated), Austauschen eines Jokers")


def test_a_and_5_are_laid_off_on_2_3_4():
    g = opened("A♥ 5♥ 9♣ 9♦", table="[2♥ 3♥ 4♥]")
    assert {"lay A♥ on [2♥ 3♥ 4♥]", "lay 5♥ on [2♥ 3♥ 4♥]"} <= set(texts(g))
    g.play("lay A♥ on [2♥ 3♥ 4♥]").play("lay 5♥ on [A♥ 2♥ 3♥ 4♥]")
    assert [m.text() for m in g.table if m.size != 4] == ["[A♥ 2♥ 3♥ 4♥ 5♥]"]
    e = illegal(g, "lay 9♣ on [A♥ 2♥ 3♥ 4♥ 5♥]")
    assert e.reason == "9♣ does not fit [A♥ 2♥ 3♥ 4♥ 5♥]"


def test_laying_off_needs_the_first_meld_and_a_card_kept():
    g = position(OPENED.format(hand="A♥ 5♥ 9♣ 9♦ " + " ".join(UNOPENED), table="[2♥ 3♥ 4♥]", rules="romme-spielwiki", FULL=FULL)
                 .replace("opened: 0 1", "opened: 1"))
    e = illegal(g, "lay A♥ on [2♥ 3♥ 4♥]")
    assert e.axis == "lay_off" and e.rule.startswith("rule lay_off = true: romme-spielwiki (stated), "
                                                      "Anlegen an bereits ausgelegte Figuren")
    g = opened("5♥", table="[2♥ 3♥ 4♥]")
    assert texts(g) == ["discard 5♥"]
    assert illegal(g, "lay 5♥ on [2♥ 3♥ 4♥]").axis == "going_out"
    g = opened("5♥", table="[2♥ 3♥ 4♥]", rules="romme-spielwiki(going_out=meld-or-discard)")
    g.play("lay 5♥ on [2♥ 3♥ 4♥]")
    assert g.outcome.winner == 0 and g.outcome.penalties == (0, 2 + 3 + 7 + 8 + 10 + 10 + 4 + 9)


def test_two_jokers_side_by_side_only_in_a_sequence_of_four():
    g = opened("3♠ 6♠ 🃏 🃏 9♣ 2♥")
    assert "meld [3♠ 🃏=4♠ 🃏=5♠ 6♠]" in texts(g)                      # ♠3–JJ–♠6
    assert "meld [3♠ 🃏=4♠ 🃏=5♠]" not in texts(g)
    e = illegal(g, "meld [6♠ 🃏 🃏]")                                    # one natural card and two jokers
    assert e.axis == "min_naturals" and "Es ist nicht gestattet" not in e.rule and "one natural card" in e.rule
    assert illegal(g, "meld [🃏=2♠ 3♠ 🃏=4♠]").axis == "min_naturals"


def test_k_a_2_is_no_sequence_but_q_k_a_and_a_2_3_are():
    g = opened("K♦ A♦ 2♦ Q♦ 3♦ 9♣")
    assert {"meld [Q♦ K♦ A♦]", "meld [A♦ 2♦ 3♦]"} <= set(texts(g))
    e = illegal(g, "meld [K♦ A♦ 2♦]")
    assert e.axis == "round_the_corner" and "“but not ♠K–♠A–♠2”" in e.rule
    g = opened("K♦ A♦ 2♦ Q♦ 3♦ 9♣", rules="romme-spielwiki(round_the_corner=true, max_sequence=13)")
    assert "meld [K♦ A♦ 2♦]" in texts(g)


# -- the first meld ----------------------------------------------------------------------------------------------
FIRST = """
variant: {rules}
players: 3
hand 0: 2♣ 3♦ 7♥ 8♥ Q♠ J♦ 4♣ 9♠ 9♥ 10♣ 5♦ 6♦ 8♣
hand 1: {hand}
hand 2: 2♣ 3♦ 7♥ 8♥ Q♠ J♦ 4♣ 9♠ 9♥ 10♣ 5♦ 6♦ 8♣
discards: 5♣ 7♣
to play: 1
"""


def first(hand, rules="romme-spielwiki"):
    """Seat 1 to play, who has drawn his fourteenth card: the hand given, made up with cards that meld with nothing."""
    filler = "10♠ Q♥ 6♣ A♦ 5♥".split()[:14 - len(hand.split())]
    return position(FIRST.format(hand=" ".join([hand, *filler]), rules=rules))


def test_the_jack_queen_joker_ace_of_clubs_is_a_first_meld_of_41():
    g = first("J♣ Q♣ A♣ 🃏 4♦ 9♦ 2♥ 7♠ 7♦")
    assert "meld [J♣ Q♣ 🃏=K♣ A♣]" in texts(g) and "discard 9♦" in texts(g)
    g.play("meld [J♣ Q♣ 🃏=K♣ A♣]")
    assert g.snapshot().new and g.is_legal("discard 9♦")
    g.play("discard 9♦")
    assert g.opened == {1} and [m.text() for m in g.table] == ["[J♣ Q♣ 🃏=K♣ A♣]"] and g.to_act == 2


def test_forty_points_are_needed_in_one_turn():
    g = first("K♥ K♦ K♣ 2♠ 3♠ 4♠ 9♦ 7♦ 2♥")                           # 30 + 9: 39 points
    assert not any(t.startswith("meld") for t in texts(g))
    e = illegal(g, "meld [K♥ K♦ K♣]")
    assert e.axis == "first_meld" and "could not reach the 40 points" in e.reason
    assert "“For laying out the first time, the cards melded must together be worth at least 40 points" in e.rule
    g = first("K♥ K♦ K♣ 2♠ 3♠ 4♠ 5♠ 7♦ 2♥")                           # 30 + 14: 44 points
    g.play("meld [K♥ K♦ K♣]")
    e = illegal(g, "discard 7♦")
    assert e.axis == "first_meld" and "count 30 points, and a first meld needs 40" in e.reason
    assert not any(t.startswith(("discard", "lay")) for t in texts(g))
    g.play("meld [2♠ 3♠ 4♠ 5♠]").play("discard 7♦")
    assert g.opened == {1}
    assert "meld [K♥ K♦ K♣]" in texts(first("K♥ K♦ K♣ 2♠ 3♠ 4♠ 9♦ 7♦ 2♥", "romme-spielwiki(first_meld=30)"))


def test_the_discard_taken_into_the_hand_counts_only_if_melded():
    g = position(FIRST.replace("to play: 1", "to draw: 1").format(hand="K♥ K♦ Q♣ J♣ 2♠ 3♠ 9♦ 7♦ 2♥ 4♠ 8♠ 6♥ 5♥",
                                                                     rules="romme-spielwiki(drawn_to_hand=false)"))
    assert texts(g) == ["draw"]          # the 7♣ makes no meld he may lay now (J♣ Q♣ K♣... needs the K♣)
    g = position(FIRST.replace("to play: 1", "to draw: 1").format(hand="K♥ K♦ 7♠ 7♦ 2♠ 3♠ 9♦ 4♠ 8♠ 6♥ 5♥ Q♥ J♥",
                                                                     rules="romme-spielwiki(drawn_to_hand=false)"))
    assert texts(g) == ["draw", "take"]  # 7♠ 7♦ 7♣ and 2-3-4♠ and... reach 40 with the hearts
    g.play("take")
    assert g.snapshot().taken == cards("7♣")[0].code
    assert all(t.startswith("meld") and "7♣" in t for t in texts(g))
    e = illegal(g, "discard 9♦")
    assert e.axis == "drawn_to_hand" and "must be melded at once" in e.reason


# -- Hand-Rommé and going out -------------------------------------------------------------------------------
HAND = """
variant: {rules}
players: 2
hand 0: A♥ 2♥ 3♥ 2♠ 2♦ 2♣ 3♠ 3♦ 3♣ 4♠ 4♦ 4♣ 4♥ 9♣
hand 1: 2♣ 3♦ 7♥ 8♥ Q♠ J♦ 4♣ 9♠ 9♥ 10♣ 5♦ 6♦ 8♣
to play: 0
"""


def test_hand_romme_lifts_the_forty_points_and_doubles_the_penalties():
    g = position(HAND.format(rules="romme-spielwiki"))
    for meld in ("[A♥ 2♥ 3♥]", "[2♠ 2♦ 2♣]", "[3♠ 3♦ 3♣]", "[4♠ 4♥ 4♦ 4♣]"):   # 37 points in all
        g.play("meld " + meld)
    assert texts(g) == ["discard 9♣"]
    assert g.describe("discard 9♣") == "discard the 9♣, the last card, face down, and go out"
    g.play("discard 9♣")
    o = g.outcome
    assert o.termination is Termination.WIN and o.winner == 0 and o.hand_romme and str(o) == "0 wins, hand-romme"
    assert o.penalties == (0, 2 * (2 + 3 + 7 + 8 + 10 + 10 + 4 + 9 + 9 + 10 + 5 + 6 + 8))
    assert RommeGame.from_record(g.record()).outcome == o


def test_no_hand_romme_once_somebody_has_melded_or_where_the_rules_have_none():
    for text in (HAND.format(rules="romme-spielwiki(hand_romme=false)"),
                 HAND.format(rules="romme-spielwiki").replace("hand 1: 2♣ 3♦", "hand 1: 3♦")
                 .replace("to play: 0", "table: [10♠ J♠ Q♠ K♠]\nopened: 1\ndiscards: 2♣\nto play: 0")
                 .replace("hand 1: 3♦ 7♥ 8♥", "hand 1: 3♦")):
        g = position(text)
        assert not any(t.startswith("meld") for t in texts(g)), text


def test_a_player_keeps_a_card_to_discard():
    g = opened("7♠ 8♠ 9♠")
    assert texts(g) == ["discard 7♠", "discard 8♠", "discard 9♠"]
    e = illegal(g, "meld [7♠ 8♠ 9♠]")
    assert e.axis == "going_out" and "“The player who is the first able to lay out all his cards" in e.rule
    g = opened("7♠ 8♠ 9♠", rules="romme-spielwiki(going_out=meld-or-discard)")
    g.play("meld [7♠ 8♠ 9♠]")
    assert g.outcome.winner == 0 and not g.outcome.hand_romme


# -- the deal, the cut, the stock ------------------------------------------------------------------------------------
def test_the_dealer_takes_fourteen_and_opens_without_drawing():
    g = RommeGame("romme-spielwiki", players=4, seed=13)
    assert [len(g.hand(s)) for s in range(4)] == [14, 13, 13, 13] and len(g.stock) == 110 - 53
    assert g.phase is Phase.PLAY and g.to_act == 0 and not any(t in ("draw", "take") for t in texts(g))
    e = illegal(g, "draw")
    assert "has drawn for this turn" in e.reason
    g = RommeGame("romme-spielwiki(dealer_opens=false)", players=3, seed=13)
    assert g.phase is Phase.DRAW and g.to_act == 1 and texts(g) == ["draw"]
    assert illegal(g, "take").axis == "dealer_opens"


def pack_with_joker_at(k):
    """A pack order, top card first, with a joker as its k-th card (the bottom of a cut of k)."""
    order = list(cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♦ 2♦ 3♦ 4♦ "
                       "5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣")) * 2
    jokers = cards("🃏 🃏 🃏 🃏 🃏 🃏", copies=None)
    return order[:k - 1] + [jokers[0]] + order[k - 1:] + list(jokers[1:])


def test_a_joker_found_at_the_cut_may_be_kept():
    g = RommeGame("romme-spielwiki", players=3, pack=pack_with_joker_at(30), cut=30)
    assert g.phase is Phase.KEEP and g.to_act == 2 and texts(g) == ["keep", "leave"]
    assert illegal(g, "draw").axis == "cut_joker"
    kept = g.copy().play("keep")
    assert [len(kept.hand(s)) for s in range(3)] == [14, 13, 13] and cards("🃏")[0] in kept.hand(2)
    left = g.copy().play("leave")
    assert left.stock[-1] == cards("🃏")[0] and left.phase is Phase.PLAY
    assert RommeGame.from_record(kept.record()).snapshot() == kept.snapshot()
    plain = RommeGame("romme-spielwiki(cut_joker=false)", players=3, pack=pack_with_joker_at(30), cut=30)
    assert plain.phase is Phase.PLAY


def with_stock(g, stock, discards):
    """The game's position with another stock and discard pile (the rest of the cards at the pile's bottom)."""
    lines = [l for l in str(g).splitlines() if not l.startswith(("stock:", "discards:"))]
    return position("\n".join(lines + [f"stock: {stock}", f"discards: {discards}"]))


def test_the_stock_is_renewed_once_then_nobody_wins():
    g = with_stock(opened("9♣ 9♦").play("discard 9♣"), "4♦", "5♣ 9♣ rest")
    g.play("draw").play("discard 4♦")   # the stock is empty: the pile but its top card is turned over
    assert g.snapshot().renewals == 1 and g.discards == cards("4♦") and g.stock[:2] == cards("5♣ 9♣")
    g = with_stock(g, "5♣", "4♦ rest")
    g.play("draw").play("discard 5♣")   # empty again, and renewed once already: the deal ends
    assert g.is_over and g.outcome.winner is None and str(g.outcome) == "nobody wins"
    assert g.outcome.penalties == (0, 0)
    g = with_stock(opened("9♣ 9♦", rules="romme-spielwiki(stock_renewals=0)").play("discard 9♣"), "4♦", "5♣ 9♣ rest")
    assert g.play("draw").play("discard 4♦").outcome.winner is None


def test_bad_game_arguments():
    with pytest.raises(PositionError, match=r"7 players: romme-spielwiki is played by 2 to 6 \(rule max_players = 6"):
        RommeGame("romme-spielwiki", players=7)
    with pytest.raises(TypeError, match=r"rules must be a RommeRules"):
        RommeGame("dutch")
    with pytest.raises(TypeError):
        RommeGame("romme-spielwiki", players="3")
    with pytest.raises(PositionError, match=r"a pack order must hold the 110 cards"):
        RommeGame("romme-spielwiki", pack="A♠ 2♠")
    with pytest.raises(PositionError, match=r"cut 200 leaves fewer than 1 cards"):
        RommeGame("romme-spielwiki", seed=1, cut=200)


def test_freeing_a_joker_only_to_lay_its_meld_again_is_listed_once_as_the_meld():
    # Found by the property test (6 players, seed 148): exchanging the 4♠ for the joker of [4♥ 4♣ 🃏] and laying
    # [4♥ 4♣ 🃏] again from the hand leaves the very table that melding [4♠ 4♥ 4♣] leaves.
    g = RommeGame.from_position("""
        variant: romme-spielwiki
        players: 6
        hand 0: J♠ 6♦ 7♦ 3♣ 8♣
        hand 1: 3♠ 3♠ 10♠ 2♥ 6♥ J♥ 6♦
        hand 2: A♠ 6♠ 6♠ 7♥ 10♥ J♥ K♥ 2♦ 8♦ Q♦ K♦ 2♣ 5♣
        hand 3: 4♠ 4♥ 6♥ 7♥ 4♦ 3♣ 4♣ 6♣
        hand 4: A♦ 9♣
        hand 5: 2♠ 5♠ A♥ 5♥ 8♥ 9♥ 2♦ J♦ 6♣ 7♣ 7♣ 9♣ 10♣
        table: [A♥ A♦ A♣] [2♠ 2♣ 🃏] [4♥ 4♣ 🃏] [5♠ 5♣ 🃏] [9♠ 9♦ 🃏] [Q♠ Q♥ Q♦ 🃏] [7♠ 8♠ 🃏=9♠ 10♠ J♠ Q♠ K♠ A♠] [J♣ Q♣ K♣ A♣]
        opened: 0 1 3 4
        stock: 8♥ 5♦ 5♥ 10♦ 9♠ 3♥ K♣ 10♥ 4♦ 9♦ 9♥ 10♦ Q♥ 3♥ 5♦ 7♠ 8♣ J♦ 3♦ 4♠ K♥ K♠ 8♦ K♦ 10♣ 2♥ Q♣ 3♦ 8♠
        discards: 7♦ J♣
        renewals: 1
        to play: 3""")
    actions = g.legal_actions()
    assert g.is_legal("meld [4♠ 4♥ 4♣]")
    assert "is melding [4♠ 4♥ 4♣] from the hand" in g.why_illegal("exchange 4♠ in [4♥ 4♣ 🃏] meld [4♥ 4♣ 🃏]")
    after = [g.copy().play(a).snapshot() for a in actions]
    assert len(set(after)) == len(after)
