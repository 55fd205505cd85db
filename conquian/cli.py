"""The ``conquian`` command: the declared sources, their rules, the comparison matrix, and simulations."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from .declarations import DECLARATIONS, Status, declaration
from .errors import ConquianError
from .game import Game
from .rules import AXES, RuleSet

_MARK = {Status.STATED: "", Status.IMPLIED: "~", Status.SILENT: "?", Status.AMBIGUOUS: "!"}
_LEGEND = "~ implied   ? silent (this project's interpretation)   ! ambiguous (reading chosen)   * the sources differ"


def _variants(args) -> int:
    width = max(len(k) for k in DECLARATIONS)
    for d in DECLARATIONS.values():
        print(f"{d.id:<{width}}  {d.title}")
    return 0


def _rules(args) -> int:
    d = declaration(args.id)
    print(f"{d.id}: {d.title}")
    print(f"rule set: {d.rules}")
    width = max(len(ax.name) for ax in AXES)
    vwidth = max(len(ax.format(d.entries[ax.name].value)) for ax in AXES)
    for ax in AXES:
        e = d.entries[ax.name]
        print(f"  {ax.name:<{width}}  {ax.format(e.value):<{vwidth}}  {e.status.value:<9}  {ax.question}")
    return 0


def _compare(args) -> int:
    ids = list(DECLARATIONS)
    cells = {(ax.name, i): ax.format(DECLARATIONS[i].entries[ax.name].value) + _MARK[DECLARATIONS[i].entries[ax.name].status]
             for ax in AXES for i in ids}
    width = max(len(ax.name) for ax in AXES)
    cw = {i: max(len(i), *(len(cells[ax.name, i]) for ax in AXES)) for i in ids}
    print(" " * (width + 4) + "  ".join(f"{i:<{cw[i]}}" for i in ids).rstrip())
    for ax in AXES:
        values = {DECLARATIONS[i].entries[ax.name].value for i in ids}
        flag = "*" if len(values) > 1 else " "
        print(f"{flag} {ax.name:<{width}}  " + "  ".join(f"{cells[ax.name, i]:<{cw[i]}}" for i in ids).rstrip())
    print()
    print(_LEGEND)
    return 0


def simulate(variant: str, games: int, seed: int, progress=None) -> dict:
    """Play ``games`` deals between random legal players; the same seed gives the same result."""
    rules = RuleSet.parse(variant)
    rng = random.Random(seed)
    wins = {"dealer": 0, "pone": 0}
    ties = decisions = 0
    engine = 0.0
    last = time.monotonic()
    for n in range(1, games + 1):
        start = time.perf_counter()
        g = Game(rules, seed=rng.getrandbits(64))
        choice = rng.choice
        while not g.is_over:
            g.play(choice(g.legal_actions()))
        engine += time.perf_counter() - start
        decisions += g.decisions
        if g.outcome.winner is None:
            ties += 1
        else:
            wins[str(g.outcome.winner)] += 1
        if progress and (time.monotonic() - last > 1.0 or n == games):
            progress(n, games)
            last = time.monotonic()
    return {"variant": str(rules), "games": games, "seed": seed, "wins": wins, "ties": ties,
            "decisions": decisions, "seconds": round(engine, 3)}


def _simulate(args) -> int:
    if args.games < 0:
        raise ConquianError(f"--games must be 0 or more, not {args.games}")

    def progress(n, total):
        print(f"\r{n}/{total} games", end="" if n < total else "\n", file=sys.stderr, flush=True)

    result = simulate(args.variant, args.games, args.seed, progress if args.games >= 1000 or sys.stderr.isatty() else None)
    if args.json:
        print(json.dumps(result))
    else:
        g = max(result["games"], 1)
        secs = max(result["seconds"], 1e-9)
        print(f"{result['variant']}: {result['games']} games, seed {result['seed']}")
        print(f"  dealer wins {result['wins']['dealer']} ({100 * result['wins']['dealer'] / g:.1f}%), "
              f"pone wins {result['wins']['pone']} ({100 * result['wins']['pone'] / g:.1f}%), "
              f"tableaux {result['ties']} ({100 * result['ties'] / g:.1f}%)")
        print(f"  {result['decisions']} decisions in {result['seconds']:.2f} s of engine time: "
              f"{result['games'] / secs:,.0f} games/s, {result['decisions'] / secs:,.0f} decisions/s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="conquian", description="Conquian (Cooncan): the sources side by side, executed.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("variants", help="the declared sources: ids and titles").set_defaults(func=_variants)
    p = sub.add_parser("rules", help="one source's whole rule set, with the status of every value")
    p.add_argument("id")
    p.set_defaults(func=_rules)
    sub.add_parser("compare", help="the axis × source matrix").set_defaults(func=_compare)
    p = sub.add_parser("simulate", help="random legal players, many deals")
    p.add_argument("--variant", required=True, help="a source id, or rule-set text such as 'foster-1913(pack=spanish)'")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_simulate)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ConquianError as exc:
        print(f"conquian: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into head: stop quietly
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
