"""Rommé's input layer, class by class: impossible positions named by their field, move listing on large hands with
many jokers, megabytes of text, API misuse, impossible match results, a joker taken from the discards, and deals
that would go on for ever."""

import dataclasses
import random
import sys
from pathlib import Path

import pytest

from conquian import ConquianError, PositionError, RecordError, RommeGame, RommeMatch, parse_rules, variant
from conquian.errors import ActionError
from conquian.games.romme.actions import Action
from conquian.games.romme.game import position
from conquian.games.romme.hands import hand_melds
from conquian.games.romme.moves import counts_of
from conquian.games.romme.state import Outcome, Phase, Termination

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "_ext"))
from conquian_site.games.romme.words import state_words  # noqa: E402  (the site's words for a deal, no Sphinx app needed)

R = variant("romme-spielwiki")

# Both seats have made their first meld: the table is worth two (30 + 22 + 40 points); seat 1 plays.
BASE = """
variant: romme-spielwiki
players: 2
hand 0: 7♠ Q♠ A♥ 5♥ 8♥ 3♦ 9♦ 4♣ 10♣ J♣
hand 1: J♠ 6♥ 9♥ 6♦ 7♦ 10♦ A♣ 5♣ 7♣ Q♣
table: [K♠ K♥ K♣] [4♥ 5♥ 6♥ 7♥] [Q♠ Q♥ Q♦ Q♣]
opened: 0 1
discards: 2♣ 8♦
to draw: 1
"""
# Nobody has melded: thirteen cards each, seat 1 to draw.
FRESH = """
variant: romme-spielwiki
players: 2
hand 0: 2♠ 7♠ Q♠ A♥ 5♥ 8♥ K♥ 3♦ 6♦ 9♦ 4♣ 10♣ J♣
hand 1: 3♠ 8♠ J♠ K♠ 6♥ 9♥ 2♦ 4♦ 10♦ A♣ 5♣ 7♣ Q♣
discards: 8♦
to draw: 1
"""


def test_the_base_positions_are_possible():
    assert position(BASE).legal_actions() and position(FRESH).legal_actions()


# -- 1. positions that cannot arise, each named by its field ------------------------------------------------------
@pytest.mark.parametrize("text, change, field", [
    # hand sizes against the deal and the player's progress
    (FRESH, ("hand 1: 3♠", "hand 1: 2♥ 3♠"), r"^hand 1: seat 1 holds 14 cards; a player who has not made his first meld"),
    (FRESH, ("to draw: 1", "to play: 1"), r"^hand 1: seat 1 holds 13 cards; .* one more while he plays his turn"),
    (FRESH, ("hand 0: 2♠ ", "hand 0: "), r"^hand 0: seat 0 holds 12 cards; a player who has not made his first meld"),
    (FRESH, ("hand 0: 2♠", "hand 0: 2♥ 3♥ 2♠"), r"^hand 0: seat 0 holds 15 cards"),
    # players who have opened but still hold a full hand
    (BASE, ("hand 0: 7♠", "hand 0: 2♠ 7♠"), r"^hand 0: seat 0 has made his first meld, so he holds at most 10 cards"),
    (BASE, ("hand 1: J♠", "hand 1: 2♠ 3♠ 4♠ J♠"), r"^hand 1: seat 1 has made his first meld, so he holds at most 10"),
    (BASE.replace("to draw: 1", "to play: 1"), ("hand 1: J♠", "hand 1: 2♠ 3♠ J♠"), r"^hand 1: .* at most 11 cards"),
    # opened melds worth less than the opening minimum
    (BASE, (" [Q♠ Q♥ Q♦ Q♣]", ""), r"^table: 2 first meld\(s\) of 40 points or more were laid, and the melds .* count 52"),
    (BASE, ("[K♠ K♥ K♣] ", ""), r"^table: 2 first meld\(s\) .* count 62"),
    (BASE, ("opened: 0 1", "opened: 0 1\nnew melds: [2♠ 3♠ 4♠]"), r"^new melds: they belong to the player"),
    (BASE, ("table: [K♠ K♥ K♣] [4♥ 5♥ 6♥ 7♥] [Q♠ Q♥ Q♦ Q♣]", "table: [K♠ K♥ K♣ 🃏]"), r"^table: 2 seat\(s\) have made a first meld"),
    (FRESH, ("to draw: 1", "result: 1 wins"), r"^result: the winner, seat 1, must be a seat with an empty hand"),
    # counters beyond any possible deal
    (BASE, ("opened: 0 1", "opened: 0 1\nrenewals: 2"), r"^renewals: the stock has been renewed 2 times; the rules allow 1"),
    (BASE, ("opened: 0 1", "opened: 0 1\nrenewals: 999999999"), r"^renewals: the stock has been renewed 999999999"),
    (BASE, ("opened: 0 1", "opened: 0 1\nidle turns: 20"), r"^idle turns: 20; the deal is void at the end of the turn"),
    (BASE, ("opened: 0 1", "opened: 0 1\nidle turns: 19"), None),
    # a turn that must draw from an empty pile where the rules turn the discards over
    (BASE, ("discards: 2♣ 8♦", "discards: 2♣ 8♦ rest\nstock: empty"), r"^stock: a player begins his turn with cards in"),
])
def test_impossible_positions_name_their_field(text, change, field):
    changed = text.replace(*change)
    assert changed != text
    if field is None:
        position(changed)
        return
    with pytest.raises(PositionError, match=field):
        position(changed)


@pytest.mark.parametrize("text, field", [
    # a win with nobody opened: the winner's cards are on the table
    (FRESH.replace("hand 1: 3♠ 8♠ J♠ K♠ 6♥ 9♥ 2♦ 4♦ 10♦ A♣ 5♣ 7♣ Q♣", "hand 1: empty").replace("to draw: 1", "result: 1 wins"),
     r"^opened: the table holds melds exactly when|^result: the winner, seat 1, laid his cards"),
    (FRESH.replace("hand 1: 3♠ 8♠ J♠ K♠ 6♥ 9♥ 2♦ 4♦ 10♦ A♣ 5♣ 7♣ Q♣", "hand 1: empty")
     .replace("to draw: 1", "table: [2♦ 3♦ 4♦]\nopened: 0\nresult: 1 wins"), r"^result: the winner, seat 1, laid his cards"),
    # a Hand-Rommé after another player had opened, or under rules that have none
    (BASE.replace("hand 1: J♠ 6♥ 9♥ 6♦ 7♦ 10♦ A♣ 5♣ 7♣ Q♣", "hand 1: empty").replace("to draw: 1", "result: 1 wins, hand-romme"),
     r"^result: a Hand-Rommé is a win before anyone else has melded"),
    (BASE.replace("romme-spielwiki\n", "romme-spielwiki(hand_romme=false)\n", 1)
     .replace("hand 1: J♠ 6♥ 9♥ 6♦ 7♦ 10♦ A♣ 5♣ 7♣ Q♣", "hand 1: empty").replace("to draw: 1", "result: 1 wins, hand-romme"),
     r"^result: a Hand-Rommé .*, and these rules have none"),
    # a Hand-Rommé whose table is not one whole hand
    (FRESH.replace("hand 1: 3♠ 8♠ J♠ K♠ 6♥ 9♥ 2♦ 4♦ 10♦ A♣ 5♣ 7♣ Q♣", "hand 1: empty")
     .replace("to draw: 1", "table: [K♠ K♥ K♣] [Q♠ Q♥ Q♦ Q♣]\nopened: 1\nresult: 1 wins, hand-romme"),
     r"^table: a Hand-Rommé lays out a whole hand at once, and the table holds 7 cards"),
    # an unwon deal with cards in the stock, or whose empty stock the rules would have renewed
    (BASE.replace("to draw: 1", "result: nobody wins"), r"^result: a deal ends unwon only when the stock is empty"),
    (BASE.replace("discards: 2♣ 8♦", "discards: 2♣ 8♦ rest\nstock: empty").replace("to draw: 1", "result: nobody wins"),
     r"^result: the stock ran out after 0 renewal\(s\) of the 1 the rules allow, so the discard pile is turned over"),
])
def test_impossible_results_name_their_field(text, field):
    with pytest.raises(PositionError, match=field):
        position(text)


def test_possible_results_read_back():
    ended = (BASE.replace("discards: 2♣ 8♦", "discards: 2♣ 8♦ rest\nstock: empty\nrenewals: 1")
             .replace("to draw: 1", "result: nobody wins"))
    g = position(ended)
    assert g.outcome.termination is Termination.STOCK and str(position(str(g))) == str(g)
    void = position(BASE.replace("to draw: 1", "idle turns: 20\nresult: nobody wins"))
    assert void.outcome.termination is Termination.IDLE and "idle turns: 20" in str(void)
    assert position(str(void)).snapshot() == void.snapshot()
    with pytest.raises(PositionError, match=r"^idle turns: 3; a deal made void by idle turns ended at 20"):
        RommeGame.from_snapshot(dataclasses.replace(void.snapshot(), idle=3))


@pytest.mark.parametrize("field, value, message", [
    ("hands", 5, r"Snapshot\.hands must be a tuple, not int"),
    ("hands", (("a",), ()), r"Snapshot\.hands\[0\] must be a tuple of card codes"),
    ("hands", ((999,), ()), r"Snapshot\.hands\[0\] must be a tuple of card codes"),
    ("table", (5,), r"Snapshot\.table must be a tuple of Meld values"),
    ("stock", None, r"Snapshot\.stock must be a tuple"),
    ("discards", (-4,), r"Snapshot\.discards must be a tuple of card codes"),
    ("phase", "draw", r"Snapshot\.phase must be a Phase"),
    ("actor", "1", r"Snapshot\.actor must be None or a seat, 0 to 1"),
    ("actor", -1, r"Snapshot\.actor must be None or a seat"),
    ("opened", (-1,), r"Snapshot\.opened must be a tuple of seats"),
    ("taken", "x", r"Snapshot\.taken must be a card code or -1"),
    ("renewals", -3, r"Snapshot\.renewals must be a whole number, 0 or more"),
    ("idle", 1.5, r"Snapshot\.idle must be a whole number"),
    ("outcome", "0 wins", r"Snapshot\.outcome must be an Outcome or None"),
    ("rules", "romme-spielwiki", r"Snapshot\.rules must be a RommeRules"),
])
def test_a_snapshot_of_the_wrong_types_is_named(field, value, message):
    s = position(BASE).snapshot()
    with pytest.raises(PositionError, match=message):
        RommeGame.from_snapshot(dataclasses.replace(s, **{field: value}))


# -- 2. move listing with many jokers in a large hand --------------------------------------------------------------
def test_jokers_standing_for_each_other_make_one_meld():
    # Jokers are alike: two side by side are one meld whichever stands where, and a joker in a set stands bare.
    melds = hand_melds(parse_rules("romme-spielwiki(adjacent_jokers=any, min_naturals=1)").melds, counts_of([1] + [52] * 6))
    assert len(melds) == len(set(melds))
    assert sorted(m.text() for m in melds if m[0] == 0) == ["[2♠ 🃏 🃏 🃏]", "[2♠ 🃏 🃏]"]
    runs = [m for m in melds if m[0] == 1]
    assert len(runs) == len({(m[2], m[3], m[4]) for m in runs})  # one meld per placement of the jokers


@pytest.mark.parametrize("rules, hand, count", [
    # the largest hand of the article's rules, six jokers and eight spades: 1,467 distinct melds and discards
    ("romme-spielwiki", "🃏 🃏 🃏 🃏 🃏 🃏 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠", 1467),
    ("romme-spielwiki(first_meld=200)", "🃏 🃏 🃏 🃏 🃏 🃏 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠", 1108),
    ("romme-spielwiki", "🃏 🃏 🃏 🃏 🃏 🃏 2♠ 2♥ 2♦ 3♠ 3♥ 3♦ 4♠ 4♥", 75),
    ("romme-spielwiki(adjacent_jokers=any, min_naturals=1)", "🃏 🃏 🃏 🃏 🃏 🃏 2♠ 2♥ 2♦ 3♠ 3♥ 3♦ 4♠ 4♥", 266),
])
def test_worst_case_hands_list_each_meld_once(rules, hand, count):
    g = position(f"variant: {rules}\nplayers: 2\nhand 0: {hand}\nhand 1: {CLUBS}\ndiscards: 9♣\nto play: 0\n")
    actions = g.legal_actions()
    assert len(actions) == len(set(actions)) == count
    # every meld listed is playable, and the first meld can still be reached after it
    for a in random.Random(1).sample(actions, 12):
        g.copy().play(a)


CLUBS = "2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣"


# -- 3. megabytes of text --------------------------------------------------------------------------------------------
MB = 1_000_000


@pytest.mark.parametrize("parse, text, error", [
    (RommeGame.from_position, BASE.replace("hand 0: ", "hand 0: " + "2♠ " * (MB // 3)), PositionError),
    (RommeGame.from_position, "x" * MB, PositionError),
    (RommeGame.from_position, BASE + "# " + "🃏" * MB, PositionError),
    (Action.parse, "meld [" + "2♠ " * (MB // 3) + "]", ActionError),
    (Action.parse, "lay 2♠ on [" + "[" * MB, ActionError),
    (Action.parse, "discard " + "2♠" * MB, ActionError),
    (RommeGame.from_record, BASE + "moves:\n" + "1: draw\n" * (MB // 8), RecordError),
    (RommeGame.from_record, BASE + "moves:\n1: " + "x" * MB, RecordError),
    (RommeGame.from_record, "x" * MB, RecordError),
])
def test_a_megabyte_of_text_is_refused_with_a_short_message(parse, text, error):
    with pytest.raises(error) as caught:
        parse(text)
    assert len(str(caught.value)) <= 300, str(caught.value)[:400]


def test_long_but_readable_text_gets_short_messages():
    g = position(BASE)
    for action in ("meld [" + "2♠ " * 120 + "]", "lay " + "🃏=8♦ " * 60 + "on [6♦ 7♦]", "exchange 2♠ in [" + "3♠ " * 100 + "] meld [x]"):
        with pytest.raises(ConquianError) as caught:
            g.play(action)
        assert len(str(caught.value)) <= 320, str(caught.value)
    many = BASE.replace("hand 0: 7♠", "hand 0: " + "7♠ " * 40 + "7♠")
    with pytest.raises(PositionError) as caught:
        position(many)
    assert len(str(caught.value)) <= 300 and "more cards than the pack holds" in str(caught.value)


def test_random_illegal_actions_get_short_messages():
    rng = random.Random(3)
    longest = 0
    for seed in range(6):
        g = RommeGame("romme-spielwiki", 3, seed=seed)
        while not g.is_over:
            legal = g.legal_actions()
            for text in ("take", "draw", "discard 🃏", "meld [2♠ 3♠ 4♠]", "lay 🃏=A♠ on [2♠ 3♠ 4♠]",
                         "exchange 5♥ in [5♠ 5♦ 🃏] meld [9♣ 10♣ 🃏=J♣]"):
                reason = g.why_illegal(text)
                longest = max(longest, len(reason or ""))
            g.play(rng.choice(legal))
    assert 100 < longest <= 320  # the citation of the rule included, shortened


# -- 4. API misuse ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat, error", [(-1, PositionError), (2, PositionError), (99, PositionError),
                                         ("0", TypeError), (1.0, TypeError), (None, TypeError), (True, TypeError)])
def test_a_seat_out_of_range_or_of_the_wrong_type_is_named(seat, error):
    g = position(BASE)
    with pytest.raises(error, match=r"seat"):
        g.hand(seat)


@pytest.mark.parametrize("kwargs, error", [
    (dict(players="2"), TypeError), (dict(players=-1), PositionError), (dict(players=7), PositionError),
    (dict(players=2, seed="x"), TypeError), (dict(players=2, pack=5), TypeError), (dict(players=2, pack="2♠"), PositionError),
    (dict(players=2, cut=-5, seed=1), PositionError), (dict(players=2.0), TypeError),
])
def test_bad_constructor_arguments_are_named(kwargs, error):
    with pytest.raises(error):
        RommeGame("romme-spielwiki", **kwargs)


def test_a_refused_restore_changes_nothing_and_loses_no_card():
    g = position(BASE)
    before = g.snapshot()
    for bad in (dataclasses.replace(before, hands=((1, 2), ("x",))), dataclasses.replace(before, renewals=7),
                dataclasses.replace(before, actor=5)):
        with pytest.raises(PositionError):
            RommeGame.from_snapshot(bad)
    with pytest.raises(TypeError):
        RommeGame.from_snapshot("variant: romme-spielwiki")
    assert g.snapshot() == before and sum(len(g.hand(s)) for s in range(2)) == 20


# -- 5. match results that no deal of the match can give -------------------------------------------------------------
@pytest.mark.parametrize("outcome, message", [
    (Outcome(Termination.WIN, 3, (10, 20, 0)), r"the winner is a seat, 0 to 2"),
    (Outcome(Termination.WIN, -1, (10, 20, 0)), r"the winner is a seat"),
    (Outcome(Termination.WIN, 2, (10, 20, 5)), r"who scores no penalty"),
    (Outcome(Termination.WIN, 2, (10, -20, 0)), r"whole penalty points, 0 or more"),
    (Outcome(Termination.WIN, 2, (10, 0, 0)), r"seat 1's 0 penalty points: a hand left at the end counts 1 to"),
    (Outcome(Termination.WIN, 2, (10, 9999, 0)), r"seat 1's 9999 penalty points"),
    (Outcome(Termination.WIN, 2, (10, 20)), r"gives 3 seats whole penalty points"),
    (Outcome(Termination.WIN, 2, (10, 21, 0), hand_romme=True), r"seat 0's 10 penalty points: .* doubled, for a Hand-Rommé"),
    (Outcome(Termination.STOCK, None, (0, 5, 0)), r"a deal nobody won scores nothing"),
    (Outcome(Termination.IDLE, None, (1, 0, 0)), r"a deal nobody won scores nothing"),
    ("0 wins", r"takes a deal's Outcome"),
])
def test_a_match_refuses_an_impossible_result_whole(outcome, message):
    m = RommeMatch(R, ("Ann", "Bob", "Cem"), seed=1)
    seats, penalties = m.seats, dict(m.penalties)
    with pytest.raises(ConquianError, match=message):
        m.add(outcome)
    assert m.seats == seats and m.penalties == penalties and not m.results


def test_a_match_refuses_a_hand_romme_where_the_rules_have_none():
    m = RommeMatch(R.replace(hand_romme=False), ("Ann", "Bob"), seed=1)
    with pytest.raises(ConquianError, match=r"Hand-Rommé .* which has none"):
        m.add(Outcome(Termination.WIN, 1, (60, 0), hand_romme=True))
    assert m.add(Outcome(Termination.WIN, 1, (60, 0))) == {m.results[0][0][0]: 60, m.results[0][0][1]: 0}


# -- 6. a joker on the discard pile, where the card taken must be melded at once ----------------------------------------
@pytest.mark.parametrize("hand, melds", [
    ("J♠ 6♥ 9♥ 6♦ 7♦ 10♦ A♣ 5♣ 7♣ Q♣", {"meld [6♦ 7♦ 🃏=8♦]", "meld [🃏=5♦ 6♦ 7♦]", "meld [6♥ 6♦ 🃏]"}),
    ("J♠ 6♥ 9♥ 6♦ 7♦ 10♦ A♣ 5♣ 7♣ 🃏", {"meld [6♦ 7♦ 🃏=8♦]", "meld [6♥ 🃏 6♦]", "meld [🃏=5♦ 6♦ 7♦]"}),
])
def test_a_discarded_joker_may_be_taken_to_be_melded_at_once(hand, melds):
    text = (BASE.replace("romme-spielwiki\n", "romme-spielwiki(drawn_to_hand=false)\n", 1)
            .replace("hand 1: J♠ 6♥ 9♥ 6♦ 7♦ 10♦ A♣ 5♣ 7♣ Q♣", f"hand 1: {hand}").replace("2♣ 8♦", "2♣ 🃏"))
    if "🃏" in hand:
        text = text.replace("Q♦ Q♣]", "Q♦ Q♣] [8♠ 9♠ 10♠]").replace("hand 0: 7♠ Q♠", "hand 0: Q♠ 8♦")
    g = position(text)
    assert "take" in [str(a) for a in g.legal_actions()]
    g.play("take")
    listed = {str(a) for a in g.legal_actions()}
    assert {Action.parse(t) for t in melds} <= set(g.legal_actions()) and all(t.startswith("meld") for t in listed)
    assert not any(Action.parse(t).meld.jokers == 0 for t in listed)
    refused = g.why_illegal("discard J♠")
    assert refused and "must be melded at once" in refused


def test_a_joker_on_the_pile_that_makes_no_meld_is_refused():
    text = (FRESH.replace("romme-spielwiki\n", "romme-spielwiki(drawn_to_hand=false)\n", 1).replace("discards: 8♦", "discards: 🃏"))
    g = position(text)  # no meld with the joker reaches the 40 points of a first meld
    assert [str(a) for a in g.legal_actions()] == ["draw"]
    assert "only to meld it at once" in g.why_illegal("take")


# -- 7. every deal ends ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules, turns", [("romme-spielwiki", 20), ("romme-spielwiki(idle_turns=1)", 1),
                                          ("romme-spielwiki(idle_turns=7)", 7)])
def test_taking_and_throwing_back_the_discard_voids_the_deal(rules, turns):
    g = position(BASE.replace("romme-spielwiki\n", rules + "\n", 1))
    played = 0
    while not g.is_over and played <= turns:  # bounded: a broken rule fails here instead of hanging
        top = g.discards[-1]
        g.play("take").play(f"discard {top}")
        played += 1
    assert played == turns and g.outcome.termination is Termination.IDLE and str(g.outcome) == "nobody wins"
    assert state_words(g).startswith(f"{turns} turn") and "the deal is void" in state_words(g)
    assert RommeGame.from_record(g.record()).snapshot() == g.snapshot()


def test_a_draw_from_the_stock_or_a_card_laid_starts_the_count_again():
    g = position(BASE.replace("romme-spielwiki\n", "romme-spielwiki(idle_turns=3)\n", 1))
    g.play("take").play("discard 8♦").play("take").play("discard 8♦")
    assert g.snapshot().idle == 2
    g.play("draw")
    assert g.snapshot().idle == 0 and g.phase is Phase.PLAY
    g = position(BASE.replace("romme-spielwiki\n", "romme-spielwiki(idle_turns=3)\n", 1))
    g.play("take").play("discard 8♦").play("take").play("discard 8♦").play("take")
    assert g.snapshot().idle == 3 and "idle turns: 3" in str(g)
    g.play("meld [6♦ 7♦ 8♦]")
    assert g.snapshot().idle == 0


def test_random_players_who_favour_the_discard_pile_always_finish():
    rng = random.Random(11)
    for players in (2, 3, 6):
        for seed in range(4):
            g = RommeGame("romme-spielwiki(idle_turns=5)", players, seed=seed)
            steps = 0
            while not g.is_over:
                actions = g.legal_actions()
                takes = [a for a in actions if str(a) == "take"]
                g.play(takes[0] if takes and rng.random() < 0.9 else rng.choice(actions))
                steps += 1
                assert steps < 20_000
            assert g.outcome is not None

