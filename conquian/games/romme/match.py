"""A Rommé match: the seating and the first dealer, the deal passing on, and the penalty points over several deals.

>>> from conquian.games.romme.match import RommeMatch
>>> from conquian.games.romme.state import Outcome, Termination
>>> m = RommeMatch('romme-spielwiki', players=('Ann', 'Bob', 'Cem'), seed=1)
>>> m.seats            # clockwise from the dealer, who drew the highest card
('Cem', 'Bob', 'Ann')
>>> m.add(Outcome(Termination.WIN, 2, (14, 30, 0)))    # Ann (seat 2) went out
{'Cem': 14, 'Bob': 30, 'Ann': 0}
>>> m.seats            # the deal passed to the left (next_dealer = left)
('Bob', 'Ann', 'Cem')

Drawing for seats (``first_dealer = highest-card``): every player draws a card from the spread pack; the ace
ranks highest, then king down to 2; a player who draws a joker, or a card of a rank another player drew,
draws again (the article does not say how cards rank here: this is the project's reading).  The highest card
deals first, and the others sit to his left in the order of their cards, the next highest at his left.
"""

from __future__ import annotations

import random
from typing import Callable

from ...errors import ConquianError
from ...text import shorten
from .game import RommeGame, as_rules
from .melds import card_value
from .rules import FirstDealer, NextDealer, RommeRules
from .state import Outcome, Termination

__all__ = ["RommeMatch", "draw_for_seats"]


def draw_for_seats(rules: RommeRules, players: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    """The players clockwise from the first dealer, as ``first_dealer`` says."""
    if rules.first_dealer is FirstDealer.LOT:
        first = rng.randrange(len(players))
        return players[first:] + players[:first]
    pack = [c.code for c in rules.shape.cards]
    rng.shuffle(pack)
    drawn: dict[str, int] = {}
    waiting = list(players)
    while waiting:
        again = []
        for p in waiting:
            code = pack.pop()
            rank = 14 if code % 13 == 0 else code % 13 + 1
            if code == 52 or rank in drawn.values():
                again.append(p)
                pack.insert(0, code)  # the card goes back under the spread
            else:
                drawn[p] = rank
        waiting = again
    return tuple(sorted(players, key=lambda p: -drawn[p]))


class RommeMatch:
    """Deals between named players, the penalty points of each added up, the deal passing as the rules say."""

    def __init__(self, rules: "RommeRules | str", players: tuple[str, ...] = ("A", "B"), seed: "int | None" = None,
                 drawn: bool = True):
        """``drawn``: the first dealer chosen as the rules say (``first_dealer``), with ``seed``; False: the players sit in
        the order given, the first dealing (a table where the seats are already taken, as the play page's)."""
        self.rules = as_rules(rules)
        if isinstance(players, str) or not isinstance(players, (tuple, list)):
            raise TypeError(f"RommeMatch(players=...) takes the players' names, not {type(players).__name__}")
        players = tuple(players)
        r = self.rules
        if len(set(players)) != len(players) or not all(isinstance(p, str) and p.strip() for p in players):
            raise ConquianError(f"a match needs different player names, not {players!r:.80}")
        if not r.min_players <= len(players) <= r.max_players:
            raise ConquianError(f"{len(players)} players: {r} is played by {r.min_players} to {r.max_players}")
        self.rng = random.Random(seed)
        self._seats = draw_for_seats(r, players, self.rng) if drawn else players
        self.penalties = {p: 0 for p in players}
        """Penalty points so far, by player: the lowest total is ahead."""
        self.results: list[tuple[tuple[str, ...], Outcome]] = []

    @property
    def seats(self) -> tuple[str, ...]:
        """The players clockwise from this deal's dealer (seat 0 of the next :class:`RommeGame`)."""
        return self._seats

    def add(self, outcome: Outcome) -> dict[str, int]:
        """Record how a deal ended; returns the penalty points it gave each player, and passes the deal on."""
        self._check(outcome)  # all of it before any of it is applied
        seats = self._seats
        given = {p: outcome.penalties[i] for i, p in enumerate(seats)}
        for p, points in given.items():
            self.penalties[p] += points
        self.results.append((seats, outcome))
        dealer = 1
        if self.rules.next_dealer is NextDealer.WINNER and outcome.termination is Termination.WIN:
            dealer = outcome.winner
        self._seats = seats[dealer:] + seats[:dealer]
        return given

    def _check(self, outcome: Outcome) -> None:
        """Refuse an outcome no deal of this match can give: wrong seats, a win with points for the winner, points
        beyond the cards a hand can hold, a Hand-Rommé where the rules have none."""
        n, r = len(self._seats), self.rules
        if not isinstance(outcome, Outcome):
            raise ConquianError(f"RommeMatch.add() takes a deal's Outcome, not {type(outcome).__name__}")
        p = outcome.penalties
        if not isinstance(p, tuple) or len(p) != n or not all(type(x) is int and x >= 0 for x in p):
            raise ConquianError(f"a deal's result gives {n} seats whole penalty points, 0 or more; "
                                f"not {shorten(repr(p), 60)}")
        if outcome.termination is not Termination.WIN:
            if any(p):
                raise ConquianError(f"a deal nobody won scores nothing; not {shorten(repr(p), 60)}")
            return
        w = outcome.winner
        if not 0 <= w < n or p[w]:
            raise ConquianError(f"the winner is a seat, 0 to {n - 1}, who scores no penalty; not seat {w} with {p[w % n]}")
        if outcome.hand_romme and not r.hand_romme:
            raise ConquianError(f"a Hand-Rommé under {r}, which has none (rule hand_romme)")
        double = 2 if outcome.hand_romme else 1
        # Each loser holds at most hand_size cards; all of them together at most the dearest cards of the pack.
        values = sorted((card_value(c.code, r.ace_points, r.joker_points) for c in r.shape.cards), reverse=True)
        one, most = double * sum(values[:r.hand_size]), double * sum(values[:r.hand_size * (n - 1)])
        low = double * 2 * r.hand_size if outcome.hand_romme else double  # a Hand-Rommé leaves full hands
        for seat, points in enumerate(p):
            if seat != w and not (low <= points <= one and points % double == 0):
                raise ConquianError(f"seat {seat}'s {points} penalty points: a hand left at the end counts "
                                    f"{low} to {one}" + (", doubled, for a Hand-Rommé" if double == 2 else ""))
        if sum(p) > most:
            raise ConquianError(f"{sum(p)} penalty points in all: the hands left hold at most {most}")

    def play_deal(self, choose: Callable[[RommeGame], object], seed: "int | None" = None) -> RommeGame:
        """Play one deal to its end, ``choose(game)`` picking each action; record it; return the finished game."""
        game = RommeGame(self.rules, len(self._seats), seed=seed)
        while not game.is_over:
            game.play(choose(game))
        self.add(game.outcome)
        return game

    def __repr__(self) -> str:
        return f"<RommeMatch {self.rules} {self.penalties} seats={self._seats}>"
