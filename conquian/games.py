"""The games the engine plays: each game's name (as a declaration's ``game`` key gives it) and its rule-set class.

A rule-set class is a frozen dataclass of axes declared with :func:`conquian.axes.axis`, with the class
attribute ``AXES`` (its axes, in order) and a ``source`` field; a declaration of that game must have an entry
for exactly those axes.  Axes of the same name in two games mean the same thing: the comparison matrix shows
them side by side, and an axis one game lacks is "not applicable" there, never "no".
"""

from __future__ import annotations

from .romme.rules import RommeRules
from .rules import RuleSet

__all__ = ["RULE_SETS", "axes_of_game"]

#: Game name -> its rule-set class (each class names its game as ``GAME``), in the order sources are listed.
RULE_SETS: dict[str, type] = {"conquian": RuleSet, "romme": RommeRules}


def axes_of_game(game: str):
    """The axes of a game's rule sets, in order."""
    return RULE_SETS[game].AXES
