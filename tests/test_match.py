"""Matches: scoring, tied stakes, the deal's rotation, and misuse of the API."""

import pytest

from conquian import ConquianError, Match, RuleSet
from conquian.games.conquian.state import Outcome, Role, Termination


def test_a_tie_is_decided_by_the_next_game():
    m = Match("foster-1913", players=("North", "South"), first_dealer="North")
    assert m.add("tableau") == 0 and m.dealer == "South" and not m.may_stop
    assert m.add("pone wins") == 2 and m.scores == {"North": 2, "South": 0} and m.may_stop


@pytest.mark.parametrize("rules, points", [("rummy-ch", [0, 2]), ("foster-1913", [0, 2]),
                                           ("rummy-ch(tableau_stake=doubled)", [0, 2])])
def test_tied_stakes(rules, points):
    m = Match(rules)
    assert [m.add("tableau"), m.add("dealer wins")] == points


def test_pips_scoring_needs_the_outcome():
    m = Match(RuleSet.parse("foster-1913(scoring=pips)"))
    with pytest.raises(ConquianError, match=r"scoring = pips counts the loser's pips, which 'pone wins' does not give"):
        m.add("pone wins")
    assert m.add(Outcome(Termination.WIN, Role.PONE, loser_pips=17)) == 17


@pytest.mark.parametrize("call, error, message", [
    (lambda: Match("dutch").add("north wins"), ConquianError, r"a deal's result is 'dealer wins', 'pone wins' \(with the loser's pips.*'tableau' or 'misdeal'"),
    (lambda: Match("dutch", first_dealer="C"), ConquianError, r"the first dealer must be one of 'A' or 'B', not 'C'"),
    (lambda: Match("dutch", players="AB"), TypeError, r"takes a pair of names"),
    (lambda: Match("dutch", players=("A", "A")), ConquianError, r"two different player names"),
    (lambda: Match("dutch", players=("A", "")), ConquianError, r"two different player names"),
    (lambda: Outcome(Termination.WIN), TypeError, r"a win needs its winner"),
    (lambda: Outcome(Termination.TABLEAU, Role.PONE), TypeError, r"a tableau or a misdeal has none"),
    (lambda: Outcome("win", Role.PONE), TypeError, r"must be a Termination"),
    (lambda: Match(7), TypeError, r"rules must be a RuleSet"),
])
def test_api_misuse_is_a_clear_error(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_dealer_rotation():
    for rules, dealer in [("rummy-ch", "B"), ("rummy-ch(dealer_rotation=winner-deals)", "B"),
                          ("rummy-ch(dealer_rotation=loser-deals)", "A")]:
        m = Match(rules)
        m.add("pone wins")
        assert m.dealer == dealer, rules


@pytest.mark.parametrize("stake, scoring, points", [
    # after one tie every reading scores the same; after two running they part: 3, 4 and 2 (issue 29)
    ("carried", "point", [0, 0, 3]), ("doubled", "point", [0, 0, 4]), ("doubled-once", "point", [0, 0, 2]),
    ("doubled", "stake", [0, 0, 4]), ("doubled-once", "stake", [0, 0, 2]),
    ("lapses", "stake", [0, 0, 1]),  # pagat's Mexican game: a drawn hand is a draw, the next at the ordinary stake
])
def test_two_ties_running(stake, scoring, points):
    m = Match(f"dutch(tableau_stake={stake}, scoring={scoring})")
    assert [m.add("tableau"), m.add("tableau"), m.add("dealer wins")] == points
    assert m.add("dealer wins") == 1  # a game won clears the ties


@pytest.mark.parametrize("stake, points", [("carried", 18), ("doubled", 34), ("doubled-once", 34), ("lapses", 17)])
def test_a_tie_before_a_game_scored_in_pips(stake, points):
    # carried adds one unit for the tie; both doublings double the loser's 17 pips after one tie
    m = Match(f"foster-1913(scoring=pips, tableau_stake={stake})")
    m.add("tableau")
    assert m.add(Outcome(Termination.WIN, Role.PONE, loser_pips=17)) == points


def test_doubled_once_after_three_ties_is_still_double():
    m = Match("rummy-ch(tableau_stake=doubled-once)", players=("Ana", "Ben"))
    for _ in range(3):
        m.add("tableau")
    assert m.stake == 2 and m.add("pone wins") == 2 and m.scores["Ana"] + m.scores["Ben"] == 0


def test_a_result_may_say_the_losers_pips():
    m = Match("foster-1913(scoring=pips)")
    assert m.add("pone wins, 17 pips") == 17 and m.scores == {"A": -17, "B": 17}
    assert Match("foster-1913").add("dealer wins, 17 pips") == 1  # a point a game: the pips do not count
    for bad in ("pone wins, 17", "pone wins, x pips", "pone wins, 99999 pips", "pone wins, ١٧ pips", "pone wins 17 pips"):
        with pytest.raises(ConquianError, match=r"a deal's result is 'dealer wins', 'pone wins' \(with the loser's pips"):
            m.add(bad)
    assert m.scores == {"A": -17, "B": 17}  # a refused result changes nothing


def test_where_a_ties_stake_lapses_the_match_may_stop_after_it():
    """pagat's Mexican game: a drawn hand is simply a draw, so nothing waits to be settled by the next."""
    m = Match("pagat-mexican", players=("Ana", "Ben"))
    assert m.rules.tableau_stake.value == "lapses"
    assert m.add("tableau") == 0 and m.may_stop and m.stake == 1
    m = Match("pagat-mexican(tableau_stake=doubled-once)", players=("Ana", "Ben"))
    assert m.add("tableau") == 0 and not m.may_stop and m.stake == 2
