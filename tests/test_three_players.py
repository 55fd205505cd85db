"""Three players (pagat's tercerilla, ``max_players = 3``): the deal, the order of play, forcing onto either opponent,
the demand, positions, records, matches, simulations and the command line, each through the public API."""

from __future__ import annotations

import json
import random
import re

import pytest

from conquian import ConquianError, Game, Match, PositionError, RecordError, Role, position
from conquian.cli import main
from conquian.games.conquian import kernel
from conquian.simulation import Simulation

from support import check_invariants, check_round_trips, play_random

MEXICAN = "pagat-mexican"
# The pone has turned the 7♣, which fits the dealer's clubs and the middle player's sevens, and not his own hand.
THREE = """variant: pagat-mexican
dealer melds: [4♣ 5♣ 6♣]
dealer hand: A♥ 3♥ 6♦ 2♠ 5♠
pone hand: A♠ 2♦ 3♦ 5♥ 2♣ 4♠ 6♥ A♦
middle melds: [7♠ 7♥ 7♦]
middle hand: 2♥ 4♦ 6♠ A♣ 3♣
out: 4♥ 5♦
offer: 7♣ drawn by pone
"""


# -- the deal ------------------------------------------------------------------------------------------------------
def test_the_deal_goes_to_the_right_and_the_pone_starts():
    r = Game(MEXICAN, 3).rules
    g = Game(MEXICAN, 3, pack=r.deck, cut=0)  # one card at a time: pone, middle, dealer, pone ...
    assert g.hand("pone")[0] == r.deck[0] and g.hand("middle")[0] == r.deck[1] and g.hand("dealer")[0] == r.deck[2]
    assert [len(g.hand(s)) for s in g.seats()] == [8, 8, 8] and len(g.stock) == 40 - 24
    assert g.seats() == (Role.DEALER, Role.PONE, Role.MIDDLE) and g.to_act is Role.PONE and g.players == 3
    # the exchange first: each passes a card to his right, the pone first; then the pone draws the first card
    gave = {}
    for seat in (Role.PONE, Role.MIDDLE, Role.DEALER):
        assert g.to_act is seat and g.phase.value == "exchange"
        gave[seat] = g.hand(seat)[0]
        g.play(f"give {gave[seat]}")
    assert gave[Role.PONE] in g.hand("middle") and gave[Role.MIDDLE] in g.hand("dealer")
    assert gave[Role.DEALER] in g.hand("pone") and g.to_act is Role.PONE and len(g.stock) == 40 - 24 - 1


@pytest.mark.parametrize("rules, players, message", [
    ("foster-1913", 3, "3 players: these rules are for two players only (rule max_players = 2: foster-1913 "),
    (MEXICAN, 4, "4 players: these rules are for 2 to 3 players (rule max_players = 3: pagat-mexican"),
    (MEXICAN, 1, "1 players: these rules are for 2 to 3 players"),
])
def test_a_count_the_rules_do_not_seat_is_refused_naming_the_rule(rules, players, message):
    with pytest.raises(PositionError) as info:
        Game(rules, players, seed=1)
    assert str(info.value).startswith(message), str(info.value)


def test_three_hands_of_eleven_do_not_fit_the_pack():
    with pytest.raises(ConquianError, match="max_players.*hand_size|hand_size.*max_players"):
        Game("pagat-mexican(hand_size=14, cards_to_win=15)", 2)


PASSED_ON = """variant: pagat-mexican
pone melds: [2♣ 3♣ 4♣]
pone hand: A♠ 3♠ 6♠ 2♥ 7♦
middle hand: A♥ 4♥ 6♥ J♥ 2♦ 4♦ J♦ K♠
dealer hand: 5♠ 7♠ 3♥ 5♥ 7♥ A♦ 3♦ 5♦
out: Q♣
stock: rest
offer: 5♣ passed by pone
"""


# -- the order of play ---------------------------------------------------------------------------------------------
def test_a_card_passed_or_discarded_goes_to_the_next_player_to_the_right():
    g = position(THREE)
    g.play("pass")
    assert g.to_act is Role.MIDDLE and "offer: 7♣ passed by pone" in str(g)
    assert g.is_legal("force [4♣ 5♣ 6♣]")  # the middle player may give it to the dealer
    g.play("pass")  # declined though it fits his sevens: the next player, the dealer, may make him meld it
    assert g.to_act is Role.DEALER and "offer: 7♣ refused by middle" in str(g)
    assert [str(a) for a in g.legal_actions()] == ["demand", "waive"]
    g.play("waive")  # either opponent may demand: the pone, the middle player's other opponent, is asked next
    assert g.to_act is Role.PONE and "offer: 7♣ refused by middle, waived by dealer" in str(g)
    assert [g.describe(a) for a in g.legal_actions()] == ["demand that the middle player take the 7♣",
                                                           "let the 7♣ go without demanding it"]
    g.play("waive")  # out of play, and the player who declined it turns the next card
    assert g.to_act is Role.MIDDLE and "drawn by middle" in str(g)


def test_either_opponent_may_demand_a_declined_card_and_the_second_is_asked_after_the_first():
    g = position(THREE)
    g.play("pass").play("pass").play("waive").play("demand")  # the pone demands: the middle player must meld it
    assert g.to_act is Role.MIDDLE and "offer: 7♣ demanded of middle" in str(g)
    again = position(THREE).play("pass").play("pass").play("waive")
    assert str(position(str(again))) == str(again)  # the position text says who waived


def test_a_card_passed_on_may_still_be_demanded_of_the_player_who_passed_it():
    # The pone declines the 5♣ that fits his clubs; the middle player neither demands it nor wants it and passes it
    # on: the dealer, the pone's other opponent, may still make him meld it.
    g = position(PASSED_ON)
    assert g.describe("pass") == "decline the 5♣: the dealer may still demand that the pone take it"
    g.play("pass")
    assert g.to_act is Role.DEALER and str(g).endswith("offer: 5♣ passed by pone, passed on by middle")
    assert str(position(str(g))) == str(g)
    assert [g.describe(a) for a in g.legal_actions()] == ["demand that the pone take the 5♣",
                                                           "let the 5♣ go without demanding it"]
    assert str(position(str(g)).play("demand")).endswith("offer: 5♣ demanded of pone")
    g.play("waive")  # out of play: the middle player, who passed it on, turns the next card
    assert g.to_act is Role.MIDDLE and "drawn by middle" in str(g)


@pytest.mark.parametrize("offer, message", [
    ("5♣ passed by pone, waived by middle", "'waived by R2' follows a refused card"),
    ("5♣ passed by pone, passed on by dealer", "'passed on by R2' follows a passed card, R2 the player it was passed "
                                               "to (middle)"),
    ("5♣ passed by pone, shrugged by middle", "after the comma, a game of three says who waived"),
])
def test_a_demand_after_the_first_is_written_only_as_play_reaches_it(offer, message):
    with pytest.raises(PositionError, match=re.escape(message)):
        position(PASSED_ON.replace("offer: 5♣ passed by pone", f"offer: {offer}"))


def test_the_player_in_turn_chooses_which_opponent_takes_the_card():
    g = position(THREE)
    assert [g.describe(a) for a in g.legal_actions()] == [
        "pass the 7♣ to the middle player",
        "lay the 7♣ on the middle player's 7♠ 7♥ 7♦ (forcing)",
        "lay the 7♣ on the dealer's 4♣ 5♣ 6♣ (forcing)"]
    to_dealer = position(THREE).play("force [4♣ 5♣ 6♣]")
    assert to_dealer.to_act is Role.DEALER and to_dealer.down("dealer") == 4
    to_middle = position(THREE).play("force [7♠ 7♥ 7♦]")
    assert to_middle.to_act is Role.MIDDLE and to_middle.down("middle") == 4
    # The forced player discards; his discard goes on to the player to his right.
    to_dealer.play("discard 2♠")
    assert to_dealer.to_act is Role.PONE and "offer: 2♠ discarded by dealer" in str(to_dealer)


def test_a_discard_is_not_forced_back_on_its_discarder_where_the_rules_say_so_but_may_go_to_the_third_player():
    text = THREE.replace("variant: pagat-mexican", "variant: pagat-mexican(force_back=false)").replace(
        "offer: 7♣ drawn by pone", "offer: 7♣ discarded by dealer")
    g = position(text)
    assert "force [7♠ 7♥ 7♦]" in {str(a) for a in g.legal_actions()}
    assert "is illegal: 7♣ was discarded by dealer: it cannot be forced back" in g.why_illegal("force [4♣ 5♣ 6♣]")


def test_the_next_player_demands_a_declined_card_and_one_waived_by_both_leaves_its_decliner_to_draw():
    # Reactive forcing only: the middle player declines a card fitting his own sevens.
    text = THREE.replace("variant: pagat-mexican", "variant: pagat-mexican(forcing=reactive, add_to_opponent=never)")
    text = text.replace("offer: 7♣ drawn by pone", "offer: 7♣ passed by pone")
    g = position(text)
    g.play("pass")
    assert g.to_act is Role.DEALER and "offer: 7♣ refused by middle" in str(g)
    demanded = g.copy().play("demand")
    assert demanded.to_act is Role.MIDDLE and demanded.legal_actions() == [a for a in demanded.legal_actions()
                                                                           if a.kind.value == "use"]
    g.play("waive").play("waive")  # the dealer, then the pone, the middle player's other opponent
    assert g.to_act is Role.MIDDLE and "drawn by middle" in str(g)


def test_a_winner_with_three_collects_both_losers_pips():
    won = 0
    for seed in range(40):
        g = play_random(Game(MEXICAN, 3, seed=seed), random.Random(seed))
        if g.outcome.winner is not None:
            losers = [s for s in g.seats() if s is not g.outcome.winner]
            assert g.outcome.loser_pips == sum(min(c.rank, 10) for s in losers for c in g.hand(s)) > 0
            assert position(str(g)).outcome == g.outcome  # the result line reads back with the same pips
            won += 1
    assert won >= 2


# -- text -----------------------------------------------------------------------------------------------------------
def test_positions_and_records_of_three_read_back():
    g = Game(MEXICAN, 3, seed=11)
    play_random(g, random.Random(11), lambda game, actions: (check_invariants(game), check_round_trips(game, actions)))
    record = g.record()
    assert "\nplayers: 3\n" in record and "\nmiddle: " in record
    assert Game.from_record(record).record() == record
    assert "players:" not in Game(MEXICAN, 2, seed=11).record()  # a game of two reads as records always did


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace("middle hand: 2♥ 4♦ 6♠ A♣ 3♣\n", ""), "a game of three gives the middle player's hand"),
    (lambda t: t.replace("pagat-mexican", "rummy-ch(pack=spanish)"), "3 players: these rules are for two players "
                                                                     "only \\(rule max_players = 2: rummy-ch"),
    (lambda t: t.replace("offer: 7♣ drawn by pone", "to discard: nobody"), "a role is 'dealer', 'pone' or 'middle'"),
])
def test_bad_three_player_positions_are_refused_clearly(change, message):
    with pytest.raises(PositionError, match=message):
        position(change(THREE))


def test_a_middle_player_in_a_position_of_two_is_refused():
    two = "\n".join(ln for ln in THREE.splitlines() if not ln.startswith("middle"))
    with pytest.raises(PositionError, match="a role is 'dealer' or 'pone', not 'middle'"):
        position(two.replace("offer: 7♣ drawn by pone", "to discard: middle"))


@pytest.mark.parametrize("edit, message", [
    (lambda r: r.replace("players: 3", "players: 4"), "record start: 4 players: these rules are for 2 to 3 players"),
    (lambda r: r.replace("players: 3", "players: three"), "'players:' must be a whole number"),
    (lambda r: r.replace("players: 3\n", ""), "it is dealer's turn, not middle's"),
])
def test_bad_three_player_records_are_refused_clearly(edit, message):
    g = Game(MEXICAN, 3, seed=4)
    for _ in range(3):  # the exchange
        g.play(g.legal_actions()[0])
    record = g.play("pass").play("pass").record()
    with pytest.raises(RecordError, match=message):
        Game.from_record(edit(record))


# -- a match ----------------------------------------------------------------------------------------------------
def test_a_match_of_three_is_paid_by_both_losers_and_passes_the_deal_to_the_right():
    m = Match(MEXICAN, players=("Ana", "Beto", "Cruz"))
    assert (m.dealer, m.pone, m.middle) == ("Ana", "Beto", "Cruz")
    assert m.add("middle wins") == 2 and m.scores == {"Ana": -1, "Beto": -1, "Cruz": 2}
    assert (m.dealer, m.pone, m.middle) == ("Beto", "Cruz", "Ana")
    assert m.add("tableau") == 0 and m.dealer == "Cruz" and m.may_stop  # pagat's tie stake lapses
    game = m.play_deal(lambda g: g.legal_actions()[0], seed=3)
    assert game.players == 3 and len(m.results) == 3


@pytest.mark.parametrize("rules, players, message", [
    ("foster-1913", ("A", "B", "C"), "needs two different player names \\(rule max_players\\)"),
    ("pagat-mexican(scoring=pips)", ("A", "B", "C"), "each loser's pips"),
    ("pagat-mexican(dealer_rotation=loser-deals)", ("A", "B", "C"), "two losers"),
    (MEXICAN, ("A", "B", "A"), "two to 3 different player names"),
])
def test_a_match_the_rules_cannot_score_is_refused(rules, players, message):
    with pytest.raises(ConquianError, match=message):
        Match(rules, players=players)


def test_a_match_of_two_has_no_middle_player():
    with pytest.raises(ConquianError, match="a match of two has no middle player"):
        Match(MEXICAN, players=("A", "B")).add("middle wins")


# -- simulations and the command line ------------------------------------------------------------------------------
def test_a_simulation_of_three_runs_on_python_and_repeats_itself():
    a, b = Simulation(MEXICAN, 5, 3, "greedy"), Simulation(MEXICAN, 5, 3, "greedy")
    assert a.engine.value == "python" and a.why_python == "the native kernel plays two players, not 3"
    assert a.play(20, keep=True) == b.play(20, keep=True)
    assert set(a.summary()["wins"]) == {"dealer", "pone", "middle"} and a.summary()["players"] == 3
    with pytest.raises(ConquianError, match="--engine native: the native kernel plays two players, not 3"):
        Simulation(MEXICAN, 5, 3, "greedy", engine="native")
    assert kernel.why_not(Game(MEXICAN).rules, ["random"] * 3) == "the native kernel plays two players, not 3"


def test_the_command_line_simulates_three(capsys):
    assert main(["simulate", "--variant", MEXICAN, "--players", "3", "--games", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == 3 and out["games"] == 5 and set(out["wins"]) == {"dealer", "pone", "middle"}
    assert sum(out["wins"].values()) + out["ties"] == 5 and out["engine"] == "python"
