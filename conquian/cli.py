"""The ``conquian`` command: the declared sources, their rules, the comparison matrix, and simulations.

Exit status: 0 on success, 2 for bad input (a one-line message on stderr), 130 when interrupted
(Ctrl-C; ``simulate`` prints what it had played so far), 1 when the output cannot be written.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys

from .errors import ConquianError
from .games import HOME, RULE_SETS
from .registry import DECLARATIONS, declaration, problems
from .simulation import MAX_DECISIONS, MAX_GAMES, Engine, Simulation, simulate, whole_number  # noqa: F401 (simulate: as before)
from .status import NOT_APPLICABLE, Status
from .text import MAX_DIGITS, parse_int, shorten
from .verdicts import Verdict, compare

_LEGEND = ("  ".join(f"{s.mark} {s.value}" for s in Status) + f"  {NOT_APPLICABLE} does not arise"
           + "\nverdicts: " + "  ".join(f"{v.mark} {v.short}" for v in Verdict))


def _variants(args) -> int:
    width = max((len(k) for k in DECLARATIONS), default=0)
    for d in DECLARATIONS.values():
        print(f"{d.id:<{width}}  {d.title}")
    broken = problems()
    if broken:  # the sources that load are listed; the files that do not are named, in one line
        raise ConquianError("; ".join(str(e) for e in broken.values()))
    return 0


def _rules(args) -> int:
    d = declaration(args.id)
    axes = type(d.rules).AXES
    print(f"{d.id}: {d.title}")
    print(f"rule set: {d.rules}")
    width = max(len(ax.name) for ax in axes)
    vwidth = max(len(ax.format(d.entries[ax.name].value)) for ax in axes if ax.name in d.entries)
    for ax in axes:
        e = d.entries.get(ax.name)
        if e is None:
            print(f"  {ax.name:<{width}}  {NOT_APPLICABLE:<{vwidth}}  {'':<11}  {ax.question} (only when {ax.applies_when})")
            continue
        print(f"  {ax.name:<{width}}  {ax.format(e.value):<{vwidth}}  {e.status.mark} {e.status.value:<9}  {ax.question}")
        by_name = {a.name: a for a in axes}
        for r in e.other_readings:  # as rule-set settings that play as printed, with any axes the reading needs
            settings = ", ".join(f"{k}={by_name[k].format(v)}" for k, v in r.settings(ax.name).items())
            print(f"  {'':<{width}}  {'':<{vwidth}}    other reading: {settings}")
    return 0


def _cell(ax, entry) -> str:
    return NOT_APPLICABLE if entry is None else f"{ax.format(entry.value)} {entry.status.mark}"


def _compare(args) -> int:
    ids = [i for i, d in DECLARATIONS.items() if d.game == args.game]
    if not ids:
        raise ConquianError(f"no source of {args.game!r} is declared")
    AXES = RULE_SETS[args.game].AXES
    sources = [DECLARATIONS[i] for i in ids]
    rows = [(ax, compare(ax.name, sources, game=args.game)) for ax in AXES]
    width = max(len(ax.name) for ax in AXES)
    cw = {i: max(len(i), *(len(_cell(ax, c.entries[i])) for ax, c in rows)) for i in ids}
    print(" " * (width + 4) + "  ".join(f"{i:<{cw[i]}}" for i in ids).rstrip())
    for ax, c in rows:
        cells = "  ".join(f"{_cell(ax, c.entries[i]):<{cw[i]}}" for i in ids)
        print(f"{c.verdict.mark} {ax.name:<{width}}  {cells}".rstrip())
    print()
    print(_LEGEND)
    return 0


def _report(result: dict, as_json: bool, game) -> None:
    if as_json:
        print(json.dumps(result))
        return
    for line in game.summary_lines(result):
        print(line)
    if result.get("unfinished"):
        print(f"  {result['unfinished']} deals stopped unfinished after {MAX_DECISIONS:,} decisions (neither won nor tied)")
    if "strategies" in result:
        seats = game.seats(result.get("players", len(result["strategies"])))
        print("  strategies: " + ", ".join(f"{seat} {name}" for seat, name in zip(seats, result["strategies"])))
    if result.get("actions"):  # how often each kind of move came into play, the most played first
        played = sorted(result["actions"].items(), key=lambda kv: (-kv[1], kv[0]))
        print("  actions: " + ", ".join(f"{kind} {n:,}" for kind, n in played))
    secs = result["seconds"]  # to the microsecond; a run too short to time has no rate, not a made-up one
    rates = f": {result['games'] / secs:,.0f} games/s, {result['decisions'] / secs:,.0f} decisions/s" if secs else ""
    print(f"  {result['decisions']} decisions in {_duration(result['seconds'])} of engine time{rates}")


def _duration(seconds: float) -> str:
    """Engine time as a reader takes it in: seconds, or milliseconds below one (a deal takes well under one)."""
    return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1000:.1f} ms" if seconds >= 0.0001 else "under 0.1 ms"


def _simulate(args) -> int:
    whole_number(args.games, "--games", 1, MAX_GAMES)

    def progress(n, total):
        print(f"\r{n}/{total} games", end="" if n < total else "\n", file=sys.stderr, flush=True)

    sim = Simulation(args.variant, args.seed, args.players, args.strategy, args.engine)
    if sim.why_python and sim.game.kernel is not None:  # the kernel was not built, or cannot play these rules
        print(f"conquian: {sim.why_python}; playing with the pure-Python engine", file=sys.stderr)
    try:
        sim.play(args.games, progress if args.games >= 1000 or sys.stderr.isatty() else None)
    except KeyboardInterrupt:
        print(f"\nconquian: interrupted after {sim.games} of {args.games} games; the summary so far:", file=sys.stderr)
        _report(sim.summary(), args.json, sim.game)
        return 130
    _report(sim.summary(), args.json, sim.game)
    return 0


def _whole(text: str) -> int:
    """A command-line number: at most nine ASCII digits, a minus sign allowed (``int()`` would also take ``'１０'``,
    ``'١٠'`` and ``'1_0'``, and a count of games that would run for ever)."""
    sign = text.startswith("-")
    digits = text[1:] if sign else text
    number = parse_int(digits) if len(digits) <= MAX_DIGITS else None
    if number is None:
        raise argparse.ArgumentTypeError(f"invalid int value: {shorten(text)!r} (a whole number of at most "
                                         f"{MAX_DIGITS} ASCII digits 0-9)")
    return -number if sign else number


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line and status 2, as for every other bad input
        self.exit(2, f"conquian: error: {message} (see 'conquian --help')\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="conquian", description="Conquian (Cooncan): the sources side by side, executed.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("variants", help="the declared sources: ids and titles").set_defaults(func=_variants)
    p = sub.add_parser("rules", help="one source's whole rule set, with the status of every value and other readings")
    p.add_argument("id")
    p.set_defaults(func=_rules)
    p = sub.add_parser("compare", help="the axis × source matrix of one game's sources")
    p.add_argument("--game", choices=list(RULE_SETS), default=HOME, help=f"whose sources (default {HOME})")
    p.set_defaults(func=_compare)
    p = sub.add_parser("simulate", help="computer players (random, greedy, normal or strong), many deals")
    p.add_argument("--variant", required=True, help="a source id, or rule-set text such as 'foster-1913(pack=spanish)'")
    p.add_argument("--players", type=_whole, default=None, help="players at the table: 2 (Conquian), 2 to 6 (Rommé); "
                                                              "default 2")
    p.add_argument("--strategy", default="random", help="random, greedy, normal or strong (the last two: the "
                                                         "strong player at its levels), for every seat or one per seat "
                                                         "(Conquian: dealer,pone), e.g. strong,greedy")
    p.add_argument("--games", type=_whole, default=1000)
    p.add_argument("--seed", type=_whole, default=0)
    p.add_argument("--engine", choices=[e.value for e in Engine], default="auto",
                   help="native (the compiled kernel), python, or auto: native where it is built and plays the game "
                        "(default)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_simulate)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        status = args.func(args)
        sys.stdout.flush()
        return status
    except ConquianError as exc:
        print(f"conquian: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nconquian: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. piped into head: stop quietly
        _silence_stdout()
        return 0
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EIO, errno.EBADF, errno.EFBIG):
            raise
        _silence_stdout()
        print(f"conquian: error: cannot write the output: {exc.strerror}", file=sys.stderr)
        return 1


def _silence_stdout() -> None:
    """Point stdout at nowhere, so that the interpreter's own flush at exit does not fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
