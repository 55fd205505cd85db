"""Determinised Monte Carlo: how the strong computer player weighs its choices, in any game of the family.

A seat cannot see the stock or the other hands.  To judge an action, the strong player deals those unseen cards
anew many times, each time consistently with what the seat knows (:func:`sample`: a card it saw go into an
opponent's hand stays there; the rest are shuffled among the unseen places, each keeping its count), plays the
action in each such deal and plays the deal out between greedy players (:func:`playout`).  The action that wins
most often, over the same samples for every action, is chosen (:func:`weigh`).  A close call is weighed on more
deals: in batches, each later one played only for the best action so far and those still within two standard
errors of it (the strong level: up to three batches of 96).  The samples are drawn with the generator given, so a
choice is fixed by it.

What the other seats did tells something of their hands.  The levels read the cards they passed (a sample in which
the passer could have used the card is set aside).  On request (``reads="moves"``) every move they made is read, as
a greedy player would have made it with the hand the sample deals him (:func:`sampled`, on the game's native
kernel: the question is asked of tens of thousands of renamed positions a decision; where the kernel cannot ask it,
the passes alone are read).  It guesses a greedy opponent's hand better, but did not win more deals against him
(benchmarks/README.md), so no level reads so.

Each game says which places a seat cannot see and how to put other cards there (its ``hidden`` module, see
:attr:`conquian.gametype.GameType.hidden`).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field

from .errors import ConquianError
from .games import game_of
from .text import shorten
from .vocabulary import action_kind

__all__ = ["Knowledge", "knowledge", "known_cards", "sample", "sampled", "READS", "TRIES", "MOVE_TRIES", "playout",
           "weigh", "Weighing", "PLAYOUT_LIMIT", "CLOSE"]

PLAYOUT_LIMIT = 300
"""Decisions a playout may take before it is scored as nobody's deal (a deal between greedy players that goes round
and round without an end)."""


def _codes(cards) -> Counter:
    return Counter(c.code for c in cards)


@dataclass(frozen=True)
class Knowledge:
    """What seat ``me`` knows of the cards it cannot see: ``known``, hidden place -> the cards (a Counter of codes)
    it saw go there and knows are still there (a card it passed on before play, a card an opponent took from the
    table into his hand); ``telling``, the deal as it stood before each move of another seat that tells something
    of his hand (in Conquian, a card passed: he could not, or would not, use it)."""

    known: dict
    telling: tuple
    moves: tuple = ()
    """Each move of another seat, as the deal before it and the deal it led to (what the strong level reads)."""
    at: tuple = field(default=(), repr=False, compare=False)
    """The deal as it stood when this was known (a copy) and the seat, from which :func:`knowledge` carries on."""


def knowledge(game, me, earlier: "Knowledge | None" = None) -> Knowledge:
    """What seat ``me`` knows (see :class:`Knowledge`), found by playing the deal's moves again from its start
    (:meth:`~conquian.deal.Deal.replayed`), or from where ``earlier`` knowledge of this deal left off (the same
    knowledge, sooner); a deal with an irregularity reported is not followed (nothing is known)."""
    hidden_of = game_of(game).hidden
    hidden = hidden_of.hidden_places(int(me), game.players)
    if earlier is not None and earlier.at and earlier.at[1] == int(me) and game.follows(earlier.at[0]):
        last = earlier.at[0]
        steps, deals = [], [last]
        for who, action in game.history[last.decisions:]:
            steps.append((who, action, deals[-1]))
            deals.append(deals[-1].copy().play(action))
        known = {name: Counter(cards) for name, cards in earlier.known.items()}
        telling, moves = list(earlier.telling), list(earlier.moves)
    else:
        known, telling, moves = {name: Counter() for name in hidden if name != "stock"}, [], []
        try:
            steps = list(game.replayed()) if game.history else []
        except ConquianError:  # a deal with an irregularity reported: not followed move by move
            return Knowledge(known, ())
        deals = [g for _who, _action, g in steps] + [game.copy()]  # a copy: the deal goes on, what was known stays
    tells = getattr(hidden_of, "tells", None)
    places = [g.places() for g in deals]  # each state's, once
    for k, ((who, action, g), before, after) in enumerate(zip(steps, places, places[1:])):
        if who != me and tells is not None and tells(action):
            telling.append(g)
        if who != me:
            moves.append((g, deals[k + 1]))
        seen = Counter()
        for name, cards in before.items():
            if name not in hidden:
                seen.update(c.code for c in cards)
        for name in known:
            now = _codes(after[name])
            known[name] = (known[name] + ((now - _codes(before[name])) & seen)) & now
    return Knowledge(known, tuple(telling), tuple(moves), (deals[-1], int(me)))


def known_cards(game, me) -> dict:
    """Hidden place -> the cards seat ``me`` knows are there (:attr:`Knowledge.known`)."""
    return knowledge(game, me).known


TRIES = 16
"""Deals drawn at most for one sample, looking for one that every telling move fits (else the one that fits most)."""

MOVE_TRIES = 64
"""Deals drawn for one sample where every move is read (:func:`sampled`): in the middle of a deal often fewer than
one random deal in sixteen fits them all; more tries guess the opponent's hand better (Foster's game, 40 positions,
16 samples each: 39 % of his cards right with 16 tries, 42 % with 64, 44 % with 256; 35 % reading the passes alone,
32 % by chance)."""


READS = ("passes", "moves")
"""What the strong player reads in the other seats' moves (:func:`sampled`): the cards they passed, or every move."""


def _unseen(game, me, known: Knowledge) -> tuple:
    """The hidden places, the cards to deal anew among them (sorted codes) and, for each place, the known cards it
    keeps and how many more it takes."""
    names = game_of(game).hidden.hidden_places(int(me), game.players)
    places = game.places()
    pool, kept = [], {}
    for name in names:
        cards = _codes(places[name])
        keep = known.known.get(name, Counter()) & cards
        pool.extend(sorted((cards - keep).elements()))
        kept[name] = (sorted(keep.elements()), len(places[name]) - sum(keep.values()))
    return names, pool, kept


def _placed(game, unseen: tuple, dealt: list):
    """``game`` with the unseen cards (see :func:`_unseen`) dealt as ``dealt`` lists them."""
    names, _pool, kept = unseen
    contents, i = {}, 0
    for name in names:
        keep, n = kept[name]
        contents[name] = keep + dealt[i:i + n]
        i += n
    return game_of(game).hidden.with_cards(game, contents)


def sample(game, me, rng: random.Random, known: "Knowledge | None" = None):
    """A copy of ``game`` with the cards seat ``me`` cannot see dealt anew at random, consistently with what it
    knows (see :func:`knowledge`; found here when not given): the known cards stay where they are, and among
    :data:`TRIES` deals the first is taken that every telling move fits (a card passed that the hand dealt to its
    passer could not use), else the one that fits most."""
    known = knowledge(game, me) if known is None else known
    return _drawn(game, rng, _unseen(game, me, known), _readings(game_of(game).hidden, known.telling))


def _readings(hidden_of, telling) -> list:
    """For each telling move, a test of a renaming of the unseen cards: whether the move contradicts it (the
    game's ``reading``, which reads the deal once, where it has one; else its ``contradicts``, asked each time)."""
    reading = getattr(hidden_of, "reading", None)
    if reading is not None:
        return [reading(before) for before in telling]
    return [lambda mapping, before=before: hidden_of.contradicts(before, mapping) for before in telling]


def _drawn(game, rng: random.Random, unseen: tuple, readings: list):
    """:func:`sample`'s deal, the unseen cards and the tests of the telling moves found already (the same for
    every sample of a decision)."""
    pool = unseen[1]
    best, fewest = None, None
    for _ in range(TRIES if readings else 1):
        dealt = pool[:]
        rng.shuffle(dealt)
        if readings:
            mapping = dict(zip(pool, dealt))
            misfits = sum(1 for contradicted in readings if contradicted(mapping))
        else:
            misfits = 0
        if fewest is None or misfits < fewest:
            best, fewest = dealt, misfits
        if misfits == 0:
            break
    return _placed(game, unseen, best)


def sampled(game, me, rng: random.Random, n: int, known: "Knowledge | None" = None, reads: str = "passes") -> list:
    """``n`` samples (see :func:`sample`).  ``reads="moves"`` (a strong player's option, no level's) asks more of
    them: each of :data:`MOVE_TRIES` deals is held against every move another seat made, by the game's kernel (the
    moves a greedy player would not have made there are counted), and the first that fits them all is taken, else
    the one that fits most; where the game has no kernel for these rules, the passes alone are read
    (``reads="passes"``)."""
    if reads not in READS:
        raise ConquianError(f"reads {shorten(str(reads), 20)!r}: {' or '.join(map(repr, READS))}")
    known = knowledge(game, me) if known is None else known
    kernel = game_of(game).kernel
    read = kernel.moves_read(known.moves) if reads == "moves" and kernel is not None else None
    if read is not None:
        unseen = _unseen(game, me, known)
        pool = unseen[1]
        draws = []
        for _ in range(n * MOVE_TRIES):
            dealt = pool[:]
            rng.shuffle(dealt)
            draws.append(dealt)
        counts = kernel.misfits(read, [_mapping(pool, d, kernel.MAPPING_SIZE) for d in draws])
        # for each sample, the first of its tries that fits every move, else the one that fits most
        return [_placed(game, unseen, draws[min(range(k * MOVE_TRIES, (k + 1) * MOVE_TRIES),
                                                key=lambda i: (counts[i], i))]) for k in range(n)]
    unseen, readings = _unseen(game, me, known), _readings(game_of(game).hidden, known.telling)
    return [_drawn(game, rng, unseen, readings) for _ in range(n)]


def _mapping(pool: list, dealt: list, size: int) -> bytes:
    """The renaming of :func:`conquian.games.conquian.kernel.misfits`: each card of ``pool`` to the card dealt in
    its place, every other card to itself."""
    m = bytearray(range(size))
    for a, b in zip(pool, dealt):
        m[a] = b
    return bytes(m)


def playout(game, me, policy, limit: int = PLAYOUT_LIMIT) -> float:
    """Play ``game`` (changed in place) to its end, every seat choosing with ``policy`` (a player: the greedy one):
    1 if seat ``me`` wins, -1 if another seat does, 0 for a deal nobody wins or one still going after ``limit``
    decisions."""
    for _ in range(limit):
        if game.is_over:
            winner = game.outcome.winner
            return 0.0 if winner is None else (1.0 if winner == me else -1.0)
        game.play(policy.choose(game))
    return 0.0


def _scores(games: list, me, policy, limit: int) -> list:
    """:func:`playout`'s score of each deal; on the game's compiled kernel where it plays them and the policy is the
    greedy player (the kernel's greedy player plays exactly as the Python one: the same scores, far sooner)."""
    kernel = game_of(games[0]).kernel if games else None
    winners = kernel.playouts(games, limit) if kernel is not None and getattr(policy, "name", "") == "greedy" \
        else None
    if winners is None:
        return [playout(g, me, policy, limit) for g in games]
    return [0.0 if w < 0 else 1.0 if w == me else -1.0 for w in winners]


@dataclass(frozen=True)
class Weighing:
    """What :func:`weigh` found: the actions weighed (best first by the greedy judgement), the mean score of each
    over the samples it was played in (1 won, -1 lost, 0 neither), how many of them it won, the samples dealt,
    the action chosen, and how many samples each action was played in (fewer than ``samples`` for an action
    left behind after a batch)."""

    actions: tuple
    scores: tuple
    wins: tuple
    samples: int
    chosen: object
    tried: tuple


def _candidates(game, actions, width: int) -> list:
    """The actions worth weighing: the best of each sort by the greedy judgement (the best use, the pass, the
    best discard, every sort of force and demand: the greedy player would never pass a card it can use, nor weigh
    what a force does to the opponent), then the next best, up to ``width`` in all."""
    judge = game_of(game).greedy
    me = game.to_act
    ranked = sorted(range(len(actions)), key=lambda i: -judge.value(game.copy().play(actions[i]), me))
    keep, sorts = [], set()
    for i in ranked:
        sort = action_kind(actions[i])
        if sort not in sorts:
            sorts.add(sort)
            keep.append(i)
    keep += [i for i in ranked if i not in keep][:max(0, width - len(keep))]
    keep.sort(key=ranked.index)
    return [actions[i] for i in keep]


CLOSE = 2.0
"""How near the best an action must still be, in standard errors of its paired difference from the best over the
samples played so far, to be played in the next batch (:func:`weigh`)."""


def _best(scores: list, alive: list) -> int:
    """The action of ``alive`` with the best mean score; ties go to the first (the greedy judgement's order)."""
    return max(alive, key=lambda i: (sum(scores[i]) / len(scores[i]), -i))


def _close(scores: list, alive: list) -> list:
    """The actions of ``alive`` still near the best (see :data:`CLOSE`), the best among them; each score list
    holds the same samples in the same order, so the differences are paired."""
    best = _best(scores, alive)
    keep = []
    for i in alive:
        d = [a - b for a, b in zip(scores[best], scores[i])]
        n, mean = len(d), sum(d) / len(d)
        spread = sum((x - mean) ** 2 for x in d) / max(n - 1, 1)
        if i == best or mean < CLOSE * math.sqrt(spread / n):
            keep.append(i)
    return keep


def weigh(game, rng: random.Random, samples: int, width: int, policy, limit: int = PLAYOUT_LIMIT,
          reads: str = "passes", batches: int = 1, known: "Knowledge | None" = None) -> Weighing:
    """Weigh the legal actions of the seat to act in ``game`` over ``samples`` sampled deals (see the module's
    description and :func:`sampled`, which ``reads`` is given to), each played out with ``policy``, and choose the
    one with the best mean score; ties go to the greedy judgement's order.  With ``batches`` above 1, up to that
    many batches of ``samples`` deals are played, each later one only for the best so far and the actions still
    near it (:data:`CLOSE`): a close call is weighed on more deals, a clear one stops after the first batch.
    ``known``: what the seat to act knows (:func:`knowledge`), where the caller has it already."""
    for name, n in (("samples", samples), ("batches", batches)):
        if type(n) is not int or n < 1:
            raise ConquianError(f"weigh: {name} {shorten(repr(n), 20)}: a whole number, at least 1")
    actions = game.legal_actions()
    if len(actions) == 1:
        return Weighing(tuple(actions), (0.0,), (0,), 0, actions[0], (0,))
    me = game.to_act
    candidates = _candidates(game, actions, width)
    known = knowledge(game, me) if known is None else known
    scores = [[] for _ in candidates]  # each action's score in each sample it was played in, in the order dealt
    alive, dealt_in_all = list(range(len(candidates))), 0
    for batch in range(batches):
        if batch:
            alive = _close(scores, alive)
            if len(alive) == 1:
                break
        played = []  # each sample, each action still weighed played in it: played out together below
        for dealt in sampled(game, me, rng, samples, known, reads):
            for i in alive:
                g = dealt.copy()
                g.play(candidates[i])
                played.append(g)
        for k, score in enumerate(_scores(played, me, policy, limit)):
            scores[alive[k % len(alive)]].append(score)
        dealt_in_all += samples
    return Weighing(tuple(candidates), tuple(sum(s) / len(s) for s in scores), tuple(sum(x > 0 for x in s)
                    for s in scores), dealt_in_all, candidates[_best(scores, alive)], tuple(map(len, scores)))
