"""Position and record text: read, written back, and every kind of bad text named by line and key."""

import pytest

from conquian import Game, PositionError, RecordError, position
from conquian.games.conquian.notation import parse_position, parse_record
from conquian.games.conquian.state import Origin

GOOD = """
variant: rummy-ch
dealer hand: 6♦ A♠ 2♠ 7♠ J♦ Q♣
dealer melds: [3♥ 4♥ 5♥ 6♥]
pone hand: 3♠ 4♠ 5♠ A♥ 2♥ 7♥ A♦
pone melds: [K♠ K♥ K♣]
offer: 6♣ discarded by pone
"""


def test_a_position_prints_and_parses_back():
    g = position(GOOD)
    assert str(position(str(g))) == str(g)
    assert eval(repr(g), {"Game": Game}).legal_actions() == g.legal_actions()
    assert [str(a) for a in g.legal_actions()] == ["use [3♥ 4♥ 5♥] [6♥ 6♦ 6♣]", "pass"]


def test_a_position_with_rest_in_the_out_pile():
    g = position(GOOD + "out: rest\n")
    assert g.stock == () and len(g.out) == 40 - 10 - 10 - 1


@pytest.mark.parametrize("change, message", [
    (("variant: rummy-ch", "variant: hoyle"), r"position line 2: unknown variant 'hoyle'"),
    (("variant: rummy-ch", "variant: rummy-ch\nvariant: dutch"), r"line 3: 'variant' is given twice \(first on line 2\)"),
    (("variant: rummy-ch\n", ""), r"no 'variant:' line"),
    (("6♦ A♠", "6♦ 6♦"), r"line 3 \(dealer hand\): card 2 of '6♦ 6♦ .*': 6♦ is already card 1"),
    (("A♦\n", "6♦\n"), r"line 5 \(pone hand\): 6♦ is already in dealer hand"),
    (("[3♥ 4♥ 5♥ 6♥]", "[3♥ 4♥ 6♥ 5♠]"), r"line 4 \(dealer melds\): \[.*\] is not a meld"),
    (("[3♥ 4♥ 5♥ 6♥]", "3♥ 4♥ 5♥ 6♥"), r"line 4 \(dealer melds\): melds are written in brackets"),
    (("[3♥ 4♥ 5♥ 6♥]", "[3♥ 4♥ [5♥ 6♥]]"), r"line 4 \(dealer melds\): '\[' at character 8 opens inside a group"),
    (("offer: 6♣ discarded by pone", "offer: 6♣ thrown by pone"), r"line 7 \(offer\): expected 'C turned up', 'C drawn by R'"),
    (("offer: 6♣ discarded by pone", "offer: 6♣ 7♣ discarded by pone"), r"line 7 \(offer\): expected|one card is on offer"),
    (("offer: 6♣ discarded by pone", "offer: 6♣ passed by dealer\nto discard: dealer"), r"exactly one of"),
    (("dealer hand:", "dealer hnad:"), r"line 3 \('dealer hnad: .*'\): expected 'key: value' with a key among"),
    (("offer: 6♣ discarded by pone", "offer: 9♣ discarded by pone"), r"line 7 \(offer\): 9♣ is not in the spanish pack"),
    (("offer: 6♣ discarded by pone", "to discard: nobody"), r"a role is 'dealer' or 'pone', not 'nobody'"),
    (("offer: 6♣ discarded by pone", "result: north wins"), r"a result is 'dealer wins', 'pone wins', 'tableau' or 'misdeal'"),
])
def test_bad_position_text(change, message):
    with pytest.raises(PositionError, match=message):
        position(GOOD.replace(*change))


def test_a_card_placed_nowhere_is_named():
    with pytest.raises(PositionError, match=r"19 card\(s\) are nowhere: .* \(end the stock line, or the out line, with 'rest'"):
        position(GOOD + "stock: empty")
    with pytest.raises(PositionError, match=r"'rest' may end the stock line or the out line, not both"):
        position(GOOD + "stock: rest\nout: rest")


def test_position_text_of_a_megabyte_is_read_in_one_pass():
    with pytest.raises(PositionError):
        position(GOOD + "stock: " + "[" * 1_000_000)
    with pytest.raises(PositionError):
        position("variant: " + " " * 1_000_000 + "x(")
    with pytest.raises(TypeError, match="position text must be a string"):
        parse_position(None)


# A discard the dealer may take, fitting his meld: refused, it stays on offer for the pone to demand (rummy.ch).
FITTING = GOOD.replace("offer: 6♣ discarded by pone", "offer: 7♥ discarded by pone").replace("A♦\n", "A♦ 6♣\n") \
    .replace("2♥ 7♥", "2♥")


def _same(g, back) -> None:
    assert back.snapshot() == g.snapshot() and str(back) == str(g) and back.legal_actions() == g.legal_actions()


def test_a_refused_discard_reads_back_as_a_discard_not_a_passed_card():
    g = position(FITTING).play("pass")
    assert str(g).endswith("offer: 7♥ discard refused by dealer")
    assert g.snapshot().origin is Origin.DISCARD
    _same(g, position(str(g)))
    _same(g, Game.from_snapshot(g.snapshot()))


def test_refused_by_still_means_what_it_meant():
    """'C refused by R', as pages and records wrote it: passed to R where drawn cards are offered, else a discard."""
    offered = position(FITTING.replace("offer: 7♥ discarded by pone", "offer: 7♥ refused by dealer"))
    assert offered.snapshot().origin is Origin.PASSED and str(offered).endswith("offer: 7♥ refused by dealer")
    dead = position(FITTING.replace("rummy-ch", "rummy-ch(unused_draw=dead)")
                    .replace("offer: 7♥ discarded by pone", "offer: 7♥ refused by dealer"))
    assert dead.snapshot().origin is Origin.DISCARD and str(dead).endswith("offer: 7♥ discard refused by dealer")
    assert dead.snapshot() == position(str(dead)).snapshot()


TURNED = """variant: rummy-ch(turn_up=true, unused_draw=dead, meld_without_use=true)
dealer hand: 2♠ 3♠ 5♠ Q♠ K♠ A♦ 2♦ 3♦ K♦ 3♣
pone hand: 6♠ 2♥ 7♥ Q♥ 4♦ J♦ 5♣ 7♣ J♣ J♠
offer: J♥ turned up"""


def test_a_refused_card_turned_up_at_the_deal_reads_back():
    """The pone lays three jacks from his hand, then declines the fourth, turned up: under reactive forcing it stays
    on offer for the dealer to demand (it was written 'refused by pone', which read back as a discard)."""
    g = position(TURNED).play("lay [J♠ J♦ J♣]").play("pass")
    assert str(g).endswith("offer: J♥ turned up and refused by pone")
    assert [str(a) for a in g.legal_actions()] == ["demand", "waive"]
    _same(g, position(str(g)))
    _same(g, Game.from_snapshot(g.snapshot()))


def test_a_first_card_declined_where_drawn_cards_are_offered_is_passed_not_refused():
    g = position(FITTING.replace("offer: 7♥ discarded by pone", "offer: 7♥ drawn by pone"))
    assert str(g.play("pass")).endswith("offer: 7♥ passed by pone")
    declined = FITTING.replace("offer: 7♥ discarded by pone", "offer: K♦ drawn and refused by pone")  # fits his kings
    with pytest.raises(PositionError, match=r"so it was passed to dealer, not refused \(rule unused_draw = offered\)"):
        position(declined)
    dead = position(declined.replace("rummy-ch", "rummy-ch(unused_draw=dead)"))
    assert str(dead).endswith("offer: K♦ drawn and refused by pone") and dead.snapshot().origin is Origin.DRAWN


# -- records --------------------------------------------------------------------------------------------------
def _record():
    g = Game("dutch", seed=5)
    g.play(g.legal_actions()[-1])
    return g.record()


def test_a_record_replays():
    rec = _record()
    assert Game.from_record(rec).record() == rec
    start = position(GOOD)
    start.play("pass")
    assert Game.from_record(start.record()).record() == start.record()


def test_bad_records():
    rec = _record()
    first = rec.split("moves:\n")[1].splitlines()[0]
    wrong = "dealer" if first.startswith("pone") else "pone"
    cases = [
        (rec.replace("moves:", "plays:"), r"needs a 'moves:' line"),
        (rec.replace(first, wrong + ":" + first.split(":", 1)[1]), r"record move 1 .*: it is (pone|dealer)'s turn, not " + wrong),
        (rec.replace(first, first.split(":")[0] + ": frobnicate"), r"record move 1 .*'frobnicate' is not an action"),
        (rec + "result: pone wins\n", r"the result says 'pone wins' but the moves give"),
        (rec + "result: tableau\nresult: pone wins\n", r"a second 'result:' line"),
        (rec.replace("variant: dutch", "variant: dutch\nvariant: french"), r"'variant' is given twice"),
        (rec.replace("cut: ", "cut: ²"), r"'cut:' must be a whole number in ASCII digits"),
        (rec.replace("cut: ", "cut: " + "9" * 5000), r"'cut:' must be a whole number"),
        (rec.replace("cut: ", "cut: ٣"), r"'cut:' must be a whole number"),
        (rec.replace("variant: dutch\n", ""), r"needs a 'variant:' line"),
        (rec + "dealer: pass\n" * 3, r"the deal is|turn"),
    ]
    for text, message in cases:
        with pytest.raises(RecordError, match=message):
            Game.from_record(text)


def test_a_record_with_a_pack_given_as_card_objects_replays():
    deck = Game("dutch", seed=1).rules.deck
    g = Game("dutch", pack=list(reversed(deck)), cut=7)
    assert Game.from_record(g.record()).record() == g.record()


def test_record_parts():
    rec = parse_record(_record())
    assert rec.variant == "dutch" and rec.position is None and len(list(rec.lines())) == 1
