"""The exchange before play (``exchange = true``, pagat's Mexican game): the phase, its positions and records, a misdeal
during it, and the bad input it can meet, through the public API."""

from __future__ import annotations

import pytest

from conquian import ConquianError, Game, PositionError, position

MEXICAN = "pagat-mexican"


def test_the_cards_change_hands_only_once_all_have_chosen():
    g = Game(MEXICAN, seed=2)
    pone, dealer = set(g.hand("pone")), set(g.hand("dealer"))
    g.play("give " + str(g.hand("pone")[0]))
    assert len(g.hand("pone")) == 7 and set(g.hand("dealer")) == dealer  # chosen, face down, not yet passed
    assert "pone gives: " in str(g) and str(g).endswith("to give: dealer")
    assert position(str(g)).snapshot() == g.snapshot()  # the position says everything, the card chosen included
    g.play("give " + str(g.hand("dealer")[-1]))
    assert len(g.hand("pone")) == len(g.hand("dealer")) == 8 and g.phase.value == "offer"
    assert len(set(g.hand("pone")) - pone) == 1 and len(set(g.hand("dealer")) - dealer) == 1
    assert Game.from_record(g.record()).snapshot() == g.snapshot()


def test_a_misdeal_during_the_exchange_gives_the_chosen_cards_back():
    g = Game(MEXICAN, seed=2)
    hand = g.hand("pone")
    g.play(f"give {hand[3]}")
    g.report("a card faced in the pack")
    assert g.outcome.termination.value == "misdeal" and g.hand("pone") == hand
    assert position(str(g)).snapshot() == g.snapshot()


def test_the_greedy_and_random_players_play_the_exchange_to_the_end():
    from conquian.simulation import Simulation
    for strategy in ("greedy", "random"):
        sim = Simulation(MEXICAN, 3, 3, strategy)
        sim.play(10)
        assert sim.summary()["actions"]["give"] == 30  # three players, one card each, ten deals


def _foster_before_play() -> str:
    lines = str(Game("foster-1913", seed=2)).splitlines()
    offer = lines[-1].split()[1]
    return "\n".join(lines[:-1]).replace("stock: ", f"stock: {offer} ") + "\nto give: pone"


@pytest.mark.parametrize("text, message", [
    (lambda: _foster_before_play(), r"no card is passed before play under these rules \(rule exchange = false\)"),
    (lambda: str(Game(MEXICAN, seed=2)).replace("to give: pone", "middle gives: 7♠\nto give: dealer"),
     "a game of three gives the middle player's hand"),
    (lambda: str(Game(MEXICAN, seed=2)).replace("to give: pone", "to give: dealer"),
     "in turn from pone: with dealer to choose, pone has chosen"),
    (lambda: str(Game(MEXICAN, 3, seed=2)).replace("to give: pone", "pone gives: 7♠ Q♠\nto give: middle"),
     r"7♠ is already in pone hand"),
    (lambda: str(Game(MEXICAN, seed=2).play("give 2♠")).replace("to give: dealer", "offer: 7♥ drawn by pone"),
     r"cards are given only before play \('to give: R'\)"),
])
def test_bad_positions_before_play_are_refused_clearly(text, message):
    with pytest.raises(PositionError, match=message):
        position(text())


def test_moves_other_than_a_card_given_are_refused_before_play():
    g = Game(MEXICAN, seed=2)
    before = str(g)
    for move, words in (("pass", "before play pone must choose a card of his hand to pass face down to dealer"),
                        ("give K♥", "K♥ is not in pone's hand"), ("give", "'give' needs one card")):
        with pytest.raises(ConquianError, match=words):
            g.play(move)
        assert str(g) == before  # a refused move leaves the deal as it was
