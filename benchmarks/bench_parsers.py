"""How long every parser takes on a megabyte of hostile text, and every other public door on hostile arguments: each
must answer (a value or a clear error: a ConquianError subclass or a TypeError, in at most 300 characters) in well
under 100 ms.  Linear-time parsing is the design (no regular expression that can backtrack); this measures it.

    python benchmarks/bench_parsers.py [--json]

Each text input is about 1 MB, built to hurt a naive parser: long runs of spaces, brackets that never close, one card
repeated, digits that never end.  The other doors (simulations, the kernel's functions, actions built around their
check, a rule set no decision could weigh) get the arguments of issue 28.  The figure is the best of 5 runs, in
milliseconds; ``chars`` is the length of the error's message.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from conquian import Action, ConquianError, Game, RuleSet, cards, parse_rules, position  # noqa: E402
from conquian.declarations import load_declaration  # noqa: E402

MB = 1_000_000
PAIRS = ("rummy-ch(drawn_to_hand=true, hand_size=19, deal_packet=1, min_set=2, min_sequence=2, cards_to_win=20, "
         "round_the_corner=true, ace=low-or-high)")
GOOD = "variant: rummy-ch\ndealer hand: 6♦ A♠ 2♠ 7♠ J♦ Q♣\ndealer melds: [3♥ 4♥ 5♥ 6♥]\n" \
       "pone hand: 3♠ 4♠ 5♠ A♥ 2♥ 7♥ A♦\npone melds: [K♠ K♥ K♣]\noffer: 6♣ discarded by pone\n"


def cases():
    tmp = Path(tempfile.mkdtemp())
    decl = tmp / "rummy-ch.toml"
    decl.write_text("id = \"rummy-ch\"\n" + "#" + " " * MB + "\ntitle = [" + "[" * 50 + "\n", encoding="utf-8")
    return {
        "cards: a card a million times": (cards, "7♠ " * (MB // 3)),
        "cards: one token of a megabyte": (cards, "7" * MB + "♠"),
        "action: brackets that never close": (Action.parse, "use " + "[" * MB),
        "action: a discard of 300,000 cards": (Action.parse, "discard " + "7♠ " * (MB // 3)),
        "rule set: spaces, then an open parenthesis": (RuleSet.parse, "dutch" + " " * MB + "("),
        "rule set: a value of a million digits": (RuleSet.parse, "dutch(max_sequence=" + "9" * MB + ")"),
        "rule set: a million settings": (RuleSet.parse, "dutch(" + "pack=spanish," * (MB // 13) + ")"),
        "position: a megabyte of spaces in the variant": (position, "variant: " + " " * MB + "x(\n" + GOOD),
        "position: a stock line of brackets": (position, GOOD + "stock: " + "[" * MB),
        "position: a million lines": (position, GOOD + "# note\n" * (MB // 7)),
        "record: a million moves": (Game.from_record, "variant: dutch\npack: A♠\ncut: 0\nmoves:\n" + "pone: pass\n" * (MB // 11)),
        "record: a cut of a million digits": (Game.from_record, "variant: dutch\npack: A♠\ncut: " + "9" * MB + "\nmoves:\n"),
        "declaration: a megabyte comment and deep nesting": (load_declaration, decl),
        "rule set: 'romme', a million spaces, 'spielwiki'": (parse_rules, "romme" + " " * MB + "spielwiki"),
        "rule set: pairs and hands of 19 (no decision weighs them)": (parse_rules, PAIRS),
        **doors(),
    }


def doors() -> dict:
    """The doors that take arguments rather than text (issue 28, items 3, 6, 7 and 8)."""
    from conquian.games.conquian import kernel
    from conquian.games.conquian.actions import Kind
    from conquian.simulation import simulate

    g = Game("foster-1913(pack=ace-to-ten)", seed=2)
    rules, romme = parse_rules("foster-1913"), parse_rules("romme-spielwiki")
    out = {f"simulate: games={shown}": (lambda v: simulate("foster-1913", v, seed=1), v)
           for shown, v in (("2.5", 2.5), ("nan", float("nan")), ("inf", float("inf")), ("True", True), ("0", 0),
                            ("10**5000", 10 ** 5000))}
    out["simulate (CLI): --games 0"] = (cli, ["simulate", "--variant", "dutch", "--games", "0"])
    out["play: a use of forty melds"] = (g.copy().play, "use " + " ".join(f"[{c}]" for c in g.pack))
    out["play: an Action built with tuple.__new__"] = (g.copy().play, tuple.__new__(Action, (Kind.USE,)))
    if kernel.available():
        for name, args in {"Rommé rules": (romme, ["random"] * 2, 3), "a strategy as a string": (rules, "random", 3),
                           "-1 deals": (rules, ["random"] * 2, -1), "2**40 deals": (rules, ["random"] * 2, 2 ** 40)}.items():
            out[f"kernel.tally: {name}"] = (lambda a: kernel.tally(a[0], a[1], random.Random(1), a[2]), args)
    return out


def cli(argv: list) -> None:
    """The command line, its message as the error (it prints to stderr and exits 2)."""
    import contextlib
    import io

    from conquian.cli import main
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(argv)
    if status == 2:
        raise ConquianError(err.getvalue().strip().removeprefix("conquian: error: "))


def main() -> None:
    rows = []
    for name, (parse, text) in cases().items():
        best = float("inf")
        outcome, chars = "", 0
        for _ in range(5):
            start = time.perf_counter()
            try:
                parse(text)
                outcome = "accepted"
            except (ConquianError, TypeError) as exc:
                outcome, chars = type(exc).__name__, len(str(exc))
            best = min(best, time.perf_counter() - start)
        rows.append({"input": name, "ms": round(best * 1000, 2), "outcome": outcome, "chars": chars})
    if "--json" in sys.argv:
        print(json.dumps(rows))
        return
    print("| input (text: about 1 MB) | best of 5, ms | outcome | chars |\n|---|---:|---|---:|")
    for r in rows:
        print(f"| {r['input']} | {r['ms']} | {r['outcome']} | {r['chars']} |")


if __name__ == "__main__":
    main()
