"""A match: several deals between two players, scored and with the deal passing as the rules say."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from ...errors import ConquianError
from .game import Game, as_rules
from .state import Outcome, Role, Termination
from .rules import DealerRotation, RuleSet, Scoring, TableauStake

__all__ = ["Match", "DealResult"]


@dataclass(frozen=True)
class DealResult:
    """One deal of a match: who dealt, how it ended, who scored what."""

    dealer: str
    outcome: Outcome
    winner: str | None
    points: int


class Match:
    """Deals between two named players, scored under the rules' ``scoring``, ``tableau_stake`` and ``dealer_rotation``.

    >>> m = Match('foster-1913', players=('North', 'South'), first_dealer='North')
    >>> m.add('tableau'), m.dealer        # a tie: the non-dealer deals the next game
    (0, 'South')
    >>> m.add('pone wins')                # North, now the pone, wins the point and the tied game's
    2
    >>> m.scores
    {'North': 2, 'South': 0}
    >>> m.add('tableau'), m.stake, m.may_stop
    (0, 2, False)

    After a tableau the next game must be played (``may_stop`` is False until a game is won): Foster's tie
    is "to be decided by the result of the next hand", rummy.ch's next round is "zwingende" (compulsory).
    """

    def __init__(self, rules: "RuleSet | str", players: tuple[str, str] = ("A", "B"), first_dealer: str | None = None):
        self.rules = as_rules(rules)
        if isinstance(players, str) or not isinstance(players, (tuple, list)):
            raise TypeError(f"Match(players=...) takes a pair of names, such as ('North', 'South'), "
                            f"not {type(players).__name__} {players!r:.40}")
        if len(players) != 2 or players[0] == players[1] or not all(isinstance(p, str) and p.strip() for p in players):
            raise ConquianError(f"a match needs two different player names, not {players!r:.80}")
        self.players = tuple(players)
        if first_dealer is None:
            first_dealer = players[0]
        if first_dealer not in players:
            raise ConquianError(f"the first dealer must be one of {players[0]!r} or {players[1]!r}, not {first_dealer!r}")
        self.dealer = first_dealer
        self.scores = {p: 0 for p in players}
        self.ties = 0
        """Tied deals (tableaux) since the last game won."""
        self.results: list[DealResult] = []

    @property
    def pone(self) -> str:
        return self.players[1] if self.dealer == self.players[0] else self.players[0]

    @property
    def may_stop(self) -> bool:
        """Whether the match may end here: not while a tied game waits to be decided by the next (where a tie's stake
        lapses, nothing waits)."""
        return self.ties == 0 or self.rules.tableau_stake is TableauStake.LAPSES

    @property
    def stake(self) -> int:
        """What the next game won is worth, in points or stake units (before pips, under ``scoring = pips``)."""
        return self.value(1)

    def value(self, base: int) -> int:
        """What the next game won is worth, given its own value (1, or the loser's pips under ``scoring = pips``).

        ``tableau_stake = carried``: the base plus one unit for each tied game before it;
        ``doubled``: the base doubled for each tied game before it; ``doubled-once``: the base doubled once after
        any number of tied games; ``lapses``: the base, whatever ties ran before.
        """
        if self.rules.tableau_stake is TableauStake.LAPSES:
            return base
        if self.rules.tableau_stake is TableauStake.CARRIED:
            return base + self.ties
        if self.rules.tableau_stake is TableauStake.DOUBLED_ONCE:
            return base * 2 if self.ties else base
        return base * 2 ** self.ties

    def add(self, outcome: "Outcome | str") -> int:
        """Record how a deal ended (an :class:`~conquian.games.conquian.state.Outcome`, or ``'dealer wins'``, ``'pone wins'``, ``'tableau'``).

        Returns the points scored.  The dealer for the next deal changes as the rules say.
        """
        if isinstance(outcome, str) and self.rules.scoring is Scoring.PIPS and outcome.strip().lower() in ("dealer wins", "pone wins"):
            raise ConquianError(f"scoring = pips counts the loser's pips, which {outcome!r} does not give: "
                                f"add the deal's Outcome (game.outcome), or say them ('{outcome.strip()}, 17 pips')")
        outcome = _outcome(outcome)
        dealer, pone = self.dealer, self.pone
        if outcome.termination is Termination.MISDEAL:  # the deal is void: no score, the same dealer deals again
            self.results.append(DealResult(dealer, outcome, None, 0))
            return 0
        if outcome.termination is Termination.TABLEAU:
            self.ties += 1
            self.results.append(DealResult(dealer, outcome, None, 0))
            self.dealer = pone  # after a tie the non-dealer deals (Foster); there is no winner to decide otherwise
            return 0
        winner = dealer if outcome.winner is Role.DEALER else pone
        loser = pone if winner == dealer else dealer
        base = outcome.loser_pips if self.rules.scoring is Scoring.PIPS else 1
        points = self.value(base)
        self.scores[winner] += points
        if self.rules.scoring is not Scoring.POINT:  # a stake or pips are paid by the loser to the winner
            self.scores[loser] -= points
        self.ties = 0
        self.results.append(DealResult(dealer, outcome, winner, points))
        rotation = self.rules.dealer_rotation
        self.dealer = {DealerRotation.ALTERNATE: pone, DealerRotation.WINNER_DEALS: winner,
                       DealerRotation.LOSER_DEALS: loser}[rotation]
        return points

    def play_deal(self, choose: Callable[[Game], object], seed: int | None = None) -> Game:
        """Play one deal to its end, ``choose(game)`` picking each action; record it; return the finished game."""
        game = Game(self.rules, seed=seed)
        while not game.is_over:
            game.play(choose(game))
        self.add(game.outcome)
        return game

    def __repr__(self) -> str:
        return f"<Match {self.rules} {self.scores} dealer={self.dealer!r} ties={self.ties}>"


def _outcome(value: "Outcome | str") -> Outcome:
    if isinstance(value, Outcome):
        return value
    if isinstance(value, str):
        v = " ".join(value.lower().split())
        if v in ("tableau", "misdeal"):
            return Outcome(Termination(v))
        result, _, pips = v.partition(",")  # "pone wins, 17 pips": the pips left in the loser's hand
        result, pips = result.strip(), pips.split()
        if result in ("dealer wins", "pone wins"):
            winner = Role.DEALER if result.startswith("dealer") else Role.PONE
            if not pips:
                return Outcome(Termination.WIN, winner)
            if len(pips) == 2 and pips[1] == "pips" and pips[0].isascii() and pips[0].isdigit() and len(pips[0]) <= 4:
                return Outcome(Termination.WIN, winner, loser_pips=int(pips[0]))
    raise ConquianError(f"a deal's result is 'dealer wins', 'pone wins' (with the loser's pips: 'pone wins, 17 pips'), "
                        f"'tableau' or 'misdeal' (or an Outcome), not {value!r:.60}")


def random_player(rng: random.Random) -> Callable[[Game], object]:
    """A player that picks uniformly among the legal actions."""
    return lambda game: rng.choice(game.legal_actions())
