"""The exceptions of the package: every one is a ``ValueError`` subclass whose message says what was wrong and where."""

from __future__ import annotations

__all__ = [
    "ConquianError", "CardError", "RuleError", "UnknownVariant", "ConflictingRules",
    "DeclarationError", "PositionError", "IllegalMove", "ActionError", "RecordError", "StrategyError", "SimulationError",
]


class ConquianError(ValueError):
    """Base class of every error this package raises for bad input."""


class CardError(ConquianError):
    """Card text that is not a card, or a card not in the pack in use."""


class RuleError(ConquianError):
    """An unknown rule-set axis or an invalid value for one."""


class UnknownVariant(RuleError, KeyError):
    """A variant (source) id that is not declared."""

    def __str__(self) -> str:  # KeyError would quote the message
        return self.args[0]


class ConflictingRules(RuleError):
    """Two axes of a rule set whose values contradict each other; ``axes`` holds their names."""

    def __init__(self, message: str, axes: "tuple[str, ...]" = ()):
        super().__init__(message)
        self.axes = tuple(axes)


class DeclarationError(ConquianError):
    """A declaration file in ``variants/`` that is incomplete or malformed."""


class PositionError(ConquianError):
    """Position text, or a position, that is not a possible state of a deal."""


class ActionError(ConquianError):
    """Action text that cannot be read."""


class IllegalMove(ConquianError):
    """An action that the rules in force forbid here; the message names the rule and its source.

    Besides the message, the parts a page needs to put the ruling into a sentence: the action's text, what
    it would do in words, why it is illegal, the axis whose rule forbids it (or None) and the citation.
    """

    def __init__(self, message: str, *, action: str = "", words: str = "", reason: str = "", axis: "str | None" = None,
                 rule: str = ""):
        super().__init__(message)
        self.action, self.words, self.reason, self.axis, self.rule = action, words, reason, axis, rule


class RecordError(ConquianError):
    """A game record that cannot be read or replayed."""


class StrategyError(ConquianError):
    """A computer player's strategy that is not known, or strategies that do not match the seats."""


class SimulationError(ConquianError):
    """A simulation's arguments out of range: a count of deals or a seed no simulation takes, a kernel asked for a
    game or players it does not play."""
