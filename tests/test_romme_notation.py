"""Rommé position and record text: read, written back, and every kind of bad text, or impossible position, named."""

import dataclasses

import pytest

from conquian import PositionError, RecordError, RommeGame
from conquian.games.romme.game import position
from conquian.games.romme.notation import format_position, parse_position, parse_record

GOOD = """
variant: romme-spielwiki
players: 3
hand 0: 2♣ 3♦ 7♥ 8♥ Q♠ J♦ 4♣ 9♠ 10♠ J♠ Q♣ 3♣ 4♦
hand 1: A♥ 5♥ 9♣ 9♦ 🃏
hand 2: 6♣ 6♦ 9♦ 10♦ 2♠ 2♠ K♦
table: [6♠ 6♥ 🃏] [2♥ 3♥ 4♥] [J♣ Q♣ 🃏=K♣ A♣] [8♠ 8♥ 8♦ 8♣]
opened: 1 2
discards: 5♣ 7♣
to play: 1
"""
HAND0 = "hand 0: 2♣ 3♦ 7♥ 8♥ Q♠ J♦ 4♣ 9♠ 10♠ J♠ Q♣ 3♣ 4♦"


def test_a_position_prints_and_parses_back():
    g = position(GOOD)
    assert str(position(str(g))) == str(g) and position(str(g)).snapshot() == g.snapshot()
    assert eval(repr(g), {"RommeGame": RommeGame}).legal_actions() == g.legal_actions()
    assert "lay A♥ on [2♥ 3♥ 4♥]" in [str(a) for a in g.legal_actions()]
    assert len(g.stock) == 110 - 13 - 5 - 7 - 14 - 2


def test_new_melds_renewals_and_a_result_read_back():
    text = GOOD.replace("to play: 1", "to play: 0").replace("opened: 1 2", "opened: 1 2\nrenewals: 1")
    text = text.replace("hand 1: A♥ 5♥ 9♣ 9♦ 🃏", "hand 1: A♥ 5♥ 9♣ 9♦")
    g = position(text.replace(HAND0, "hand 0: 2♣ 3♦ 7♥ 8♥ 9♥ 4♣ 9♠ K♠ 5♦ J♠ Q♥\nnew melds: [10♦ J♦ 🃏=Q♦]"))
    assert str(position(str(g))) == str(g) and "new melds: [10♦ J♦ 🃏=Q♦]\n" in str(g) and "renewals: 1" in str(g)
    assert [str(a) for a in g.legal_actions()] == ["meld [7♥ 8♥ 9♥]"]  # 30 points laid, 24 more reach the 40
    with pytest.raises(PositionError, match=r"seat 0 has no legal action: the melds of this turn can no longer reach"):
        position(text.replace(HAND0, "hand 0: 2♣ 3♦ 7♥ 8♥ Q♠ 4♣ 9♠ K♦ 5♦ 6♠ 2♥\nnew melds: [10♦ J♦ 🃏=Q♦]"))
    over = position(GOOD.replace("hand 1: A♥ 5♥ 9♣ 9♦ 🃏", "hand 1: empty").replace("to play: 1", "result: 1 wins")
                    .replace("table: ", "table: [9♣ 9♦ 🃏] [A♥ 2♥ 3♥ 4♥ 5♥] "))
    assert over.outcome.penalties[1] == 0 and over.outcome.penalties[0] == 2 + 3 + 7 + 8 + 10 + 10 + 4 + 9 + 10 + 10 + 10 + 3 + 4
    assert str(position(str(over))) == str(over)


@pytest.mark.parametrize("change, message", [
    (("variant: romme-spielwiki", "variant: rummy"), r"position line 2: unknown variant 'rummy'"),
    (("variant: romme-spielwiki", "variant: dutch"), r"line 2: .*'dutch' is a source of conquian, not of romme"),
    (("variant: romme-spielwiki\n", ""), r"no 'variant:' line"),
    (("players: 3\n", ""), r"no 'players:' line"),
    (("players: 3", "players: 9"), r"line 3: 'players:' is a number from 2 to 6, not '9'"),
    (("players: 3", "players: 2"), r"line 6: there is no seat 2 among 2 players"),
    (("hand 0:", "hnad 0:"), r"line 4 \('hnad 0: .*'\): expected 'key: value' with a key among"),
    (("hand 1: A♥", "hand 1: A♥ 1X"), r"line 5 \(hand 1\): card 2 of .*: '1X' has no valid"),
    (("[6♠ 6♥ 🃏]", "6♠ 6♥ 🃏"), r"line 7 \(table\): melds are written in brackets"),
    (("[6♠ 6♥ 🃏]", "[6♠ [6♥] 🃏]"), r"line 7 \(table\): '\[' at character 5 opens inside a group"),
    (("opened: 1 2", "opened: 1 7"), r"line 8 \(opened\): '7' is not a seat; seats are 0 \(the dealer\) to 2"),
    (("to play: 1", "to play: 1\nto draw: 1"), r"exactly one of 'to keep:', 'to draw:', 'to play:', 'result:'"),
    (("to play: 1", "to play: one"), r"'one' is not a seat"),
    (("to play: 1", "to play: 1, holding 5♣"), r"expected 'to play: SEAT' or 'to play: SEAT, taken CARD'"),
    (("to play: 1", "to draw: 1, taken 5♣"), r"expected 'to draw: SEAT'$"),
    (("to play: 1", "result: 1 loses"), r"a result is 'SEAT wins', 'SEAT wins, hand-romme' or 'nobody wins'"),
    (("discards: 5♣ 7♣", "discards: 5♣ rest 7♣"), r"line 9 \(discards\): 'rest' may only come last"),
    (("discards: 5♣ 7♣", "discards: 5♣ 7♣ rest\nstock: rest"), r"'rest' may end the stock line or the discards line"),
    (("opened: 1 2", "opened: 1 2\nrenewals: many"), r"\(renewals\): a whole number, not 'many'"),
    (("opened: 1 2", "opened: 1\nopened: 2"), r"line 9: 'opened' is given twice \(first on line 8\)"),
])
def test_bad_position_text(change, message):
    assert change[0] in GOOD
    with pytest.raises(PositionError, match=message):
        position(GOOD.replace(*change))


@pytest.mark.parametrize("change, message", [
    (("2♠ 2♠ K♦", "2♠ 2♠ 2♠ K♦"), r"more cards than the pack holds \(2 pack\(s\), 6 jokers\): 2♠"),
    (("discards: 5♣ 7♣", "discards: 5♣ 7♣\nstock: empty"), r"card\(s\) are nowhere: "),
    (("[2♥ 3♥ 4♥]", "[2♥ 3♥ 5♥]"), r"\[2♥ 3♥ 5♥\] is not a meld: its cards are not consecutive \(rule min_sequence\)"),
    (("[6♠ 6♥ 🃏]", "[K♠ A♠ 2♠]"), r"may not go round the corner \(K A 2\) \(rule round_the_corner\)"),
    (("players: 3", "players: 3\n"), None),
    (("opened: 1 2", "opened: none"), r"the table holds melds exactly when some player has made his first meld"),
    (("to play: 1", "to play: 1, taken 5♥"), r"only where drawn_to_hand = false"),
    (("to play: 1", "to draw: 1"), None),
    (("to play: 1", "to keep: 2"), r"kept or left by the cutter \(seat 2\) before the deal"),
    (("to play: 1", "result: 1 wins"), r"the winner, seat 1, must be a seat with an empty hand"),
    (("to play: 1", "result: nobody wins"), r"a deal ends unwon only when the stock is empty"),
    (("opened: 1 2", "opened: 1 2\nrenewals: 2"), r"renewed 2 times; the rules allow 1 \(rule stock_renewals\)"),
    (("hand 1: A♥ 5♥ 9♣ 9♦ 🃏", "hand 1: empty"), r"seat 1 has no card but has not gone out"),
    ((HAND0, HAND0 + " 5♦"),
     r"hand 0: seat 0 holds 14 cards; a player who has not made his first meld holds the 13 dealt \(rule hand_size\)"),
    (("to play: 1", "to play: 1\nnew melds: [5♠ 6♠ 7♠]"), r"new melds: they belong to the player to play who makes his first"),
])
def test_impossible_positions_are_named(change, message):
    text = GOOD.replace(*change)
    if message is None:
        position(text)  # possible after all
        return
    with pytest.raises(PositionError, match=message):
        position(text)


def test_a_draw_needs_a_stock_and_a_first_turn_may_lack_a_discard():
    with pytest.raises(PositionError, match=r"a player begins his turn with cards in the stock"):
        position(GOOD.replace("to play: 1", "to draw: 1").replace("discards: 5♣ 7♣", "discards: 5♣ 7♣ rest"))
    with pytest.raises(PositionError, match=r"the discard pile is empty only before the first turn"):
        position(GOOD.replace("to play: 1", "to draw: 1").replace("discards: 5♣ 7♣\n", ""))


def _dealt(rules: str, players: int = 3, seed: int = 4) -> RommeGame:
    g = RommeGame(rules, players, seed=seed)
    return g.play("leave") if str(g).endswith("to keep: 2") else g  # a joker found at the cut, left in the pack


def _moved(g: RommeGame, give: "tuple[int, int] | None" = None, **changes) -> str:
    """The deal's position text with some of its snapshot's fields changed, and a card handed from one seat to
    another (``give=(0, 1)``)."""
    s = g.snapshot()
    if give:
        h, (a, b) = list(s.hands), give
        h[a], h[b] = h[a][:-1], tuple(sorted(h[b] + h[a][-1:]))
        changes["hands"] = tuple(h)
    return format_position(dataclasses.replace(s, **changes))


def test_where_the_dealer_does_not_open_the_player_at_his_left_draws_first():
    """Nothing discarded, no renewal, the stock as dealt: only seat 1 can be to draw, and no turn has been idle."""
    g = _dealt("romme-spielwiki(dealer_opens=false)")
    assert str(g).endswith("to draw: 1") and position(str(g)).snapshot() == g.snapshot()
    for seat in (0, 2):
        with pytest.raises(PositionError, match=r"no card has been drawn from it, so the deal is as dealt: the player "
                                                r"at the dealer's left, seat 1, is to draw"):
            position(str(g).replace("to draw: 1", f"to draw: {seat}"))
    with pytest.raises(PositionError, match=r"seat 1, is to draw, with nothing discarded and no idle turn"):
        position(str(g) + "\nidle turns: 1")
    melded = """variant: romme-spielwiki(dealer_opens=false)
players: 2
hand 0: 2♣ 3♦ 7♥ 8♥ Q♠ J♦ 4♣ 9♠
hand 1: A♥ 5♥ 9♣ 9♦ 🃏 6♣ 6♦ 10♦ 2♠ 2♠ K♦ 5♣ 7♣
table: [K♠ K♥ K♣ K♦]
opened: 0
discards: 10♠
to draw: 1"""  # the dealer has melded and discarded, and nobody has drawn a card: no turn can begin without one
    with pytest.raises(PositionError, match=r"seat 1, is to draw, with nothing discarded"):
        position(melded)
    # Each drew a card first: the dealer's nine cards, the kings and his discard make thirteen and one drawn.
    after = position(melded.replace("9♠\n", "9♠ 5♠\n").replace("discards: 10♠", "discards: 7♠ 10♠"))
    assert after.to_act == 1 and len(after.stock) == 110 - 2 * 13 - 2
    two = _dealt("romme-spielwiki(dealer_opens=false)", players=2, seed=5)
    assert position(str(two)).to_act == 1
    with pytest.raises(PositionError, match=r"seat 1, is to draw"):
        position(str(two).replace("to draw: 1", "to draw: 0"))
    drawn = g.copy().play("draw")  # once a card has left the stock the rule says nothing more
    assert position(str(drawn)).snapshot() == drawn.snapshot()


def test_where_the_dealer_opens_the_idle_turns_since_say_who_is_to_act():
    """The stock as dealt, nothing melded: every turn since the dealer's opening took the top discard, so the idle
    turns count them, and the seat to act follows."""
    g = _dealt("romme-spielwiki")
    assert str(g).endswith("to play: 0")
    with pytest.raises(PositionError, match=r"to play: seat 0, not 1: no card has left the stock and nobody has melded"):
        position(_moved(g, (0, 1), actor=1))
    taken = g.copy().play(next(a for a in g.legal_actions() if str(a).startswith("discard")))
    assert str(taken).endswith("to draw: 1")
    with pytest.raises(PositionError, match=r"to draw: seat 1, not 2: .* there have been 0 \(idle turns; rule dealer_opens = true\)"):
        position(str(taken).replace("to draw: 1", "to draw: 2"))
    taken.play("take")  # seat 1 takes the dealer's discard: an idle turn, the pile empty, the stock as dealt
    assert str(taken).endswith("idle turns: 1\nto play: 1") and position(str(taken)).snapshot() == taken.snapshot()
    with pytest.raises(PositionError, match=r"to play: seat 1, not 2"):
        position(_moved(taken, (1, 2), actor=2))


def test_a_position_of_a_megabyte_is_read_in_one_pass():
    with pytest.raises(PositionError):
        position(GOOD.replace("hand 0: ", "hand 0: " + "2♣ " * 300_000))


# -- records -----------------------------------------------------------------------------------------------
def test_records_replay_from_a_pack_or_a_position():
    g = RommeGame("romme-spielwiki", players=3, seed=4)
    for _ in range(12):
        g.play(g.legal_actions()[-1])
    record = g.record()
    assert record.startswith("variant: romme-spielwiki\nplayers: 3\npack: ") and "\ncut: " in record
    again = RommeGame.from_record(record)
    assert again.record() == record and again.snapshot() == g.snapshot()
    h = position(GOOD)
    h.play("lay A♥ on [2♥ 3♥ 4♥]")
    assert RommeGame.from_record(h.record()).snapshot() == h.snapshot()


@pytest.mark.parametrize("record, message", [
    ("variant: romme-spielwiki\nplayers: 2\npack: A♠\n", r"needs a 'moves:' line"),
    ("variant: romme-spielwiki\npack: A♠\nmoves:\n", r"needs a 'players:' line"),
    ("variant: romme-spielwiki\nplayers: 2\npack: A♠\ncut: x\nmoves:\n", r"'cut:' must be a whole number"),
    ("variant: romme-spielwiki\nplayers: 2\npack: A♠\nholder: me\nmoves:\n", r"not 'holder'"),
    ("variant: romme-spielwiki\nplayers: 2\nplayers: 2\npack: A♠\nmoves:\n", r"'players' is given twice"),
    ("variant: romme-spielwiki\nplayers: 2\npack: A♠\nmoves:\n", r"record start: a pack order must hold the 110 cards"),
    (GOOD + "moves:\nseat 1: draw\n", r"expected 'SEAT: ACTION', e.g. '1: draw'"),
    (GOOD + "moves:\n0: discard 2♣\n", r"record move 1 \(line 12, 0: 'discard 2♣'\): it is seat 1's turn"),
    (GOOD + "moves:\n1: discard 5♥\nresult: 2 wins\n", r"the result says '2 wins' but the moves give no result yet"),
    (GOOD + "moves:\n1: discard 5♥\nresult: 2 wins\n2: draw\n", r"moves after the result"),
    (GOOD + "moves:\n1: draw\n", r"record move 1 .*'draw' \(draw the top card of the stock\) is illegal"),
])
def test_bad_records(record, message):
    with pytest.raises(RecordError, match=message):
        RommeGame.from_record(record)


def test_parsers_take_text_only():
    for parse in (parse_position, parse_record):
        with pytest.raises(TypeError):
            parse(7)
