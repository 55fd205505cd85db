"""Cards, packs, card text, and the one vocabulary of card masks.

A :class:`Card` is a rank and a suit (or a joker), independent of any pack; it reads and prints in Unicode
(``7♠ J♥ 10♦ A♣``) and ASCII (``7S JH 10D AC``, ``T`` for ten, any case).  A :class:`PackShape` is the data
of a pack: its ranks in sequence order, its suits, how many copies of each card, how many jokers.  The
:class:`Pack` values name the shapes the rule sets use: in the Spanish pack the 7 and the jack are adjacent.

Masks: a group of distinct cards is an ``int`` with bit :attr:`Card.code` set for each card, so a hand, a
meld and a whole table are single integers (:func:`mask_of`, :func:`cards_of`, :func:`bits`, :func:`card_of`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Iterator

from .errors import CardError
from .text import shorten

__all__ = ["Card", "Pack", "PackShape", "Suit", "cards", "format_cards", "SUITS", "RANK_NAMES",
           "JOKER_CODE", "BY_CODE", "mask_of", "cards_of", "bits", "card_of"]


class Suit(enum.IntEnum):
    """The four suits, in the order cards are listed and numbered."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


SUITS = tuple(Suit)

#: Rank number (1 = ace ... 13 = king) to its printed name.
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K", **{n: str(n) for n in range(2, 11)}}
_RANK_FROM_TEXT = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
_SUIT_FROM_TEXT = {
    "♠": Suit.SPADES, "♤": Suit.SPADES, "S": Suit.SPADES,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "H": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "D": Suit.DIAMONDS,
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "C": Suit.CLUBS,
}
_JOKER_TEXT = ("🃏", "JK", "JOKER")
_VALID_RANKS = "A 2 3 4 5 6 7 8 9 10 T J Q K"
_VALID_SUITS = "♠ ♥ ♦ ♣ or S H D C"
#: The code of the joker: the one card after the 52 of the French pack.
JOKER_CODE = 52
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


class Card:
    """One playing card.  ``Card('7♠')``, ``Card('7s')`` and ``Card(7, Suit.SPADES)`` are the same object.

    Cards are interned: there is one object per card, so ``is`` and ``==`` agree.  A pack with two copies
    of each card holds the same :class:`Card` twice.  ``Card('🃏')`` (ASCII ``JK``) is the joker.
    """

    __slots__ = ("rank", "suit", "code")
    _interned: dict[int, "Card"] = {}

    rank: int
    """1 (ace) to 13 (king); 0 for the joker."""
    suit: "Suit | None"
    """None for the joker."""
    code: int
    """``suit * 13 + rank - 1``: a number 0–51, the same in every pack; :data:`JOKER_CODE` for the joker."""

    def __new__(cls, rank: "int | str", suit: "Suit | int | None" = None) -> "Card":
        if isinstance(rank, str):
            if suit is not None:
                raise TypeError("Card(text) takes no suit; use Card(rank, suit) for numbers")
            return _parse_token(rank, "card text")
        if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= 13:
            raise CardError(f"card rank must be 1 (ace) to 13 (king), not {rank!r}")
        if isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit <= 3:
            raise CardError(f"card suit must be a Suit (0-3), not {suit!r}")
        return cls._make(rank, Suit(suit), Suit(suit) * 13 + rank - 1)

    @classmethod
    def _make(cls, rank: int, suit: "Suit | None", code: int) -> "Card":
        card = cls._interned.get(code)
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "code", code)
            cls._interned[code] = card
        return card

    @property
    def is_joker(self) -> bool:
        return self.code == JOKER_CODE

    def __setattr__(self, name, value):
        raise AttributeError("cards are immutable")

    def __reduce__(self):
        return (Card, (str(self),))

    def __str__(self) -> str:
        return _NAMES[self.code]

    @property
    def ascii(self) -> str:
        """The card in ASCII: ``10S``, ``JH``, ``JK`` for the joker."""
        return "JK" if self.suit is None else RANK_NAMES[self.rank] + self.suit.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __hash__(self) -> int:
        return self.code

    def __eq__(self, other) -> bool:
        return self is other

    def __lt__(self, other: "Card") -> bool:
        return self.code < other.code


JOKER = Card._make(0, None, JOKER_CODE)
_NAMES = tuple(RANK_NAMES[r] + s.symbol for s in SUITS for r in range(1, 14)) + ("🃏",)
#: Card code -> card: the one table of the package.
BY_CODE: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14)) + (JOKER,)


def _parse_token(token: str, where: str) -> Card:
    """Read one card token (no separators in it); ``where`` says where it stands, for the message."""
    shown = shorten(token, 20)
    if token in _JOKER_TEXT or (token.isascii() and token.translate(_ASCII_UPPER) in _JOKER_TEXT):
        return JOKER
    if len(token) < 2 or len(token) > 3:
        raise CardError(f"{where}: {shown!r} is not a card: it needs a rank ({_VALID_RANKS}) and a suit ({_VALID_SUITS})")
    rank_text, suit_text = token[:-1], token[-1]
    # Only ASCII letters are folded: a look-alike such as the long s 'ſ' is not an S.
    if suit_text.isascii():
        suit_text = suit_text.translate(_ASCII_UPPER)
    suit = _SUIT_FROM_TEXT.get(suit_text)
    if suit is None:
        raise CardError(f"{where}: {shown!r} has no valid suit: {token[-1]!r} is not one of {_VALID_SUITS}")
    rank = _RANK_FROM_TEXT.get(rank_text.translate(_ASCII_UPPER) if rank_text.isascii() else rank_text)
    if rank is None:
        raise CardError(f"{where}: {shown!r} has no valid rank: {rank_text!r} is not one of {_VALID_RANKS}")
    return BY_CODE[suit * 13 + rank - 1]


def tokens(text: str) -> Iterator[tuple[int, str]]:
    """The tokens of card text (separated by whitespace or commas), numbered from 1; lazily, one pass."""
    return enumerate(text.replace(",", " ").split(), 1)


def cards(text: "str | Iterable[Card]", *, copies: int = 1) -> tuple[Card, ...]:
    """Read card text (Unicode or ASCII, spaces or commas between cards) into a tuple of cards.

    >>> cards('7♠ J♥ 10♦ A♣') == cards('7s jh td ac')
    True
    >>> cards('7S 1OH')
    Traceback (most recent call last):
    conquian.errors.CardError: card 2 of '7S 1OH': '1OH' has no valid rank: '1O' is not one of A 2 3 4 5 6 7 8 9 10 T J Q K

    A card may appear at most ``copies`` times (once: a 40-card pack holds each card once).  An iterable of
    :class:`Card` objects is checked the same way.
    """
    if isinstance(text, str):
        shown = shorten(text)
        out = []
        seen: dict[Card, list[int]] = {}
        for i, tok in tokens(text):  # checked card by card, so a bad megabyte fails at its first bad card
            c = _parse_token(tok, f"card {i} of {shown!r}")
            _count(seen, c, i, copies, f"card {i} of {shown!r}")
            out.append(c)
        return tuple(out)
    else:
        try:
            out = list(text)
        except TypeError:
            raise TypeError(f"cards() takes card text or an iterable of Card, not {type(text).__name__}") from None
        for i, c in enumerate(out, 1):
            if not isinstance(c, Card):
                raise CardError(f"card {i}: expected a Card, got {shorten(repr(c))}")
    seen = {}
    for i, c in enumerate(out, 1):
        _count(seen, c, i, copies, f"card {i}")
    return tuple(out)


def _count(seen: dict, c: Card, i: int, copies: int | None, where: str) -> None:
    """Note card ``c`` at place ``i``; more than ``copies`` of it (jokers apart) is an error."""
    if copies is None or c.is_joker:
        return
    places = seen.setdefault(c, [])
    places.append(i)
    if len(places) > copies:
        held = "once" if copies == 1 else f"{copies} times"
        raise CardError(f"{where}: {c} is already card {', '.join(map(str, places[:-1]))}; the pack holds each card {held}")


def format_cards(cs: Iterable[Card], ascii: bool = False) -> str:
    """Cards as text, space-separated, in the order given."""
    return " ".join(c.ascii if ascii else str(c) for c in cs)


# -- masks -----------------------------------------------------------------------------------------
def bits(mask: int) -> Iterator[int]:
    """The single-bit masks of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def card_of(bit: int) -> Card:
    """The card of a single-bit mask."""
    return BY_CODE[bit.bit_length() - 1]


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, in code order."""
    return [BY_CODE[b.bit_length() - 1] for b in bits(mask)]


def mask_of(cs: Iterable[Card]) -> int:
    """The mask of distinct cards."""
    m = 0
    for c in cs:
        m |= 1 << c.code
    return m


# -- packs -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PackShape:
    """What a pack is made of: the ranks in sequence order, the suits, copies of each card, jokers."""

    name: str
    ranks: tuple[int, ...]
    """The ranks, lowest first, in the order they follow each other in a sequence."""
    suits: tuple[Suit, ...] = SUITS
    copies: int = 1
    jokers: int = 0

    @cached_property
    def kinds(self) -> tuple[Card, ...]:
        """Each different card once, suit by suit, each suit in sequence order (then the joker, if any)."""
        return tuple(Card(r, s) for s in self.suits for r in self.ranks) + ((JOKER,) if self.jokers else ())

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the pack, copies and jokers included, in the order of :attr:`kinds`."""
        natural = tuple(c for c in self.kinds if not c.is_joker)
        return natural * self.copies + (JOKER,) * self.jokers

    @property
    def size(self) -> int:
        return len(self.ranks) * len(self.suits) * self.copies + self.jokers

    @cached_property
    def place(self) -> dict[int, int]:
        """Card code -> its place in sequence order within its suit (0 = lowest)."""
        return {Card(r, s).code: i for s in self.suits for i, r in enumerate(self.ranks)}

    @cached_property
    def mask(self) -> int:
        """The mask of every natural card of the pack."""
        return mask_of(c for c in self.kinds if not c.is_joker)

    def hand_order(self, cs: Iterable[Card]) -> list[Card]:
        """Cards sorted as a hand is shown: suit by suit, each in sequence order, jokers last."""
        place = self.place
        return sorted(cs, key=lambda c: (c.suit is None, c.suit or 0, place.get(c.code, c.rank)))

    def check(self, cs: Iterable[Card]) -> None:
        """Raise CardError for a card that is not in this pack."""
        for c in cs:
            if c.code not in self.place and not (c.is_joker and self.jokers):
                ranks = " ".join(RANK_NAMES[r] for r in self.ranks)
                raise CardError(f"{c} is not in the {self.name} pack (its ranks: {ranks})")


class Pack(enum.Enum):
    """The packs Conquian is played with: forty cards, and the order of ranks in a sequence."""

    SPANISH = "spanish"
    """A 2 3 4 5 6 7 J Q K: no 8, 9 or 10, so the 7 and the jack are adjacent in sequence."""
    ACE_TO_TEN = "ace-to-ten"
    """A 2 … 10: the court cards thrown out, four straight sequences from ace to ten (Foster's recommendation)."""

    def __str__(self) -> str:
        return self.value

    @property
    def meaning(self) -> str:
        return {"spanish": "The Spanish pack: A–7 and J Q K (no 8, 9 or 10), so the 7 and the jack are adjacent.",
                "ace-to-ten": "A to 10 in each suit, the court cards thrown out."}[self.value]

    @property
    def reader(self) -> str:
        """The pack in a player's few words (a matrix cell)."""
        return {"spanish": "Spanish pack (A–7, J Q K)", "ace-to-ten": "ace to 10"}[self.value]

    @property
    def shape(self) -> PackShape:
        return _SHAPES[self]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks, in sequence order."""
        return self.shape.ranks

    @property
    def cards(self) -> tuple[Card, ...]:
        """The forty cards, suit by suit (♠ ♥ ♦ ♣), each suit in sequence order."""
        return self.shape.cards


_SHAPES = {
    Pack.SPANISH: PackShape("spanish", (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)),
    Pack.ACE_TO_TEN: PackShape("ace-to-ten", tuple(range(1, 11))),
}
