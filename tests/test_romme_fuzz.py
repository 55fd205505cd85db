"""Every Rommé parser under fuzzing: any text gives a value or a ConquianError subclass, never a Python internals
error; a rejected action leaves the game exactly as it was.  Each fuzzer tries a fifth of its
texts under ``make test``, all of them under ``make test-long``."""

import pytest
from hypothesis import given, strategies as st

from conquian import ConquianError, RommeGame, RommeRules
from conquian.declarations import load_declaration
from conquian.games.romme.actions import Action
from conquian.games.romme.game import position
from conquian.games.romme.melds import read_meld

from support import accepts_or_explains, depth, texts, tried
from test_romme_notation import GOOD


MELD_BITS = ["7♠", "8♠", "9♠", "6♥", "6♠", "🃏", "JK", "=", "JK=8S", "🃏=8♠", "🃏=", "=🃏", "A♠", "K♠", "2♠", "10♦",
             "T", "s", "ſ", "٧", "²", " ", ",", "[", "]", "\n"]
ACTION_WORDS = ["keep", "leave", "draw", "take", "meld", "lay", "exchange", "discard", "on", "in", "low", "high",
                "[", "]", " ", "A♥", "5♥", "2♥ 3♥ 4♥", "6♠ 6♥ 🃏", "🃏=A♥", "🃏", "9♣", "LAY", "Discard", "=", ","]
RULE_WORDS = ["romme-spielwiki", "romme", "spielwiki", "dutch", "conquian", "(", ")", "=", ",", " ", "first_meld", "30",
              "jokers", "7", "going_out", "discard", "meld-or-discard", "true", "٨", "9" * 12, "_", "-"]
POSITION_WORDS = ["variant:", "players:", "hand 0:", "hand 1:", "hand 2:", "hand 7:", "table:", "new melds:", "opened:",
                  "stock:", "discards:", "renewals:", "to keep:", "to draw:", "to play:", "result:", "rest", "empty",
                  "taken", "wins", "nobody", "hand-romme", ",", "0", "1", "2", "3", "romme-spielwiki", "\n", " ", "[", "]",
                  "6♣", "2♥ 3♥ 4♥", "6♠ 6♥ 🃏", "🃏", "#"]


@pytest.mark.parametrize("examples", depth(30, 150))
def test_meld_text(examples):
    @tried(examples)
    @given(texts(MELD_BITS))
    def fuzz(text):
        accepts_or_explains(read_meld, text)

    fuzz()


@pytest.mark.parametrize("examples", depth(30, 150))
def test_action_text_and_a_rejected_action_changes_nothing(examples):
    @tried(examples)
    @given(texts(ACTION_WORDS))
    def fuzz(text):
        g = position(GOOD)
        before, legal = g.snapshot(), g.legal_actions()
        try:
            g.play(text)
        except ConquianError:
            assert g.snapshot() == before and g.legal_actions() == legal and g.decisions == 0
        accepts_or_explains(Action.parse, text)

    fuzz()


@pytest.mark.parametrize("examples", depth(30, 150))
def test_rule_set_text(examples):
    @tried(examples)
    @given(texts(RULE_WORDS))
    def fuzz(text):
        accepts_or_explains(RommeRules.parse, text)

    fuzz()


@pytest.mark.parametrize("examples", depth(30, 150))
def test_position_text(examples):
    @tried(examples)
    @given(texts(POSITION_WORDS))
    def fuzz(text):
        accepts_or_explains(position, text)

    fuzz()


@pytest.mark.parametrize("examples", depth(30, 150))
def test_position_lines_shuffled_and_records(examples):
    @tried(examples)
    @given(st.lists(st.sampled_from(GOOD.strip().splitlines() + POSITION_WORDS + ["moves:", "1: draw", "0: discard 2♣",
                                                                                  "result: nobody wins", "cut: 4",
                                                                                  "pack: 6♣", "players: 2"]), max_size=14))
    def fuzz(lines):
        text = "\n".join(lines)
        accepts_or_explains(position, text)
        accepts_or_explains(RommeGame.from_record, text)

    fuzz()


@pytest.fixture(scope="module")
def real_declaration():
    from conquian import DECLARATIONS
    return DECLARATIONS["romme-spielwiki"].path.read_text(encoding="utf-8")


@pytest.mark.parametrize("examples", depth(30, 150))
def test_declaration_files(tmp_path_factory, real_declaration, examples):
    @tried(examples)
    @given(cut=st.integers(min_value=0, max_value=40000), junk=st.text(max_size=20), data=st.data())
    def fuzz(cut, junk, data):
        folder = tmp_path_factory.mktemp("decl")
        path = folder / "romme-spielwiki.toml"
        cut = min(cut, len(real_declaration))
        mode = data.draw(st.sampled_from(["cut", "insert", "bytes"]))
        if mode == "bytes":
            path.write_bytes(real_declaration.encode("utf-8")[:cut] + junk.encode("utf-8", "surrogatepass") + b"\xff")
        else:
            text = real_declaration[:cut] + junk + (real_declaration[cut:] if mode == "insert" else "")
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
        accepts_or_explains(load_declaration, path)

    fuzz()
