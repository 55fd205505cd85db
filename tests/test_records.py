"""Records and positions at every point of a deal: reports of irregularities, derived rule sets, read back as written.

A position printed by the game must read back to the same state whatever the rule set and whatever has happened,
a report of an irregularity included; a report that does not end the deal (``misdeal = play-on``) stays in the
record and the moves go on after it.
"""

import random

import pytest
from hypothesis import given, strategies as st

from conquian import VARIANTS, ConquianError, Game, PositionError, RecordError, position

from support import CONQUIAN, check_invariants, check_round_trips, depth, derived_rule_sets, play_random, tried

FACED, EXPOSED = "a card faced in the pack", "a card exposed by the dealer"


def reported_positions_read_back(game, actions):
    """Check the position, and the position and record after a report made here, read back unchanged."""
    check_round_trips(game, actions)
    reported = game.copy()
    reported.report(FACED)
    assert str(position(str(reported))) == str(reported)
    replayed = Game.from_record(reported.record())
    assert replayed.record() == reported.record() and str(replayed) == str(reported)


@pytest.mark.parametrize("seeds", depth(2, 6))
@pytest.mark.parametrize("source", CONQUIAN)
@pytest.mark.parametrize("misdeal", ["new-deal", "play-on"])
def test_a_report_at_any_point_of_a_deal_reads_back(source, misdeal, seeds):
    rules = VARIANTS[source].replace(misdeal=misdeal)
    for seed in range(seeds):
        play_random(Game(rules, seed=seed), random.Random(seed), reported_positions_read_back)


@pytest.mark.parametrize("source", CONQUIAN)
def test_a_misdeal_reported_while_a_player_must_discard_reads_back(source):
    rules = VARIANTS[source]
    for seed in range(40):
        g = Game(rules, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and g.phase.value != "discard":
            g.play(rng.choice(g.legal_actions()))
        if g.is_over:
            continue
        g.report(FACED)
        assert g.outcome.termination.value == "misdeal"
        assert str(position(str(g))) == str(g)
        assert "result: misdeal" in str(g)
        return
    pytest.fail("no deal reached a discard")


@pytest.mark.parametrize("source", CONQUIAN)
def test_under_play_on_a_report_mid_deal_does_not_end_it_and_stays_in_the_record(source):
    rules = VARIANTS[source].replace(misdeal="play-on")
    g = Game(rules, seed=11)
    rng = random.Random(11)
    for _ in range(5):
        g.play(rng.choice(g.legal_actions()))
    before = str(g)
    g.report(FACED)
    assert not g.is_over and str(g) == before
    play_random(g, rng)
    lines = g.record().splitlines()
    assert f"report: {FACED}" in lines and lines.index(f"report: {FACED}") < len(lines) - 2
    assert Game.from_record(g.record()).record() == g.record()


@pytest.mark.parametrize("source", CONQUIAN)
def test_a_misdeal_is_refused_where_the_rules_let_play_go_on(source):
    rules = VARIANTS[source].replace(misdeal="play-on")
    g = Game(rules, seed=3)
    g.report(FACED)  # nothing ends, so a position declaring a misdeal is impossible
    offer = g.offer  # before play, in an exchange, no card is on offer: the chosen cards go back to the hands
    text = str(g).rsplit("\n", 1)[0] + "\nresult: misdeal"
    text = text.replace("stock: ", f"stock: {offer} ") if offer else "\n".join(
        ln for ln in text.splitlines() if " gives: " not in ln)
    with pytest.raises(PositionError, match="misdeal = play-on"):
        position(text)
    record = Game(rules, seed=3).record().replace("moves:\n", f"moves:\nreport: {FACED}\nresult: misdeal\n")
    with pytest.raises(RecordError, match="misdeal"):
        Game.from_record(record)


def test_a_card_exposed_by_the_dealer_is_refused_once_play_has_begun():
    for source in CONQUIAN:
        for rules in (VARIANTS[source], VARIANTS[source].replace(misdeal="play-on")):
            g = Game(rules, seed=5)
            g.play(g.legal_actions()[0])
            with pytest.raises(ConquianError, match="only while dealing"):
                g.report(EXPOSED)
            assert not g.is_over
            # Also from a position where play has begun, with no moves behind it.
            later = position(str(play_to_a_meld(Game(rules, seed=5))))
            with pytest.raises(ConquianError, match="only while dealing"):
                later.report(EXPOSED)


def play_to_a_meld(g):
    rng = random.Random(1)
    while not g.is_over and not (g.melds("dealer") or g.melds("pone")):
        g.play(rng.choice(g.legal_actions()))
    return g


def test_a_misdeal_with_two_players_over_their_hands_is_refused():
    g = Game("foster-1913", seed=2)
    rng = random.Random(2)
    while g.phase.value != "discard":
        g.play(rng.choice(g.legal_actions()))
    g.report(FACED)
    actor_hand = [line for line in str(g).splitlines() if line.startswith("stock:")][0].split()[1]
    other = "pone" if len(g.hand("dealer")) + g.down("dealer") == 11 else "dealer"
    text = str(g).replace("stock: " + actor_hand, "stock:").replace(f"{other} hand: ", f"{other} hand: {actor_hand} ")
    with pytest.raises(PositionError, match="only one player"):
        position(text)


# -- every rule set's positions read back ----------------------------------------------------------------------
# Three deals under two sources in make test (the longest deals are these); eight under every source in test-long.
@pytest.mark.parametrize("source, deals", [
    *(pytest.param(s, 3, id=f"{s}-3-deals") for s in ("foster-1913", "rummy-ch")),
    *(pytest.param(s, 8, id=f"{s}-8-deals", marks=pytest.mark.long) for s in CONQUIAN)])
def test_where_the_drawn_card_goes_to_the_hand_the_games_own_positions_read_back(source, deals):
    rules = VARIANTS[source].replace(drawn_to_hand=True)
    for seed in range(deals):
        g = play_random(Game(rules, seed=seed), random.Random(seed), reported_positions_read_back)
        check_invariants(g)


@pytest.mark.parametrize("examples", depth(8, 60))
def test_every_rule_sets_positions_and_records_read_back_at_every_point(examples):
    @tried(examples)
    @given(rules=derived_rule_sets(max_changes=6), seed=st.integers(min_value=0, max_value=2**32 - 1))
    def deal(rules, seed):
        g = play_random(Game(rules, seed=seed), random.Random(seed), reported_positions_read_back)
        assert Game.from_record(g.record()).record() == g.record()
        assert str(position(str(g))) == str(g)

    deal()


# -- a declaration's id and aliases must be writable in rule-set text ----------------------------------------------
@pytest.mark.parametrize("what, name", [
    ("id", "försterling"), ("id", "foster=1913"), ("id", "foster(1913)"), ("id", "foster 1913"), ("id", "Foster-1913"),
    ("id", "-foster"), ("id", "foster--1913"), ("alias", "cooncan (1913)"), ("alias", "coon=can"), ("alias", "cöoncan"),
    ("alias", "coon can"),
])
def test_a_declaration_whose_name_cannot_be_written_back_is_refused_naming_the_file(tmp_path, what, name):
    from conquian.declarations import load_declaration
    from conquian.errors import DeclarationError
    from conquian.registry import variants_dir

    text = (variants_dir() / "foster-1913.toml").read_text(encoding="utf-8")
    if what == "id":
        text = text.replace('id = "foster-1913"', f'id = "{name}"', 1)
    else:
        text = text.replace('aliases = ["foster", ', f'aliases = ["{name}", ', 1)
    path = tmp_path / ("foster-1913.toml" if what == "alias" else "x.toml")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeclarationError) as err:
        load_declaration(path)
    assert str(path) in str(err.value) and f"{what} " in str(err.value) and "rule-set text" in str(err.value)
