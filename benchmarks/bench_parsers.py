"""How long every parser takes on a megabyte of hostile text: each must answer (a value or a clear error) in
well under 100 ms.  Linear-time parsing is the design (no regular expression that can backtrack); this measures it.

    python benchmarks/bench_parsers.py [--json]

Each input is about 1 MB, built to hurt a naive parser: long runs of spaces, brackets that never close, one card
repeated, digits that never end.  The figure is the best of 5 runs, in milliseconds.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from conquian import Action, ConquianError, Game, RuleSet, cards, position  # noqa: E402
from conquian.declarations import load_declaration  # noqa: E402

MB = 1_000_000
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
    }


def main() -> None:
    rows = []
    for name, (parse, text) in cases().items():
        best = float("inf")
        outcome = ""
        for _ in range(5):
            start = time.perf_counter()
            try:
                parse(text)
                outcome = "accepted"
            except ConquianError as exc:
                outcome = type(exc).__name__
            best = min(best, time.perf_counter() - start)
        rows.append({"input": name, "ms": round(best * 1000, 1), "outcome": outcome})
    if "--json" in sys.argv:
        print(json.dumps(rows))
        return
    print("| input (about 1 MB) | best of 5, ms | outcome |\n|---|---:|---|")
    for r in rows:
        print(f"| {r['input']} | {r['ms']} | {r['outcome']} |")


if __name__ == "__main__":
    main()
