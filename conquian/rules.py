"""Rule sets: one frozen object of independent, typed axes, from which parse, print, docs and the matrix derive.

Glossary (the terms this package uses, with the sources' own words)
--------------------------------------------------------------------
pack
    The forty cards in play.  *Spanish pack*: A–7 and J Q K (no 8, 9, 10); Foster's alternative:
    A–10.  German *Karten*, Dutch *kaartspel*, French *paquet*.
stock
    The undealt cards, face down; Foster's "pack", German *Talon*, Dutch/French *stock*.
dealer, pone
    The player who deals, and his opponent (Foster's "pone"; German *Gegner des Kartengebers*,
    Dutch *niet-verdeler*, French *non-revendeur*, a mistranslation of "non-dealer").
meld
    A combination laid face up on the table: a *set* (three or four cards of one rank; Foster's
    "triplets and fours", German *Satz*) or a *sequence* (three or more cards of one suit in rank
    order; Foster's "sequence and suit", German *Sequenz*).  German *Figur*; Dutch *spreiding*;
    French *mélange*/*fusion* (mistranslations of "meld").
the say
    The right to decide about the card on offer (Foster: the player "has the say").  The card is
    *used* (melded at once with hand cards or own melds), *passed* to the opponent, or *refused*.
on offer
    The one face-up card that somebody has the say to: a card just turned from the stock, a card
    its drawer passed, or a discard.
use
    To take the card on offer and lay it out in melds at once.  In Conquian a card on offer never
    goes into the hand (unless a rule set says otherwise: see ``drawn_to_hand``).
lay off
    To add a card to a meld already on the table (German *ergänzen*, Dutch *afleggen*).
rearrange
    To move cards between one's own melds while every meld stays valid (Foster's *borrowing*,
    rummy.ch's *umkombinieren*, the Dutch *verschuiven*).
forcing
    Making the opponent take a card.  *Active* (Foster): placing a card that fits on the
    opponent's meld; he must take it and discard.  *Reactive* (rummy.ch *Zugzwang*, Dutch
    *vragen*, French *demander*): demanding that a player take a card he declined although it
    fits one of his melds.
down
    Cards laid out in melds.  The winner is the first to have eleven cards down.
tableau
    A deal nobody wins because the stock runs out (German *Unentschieden*).

Axes and values
---------------
Each axis is a field of :class:`RuleSet` below, with a one-line question and a description.
A value's *status* (stated, implied, silent, ambiguous) and its evidence live in the
declarations (``variants/*.toml``), not here: see :mod:`conquian.declarations`.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import typing
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterable

from .cards import Card, Pack, cards as _cards
from .errors import ConflictingRules, RuleError

__all__ = [
    "RuleSet", "AXES", "Axis", "Pack", "Ace", "FirstSay", "UnusedDraw", "RefusedCard",
    "HandCards", "AddToOpponent", "Forcing", "Rearranging", "StockExhausted", "Scoring",
    "TableauStake", "DealerRotation",
]


class _Choice(enum.Enum):
    """An enum whose values are the lowercase words used in declarations and rule-set text."""

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Ace(_Choice):
    LOW = "low"
    """The ace is below the 2 only: A 2 3 is a sequence, Q K A is not."""
    LOW_OR_HIGH = "low-or-high"
    """The ace may also stand above the king (or the ten): Q K A is a sequence."""


class FirstSay(_Choice):
    PONE = "pone"
    """The non-dealer has the first say to the first card."""
    DEALER = "dealer"


class UnusedDraw(_Choice):
    OFFERED = "offered"
    """A card its drawer does not use is offered to the opponent, who has the say to it."""
    DEAD = "dead"
    """A card its drawer does not use is out of play at once."""


class RefusedCard(_Choice):
    TURNED_DOWN = "turned-down"
    """Turned face down at once and not looked at again until the deal is decided (Foster)."""
    COVERED = "covered"
    """Left face up on the discard pile, where the next card covers it for good."""


class HandCards(_Choice):
    WITH_THE_CARD = "with-the-card"
    """Hand cards go down only in the meld that takes the card used."""
    ANY = "any"
    """In a turn where a card is used, other melds may also be laid out from the hand, and hand cards laid off on own melds."""


class AddToOpponent(_Choice):
    NEVER = "never"
    """A player never puts a card on his opponent's melds."""
    ONLY_BY_FORCING = "only-by-forcing"
    """Only by forcing: placing a card that fits on the opponent's meld, which he must then keep."""


class Forcing(_Choice):
    NONE = "none"
    ACTIVE = "active"
    """The holder of the say, or a player discarding, places a card on the opponent's meld; the opponent must take it and discard."""
    REACTIVE = "reactive"
    """When a player declines a card that fits one of his own melds, the opponent may demand that he take it."""


class Rearranging(_Choice):
    NONE = "none"
    """Melds on the table stay as they are; they may only be extended."""
    FREE = "free"
    """When using a card, a player may regroup the cards of his own melds, every meld valid afterwards."""


class StockExhausted(_Choice):
    TABLEAU = "tableau"
    """When a card must be drawn from an empty stock, the deal is a tie (a tableau)."""


class Scoring(_Choice):
    POINT = "point"
    """Each game won counts one point."""
    STAKE = "stake"
    """Each game won wins a stake agreed beforehand (one unit here)."""
    PIPS = "pips"
    """The loser pays the pips left in his hand (ace 1, court cards 10)."""


class TableauStake(_Choice):
    CARRIED = "carried"
    """The winner of the next game also takes the stake of the tied game(s)."""
    DOUBLED = "doubled"
    """The game after a tableau counts double (and double again after each further tableau)."""


class DealerRotation(_Choice):
    ALTERNATE = "alternate"
    """The deal passes to the other player after every game."""
    WINNER_DEALS = "winner-deals"
    LOSER_DEALS = "loser-deals"


def _axis(default: Any, question: str, doc: str, *, minimum: int | None = None, maximum: int | None = None):
    return field(default=default, metadata={"question": question, "doc": doc, "minimum": minimum, "maximum": maximum})


@dataclass(frozen=True)
class RuleSet:
    """A complete rule set for a two-handed deal of Conquian.

    Every field is one independent axis.  Make one with :meth:`parse`, from a declared source with
    :func:`conquian.variant`, or from another with :meth:`replace`; contradictory settings raise
    :class:`~conquian.errors.ConflictingRules` naming both axes.

    The defaults are those of the 1913 Foster text.
    """

    # -- the cards ---------------------------------------------------------------------------
    pack: Pack = _axis(Pack.ACE_TO_TEN, "Which forty cards are played?",
                       "The Spanish pack (A–7, J Q K; 7 and J adjacent) or A–10.")
    min_set: int = _axis(3, "How few cards of one rank make a set?", "Smallest set.", minimum=2, maximum=4)
    max_set: int = _axis(4, "How many cards of one rank may a set hold?", "Largest set.", minimum=2, maximum=4)
    min_sequence: int = _axis(3, "How few cards make a sequence?", "Shortest sequence.", minimum=2, maximum=10)
    max_sequence: int = _axis(10, "How long may a sequence be?", "Longest sequence (10 = a whole suit).",
                              minimum=2, maximum=10)
    ace: Ace = _axis(Ace.LOW, "Where does the ace stand in a sequence?", "Below the 2 only, or also above the top card.")
    round_the_corner: bool = _axis(False, "May a sequence go round the corner (K A 2)?",
                                   "Whether a sequence may run from the top rank on to the ace and the 2.")
    # -- the deal ----------------------------------------------------------------------------
    hand_size: int = _axis(10, "How many cards is each player dealt?", "Cards dealt to each player.",
                           minimum=1, maximum=19)
    deal_packet: int = _axis(2, "Are the cards dealt one or two at a time?", "Cards dealt to a player at a time.",
                             minimum=1, maximum=10)
    turn_up: bool = _axis(True, "Is a card turned up at the deal?",
                          "Whether the dealer turns the next card face up on the stock; if not, the first player turns it.")
    min_cut: int = _axis(4, "How many cards must each packet of the cut hold?",
                         "Fewest cards left in either packet when the pack is cut before the deal.", minimum=1, maximum=20)
    first_say: FirstSay = _axis(FirstSay.PONE, "Who has the first say?", "Who has the first say to the first card.")
    # -- the say -----------------------------------------------------------------------------
    drawn_to_hand: bool = _axis(False, "May a card on offer be taken into the hand?",
                                "In Conquian a card is used at once in a meld or not at all.")
    unused_draw: UnusedDraw = _axis(UnusedDraw.OFFERED, "What becomes of a drawn card its drawer does not use?",
                                    "Offered to the opponent, or out of play.")
    refused_card: RefusedCard = _axis(RefusedCard.TURNED_DOWN, "What becomes of a card nobody uses?",
                                      "Turned down unseen, or left covered on the discard pile.")
    # -- melding -----------------------------------------------------------------------------
    hand_cards: HandCards = _axis(HandCards.WITH_THE_CARD, "Which hand cards may go down with a used card?",
                                  "Only those in the meld that takes the card, or any that make melds.")
    meld_without_use: bool = _axis(False, "May a player meld from his hand without using a card?",
                                   "Whether hand cards may be laid out after a draw the player does not use.")
    lay_off_own: bool = _axis(True, "May a player add cards to his own melds?",
                              "Whether a used card (and hand cards) may extend a meld already down.")
    add_to_opponent: AddToOpponent = _axis(AddToOpponent.ONLY_BY_FORCING, "May a player add to his opponent's melds?",
                                           "Never, or only by forcing.")
    forcing: Forcing = _axis(Forcing.ACTIVE, "Can a player be made to take a card?",
                             "No forcing, active forcing (Foster) or reactive forcing (a demand).")
    rearranging: Rearranging = _axis(Rearranging.FREE, "May a player regroup his own melds?",
                                     "Borrowing, recombining, shifting: moving cards between own melds.")
    # -- the end -----------------------------------------------------------------------------
    cards_to_win: int = _axis(11, "How many cards down win?", "Cards a player must have down to win.",
                              minimum=1, maximum=20)
    last_discard_counts: bool = _axis(False, "Does discarding one's last card win?",
                                      "Whether a player who empties his hand by a discard wins with fewer cards down; "
                                      "if not, he plays on with an empty hand until he can use a card.")
    stock_exhausted: StockExhausted = _axis(StockExhausted.TABLEAU, "What if the stock runs out?",
                                            "What happens when a card must be drawn from an empty stock.")
    # -- the match ---------------------------------------------------------------------------
    scoring: Scoring = _axis(Scoring.POINT, "What does a game won count?", "A point, a stake, or the loser's pips.")
    tableau_stake: TableauStake = _axis(TableauStake.CARRIED, "What becomes of a tied game's stake?",
                                        "Carried to the next winner, or the next game counts double.")
    dealer_rotation: DealerRotation = _axis(DealerRotation.ALTERNATE, "Who deals the next game?",
                                            "Alternately, the winner or the loser.")

    # Informational only; excluded from equality, so two rule sets with the same axes are equal.
    source: str | None = field(default=None, compare=False, repr=False)
    """Id of the declaration this rule set was loaded from or derived from, if any (for citations)."""

    def __post_init__(self) -> None:
        for ax in AXES:
            object.__setattr__(self, ax.name, ax.coerce(getattr(self, ax.name), context="RuleSet"))
        for check in _CONFLICTS:
            check(self)

    # -- derived -----------------------------------------------------------------------------
    @property
    def deck(self) -> tuple[Card, ...]:
        """The forty cards of this rule set's pack, suit by suit, each in sequence order."""
        return self.pack.cards

    @cached_property
    def table(self):
        """The precomputed meld table for these rules (see :mod:`conquian.melds`)."""
        from .melds import MeldTable
        return MeldTable.for_rules(self)

    def is_meld(self, cards: "str | Iterable[Card]") -> bool:
        """Whether the cards form one valid meld under these rules.

        Cards not in this rule set's pack raise :class:`~conquian.errors.CardError`.
        """
        return self.table.mask(_cards(cards)) in self.table.melds

    # -- derived rule sets -------------------------------------------------------------------
    def replace(self, **overrides: Any) -> "RuleSet":
        """A new rule set with some axes changed (values may be given as text); the source is kept for citations."""
        for key in overrides:
            if key not in AXIS_BY_NAME:
                raise RuleError(f"unknown axis {key!r}; the axes are: {', '.join(AXIS_BY_NAME)}")
        values = {ax.name: AXIS_BY_NAME[ax.name].coerce(overrides[ax.name], context="replace()")
                  if ax.name in overrides else getattr(self, ax.name) for ax in AXES}
        return RuleSet(**values, source=self.source)

    def differences(self, other: "RuleSet") -> dict[str, tuple[Any, Any]]:
        """Axes on which two rule sets differ: ``{axis: (self value, other value)}``."""
        return {ax.name: (getattr(self, ax.name), getattr(other, ax.name))
                for ax in AXES if getattr(self, ax.name) != getattr(other, ax.name)}

    def items(self) -> list[tuple[str, Any]]:
        """Every axis and its value, in declaration order."""
        return [(ax.name, getattr(self, ax.name)) for ax in AXES]

    # -- text --------------------------------------------------------------------------------
    def __str__(self) -> str:
        """``foster-1913``, ``foster-1913(pack=spanish)``, or the full ``conquian(axis=value, ...)`` form."""
        base = self._preset()
        if base is not None:
            diff = base.differences(self)
            args = ", ".join(f"{k}={AXIS_BY_NAME[k].format(v[1])}" for k, v in diff.items())
            return f"{self.source}({args})" if args else self.source
        return "conquian(" + ", ".join(f"{ax.name}={ax.format(getattr(self, ax.name))}" for ax in AXES) + ")"

    def __repr__(self) -> str:
        return f"RuleSet.parse({str(self)!r})"

    def _preset(self) -> "RuleSet | None":
        if self.source is None:
            return None
        from .declarations import VARIANTS
        return VARIANTS.get(self.source)

    @classmethod
    def parse(cls, text: str) -> "RuleSet":
        """Read ``ID``, ``ID(axis=value, ...)`` or ``conquian(axis=value, ...)``; the inverse of ``str``.

        >>> RuleSet.parse('foster-1913(pack=spanish)').pack
        <Pack.SPANISH: 'spanish'>
        """
        m = re.fullmatch(r"\s*([\w .-]+?)\s*(?:\((.*)\))?\s*", text, re.S)
        if not m:
            raise RuleError(f"rule-set text {text!r} is not of the form ID or ID(axis=value, ...)")
        name, args = m.group(1), m.group(2)
        if name.lower() == "conquian":
            base = RuleSet()
        else:
            from .declarations import variant
            base = variant(name)
        overrides: dict[str, str] = {}
        if args and args.strip():
            for i, part in enumerate(args.split(","), 1):
                key, sep, value = part.partition("=")
                key = key.strip()
                if not sep or not key:
                    raise RuleError(f"rule-set text {text!r}: setting {i} ({part.strip()!r}) is not axis=value")
                if key in overrides:
                    raise RuleError(f"rule-set text {text!r}: axis {key!r} is set twice")
                overrides[key] = value.strip()
        return base.replace(**overrides)


@dataclass(frozen=True)
class Axis:
    """One axis of :class:`RuleSet`: its name, type, question and description."""

    name: str
    type: type
    default: Any
    question: str
    doc: str
    minimum: int | None = None
    maximum: int | None = None

    @property
    def slug(self) -> str:
        """The axis name as it appears in URLs: ``max-sequence``."""
        return self.name.replace("_", "-")

    @property
    def choices(self) -> tuple[Any, ...] | None:
        """The valid values of an enum or bool axis; None for ints (see minimum/maximum)."""
        if self.type is bool:
            return (True, False)
        if issubclass(self.type, enum.Enum):
            return tuple(self.type)
        return None

    def valid_text(self) -> str:
        if self.type is bool:
            return "true, false"
        if issubclass(self.type, enum.Enum):
            return ", ".join(m.value for m in self.type)
        return f"a whole number from {self.minimum} to {self.maximum}"

    def coerce(self, value: Any, context: str = "") -> Any:
        """The value as this axis's type, accepting the text forms; anything else raises RuleError."""
        where = f"{context}: " if context else ""
        bad = RuleError(f"{where}axis {self.name!r} cannot be {value!r}; valid: {self.valid_text()}")
        if self.type is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in ("true", "yes"):
                return True
            if isinstance(value, str) and value.strip().lower() in ("false", "no"):
                return False
            raise bad
        if self.type is int:
            if isinstance(value, bool):
                raise bad
            if isinstance(value, str):
                if not re.fullmatch(r"\s*\d+\s*", value):
                    raise bad
                value = int(value)
            if not isinstance(value, int) or not self.minimum <= value <= self.maximum:
                raise bad
            return value
        if isinstance(value, self.type):
            return value
        if isinstance(value, str):
            key = re.sub(r"[\s_]+", "-", value.strip().lower())
            for member in self.type:
                if member.value == key:
                    return member
        raise bad

    def format(self, value: Any) -> str:
        """The value as it is written in rule-set text and declarations."""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, enum.Enum):
            return value.value
        return str(value)


_HINTS = typing.get_type_hints(RuleSet)
AXES: tuple[Axis, ...] = tuple(
    Axis(f.name, _HINTS[f.name], f.default, f.metadata["question"], f.metadata["doc"],
         f.metadata["minimum"], f.metadata["maximum"])
    for f in dataclasses.fields(RuleSet) if "question" in f.metadata
)
AXIS_BY_NAME: dict[str, Axis] = {ax.name: ax for ax in AXES}


# -- conflicts between axes: each check names both axes ---------------------------------------
def _conflict(a: str, b: str, why: str):
    def decorator(predicate):
        def check(rules: RuleSet) -> None:
            if predicate(rules):
                raise ConflictingRules(
                    f"{a}={AXIS_BY_NAME[a].format(getattr(rules, a))} conflicts with "
                    f"{b}={AXIS_BY_NAME[b].format(getattr(rules, b))}: {why}")
        check.axes = (a, b)
        _CONFLICTS.append(check)
        return predicate
    return decorator


_CONFLICTS: list = []


@_conflict("min_set", "max_set", "the smallest set cannot be larger than the largest")
def _(r): return r.min_set > r.max_set


@_conflict("min_sequence", "max_sequence", "the shortest sequence cannot be longer than the longest")
def _(r): return r.min_sequence > r.max_sequence


@_conflict("deal_packet", "hand_size", "the cards must be dealt in whole packets")
def _(r): return r.hand_size % r.deal_packet != 0


@_conflict("forcing", "add_to_opponent", "active forcing places cards on the opponent's melds")
def _(r): return r.forcing is Forcing.ACTIVE and r.add_to_opponent is not AddToOpponent.ONLY_BY_FORCING


@_conflict("add_to_opponent", "forcing", "cards reach the opponent's melds only by active forcing")
def _(r): return r.add_to_opponent is AddToOpponent.ONLY_BY_FORCING and r.forcing is not Forcing.ACTIVE


@_conflict("forcing", "lay_off_own", "a player can be made to take only a card that extends his own meld")
def _(r): return r.forcing is Forcing.REACTIVE and not r.lay_off_own


@_conflict("meld_without_use", "hand_cards",
           "a player who may meld from his hand without using a card may surely do so when he uses one")
def _(r): return r.meld_without_use and r.hand_cards is HandCards.WITH_THE_CARD


@_conflict("cards_to_win", "hand_size", "a player can have at most one card more than he was dealt down")
def _(r): return r.cards_to_win > r.hand_size + 1


@_conflict("hand_size", "min_cut", "two hands, the card on offer and both packets of the cut must fit in forty cards")
def _(r): return 2 * r.hand_size + 1 > 40 or 2 * r.min_cut > 40
