"""What the statistics pages call an effect: changes measured on the same deals (paired), Holm's correction over a
page before anything is in bold, a companion rule at its value nearest the source's, greyed rows where too many deals
did not finish, and the plain sentences that open each page, all checked against the data file."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from conquian import VARIANTS
from conquian.errors import ConflictingRules
from conquian.registry import sources
from conquian.simulation import Simulation
from conquian.statistics import cells, compute, holm, paired, run_here
from conquian_site.datafiles import sources_named
from conquian_site.findings import UNFINISHED_LIMIT, compare, opening_sources, settle
from conquian_site.statistics import axes_by_name
from conquian_site.strongcheck import agree, checks, load_checks

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "_data" / "statistics.json"


def _text(page: Path) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8"))).split())


def test_holm_keeps_fewer_than_each_test_alone():
    assert holm([0.01] * 5) == [True] * 5            # 0.01 <= 0.05 / 5
    assert holm([0.011] * 5) == [False] * 5          # each alone would pass at 5 %, together none does
    assert holm([0.001, 0.02, 0.04]) == [True, True, True]      # 0.001 <= .05/3, 0.02 <= .05/2, 0.04 <= .05/1
    assert holm([0.04, 0.001, 0.03]) == [False, True, False]    # step down stops at the first that fails


def test_a_switched_cell_is_compared_deal_by_deal_with_the_rules_as_declared():
    data = compute({"conquian": 60, "romme": 2}, 5, "auto", None, 20, run_here)
    foster = data["conquian"]["foster-1913"]["cells"]
    row = next(c for c in foster if c["axis"] == "min_set" and c["value"] == "2")
    here = [(r.ending == "win", r.decisions) for r in Simulation(row["rules"], 5, None, "greedy").play(60, keep=True)]
    there = [(r.ending == "win", r.decisions) for r in Simulation("foster-1913", 5, None, "greedy").play(60, keep=True)]
    assert row["paired"] == paired(here, there)
    assert row["paired"]["won_here_only"] == sum(a and not b for (a, _), (b, _) in zip(here, there))
    # the paired difference is the difference of the two shares, on the same deals
    won = compare(row["figures"], foster[0]["figures"], row["paired"], "min_set").won[0]
    assert won == pytest.approx((sum(a for a, _ in here) - sum(b for b, _ in there)) / 60)


def test_a_companion_rule_takes_the_allowed_value_nearest_the_sources_own():
    checked = 0
    for source in sources("conquian"):
        base = VARIANTS[source]
        for row in cells(source):
            for other, value in (row.get("with") or {}).items():
                ax = next(a for a in type(base).AXES if a.name == other)
                switched = next(a for a in type(base).AXES if a.name == row["axis"])
                if ax.choices:
                    continue
                now, got = getattr(base, other), int(value)
                for w in range(ax.minimum, ax.maximum + 1):
                    if abs(w - now) < abs(got - now):  # a nearer value must not have been allowed
                        with pytest.raises(ConflictingRules):
                            base.replace(**{row["axis"]: switched.coerce(row["value"]), other: w})
                checked += 1
    assert checked >= 5


def _comparisons(d: dict, by_rules: "dict | None" = None) -> list:
    """Every comparison on the page of effects; ``by_rules`` (if given) filled with each by its cell's rules."""
    out = []
    for block in d["conquian"].values():
        if "same_as" in block:
            continue
        base = block["cells"][0]["figures"]
        for c in block["cells"][1:]:
            if "figures" in c and c["figures"] != base and c["axis"] in axes_by_name() and \
                    c["axis"] not in d["not_in_play"]:
                out.append(compare(c["figures"], base, c.get("paired"), c["axis"]))
                if by_rules is not None:
                    by_rules[c["rules"]] = out[-1]
    return out


def test_the_effects_page_bolds_only_what_holds_after_holms_correction(built_site):
    d = json.loads(DATA.read_text(encoding="utf-8"))
    by_rules: dict = {}
    comparisons = _comparisons(d, by_rules)
    tested = settle(comparisons)
    agree(checks(load_checks(ROOT / "docs", d), by_rules))  # and only where the strong player, if it checked, agrees
    page = (built_site / "statistics" / "effects.html").read_text(encoding="utf-8")
    bold = len(re.findall(r"<strong>[+-]\d", page))
    assert bold == sum(sum(c.clear.values()) for c in comparisons)
    assert f"allowing for the {tested} comparisons on this page" in _text(built_site / "statistics" / "effects.html")
    greyed = [c for c in comparisons if c.greyed]
    assert page.count("too many for these figures to say much") == len(greyed)
    assert all(not any(c.clear.values()) for c in greyed)
    assert all(c.unfinished > UNFINISHED_LIMIT for c in greyed)


def test_each_statistics_page_opens_with_sentences_from_the_data(built_site):
    d = json.loads(DATA.read_text(encoding="utf-8"))
    index = _text(built_site / "statistics" / "index.html")
    rows = [(sources_named(d["conquian"], s), b["cells"][0]["figures"], 2) for s, b in d["conquian"].items()
            if "same_as" not in b]
    said = opening_sources(rows)
    assert said and all(sentence in index for sentence in said)
    assert "Under Dutch, French, about" in index and "Under Dutch, about" not in index  # as the rows name them
    assert index.index(said[0]) < index.index("Source by source")  # before the tables
    effects = _text(built_site / "statistics" / "effects.html")
    assert effects.index("switches of one rule") < effects.index("Each section takes one rule")
    romme = _text(built_site / "statistics" / "romme.html")
    assert romme.index("a deal of 2 players takes about") < romme.index("Players Deals")
