"""The statistics checked with the strong computer player (``make stats-strong``, :mod:`conquian.strong_check`): which
switches it plays again, that a cell is fixed by its seed and compared deal by deal, that the committed file checks
the committed greedy figures, and that the pages show it and call a change one only where both players agree."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from conquian.statistics import UNFINISHED_LIMIT, paired, play_cell, run_here
from conquian.errors import ConquianError
from conquian.strong_check import DEALS, LEVEL, compute, deals_of, each_deal, jobs_for, main
from conquian_site.findings import compare, settle
from conquian_site.strongcheck import (StrongCheckError, agree, checks, load_checks, method_words, opening_checks,
                                      opening_strong_sources, progress_words)

from test_statistics_findings import _comparisons, _text

ROOT = Path(__file__).resolve().parent.parent
GREEDY = ROOT / "docs" / "_data" / "statistics.json"
STRONG = ROOT / "docs" / "_data" / "statistics-strong.json"


@pytest.fixture(scope="module")
def greedy() -> dict:
    return json.loads(GREEDY.read_text(encoding="utf-8"))


def _moved(cell: dict) -> float:
    p = cell["paired"]
    return abs(p["won_here_only"] - p["won_there_only"]) / p["deals"]


def test_the_check_takes_the_switches_that_move_the_won_deals_most(greedy):
    chosen = jobs_for(greedy, 2, 10)
    assert chosen, "no source to check"
    for source, cells in chosen.items():
        block = greedy["conquian"][source]
        assert "same_as" not in block and cells[0]["axis"] is None and len(cells) == 3
        base = block["cells"][0]["figures"]
        eligible = [c for c in block["cells"][1:] if "figures" in c and "players" not in c and c["figures"] != base
                    and c["figures"]["endings"].get("unfinished", 0) <= UNFINISHED_LIMIT * c["figures"]["deals"]]
        picked = {c["rules"] for c in cells[1:]}
        least = min(_moved(c) for c in eligible if c["rules"] in picked)
        assert all(_moved(c) <= least for c in eligible if c["rules"] not in picked), source
        assert all(c["job"] == (c["rules"], None, 10, "auto", greedy["seed"], LEVEL) for c in cells)
    # the Dutch and French pages declare the same rules: checked once; every other source is checked, pagat's
    # Mexican game too (its exchange before play on the Python engine, its playouts past it on the kernel)
    assert "french" not in chosen and {"pagat-mexican", "foster-1913", "dutch"} <= set(chosen)
    every = jobs_for(greedy, None, 10)
    assert "foster-1913(exchange=true)" in [c["rules"] for c in every["foster-1913"]]  # off the kernel, played too


def test_a_strong_cell_is_fixed_by_its_seed_and_compared_deal_by_deal(greedy):
    one = {**greedy, "conquian": {"foster-1913": greedy["conquian"]["foster-1913"]}}
    first = compute(one, 1, 3, run_here)
    again = compute(one, 1, 3, run_here)
    for d in (first, again):
        del d["made"], d["seconds"]
    assert first == again
    base, switched = first["conquian"]["foster-1913"]["cells"]
    assert base["figures"]["deals"] == switched["figures"]["deals"] == 3
    # the comparison is that of the two cells' own deals, one by one
    _f0, deals0, engine = play_cell(("foster-1913", None, 3, "auto", greedy["seed"], LEVEL))
    _f1, deals1, _ = play_cell((switched["rules"], None, 3, "auto", greedy["seed"], LEVEL))
    assert switched["paired"] == paired(deals1, deals0) and engine == "python"
    assert base["figures"] == _f0


def test_the_committed_check_is_of_the_committed_greedy_figures(greedy):
    data = load_checks(ROOT / "docs", greedy)
    assert data["deals"] >= DEALS and data["players"] == LEVEL
    chosen = jobs_for(greedy, None if data["checks"] == "all" else data["checks"], data["deals"])
    planned = {s: [c["rules"] for c in cells] for s, cells in chosen.items()}
    held = {s: [c["rules"] for c in b["cells"]] for s, b in data["conquian"].items()}
    assert data["planned"] == sum(map(len, planned.values())), "run make stats-strong"
    # a run stopped half-way holds some of the cells chosen, in their order, each source's rules as declared first
    for source, rules in held.items():
        assert rules[0] == source and [r for r in planned[source] if r in rules] == rules, source
    if data["complete"]:
        assert held == planned, "run make stats-strong"
    assert data["played"] == sum(map(len, held.values())) <= data["planned"]
    for block in data["conquian"].values():
        base = block["cells"][0]
        deals = deals_of(base["each_deal"], data["deals"])  # kept, so that a later run pairs new switches with them
        assert sum(w for w, _ in deals) == base["figures"]["wins"]
        assert sum(d for _, d in deals) == base["figures"]["decisions"]
        for c in block["cells"]:
            assert c["figures"]["deals"] == data["deals"]
            assert c["axis"] is None or c["paired"]["deals"] == data["deals"]


def test_a_run_stopped_half_way_is_carried_on_where_it_stopped(greedy):
    two = {**greedy, "conquian": {s: greedy["conquian"][s] for s in ("foster-1913", "rummy-ch")}}
    whole = compute(two, 2, 3, run_here)
    saved = []

    def stop_after_three(data):
        saved.append(data)
        if len(saved) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        compute(two, 2, 3, run_here, save=stop_after_three)
    part = saved[-1]
    assert not part["complete"] and (part["played"], part["planned"]) == (3, 6)
    # both sources' rules as declared first, then the largest switch of the first
    assert [[c["rules"] for c in b["cells"]] for b in part["conquian"].values()] == \
        [["foster-1913", whole["conquian"]["foster-1913"]["cells"][1]["rules"]], ["rummy-ch"]]
    played = []

    def counting(jobs, progress=None, each=None):
        played.extend(j[0] for j in jobs)
        return run_here(jobs, progress, each)

    again = compute(two, 2, 3, counting, before=json.loads(json.dumps(part)))
    assert len(played) == 3 and not set(played) & {"foster-1913", "rummy-ch"}
    for d in (whole, again):
        del d["made"], d["seconds"]
    assert again == whole
    # a file of other deals, or of another level, is not carried on: every cell is played again
    played.clear()
    compute(two, 2, 3, counting, before={**part, "deals": 4})
    assert len(played) == 6
    # nor one whose deals the player plays otherwise now (changed since, the version number the same)
    changed = json.loads(json.dumps(part))
    base = changed["conquian"]["foster-1913"]["cells"][0]
    base["each_deal"] = " ".join(t[:-1] if t.endswith("w") else t + "w" for t in base["each_deal"].split(" "))
    played.clear()
    said = []
    compute(two, 2, 3, counting, said.append, before=changed)
    assert len(played) == 6 and "played otherwise" in said[0]


@pytest.mark.parametrize("text,expect", [("12 7w", "2 deals, not 3"), ("12 x7 3", "'x7'"), ("1234567w 1 1", "'1234567w'"),
                                         ("1 2  3", "''"), ("-1 2 3", "'-1'"), ("1 ٣ 3", "'٣'")])
def test_the_deals_kept_are_read_back_or_refused(text, expect):
    assert deals_of(each_deal([(True, 37), (False, 52), (True, 0)]), 3) == [(True, 37), (False, 52), (True, 0)]
    with pytest.raises(ConquianError, match=re.escape(expect)):
        deals_of(text, 3)


@pytest.mark.parametrize("damage,expect", [
    (lambda d: d.update(schema=99), "layout 99"),
    (lambda d: d.update(greedy_seed=1999), "greedy figures of seed 1999"),
    (lambda d: d["conquian"]["foster-1913"].update(rules="foster-1913(pack=spanish)"), "other rules"),
    (lambda d: d["conquian"]["foster-1913"]["cells"][1].update(rules="foster-1913(max_players=9)"), "malformed"),
    (lambda d: d["conquian"]["foster-1913"]["cells"].pop(0), "its first cell is not its rules as declared"),
    (lambda d: d["conquian"]["foster-1913"].update(cells=[]), "its first cell is not its rules as declared"),
])
def test_a_check_of_other_figures_stops_the_build_naming_it(tmp_path, greedy, damage, expect):
    d = json.loads(STRONG.read_text(encoding="utf-8"))
    damage(d)
    (tmp_path / "_data").mkdir()
    target = tmp_path / "_data" / "statistics-strong.json"
    target.write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(StrongCheckError, match=re.escape(expect)) as info:
        load_checks(tmp_path, greedy)
    assert str(target) in str(info.value)
    target.unlink()
    with pytest.raises(StrongCheckError, match="missing; run 'make stats-strong'"):
        load_checks(tmp_path, greedy)


def test_a_change_the_strong_player_finds_the_other_way_is_not_called_one(greedy):
    data = json.loads(STRONG.read_text(encoding="utf-8"))
    block = data["conquian"]["foster-1913"]
    cell = block["cells"][1]
    g = greedy["conquian"]["foster-1913"]
    theirs = next(c for c in g["cells"] if c.get("rules") == cell["rules"])
    mine = compare(theirs["figures"], g["cells"][0]["figures"], theirs["paired"], cell["axis"])
    settle([mine])
    assert mine.clear["won"], "a change this large is clear for the greedy players"
    flipped = copy.deepcopy(data)
    p = flipped["conquian"]["foster-1913"]["cells"][1]["paired"]
    p["won_here_only"], p["won_there_only"] = max(p["won_here_only"], p["won_there_only"]) + 5, 0
    found = [c for c in checks(flipped, {cell["rules"]: mine}) if c.cell["rules"] == cell["rules"]]
    assert not found[0].same_direction
    agree(found)
    assert not mine.clear["won"]


@pytest.mark.parametrize("argv,expect", [(["--deals", "0"], "at least 1"), (["--processes", "0"], "at least 1"),
                                         (["--greedy", "/nonexistent.json"], "nonexistent.json")])
def test_the_command_line_refuses_bad_arguments(argv, expect):
    with pytest.raises(SystemExit, match=re.escape(expect)):
        main(argv)


@pytest.mark.parametrize("checks", ["-1", "some", "1e3"])
def test_the_command_line_refuses_a_number_of_checks_that_is_none(checks, capsys):
    with pytest.raises(SystemExit):
        main(["--checks", checks])
    assert f"{checks!r}: all, or a whole number at least 0" in capsys.readouterr().err


def test_a_file_that_cannot_be_read_is_not_carried_on_silently(tmp_path):
    out = tmp_path / "strong.json"
    out.write_text("{not json", encoding="utf-8")
    with pytest.raises(SystemExit, match="run with --afresh"):
        main(["--out", str(out), "--deals", "1", "--checks", "0"])


def test_the_pages_show_the_check_and_say_where_both_agree(built_site, greedy):
    data = load_checks(ROOT / "docs", greedy)
    by_rules: dict = {}
    settle(_comparisons(greedy, by_rules))
    found = checks(data, by_rules)
    assert found and all(c.greedy is not None for c in found)
    effects = _text(built_site / "statistics" / "effects.html")
    assert opening_checks(found, data)[0] in effects
    section = effects[effects.index(f"Checked with the computer at the {LEVEL} level"):]
    assert section.count("Direction: the same for both") == sum(c.same_direction for c in found)
    assert section.count("Direction: opposite") == sum(not c.same_direction for c in found)
    index = _text(built_site / "statistics" / "index.html")
    assert f"between two computer players at the {LEVEL} level of the play page, {data['deals']:,} deals each" in index
    assert opening_strong_sources(data, greedy)[0] in index
    assert method_words(data) in index


def test_the_pages_say_how_far_a_check_still_going_on_has_come():
    data = json.loads(STRONG.read_text(encoding="utf-8"))
    going = {**data, "complete": False, "played": 12, "planned": 98, "checks": "all"}
    assert "The check is still going on: 12 of its 98 cells are played so far" in progress_words(going)
    assert "12 of its 98 cells" in method_words(going) and "every switch of each source checked" in method_words(going)
    assert progress_words({**going, "complete": True}) == ""
    assert "the 2 switches a source that move" in method_words({**going, "checks": 2, "complete": True})
