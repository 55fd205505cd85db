"""Hostile input at every door of the engine, class by class: each is refused with a ConquianError (or, for a
value of the wrong type given to the API, a TypeError) whose message says what and where, never a Python
internals error or a hang, and a refused action leaves the deal as it was."""

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from conquian import (ConquianError, Game, PositionError, RecordError, RommeGame, RommeRules, RuleSet, parse_rules,
                      position, variant)
from conquian.errors import ActionError, CardError, RuleError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "_ext"))
from conquian_site import playroom  # noqa: E402  (the playroom's worker, no Sphinx app needed)

CONQUIAN = Game("foster-1913", seed=1)
ROMME = RommeGame("romme-spielwiki", players=3, seed=1)
CLI = Path(sys.executable).parent / "conquian"

HOSTILE_TEXT = ["", "\x00", "\ud800", "\ufeff", "１０", "١٠", "1_0", "9" * 5000, "[" * 100_000, "(" * 100_000,
                "x" * 1_000_000, "x\n" * 500_000, "🃏" * 100_000, "A♠ " * 300_000, "\r\n" * 1000]


# -- 1. text of every kind: a ConquianError, never an internals error ---------------------------------------------
DOORS = ["cards", "variant", "parse_rules", "Game", "RommeGame", "position", "Romme position", "Conquian record",
         "Romme record", "Conquian play", "Romme play"]


@pytest.mark.parametrize("door, text", [(d, t) for d in DOORS for t in HOSTILE_TEXT
                                        if d != "cards" or t.strip()],  # no card text at all is no cards
                         ids=lambda v: repr(v[:12]) + f"x{len(v)}")
def test_hostile_text_is_refused_with_a_short_message(door, text):
    from conquian import cards
    doors = {"cards": cards, "variant": variant, "parse_rules": parse_rules, "Game": Game, "RommeGame": RommeGame,
             "position": position, "Romme position": RommeGame.from_position, "Conquian record": Game.from_record,
             "Romme record": RommeGame.from_record, "Conquian play": CONQUIAN.copy().play,
             "Romme play": ROMME.copy().play}
    with pytest.raises(ConquianError) as info:
        doors[door](text)
    assert 0 < len(str(info.value)) <= 300


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_any_text_as_a_conquian_position_or_record_is_read_or_refused(text):
    for read in (position, Game.from_record, RommeGame.from_position, RommeGame.from_record):
        try:
            read(text)
        except ConquianError as exc:
            assert len(str(exc)) <= 300


# -- 2. a refused action leaves the deal unchanged -----------------------------------------------------------------
@pytest.mark.parametrize("deal", [CONQUIAN, ROMME], ids=["conquian", "romme"])
@pytest.mark.parametrize("text", ["discard 5♣ 5♣", "use [" * 1000, "meld [A♠ A♠ A♠]", "\ud800", "take\x00", "１"])
def test_a_refused_action_changes_nothing(deal, text):
    g = deal.copy()
    before = g.snapshot()
    with pytest.raises(ConquianError):
        g.play(text)
    assert g.snapshot() == before


# -- 3. the API given a value that is not an action: a TypeError that says so ---------------------------------------
@pytest.mark.parametrize("deal", [CONQUIAN, ROMME], ids=["conquian", "romme"])
@pytest.mark.parametrize("value", [-1, 1.5, None, True, [], {}, object()],
                         ids=["-1", "1.5", "None", "True", "list", "dict", "object"])
def test_action_text_of_a_value_that_is_no_action(deal, value):
    with pytest.raises(TypeError, match="action"):
        deal.action_text(value)


def test_action_text_reads_text_back_as_play_does():
    for g in (CONQUIAN, ROMME):
        a = g.legal_actions()[0]
        assert g.action_text(g.action_text(a)) == g.action_text(a)


# -- 4. Conquian snapshots with fields of the wrong shape: named by field, no IndexError, no endless loop -----------
@pytest.mark.parametrize("field, value, phrase", [
    ("rules", "foster-1913", "Snapshot.rules must be a RuleSet"),
    ("hands", (), "Snapshot.hands must be"),
    ("hands", (1,), "Snapshot.hands must be"),
    ("hands", {}, "Snapshot.hands must be"),
    ("hands", (-1, -1), "Snapshot.hands must be"),  # a negative mask has endless bits
    ("hands", (1 << 200, 0), "Snapshot.hands must be"),
    ("melds", (), "Snapshot.melds must be"),
    ("melds", ((-5,), ()), "Snapshot.melds must be"),
    ("stock", (-1, -1), "Snapshot.stock must be"),
    ("stock", (10 ** 30, 0), "Snapshot.stock must be"),
    ("out", (-1,), "Snapshot.out must be"),
    ("offer", -1, "Snapshot.offer must be"),
    ("offer", 2 ** 63, "Snapshot.offer must be"),
    ("offer", 1.5, "Snapshot.offer must be"),
    ("phase", "offer", "Snapshot.phase must be"),
    ("actor", 0.5, "Snapshot.actor must be"),
    ("forced", None, "Snapshot.forced must be"),
])
def test_a_conquian_snapshot_of_the_wrong_shape_names_its_field(field, value, phrase):
    s = dataclasses.replace(CONQUIAN.snapshot(), **{field: value})
    with pytest.raises(PositionError, match=phrase):
        Game.from_snapshot(s)


# -- 5. numbers beyond any deal: the message stays short ------------------------------------------------------------
@pytest.mark.parametrize("game", [lambda cut: Game("foster-1913", cut=cut),
                                  lambda cut: RommeGame("romme-spielwiki", cut=cut)], ids=["conquian", "romme"])
@pytest.mark.parametrize("cut, shown", [(10 ** 100, "a number of about 101 digits"),
                                        (-10 ** 5000, "a negative number of about 5001 digits"),  # too long for str()
                                        (987654321, "987654321")], ids=["10**100", "-10**5000", "9 digits"])
def test_a_huge_cut_is_refused_in_a_short_message(game, cut, shown):
    with pytest.raises(PositionError, match=f"^cut {shown} leaves") as info:
        game(cut)
    assert len(str(info.value)) <= 300


@pytest.mark.parametrize("move, phrase", [("take", "a card on offer is never taken into the hand"),
                                           ("discard 6♠", "cannot discard before using a card")])
def test_a_record_with_an_illegal_move_says_so_briefly(move, phrase):
    g = Game("foster-1913", seed=3).play("pass")  # the dealer has the say to the 2♠
    with pytest.raises(ConquianError) as played:
        g.copy().play(move)
    message, rule = str(played.value), played.value.rule  # the message cites the rule cut to fit; .rule holds it whole
    assert phrase in message and len(message) <= 300 and rule.startswith("rule " + message.split(" (rule ", 1)[1][:40])
    with pytest.raises(RecordError, match=rf"^record move 2 \(line 6, 'dealer': .*{phrase}") as replayed:
        Game.from_record(g.record() + f"dealer: {move}\n")
    assert len(str(replayed.value)) <= 300 and str(replayed.value).endswith("…")


def test_romme_refusals_fit_their_limit_with_the_citation_cut():
    g = RommeGame("romme-spielwiki", players=2, seed=1)
    refused = g.why_illegal("meld [2♠ 2♠ 3♠]")
    assert "(rule min_sequence = 3: romme-spielwiki (stated), Die Figuren" in refused
    assert len(refused) <= 300 and refused.endswith("…)")


# -- 6. the playroom always answers JSON, with "error" for bad input --------------------------------------------------
@pytest.mark.parametrize("request_text, phrase", [
    ("[" * 100_000, "cannot read"),
    ("{" * 5000, "cannot read"),
    (json.dumps({"op": "deal", "rules": "foster-1913", "seed": "１"}), "seed must be a whole number"),
    (json.dumps({"op": "deal", "rules": "foster-1913", "seed": "1_0"}), "seed must be a whole number"),
    (json.dumps({"op": "deal", "rules": "foster-1913", "seed": True}), "seed must be a whole number"),
    (json.dumps({"op": "deal", "rules": "romme-spielwiki", "players": "٣"}), "players must be a whole number"),
    (json.dumps({"op": "deal", "rules": "romme-spielwiki", "players": 2.5}), "players must be a whole number"),
    (json.dumps({"op": "deal", "rules": "foster-1913", "seed": "9" * 5000}), "seed must be a whole number"),
    (json.dumps({"op": "deal", "rules": "foster-1913", "seed": "-5"}), "a seed is a whole number from 0"),
    ("\ufeff{}", "cannot read"),
    ("null", "unknown request"),
    (json.dumps({"op": "\ud800"}), "unknown request"),
])
def test_the_playroom_answers_bad_requests_with_an_error(request_text, phrase):
    answer = json.loads(playroom.handle(request_text))
    assert phrase in answer["error"]
    assert len(answer["error"]) <= 300


@pytest.mark.parametrize("seed", [" 7 ", 7, "0", 10 ** 8])
def test_the_playroom_still_reads_whole_numbers(seed):
    answer = json.loads(playroom.handle(json.dumps({"op": "deal", "rules": "romme-spielwiki", "seed": seed,
                                                    "players": "3"})))
    assert "error" not in answer


# -- 7. the command line: exit 2 and one line for numbers not in ASCII digits, or with more digits than any count ------
@pytest.mark.parametrize("args, phrase", [
    (["--games", "１０"], "--games"),
    (["--games", "1_0"], "--games"),
    (["--games", "99999999999999999999999"], "--games"),
    (["--seed", "٣"], "--seed"),
    (["--players", "2.0"], "--players"),
])
def test_the_cli_refuses_numbers_it_cannot_take(args, phrase):
    run = subprocess.run([str(CLI), "simulate", "--variant", "foster-1913", *args], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 2
    assert len(run.stderr.strip().splitlines()) == 1 and f"argument {phrase}: invalid int value" in run.stderr
    assert run.stdout == ""


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                          max_size=3), max_leaves=8)
OPS = st.sampled_from(["deal", "position", "play", "why", "view", "record", "choices", "DEAL", None, 3])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.fixed_dictionaries({"op": OPS}, optional={
    "rules": st.sampled_from(["foster-1913", "romme-spielwiki", "dutch(pack=spanish)"]) | JSON_VALUES,
    "seed": JSON_VALUES, "players": st.integers(-3, 8) | JSON_VALUES, "move": st.integers(-2, 40) | JSON_VALUES,
    "text": JSON_VALUES, "play": JSON_VALUES}), min_size=1, max_size=5))
def test_the_playroom_answers_every_request_with_json(requests):
    for req in requests:
        answer = json.loads(playroom.handle(json.dumps(req)))
        assert isinstance(answer, dict)
        assert "error" not in answer or 0 < len(answer["error"]) <= 300


def test_a_name_longer_than_any_variant_is_refused_as_such():
    with pytest.raises(ConquianError, match=r"^unknown variant 'ab ab .*…' \(99999[89] characters; a variant's name has"):
        variant("ab " * 333_333)


@pytest.mark.parametrize("read", [parse_rules, Game, RommeGame, RuleSet.parse, RommeRules.parse],
                         ids=["parse_rules", "Game", "RommeGame", "RuleSet.parse", "RommeRules.parse"])
@pytest.mark.parametrize("text", ["romme" + " " * 1_000_000 + "spielwiki", "ab " * 333_333, "dutch(" + "x" * 10_001 + ")"],
                         ids=["spaces", "words", "a setting"])
def test_rule_set_text_longer_than_any_is_refused_before_it_is_read(read, text):
    with pytest.raises(RuleError, match=rf"^rule-set text '.*…' of {len(text):,} characters, more than any rule set's "
                                        r"\(10,000 at most\)$") as info:
        read(text)
    assert len(str(info.value)) <= 300


# -- 8. every refusal in random play fits in 300 characters, the whole passage kept on the error ----------------------
def _candidates(g, seen):
    """Actions to try at a decision: those legal at earlier decisions of the deal, and a few of every kind."""
    texts = ["take", "pass", "demand", "waive", "lay [A♠ 2♠ 3♠]", "discard 7♥ onto [4♥ 5♥ 6♥]", "force [4♥ 5♥ 6♥]",
             "use " + " ".join(f"[{c}]" for c in ("A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "A♥", "2♥", "3♥"))]
    if isinstance(g, RommeGame):
        texts = ["draw", "take", "discard 7♥", "meld [2♠ 2♠ 3♠]", "lay 7♥ on [4♥ 5♥ 6♥]", "exchange 🃏 in [5♠ 🃏 7♠] meld [A♠ 2♠ 3♠]"]
    return [*seen[-15:], *texts]


@pytest.mark.parametrize("rules", ["foster-1913", "rummy-ch", "dutch", "french", "dutch(forcing=reactive, add_to_opponent=never)",
                                   "foster-1913(rearranging=free, hand_cards=any, meld_without_use=true)",
                                   "rummy-ch(min_set=2, hand_size=12, pack=ace-to-ten)", "romme-spielwiki"])
def test_every_refusal_in_random_play_fits_in_300_characters(rules):
    import random
    from conquian.errors import IllegalMove
    rng = random.Random(7)
    refused = longest = 0
    for seed in range(3):
        g = RommeGame(rules, players=3, seed=seed) if rules.startswith("romme") else Game(rules, seed=seed)
        seen: list = []
        while not g.is_over and g.decisions < 80:
            legal = g.legal_actions()
            for a in _candidates(g, seen):
                try:
                    g.copy().play(a)
                except IllegalMove as exc:
                    refused += 1
                    longest = max(longest, len(str(exc)))
                    assert len(str(exc)) <= 300, str(exc)
                    assert exc.rule == "" or exc.rule.startswith("rule ")  # the whole citation stays on the error
                    assert g.why_illegal(a) == str(exc)
                except ConquianError as exc:  # unreadable here (a card not in this pack): short too
                    assert len(str(exc)) <= 300, str(exc)
            seen.extend(g.action_text(a) for a in legal[:3])
            g.play(rng.choice(legal))
    assert refused > 100 and longest > 200  # random play met many refusals, long ones among them


def test_a_forty_meld_use_is_refused_in_300_characters_and_named_whole_on_the_error():
    g = Game("foster-1913(pack=ace-to-ten)", seed=2)
    text = "use " + " ".join(f"[{c}]" for c in g.pack)
    with pytest.raises(ConquianError) as info:
        g.play(text)
    assert len(str(info.value)) <= 300
    assert len(info.value.action) + len(info.value.words) > 300  # both whole on the error
