"""Every parser under fuzzing: any text gives a value or a ConquianError subclass, never a Python internals error.

The texts are drawn from the characters and words each syntax uses (so that the fuzzer gets deep into the
parser), mixed with arbitrary Unicode.  A rejected action leaves the game exactly as it was.  Each fuzzer
tries a fifth of its texts under ``make test``, all of them under ``make test-long``.
"""

import pytest
from hypothesis import given, strategies as st

from conquian import Action, ConquianError, Game, RuleSet, cards, position
from conquian.declarations import load_declaration

from support import accepts_or_explains, depth, texts, tried
from test_notation import GOOD


CARD_BITS = ["7♠", "J♥", "10♦", "A♣", "T", "s", "h", "1O", "🃏", "JK", "ſ", "٧", "²", "K", "Q", "[", "]", ",", " ", "\n", "\t"]
ACTION_WORDS = ["use", "pass", "take", "lay", "force", "discard", "demand", "waive", "onto", "[", "]", " ", "6♣", "6♥",
                "6♦", "3♥ 4♥ 5♥", "K♠ K♥ K♣", ",", "[]", "USE", "Discard"]
RULE_WORDS = ["dutch", "foster-1913", "rummy-ch", "french", "conquian", "(", ")", "=", ",", " ", "pack", "spanish",
              "max_sequence", "8", "٨", "²", "forcing", "active", "reactive", "none", "true", "_", "-", "9" * 12]
POSITION_WORDS = ["variant:", "dealer hand:", "pone hand:", "dealer melds:", "pone melds:", "stock:", "out:",
                  "offer:", "to discard:", "result:", "rest", "empty", "turned up", "drawn by", "passed by",
                  "discarded by", "demanded of", "refused by", "drawn and refused by", "discard refused by", "turned up and refused by", "dealer", "pone", "wins",
                  "tableau", "rummy-ch", "dutch", "\n", " ", "[", "]", "6♣", "3♥ 4♥ 5♥ 6♥", "K♠ K♥ K♣", "#"]


@pytest.mark.parametrize("examples", depth(30, 150))
def test_card_text(examples):
    @tried(examples)
    @given(texts(CARD_BITS))
    def fuzz(text):
        accepts_or_explains(cards, text)

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
        accepts_or_explains(RuleSet.parse, text)

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
    @given(st.lists(st.sampled_from(GOOD.strip().splitlines() + POSITION_WORDS + ["moves:", "pone: pass", "dealer: pass",
                                                                                  "result: tableau", "cut: 4", "pack: 6♣"]),
                    max_size=14))
    def fuzz(lines):
        text = "\n".join(lines)
        accepts_or_explains(position, text)
        accepts_or_explains(Game.from_record, text)

    fuzz()


@pytest.mark.parametrize("examples", depth(30, 150))
def test_record_text(examples):
    @tried(examples)
    @given(texts(POSITION_WORDS + ["moves:", "pone: use [3♥ 4♥ 5♥] [6♥ 6♦ 6♣]", "result: pone wins"]))
    def fuzz(text):
        accepts_or_explains(Game.from_record, text)

    fuzz()


@pytest.fixture(scope="module")
def real_declaration():
    from conquian import DECLARATIONS
    return DECLARATIONS["rummy-ch"].path.read_text(encoding="utf-8")


@pytest.mark.parametrize("examples", depth(30, 150))
def test_declaration_files(tmp_path_factory, real_declaration, examples):
    @tried(examples)
    @given(cut=st.integers(min_value=0, max_value=20000), junk=st.text(max_size=20), data=st.data())
    def fuzz(cut, junk, data):
        folder = tmp_path_factory.mktemp("decl")
        path = folder / "rummy-ch.toml"
        cut = min(cut, len(real_declaration))
        mode = data.draw(st.sampled_from(["cut", "insert", "bytes"]))
        if mode == "bytes":
            path.write_bytes(real_declaration.encode("utf-8")[:cut] + junk.encode("utf-8", "surrogatepass") + b"\xff")
        else:
            text = real_declaration[:cut] + junk + (real_declaration[cut:] if mode == "insert" else "")
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
        accepts_or_explains(load_declaration, path)

    fuzz()


CLI_WORDS = ["variants", "rules", "compare", "simulate", "--variant", "--games", "--seed", "--json", "dutch",
             "foster", "rummy-ch(forcing=active)", "3", "-1", "x", "٣", "--help-me", "", "nope"]


@pytest.mark.parametrize("examples", depth(16, 80))
def test_command_line_arguments(examples):
    @tried(examples)
    @given(st.lists(st.sampled_from(CLI_WORDS), max_size=6))
    def fuzz(args):
        from conquian.cli import main
        args = args + ["--games", "2"]  # keep simulations short (a later --games wins)
        try:
            status = main(args)
        except SystemExit as exit:  # argparse's own errors: status 2, one line
            status = exit.code
        assert status in (0, 2)

    fuzz()
