"""Rulings checked against the texts: each test names the passage it follows."""

import re

import pytest

from conquian import position

# rummy.ch: "solange die veränderte Figur danach regelkonform bleibt": the meld a card leaves must be valid
# *afterwards*, at the end of the move, once cards of the hand that join it are down.
BASE = """
variant: rummy-ch
pone hand: {hand}
pone melds: {melds}
dealer melds: [J♥ J♦ J♣]
dealer hand: {dealer}
out: {out}
offer: {offer} discarded by dealer
"""


def rummy(hand, melds, dealer, out, offer):
    return position(BASE.format(hand=hand, melds=melds, dealer=dealer, out=out, offer=offer))


@pytest.mark.parametrize("hand, melds, dealer, out, offer, action, legal", [
    # What the 6♥ leaves, 4♥ 5♥, is made valid by the 3♥ from the hand: legal afterwards.
    ("3♥ 6♦ A♠ 2♠ 7♠ 2♦ 4♣", "[4♥ 5♥ 6♥]", "A♥ 2♥ 7♥ 3♦ 4♦ 5♦ 3♣", "A♣", "6♣", "use [3♥ 4♥ 5♥] [6♥ 6♦ 6♣]", True),
    # The same from the other end: 7♥ joins 5♥ 6♥ after the 4♥ leaves for the fours.
    ("7♥ 4♦ A♠ 2♠ 7♠ 2♦ 3♣", "[4♥ 5♥ 6♥]", "A♥ 2♥ 3♥ 3♦ 5♦ 6♦ 4♠", "A♣", "4♣", "use [5♥ 6♥ 7♥] [4♥ 4♦ 4♣]", True),
    # Left as 4♥ 5♥ with nothing to join it: refused, as before.
    ("3♥ 6♦ A♠ 2♠ 7♠ 2♦ 4♣", "[4♥ 5♥ 6♥]", "A♥ 2♥ 7♥ 3♦ 4♦ 5♦ 3♣", "A♣", "6♣", "use [4♥ 5♥] [3♥ 6♥ 6♦ 6♣]", False),
    # The text's own example: 3 4 5 6 gives its 6 and keeps 3 4 5.
    ("6♦ A♠ 2♠ 7♠ 2♦ 4♣", "[3♥ 4♥ 5♥ 6♥]", "A♥ 2♥ 7♥ 3♦ 4♦ 5♦ 3♣", "A♣", "6♣", "use [3♥ 4♥ 5♥] [6♥ 6♦ 6♣]", True),
])
def test_rummy_ch_reads_danach_as_after_the_move(hand, melds, dealer, out, offer, action, legal):
    g = rummy(hand, melds, dealer, out, offer)
    assert g.is_legal(action) is legal, g.why_illegal(action)


def test_rummy_ch_cards_still_leave_a_meld_only_for_a_new_one():
    # A set cannot "go on" as a sequence holding one of its cards, so the 3♦ cannot move into the other threes.
    g = position("""
        variant: rummy-ch
        pone melds: [3♦ 4♦ 5♦ 6♦] [3♠ 3♥ 3♣]
        pone hand: 5♥ 6♥ 2♣
        dealer melds: [A♥ A♦ A♣]
        dealer hand: 4♠ 5♠ 6♠ 7♠ 2♠ 7♦ 7♣
        out: A♠
        offer: 4♥ discarded by dealer""")
    assert not g.is_legal("use [3♥ 4♥ 5♥ 6♥] [4♦ 5♦ 6♦] [3♠ 3♦ 3♣]")
    assert not g.is_legal("use [4♥ 5♥ 6♥] [4♦ 5♦ 6♦] [3♠ 3♥ 3♦ 3♣]")  # a borrowed card onto an old meld
    assert "afterwards" in g.why_illegal("use [4♥ 5♥ 6♥] [4♦ 5♦ 6♦] [3♠ 3♥ 3♦ 3♣]")


# -- every other reading plays exactly as printed ---------------------------------------------------------------------
def _printed_readings(source):
    import contextlib
    import io

    from conquian.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["rules", source]) == 0
    return [line.split("other reading: ", 1)[1] for line in out.getvalue().splitlines() if "other reading: " in line]


def _all_sources():
    from conquian import DECLARATIONS
    return list(DECLARATIONS)


def _described(source):
    from conquian import DECLARATIONS
    return DECLARATIONS[source].described


@pytest.mark.parametrize("source", _all_sources())
def test_every_other_reading_plays_exactly_as_printed(source):
    from conquian import DECLARATIONS
    from conquian.registry import parse_rules

    decl = DECLARATIONS[source]
    expected = sum(len(e.other_readings) for e in decl.entries.values())
    printed = _printed_readings(source)
    assert len(printed) == expected
    for settings in printed:
        rules = parse_rules(f"{source}({settings})")  # raises if the reading conflicts as printed
        axes = {ax.name: ax for ax in type(rules).AXES}
        for setting in settings.split(", "):  # each setting printed is in force
            axis, value = setting.split("=")
            assert axes[axis].format(getattr(rules, axis)) == value
        assert parse_rules(str(rules)) == rules


def test_forsters_meld_from_the_hand_reading_names_the_axis_it_needs():
    assert "meld_without_use=true, hand_cards=any" in _printed_readings("foster-1913")


def test_a_reading_that_conflicts_as_printed_is_refused_naming_the_file(tmp_path):
    from conquian.declarations import load_declaration
    from conquian.errors import DeclarationError
    from conquian.registry import variants_dir

    text = (variants_dir() / "foster-1913.toml").read_text(encoding="utf-8")
    cut = text.replace('needs = { hand_cards = "any" }', "#", 1)
    assert cut != text
    path = tmp_path / "foster-1913.toml"
    for bad, message in [(cut, "not playable as printed"),
                         (text.replace('hand_cards = "any"', 'hand_cards = "most"', 1), "needs hand_cards"),
                         (text.replace('{ hand_cards = "any" }', '{ bogus = 1 }', 1), "not another axis")]:
        path.write_text(bad, encoding="utf-8")
        with pytest.raises(DeclarationError, match=message) as err:
            load_declaration(path)
        assert str(path) in str(err.value)


# -- one passage, one rendering ---------------------------------------------------------------------------------------
def _squash(text):
    return " ".join(text.split())


# (a described source has no passage: its renderings are checked in test_described_sources.py)
@pytest.mark.parametrize("source", [s for s in _all_sources() if not _described(s)])
def test_a_passage_has_one_english_rendering_on_every_page(source):
    # Every page that shows a passage shows its entry's rendering: the same passage under two axes (the Dutch and
    # French forcing sentence under forcing and demanded_use) must be rendered once, a part of it as a part of that.
    from conquian import DECLARATIONS

    evidence = [ev for e in DECLARATIONS[source].entries.values() for ev in e.evidence + e.context]
    for a in evidence:
        for b in evidence:
            if _squash(a.passage) == _squash(b.passage):
                assert a.english == b.english, (a.passage, a.english, b.english)
            elif _squash(b.passage).startswith(_squash(a.passage)):
                assert _squash(b.english).startswith(_squash(a.english).rstrip(".")), (a.english, b.english)


# -- one rule for each status ----------------------------------------------------------------------------------------
OUTSIDE_HELP = re.compile(r"this project's (reading|interpretation|choice)|the project (reads|chooses|counts|takes|follows)"
                          r"|usual practice|our interpretation", re.I)


def _entries():
    from conquian import DECLARATIONS
    return [(d.id, axis, e) for d in DECLARATIONS.values() for axis, e in d.entries.items()]


@pytest.mark.parametrize("source, axis, entry", _entries(), ids=lambda x: x if isinstance(x, str) else "")
def test_a_stated_or_implied_value_rests_on_the_text_alone(source, axis, entry):
    # docs/explanation/statuses.md: nothing from outside the text makes a value stated or implied.
    if entry.status.value in ("stated", "implied"):
        assert not OUTSIDE_HELP.search(entry.note), f"{source}: {axis} is {entry.status.value}, but its note rests on a reading"
        assert entry.evidence


def test_the_same_kind_of_evidence_gets_the_same_badge():
    from conquian import DECLARATIONS
    status = {s: DECLARATIONS[s].entries["max_sequence"].status.value for s in ("foster-1913", "dutch", "french")}
    assert status == {"foster-1913": "implied", "dutch": "implied", "french": "implied"}
    for source in ("dutch", "rummy-ch", "french"):  # Foster states alternation only after a tie
        assert "Foster's rule." not in DECLARATIONS[source].entries["dealer_rotation"].note
    romme = DECLARATIONS["romme-spielwiki"].entries
    assert romme["adjacent_jokers"].status.value == "silent" and romme["min_naturals"].status.value == "silent"


def test_the_rule_for_each_status_is_on_the_site():
    from pathlib import Path
    page = (Path(__file__).resolve().parent.parent / "docs" / "explanation" / "statuses.md").read_text(encoding="utf-8")
    for status in ("stated", "implied", "silent", "ambiguous"):
        assert "{status}`" + status + "`\n: " in page


# -- Rommé citations ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("group", ["6♠ 7♥ 8♠", "5♥ 6♠ 7♥ 8♥", "10♣ J♦ Q♣", "A♠ 2♥ 3♠"])
def test_a_rommé_sequence_of_mixed_suits_cites_the_passage_on_sequences(group):
    from conquian import variant
    from conquian.registry import cite
    from conquian.games.romme.melds import read_meld

    rules = variant("romme-spielwiki")
    reason, axis = rules.melds.explain(read_meld(group))
    citation = cite(rules, axis)
    assert "neither of one rank nor of one suit" in reason
    assert "Die Figuren, 2nd item" in citation and "of the same suit" in citation, citation
    assert "at least three cards:" not in citation  # not the passage on the minimum of every meld


def test_spielwikis_manchmal_is_the_other_reading_of_the_card_taken_from_the_discards():
    from conquian import DECLARATIONS
    entry = DECLARATIONS["romme-spielwiki"].entries["drawn_to_hand"]
    assert entry.status.value == "ambiguous" and entry.value is True
    assert [r.value for r in entry.other_readings] == [False]
    assert any(ev.passage.startswith("Manchmal") for ev in entry.evidence)
    assert "drawn_to_hand=false" in _printed_readings("romme-spielwiki")
