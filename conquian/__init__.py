"""Conquian (Cooncan): one engine that plays every source's rules, declared with their evidence.

>>> import conquian
>>> sorted(conquian.VARIANTS)
['dutch', 'foster-1913', 'french', 'rummy-ch']
"""

from .cards import Card, Pack, Suit, cards, format_cards
from .errors import (ActionError, CardError, ConflictingRules, ConquianError, DeclarationError, IllegalMove,
                     PositionError, RecordError, RuleError, UnknownVariant)
from .rules import AXES, RuleSet
from .declarations import DECLARATIONS, VARIANTS, Status, declaration, variant

__version__ = "0.1.0"
