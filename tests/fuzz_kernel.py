"""Fuzz the two C extensions under AddressSanitizer and UndefinedBehaviorSanitizer: Conquian's kernel with random
rule sets and seeds, and with hostile tables; Rommé's compiled walk with hostile bags.

The kernel and the walk are compiled again with ``-fsanitize=address,undefined`` into a scratch copy of the package,
and a child Python (with the sanitizer's runtime preloaded) runs four parts there:

* rule sets: for each random rule set (a declared source with one to six axes changed, conflicting draws skipped)
  it plays deals with random, greedy and mixed players in the kernel's checked mode (every state's invariants
  verified), and compares the first deals with the Python engine's;
* tables: the kernel given a rule set's compiled tables with one to three entries spoiled (melds repeated up to 200
  times, melds out of the pack, empty, negative or of 2**200, hundreds of melds more, minimal melds repeated or
  foreign, the deck's cards repeated or out of range, places repeated or out of range, flags out of range or of the
  wrong type, parts of the wrong type or size) or with odd melds within the pack (which it must play);
* positions: the kernel's playouts (``playouts``) from positions of random deals, a third as they stand (compared with
  the Python engine's playouts), the rest spoiled (cards in two places or missing, masks out of the pack, huge,
  negative or not ints, melds out of order or no melds, fields out of range, parts of the wrong size or type),
  and the strong player's inference (``misfits``) from the same positions, spoiled or not, before or after a move,
  with the pack's cards renamed at random (most renamings one to one on the pack, some short, long, a list, a card
  twice or out of the pack);
* walks: ``laid_out`` and ``fewest`` given hands and melds within what a deal holds (compared with the walk in
  Python) and beyond it (cards three to fifteen times, seven to fifteen jokers, hands of 21 to 90 cards, bags past
  the jokers', negative, huge or not ints, melds repeated hundreds of times, points and values out of range).

A hostile call must answer or raise TypeError or a ConquianError (MemoryError where the kernel's bound on
arrangements is passed, RuntimeError where a spoiled table breaks an invariant the checked mode verifies); any
sanitizer report, any other exception, a broken invariant on a rule set's own table or a difference stops the run
with a non-zero status.

    python tests/fuzz_kernel.py [--rule-sets N] [--deals N] [--tables N] [--positions N] [--walks N] [--seed S]

Not part of ``make test`` (it takes minutes); its figures are in the README.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r'''
import random, sys, time
sys.path.insert(0, sys.argv[6])
from conquian.games.conquian import kernel
from conquian.errors import ConquianError
from conquian.simulation import Simulation
from soak import derived_rule_sets
from fuzz_kernel import hostile_positions, hostile_tables, hostile_walks

rule_sets, deals, tables, walks, seed, positions = (int(a) for a in sys.argv[1:6] + sys.argv[7:8])
assert kernel.available(), kernel.why_not(None, ["random"])
from conquian.games.conquian import _kernel
from conquian.games.romme import _walk
print(f"sanitized builds: {_kernel.__file__}, {_walk.__file__}", flush=True)
rng = random.Random(seed)
done = total_deals = total_decisions = compared = skipped = 0
start = time.perf_counter()
for rules in derived_rule_sets(rule_sets, seed):  # the soak's: a source with one to six axes changed
    if kernel.plays(rules):  # a value the kernel does not play (exchange=true): Python's, not the kernel's
        skipped += 1
        continue
    for strategy in (["random"] * 2, ["greedy"] * 2, ["greedy", "random"]):
        results = kernel.play(rules, strategy, random.Random(rng.getrandbits(64)), deals, final=True, check=True)
        total_deals += len(results)
        total_decisions += sum(r.decisions for r in results)
    s = rng.getrandbits(32)
    a = Simulation(str(rules), s, strategy="random", engine="python").play(10, keep=True, final=True)
    b = Simulation(str(rules), s, strategy="random", engine="native").play(10, keep=True, final=True)
    if a != b:
        sys.exit(f"the engines differ under {rules}, seed {s}")
    compared += 10
    done += 1
print(f"rule sets: {done} rule sets ({skipped} the kernel does not play, left out), {total_deals} deals, "
      f"{total_decisions} decisions in the checked mode, "
      f"{compared} deals compared with the Python engine, {time.perf_counter() - start:.0f} s: no report", flush=True)
start = time.perf_counter()
outcomes = hostile_tables(tables, seed)
print(f"tables: {tables} hostile tables, {time.perf_counter() - start:.0f} s: {outcomes}", flush=True)
start = time.perf_counter()
outcomes = hostile_positions(positions, seed)
print(f"positions: {positions} playouts from positions, {time.perf_counter() - start:.0f} s: {outcomes}", flush=True)
start = time.perf_counter()
outcomes = hostile_walks(walks, seed)
print(f"walks: {walks} hostile walks, {time.perf_counter() - start:.0f} s: {outcomes}", flush=True)
'''

# The kernel's header, from the copy's axes, the compiled kernel kept out (as setup.py does).
HEADER = ("import sys; sys.modules['conquian.games.conquian._kernel'] = None; "
          "from conquian.games.conquian.kernel import header; sys.stdout.write(header())")

# -- hostile input: run in the child, against the sanitized build (conquian imported there, not here) --------------
HUGE = [-1, -(1 << 70), 1 << 64, 1 << 70, 1 << 200, 2 ** 63, 0]


def _spoil(rng, t: list, kind: int, size: int) -> None:
    """One entry or part of the compiled rules ``t`` (``size`` parts when whole: the flags, then the deck, the places,
    the melds and the minimal melds, as kernel.compiled gives them) spoiled in the way ``kind`` (0-12) says (kinds 4,
    11 and 12: melds changed within the pack, tables the kernel plays)."""
    flags = size - 4
    deck, place, melds_at, minimal = flags, flags + 1, flags + 2, flags + 3
    if len(t) != size:
        return  # the whole already of the wrong size
    melds, part = t[melds_at], [deck, place, melds_at, minimal][rng.randrange(4)]
    if not all(isinstance(t[i], tuple) for i in (deck, place, melds_at, minimal)):
        kind = 8  # a part already spoiled: a flag instead
    in_pack = [c for c in t[deck] if isinstance(c, int) and 0 <= c < 64] if isinstance(t[deck], tuple) else []

    def random_meld():
        return sum(1 << c for c in rng.sample(in_pack, min(len(in_pack), rng.randint(2, 6))))

    if kind == 0 and melds:  # a meld repeated
        m, out = rng.choice(melds), list(melds)
        for _ in range(rng.choice([1, 2, 150, 200])):
            out.insert(rng.randint(0, len(out)), m)
        t[melds_at] = tuple(out)
    elif kind in (1, 2) and melds:  # a meld out of the pack, empty, negative, huge
        out = list(melds)
        out[rng.randrange(len(out))] = rng.getrandbits(64) if kind == 1 else rng.choice(HUGE)
        t[melds_at] = tuple(out)
    elif kind == 3:  # hundreds of melds more
        t[melds_at] = melds + tuple(random_meld() for _ in range(rng.randint(1, 600)))
    elif kind == 4 and melds and in_pack:  # odd melds within the pack, distinct
        out = set(melds)
        for _ in range(rng.randint(1, 20)):
            out.discard(rng.choice(melds))
            out.add(random_meld())
        t[melds_at] = tuple(sorted(out))
        t[minimal] = tuple(m for m in t[minimal] if m in out)
    elif kind == 5:  # minimal melds repeated, foreign
        out = list(t[minimal])
        out.append(rng.choice(out) if out and rng.random() < 0.5 else rng.choice([random_meld(), *HUGE]))
        t[minimal] = tuple(out)
    elif kind in (6, 7):  # the deck's cards and the places: repeated, out of range
        out, i = list(t[part if part in (deck, place) else deck]), rng.randrange(64)
        if out:
            i %= len(out)
            out[i] = rng.choice([out[rng.randrange(len(out))], rng.randint(-5, 70), *HUGE])
        t[part if part in (deck, place) else deck] = tuple(out)
    elif kind == 8:  # a flag out of range or of the wrong type
        t[rng.randrange(flags)] = rng.choice([rng.randint(-3, 70), 1.5, None, "1", *HUGE])
    elif kind == 9:  # a part of the wrong type
        t[part] = rng.choice([list(t[part]), None, "melds", 3])
    elif kind == 10:  # a part of the wrong size, or the whole
        if rng.random() < 0.2:
            del t[rng.randrange(len(t))]
        else:
            t[part] = t[part][: rng.randrange(len(t[part]) + 1)] + (t[part][:3] if rng.random() < 0.5 else ())
    elif kind == 11:  # the melds in another order: a table to play
        t[melds_at] = tuple(rng.sample(melds, len(melds)))
    elif kind == 12 and melds:  # melds dropped, and with them the minimal melds they were
        out = set(rng.sample(melds, rng.randint(1, len(melds))))
        t[melds_at] = tuple(sorted(out))
        t[minimal] = tuple(m for m in t[minimal] if m in out)


def hostile_tables(count: int, seed: int) -> dict:
    """The kernel given ``count`` spoiled tables: how each call ended, by kind."""
    from collections import Counter
    from conquian.games.conquian import _kernel, kernel
    from conquian.errors import ConquianError
    from soak import derived_rule_sets
    rng = random.Random(f"{seed}-tables")
    bases = [kernel.compiled(r) for r in derived_rule_sets(40, seed) if not kernel.plays(r)]
    outcomes = Counter()
    for _ in range(count):
        table = list(rng.choice(bases))
        playable = rng.random() < 0.3  # odd melds within the pack, distinct: tables the kernel plays
        for _ in range(rng.randint(1, 3)):
            _spoil(rng, table, rng.choice((4, 11, 12)) if playable else rng.randrange(13), len(bases[0]))
        state = random.Random(rng.getrandbits(32)).getstate()[1]
        if rng.random() < 0.05:  # the generator's state spoiled
            state = state[:5] + (rng.choice([1 << 32, *HUGE, "x"]),) + state[6:]
        try:
            _kernel.play(tuple(table), state, rng.randint(1, 4), (rng.randint(0, 1), rng.randint(0, 1)),
                         rng.random() < 0.5, rng.random() < 0.5, rng.choice([1, 10, 1000]), rng.random() < 0.3)
            outcomes["played"] += 1
        except (TypeError, ConquianError, MemoryError) as e:
            outcomes[type(e).__name__] += 1
        except RuntimeError as e:  # an invariant the checked mode verifies, broken by a spoiled table
            if not str(e).startswith("kernel: deal"):
                raise
            outcomes["RuntimeError"] += 1
    return dict(sorted(outcomes.items()))


def _spoil_position(rng, pos: list, deck: list) -> None:
    """One part of a playout's position (kernel.position) spoiled: a card in two places or missing, a mask out of the
    pack, huge, negative or not an int, melds out of order, overlapping or no meld, a field out of range, a card on
    offer where none may be, a tuple of the wrong size or type."""
    kind = rng.randrange(9)
    hands, melds, stock = list(pos[0]), [list(m) for m in pos[1]], list(pos[2])
    if kind == 0 and stock:  # a card in two places
        hands[rng.randrange(2)] |= rng.choice(stock)
    elif kind == 1 and stock:  # a card missing
        stock.pop(rng.randrange(len(stock)))
    elif kind == 2:  # a mask out of the pack, huge, negative or no int
        bad = rng.choice([1 << rng.choice([c for c in range(64) if c not in deck] or [63]), *HUGE, "x", None, 2.5])
        where = rng.randrange(3)
        if where == 0:
            hands[rng.randrange(2)] = bad
        elif where == 1 and stock:
            stock[rng.randrange(len(stock))] = bad
        else:
            pos[6] = bad
    elif kind == 3:  # melds out of order, repeated, or no meld
        seat = rng.randrange(2)
        if melds[seat] and rng.random() < 0.5:
            melds[seat] = melds[seat][::-1] + melds[seat][:1]
        else:
            melds[seat].append(sum(1 << c for c in rng.sample(deck, rng.randint(1, 4))))
    elif kind == 4:  # a field out of range
        pos[rng.randint(4, 8)] = rng.choice([-1, 2, 3, 4, 5, 9, 1 << 40, *HUGE])
    elif kind == 5:  # a card on offer while a player discards, or none while one is on offer
        pos[4], pos[6] = (1, pos[6]) if pos[6] else (0, 0)
    elif kind == 6:  # a stock card of two cards, or of none
        if stock:
            stock[rng.randrange(len(stock))] = rng.choice([0, 3, (1 << deck[0]) | (1 << deck[1])])
    elif kind == 7:  # hundreds of melds, or stock cards past the pack's size
        if rng.random() < 0.5:
            melds[0] = melds[0] + [1 << deck[0]] * rng.randint(20, 300)
        else:
            stock = stock + stock[:1] * rng.randint(30, 100)
    else:  # the wrong size or type
        pos[rng.randrange(9)] = rng.choice([(), [], None, (1, 2, 3), "hand"])
    pos[0], pos[1], pos[2] = tuple(hands), tuple(tuple(m) for m in melds), tuple(stock)
    if rng.random() < 0.05:
        pos.append(0)
    elif rng.random() < 0.05:
        pos.pop()


def _spoilable(pos: list) -> bool:
    ints = lambda t: isinstance(t, tuple) and all(type(x) is int for x in t)
    return (len(pos) == 9 and ints(pos[0]) and len(pos[0]) == 2 and isinstance(pos[1], tuple) and len(pos[1]) == 2
            and all(ints(m) for m in pos[1]) and ints(pos[2]) and type(pos[6]) is int)


def hostile_positions(count: int, seed: int) -> dict:
    """The kernel's playouts given ``count`` positions of random deals under the soak's derived rule sets, a third
    as they stand (each playout compared with the Python engine's), the rest spoiled: how each call ended, by kind."""
    from collections import Counter
    from conquian import Game
    from conquian.games.conquian import _kernel, kernel
    from conquian.errors import ConquianError
    from conquian.montecarlo import playout
    from conquian.players import GreedyPlayer
    from soak import derived_rule_sets
    rng = random.Random(f"{seed}-positions")
    rule_sets = [r for r in derived_rule_sets(40, seed) if not kernel.plays(r) and not r.exchange]
    greedy, outcomes = GreedyPlayer(), Counter()
    for _ in range(count):
        rules = rng.choice(rule_sets)
        g = Game(rules, seed=rng.getrandbits(32))
        for _ in range(rng.randint(0, 40)):
            if g.is_over:
                break
            g.play(rng.choice(g.legal_actions()))
        if g.is_over:
            outcomes["over before the playout"] += 1
            continue
        pos, table = list(kernel.position(g.snapshot())), kernel.compiled(rules)
        if rng.random() < 1 / 3:
            (winner,) = _kernel.playouts(table, (tuple(pos),), 300)
            if (0.0 if winner < 0 else 1.0 if winner == 0 else -1.0) != playout(g.copy(), 0, greedy, 300):
                raise AssertionError(f"the playouts differ: {rules}, {g.snapshot()}")
            outcomes["compared"] += 1
            moved = g.copy().play(greedy.choose(g))
            if not moved.is_over:  # the inference on a real move, the cards renamed at random (most one to one)
                after = kernel.position(moved.snapshot())
                try:
                    counts = _kernel.misfits(table, (tuple(pos),), (after,), (bytes(range(kernel.MAPPING_SIZE)),)
                                             + tuple(_mapping(rng, rules, _in_melds(pos, after), False)
                                                     for _ in range(rng.randint(1, 8))))
                    if counts[0] != 0:
                        raise AssertionError(f"the greedy move does not fit itself: {rules}, {g.snapshot()}")
                    outcomes["misfits counted"] += 1
                except (TypeError, ConquianError) as e:
                    outcomes[f"misfits {type(e).__name__}"] += 1
            continue
        for _ in range(rng.randint(1, 3)):
            if _spoilable(pos):  # a part already of the wrong type stays as it is
                _spoil_position(rng, pos, [c.code for c in rules.deck])
        try:
            _kernel.playouts(table, (tuple(pos),), rng.choice([1, 10, 300]))
            outcomes["played"] += 1
        except (TypeError, ConquianError) as e:
            outcomes[type(e).__name__] += 1
        try:  # the strong player's inference: the same position as before or after a move, renamed at random
            good = kernel.position(g.snapshot())
            pair = (tuple(pos), good) if rng.random() < 0.5 else (good, tuple(pos))
            _kernel.misfits(table, (pair[0],), (pair[1],), tuple(_mapping(rng, rules) for _ in range(rng.randint(0, 4))))
            outcomes["misfits read"] += 1
        except (TypeError, ConquianError) as e:
            outcomes[f"misfits {type(e).__name__}"] += 1
    return dict(sorted(outcomes.items()))


def _in_melds(*positions) -> int:
    """The cards in the melds of the positions given (kernel.position's tuples): those everyone sees."""
    out = 0
    for p in positions:
        for melds in p[1]:
            for m in melds:
                out |= m
    return out


def _mapping(rng: random.Random, rules, fixed: int = 0, spoiled: bool = True):
    """A renaming of the pack's cards as the kernel's misfits() reads one (bytes, a byte for every code), most of them
    one to one on the pack and the cards of ``fixed`` (a mask: those in melds) left in place, some spoiled: short,
    long, a list, a card twice, a card out of the pack."""
    from conquian.games.conquian import kernel
    deck = [c.code for c in rules.deck if not (fixed >> c.code) & 1]
    m = bytearray(range(kernel.MAPPING_SIZE))
    dealt = deck[:]
    rng.shuffle(dealt)
    for a, b in zip(deck, dealt):
        m[a] = b
    spoil = rng.randrange(8) if spoiled else 0
    if spoil == 1:
        return bytes(m[:rng.randrange(kernel.MAPPING_SIZE)])
    if spoil == 2:
        return bytes(m) + bytes(rng.randrange(1, 4))
    if spoil == 3:
        return list(m)
    if spoil == 4:
        m[rng.choice(deck)] = rng.choice(deck)
    if spoil == 5:
        m[rng.choice(deck)] = rng.randrange(256)
    return bytes(m)


def hostile_walks(count: int, seed: int) -> dict:
    """The compiled walk given ``count`` hands and meld lists, some within what a deal holds (its answers compared
    with the walk in Python), most beyond: how each call ended, by kind."""
    from collections import Counter
    from conquian import variant
    from conquian.errors import ConquianError
    from conquian.games.romme import _walk, walk
    from conquian.games.romme.bags import JOKER_SHIFT, bag
    from conquian.games.romme.hands import hand_melds
    from conquian.games.romme.melds import meld_bag
    from conquian.games.romme.moves import counts_of
    from conquian.games.romme.search import Opening, card_values
    rng = random.Random(f"{seed}-walks")
    base = variant("romme-spielwiki")
    rule_sets = [base, base.replace(adjacent_jokers="any", min_naturals=1), base.replace(min_set=2, max_set=3),
                 base.replace(round_the_corner=True, max_sequence=13, ace="low-or-high")]
    outcomes = Counter()
    for trial in range(count):
        rules = rule_sets[trial % len(rule_sets)]
        suits = rng.sample(range(4), rng.randint(1, 4))
        codes = rng.sample([s * 13 + k for s in suits for k in range(13)] * 2, rng.randint(2, 14))
        codes += [52] * rng.randint(0, 6)
        melds = hand_melds(rules.melds, counts_of(codes))
        bags, points, hand = [meld_bag(m) for m in melds], [m.first_points(rules.ace_points) for m in melds], bag(codes)
        values, need, keep = list(card_values(rules.ace_points)), rng.randint(-5, 120), rng.random() < 0.5
        kind = rng.randrange(12)
        if kind == 1:  # a card three to fifteen times (the review's: twelve cards seven times)
            hand += rng.randint(3 - codes.count(codes[0]), 15 - codes.count(codes[0])) << (4 * codes[0])
        elif kind == 2:  # seven to fifteen jokers
            hand = (hand & ((1 << JOKER_SHIFT) - 1)) + (rng.randint(7, 15) << JOKER_SHIFT)
        elif kind == 3:  # a hand of 21 to 90 cards
            hand = bag(rng.sample(list(range(52)) * 2, rng.randint(21, 90)))
        elif kind == 4:  # not a bag
            hand = rng.choice([1 << (JOKER_SHIFT + 4 + rng.randrange(100)), -hand, 1 << 300, str(hand), float(hand),
                               True, None])
        elif kind == 5 and bags:  # melds repeated hundreds of times (a bag has many melds: to be answered)
            i = rng.randrange(len(bags))
            k = rng.randint(1, 500)
            bags, points = bags + [bags[i]] * k, points + [points[i]] * k
        elif kind == 6:  # a meld no deal holds, or not a bag
            bad = rng.choice([3 * bag([codes[0]]), (1 << 4) + (7 << JOKER_SHIFT), bag(list(range(21))),
                              3 << JOKER_SHIFT, -16, 1 << 300, "16", None])
            at = rng.randint(0, len(bags))
            bags, points = bags[:at] + [bad] + bags[at:], points[:at] + [1] + points[at:]
        elif kind == 7 and points:  # points out of range, or one too few
            if rng.random() < 0.3:
                points = points[:-1]
            else:
                points[rng.randrange(len(points))] = rng.choice([-1, 10 ** 9, 1 << 70, 2.5, None])
        elif kind == 8:  # values out of range, or too few
            if rng.random() < 0.3:
                values = values[: rng.randrange(53)]
            else:
                values[rng.randrange(53)] = rng.choice([-1, 1001, 1 << 70, "10"])
        elif kind == 9:  # a need beyond any machine int
            need = rng.choice([1 << 70, -(1 << 70), 1 << 63, -(1 << 63) - 1])
        try:
            found = _walk.fewest(bags, points, hand, need, keep, values)
            if kind in (0, 9) and len(codes) <= 16:  # within what a deal holds: the walk in Python answers alike
                python = walk.fewest(Opening(melds, rules.ace_points, bags, points), hand, need, keep)
                if python != found:
                    raise AssertionError(f"the walks differ: {rules}, {codes}, need {need}, keep {keep}")
            _walk.laid_out(bags, hand, rng.random() < 0.5, rng.random() < 0.5)
            outcomes["answered"] += 1
        except (TypeError, ConquianError) as e:
            outcomes[type(e).__name__] += 1
    return dict(sorted(outcomes.items()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rule-sets", type=int, default=200)
    parser.add_argument("--deals", type=int, default=200, help="deals per rule set and pair of players")
    parser.add_argument("--tables", type=int, default=3000, help="hostile tables given to the kernel")
    parser.add_argument("--walks", type=int, default=3000, help="hostile hands and melds given to the walk")
    parser.add_argument("--positions", type=int, default=2000, help="positions given to the kernel's playouts")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cc = shutil.which("gcc")
    if cc is None:
        print("fuzz_kernel: needs gcc (with AddressSanitizer)", file=sys.stderr)
        return 2
    asan = subprocess.run([cc, "-print-file-name=libasan.so"], capture_output=True, text=True).stdout.strip()
    ubsan = subprocess.run([cc, "-print-file-name=libubsan.so"], capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        package = Path(tmp) / "conquian"
        shutil.copytree(ROOT / "conquian", package, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        flags = [cc, "-shared", "-fPIC", "-g", "-O1", "-std=c11", "-Wall", "-Wextra", "-Werror",
                 "-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=undefined",
                 f"-I{sysconfig.get_paths()['include']}"]
        generated = Path(tmp) / "generated"  # the kernel's flags from the axes, as setup.py writes them
        generated.mkdir()
        (generated / "kernel_axes.h").write_text(subprocess.run(
            [sys.executable, "-c", HEADER], env={**os.environ, "PYTHONPATH": tmp}, cwd=tmp, capture_output=True,
            text=True, check=True).stdout, encoding="utf-8")
        for source, target in (("kernel.c", package / "games" / "conquian" / f"_kernel{suffix}"),
                               ("romme_walk.c", package / "games" / "romme" / f"_walk{suffix}")):
            subprocess.run(flags + [f"-I{generated}", str(ROOT / "native" / source), "-o", str(target)], check=True)
        env = {**os.environ, "LD_PRELOAD": f"{asan} {ubsan}", "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1",
               "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1", "PYTHONPATH": tmp,
               "CONQUIAN_VARIANTS": str(ROOT / "variants")}
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", CHILD, str(args.rule_sets), str(args.deals), str(args.tables),
                               str(args.walks), str(args.seed), str(ROOT / "tests"), str(args.positions)],
                              env=env, cwd=tmp)
        print(f"fuzz_kernel: exit status {done.returncode} after {time.perf_counter() - start:.0f} s "
              f"(seed {args.seed})")
        return done.returncode


if __name__ == "__main__":
    sys.exit(main())
