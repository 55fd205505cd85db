"""Rommé rule sets: every axis declared in full, the axes shared with Conquian alike, text round trips, conflicts,
and rule-set text that names a source of the other game."""

import pytest
from hypothesis import given, settings, strategies as st

from conquian import AXES as CONQUIAN_AXES, ConflictingRules, RuleError, RuleSet, UnknownVariant, parse_rules, variant
from conquian.axes import Group
from conquian.games.romme.rules import AXES, AXIS_BY_NAME, CONFLICTS, RommeRules

SPIELWIKI = variant("romme-spielwiki")
SHARED = ["min_set", "max_set", "min_sequence", "max_sequence", "ace", "round_the_corner", "max_players", "hand_size",
          "min_cut", "drawn_to_hand"]


@pytest.mark.parametrize("ax", AXES, ids=lambda ax: ax.name)
def test_every_axis_is_declared_in_full(ax):
    assert isinstance(ax.group, Group) and ax.title and ax.question.endswith("?") and ax.doc
    for value in ax.choices or (ax.minimum, ax.maximum):
        assert ax.meaning(value).endswith("."), (ax.name, value)


def test_axes_shared_with_conquian_have_its_name_type_and_values():
    conquian = {ax.name: ax for ax in CONQUIAN_AXES}
    assert [ax.name for ax in AXES if ax.name in conquian] == SHARED
    for name in SHARED:
        ours, theirs = AXIS_BY_NAME[name], conquian[name]
        assert ours.type is theirs.type and ours.choices == theirs.choices and ours.group is theirs.group, name


def test_the_defaults_are_the_articles_and_print_in_full():
    assert RommeRules() == SPIELWIKI
    text = str(RommeRules())
    assert text.startswith("romme(packs=2, jokers=6, ") and RommeRules.parse(text) == SPIELWIKI
    assert str(SPIELWIKI) == "romme-spielwiki" and repr(SPIELWIKI) == "RommeRules.parse('romme-spielwiki')"


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_rule_set_text_round_trips(data):
    overrides = {}
    for ax in data.draw(st.lists(st.sampled_from(AXES), max_size=4, unique=True)):
        overrides[ax.name] = data.draw(st.sampled_from(list(ax.choices or range(ax.minimum, ax.maximum + 1))))
    try:
        rules = SPIELWIKI.replace(**overrides)
    except ConflictingRules:
        return
    assert RommeRules.parse(str(rules)) == rules and parse_rules(str(rules)) == rules
    assert rules.source == "romme-spielwiki"


def test_a_source_with_settings():
    r = parse_rules("Spielwiki(first_meld=30, adjacent_jokers=never)")
    assert (r.first_meld, r.adjacent_jokers.value) == (30, "never")
    assert str(r) == "romme-spielwiki(adjacent_jokers=never, first_meld=30)"


@pytest.mark.parametrize("text, message", [
    ("romme-spielwiki(colour=red)", r"unknown axis 'colour'; the axes are: packs, jokers, min_set, "),
    ("romme-spielwiki(first_meld=lots)", r"axis 'first_meld' cannot be 'lots'; valid: a whole number from 0 to 200"),
    ("romme-spielwiki(going_out=whenever)", r"valid: discard, meld-or-discard"),
    ("romme-spielwiki(first_meld=30", r"'\(' without a closing '\)'"),
    ("romme(pack=spanish)", r"unknown axis 'pack'"),
])
def test_bad_rule_set_text(text, message):
    with pytest.raises(RuleError, match=message):
        RommeRules.parse(text)


def test_a_source_of_the_other_game_is_named_as_such():
    with pytest.raises(RuleError, match=r"'romme-spielwiki' is a source of romme, not of conquian; "
                                         r"conquian.registry.parse_rules reads the rules of any game"):
        RuleSet.parse("romme-spielwiki")
    with pytest.raises(RuleError, match=r"'dutch' is a source of conquian, not of romme"):
        RommeRules.parse("dutch(forcing=none)")
    with pytest.raises(UnknownVariant, match=r"unknown variant 'rummy'; known variants: .*romme-spielwiki"):
        parse_rules("rummy")
    assert isinstance(parse_rules("conquian(pack=spanish)"), RuleSet)
    assert isinstance(parse_rules("romme(first_meld=35)"), RommeRules)
    assert parse_rules(SPIELWIKI) is SPIELWIKI


CONFLICTING = {
    ("min_set", "max_set"): {"min_set": 4, "max_set": 3},
    ("min_sequence", "max_sequence"): {"min_sequence": 6, "max_sequence": 5},
    ("max_sequence", "ace"): {"ace": "low"},
    ("max_sequence", "round_the_corner"): {"round_the_corner": True},
    ("jokers", "packs"): {"packs": 1},
    ("min_players", "max_players"): {"min_players": 5, "max_players": 4},
    ("hand_size", "max_players"): {"hand_size": 19},
    ("min_cut", "packs"): {"min_cut": 30, "packs": 1, "jokers": 3, "max_players": 3},
}


def test_every_conflict_names_both_axes():
    assert {c.axes for c in CONFLICTS} == set(CONFLICTING)
    for (a, b), settings_ in CONFLICTING.items():
        with pytest.raises(ConflictingRules, match=rf"^{a}=.* conflicts with {b}=.*: "):
            SPIELWIKI.replace(**settings_)


def test_the_derived_values():
    assert SPIELWIKI.shape.size == 110 and SPIELWIKI.ace_points == 11
    assert SPIELWIKI.replace(ace_value="ten").ace_points == 10
    assert SPIELWIKI.replace(packs=1, jokers=3, max_players=4).shape.size == 55
    assert SPIELWIKI.differences(SPIELWIKI.replace(first_meld=30)) == {"first_meld": (40, 30)}
    assert dict(SPIELWIKI.items())["jokers"] == 6
    with pytest.raises(TypeError):
        RommeRules(source=7)


def test_sources_are_listed_game_by_game():
    from conquian.registry import sources
    assert sources() == ["foster-1913", "pagat-mexican", "pagat-north-american", "rummy-ch", "dutch", "french"] and sources("romme") == ["romme-spielwiki"]
    with pytest.raises(UnknownVariant, match=r"unknown game 'canasta'; games: conquian, romme"):
        sources("canasta")
