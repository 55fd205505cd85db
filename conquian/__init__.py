"""Conquian (Cooncan): one engine that plays every source's rules, declared with their evidence.

>>> import conquian
>>> list(conquian.VARIANTS)
['foster-1913', 'rummy-ch', 'dutch', 'french']
>>> conquian.variant('Rummy CH').is_meld('6♠ 7♠ J♠')
True
"""

from .cards import Card, Pack, Suit, cards, format_cards
from .errors import (ActionError, CardError, ConflictingRules, ConquianError, DeclarationError, IllegalMove,
                     PositionError, RecordError, RuleError, UnknownVariant)
from .rules import AXES, RuleSet
from .status import Status
from .registry import DECLARATIONS, VARIANTS, declaration, variant
from .actions import Action, Kind
from .game import Game, Origin, Outcome, Phase, Role, Termination, position
from .match import Match

__all__ = [
    "Card", "Pack", "Suit", "cards", "format_cards", "AXES", "RuleSet", "DECLARATIONS", "VARIANTS", "Status",
    "declaration", "variant", "Action", "Kind", "Game", "Origin", "Outcome", "Phase", "Role", "Termination",
    "position", "Match", "ConquianError", "CardError", "RuleError", "UnknownVariant", "ConflictingRules",
    "DeclarationError", "PositionError", "IllegalMove", "ActionError", "RecordError",
]
__version__ = "0.2.0"
