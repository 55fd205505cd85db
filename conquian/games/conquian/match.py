"""A match: several deals between two players (or three, where the rules allow), scored and with the deal passing as
the rules say."""

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
    """Deals between two named players (or three, seated in that order to the right, where ``max_players`` allows),
    scored under the rules' ``scoring``, ``tableau_stake`` and ``dealer_rotation``.

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

    With three, each opponent pays the winner (``scoring = stake``), and the deal passes to the right:

    >>> m = Match('pagat-mexican', players=('Ana', 'Beto', 'Cruz'))
    >>> m.dealer, m.pone, m.middle
    ('Ana', 'Beto', 'Cruz')
    >>> m.add('middle wins'), m.scores, m.dealer
    (2, {'Ana': -1, 'Beto': -1, 'Cruz': 2}, 'Beto')
    """

    def __init__(self, rules: "RuleSet | str", players: tuple[str, str] = ("A", "B"), first_dealer: str | None = None):
        self.rules = as_rules(rules)
        if isinstance(players, str) or not isinstance(players, (tuple, list)):
            raise TypeError(f"Match(players=...) takes a pair of names, such as ('North', 'South'), "
                            f"not {type(players).__name__} {players!r:.40}")
        most = self.rules.max_players
        if (len(players) not in range(2, most + 1) or len(set(players)) != len(players)
                or not all(isinstance(p, str) and p.strip() for p in players)):
            count = "two different player names" if most == 2 else f"two to {most} different player names"
            raise ConquianError(f"a match under {self.rules} needs {count} (rule max_players), not {players!r:.80}")
        if len(players) == 3 and self.rules.scoring is Scoring.PIPS:
            raise ConquianError("a match of three under scoring = pips would need each loser's pips, which a deal's "
                                "outcome does not give apart: not played")
        if len(players) == 3 and self.rules.dealer_rotation is DealerRotation.LOSER_DEALS:
            raise ConquianError("a match of three under dealer_rotation = loser-deals has two losers to choose the "
                                "next dealer from: not played")
        self.players = tuple(players)
        if first_dealer is None:
            first_dealer = players[0]
        if first_dealer not in players:
            raise ConquianError(f"the first dealer must be one of {' or '.join(map(repr, players))}, "
                                f"not {first_dealer!r:.40}")
        self.dealer = first_dealer
        self.scores = {p: 0 for p in players}
        self.ties = 0
        """Tied deals (tableaux) since the last game won."""
        self.results: list[DealResult] = []

    def seated(self, role: Role) -> str:
        """Who sits in ``role`` this deal: the players are seated to the right in their order, from the dealer."""
        n = len(self.players)
        return self.players[(self.players.index(self.dealer) + int(role)) % n]

    @property
    def pone(self) -> str:
        """The player to the dealer's right, who plays first."""
        return self.seated(Role.PONE)

    @property
    def middle(self) -> "str | None":
        """In a match of three, the player to the pone's right; else None."""
        return self.seated(Role.MIDDLE) if len(self.players) == 3 else None

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
        """Record how a deal ended (an :class:`~conquian.games.conquian.state.Outcome`, or ``'dealer wins'``, ``'pone wins'``,
        ``'middle wins'`` (with three), ``'tableau'``).

        Returns the points scored.  The dealer for the next deal changes as the rules say.
        """
        if (isinstance(outcome, str) and self.rules.scoring is Scoring.PIPS
                and outcome.strip().lower() in ("dealer wins", "pone wins")):
            raise ConquianError(f"scoring = pips counts the loser's pips, which {outcome!r} does not give: "
                                f"add the deal's Outcome (game.outcome), or say them ('{outcome.strip()}, 17 pips')")
        outcome = _outcome(outcome)
        dealer, pone = self.dealer, self.pone
        if outcome.winner is not None and outcome.winner >= len(self.players):
            raise ConquianError(f"a match of two has no middle player: {outcome} is not a result of its deals")
        if outcome.termination is Termination.MISDEAL:  # the deal is void: no score, the same dealer deals again
            self.results.append(DealResult(dealer, outcome, None, 0))
            return 0
        if outcome.termination is Termination.TABLEAU:
            self.ties += 1
            self.results.append(DealResult(dealer, outcome, None, 0))
            self.dealer = pone  # after a tie the non-dealer deals (Foster); there is no winner to decide otherwise
            return 0
        winner = self.seated(outcome.winner)
        losers = [p for p in self.players if p != winner]
        loser = losers[0]  # with two, the one loser (a match of three never asks: see __init__)
        base = outcome.loser_pips if self.rules.scoring is Scoring.PIPS else 1
        points = self.value(base)
        if self.rules.scoring is not Scoring.POINT:  # a stake or pips are paid by each loser to the winner
            for p in losers:
                self.scores[p] -= points
            points *= len(losers)
        self.scores[winner] += points
        self.ties = 0
        self.results.append(DealResult(dealer, outcome, winner, points))
        rotation = self.rules.dealer_rotation
        self.dealer = {DealerRotation.ALTERNATE: pone, DealerRotation.WINNER_DEALS: winner,
                       DealerRotation.LOSER_DEALS: loser}[rotation]
        return points

    def play_deal(self, choose: Callable[[Game], object], seed: int | None = None) -> Game:
        """Play one deal to its end, ``choose(game)`` picking each action; record it; return the finished game."""
        game = Game(self.rules, len(self.players), seed=seed)
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
        if result in ("dealer wins", "pone wins", "middle wins"):
            winner = Role.parse(result.split()[0])
            if not pips:
                return Outcome(Termination.WIN, winner)
            if len(pips) == 2 and pips[1] == "pips" and pips[0].isascii() and pips[0].isdigit() and len(pips[0]) <= 4:
                return Outcome(Termination.WIN, winner, loser_pips=int(pips[0]))
    raise ConquianError(f"a deal's result is 'dealer wins', 'pone wins' (with the loser's pips: 'pone wins, 17 pips'), "
                        f"'middle wins' with three, 'tableau' or 'misdeal' (or an Outcome), not {value!r:.60}")


def random_player(rng: random.Random) -> Callable[[Game], object]:
    """A player that picks uniformly among the legal actions."""
    return lambda game: rng.choice(game.legal_actions())
