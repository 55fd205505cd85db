"""What a hand can make: every valid Rommé meld within a hand, each once, and each meld's bag alongside.

A hand with jokers makes many more melds than one without: a joker may stand for any card of a sequence, also
one the hand holds (a legal, if idle, choice), and with six jokers in a hand of twenty cards the melds run to over
a hundred thousand.  They are made by shape: a sequence's places, those the hand lacks and the number of jokers
decide which joker masks are valid, whatever the suit or the first place, so the masks (and the bags they make
from each first place) are worked out once and remembered.
"""

from __future__ import annotations

from itertools import combinations

from ...cards import JOKER_CODE
from .bags import run_bags, set_bag
from .melds import RUN, Meld, MeldRules

__all__ = ["hand_melds"]


def hand_melds(mr: MeldRules, counts: list[int], idle: bool = True, bags: "list | None" = None,
               points: "list | None" = None, ace: int = 11) -> list[Meld]:
    """Every valid meld within a hand, each once: ``counts[code]`` copies of each card, ``counts[52]`` jokers.

    A joker may also stand for a card the hand holds (a legal, if idle, choice), so a hand with jokers makes
    more melds than one without; the rules on jokers side by side and on natural cards bound them.  Without
    ``idle``, a joker in a sequence stands only for a card the hand lacks: far fewer melds.  Given a list as
    ``bags``, each meld's bag (:func:`meld_bag`) is appended to it, in the same order, for less than working
    it out afterwards; given one as ``points``, each meld's first-meld points
    (:meth:`~conquian.games.romme.melds.Meld.first_points`, the ace counting ``ace``), the same for all the sequences of
    one start and length.
    """
    out: list[Meld] = []
    jokers = counts[JOKER_CODE]
    need = max(1, mr.min_naturals)
    set_jokers = min(jokers, mr.max_set_jokers())
    for rank in range(1, 14):
        present = 0
        for s in range(4):
            if counts[s * 13 + rank - 1]:
                present |= 1 << s
        if present.bit_count() < need:
            continue
        sub = present
        while sub:
            n = sub.bit_count()
            if n >= need:
                for j in range(set_jokers + 1):
                    size = n + j
                    if size > 4 or size > mr.max_set:
                        break
                    if size >= mr.min_set:
                        out.append(Meld.set(rank, sub, j))
                        if bags is not None:
                            bags.append(set_bag(rank, sub, j))
                        if points is not None:
                            points.append((ace if rank == 1 else min(rank, 10)) * size)
            sub = (sub - 1) & present
    top = 13 if mr.ace_high else 12
    corner, shortest, naturals = mr.corner, mr.min_sequence, mr.min_naturals
    longest = min(mr.max_sequence, 13) if corner else mr.max_sequence
    for suit in range(4):
        base = suit * 13
        held = [counts[base + p % 13] for p in range(27)]  # place -> copies held
        # Without a joker a run starts on a card held; with one it may start anywhere.
        for start in range(13) if jokers else [p for p in range(13) if held[p]]:
            missing = lacking = 0
            for length in range(1, longest + 1):
                p = start + length - 1
                if not corner and p > top:
                    break
                if not held[p]:
                    lacking += 1
                    if lacking > jokers:
                        break
                    missing |= 1 << (length - 1)
                if length >= shortest and length - lacking >= naturals:
                    _runs(mr, out, suit, start, length, missing, jokers if idle else lacking, counts, bags,
                          points, ace)
    return out




_SHAPES: dict = {}  # (adjacent, min_naturals, length, missing, jokers) -> the joker masks _runs keeps


def _shapes(mr: MeldRules, length: int, missing: int, jokers: int) -> list[int]:
    """The joker masks of the valid runs on ``length`` places with the places ``missing`` lacking, ``jokers``
    jokers at most: the missing places, and any choice of held places that the jokers left may stand for too (by
    number of such idle jokers, then in the order of ``combinations``).  Remembered: hands ask for the same
    shapes over and over."""
    key = (mr.adjacent, mr.min_naturals, length, missing, jokers)
    found = _SHAPES.get(key)
    if found is None:
        if len(_SHAPES) > 20_000:
            _SHAPES.clear()
        found = _SHAPES[key] = []
        spare = jokers - missing.bit_count()
        held = [i for i in range(length) if not missing >> i & 1]
        # The places, the length and the natural cards are right by construction (see hand_melds): of the rules
        # on a sequence only the one on jokers side by side is left to check, on the mask itself.
        adjacent = mr.adjacent
        for extra in range(min(spare, len(held) - mr.min_naturals) + 1):
            for chosen in combinations(held, extra):
                jm = missing
                for i in chosen:
                    jm |= 1 << i
                if adjacent != 2 and jm & (jm >> 1) and (adjacent == 0 or length < 4 or jm & (jm >> 1) & (jm >> 2)):
                    continue
                found.append(jm)
    return found


def _runs(mr: MeldRules, out: list, suit: int, start: int, length: int, missing: int, jokers: int, counts,
          bags: "list | None", points: "list | None", ace: int) -> None:
    """Append every valid run on these places: the missing cards are jokers, and jokers may stand for others."""
    if length - missing.bit_count() < mr.min_naturals:
        return
    start %= 13
    if length == 14:  # both aces natural need both copies (the masks depend on the aces held: not remembered)
        masks = [jm for jm in _shapes(mr, length, missing, jokers)
                 if counts[suit * 13] >= 2 - (jm & 1) - (jm >> 13 & 1)]
        found = _made(masks, suit, start, length)
    else:
        key = (mr.adjacent, mr.min_naturals, length, missing, jokers, start, suit)
        found = _RUNS.get(key)
        if found is None:
            found = _remember(key, _made(_shapes(mr, length, missing, jokers), suit, start, length))
    out.extend(found[0])
    if bags is not None:
        bags.extend(found[1])
    if points is not None and found[0]:
        points.extend([found[0][0].first_points(ace)] * len(found[0]))


def _made(masks: list[int], suit: int, start: int, length: int) -> tuple[list[Meld], list[int]]:
    """The runs of these joker masks on these places, and their bags."""
    new, base = tuple.__new__, 4 * 13 * suit
    naturals, jokers = run_bags(masks, start, length)
    return ([new(Meld, (RUN, suit, start, length, jm)) for jm in masks],
            [(n << base) + j for n, j in zip(naturals, jokers)])


_RUNS: dict = {}  # (the _shapes key, start, suit) -> the runs and their bags (melds are values: shared freely)
_RUNS_MOST = 250_000  # runs remembered at most (about 200 bytes a run, measured: some 50 MB), then all forgotten
_runs_held = 0


def _remember(key: tuple, found: tuple[list[Meld], list[int]]) -> tuple[list[Meld], list[int]]:
    global _runs_held
    _runs_held += len(found[0])
    if _runs_held > _RUNS_MOST:
        _RUNS.clear()
        _runs_held = len(found[0])
    _RUNS[key] = found
    return found
