"""What the statistics find, in a player's words: each switch of a rule compared with the rules as declared, which
changes are clear once the number of comparisons is allowed for, the rows too unfinished to read, and the plain
sentences that open the statistics pages.

Each switched cell was played from the same seed as its rule set as declared, so the two are compared deal by deal
(the data file's ``paired`` counts, :func:`conquian.statistics.paired_share_difference`); the first player's share of
the won deals, a share of a different number of deals on each side, keeps the independent interval.  A change is
*clear* when it stays clear of zero after Holm's correction over every comparison on the page
(:func:`conquian.statistics.holm`, at 5 %).  A row where more than :data:`UNFINISHED_LIMIT` of the deals were stopped
unfinished (the greedy players going round without end) is greyed, never called clear, and says why.
Pure: no docutils.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from conquian.statistics import (UNFINISHED_LIMIT, holm, mean_interval, p_value, paired_mean_difference,
                                 paired_share_difference, share_difference, wilson)

__all__ = ["Comparison", "compare", "settle", "UNFINISHED_LIMIT", "opening_sources", "opening_effects",
           "opening_players"]


@dataclass
class Comparison:
    """One switch of one source's rule: the change in the share of deals won, in the first player's share of the won
    deals and in the decisions a deal takes (each value, low, high), and what is clear."""

    axis: str
    won: tuple
    first: tuple
    length: tuple
    unfinished: float
    paired: bool
    clear: dict = field(default_factory=dict)
    """Measure (``won``, ``first``, ``length``) -> whether its change is clear after Holm's correction."""

    @property
    def greyed(self) -> bool:
        return self.unfinished > UNFINISHED_LIMIT


def compare(f: dict, base: dict, pairs: "dict | None", axis: str) -> Comparison:
    """A switched cell's figures ``f`` against the rule set as declared (``base``), deal by deal where ``pairs``
    (the cell's ``paired`` counts) are given."""
    if pairs:
        n = pairs["deals"]
        won = paired_share_difference(pairs["won_here_only"], pairs["won_there_only"], n)
        length = paired_mean_difference(pairs["decisions_difference"], pairs["decisions_difference_squared"], n)
    else:
        won = share_difference(f["wins"], f["deals"], base["wins"], base["deals"])
        (m1, l1, _), (m0, l0, _) = (mean_interval(x["decisions"], x["decisions_squared"], x["deals"]) for x in (f, base))
        h = ((m1 - l1) ** 2 + (m0 - l0) ** 2) ** 0.5
        length = (m1 - m0, m1 - m0 - h, m1 - m0 + h)
    first = share_difference(f["first_wins"], max(f["wins"], 1), base["first_wins"], max(base["wins"], 1))
    unfinished = f["endings"].get("unfinished", 0) / max(f["deals"], 1)
    return Comparison(axis, won, first, length, unfinished, bool(pairs))


MEASURES = ("won", "first", "length")


def settle(comparisons: list[Comparison]) -> int:
    """Mark which changes are clear, Holm's correction taken over every measure of every comparison that is not
    greyed; returns how many were tested."""
    tested = [(c, m) for c in comparisons if not c.greyed for m in MEASURES]
    verdicts = holm([p_value(getattr(c, m)) for c, m in tested])
    for c in comparisons:
        c.clear = dict.fromkeys(MEASURES, False)
    for (c, m), clear in zip(tested, verdicts):
        c.clear[m] = clear
    return len(tested)


def _one_in(share: float) -> str:
    """A share as "one deal in six", for shares a player reads that way; else a percentage."""
    if share <= 0:
        return "no deal"
    n = round(1 / share)
    words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}
    if n in words and abs(1 / n - share) < 0.03:
        return f"about one deal in {words[n]}"
    return f"about {100 * share:.0f} % of the deals"


def opening_sources(rows: list[tuple[str, dict, int]]) -> list[str]:
    """The sentences that open the page by source: for each rule set, how often a deal ends in a tableau and whether
    the first say gives an edge, from ``(name, figures, players)`` of each."""
    out = []
    for name, f, players in rows:
        n, wins = f["deals"], f["wins"]
        tableau = f["endings"].get("tableau", 0) / n
        share = f["first_wins"] / max(wins, 1)
        lo, hi = wilson(f["first_wins"], max(wins, 1))
        fair = 1 / players  # no edge: each player wins his share of the won deals
        edge = ("the first say gives no edge you could measure" if lo <= fair <= hi else
                f"the player with the first say wins {100 * share:.0f} % of the won deals, "
                + ("an edge" if share > fair else "a handicap") + f" (no edge would be {100 * fair:.0f} %)")
        out.append(f"Under {name}, {_one_in(tableau)} ends in a tableau, and {edge}.")
    return out


def opening_effects(labelled: list[tuple[str, Comparison]], tested: int) -> list[str]:
    """The sentences that open the page of effects: how many changes are clear, the largest of them in deals won,
    and how many rows are greyed."""
    clear = [(label, c) for label, c in labelled if c.clear.get("won")]
    out = [f"Of {len(labelled)} switches of one rule (or two together), {len(clear)} change how often a deal has a "
           f"winner by more than chance would, even allowing for the {tested} comparisons on this page."]
    if clear:
        label, c = max(clear, key=lambda lc: abs(lc[1].won[0]))
        more = "more" if c.won[0] > 0 else "fewer"
        out.append(f"The largest: {label}, which gives {abs(100 * c.won[0]):.0f} in a hundred deals {more} a winner.")
    greyed = sum(c.greyed for _, c in labelled)
    if greyed:
        out.append(f"{greyed} switch{'es' if greyed != 1 else ''} leave more than "
                   f"{100 * UNFINISHED_LIMIT:.0f} % of the deals unfinished (the computer players go round without "
                   f"end): those rows are greyed and their figures say little.")
    return out


def opening_players(name: str, players: dict) -> list[str]:
    """The sentences that open the page by number of players, for one rule set: how long a deal takes with the
    fewest and with the most at the table, and how often the first to play wins, from each count's figures."""
    counts = sorted(players, key=int)
    low, high = players[counts[0]], players[counts[-1]]
    length = [mean_interval(f["decisions"], f["decisions_squared"], f["deals"])[0] for f in (low, high)]
    first = [(f["first_wins"] / max(f["wins"], 1), 1 / int(n)) for f, n in ((low, counts[0]), (high, counts[-1]))]
    return [f"Under {name}, a deal of {counts[0]} players takes about {length[0]:.0f} decisions in all, one of "
            f"{counts[-1]} about {length[1]:.0f}.",
            f"The first to play wins {100 * first[0][0]:.0f} % of the deals with {counts[0]} at the table (his fair share "
            f"{100 * first[0][1]:.0f} %) and {100 * first[1][0]:.0f} % with {counts[-1]} (fair share "
            f"{100 * first[1][1]:.0f} %)."]
