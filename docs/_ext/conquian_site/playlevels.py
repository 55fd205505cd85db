"""The play page's computer: its levels, the hint, and why it played a move, in words.

*Easy* is the greedy player (one move ahead); *normal* and *strong* are the strong player of
:mod:`conquian.players` at those levels, which deals the cards it cannot see anew many times and plays each choice
out.  The hint is what the strong player at the normal level would do in the reader's seat, with the sampled deals
it rests on; the reason for a computer's move is given where it forced, demanded, or passed a card it could use.
Pure: the worker runs it in Pyodide, the tests under CPython.
"""

from __future__ import annotations

from conquian.errors import ConquianError
from conquian.players import GreedyPlayer, StrongPlayer
from conquian.vocabulary import action_kind

__all__ = ["LEVELS", "computer", "hint", "reason"]

LEVELS = {"easy": "Easy: looks one move ahead", "normal": "Normal: tries each choice in sampled deals",
          "strong": "Strong: tries more choices in twelve times as many deals, more if close (slower)"}
"""Level -> its words on the play page's form."""

_TOLD = ("force", "discard-force", "demand")  # moves whose reason is told; a pass is told when the card could have been used


def computer(level: str, seat: int):
    """The computer player at ``level`` (a key of :data:`LEVELS`) in ``seat``."""
    if level not in LEVELS:
        raise ConquianError(f"level {str(level)[:20]!r}: the levels are {', '.join(LEVELS)}")
    return GreedyPlayer() if level == "easy" else StrongPlayer(level, seed=seat)


def _best_and_next(weighing) -> tuple:
    """The chosen action's place among those weighed, and the place of the next best (two at least weighed)."""
    best = weighing.actions.index(weighing.chosen)
    return best, max((i for i in range(len(weighing.actions)) if i != best), key=lambda i: weighing.scores[i])


def _share(weighing, i: int) -> str:
    return f"{weighing.wins[i]} of {weighing.tried[i]}"  # an action left behind after a batch was tried in fewer


def hint(game) -> dict:
    """What the strong player (normal level) would play for the seat to act, and why, in words."""
    w = StrongPlayer("normal", seed=int(game.to_act)).weigh(game)
    words = game.describe(w.chosen)
    out = {"move": game.legal_actions().index(w.chosen), "text": game.action_text(w.chosen)}
    if len(w.actions) == 1:
        return {**out, "words": f"{words[:1].upper()}{words[1:]}: the only move here."}
    best, second = _best_and_next(w)
    return {**out, "words": f"{words[:1].upper()}{words[1:]}. Tried in {w.samples} deals dealt from the cards you "
                            f"cannot see, it won {_share(w, best)}; the next best, to "
                            f"{game.describe(w.actions[second])}, won {_share(w, second)}."}


def reason(game, weighing) -> str:
    """Why the computer played ``weighing.chosen`` in ``game`` (before the move), where it is worth saying: a
    force, a demand, or a pass of a card it could have used; else ""."""
    kind = action_kind(weighing.chosen)
    usable = kind == "pass" and any(action_kind(a) == "use" for a in game.legal_actions())
    if weighing.samples == 0 or len(weighing.actions) < 2 or not (kind in _TOLD or usable):
        return ""
    best, second = _best_and_next(weighing)
    return (f" (in {weighing.samples} sampled deals this won {_share(weighing, best)}; to "
            f"{game.describe(weighing.actions[second])} won {_share(weighing, second)})")
