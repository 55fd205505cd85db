"""Action text: it prints and parses back; bad text and hand-built actions get a clear error."""

import pytest

from conquian import Action, ActionError, Kind, position
from conquian.cards import cards, mask_of

from test_notation import GOOD


@pytest.mark.parametrize("text", [
    "use [8♠ 9♠ 10♠] [10♥ 10♦ 10♣]", "pass", "take", "lay [A♠ 2♠ 3♠]", "force [4♥ 5♥ 6♥]", "discard 6♦",
    "discard 7♥ onto [4♥ 5♥ 6♥]", "demand", "waive", "force as [6♠ 6♥ 6♦] [3♣ 4♣ 5♣ 6♣ 7♣]",
    "discard 7♣ as [6♠ 6♥ 6♦] [3♣ 4♣ 5♣ 6♣ 7♣]",
])
def test_action_text_prints_and_parses_back(text):
    a = Action.parse(text)
    assert str(a) == text and Action.parse(repr(a)[len("Action.parse('"):-2]) == a
    assert Action.parse(a.text(ascii=True)) == a
    assert eval(repr(a), {"Action": Action}) == a


def test_ascii_and_case_are_read():
    assert Action.parse("USE [8s 9S ts] [10H 10d 10C]") == Action.parse("use [8♠ 9♠ 10♠] [10♥ 10♦ 10♣]")
    assert Action.parse("Discard 7h ONTO [4h 5h 6h]") == Action.parse("discard 7♥ onto [4♥ 5♥ 6♥]")


@pytest.mark.parametrize("text, message", [
    ("meld [6♣ 6♥ 6♦]", r"'meld' is not an action; actions: use, pass, take, lay, force, discard, demand, waive"),
    ("use", r"'use' needs the melds after the move"),
    ("use 6♣ 6♥ 6♦", r"cards must be grouped in brackets"),
    ("use [6♣ 6♥] [6♥ 3♥]", r"card stands in two melds"),
    ("use [6♣ [6♥]]", r"opens inside a group"),
    ("use [6♣ 6♥", r"is never closed"),
    ("use 6♣]", r"closes no group"),
    ("use []", r"an empty meld"),
    ("discard", r"'discard' needs one card"),
    ("discard ,", r"'discard' needs one card"),
    ("discard 6♦ 7♦", r"'discard' needs one card, e.g. 'discard 6♦'; found 2"),
    ("discard 6♦ onto", r"'onto' names one meld"),
    ("discard 6♦ onto [4♥ 5♥ 6♥] [7♠ 8♠ 9♠]", r"'onto' names one meld"),
    ("discard 6X", r"card text: '6X' has no valid suit|'6X' has no valid suit"),
    ("pass now", r"'pass' takes nothing after it"),
    ("force [1♥ 2♥]", r"'1♥' has no valid rank"),
    ("force", r"'force' names one meld"),
    ("force [4♥ 5♥ 6♥] [7♠ 8♠ 9♠]", r"or his melds after regrouping them, e.g. 'force as"),
    ("force as", r"'as' needs the opponent's melds after the move"),
    ("discard 7♣ as", r"'as' needs the opponent's melds after the move"),
    ("force as [6♠ 6♥] [6♥ 7♥ 8♥]", r"card stands in two melds"),
    ("use [JK 2♥ 3♥]", r"there is no joker in Conquian"),
])
def test_bad_action_text(text, message):
    with pytest.raises(ActionError, match=message):
        Action.parse(text)


def test_bad_action_text_leaves_the_game_unchanged():
    g = position(GOOD)
    before = str(g)
    with pytest.raises(ActionError):
        g.play("discard ,")
    assert str(g) == before and g.decisions == 0


def test_hand_built_actions_are_checked_for_their_shape():
    meld = mask_of(cards("4♥ 5♥ 6♥"))
    assert Action(Kind.FORCE, onto=meld) == Action.parse("force [4♥ 5♥ 6♥]")
    for args, message in [((Kind.DISCARD,), "needs card"), ((Kind.USE,), "needs melds"), ((Kind.FORCE,), "needs onto"),
                          ((Kind.PASS, (meld,)), "has no melds"), ((Kind.DISCARD, (), meld), "just one"),
                          ((Kind.PASS, (), 0, meld), "has no 'onto'"), ((Kind.USE, (meld, meld)), "two melds"),
                          ((Kind.USE, (-1,)), "tuple of card masks"), ((Kind.DISCARD, (), 1 << 60), "card mask"),
                          ((Kind.FORCE, (meld,), 0, meld), "not both"), ((Kind.GIVE, (meld,), 1), "has no melds")]:
        with pytest.raises(ActionError, match=message):
            Action(*args)
    with pytest.raises(TypeError, match="must be a Kind"):
        Action("pass")
    with pytest.raises(TypeError, match="must be text or an Action"):
        Action.parse(7)


def test_a_megabyte_of_action_text_is_read_in_one_pass():
    with pytest.raises(ActionError):
        Action.parse("use " + "[" * 500_000 + "]" * 500_000)
    with pytest.raises(ActionError):
        Action.parse("discard " + "7♠ " * 300_000)


# Actions made around their class's check, as tuple.__new__ allows: refused where they are used, never an internals error.
from conquian import Game, RommeGame  # noqa: E402
from conquian.games.romme.actions import Action as RommeAction, Kind as RommeKind  # noqa: E402

MALFORMED = [(Action, ()), (Action, (Kind.USE,)), (Action, (Kind.USE, "x", 0, 0)), (Action, ("use", (), 0, 0)),
             (Action, (Kind.DISCARD, (), 3, 0)), (Action, (Kind.DISCARD, (), 1 << 70, 0)),
             (Action, (Kind.DISCARD, (), 10 ** 5000, 0)), (Action, (Kind.USE, (-1,), 0, 0)),
             (Action, (Kind.FORCE, (), 0, -5)), (Action, (Kind.USE, (1, 2), 0, 0, 5)), (Action, (Kind.DISCARD, (), 0, 0)),
             (Action, (Kind.USE, ((1,),), 0, 0)), (Action, (Kind.USE, (2, 1), 0, 0)),
             (RommeAction, ()), (RommeAction, (RommeKind.MELD,)), (RommeAction, (RommeKind.DISCARD, 999, None, None, None)),
             (RommeAction, ("draw", -1, None, None, None)), (RommeAction, (RommeKind.MELD, -1, (1, 2), None, None))]
DEALS = {Action: Game("foster-1913", seed=1), RommeAction: RommeGame("romme-spielwiki", players=2, seed=1)}


@pytest.mark.parametrize("door", ["play", "why_illegal", "is_legal", "describe", "action_text", "str"])
@pytest.mark.parametrize("cls, parts", MALFORMED, ids=lambda v: v.__name__ if isinstance(v, type) else f"{len(v)} parts")
def test_an_action_built_around_its_check_is_an_action_error_where_it_is_used(cls, parts, door):
    action = tuple.__new__(cls, parts)
    g = DEALS[cls].copy()
    before = g.snapshot()
    call = str if door == "str" else getattr(g, door)
    with pytest.raises(ActionError, match=f"^a malformed {cls.__name__}") as info:
        call(action)
    assert len(str(info.value)) <= 300 and g.snapshot() == before
    assert repr(action).startswith(f"<a malformed {cls.__name__} of {len(parts)} part")
