"""The play page's game, in the playroom under CPython: the computer's levels, a match of several deals scored by
the source's own scoring, "Take back" and "Hint" (the browser test plays the same through the page)."""

from __future__ import annotations

import json

import pytest

from conquian_site.playroom import Room, handle
from conquian_site.playscore import names


def ask(**request) -> dict:
    return json.loads(handle(json.dumps(request)))


def play_out(room: Room, view: dict) -> dict:
    while not view["over"]:
        view = room.play(0)
    return view


def test_the_players_are_named_as_the_table_names_them():
    assert names(2, 1) == ("The computer", "You")
    assert names(4, 1) == ("Computer 3", "You", "Computer 1", "Computer 2")  # in seat order after the reader


def test_a_match_of_three_deals_keeps_foster_s_score_and_passes_the_deal():
    room = Room()
    view = room.deal("foster-1913", seed=11, players=2, seat=1, level="easy")
    assert view["score"] == "After 0 deals, points: You 0, The computer 0."
    seats = [view["reader"]]
    for n in (1, 2, 3):
        view = play_out(room, view)
        assert view["score"].startswith(f"After {n} deal{'s' if n > 1 else ''}, points: You ")
        winner = room.game.outcome.winner
        if n < 3:
            view = room.again(seed=20 + n)
            seats.append(view["reader"])
            if winner is not None:  # Foster: the deal alternates (a tableau's next deal is the non-dealer's too)
                assert seats[-1] != seats[-2]
    scores = dict(p.rsplit(" ", 1) for p in view["score"].split(": ", 1)[1].rstrip(".").split(". ")[0].split(", "))
    won = [d for d in room.score.match.match.results if d.winner]
    assert sum(int(v) for v in scores.values()) == sum(d.points for d in won)


def test_three_players_each_loser_pays_the_stake():
    room = Room()
    view = play_out(room, room.deal("pagat-mexican", seed=4, players=3, seat=1, level="easy"))
    scores = room.score.match.match.scores
    assert view["score"].startswith(f"After 1 deal, stakes: You {scores['You']}, ")
    if room.game.outcome.winner is not None:
        assert sorted(scores.values()) == [-1, -1, 2], view["score"]
    else:  # a tableau: nobody pays, and the page says what the next game won counts
        assert set(scores.values()) == {0} and "The next game won counts" in view["score"]


def test_rommé_counts_penalty_points_and_names_every_seat_alike():
    room = Room()
    view = play_out(room, room.deal("romme-spielwiki", seed=2, players=3, seat=0, level="easy"))
    assert "penalty points" in view["score"]
    assert "seat " not in view["result"].lower()  # the names of the table, not seat numbers
    for line in view["log"]:
        assert line.startswith(("You (", "Computer 1 (", "Computer 2 (")), line


def test_the_score_names_the_reader_first_then_the_computers_in_order_wherever_he_sits():
    for seat in (0, 1, 2):
        view = Room().deal("romme-spielwiki", seed=2, players=3, seat=seat, level="easy")
        assert view["score"] == "After 0 deals, penalty points (the fewest is ahead): You 0, Computer 1 0, Computer 2 0."


def test_take_back_restores_the_deal_before_the_readers_move():
    room = Room()
    view = room.deal("foster-1913", seed=3, level="easy")
    assert not view["can_take_back"]
    while not view["over"] and len(view["moves"]) < 2:
        view = room.play(0)
    before = room.game.snapshot(), view["table"]
    after = room.play(len(view["moves"]) - 1)
    if not after["over"]:
        back = room.back()
        assert room.game.snapshot() == before[0] and back["table"] == before[1]
        assert ask(op="back", table="nothing")["error"] == "no deal has been started"


def test_take_back_is_refused_once_the_deal_has_counted_and_before_any_move():
    room = Room()
    room.deal("foster-1913", seed=3, level="easy")
    with pytest.raises(Exception, match="no move of yours to take back"):
        room.back()
    play_out(room, room.view())
    with pytest.raises(Exception, match="has counted"):
        room.back()


def test_a_hint_is_a_legal_move_in_words_with_the_deals_it_rests_on():
    room = Room()
    view = room.deal("foster-1913", seed=5, level="easy")
    while not view["over"] and len(view["moves"]) < 2:
        view = room.play(0)
    h = room.hint()
    assert view["moves"][h["move"]]["text"] == h["text"]
    assert h["words"][0].isupper() and "Tried in 8 deals dealt from the cards you cannot see" in h["words"]
    assert room.hint() == h  # the same position, the same hint


def test_the_strong_computer_says_why_it_forced_or_passed_a_usable_card():
    """pagat's Mexican game: the strong computer forces where that pays; each such move is said with its reason."""
    told = 0
    for seed in range(6):
        room = Room()
        view = room.deal("pagat-mexican", seed=seed, players=2, seat=1, level="normal")
        while not view["over"]:
            for line in view["log"]:
                if line.startswith("The computer") and any(w in line for w in (" force", "Force", "pass")):
                    told += "sampled deals" in line
            view = room.play(0)
    assert told > 0


@pytest.mark.parametrize("request_, error", [
    ({"op": "deal", "rules": "foster-1913", "level": "hard"}, "level 'hard': the levels are easy, normal, strong"),
    ({"op": "again", "seed": 1, "table": "fresh-again"}, "no match has been started: deal first"),
    ({"op": "hint", "table": "fresh-hint"}, "a hint is for your own move, in a deal going on"),
])
def test_bad_requests_are_refused_in_words(request_, error):
    assert ask(**request_) == {"error": error}


def test_deal_again_is_refused_while_the_deal_goes_on():
    room = Room()
    room.deal("foster-1913", seed=1, level="easy")
    with pytest.raises(Exception, match="not over yet"):
        room.again(2)
