"""The playroom, the Python the reader's browser runs (in Pyodide), run here under CPython: deals against the
computer, positions under other rules, refused moves explained by rule and passage, records the engine reads back,
bad requests answered with an error; and the packed engine is reproducible and holds only pure modules."""

from __future__ import annotations

import ast
import io
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conquian import Game, RommeGame
from conquian.registry import sources
from conquian_site import playroom
from conquian_site.browser import SITE_MODULES, engine_files, engine_zip
from conquian_site.playroom import Room, choices, handle

DOCS = Path(__file__).resolve().parent.parent / "docs"
FORCING = """variant: foster-1913
dealer melds: [2♣ 3♣ 4♣]
dealer hand: A♥ 3♥ 4♥ 7♥ 2♦ 5♦ 7♦
pone hand: A♠ 3♠ 7♠ 3♦ 6♦ 5♥ 2♥ 7♣ A♦ 6♠
out: 6♥
offer: 5♣ drawn by pone"""


def ask(**request) -> dict:
    return json.loads(handle(json.dumps(request)))


def play_out(room: Room, view: dict) -> dict:
    while not view["over"]:
        assert view["moves"], "the reader is to act but has no move"
        view = room.play(len(view["moves"]) - 1)
    return view


@pytest.mark.parametrize("rules, players", [(s, 2) for s in sources("conquian")] + [("romme-spielwiki", p)
                                                                                      for p in (2, 3, 6)])
def test_a_whole_deal_against_the_computer_and_its_record(rules, players):
    room = Room()
    view = room.deal(rules, seed=4, players=players)
    assert view["game"] == ("romme" if players != 2 or rules.startswith("romme") else "conquian")
    assert all(m["words"][0].isupper() and m["words"] != m["text"] for m in view["moves"])
    view = play_out(room, view)
    assert view["result"].startswith(("You", "The computer", "Computer ", "The stock")), view["result"]
    assert "cq-hidden-hand" not in view["table"]  # every hand shown once the deal is over
    g = (RommeGame if view["game"] == "romme" else Game).from_record(room.record())
    assert g.is_over and str(g.outcome) == str(room.game.outcome)


@pytest.mark.parametrize("rules, players, seat, you", [("pagat-mexican", 3, 1, "You (the pone)"),
                                                      ("pagat-mexican", 3, 0, "You (the dealer)"),
                                                      ("foster-1913", 2, 0, "You (the dealer)")])
def test_the_reader_plays_the_seat_chosen_whole_deals_of_three_among_them(rules, players, seat, you):
    room = Room()
    view = room.deal(rules, seed=4, players=players, seat=seat)
    assert view["reader"] == seat and you in view["table"] and view["table"].count("cq-hidden-hand") == players - 1
    view = play_out(room, view)
    assert view["result"].startswith(("You", "The computer", "Computer ", "The stock")), view["result"]
    assert Game.from_record(room.record()).players == players


def test_the_computers_hands_are_face_down_and_the_same_seed_deals_the_same_cards():
    a, b = Room(), Room()
    va, vb = a.deal("romme-spielwiki", 9, 4), b.deal("romme-spielwiki", 9, 4)
    assert va["table"] == vb["table"] and va["table"].count("cq-hidden-hand") == 3
    assert "You (player 2)" in va["table"] and "Computer 3 (player 1, the dealer)" in va["table"]  # counted from one
    assert a.deal("romme-spielwiki", 10, 4)["table"] != vb["table"]


def test_the_computer_answers_in_words_after_the_readers_move():
    room = Room()
    view = room.deal("foster-1913", 3)
    view = room.play(0)
    assert view["log"][0].startswith("You (the pone): ")
    assert all(line.startswith(("You", "The computer (the dealer): ")) for line in view["log"])


def test_a_position_under_its_own_rules_and_under_another_source():
    room = Room()
    view = room.position(FORCING)
    assert room.reader == 1 and view["label"] == "Foster 1913"
    words = [m["words"] for m in view["moves"]]
    assert words == ["Pass the 5♣ to the dealer", "Lay the 5♣ on the dealer's 2♣ 3♣ 4♣ (forcing)"]
    assert view["others"] == []  # nothing another source allows that Foster does not

    view = room.position(FORCING, rules="rummy-ch")
    assert [m["words"] for m in view["moves"]] == ["Pass the 5♣ to the dealer"]
    refused = [o for o in view["others"] if "forcing" in o["words"]]
    assert refused and "Foster 1913" in refused[0]["allowed_by"]
    why = room.why(refused[0]["text"])
    assert why["legal"] is False and why["axis"] == "add_to_opponent" and why["source"] == "rummy.ch"
    assert why["passage"] and why["english"] and why["ruling"] == "rulings/add-to-opponent.html"
    assert why["source_page"] == "sources/rummy-ch.html" and why["status"] == "stated"
    assert why["rule"] == "Adding to the opponent's melds: never"  # in the ruling pages' words, not the code's


def test_a_position_with_its_moves_and_a_reading():
    room = Room()
    view = room.position(FORCING, rules="foster-1913(force_back=false)", moves="force [2♣ 3♣ 4♣]")
    assert "Foster 1913, other reading: forcing a discard back on its discarder: no" == view["label"]
    assert room.game.to_act is not None and view["over"] is False
    with pytest.raises(Exception, match=r"move 1 of the position \('take'\)"):
        room.position(FORCING, moves="take")


def _position_blocks():
    """Every ``{position}`` of the site's pages written as text (not ``:deal:``): (where, text, moves)."""
    for path in sorted(DOCS.rglob("*.md")):
        for m in re.finditer(r"^```\{position\}\n(.*?)^```", path.read_text(encoding="utf-8"), re.S | re.M):
            options, body = {}, []
            for line in m.group(1).splitlines():
                if line.startswith(":") and not body:
                    key, _, value = line[1:].partition(":")
                    options[key.strip()] = value.strip()
                elif line.strip() or body:
                    body.append(line)
            if "deal" not in options:
                yield f"{path.relative_to(DOCS)}", "\n".join(body), options.get("play", "")


def test_every_position_on_the_site_opens_at_the_table_under_its_rules():
    blocks = list(_position_blocks())
    assert len(blocks) > 20
    for where, text, moves in blocks:
        view = Room().position(text, moves=moves)
        assert view["table"] and (view["over"] or view["moves"]), where


def test_why_says_when_a_move_is_legal_and_reads_no_nonsense():
    room = Room()
    room.position(FORCING)
    assert room.why("pass") == {"legal": True, "move": "pass", "words": "Pass the 5♣ to the dealer"}
    assert "error" in ask(op="why", move="fly away")


def test_choices_list_every_source_and_reading_that_makes_a_rule_set():
    cs = choices()
    assert [c["rules"] for c in cs if "(" not in c["rules"]] == sources("conquian") + sources("romme")
    assert all(c["game"] in ("conquian", "romme") and c["label"] for c in cs)
    assert any(c["rules"] == "foster-1913(dealer_rotation=loser-deals)" for c in cs)


@pytest.mark.parametrize("request_, words", [
    ({"op": "deal", "rules": "nope"}, "unknown variant 'nope'"),
    ({"op": "deal", "rules": "foster-1913", "players": 3}, "3 players: these rules are for two players only"),
    ({"op": "deal", "rules": "pagat-mexican", "players": 4}, "Conquian is a game for two players, or three where"),
    ({"op": "deal", "rules": "romme-spielwiki", "players": 9}, "9 players"),
    ({"op": "deal", "rules": "foster-1913", "seed": "x"}, "seed must be a whole number"),
    ({"op": "deal", "rules": "foster-1913", "seed": -1}, "a seed is a whole number from 0"),
    ({"op": "deal", "rules": "foster-1913", "seat": 2}, "a seat is a whole number from 0 to 1 for 2 players"),
    ({"op": "position", "text": "variant: foster-1913\npone hand: 8♠"}, "position"),
    ({"op": "fly"}, "unknown request 'fly'"),
    ({"op": "play", "move": 999}, "legal moves, numbered from 0"),
])
def test_bad_requests_are_answered_with_an_error(request_, words):
    Room.__init__(playroom.ROOM)
    ask(op="deal", rules="foster-1913", seed=1)
    answer = ask(**request_)
    assert words in answer["error"], answer
    assert json.loads(handle("not json"))["error"].startswith("a request the playroom cannot read")


def test_the_packed_engine_is_reproducible_and_holds_only_pure_modules():
    assert engine_zip() == engine_zip()
    z = zipfile.ZipFile(io.BytesIO(engine_zip()))
    names = z.namelist()
    assert names == sorted(names) and {i.date_time for i in z.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    assert "conquian/variants/foster-1913.toml" in names and "conquian/games/romme/game.py" in names
    assert {n.split("/")[1] for n in names if n.startswith("conquian_site/")} == {*SITE_MODULES, "__init__.py"}
    for name, data in engine_files():  # Pyodide has neither docutils nor Sphinx
        if name.endswith(".py"):
            for node in ast.walk(ast.parse(data.decode("utf-8"))):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                    assert not [m for m in mods if m.split(".")[0] in ("docutils", "sphinx")], (name, mods)


def test_the_packed_engine_plays_a_deal_on_its_own(tmp_path):
    """What the browser gets is all the playroom needs: unpacked alone (the compiled parts left out, as in the
    browser), it deals and answers a move in a fresh Python; a module left out of the pack fails here, not in the
    build's snapshot."""
    zipfile.ZipFile(io.BytesIO(engine_zip())).extractall(tmp_path)
    code = ("import json, sys; sys.path[:0] = [sys.argv[1]]; from conquian_site.playroom import handle; "
            "import conquian_site; assert conquian_site.__file__.startswith(sys.argv[1]), conquian_site.__file__; "
            "v = json.loads(handle(json.dumps({'op': 'deal', 'rules': 'romme-spielwiki', 'seed': 2, 'players': 3}))); "
            "v = json.loads(handle(json.dumps({'op': 'play', 'move': 0}))); print(v.get('error') or 'played')")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=300,
                          cwd=tmp_path, env={"PATH": os.environ.get("PATH", ""), "PYTHONNOUSERSITE": "1"})
    assert done.returncode == 0 and done.stdout.strip() == "played", done.stderr[-2000:]


def test_each_table_keeps_its_own_deal():
    """Two "Try it" tables on one page: a move pressed in the first, after the second opened, is played in the
    first's deal, and the second's is untouched."""
    first = ask(op="position", text=FORCING, table="1")
    second = ask(op="deal", rules="foster-1913", seed=3, table="2")
    after = ask(op="play", move=0, table="1")
    assert after["log"][0] == f"You (the pone): {first['moves'][0]['words'][0].lower()}{first['moves'][0]['words'][1:]}"
    assert ask(op="view", table="2")["table"] == second["table"]
    assert ask(op="view", table="1")["table"] == after["table"] != second["table"]


def test_the_line_in_the_middle_of_the_table_names_the_players_as_the_table_does():
    """In a match, the line in the middle of the table names every player as the table and the moves do, and speaks
    to the reader ("You begin your turn", "the computer has the say"); never the engine's seat numbers ("Seat 1
    begins …").  The result too."""
    view = ask(op="deal", rules="romme-spielwiki", seed=2, players=3, table="romme")
    text = re.sub(r"<[^>]+>", " ", view["table"])
    assert not re.search(r"\b[Ss]eat \d", text), text
    assert "You begin your turn: you take the top card of the stock" in text, text
    for line in view["log"]:
        assert line.startswith(("You (player", "Computer 1 (player", "Computer 2 (player")), line
    view = ask(op="deal", rules="foster-1913", seed=3, table="romme")  # the reader is the pone, the turned-up card his
    assert "; you have the first say to it." in re.sub(r"<[^>]+>", " ", view["table"]) and "the pone" not in view["state"]
    while not view["over"]:
        view = ask(op="play", move=0, table="romme")
    assert view["result"] in ("You win.", "The computer wins.", "The stock is exhausted: the deal is a tie (a tableau).")


LONG = "7" * 5000  # past CPython's 4,300-digit limit on converting text to an integer


@pytest.mark.parametrize("field", ["op", "seed", "players", "rules", "text", "play", "move", "table"])
@pytest.mark.parametrize("op", ["deal", "position", "play", "why"])
def test_a_number_of_thousands_of_digits_in_any_field_is_answered_with_an_error(op, field):
    Room.__init__(playroom.ROOM)
    ask(op="deal", rules="foster-1913", seed=1)
    fields = {"op": json.dumps(op), "rules": '"foster-1913"', "text": json.dumps(FORCING), field: LONG}
    answer = json.loads(handle("{" + ", ".join(f'"{k}": {v}' for k, v in fields.items()) + "}"))
    assert len(answer.get("error", "")) <= 300, answer  # a field the request does not read is let be
    read = {"deal": ("rules", "seed", "players"), "position": ("text", "rules", "play"), "play": ("move",),
            "why": ("move",)}[op]
    if field in ("op", "table", *read):  # the field the answer is about, named by its length
        assert "a number of 5,000 digits" in answer["error"], answer
    for raw in (LONG, f"[{LONG}]", f'{{"op": "view", "x": [{LONG}]}}'):
        assert "error" in json.loads(handle(raw)) or "table" in json.loads(handle(raw))


def test_a_seed_is_taken_up_to_2_64_less_1_as_a_number_or_as_text():
    top = 2 ** 64 - 1
    for seed in (1234567890, top):
        as_text, as_number = ask(op="deal", rules="foster-1913", seed=str(seed)), ask(op="deal", rules="foster-1913",
                                                                                     seed=seed)
        assert "error" not in as_text and as_text["table"] == as_number["table"]
        assert Room().deal("foster-1913", seed)["table"] == as_text["table"]  # the same deal as the seed gives
    for seed in (top + 1, str(top + 1)):
        assert "a seed is a whole number from 0 to 18446744073709551615" in ask(op="deal", rules="foster-1913",
                                                                               seed=seed)["error"]
    assert "seed must be a whole number of at most 20 digits, not text" in ask(op="deal", rules="foster-1913",
                                                                              seed="1" * 21)["error"]


HOSTILE = [LONG, "-" + LONG, "1.5", "1e400", "NaN", "-Infinity", "true", "null", "[]", "{}", '"x"', '"1_0"', '"１"',
           '" 12 "', json.dumps("9" * 5000), json.dumps("\ud800"), json.dumps("a" * 100_000), "[" * 60 + "]" * 60]


@pytest.mark.parametrize("value", HOSTILE, ids=range(len(HOSTILE)))
def test_every_bad_value_of_every_field_is_answered_briefly(value):
    """Whatever a field holds, the answer is JSON, and an error is within 300 characters and says what was wrong."""
    Room.__init__(playroom.ROOM)
    ask(op="position", text=FORCING)
    for op in ("deal", "position", "play", "why", "view", "record", "fly"):
        for field in ("op", "seed", "players", "rules", "text", "play", "move", "table"):
            fields = {"op": json.dumps(op), "rules": '"foster-1913"', field: value}
            answer = json.loads(handle("{" + ", ".join(f'"{k}": {v}' for k, v in fields.items()) + "}"))
            assert len(answer.get("error", "")) <= 300, (op, field, answer)
    for raw in (value, None, 5, b"{}"):
        assert json.loads(handle(raw))["error"]
