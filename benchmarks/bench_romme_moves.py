"""The slowest calls of the Rommé engine's move listing: ``legal_actions`` on worst-case hands, and in random play.

Worst cases: hands as large as a rule set allows (``hand_size`` + 1 while the player plays) holding from none to
every joker the pack has, the naturals packed into one or two suits so that the jokers can stand almost anywhere,
for a player who has not made his first meld (the searches of :mod:`conquian.games.romme.search` and, where the points
cannot be made, Hand-Rommé's of :mod:`conquian.games.romme.layouts` then decide every meld) and for one who has; the
slowest number of jokers is reported.  Each position is set up from text and ``legal_actions()`` timed on a fresh
game (the best of two).  Then
random deals are played and the slowest single call is reported.

    python benchmarks/bench_romme_moves.py [--deals N] [--sweep N] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conquian import ConquianError, RommeGame, parse_rules  # noqa: E402

SPADES_HEARTS = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥".split()
PAIRS = "2♠ 2♥ 2♦ 3♠ 3♥ 3♦ 4♠ 4♥ 4♦ 5♠ 5♥ 5♦ 6♠ 6♥ 6♦ 7♠ 7♥ 7♦ 8♠ 8♥".split()
LARGE = "romme-spielwiki(hand_size=19, max_players=5"
RULES = ["romme-spielwiki", "romme-spielwiki(first_meld=200)",
         f"{LARGE})",
         f"{LARGE}, adjacent_jokers=any, min_naturals=1)",
         f"{LARGE}, adjacent_jokers=any, min_naturals=1, first_meld=200)",
         f"{LARGE}, adjacent_jokers=any, min_naturals=1, first_meld=200, going_out=meld-or-discard)",
         f"{LARGE}, adjacent_jokers=any, min_naturals=1, first_meld=200, round_the_corner=true, max_sequence=13)"]


def worst_case(variant: str, naturals: list[str], opened: bool, jokers: "int | None" = None) -> str:
    """A position where seat 0 holds the largest hand the rules allow: ``jokers`` jokers (every joker of the pack
    if None) and the first of ``naturals``."""
    r = parse_rules(variant)
    jokers = r.jokers if jokers is None else jokers
    size = r.hand_size + 1 - (3 if opened else 0)
    hand = ["🃏"] * jokers + naturals[:size - jokers]
    clubs = "2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣".split()[:r.hand_size - 3 * opened]
    table = "table: [K♠ K♦ K♥] [Q♠ Q♦ Q♥] [J♠ J♦ J♥]\nopened: 0 1\n" if opened else ""
    return (f"variant: {variant}\nplayers: 2\nhand 0: {' '.join(hand)}\nhand 1: {' '.join(clubs)}\n{table}"
            f"discards: 9♣\nto play: 0\n")


def r_first(variant: str) -> int:
    return parse_rules(variant).first_meld


def timed(text: str) -> tuple[int, float]:
    g = RommeGame.from_position(text)
    g._legal = None  # from_position listed them once already: time a fresh listing
    start = time.perf_counter()
    n = len(g.legal_actions())
    return n, time.perf_counter() - start


SWEPT_AXES = ("adjacent_jokers", "min_naturals", "first_meld", "round_the_corner", "max_sequence", "going_out", "ace",
              "min_sequence", "max_set", "min_set")
RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def sweep(count: int, seed: int, hard: bool = False) -> list[tuple[float, int, str]]:
    """``count`` random positions of the largest hands: rule sets with ``hand_size=19`` and four of SWEPT_AXES
    changed at random (the first meld mostly raised to 150 to 300, where every meld needs a search), twenty cards
    with 0 to 6 jokers and the naturals from one or two suits; each listed once, fresh: (seconds, actions, text).
    ``hard``: five axes changed, the first meld anywhere from 60 to 300, jokers anywhere (with one natural card a
    meld) in half of them, 3 to 6 jokers and the naturals from one to three suits."""
    from conquian.games.romme.rules import AXES

    rng, out = random.Random(seed), []
    axes = [a for a in AXES if a.name in SWEPT_AXES]
    other = [f"{r}{s}" for s in "♣♦" for r in RANKS][:19]
    while len(out) < count:
        over = {"hand_size": 19, "max_players": 5}
        for ax in rng.sample(axes, 5 if hard else 4):
            over[ax.name] = rng.choice(list(ax.choices or range(ax.minimum, ax.maximum + 1)))
        if hard:
            over["first_meld"] = rng.randint(60, 300)
            if rng.random() < 0.5:
                over["adjacent_jokers"], over["min_naturals"] = "any", 1
        elif rng.random() < 0.6:
            over["first_meld"] = rng.choice([150, 200, 300])
        text = "romme-spielwiki(" + ", ".join(f"{k}={ax_text(v)}" for k, v in over.items()) + ")"
        jokers = rng.randint(3, 6) if hard else rng.randint(0, 6)
        suits = rng.sample("♠♥♦", rng.randint(1, 3)) if hard else rng.sample("♠♥", rng.randint(1, 2))
        pool = [f"{r}{s}" for s in suits for r in RANKS] * 2
        hand = ["🃏"] * jokers + rng.sample(pool, 20 - jokers)
        try:
            g = RommeGame.from_position(f"variant: {text}\nplayers: 2\nhand 0: {' '.join(hand)}\n"
                                        f"hand 1: {' '.join(other)}\ndiscards: 9♣\nto play: 0\n")
        except ConquianError:  # rules in conflict
            continue
        g._legal = None
        # The heap the earlier positions left is not this listing's: collected before it is timed, and what stays
        # (the engine's caches) frozen, so that the next collections pass over it.
        gc.collect()
        gc.freeze()
        start = time.perf_counter()
        n = len(g.legal_actions())
        out.append((time.perf_counter() - start, n, f"{text}: {' '.join(hand)}"))
    return out


def play_slowest(deal, rng: random.Random, deals: int) -> tuple[int, float]:
    """``deals`` random deals, each made by ``deal(seed)`` and played by picking uniformly among the legal actions
    with ``rng``: how many listings, and the slowest single listing (seconds)."""
    most, calls = 0.0, 0
    for _ in range(deals):
        g = deal(rng.getrandbits(64))
        while not g.is_over:
            start = time.perf_counter()
            actions = g.legal_actions()
            most = max(most, time.perf_counter() - start)
            calls += 1
            g.play(rng.choice(actions))
    return calls, most


def ax_text(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(getattr(value, "value", value))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="random deals per player count (default 200)")
    parser.add_argument("--sweep", type=int, default=0, help="also list this many random positions of the largest "
                                                               "hands under random rule sets (see sweep())")
    parser.add_argument("--seed", type=int, default=2026, help="the sweep's seed (default 2026)")
    parser.add_argument("--hard", action="store_true", help="the harder sweep (see sweep())")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    swept = sorted(sweep(args.sweep, args.seed, args.hard), reverse=True) if args.sweep else []
    rows = []
    for variant in RULES:
        for name, naturals in (("one suit and a half", SPADES_HEARTS), ("three suits", PAIRS)):
            for opened in (False, True) if r_first(variant) <= 45 else (False,):  # the table holds two first melds
                # every number of jokers from none to the pack's: the slowest, the best of two listings each
                worst = max((min(timed(worst_case(variant, naturals, opened, j)) for _ in range(2))[::-1] + (j,)
                             for j in range(parse_rules(variant).jokers + 1)))
                seconds, n, jokers = worst
                rows.append({"rules": variant, "hand": name, "opened": opened, "jokers": jokers, "actions": n,
                             "ms": round(1000 * seconds, 1)})
    # The sections above leave a large heap (the engine's caches, the listings): collect it now, or its first full
    # collection (30 to 90 ms, measured) falls inside one of the timed listings below.
    gc.collect()
    slowest = {}
    for players in (2, 4, 6):
        calls, most = play_slowest(lambda seed: RommeGame("romme-spielwiki", players, seed=seed),
                                   random.Random(players), args.deals)
        slowest[players] = {"calls": calls, "slowest_ms": round(1000 * most, 1)}
    figures = {}
    if swept:
        times = sorted(t for t, _, _ in swept)
        figures = {"positions": len(times), "median_ms": round(1000 * times[len(times) // 2], 1),
                   "over_100_ms": sum(t > 0.1 for t in times), "slowest": [
                       {"ms": round(1000 * t, 1), "actions": n, "position": text} for t, n, text in swept[:5]]}
    if args.json:
        print(json.dumps({"worst_cases": rows, "random_play": slowest, "sweep": figures}, indent=1))
        return
    for row in rows:
        print(f"{row['rules']:<130} {row['hand']:<20} opened={row['opened']!s:<5} jokers={row['jokers']} "
              f"{row['actions']:>6} actions {row['ms']:>9.1f} ms")
    for players, row in slowest.items():
        print(f"random play, {players} players: {row['calls']} calls, slowest {row['slowest_ms']} ms")
    if figures:
        print(f"sweep: {figures['positions']} positions, median {figures['median_ms']} ms, "
              f"{figures['over_100_ms']} over 100 ms; the slowest:")
        for row in figures["slowest"]:
            print(f"  {row['ms']:>8.1f} ms {row['actions']:>6} actions  {row['position']}")


if __name__ == "__main__":
    main()
