"""Conquian's compiled kernel, as simulations use it: whole deals in C (``native/kernel.c``), the same deals as the
Python engine plays.

The kernel is built with the system's C compiler when the package is installed (``setup.py``; optional: without a
compiler the install goes on and the Python engine plays), for the processor it is built on (``-march=native``
where the compiler takes it; ``CONQUIAN_PORTABLE=1`` at install time builds for any processor of the family, for a
build copied to other machines).  It takes a rule set as flags (:data:`FLAGS`) and its meld table, and the
simulation's generator state (CPython's Mersenne Twister, handed over with ``random.Random.getstate()`` and back with
``setstate()``), so that the same seed deals the same cards and the random player makes the same choices: a
differential test (``tests/test_kernel.py``) plays thousands of deals on both engines and requires the same outcomes,
lengths and final positions.

How the kernel plays each axis is said once, in :data:`PLAYS`; the C code reads the flags by names and codes the
build generates from that table and the axes (:func:`header`), and the compiled module records the axes it was built
from (:func:`built_from`): built before an axis or a value was added, it is not used, and :func:`why_not` says so.
A rule set with a value the kernel does not play (:func:`plays`) runs on the Python engine, which says why.

``CONQUIAN_NATIVE=0`` in the environment makes the kernel unavailable (the Python engine plays, as without a
compiler).

>>> from conquian.simulation import Simulation
>>> native = Simulation('dutch', seed=5, strategy='greedy', engine='auto')  # the kernel where it is built
>>> python = Simulation('dutch', seed=5, strategy='greedy', engine='python')
>>> native.play(50, keep=True, final=True) == python.play(50, keep=True, final=True)
True
"""

from __future__ import annotations

import enum
import hashlib
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

__all__ = ["available", "why_not", "play", "tally", "moves_read", "misfits", "MAPPING_SIZE", "plays", "header",
           "built_from", "signature", "PLAYS", "Flag", "ACTION_KINDS",
           "NotInPlay", "FLAG", "TABLE", "FLAGS", "PLAY_AXES", "TABLE_AXES", "NOT_IN_PLAY", "DEFAULT_ONLY", "MAX_KEPT"]


class Flag:
    """An axis the kernel reads as a flag: a field of native/kernel.c's ``Rules`` named as the axis, a whole number
    as itself, yes/no as 1/0, a named value as its place among the axis's values (:func:`header` gives native/ the
    constants, ``FORCING_ACTIVE``...).  A named axis lists the values the kernel plays: one added to the axis later
    runs on the Python engine until it is listed here and played in native/."""

    def __init__(self, *values):
        self.values = values

    def __repr__(self) -> str:
        return f"Flag({', '.join(map(repr, self.values))})"


class NotInPlay(str):
    """An axis that cannot change a simulated deal's play, and why: the kernel plays every value of it alike."""


#: The flag of a yes/no or whole-number axis (every value in the axis's range).
FLAG = Flag()
#: An axis the meld table carries (built in Python, handed over as masks): every value.
TABLE = "table"

#: How the kernel plays each axis: the one place that says it.  The flags are read in the axes' declared order (after
#: the pack's size), by names and codes setup.py generates from this table and the axes (:func:`header`).  An axis
#: not named here is played by the kernel at its default only (the rules it played before the axis was added): a rule
#: set with another value runs on the Python engine, which says why (:func:`why_not`).
PLAYS = {
    "pack": TABLE, "min_set": TABLE, "max_set": TABLE, "min_sequence": TABLE, "max_sequence": TABLE, "ace": TABLE,
    "round_the_corner": TABLE,
    "max_players": NotInPlay("it says how many may sit down; a simulation deals to the players it is given (the kernel "
                             "plays two, and a game of three runs on the Python engine)"),
    "hand_size": FLAG, "deal_packet": FLAG, "turn_up": FLAG, "min_cut": FLAG,
    "first_say": Flag(FirstSay.PONE, FirstSay.DEALER),
    "misdeal": NotInPlay("no irregularity is reported in a simulated deal"),
    "drawn_to_hand": FLAG,
    "unused_draw": Flag(UnusedDraw.OFFERED, UnusedDraw.DEAD),
    "refused_card": NotInPlay("it says only where a card nobody used lies, out of play either way"),
    "hand_cards": Flag(HandCards.WITH_THE_CARD, HandCards.ANY),
    "meld_without_use": FLAG, "lay_off_own": FLAG,
    "add_to_opponent": NotInPlay("it follows forcing: cards reach the opponent's melds only by active forcing"),
    "forcing": Flag(Forcing.NONE, Forcing.ACTIVE, Forcing.REACTIVE, Forcing.BOTH),
    "force_back": FLAG, "force_discard": FLAG, "force_regrouping": FLAG, "forced_lay_out": FLAG,
    "demanded_use": Flag(DemandedUse.LAY_OFF, DemandedUse.ANY),
    "rearranging": Flag(Rearranging.NONE, Rearranging.BORROW, Rearranging.WITH_NEW_MELD, Rearranging.FREE),
    "two_hand_cards": FLAG,
    "cards_to_win": FLAG, "last_discard_counts": FLAG,
    "stock_exhausted": NotInPlay("it has one value: the deal is a tableau"),
    "scoring": NotInPlay("it scores a finished deal"),
    "tableau_stake": NotInPlay("it scores a finished match"),
    "dealer_rotation": NotInPlay("it says who deals the next deal"),
}
#: The axes the kernel reads as flags, in the order it reads them (after the pack's size): the axes' own order.
PLAY_AXES = tuple(ax.name for ax in AXES if isinstance(PLAYS.get(ax.name), Flag))
#: The flags of ``compiled()``, as native/kernel.c names them: the pack's size, then :data:`PLAY_AXES`.
FLAGS = ("size",) + PLAY_AXES
#: The axes the meld table carries.
TABLE_AXES = tuple(ax.name for ax in AXES if PLAYS.get(ax.name) is TABLE)
#: The axes that cannot change a simulated deal's play, and why.
NOT_IN_PLAY = {ax.name: str(PLAYS[ax.name]) for ax in AXES if isinstance(PLAYS.get(ax.name), NotInPlay)}
_FLAG_AXES = tuple(ax for ax in AXES if ax.name in PLAY_AXES)
#: The axes the kernel does not play: at their default only (see :data:`PLAYS`).
DEFAULT_ONLY = tuple(ax.name for ax in AXES if ax.name not in PLAYS)


def built_from() -> str:
    """The axes as the kernel is built from them, a line each: how it plays the axis (:data:`PLAYS`) and the axis's
    values in their declared order.  The compiled module keeps the text it was built from (``_kernel.AXES``, and its
    signature): another text here (an axis or a value added since the build) leaves the kernel unavailable."""
    lines = []
    for ax in AXES:
        how = PLAYS.get(ax.name)
        kind = ("flag" if isinstance(how, Flag) else "table" if how is TABLE else
                "not-in-play" if isinstance(how, NotInPlay) else "default-only")
        values = (f"{ax.minimum}..{ax.maximum}" if ax.choices is None else " ".join(ax.format(v) for v in ax.choices))
        played = f"; plays {' '.join(ax.format(v) for v in how.values)}" if isinstance(how, Flag) and how.values else ""
        lines.append(f"{ax.name}: {kind} {values}{played}")
    return "\n".join(lines)


def signature(text: str) -> str:
    """A short signature of :func:`built_from`'s text, as the compiled module records it."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _code(ax, value) -> int:
    """A flag's value as native/kernel.c reads it: yes/no 1/0, a named value its place among the axis's values."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, enum.Enum):
        return ax.choices.index(value)
    return value


def _c_string(text: str) -> str:
    """The text as a C string literal (anything but letters, digits and a few signs as an octal escape)."""
    safe = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.:;,")
    return '"' + "".join(c if c in safe else "".join(f"\\{b:03o}" for b in c.encode()) for c in text) + '"'


def header() -> str:
    """The C header native/kernel.c reads its flags from (``kernel_axes.h``), generated from the axes and
    :data:`PLAYS`: written by setup.py's build step into the build folder, never by hand.  It holds
    ``KERNEL_FLAGS(X)``, one ``X(field, least, most)`` a flag in the order ``compiled()`` gives them, each named
    value's code (``FORCING_ACTIVE``...), and what the build was made from (:func:`built_from`, its signature)."""
    by_name = {ax.name: ax for ax in AXES}
    rows, codes = ["    X(size, 2, MAXCARDS)"], []
    for name in PLAY_AXES:
        ax = by_name[name]
        if ax.type is bool:
            least, most = 0, 1
        elif ax.choices is None:
            least, most = ax.minimum, ax.maximum
        else:
            # the range native/ accepts is the values it plays, never a value it would misplay
            played = sorted(ax.choices.index(v) for v in (PLAYS[name].values or ax.choices))
            least, most = played[0], played[-1]
            if played != list(range(least, most + 1)):
                raise ValueError(f"kernel.PLAYS[{name!r}]: the kernel's values must be neighbours among the axis's "
                                 f"values (codes {played}), since native/ checks a flag by its range")
            codes.append("enum { " + ", ".join(f"{name.upper()}_{v.name} = {i}" for i, v in enumerate(ax.choices))
                         + " };")
        rows.append(f"    X({name}, {least}, {most})")
    text = built_from()
    return "\n".join([
        "/* kernel_axes.h: the rules' flags as native/kernel.c reads them, generated at build time by setup.py from",
        "   conquian.games.conquian.rules.AXES and conquian/games/conquian/kernel.py's PLAYS (kernel.header()).",
        "   Do not edit: a change to the axes changes it at the next build. */",
        "#ifndef KERNEL_AXES_H",
        "#define KERNEL_AXES_H",
        "/* X(field, least, most): the pack's size, then each axis the kernel reads, in the axes' declared order */",
        "#define KERNEL_FLAGS(X) \\",
        " \\\n".join(rows),
        f"#define NFLAGS {len(rows)}",
        "/* each named value's code: its place among the axis's values, in their declared order */",
        *codes,
        "/* what this build was made from: kernel.built_from() and its signature, compared at import */",
        f"#define KERNEL_AXES {_c_string(text)}",
        f"#define KERNEL_AXES_SIGNATURE {_c_string(signature(text))}",
        "#endif",
        ""])


def _stale(module) -> str:
    """Why a compiled kernel cannot play (built from other axes than these), or ""."""
    built = getattr(module, "AXES", None)
    rebuild = "rebuild it (python setup.py build_ext --inplace, or install the package again)"
    if not isinstance(built, str) or getattr(module, "AXES_SIGNATURE", None) != signature(built):
        return f"the native kernel was built before it recorded its axes; {rebuild}"
    now = built_from()
    if signature(built) == signature(now):
        return ""
    old = dict(line.split(": ", 1) for line in built.splitlines() if ": " in line)
    new = dict(line.split(": ", 1) for line in now.splitlines())
    parts = [(what, [n for n in names if keep(n)]) for what, names, keep in (
        ("new", new, lambda n: n not in old), ("changed", new, lambda n: n in old and old[n] != new[n]),
        ("gone", old, lambda n: n not in new))]
    since = "; ".join(f"{what}: {', '.join(names)}" for what, names in parts if names) or "their order changed"
    return shorten(f"the native kernel was built for other axes (since its build, {since}); {rebuild}", 300)


try:
    from . import _kernel
    _MISSING = _stale(_kernel)
except ImportError:  # not built (no C compiler at install time), or built for another Python
    _kernel = None
    _MISSING = (f"the native kernel is not built (no compiled conquian.games.conquian._kernel for Python "
                f"{sys.version_info.major}.{sys.version_info.minor} here; it needs a C compiler at install time)")
if _MISSING:
    _kernel = None

_STRATEGIES = {"random": 0, "greedy": 1}
_PHASES = (Phase.OFFER, Phase.DISCARD, Phase.REFUSED, Phase.OVER)  # as native/deal.h numbers them
_ORIGINS = (Origin.TURNED_UP, Origin.DRAWN, Origin.PASSED, Origin.DISCARD, Origin.DEMANDED)
#: The most deals one :func:`play` call returns, an object each (:func:`tally` counts up to
#: :data:`~conquian.simulation.MAX_GAMES`, holding none).
MAX_KEPT = 1_000_000


def available() -> bool:
    """Whether the kernel was built (from these axes, see :func:`built_from`) and is not switched off
    (``CONQUIAN_NATIVE=0``)."""
    return _kernel is not None and os.environ.get("CONQUIAN_NATIVE", "1") != "0"


def plays(rules: RuleSet) -> str:
    """Why the kernel does not play this rule set (an axis it reads not, or a value it does not play; see
    :data:`PLAYS`), or "" when it does."""
    for ax in AXES:
        value, how = getattr(rules, ax.name), PLAYS.get(ax.name)
        if how is None and value != ax.default:
            return (f"the native kernel does not play {ax.name}={ax.format(value)} (it reads no {ax.name}: it plays "
                    f"{ax.format(ax.default)} only)")
        if isinstance(how, Flag) and how.values and value not in how.values:
            return f"the native kernel does not play {ax.name}={ax.format(value)} (not among its values yet)"
    return ""


def why_not(rules: RuleSet, strategies) -> str:
    """Why the kernel cannot play these deals (empty when it can): not built, switched off, built from other axes,
    a player it has not, or rules it does not play (:func:`plays`)."""
    if _kernel is None:
        return _MISSING
    if not available():
        return "the native kernel is switched off (CONQUIAN_NATIVE=0)"
    if isinstance(strategies, str):
        raise TypeError("strategies must be a list or tuple of names, one per seat, not a str")
    if len(strategies) > 2:  # one name per seat: a game of three
        return f"the native kernel plays two players, not {len(strategies)}"
    odd = sorted({shorten(str(s), 20) for s in strategies if s not in _STRATEGIES})
    if odd:
        return f"the native kernel has no {', '.join(odd[:3])}{' (...)' if len(odd) > 3 else ''} player"
    return plays(rules) if isinstance(rules, RuleSet) else ""


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
    """The rule set as the kernel reads it: the flags (:data:`FLAGS`), the deck's codes, each code's place in its
    suit, the melds."""
    t = rules.table
    flags = (rules.pack.shape.size,) + tuple(_code(ax, getattr(rules, ax.name)) for ax in _FLAG_AXES)
    place = t.shape.place
    return flags + (tuple(c.code for c in rules.deck), tuple(place.get(code, -1) for code in range(64)),
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


def position(s: Snapshot) -> tuple:
    """A two-player snapshot (of a deal going on, not in the exchange) as the kernel's playouts read it: the hands,
    the melds, the stock (top first), the cards out, then the phase, the actor, the offer, its origin and whether the
    actor was forced, as native/deal.h numbers them."""
    return (s.hands, s.melds, s.stock, s.out, _PHASES.index(s.phase), int(s.actor), s.offer,
            _ORIGINS.index(s.origin) if s.origin is not None else 0, int(s.forced))


def playouts(games, limit: int) -> "list[int] | None":
    """Each deal of ``games`` (two players, the same rules) played to its end between greedy players, as the strong
    player's playouts (:func:`conquian.montecarlo.playout`) play it: the winner's seat, -1 for a tableau, -2 for a
    deal still going after ``limit`` decisions; None where the kernel cannot play them (then the Python engine does).
    Under rules with an exchange before play, deals past the exchange are played as under the same rules without it
    (nothing after the exchange reads the rule); a deal still in the exchange is not played here."""
    if not games:
        return []
    rules = games[0].rules
    # the exchange over, play goes on as without it: the kernel plays on (not the exchange itself)
    played = rules.replace(exchange=False) if rules.exchange else rules
    if games[0].players != 2 or any(g.rules != rules for g in games) or why_not(played, ["greedy", "greedy"]):
        return None
    snapshots = [g.snapshot() for g in games]
    if rules.exchange and any(s.phase is Phase.EXCHANGE for s in snapshots):
        return None
    limit = whole_number(limit, "limit", 1, MAX_DECISIONS)
    out: list = [None] * len(games)
    positions, where = [], []
    for i, s in enumerate(snapshots):
        if s.phase is Phase.OVER:  # the action weighed ended the deal
            out[i] = -1 if s.outcome.winner is None else int(s.outcome.winner)
            continue
        positions.append(position(s))
        where.append(i)
    for i, winner in zip(where, _kernel.playouts(compiled(played), tuple(positions), limit)):
        out[i] = winner
    return out


#: How long a mapping of :func:`misfits` is: one byte for every card code (native/kernel.c's MAXCARDS).
MAPPING_SIZE = 64


def moves_read(moves) -> "tuple | None":
    """``moves`` (pairs of deals: the position another seat faced, and the one his move led to; two players, the
    same rules) as :func:`misfits` reads them; None where the kernel cannot read them (then the strong player reads
    the passes alone, on the Python engine).  Moves in an exchange before play are left out."""
    if not moves:
        return None
    rules = moves[0][0].rules
    played = rules.replace(exchange=False) if rules.exchange else rules
    if moves[0][0].players != 2 or any(b.rules != rules for b, _ in moves) or why_not(played, ["greedy", "greedy"]):
        return None
    befores, afters = [], []
    for before, after in moves:
        b, a = before.snapshot(), after.snapshot()
        if Phase.EXCHANGE in (b.phase, a.phase) or Phase.OVER in (b.phase, a.phase):
            continue
        befores.append(position(b))
        afters.append(position(a))
    return compiled(played), tuple(befores), tuple(afters)


def misfits(read: tuple, mappings) -> "list[int]":
    """The strong player's inference: for each mapping (bytes, :data:`MAPPING_SIZE` long: at each card's code, the
    code of the card put in its place, one to one on the pack), how many of the moves ``read`` by :func:`moves_read`,
    with the cards so renamed, a greedy player would have left otherwise."""
    table, befores, afters = read
    return list(_kernel.misfits(table, befores, afters, tuple(mappings)))


#: The kinds of action the kernel counts, in native/deal.h's order (``K_PASS`` ...), then a discard forced onto a
#: meld: the names :func:`conquian.simulation.action_kind` gives the same actions.
ACTION_KINDS = ("pass", "use", "discard", "force", "demand", "waive", "take", "lay", "discard-force")


def tally(rules: RuleSet, strategies, rng, deals: int) -> dict:
    """Play ``deals`` deals as :func:`play` does and return only their counts: ``deals``, ``decisions``, ``wins``
    (per seat), ``ties``, ``unfinished`` and ``actions`` (by kind: what :class:`~conquian.simulation.Simulation` sums,
    without an object per deal)."""
    n, decisions, dealer, pone, ties, stopped, kinds = _run(rules, strategies, rng, deals, False, False, True)
    return {"deals": n, "decisions": decisions, "wins": (dealer, pone), "ties": ties, "unfinished": stopped,
            "actions": dict(zip(ACTION_KINDS, kinds))}
