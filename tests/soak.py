"""The soak: many random deals per source and over derived rule sets, each position checked by the independent checker
of tests/support.py (tests/support_romme.py for Rommé); every invariant broken is counted and reported, with the seed that replays it.

    python tests/soak.py [--deals N] [--derived M] [--derived-deals K] [--processes P] [--seed S] [--deep-every D]
    make soak SOAK="--deals 1000000 --processes 1"

``--deals`` deals under each declared source (the four Conquian sources and the Rommé article, Rommé with 2 to 6
players by turns); ``--derived`` Conquian and ``--romme-derived`` Rommé rule sets made from a source with up to six
axes changed at random (conflicting combinations skipped), ``--derived-deals`` deals under each; ``--processes`` worker
processes (1 runs in this process).  Every ``--deep-every``-th deal is also checked at every position for the round
trips (position text printed and read back, the same legal actions, a report of an irregularity read back) and
replayed from its record.  Not collected by pytest (it takes minutes to hours); the exit status is 1 if anything
broke.  ``--seconds`` stops starting new work after that long and reports what was done.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import support_romme  # noqa: E402
from conquian import VARIANTS, ConflictingRules, Game, RommeGame, RuleSet, parse_rules, position  # noqa: E402
from conquian.games.romme.rules import AXES as ROMME_AXES, RommeRules  # noqa: E402
from conquian.games.conquian.rules import AXES  # noqa: E402
from support import CONQUIAN, check_invariants, check_round_trips, play_random  # noqa: E402

ROMME = "romme-spielwiki"

CHUNK = 500  # deals per unit of work handed to a process
MAX_BREAKS_KEPT = 20


@dataclass
class Tally:
    deals: int = 0
    positions: int = 0
    deep: int = 0
    three: int = 0
    """Deals of three players."""
    wins: int = 0
    ties: int = 0
    seconds: float = 0.0
    breaks: list = field(default_factory=list)
    """(rule-set text, seed, message) of each deal that broke an invariant; the first few only are kept."""
    broken: int = 0

    def add(self, other: "Tally") -> None:
        for name in ("deals", "positions", "deep", "three", "wins", "ties", "seconds", "broken"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.breaks += other.breaks[: MAX_BREAKS_KEPT - len(self.breaks)]


def derive(rng: random.Random, bases: list[str], axes, count: int, fewest: int = 1, most: int = 6) -> list:
    """``count`` consistent rule sets, each a source of ``bases`` with ``fewest`` to ``most`` of ``axes`` changed at
    random (conflicting combinations skipped, no rule set twice)."""
    out: list = []
    while len(out) < count:
        base = VARIANTS[rng.choice(bases)]
        overrides = {}
        for ax in rng.sample(axes, rng.randint(fewest, most)):
            overrides[ax.name] = rng.choice(list(ax.choices or range(ax.minimum, ax.maximum + 1)))
        try:
            rules = base.replace(**overrides)
        except ConflictingRules:
            continue
        if rules != base and rules not in out:  # overrides that all repeat the source's values derive nothing
            out.append(rules)
    return out


def derived_rule_sets(count: int, seed: int) -> list[RuleSet]:
    """``count`` consistent rule sets, each a Conquian source with up to six axes changed at random."""
    return derive(random.Random(f"{seed}-derived"), CONQUIAN, AXES, count)


def romme_rule_sets(count: int, seed: int) -> list[RommeRules]:
    """``count`` consistent Rommé rule sets, the article's with up to six axes changed at random."""
    return derive(random.Random(f"{seed}-derived-romme"), [ROMME], ROMME_AXES, count)


def _romme_deal(rules: RommeRules, seed: int, deep: bool, t: "Tally") -> RommeGame:
    """One random Rommé deal (2 to 6 players, as the rules allow, by the seed), every position checked."""
    def check(game, actions):
        t.positions += 1
        support_romme.check_invariants(game)
        if deep:
            support_romme.round_trips(game, actions)

    players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
    g = support_romme.play_random(RommeGame(rules, players, seed=seed), random.Random(seed), check)
    support_romme.check_invariants(g)
    if deep:
        assert RommeGame.from_record(g.record()).record() == g.record(), "the record does not replay"
    return g


def _deep_check(game, actions) -> None:
    check_invariants(game)
    check_round_trips(game, actions)
    reported = game.copy()
    reported.report("a card faced in the pack")
    assert str(position(str(reported))) == str(reported), "a position after a report does not read back"


def run_chunk(job: tuple[str, int, int, int, int]) -> Tally:
    """Deals ``first`` to ``first + count - 1`` of one rule set (its text), each from a seed derived from the run's."""
    text, run_seed, first, count, deep_every, *rest = job
    seats = rest[0] if rest else 0  # --players: 0 for two and three by turns where the rules seat three
    rules = parse_rules(text)
    romme = isinstance(rules, RommeRules)
    t = Tally()
    start = time.perf_counter()

    def check(game, actions):
        t.positions += 1
        check_invariants(game)

    def deep(game, actions):
        t.positions += 1
        _deep_check(game, actions)

    for n in range(first, first + count):
        seed = random.Random(f"{run_seed}-{text}-{n}").getrandbits(64)
        is_deep = deep_every and n % deep_every == 0
        try:
            if romme:
                g = _romme_deal(rules, seed, bool(is_deep), t)
            else:
                # Where the rules seat three, deals of two and of three by turns (or as many as --players says).
                players = seats or 2 + n % (rules.max_players - 1)
                g = play_random(Game(rules, players, seed=seed), random.Random(seed), deep if is_deep else check)
                t.three += players == 3
                check_invariants(g)
                if is_deep:
                    assert Game.from_record(g.record()).record() == g.record(), "the record does not replay"
            t.deep += bool(is_deep)
            t.wins += g.outcome.winner is not None
            t.ties += g.outcome.winner is None
        except Exception as exc:  # a break of any kind is counted and kept, and the soak goes on
            t.broken += 1
            if len(t.breaks) < MAX_BREAKS_KEPT:
                t.breaks.append((text, seed, f"{type(exc).__name__}: {str(exc)[:300]}"))
        t.deals += 1
    t.seconds = time.perf_counter() - start
    return t


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20_000, help="deals per declared source (default 20,000)")
    parser.add_argument("--derived", type=int, default=20, help="derived Conquian rule sets (default 20)")
    parser.add_argument("--romme-derived", type=int, default=5, help="derived Rommé rule sets (default 5)")
    parser.add_argument("--sources", default=",".join(CONQUIAN + [ROMME]),
                        help="the declared sources played, separated by commas (default: every declared source)")
    parser.add_argument("--derived-deals", type=int, default=1_000, help="deals per derived rule set (default 1,000)")
    parser.add_argument("--processes", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--deep-every", type=int, default=50, help="every Nth deal checked for round trips (0: none)")
    parser.add_argument("--seconds", type=float, default=0, help="stop starting new work after this long (0: no limit)")
    parser.add_argument("--players", type=int, default=0, choices=(0, 2, 3),
                        help="players at each Conquian deal: 2 or 3 (where the rules seat three), or 0 (default): two "
                             "and three by turns where the rules seat three, else two")
    args = parser.parse_args(argv)
    chosen = [name.strip() for name in args.sources.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in CONQUIAN + [ROMME]]
    if unknown:
        parser.error(f"--sources: unknown {', '.join(unknown)} (the sources: {', '.join(CONQUIAN + [ROMME])})")
    if args.players == 3:
        two = [name for name in chosen if name == ROMME or VARIANTS[name].max_players < 3]
        if two or args.derived or args.romme_derived:
            parser.error(f"--players 3: choose sources that seat three, and no derived rule sets (--derived 0 "
                         f"--romme-derived 0); {', '.join(two) or 'derived rule sets'} do not")
    targets = [(source, str(VARIANTS[source]), args.deals) for source in chosen]
    targets += [(f"derived {i + 1}", str(r), args.derived_deals)
                for i, r in enumerate(derived_rule_sets(args.derived, args.seed))]
    targets += [(f"Rommé derived {i + 1}", str(r), args.derived_deals)
                for i, r in enumerate(romme_rule_sets(args.romme_derived, args.seed))]
    # Sources interleaved chunk by chunk, so that a run stopped by --seconds has done every source alike.
    jobs = []
    longest = max((n for _, _, n in targets), default=0)
    for first in range(0, longest, CHUNK):
        for name, text, n in targets:
            if first < n:
                jobs.append((name, (text, args.seed, first, min(CHUNK, n - first), args.deep_every, args.players)))
    tallies = {name: Tally() for name, _, _ in targets}
    began = time.perf_counter()
    stopped = False
    pool = multiprocessing.Pool(args.processes) if args.processes > 1 else None
    try:
        results = (pool.imap(run_chunk, [j for _, j in jobs]) if pool else (run_chunk(j) for _, j in jobs))
        for (name, _), tally in zip(jobs, results):
            tallies[name].add(tally)
            if args.seconds and time.perf_counter() - began > args.seconds:
                stopped = True
                break
    finally:
        if pool:
            pool.terminate()
    wall = time.perf_counter() - began
    total = Tally()
    for name, text, _ in targets:
        t = tallies[name]
        total.add(t)
        label = name if name == text else f"{name}: {text}"
        three = f" ({t.three:,} of three players)" if t.three else ""
        print(f"{label}\n    {t.deals:,} deals{three}, {t.positions:,} positions checked, {t.deep:,} deep; {t.wins:,} won, "
              f"{t.ties:,} not won; {t.broken} broken; {t.seconds:.0f} s of work", flush=True)
    rate = total.deals / wall if wall else 0.0
    print(f"all: {total.deals:,} deals ({rate:,.0f} a second over {wall:,.0f} s, {args.processes} process(es)), "
          f"{total.positions:,} positions, {total.deep:,} deep; invariant breaks: {total.broken}"
          + ("; stopped by --seconds" if stopped else ""))
    for text, seed, message in total.breaks:
        print(f"  BROKEN under {text}, seed {seed}: {message}")
    return 1 if total.broken else 0


if __name__ == "__main__":
    sys.exit(main())
