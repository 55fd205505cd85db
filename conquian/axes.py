"""The vocabulary of rule-set axes: the value types, the groups, and :class:`Axis`, which reads, prints and explains a value.

An axis is declared once, as a field of :class:`~conquian.games.conquian.rules.RuleSet` (see :func:`axis`): its type, default,
group, the reader's name for it, the question it answers, and what each value means in words.  Everything else
(rule-set text, declarations, the site's ruling pages and matrix, the command line) derives from that declaration.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .errors import RuleError
from .text import parse_int, shorten, word_key

__all__ = [
    "Choice", "Group", "Axis", "axis", "shared_axis", "SHARED_AXES", "RuleSetBase", "Ace", "FirstSay", "UnusedDraw", "RefusedCard", "HandCards",
    "AddToOpponent", "Forcing", "Rearranging", "DemandedUse", "Misdeal", "StockExhausted", "Scoring", "TableauStake",
    "DealerRotation",
]


class Choice(enum.Enum):
    """A value of an enumerated axis: its word (as written in rule-set text), what it means, in English, and, where
    the word is the engine's ("covered", "reactive"), the few words a player reads instead ("left face up").

    Members are declared as ``NAME = "word", "What it means."`` or ``NAME = "word", "What it means.", "reader words"``.
    """

    def __new__(cls, word: str, meaning: str = "", reader: str = ""):
        member = object.__new__(cls)
        member._value_ = word
        member.meaning = meaning
        member.reader = reader
        return member

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Group(enum.Enum):
    """The groups of axes, in the order a rules book takes them."""

    CARDS = "the cards"
    DEAL = "the deal"
    SAY = "the say"
    MELDING = "melding"
    END = "the end of a deal"
    MATCH = "the match"

    @property
    def title(self) -> str:
        return self.value[:1].upper() + self.value[1:]


class Ace(Choice):
    # "the top card", not "K": Foster's pack stops at the ten
    LOW = "low", "The ace is below the 2 only: A 2 3 is a sequence, but the ace never follows the top card."
    LOW_OR_HIGH = "low-or-high", "The ace may also stand above the top card: Q K A is a sequence."


class FirstSay(Choice):
    PONE = "pone", "The non-dealer (the pone) has the first say to the first card.", "the pone"
    DEALER = "dealer", "The dealer has the first say to the first card.", "the dealer"


class UnusedDraw(Choice):
    OFFERED = ("offered", "A card its drawer does not use is offered to the opponent, who has the say to it.",
              "offered to the opponent")
    DEAD = "dead", "A card its drawer does not use is out of play at once.", "out of play"


class RefusedCard(Choice):
    TURNED_DOWN = ("turned-down", "A card nobody uses is turned face down at once and not looked at again until the deal is decided.",
                  "turned face down")
    COVERED = ("covered", "A card nobody uses stays face up on the discard pile, where the next card covers it for good.",
              "left face up")


class HandCards(Choice):
    WITH_THE_CARD = ("with-the-card", "Hand cards go down only in the meld that takes the card used.",
                    "only with the card used")
    ANY = "any", ("In a turn in which a card is used, other melds may also be laid out from the hand, "
                  "and hand cards added to one's own melds."), "any melds"


class AddToOpponent(Choice):
    NEVER = "never", "A player never puts a card on his opponent's melds."
    ONLY_BY_FORCING = "only-by-forcing", ("A player puts a card on his opponent's melds only by forcing it there: "
                                          "a card that fits, which the opponent must then keep.")


class Forcing(Choice):
    NONE = "none", "Nobody can be made to take a card.", "never"
    ACTIVE = "active", ("The holder of the say, or a player discarding, may place a card that fits on the opponent's "
                        "meld; the opponent must take it and discard."), "put on his meld"
    REACTIVE = "reactive", ("When a player declines a card that fits one of his own melds, "
                            "the opponent may demand that he take it."), "made to take it"
    # pagat's modern Mexican game has both kinds at once.  Declared last: the kernel codes a value by its place.
    BOTH = "both", ("Both kinds: the holder of the say may lay a card that fits on an opponent's meld, and the "
                    "opponent must meld it and discard; an opponent may demand that a player meld a card he "
                    "declines that fits his own meld."), "both ways"

    @property
    def active(self) -> bool:
        """Whether a player may place a card on his opponent's meld (active forcing, alone or with reactive)."""
        return self is Forcing.ACTIVE or self is Forcing.BOTH

    @property
    def reactive(self) -> bool:
        """Whether a player may demand that his opponent take a card he declined (reactive, alone or with active)."""
        return self is Forcing.REACTIVE or self is Forcing.BOTH


class Rearranging(Choice):
    NONE = "none", "Melds on the table stay as they are; they may only be extended.", "never"
    BORROW = ("borrow", ("A player may borrow cards from his own melds of four or more, as long as each leaves a "
                        "complete meld behind (a sequence may split into two); a borrowed card goes to another meld."),
             "borrow from four or more")
    WITH_NEW_MELD = "with-new-meld", ("Only to make a new meld may a player take cards from his own melds, and "
                                      "only as long as each meld they leave is valid afterwards, once any cards "
                                      "joining it in the same move are down."), "only for a new meld"
    # no "when using a card": the Dutch and French shifting has no such condition, and where a player may lay out
    # without using a card (meld_without_use) he may regroup then too
    FREE = "free", ("In a turn in which he lays cards out, a player may regroup the cards of his own melds any way, "
                    "every meld valid afterwards."), "any regrouping"


class DemandedUse(Choice):
    LAY_OFF = ("lay-off", "A player made to take a card must add it to the meld of his that it fits.",
              "added to his meld")
    ANY = "any", "A player made to take a card must use it, in any way the rules allow.", "any use"


class Misdeal(Choice):
    NEW_DEAL = "new-deal", ("If a card is found face up in the pack, or the dealer exposes a card dealt to his "
                            "opponent, the deal is void and the cards are dealt again.")
    PLAY_ON = "play-on", "A card faced in the pack or exposed in the deal is turned down again and play goes on."


class StockExhausted(Choice):
    # the moment of the tie (when a card must be drawn from the empty stock) is the engine's, said in each note:
    # the texts say only that a stock run out with nobody out makes a tie
    TABLEAU = "tableau", "When the stock runs out and nobody has won, the deal is a tie (a tableau).", "a tie"


class Scoring(Choice):
    POINT = "point", "Each game won counts one point for the winner.", "a point a game"
    STAKE = ("stake", "The loser pays the winner a stake agreed beforehand (one unit here); with three, each loser pays "
             "it.", "a stake")
    PIPS = "pips", "The loser pays the winner the pips left in his hand (ace 1, court cards 10).", "the pips in hand"


class TableauStake(Choice):
    CARRIED = ("carried", "The winner of the next game also takes the stake of every tied game before it.",
              "carried to the next game")
    DOUBLED = ("doubled", "The game after a tableau counts double (and double again after each further tableau).",
              "doubled each tie")
    DOUBLED_ONCE = "doubled-once", ("The game after a tableau counts double, however many tableaux ran before it "
                                    "(after two ties running, double, not four times)."), "doubled once"
    # pagat's Mexican game: a drawn hand is simply a draw.  Declared last, after the values sources already use.
    LAPSES = "lapses", "A tied game counts for nothing: the next game is played for the ordinary stake.", "lapses"


class DealerRotation(Choice):
    ALTERNATE = ("alternate", "The deal passes to the other player after every game; with three, to the dealer's "
                 "right.", "each in turn")
    WINNER_DEALS = "winner-deals", "The winner of a game deals the next."
    LOSER_DEALS = "loser-deals", "The loser of a game deals the next."


def axis(default: Any, *, group: Group, title: str, question: str, doc: str, means: "str | Mapping[bool, str]" = "",
         minimum: int | None = None, maximum: int | None = None, applies: "Callable[[Any], bool] | None" = None,
         applies_when: str = ""):
    """Declare one axis as a field of :class:`~conquian.games.conquian.rules.RuleSet`.

    ``title`` is the reader's name for the axis ("Longest sequence"); ``question`` the question it answers;
    ``doc`` one line on what it governs.  ``means`` says what a value means: for a whole-number axis a
    template with ``{n}``, for a yes/no axis ``{True: ..., False: ...}``; an enumerated axis's values carry
    their own meaning (:class:`Choice`).  An axis that only arises under other rules names them: ``applies``
    tells from a rule set whether the question arises, ``applies_when`` says it in words ("forcing is active");
    where it does not, a source declares nothing for it and tables show it as not applicable.
    """
    return field(default=default, metadata={"axis": dict(group=group, title=title, question=question, doc=doc,
                                                         means=means, minimum=minimum, maximum=maximum,
                                                         when=applies, applies_when=applies_when)})


@dataclass(frozen=True)
class Axis:
    """One axis of :class:`~conquian.games.conquian.rules.RuleSet`: how its values are read, printed and explained."""

    name: str
    type: type
    default: Any
    group: Group
    title: str
    """The reader's name for the axis: "Longest sequence"."""
    question: str
    doc: str
    means: Any = field(default="", repr=False, compare=False)
    minimum: int | None = None
    maximum: int | None = None
    when: "Callable[[Any], bool] | None" = field(default=None, repr=False, compare=False)
    applies_when: str = ""
    """In words, the rules under which the question arises ("" for an axis that always applies)."""

    def applies(self, rules: Any) -> bool:
        """Whether the question this axis answers arises under the other axes of ``rules``."""
        return self.when is None or self.when(rules)

    @property
    def slug(self) -> str:
        """The axis name as it appears in URLs: ``max-sequence``."""
        return self.name.replace("_", "-")

    @property
    def choices(self) -> tuple[Any, ...] | None:
        """The valid values of an enum or bool axis; None for whole numbers (see minimum/maximum)."""
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
        given = value

        def bad() -> RuleError:
            shown = given if not isinstance(given, str) or len(given) <= 60 else given[:57] + "..."
            return RuleError(f"{where}axis {self.name!r} cannot be {shown!r}; valid: {self.valid_text()}")

        if self.type is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str):
                key = word_key(value)
                if key in ("true", "yes"):
                    return True
                if key in ("false", "no"):
                    return False
            raise bad()
        if self.type is int:
            if isinstance(value, str):
                number = parse_int(value)
                if number is None:
                    raise bad()
                value = number
            if isinstance(value, bool) or not isinstance(value, int) or not self.minimum <= value <= self.maximum:
                raise bad()
            return value
        if isinstance(value, self.type):
            return value
        if isinstance(value, str):
            key = word_key(value)
            for member in self.type:
                if member.value == key:
                    return member
        raise bad()

    def format(self, value: Any) -> str:
        """The value as it is written in rule-set text and declarations."""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, enum.Enum):
            return value.value
        return str(value)

    def words(self, value: Any) -> str:
        """The value as a reader reads it: yes/no for a yes/no axis, the word or number otherwise."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        return self.format(value).replace("-", " ")  # "ace to ten", not the rule-set word "ace-to-ten"

    def reader_words(self, value: Any) -> str:
        """The value in a player's few words, for a matrix cell or a banner: a value's own reader words where its
        rule-set word is the engine's, else :meth:`words`.

        >>> from conquian.games.conquian.rules import AXIS_BY_NAME
        >>> AXIS_BY_NAME["forcing"].reader_words("reactive"), AXIS_BY_NAME["max_set"].reader_words(4)
        ('made to take it', '4')
        """
        value = self.coerce(value)
        return getattr(value, "reader", "") or self.words(value)

    def meaning(self, value: Any) -> str:
        """What the value means, as a sentence: ``'A sequence holds at most 8 cards.'``."""
        value = self.coerce(value)
        if isinstance(value, enum.Enum):
            return value.meaning
        if isinstance(value, bool):
            return self.means[value]
        text = self.means.format(n=value)
        # "2 packs", "1 card": a template's "pack(s)" takes the number's form
        text = re.sub(r"(\w+)\(s\)", lambda m: m.group(1) + ("" if value == 1 else "s"), text)
        return text.replace(" 1 cards", " 1 card") if value == 1 else text


#: The words of the axes two games share (same name, same question): declared here once, each game's class adding
#: only its default and what differs with the pack (the range of numbers, a line of its own doc).
SHARED_AXES: dict[str, dict[str, Any]] = {
    "min_set": dict(group=Group.CARDS, title="Smallest set", question="How few cards of one rank make a set?",
                    doc="Smallest set.", means="A set needs at least {n} cards of one rank.", minimum=2, maximum=4),
    "max_set": dict(group=Group.CARDS, title="Largest set", question="How many cards of one rank may a set hold?",
                    doc="Largest set.", means="A set holds at most {n} cards.", minimum=2, maximum=4),
    "min_sequence": dict(group=Group.CARDS, title="Shortest sequence", question="How few cards make a sequence?",
                         doc="Shortest sequence.", means="A sequence needs at least {n} cards in suit."),
    "max_sequence": dict(group=Group.CARDS, title="Longest sequence", question="How long may a sequence be?",
                         means="A sequence holds at most {n} cards."),
    "ace": dict(group=Group.CARDS, title="The ace in a sequence", question="Where does the ace stand in a sequence?"),
    "round_the_corner": dict(group=Group.CARDS, title="Round the corner",
                             question="May a sequence go round the corner (K A 2)?"),
    "max_players": dict(group=Group.DEAL, title="Most players", question="How many players can play?",
                        doc="Most players.", means="At most {n} players play.", minimum=2),
    "hand_size": dict(group=Group.DEAL, title="Cards dealt", question="How many cards is each player dealt?",
                      doc="Cards dealt to each player.", means="Each player is dealt {n} cards.", minimum=1, maximum=19),
    "min_cut": dict(group=Group.DEAL, title="The cut", question="How many cards must each packet of the cut hold?",
                    doc="Fewest cards left in either packet when the pack is cut before the deal.",
                    means="Each packet of the cut holds at least {n} cards.", minimum=1),
    "drawn_to_hand": dict(group=Group.SAY, title="A card on offer into the hand",
                          question="May a card on offer be taken into the hand?"),
}


def shared_axis(name: str, default: Any, **own: Any):
    """Declare, in a game's rule-set class, an axis another game shares (:data:`SHARED_AXES`): its words once,
    the game's default and whatever of its own the game adds (``doc``, ``means``, ``minimum``, ``maximum``)."""
    return axis(default, **{**SHARED_AXES[name], **own})


class RuleSetBase:
    """What every game's rule set has besides its axes: derived rule sets, differences, the axes as items.

    A subclass is a frozen dataclass whose fields are its axes, declared with :func:`axis`, plus a ``source``
    field; it names its axes in the class attribute ``AXES``.
    """

    AXES: tuple = ()
    CONFLICTS: list = []
    source: "str | None"

    def __post_init__(self) -> None:
        """Every value read as its axis's type; then every conflict between axes checked (each names both)."""
        cls = type(self)
        if self.source is not None and not isinstance(self.source, str):
            raise TypeError(f"{cls.__name__}(source=...) must be a source id, not {type(self.source).__name__}")
        for ax in cls.AXES:
            object.__setattr__(self, ax.name, ax.coerce(getattr(self, ax.name), context=cls.__name__))
        for check in cls.CONFLICTS:
            check(self)

    def replace(self, **overrides: Any):
        """A new rule set with some axes changed (values may be given as text); the source is kept for citations."""
        axes = type(self).AXES
        names = [ax.name for ax in axes]
        for key in overrides:
            if key not in names:
                raise RuleError(f"unknown axis {shorten(key)!r}; the axes are: {', '.join(names)}")
        values = {ax.name: ax.coerce(overrides[ax.name], context="replace()") if ax.name in overrides
                  else getattr(self, ax.name) for ax in axes}
        return type(self)(**values, source=self.source)

    def differences(self, other) -> dict[str, tuple[Any, Any]]:
        """Axes on which two rule sets differ: ``{axis: (self value, other value)}``."""
        return {ax.name: (getattr(self, ax.name), getattr(other, ax.name))
                for ax in type(self).AXES if getattr(self, ax.name) != getattr(other, ax.name)}

    def items(self) -> list[tuple[str, Any]]:
        """Every axis and its value, in declaration order."""
        return [(ax.name, getattr(self, ax.name)) for ax in type(self).AXES]


def axes_of(cls: type, hints: Mapping[str, type], fields: "Callable[[type], Any]") -> tuple[Axis, ...]:
    """The axes declared (with :func:`axis`) among the fields of a dataclass, in declaration order."""
    out = []
    for f in fields(cls):
        meta = f.metadata.get("axis")
        if meta is not None:
            out.append(Axis(f.name, hints[f.name], f.default, **meta))
    return tuple(out)
