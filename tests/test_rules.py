"""Rule sets: axes declared once with their words, text that prints and parses back, conflicts that name both axes."""

import pytest
from hypothesis import given, settings, strategies as st

from conquian import AXES, VARIANTS, ConflictingRules, RuleError, RuleSet, variant
from conquian.axes import Group
from conquian.games.conquian.rules import AXIS_BY_NAME, CONFLICTS

from support import CONQUIAN


def test_every_axis_is_declared_with_its_words():
    for ax in AXES:
        assert isinstance(ax.group, Group) and ax.title and ax.question.endswith("?") and ax.doc
        for value in ax.choices or (ax.minimum, ax.maximum):
            meaning = ax.meaning(value)
            assert meaning and meaning.endswith("."), (ax.name, value)
    assert AXIS_BY_NAME["max_sequence"].title == "Longest sequence"
    assert AXIS_BY_NAME["max_sequence"].meaning(8) == "A sequence holds at most 8 cards."
    assert AXIS_BY_NAME["drawn_to_hand"].words(False) == "no"
    assert [g for g in Group] == list(dict.fromkeys(ax.group for ax in AXES))  # groups in rules-book order


def test_rule_sets_print_as_their_source_and_paste_back():
    r = variant("foster-1913").replace(pack="spanish")
    assert str(r) == "foster-1913(pack=spanish)" and repr(r) == "RuleSet.parse('foster-1913(pack=spanish)')"
    assert eval(repr(r), {"RuleSet": RuleSet}) == r
    full = RuleSet(**dict(r.items()))
    assert str(full).startswith("conquian(") and RuleSet.parse(str(full)) == r
    with pytest.raises(AttributeError):
        r.pack = None


@settings(max_examples=60, deadline=None)
@given(source=st.sampled_from(CONQUIAN), data=st.data())
def test_any_consistent_rule_set_prints_and_parses_back(source, data):
    overrides = {}
    for ax in data.draw(st.lists(st.sampled_from(AXES), max_size=4, unique=True)):
        overrides[ax.name] = data.draw(st.sampled_from(ax.choices or range(ax.minimum, ax.maximum + 1)))
    try:
        rules = VARIANTS[source].replace(**overrides)
    except ConflictingRules:
        return
    again = RuleSet.parse(str(rules))
    assert again == rules and again.source == rules.source


def test_unknown_axis_and_bad_value_list_the_valid_ones():
    with pytest.raises(RuleError, match=r"unknown axis 'joker'; the axes are: pack, min_set"):
        VARIANTS["dutch"].replace(joker=True)
    with pytest.raises(RuleError, match=r"axis 'forcing' cannot be 'sometimes'; valid: none, active, reactive"):
        RuleSet.parse("dutch(forcing=sometimes)")
    with pytest.raises(RuleError, match=r"axis 'max_sequence' cannot be '11'; valid: a whole number from 2 to 10"):
        RuleSet.parse("dutch(max_sequence=11)")
    with pytest.raises(RuleError, match=r"axis 'pack' is set twice"):
        RuleSet.parse("dutch(pack=spanish, pack=ace-to-ten)")


@pytest.mark.parametrize("text, message", [
    ("dutch(max_sequence=٨)", r"cannot be '٨'"),                   # Arabic-Indic digits are not read as numbers
    ("dutch(max_sequence=²)", r"cannot be '²'"),
    ("dutch(max_sequence=" + "9" * 5000 + ")", r"cannot be '9999"),
    ("dutch(max_sequence=8", r"'\(' without a closing '\)'"),
    ("dutch(a=(b))", r"parentheses inside the settings"),
    ("dutch)", r"'\)' without '\('"),
    ("dutch(forcing)", r"setting 1 \('forcing'\) is not axis=value"),
    ("dütch", r"an id is ASCII letters"),
    ("", r"is not of the form ID"),
    (" " * 1000 + "dutch" + " " * 1000 + "(", r"without a closing"),
])
def test_bad_rule_set_text_is_a_clear_error(text, message):
    with pytest.raises(RuleError, match=message):
        RuleSet.parse(text)


def test_rule_set_text_of_a_megabyte_is_read_in_one_pass():
    # The old pattern backtracked: a few hundred spaces took seconds.  Now every parser is linear, and text longer
    # than any rule set's is refused before it is read.
    with pytest.raises(RuleError, match=r"of 1,000,002 characters, more than any rule set's \(10,000 at most\)"):
        RuleSet.parse("a" + " " * 1_000_000 + "b")
    with pytest.raises(RuleError):
        RuleSet.parse("dutch(" + " " * 1_000_000)


def test_wrong_python_types_are_type_errors_with_a_message():
    with pytest.raises(TypeError, match="rule-set text must be a string"):
        RuleSet.parse(7)
    with pytest.raises(TypeError, match="must be a source id"):
        RuleSet(source=7)


@pytest.mark.parametrize("change, message", [
    ({"forcing": "active", "add_to_opponent": "never"}, r"forcing=active conflicts with add_to_opponent=never"),
    ({"min_sequence": 5, "max_sequence": 4}, r"min_sequence=5 conflicts with max_sequence=4"),
    ({"deal_packet": 3}, r"deal_packet=3 conflicts with hand_size=10"),
    ({"min_set": 4, "min_sequence": 6, "max_sequence": 6}, r"cards_to_win=11 conflicts with min_sequence=6: melds of "
                                                           r"4-4 \(sets\) and 6-6 \(sequences\) cards can never make 11"),
    ({"cards_to_win": 12}, r"cards_to_win=12 conflicts with hand_size=10: a player can have at most one card more"),
])
def test_conflicting_settings_name_both_axes(change, message):
    with pytest.raises(ConflictingRules, match=message):
        RuleSet(**change)


def test_every_conflict_names_two_real_axes():
    for check in CONFLICTS:
        assert len(check.axes) == 2 and all(a in AXIS_BY_NAME for a in check.axes)


def test_rule_sets_that_differ_only_outside_the_melds_share_a_meld_table():
    a, b = variant("rummy-ch"), RuleSet.parse("rummy-ch(scoring=point)")
    assert a != b and a.table is b.table
    assert variant("foster-1913").table is not a.table
