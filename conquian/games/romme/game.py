"""The Rommé game: one deal for 2 to 6 players as a state machine, with the manners of :class:`conquian.Game`.

A deal starts from a seeded shuffle, a given pack order, or a position written as text.  Seat 0 deals; the
last seat cuts (and, under ``cut_joker``, may keep a joker found at the bottom of the packet he lifts); the
cards are dealt one at a time clockwise from seat 1, the dealer taking one more where ``dealer_opens``.  At
every moment one seat is to act (:attr:`~conquian.deal.Deal.to_act`); the turn is described in :mod:`conquian.games.romme.moves`.
:meth:`~conquian.deal.Deal.legal_actions` lists every legal choice once; :meth:`~conquian.deal.Deal.play` applies one, or raises
:class:`~conquian.errors.IllegalMove` naming the rule and its source and leaving the game unchanged.

When the stock is empty at the end of a turn, the discard pile but its top card is turned over as a new
stock, at most ``stock_renewals`` times; after that the deal ends without a winner (the article is silent on
an empty stock: this is the project's rule, declared ``silent``).  A turn that takes the top discard and
lays nothing is idle; after ``idle_turns`` idle turns in a row the deal is void (the project's rule too).  So
every deal ends: the stock is drawn a bounded number of times, the table only grows, and between those come
at most ``idle_turns`` idle turns.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterable

from ...cards import BY_CODE, JOKER_CODE, Card, cards as _cards, format_cards
from ...deal import Deal
from ...errors import PositionError
from ...rulesets import cite, parse_any
from .actions import Action
from .moves import diagnose, legal
from .notation import format_position, format_record, parse_position, parse_record
from .rules import RommeRules
from .state import Phase, Snapshot, State, check
from .transitions import apply, deal
from .words import describe
from ...text import shorten, shown_number

__all__ = ["RommeGame", "position"]


def as_rules(rules: "RommeRules | str") -> RommeRules:
    """A Rommé rule set, or rule-set text read as one."""
    if isinstance(rules, str):
        rules = parse_any(rules)
    if not isinstance(rules, RommeRules):
        raise TypeError(f"rules must be a RommeRules or the rule-set text of a Rommé source, not {type(rules).__name__}")
    return rules


class RommeGame(Deal):
    """One deal of Rommé.

    ``RommeGame(rules, players=3, seed=7)`` shuffles with a seeded generator and cuts at random (``seed`` may also
    be a :class:`random.Random`, which then shuffles and cuts: simulations deal every deal from their own generator);
    ``RommeGame(rules, players=3, pack='...', cut=40)`` uses a given order, top card first, lifting ``cut``
    cards off the top (``cut=0``, the default for a given pack, deals it exactly as given).
    """

    ACTION, OVER, SNAPSHOT = Action, Phase.OVER, Snapshot
    MESSAGE_LIMIT = 300  # whatever was typed; the whole citation stays in the error's ``rule``
    LISTS = ("_history",)

    def __init__(self, rules: "RommeRules | str", players: int = 2, *, seed: "int | random.Random | None" = None,
                 pack: "str | Iterable[Card] | None" = None, cut: "int | None" = None):
        rules = as_rules(rules)
        for name, value in (("players", players), ("seed", seed), ("cut", cut)):
            if value is not None and not (name == "seed" and isinstance(value, random.Random)) and (isinstance(value, bool) or not isinstance(value, int)):
                raise TypeError(f"RommeGame({name}=...) must be a whole number, not {type(value).__name__}")
        if not rules.min_players <= players <= rules.max_players:
            raise PositionError(f"{players} players: {rules} is played by {rules.min_players} to {rules.max_players} "
                                f"({cite(rules, 'max_players')})")
        shape = rules.shape
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        if pack is None:
            order = [c.code for c in shape.cards]
            rng.shuffle(order)
        else:
            order = [c.code for c in _cards(pack, copies=rules.packs)]
            shape.check(BY_CODE[c] for c in order)
            if Counter(order) != Counter(c.code for c in shape.cards):
                raise PositionError(f"a pack order must hold the {shape.size} cards of {rules.packs} pack(s) and "
                                    f"{rules.jokers} jokers, each once; got {len(order)} cards")
        size, low = shape.size, rules.min_cut
        if cut is None:
            cut = rng.randint(low, size - low) if pack is None else 0
        if not (cut == 0 or low <= cut <= size - low):
            raise PositionError(f"cut {shown_number(cut)} leaves fewer than {low} cards in a packet; cut between {low} and "
                                f"{size - low}, or 0 for a pack already cut ({shorten(cite(rules, 'min_cut'), 120)})")
        start = (tuple(order), cut)
        found = order[cut - 1] if cut else -1  # the bottom card of the packet lifted: the cutter sees it
        order = order[cut:] + order[:cut]
        if found == JOKER_CODE and rules.cut_joker:
            s = Snapshot(rules, ((),) * players, (), tuple(order[:-1]), (), Phase.KEEP, players - 1)
        else:
            s = deal(rules, players, order, None)
        self._load(s, start)

    # -- the one way a game's state is set ---------------------------------------------------------------------
    def _load(self, s: Snapshot, start) -> None:
        self.state = State.of(s)
        self.rules, self.mr, self.players = s.rules, self.state.mr, s.players
        self._history: list[tuple[int, Action]] = []
        self._legal: "list[Action] | None" = None
        self._start = start if start is not None else s  # written as text when a record asks for it

    def _loaded(self) -> None:
        # a deal keeps every hand in card order (a draw puts the card in its place): so does a position read in
        self.state.hands = [tuple(sorted(h)) for h in self.state.hands]
        self._start = self.snapshot()
        if not self.is_over and not self.legal_actions():
            # Play never leads here: a first meld that can no longer reach its points, or a taken card that fits nothing.
            raise PositionError(f"seat {self.to_act} has no legal action: the melds of this turn can no longer reach the "
                                f"first meld's {self.rules.first_meld} points, or the card taken cannot be melded")

    def snapshot(self) -> Snapshot:
        """The deal now, as plain values."""
        return self.state.snapshot()

    # -- what a reader sees --------------------------------------------------------------------------------------
    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards of a seat (0, the dealer, to ``players - 1``), in hand order."""
        if type(seat) is not int:
            raise TypeError(f"RommeGame.hand(seat) takes a seat number, not {type(seat).__name__}")
        if not 0 <= seat < self.players:
            raise PositionError(f"seat {seat} is not a seat: seats are 0 (the dealer) to {self.players - 1}")
        return tuple(self.rules.shape.hand_order(BY_CODE[c] for c in self.state.hands[seat]))

    @property
    def table(self) -> tuple:
        """The melds on the table (as :class:`~conquian.games.romme.melds.Meld` values), then those laid this turn towards
        a first meld."""
        s = self.state
        return s.table + s.new

    @property
    def pack(self) -> tuple[Card, ...]:
        return tuple(self.rules.shape.cards)

    def places(self) -> dict[str, tuple[Card, ...]]:
        out = {f"hand {seat}": self.hand(seat) for seat in range(self.players)}
        out["table"] = tuple(BY_CODE[c] for m in self.table for c in m.naturals() + (JOKER_CODE,) * m.jokers)
        out.update(stock=self.stock, discards=self.discards)
        if self.phase is Phase.KEEP:  # the joker the cutter found, shown, kept or left
            out["found"] = (BY_CODE[JOKER_CODE],)
        return out

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first."""
        return tuple(BY_CODE[c] for c in reversed(self.state.stock))

    @property
    def discards(self) -> tuple[Card, ...]:
        """The discard pile, bottom first: its top card is the last."""
        return tuple(BY_CODE[c] for c in self.state.discards)

    @property
    def opened(self) -> frozenset[int]:
        """The seats that made their first meld in an earlier turn."""
        return self.state.opened

    # -- the rules -----------------------------------------------------------------------------------------------
    def _list_legal(self) -> list[Action]:
        return legal(self)

    def _diagnose(self, a: Action) -> tuple[str, "str | None"]:
        return diagnose(self, a)

    def _text(self, a: Action) -> str:
        return a.text()

    def _words(self, action: "Action | str") -> str:
        """What an action would do here, in words (see :mod:`conquian.games.romme.words`)."""
        return describe(self, action)

    # -- transitions -------------------------------------------------------------------------------------------
    def _apply(self, a: Action) -> None:
        apply(self.state, a)

    # -- records -------------------------------------------------------------------------------------------------
    _check = staticmethod(check)
    _format_position = staticmethod(format_position)
    _parse_position = staticmethod(parse_position)
    _parse_record = staticmethod(parse_record)

    def _start_text(self, pack, cut) -> str:
        return (f"variant: {self.rules}\nplayers: {self.players}\npack: {format_cards(BY_CODE[c] for c in pack)}"
                f"\ncut: {cut}")

    def _write_record(self, start: str, moves: list) -> str:
        return format_record(start, moves, self.state.outcome)

    @classmethod
    def _record_start(cls, rec) -> "RommeGame":
        if rec.position is not None:
            return cls.from_position(rec.position)
        return cls(rec.variant, rec.players, pack=rec.pack, cut=rec.cut)

    @staticmethod
    def _record_lines(rec):
        yield from rec.moves
        if rec.result is not None:
            yield 0, "result", rec.result

    @staticmethod
    def _seat_words(who) -> str:
        return f"seat {who}"


def position(text: str) -> RommeGame:
    """Set up a Rommé deal from position text (see :mod:`conquian.games.romme.notation`)."""
    return RommeGame.from_position(text)
