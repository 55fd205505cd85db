"""Cards and the two 40-card packs of Conquian.

A :class:`Card` is a rank and a suit, independent of any pack; it reads and
prints in Unicode (``7♠ J♥ 10♦ A♣``) and ASCII (``7S JH 10D AC``, ``T`` for ten,
any case).  A :class:`Pack` says which forty cards are in play and in which
order ranks follow each other in a sequence: in the Spanish pack the 7 and the
jack are adjacent.
"""

from __future__ import annotations

import enum
import re
from typing import Iterable

from .errors import CardError

__all__ = ["Card", "Pack", "Suit", "cards", "format_cards", "SUITS", "RANK_NAMES"]


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
_VALID_RANKS = "A 2 3 4 5 6 7 8 9 10 T J Q K"
_VALID_SUITS = "♠ ♥ ♦ ♣ or S H D C"


class Card:
    """One playing card.  ``Card('7♠')``, ``Card('7s')`` and ``Card(7, Suit.SPADES)`` are the same object.

    Cards are interned: there is one object per card, so ``is`` and ``==`` agree.
    """

    __slots__ = ("rank", "suit", "code")
    _interned: dict[int, "Card"] = {}

    rank: int
    """1 (ace) to 13 (king)."""
    suit: Suit
    code: int
    """``suit * 13 + rank - 1``: a number 0–51, stable across packs."""

    def __new__(cls, rank: "int | str", suit: "Suit | int | None" = None) -> "Card":
        if isinstance(rank, str):
            if suit is not None:
                raise TypeError("Card(text) takes no suit; use Card(rank, suit) for numbers")
            return _parse_token(rank, 1, rank)
        if not isinstance(rank, int) or not 1 <= rank <= 13:
            raise CardError(f"card rank must be 1 (ace) to 13 (king), not {rank!r}")
        if suit is None:
            raise TypeError("Card(rank, suit) needs a suit")
        suit = Suit(suit)
        code = suit * 13 + rank - 1
        card = cls._interned.get(code)
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "code", code)
            cls._interned[code] = card
        return card

    def __setattr__(self, name, value):
        raise AttributeError("cards are immutable")

    def __reduce__(self):
        return (Card, (self.rank, int(self.suit)))

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + self.suit.symbol

    @property
    def ascii(self) -> str:
        """The card in ASCII: ``10S``, ``JH``."""
        return RANK_NAMES[self.rank] + self.suit.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __hash__(self) -> int:
        return self.code

    def __eq__(self, other) -> bool:
        return self is other

    def __lt__(self, other: "Card") -> bool:
        return self.code < other.code


_TOKEN = re.compile(r"[^\s,]+")


def _parse_token(token: str, position: int, text: str) -> Card:
    """Read one card token; ``position`` is its 1-based place in ``text`` (for the message)."""
    t = token.strip().upper()
    where = f"card {position} of {text!r}" if text != token else "card text"
    if len(t) < 2:
        raise CardError(f"{where}: {token!r} is not a card: it needs a rank ({_VALID_RANKS}) and a suit ({_VALID_SUITS})")
    rank_text, suit_text = t[:-1], t[-1]
    suit = _SUIT_FROM_TEXT.get(suit_text)
    if suit is None:
        raise CardError(f"{where}: {token!r} has no valid suit: {token[-1]!r} is not one of {_VALID_SUITS}")
    rank = _RANK_FROM_TEXT.get(rank_text)
    if rank is None:
        raise CardError(f"{where}: {token!r} has no valid rank: {token[:-1]!r} is not one of {_VALID_RANKS}")
    return Card(rank, suit)


def cards(text: "str | Iterable[Card]") -> tuple[Card, ...]:
    """Read card text (Unicode or ASCII, spaces or commas between cards) into a tuple of cards.

    >>> cards('7♠ J♥ 10♦ A♣') == cards('7s jh td ac')
    True
    >>> cards('7S 1OH')
    Traceback (most recent call last):
    conquian.errors.CardError: card 2 of '7S 1OH': '1OH' has no valid rank: '1O' is not one of A 2 3 4 5 6 7 8 9 10 T J Q K

    Duplicates are an error, since a 40-card pack holds each card once.
    """
    if not isinstance(text, str):
        out = tuple(text)
        for c in out:
            if not isinstance(c, Card):
                raise CardError(f"expected cards, got {c!r}")
        return out
    out = []
    seen = {}
    for i, m in enumerate(_TOKEN.finditer(text), 1):
        card = _parse_token(m.group(), i, text)
        if card in seen:
            raise CardError(f"card {i} of {text!r}: {card} is already card {seen[card]}; a pack holds each card once")
        seen[card] = i
        out.append(card)
    return tuple(out)


def format_cards(cs: Iterable[Card], ascii: bool = False) -> str:
    """Cards as text, space-separated, in the order given."""
    return " ".join(c.ascii if ascii else str(c) for c in cs)


class Pack(enum.Enum):
    """Which forty cards are played, and the order of ranks in a sequence."""

    SPANISH = "spanish"
    """A 2 3 4 5 6 7 J Q K: no 8, 9 or 10, so the 7 and the jack are adjacent in sequence."""
    ACE_TO_TEN = "ace-to-ten"
    """A 2 … 10: the court cards thrown out, four straight sequences from ace to ten (Foster's recommendation)."""

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ten ranks, in sequence order."""
        return (1, 2, 3, 4, 5, 6, 7, 11, 12, 13) if self is Pack.SPANISH else tuple(range(1, 11))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The forty cards, suit by suit (♠ ♥ ♦ ♣), each suit in sequence order."""
        deck = _DECKS.get(self)
        if deck is None:
            deck = _DECKS[self] = tuple(Card(r, s) for s in SUITS for r in self.ranks)
        return deck


_DECKS: dict[Pack, tuple[Card, ...]] = {}
