"""Conquian's compiled kernel, as simulations use it: whole deals in C (``native/kernel.c``), the same deals as the
Python engine plays.

The kernel is built with the system's C compiler when the package is installed (``setup.py``; optional: without a
compiler the install goes on and the Python engine plays), for the processor it is built on (``-march=native``
where the compiler takes it; ``CONQUIAN_PORTABLE=1`` at install time builds for any processor of the family, for a
build copied to other machines).  It takes a rule set as flags (:data:`PLAY_AXES`) and its
meld table, and the simulation's generator state (CPython's Mersenne Twister, handed over with
``random.Random.getstate()`` and back with ``setstate()``), so that the same seed deals the same
cards and the random player makes the same choices: a differential test (``tests/test_kernel.py``) plays thousands of
deals on both engines and requires the same outcomes, lengths and final positions.

``CONQUIAN_NATIVE=0`` in the environment makes the kernel unavailable (the Python engine plays, as without a
compiler).

>>> from conquian.simulation import Simulation
>>> native = Simulation('dutch', seed=5, strategy='greedy', engine='auto')  # the kernel where it is built
>>> python = Simulation('dutch', seed=5, strategy='greedy', engine='python')
>>> native.play(50, keep=True, final=True) == python.play(50, keep=True, final=True)
True
"""

from __future__ import annotations

import os
import random
import sys
from functools import lru_cache

from ...axes import DemandedUse, FirstSay, Forcing, HandCards, Rearranging, UnusedDraw
from ...errors import SimulationError, StrategyError
from .rules import AXES, RuleSet
from ...gametype import MAX_DECISIONS, MAX_GAMES, UNFINISHED, DealResult, whole_number
from ...text import shorten
from .state import Origin, Outcome, Phase, Role, Snapshot, Termination

__all__ = ["available", "why_not", "play", "tally", "PLAY_AXES", "TABLE_AXES", "NOT_IN_PLAY", "MAX_KEPT"]

try:
    from . import _kernel
    _MISSING = ""
except ImportError:  # not built (no C compiler at install time), or built for another Python
    _kernel = None
    _MISSING = (f"the native kernel is not built (no compiled conquian.games.conquian._kernel for Python "
                f"{sys.version_info.major}.{sys.version_info.minor} here; it needs a C compiler at install time)")

#: The axes the kernel reads as flags, in the order ``native/kernel.c`` reads them (after the pack's size).
PLAY_AXES = ("hand_size", "deal_packet", "turn_up", "min_cut", "first_say", "drawn_to_hand", "unused_draw",
             "hand_cards", "meld_without_use", "lay_off_own", "forcing", "force_back", "forced_lay_out",
             "demanded_use", "rearranging", "cards_to_win", "last_discard_counts")
#: The axes the meld table (built in Python, handed over as masks) carries.
TABLE_AXES = ("pack", "min_set", "max_set", "min_sequence", "max_sequence", "ace", "round_the_corner")
#: The axes that cannot change a simulated deal's play, and why.
NOT_IN_PLAY = {
    "misdeal": "no irregularity is reported in a simulated deal",
    "refused_card": "it says only where a card nobody used lies, out of play either way",
    "add_to_opponent": "it follows forcing: cards reach the opponent's melds only by active forcing",
    "stock_exhausted": "it has one value: the deal is a tableau",
    "scoring": "it scores a finished deal",
    "tableau_stake": "it scores a finished match",
    "dealer_rotation": "it says who deals the next deal",
}
assert set(PLAY_AXES) | set(TABLE_AXES) | set(NOT_IN_PLAY) == {ax.name for ax in AXES}, "every axis has its place"

_FORCING = {Forcing.NONE: 0, Forcing.ACTIVE: 1, Forcing.REACTIVE: 2}
_REARRANGING = {Rearranging.NONE: 0, Rearranging.BORROW: 1, Rearranging.WITH_NEW_MELD: 2, Rearranging.FREE: 3}
_STRATEGIES = {"random": 0, "greedy": 1}
_PHASES = (Phase.OFFER, Phase.DISCARD, Phase.REFUSED, Phase.OVER)  # as native/deal.h numbers them
_ORIGINS = (Origin.TURNED_UP, Origin.DRAWN, Origin.PASSED, Origin.DISCARD, Origin.DEMANDED)
#: The most deals one :func:`play` call returns, an object each (:func:`tally` counts up to
#: :data:`~conquian.simulation.MAX_GAMES`, holding none).
MAX_KEPT = 1_000_000


def available() -> bool:
    """Whether the kernel was built and is not switched off (``CONQUIAN_NATIVE=0``)."""
    return _kernel is not None and os.environ.get("CONQUIAN_NATIVE", "1") != "0"


def why_not(rules: RuleSet, strategies) -> str:
    """Why the kernel cannot play these deals (empty when it can)."""
    if _kernel is None:
        return _MISSING
    if not available():
        return "the native kernel is switched off (CONQUIAN_NATIVE=0)"
    if isinstance(strategies, str):
        raise TypeError("strategies must be a list or tuple of names, one per seat, not a str")
    odd = sorted({shorten(str(s), 20) for s in strategies if s not in _STRATEGIES})
    if odd:
        return f"the native kernel has no {', '.join(odd[:3])}{' (...)' if len(odd) > 3 else ''} player"
    return ""


def _checked(rules, strategies, rng, deals, final, check, most: int) -> tuple:
    """The arguments of :func:`play` and :func:`tally` checked here, each named, before the C code sees any: a
    TypeError for a value of the wrong type, a ConquianError for one the kernel does not play."""
    if not isinstance(rules, RuleSet):
        game = getattr(type(rules), "GAME", "")
        if game:
            raise SimulationError(f"the native kernel plays Conquian, not {shorten(str(game), 20)}: {shorten(str(rules))}")
        raise TypeError(f"rules must be a Conquian RuleSet, not {type(rules).__name__}")
    if isinstance(strategies, str) or not isinstance(strategies, (list, tuple)):
        raise TypeError(f"strategies must be a list or tuple of two names, the dealer's and the pone's (e.g. "
                        f"['random', 'greedy']), not {type(strategies).__name__}")
    if len(strategies) != 2 or not all(isinstance(s, str) for s in strategies):
        raise StrategyError(f"strategies must name two players, the dealer's and the pone's, each 'random' or "
                            f"'greedy'; got {len(strategies)} item(s)")
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random (the simulation's generator), not {type(rng).__name__}")
    for name, flag in (("final", final), ("check", check)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be True or False, not {type(flag).__name__}")
    return tuple(strategies), whole_number(deals, "deals", 0, most)


def _run(rules: RuleSet, strategies, rng, deals: int, final: bool, check: bool, summary: bool):
    """The kernel's answer for ``deals`` deals, the generator ``rng`` handed over and taken back."""
    strategies, deals = _checked(rules, strategies, rng, deals, final, check, MAX_GAMES if summary else MAX_KEPT)
    why = why_not(rules, strategies)
    if why:
        raise SimulationError(why)
    version, state, gauss = rng.getstate()
    out, state = _kernel.play(compiled(rules), state, deals, tuple(_STRATEGIES[s] for s in strategies), final, check,
                              MAX_DECISIONS, summary)
    rng.setstate((version, state, gauss))
    return out


@lru_cache(maxsize=64)
def compiled(rules: RuleSet) -> tuple:
    """The rule set as the kernel reads it: flags, the deck's codes, each code's place in its suit, the melds."""
    r, t = rules, rules.table
    flags = (r.pack.shape.size, r.hand_size, r.deal_packet, int(r.turn_up), r.min_cut, int(r.first_say is FirstSay.PONE),
             int(r.drawn_to_hand), int(r.unused_draw is UnusedDraw.OFFERED), int(r.hand_cards is HandCards.WITH_THE_CARD),
             int(r.meld_without_use), int(r.lay_off_own), _FORCING[r.forcing], int(r.force_back), int(r.forced_lay_out),
             int(r.demanded_use is DemandedUse.LAY_OFF), _REARRANGING[r.rearranging], r.cards_to_win,
             int(r.last_discard_counts))
    place = t.shape.place
    return flags + (tuple(c.code for c in r.deck), tuple(place.get(code, -1) for code in range(64)),
                    tuple(t.melds), tuple(t.minimal))


def _final(rules: RuleSet, ending: str, winner, final: tuple) -> Snapshot:
    """The kernel's final state as Game.snapshot() gives it."""
    hands, melds, stock, out, phase, actor, offer, origin, forced, pips = final
    termination = None if ending == UNFINISHED else Termination(ending)
    outcome = None if termination is None else Outcome(termination, Role(winner), pips) if winner is not None \
        else Outcome(termination)
    phase = _PHASES[phase]
    return Snapshot(rules, hands, melds, stock, out, phase, None if phase is Phase.OVER else Role(actor), offer,
                    _ORIGINS[origin] if offer else None, outcome, bool(forced) and phase is Phase.DISCARD)


def play(rules: RuleSet, strategies, rng, deals: int, final: bool, check: bool = False) -> "list[DealResult]":
    """Play ``deals`` deals with the simulation's generator ``rng`` (left where the Python engine would leave it).

    ``check`` verifies the invariants of every state on the way (each card in one place, melds valid): the soak's
    mode; a broken one raises RuntimeError naming the deal (an engine fault, not bad input).
    """
    raw = _run(rules, strategies, rng, deals, final, check, False)
    if final:
        return [DealResult(*r[:6], _final(rules, r[0], r[1], r[6])) for r in raw]
    return [DealResult(*r) for r in raw]


def tally(rules: RuleSet, strategies, rng, deals: int) -> dict:
    """Play ``deals`` deals as :func:`play` does and return only their counts: ``deals``, ``decisions``, ``wins``
    (per seat), ``ties``, ``unfinished`` (what :class:`~conquian.simulation.Simulation` sums, without an object per
    deal)."""
    n, decisions, dealer, pone, ties, stopped = _run(rules, strategies, rng, deals, False, False, True)
    return {"deals": n, "decisions": decisions, "wins": (dealer, pone), "ties": ties, "unfinished": stopped}
