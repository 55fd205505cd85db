"""The slowest move listings of the deals the reader's browser offers, timed where this module runs.

:mod:`bench_romme_browser` runs :func:`measure` twice in one run: in the site's own Pyodide (the engine of the
reader's browser) and in this CPython with the walk in Python (``CONQUIAN_NATIVE=0``, the same code), so the two
can be compared.  The browser's playroom deals only the rule sets it offers (every declared source and the other
readings it lists), and each "Try it" table starts from a page's own position.  For each Rommé rule set
offered, the largest hand it allows is listed with every number of jokers (as ``bench_romme_moves.py`` does), and
random deals are played; for Conquian, random deals.  Then the listings of the largest hands under derived rule
sets that no page offers (``bench_romme_moves.RULES``), for the ratio of the two runtimes on the heaviest work.
"""

from __future__ import annotations

import gc
import os
import random
import time

from conquian import RommeGame, parse_rules
from conquian.games import game_of
from conquian_site.playroom import choices

import bench_romme_moves as bm


def _listed(text: str) -> tuple[float, int]:
    """The best of two fresh listings of a position: seconds, and the number of legal actions."""
    best, n = 9.0, 0
    for _ in range(2):
        g = RommeGame.from_position(text)
        g._legal = None  # from_position listed them once already
        gc.collect()
        start = time.perf_counter()
        n = len(g.legal_actions())
        best = min(best, time.perf_counter() - start)
    return best, n


def _worst(variant: str) -> dict:
    """The slowest fresh listing of the largest hand ``variant`` allows, over every number of jokers."""
    r, rows = parse_rules(variant), []
    for naturals in (bm.SPADES_HEARTS, bm.PAIRS):
        for opened in (False, True) if r.first_meld <= 45 else (False,):
            for j in range(r.jokers + 1):
                rows.append(_listed(bm.worst_case(variant, naturals, opened, j)) + (j,))
    seconds, n, jokers = max(rows)
    return {"rules": variant, "ms": round(1000 * seconds, 1), "actions": n, "jokers": jokers}


def _play(variant: str, players: int, deals: int) -> dict:
    """Random deals as the playroom deals them: the slowest single listing, and how many listings."""
    rules = parse_rules(variant)
    calls, most = bm.play_slowest(lambda seed: game_of(rules).new_deal(rules, players, seed=seed),
                                  random.Random(f"{variant}-{players}"), deals)
    return {"rules": variant, "players": players, "listings": calls, "slowest_ms": round(1000 * most, 1)}


def measure(deals: int = 20) -> dict:
    """Every figure of this module's docstring, with the walk in Python wherever this runs."""
    os.environ["CONQUIAN_NATIVE"] = "0"
    offered = choices()
    romme = [c["rules"] for c in offered if c["game"] == "romme"]
    conquian = [c["rules"] for c in offered if c["game"] == "conquian"]
    out = {"offered_worst": [_worst(v) for v in romme],
           "offered_play": [_play(v, p, deals) for v in romme for p in (2, 4)] + [_play(v, 2, deals) for v in conquian],
           "derived_worst": [_worst(v) for v in bm.RULES if v not in romme]}
    return out
