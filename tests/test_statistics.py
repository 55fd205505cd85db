"""The statistics: the cells ``make stats`` plays, their figures, the committed data file, and the pages drawn from it.

The full computation is not run here (``make stats`` takes minutes); the tests play a few deals per cell, check the
committed file against the declarations, and read the built pages for the file's figures.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest
from sphinx.errors import ExtensionError

from docutils import nodes

from conquian import VARIANTS
from conquian.games import game, games
from conquian.games.conquian import kernel
from conquian.registry import parse_rules, sources
from conquian.games.conquian.rules import AXIS_BY_NAME
from conquian.simulation import MAX_DECISIONS
from conquian.statistics import cells, counted, deals_key, figures, main as stats_main, share_difference, wilson
from conquian_site.statistics import StatisticsDirective, effect_anchor, load, missing, share_pct, share_text
from conquian_site.strongcheck import load_checks

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "_data" / "statistics.json"


def test_intervals():
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.25 < hi < 0.35
    d, a, b = share_difference(30, 100, 30, 100)
    assert d == 0 and a < 0 < b


def test_every_switchable_axis_has_its_cells_and_none_is_silently_left_out():
    for source in sources("conquian"):
        rows = cells(source)
        assert rows[0]["axis"] is None and rows[0]["rules"] == str(VARIANTS[source])
        axes = {r["axis"] for r in rows[1:] if "players" not in r}
        assert axes == {a for a in AXIS_BY_NAME if a not in kernel.NOT_IN_PLAY}
        # a rule set that seats three is also played by three, as declared
        assert [r["players"] for r in rows if "players" in r] == list(range(3, VARIANTS[source].max_players + 1))
        for r in rows[1:]:
            if "players" in r:
                assert r["axis"] == "max_players" and r["rules"] == str(VARIANTS[source])
                continue
            assert "rules" in r or r["skipped"], r
            if "rules" in r:  # the switched value really is in the rule set played
                assert VARIANTS[source].replace(**{r["axis"]: AXIS_BY_NAME[r["axis"]].coerce(r["value"])},
                                                **{k: AXIS_BY_NAME[k].coerce(v) for k, v in r["with"].items()}) \
                    == __import__("conquian").parse_rules(r["rules"])


def test_each_game_gives_its_own_cells():
    assert [g.name for g in counted()] == [g.name for g in games()]  # every game has its part of the statistics
    assert [c["players"] for c in cells("romme-spielwiki")] == [2, 3, 4, 5, 6]
    assert {c["rules"] for c in cells("romme-spielwiki")} == {str(VARIANTS["romme-spielwiki"])}
    assert game("romme").statistics.by == "players" and game("conquian").statistics.by == "axes"
    assert [deals_key(g) for g in counted()] == ["deals", "romme_deals"]  # the data file's keys, as before


def test_forcing_switched_off_takes_its_companion_rule():
    row = next(r for r in cells("foster-1913") if r["axis"] == "forcing" and r["value"] == "none")
    assert row["with"] == {"add_to_opponent": "never"}


def test_the_computation_is_fixed_by_its_seed(tmp_path):
    """The same seed gives the same figures, whichever engine plays the Conquian deals (the kernel where it can)."""
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for out, engine in ((a, "python"), (b, "auto")):
        assert stats_main(["--deals", "3", "--romme-deals", "1", "--seed", "3", "--engine", engine,
                           "--out", str(out)]) == 0
    da, db = (json.loads(p.read_text()) for p in (a, b))
    assert (da.pop("engines_used"), db.pop("engines_used")) == (["python"], ["native", "python"])
    for d in (da, db):
        d.pop("seconds"), d.pop("made"), d.pop("command"), d.pop("engine")
    assert da == db
    foster = da["conquian"]["foster-1913"]["cells"][0]["figures"]
    assert foster["deals"] == 3 and sum(foster["endings"].values()) == 3
    assert da["conquian"]["french"]["same_as"] == "dutch"


def test_figures_count_what_the_deals_did():
    from conquian.simulation import DealResult
    rs = [DealResult("win", 1, 1, 40, 3), DealResult("win", 0, 1, 60, 0), DealResult("tableau", None, 1, 80, 0)]
    f = figures(rs)
    assert (f["deals"], f["wins"], f["first_wins"], f["decisions"], f["stock_left"]) == (3, 2, 1, 180, 3)
    assert f["endings"] == {"tableau": 1, "win": 2}


def test_what_the_effects_page_says_of_switches_that_change_no_deal_holds_in_the_data():
    """The effects page says that the other pack changes no deal, and that going out by a discard and ten cards
    down to win win the same deals but a handful where the hand is ten cards: so the committed figures say."""
    page = (ROOT / "docs" / "statistics" / "effects.md").read_text(encoding="utf-8")
    assert "differs only in the cards' names" in page and "win the same deals but a handful" in page
    data = json.loads((ROOT / "docs" / "_data" / "statistics.json").read_text(encoding="utf-8"))
    checked = 0
    for source, block in data["conquian"].items():
        cells = {(c["axis"], c["value"]): c for c in block["cells"] if c["axis"] is not None}
        for (axis, _value), cell in cells.items():
            if axis == "pack":
                assert cell["paired"]["won_here_only"] == cell["paired"]["won_there_only"] == 0, source
        if parse_rules(source).hand_size == 10 and {("cards_to_win", "10"), ("last_discard_counts", "true")} <= set(cells):
            ten, discard = cells["cards_to_win", "10"], cells["last_discard_counts", "true"]
            n = ten["figures"]["deals"]
            assert abs(ten["figures"]["wins"] - discard["figures"]["wins"]) <= n // 10_000, source
            assert abs(ten["paired"]["won_here_only"] - discard["paired"]["won_here_only"]) <= n // 10_000, source
            checked += 1
    assert checked >= 4


def test_the_committed_data_file_is_current_and_large_enough():
    d = load(ROOT / "docs")  # checks the layout and that every source was simulated under its declared rules
    # a source declared since the file was made has no figures yet (the page says so, see below); the rest have
    assert set(d["conquian"]) | set(missing(d, game("conquian"))) == set(sources("conquian"))
    assert d["deals"] >= 100_000 and "native" in d["engines_used"], "the committed figures come from the kernel"
    assert d["max_decisions"] == MAX_DECISIONS
    for source, block in d["conquian"].items():
        # the cells the rule set gives now (an axis or a value added since the file was made would be missing)
        assert [(c["axis"], c["value"]) for c in block["cells"]] == [(c["axis"], c["value"]) for c in cells(source)], \
            f"{source}: the file's cells are not those its rule set gives now: run make stats"
        for c in block["cells"]:
            if "figures" in c:
                # every cell at the full count, but where the kernel does not play the rules (the Python engine's)
                fast = kernel.plays(parse_rules(c["rules"])) == "" and "players" not in c
                n = d["deals"] if fast else d["python_deals"]
                assert c["figures"]["deals"] == n, (source, c["axis"], c["value"])
                assert sum(c["figures"]["endings"].values()) == n


@pytest.mark.parametrize("damage,expect", [
    (lambda text: text[:100], "unreadable"),
    (lambda text: text.replace('"schema": 2', '"schema": 99'), "layout 99"),
    (lambda text: text.replace('"rules": "foster-1913"', '"rules": "foster-1913(pack=spanish)"', 1), "stale"),
])
def test_a_bad_data_file_stops_the_build_naming_it(tmp_path, damage, expect):
    (tmp_path / "_data").mkdir()
    target = tmp_path / "_data" / "statistics.json"
    target.write_text(damage(DATA.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(ExtensionError, match=expect) as info:
        load(tmp_path)
    assert str(target) in str(info.value)
    shutil.rmtree(tmp_path / "_data")
    with pytest.raises(ExtensionError, match="missing; run 'make stats'"):
        load(tmp_path)


def _words(parts: list) -> str:
    return " ".join(" ".join(n.astext() for n in parts if isinstance(n, nodes.Element)).split())


class _Directive:
    """The page by source drawn without Sphinx: the strong player's check of the committed figures, of the sources
    the figures given still have."""

    def strong_data(self, d: dict) -> dict:
        strong = load_checks(ROOT / "docs", json.loads(DATA.read_text(encoding="utf-8")))
        return {**strong, "conquian": {s: b for s, b in strong["conquian"].items() if s in d["conquian"]}}


def test_a_source_without_figures_is_named_on_the_page_not_an_error(tmp_path):
    d = json.loads(DATA.read_text(encoding="utf-8"))
    before = {g.name: set(missing(d, g)) for g in games()}  # sources declared since the committed file was made
    del d["conquian"]["rummy-ch"], d["romme"]["romme-spielwiki"]
    (tmp_path / "_data").mkdir()
    (tmp_path / "_data" / "statistics.json").write_text(json.dumps(d), encoding="utf-8")
    data = load(tmp_path)  # no error: the source is declared, and only its figures are missing
    assert set(missing(data, game("conquian"))) == before["conquian"] | {"rummy-ch"}
    assert set(missing(data, game("romme"))) == before["romme"] | {"romme-spielwiki"}
    page = _words(StatisticsDirective.sources(_Directive(), data))
    assert "No figures yet for rummy.ch" in page and "run make stats" in page
    assert "Foster 1913" in page and "No figures yet for Foster" not in page
    players = _words(StatisticsDirective.by_players(None, data))
    assert players.startswith("No figures yet for Spielwiki") and "run make stats" in players
    del d["romme"], d["romme_deals"]  # a game added since: no figures for any of its sources, and still no error
    (tmp_path / "_data" / "statistics.json").write_text(json.dumps(d), encoding="utf-8")
    data = load(tmp_path)
    assert set(missing(data, game("romme"))) == before["romme"] | {"romme-spielwiki"}
    assert "No figures yet for Spielwiki" in _words(StatisticsDirective.by_players(None, data))


def _text(page: Path) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8"))).split())


def test_two_shares_that_make_the_whole_add_up_to_a_hundred():
    # floats round 74.45 up and 25.55 up (100.1); exact halves to even give 74.4 + 25.6
    assert (share_pct(1489, 2000), share_pct(511, 2000)) == ("74.4", "25.6")
    assert (share_pct(1, 3), share_pct(2, 3), share_pct(0, 7), share_pct(7, 7)) == ("33.3", "66.7", "0.0", "100.0")
    for n in (2000, 4000, 100_000):
        for k in range(0, n + 1, 7):
            assert round(float(share_pct(k, n)) + float(share_pct(n - k, n)), 1) == 100.0, (k, n)


def test_the_pages_show_the_files_figures(built_site):
    d = json.loads(DATA.read_text(encoding="utf-8"))
    index = _text(built_site / "statistics" / "index.html")
    for source, block in d["conquian"].items():
        f = block["cells"][0]["figures"]
        assert share_text(f["wins"], f["deals"]) in index, source
        assert share_text(f["first_wins"], f["wins"]) in index, source
    assert f"{d['deals']:,} deals" in index and f"seed {d['seed']}" in index
    romme = _text(built_site / "statistics" / "romme.html")
    for block in d["romme"].values():
        for players, f in block["players"].items():
            assert share_text(f["wins"], f["deals"]) in romme
    effects = (built_site / "statistics" / "effects.html").read_text(encoding="utf-8")
    assert effects.count("<svg class=\"cq-plot\"") >= 10 and "<title id=" in effects and "<desc id=" in effects


def test_every_ruling_page_says_what_it_changes(built_site):
    effects = (built_site / "statistics" / "effects.html").read_text(encoding="utf-8")
    for name, ax in AXIS_BY_NAME.items():
        page = (built_site / "rulings" / f"{ax.slug}.html").read_text(encoding="utf-8")
        assert "What this ruling changes" in page, name
        if name not in kernel.NOT_IN_PLAY:
            assert f'effects.html#{effect_anchor(name)}"' in page, name
            assert f'id="{effect_anchor(name)}"' in effects, name
