"""Verdicts: one rule computes each axis's verdict from the sources' values and statuses."""

import pytest

from conquian import DECLARATIONS, Status
from conquian.declarations import Entry
from conquian.rules import AXES
from conquian.verdicts import RULE, Verdict, compare


class Decl:
    """A stand-in declaration: an id and entries (what compare() reads)."""

    def __init__(self, id, **entries):
        self.id, self.entries = id, entries


def e(value, status):
    return Entry("x", value, Status(status), ())


@pytest.mark.parametrize("cells, verdict", [
    ([e(1, "stated"), e(1, "stated")], Verdict.AGREE),
    ([e(1, "implied"), e(1, "implied")], Verdict.AGREE),
    ([e(1, "stated"), e(1, "implied")], Verdict.WORDING),
    ([e(1, "stated"), e(1, "ambiguous")], Verdict.WORDING),
    ([e(1, "stated"), e(2, "silent")], Verdict.AGREE_WHERE_THEY_SPEAK),   # silence is never disagreement
    ([e(1, "stated"), None], Verdict.AGREE_WHERE_THEY_SPEAK),             # nor is a question that does not arise
    ([e(1, "stated"), e(2, "implied")], Verdict.PLAY),
    ([e(1, "stated"), e(2, "ambiguous"), e(2, "silent")], Verdict.PLAY),
])
def test_the_rule(cells, verdict):
    decls = [Decl(f"s{i}", **({"x": c} if c is not None else {})) for i, c in enumerate(cells)]
    assert compare("x", decls).verdict is verdict


def test_the_rule_is_stated_once_with_its_four_verdicts():
    for v in Verdict:
        assert f"**{v.short}**" in RULE


@pytest.mark.parametrize("axis, verdict", [
    ("min_cut", Verdict.AGREE_WHERE_THEY_SPEAK),     # only Foster speaks: never shown as a difference
    ("ace", Verdict.WORDING),                        # Foster implies what the others state
    ("round_the_corner", Verdict.WORDING),
    ("first_say", Verdict.AGREE),                    # all four state it
    ("forcing", Verdict.PLAY),
    ("force_back", Verdict.AGREE_WHERE_THEY_SPEAK),  # active forcing is Foster's alone
])
def test_verdicts_of_the_four_sources(axis, verdict):
    assert compare(axis, DECLARATIONS).verdict is verdict


def test_every_axis_has_a_verdict_and_groups():
    for ax in AXES:
        c = compare(ax.name, DECLARATIONS)
        assert c.verdict in Verdict and c.groups()
