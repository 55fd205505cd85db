"""Conquian (Cooncan): one engine that plays every source's rules, declared with their evidence.

>>> import conquian
>>> list(conquian.VARIANTS)
['foster-1913', 'pagat-mexican', 'pagat-north-american', 'rummy-ch', 'dutch', 'french', 'romme-spielwiki']
>>> conquian.variant('Rummy CH').is_meld('6♠ 7♠ J♠')
True

The same engine plays Rommé, Conquian's best-known descendant (:mod:`conquian.games.romme`), for 2 to 6 players:

>>> g = conquian.RommeGame('romme-spielwiki', players=4, seed=1)
>>> g.to_act, len(g.hand(0)), len(g.hand(1))
(0, 14, 13)
"""

from .cards import Card, Pack, Suit, cards, format_cards
from .errors import (ActionError, CardError, ConflictingRules, ConquianError, DeclarationError, IllegalMove,
                     PositionError, RecordError, RuleError, UnknownVariant)
from .games.conquian.rules import AXES, RuleSet
from .status import Status
from .registry import DECLARATIONS, VARIANTS, declaration, variant
from .games.conquian.actions import Action, Kind
from .deal import Deal
from .games.conquian.game import Game, Origin, Outcome, Phase, Role, Termination, position
from .games.conquian.match import Match
from .registry import parse_rules
from .games.romme.rules import RommeRules
from .games.romme.game import RommeGame
from .games.romme.match import RommeMatch

__all__ = [
    "Card", "Pack", "Suit", "cards", "format_cards", "AXES", "RuleSet", "DECLARATIONS", "VARIANTS", "Status",
    "declaration", "variant", "Action", "Kind", "Game", "Origin", "Outcome", "Phase", "Role", "Termination",
    "position", "Match", "ConquianError", "CardError", "RuleError", "UnknownVariant", "ConflictingRules",
    "DeclarationError", "PositionError", "IllegalMove", "ActionError", "RecordError",
    "parse_rules", "RommeRules", "RommeGame", "RommeMatch", "Deal",
]
__version__ = "0.2.0"
