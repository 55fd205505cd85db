"""Verdicts: one rule computes each axis's verdict from the sources' values and statuses."""

import pytest

from conquian import DECLARATIONS, Status
from conquian.declarations import Entry
from conquian.games.conquian.rules import AXES
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
    ("force_back", Verdict.AGREE_WHERE_THEY_SPEAK),  # the question arises only under active forcing
    ("force_discard", Verdict.PLAY),                 # Foster and pagat's North American game yes, the Mexican no
])
def test_verdicts_of_the_sources(axis, verdict):
    assert compare(axis, DECLARATIONS).verdict is verdict


def test_every_axis_has_a_verdict_and_groups():
    for ax in AXES:
        c = compare(ax.name, DECLARATIONS)
        assert c.verdict in Verdict and c.groups()


def test_the_lists_of_where_they_part_mark_every_silent_value(built_site):
    # glance and "why the sources differ" promise that a silent source's reading is no difference (issue 29, item 8):
    # every source named beside a value it is silent on is marked as this site's reading
    import html
    import re

    for page in ("glance.html", "explanation/why-the-sources-differ.html"):
        text = (built_site / page).read_text(encoding="utf-8")
        part = text.split('cq-glance-parts' if page == "glance.html" else 'cq-differences', 1)[1].split("</ul>", 1)[0]
        items = [html.unescape(re.sub(r"<(?!/?span)[^>]+>", "", li)).replace("’", "'") for li in part.split("<li")[1:]]
        shown = 0
        for ax in AXES:
            c = compare(ax.name, DECLARATIONS)
            if c.verdict is not Verdict.PLAY:
                continue
            item = next(i for i in items if ax.title in i)
            for source, entry in c.entries.items():
                if entry is not None and not entry.status.speaks:
                    marked = re.findall(r'cq-silent-reading">([^<]*)</span>', item)
                    assert any(DECLARATIONS[source].short in m and "silent, this site's reading" in m for m in marked), \
                        (page, ax.name, source, item)
                    shown += 1
        assert shown >= 4  # cards dealt at a time, adding to the opponent's melds, scoring: Dutch and French
