"""The game: one deal of Conquian under any rule set, for two players (or three, where the rules allow), as a state
machine.

A deal starts from a seeded shuffle, a given pack order, or a position written as text (:func:`position`).
At every moment one player is to act: he has the *say* to the card on offer, or must discard, or may demand
that the player before him take a card he declined.  :meth:`~conquian.deal.Deal.legal_actions` lists every legal choice once;
:meth:`~conquian.deal.Deal.play` applies one, or raises :class:`~conquian.errors.IllegalMove` naming the rule and its
source and leaving the game unchanged.  The moves of each phase live in :mod:`conquian.games.conquian.moves`, what
each does to the deal's state (:attr:`~conquian.deal.Deal.state`) in ``conquian.games.conquian.transitions``, the
text forms in :mod:`conquian.games.conquian.notation`, the state and its vocabulary in
:mod:`conquian.games.conquian.state`.
"""

from __future__ import annotations

import random
from typing import Iterable

from .actions import Action
from ...cards import Card, cards as _cards, card_of, format_cards
from ...deal import Deal
from ...errors import IllegalMove, PositionError
from .moves import PHASES as _MOVES, diagnose
from .notation import format_position, format_record, parse_position, parse_record
from ...rulesets import cite
from .words import describe
from ...text import shown_number
from .rules import Misdeal, RefusedCard, RuleSet
from .checks import check, seating_error
from .state import Irregularity, Origin, Outcome, Phase, Role, Snapshot, State, Termination, seats
from .transitions import apply, misdeal

__all__ = ["Game", "Role", "Phase", "Origin", "Termination", "Outcome", "Irregularity", "Snapshot", "position"]


def as_rules(rules: "RuleSet | str") -> RuleSet:
    """A rule set, or rule-set text read as one."""
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, str):
        return RuleSet.parse(rules)
    raise TypeError(f"rules must be a RuleSet or rule-set text, not {type(rules).__name__}")


class Game(Deal):
    """One deal.

    ``Game(rules, seed=7)`` shuffles with a seeded generator and cuts at random (within the rules'
    minimum); ``seed`` may also be a :class:`random.Random`, which then shuffles and cuts (simulations deal every
    deal from their own generator); ``Game(rules, pack='...', cut=20)`` uses a given order, top card first, lifting ``cut``
    cards off the top; without ``cut`` (or with ``cut=0``) a given pack is dealt exactly as given.
    ``rules`` may be a :class:`RuleSet` or rule-set text such as ``'rummy-ch'``.  ``players`` is 2, or 3 where the
    rules allow it (``max_players``): ``Game('pagat-mexican', 3, seed=7)``.
    """

    ACTION, OVER, SNAPSHOT = Action, Phase.OVER, Snapshot
    MESSAGE_LIMIT = 300  # the action and the citation cut to fit; the whole of both stay on the error (action, rule)
    LISTS = ("_history", "_reports")

    def __init__(self, rules: "RuleSet | str", players: int = 2, *, seed: "int | random.Random | None" = None,
                 pack: "str | Iterable[Card] | None" = None, cut: "int | None" = None):
        rules = as_rules(rules)
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(f"Game(players=...) must be a whole number, not {type(players).__name__}")
        if seating_error(rules, players):
            raise PositionError(seating_error(rules, players))
        shape = rules.pack.shape
        if seed is not None and not isinstance(seed, random.Random) and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"Game(seed=...) must be a whole number, a random.Random or None, not {type(seed).__name__}")
        if cut is not None and (isinstance(cut, bool) or not isinstance(cut, int)):
            raise TypeError(f"Game(cut=...) must be a whole number or None, not {type(cut).__name__}")
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        if pack is None:
            order = list(shape.cards)
            rng.shuffle(order)
        else:
            order = list(_cards(pack))  # each card at most once, for text and Card objects alike
            shape.check(order)
            if len(order) != shape.size:
                raise PositionError(f"a pack order must hold all {shape.size} cards of the {shape.name} pack; "
                                    f"got {len(order)}")
        size, low = shape.size, rules.min_cut
        if cut is None:
            # A shuffled pack is cut at random; a pack given in order is dealt as given (already cut).
            cut = rng.randint(low, size - low) if pack is None else 0
        if not (cut == 0 or low <= cut <= size - low):
            c = cite(rules, "min_cut")
            raise PositionError(f"cut {shown_number(cut)} leaves fewer than {low} cards in a packet; cut between {low} and "
                                f"{size - low}, or 0 for a pack already cut (rule min_cut={low}"
                                f"{'; ' + c.split(': ', 1)[1] if ': ' in c else ''})")
        start = (tuple(order), cut)  # the record's start, written out only when a record is asked for
        order = order[cut:] + order[:cut]
        hands = [0] * players
        i, n, k = 0, rules.hand_size, rules.deal_packet
        for _ in range(n // k):
            for j in range(1, players + 1):  # to the right: the dealer deals to the pone first, himself last
                role = j % players
                for _ in range(k):
                    hands[role] |= 1 << order[i].code
                    i += 1
        first = Role.PONE if rules.first_say.value == "pone" else Role.DEALER
        top = 1 << order[i].code
        if rules.exchange:  # before play, each chooses a card to pass on: the first card stays on the stock
            self._load(Snapshot(rules, tuple(hands), ((),) * players, tuple(1 << c.code for c in order[i:]), (),
                                Phase.EXCHANGE, first, given=(0,) * players), start)
            return
        self._load(Snapshot(rules, tuple(hands), ((),) * players, tuple(1 << c.code for c in order[i + 1:]), (),
                            Phase.OFFER, first, top, Origin.TURNED_UP if rules.turn_up else Origin.DRAWN), start)

    # -- the one way a game's state is set ----------------------------------------------------------------
    def _load(self, s: Snapshot, start: "tuple | None") -> None:
        self.state = State.of(s)
        self.players = s.players
        self.rules, self.table, self.melding = s.rules, self.state.table, self.state.melding
        self._reports: list[tuple[int, str]] = []  # (moves made before it, what): where each report stands in the record
        self._history: list[tuple[Role, Action]] = []
        self._legal: list[Action] | None = None
        self._start = start if start is not None else s  # pack and cut, position text, or the snapshot itself

    def snapshot(self) -> Snapshot:
        """The deal now, as plain values."""
        return self.state.snapshot()

    # -- what a reader sees ----------------------------------------------------------------------------------
    def _seat(self, index: int) -> Role:
        return Role(index)

    @property
    def offer(self) -> Card | None:
        s = self.state
        return card_of(s.offer) if s.offer else None

    @property
    def origin(self) -> Origin | None:
        s = self.state
        return s.origin if s.offer else None

    def hand(self, role: "Role | str") -> tuple[Card, ...]:
        return self.table.hand_order(self.state.hands[Role.parse(role, self.players)])

    def melds(self, role: "Role | str") -> tuple[tuple[Card, ...], ...]:
        return tuple(self.table.cards(m) for m in self.state.melds[Role.parse(role, self.players)])

    def down(self, role: "Role | str") -> int:
        """How many cards the player has down."""
        return sum(m.bit_count() for m in self.state.melds[Role.parse(role, self.players)])

    @property
    def pack(self) -> tuple[Card, ...]:
        return self.rules.deck

    def places(self) -> dict[str, tuple[Card, ...]]:
        out = {}
        given = self.state.given
        for role in seats(self.players):
            out[f"{role} hand"] = self.hand(role)
            out[f"{role} melds"] = tuple(c for m in self.melds(role) for c in m)
            out[f"{role} gives"] = (card_of(given[role]),) if given and given[role] else ()  # face down, before play
        out.update(stock=self.stock, out=self.out, offer=(self.offer,) if self.state.offer else ())
        return out

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first."""
        return tuple(card_of(b) for b in reversed(self.state.stock))

    @property
    def out(self) -> tuple[Card, ...]:
        """Cards out of play (turned down, or covered on the discard pile), in the order they went."""
        return tuple(card_of(b) for b in self.state.out)

    @property
    def turned_down(self) -> tuple[Card, ...]:
        """Refused cards turned face down (``refused_card = turned-down``): empty under the other rule."""
        return self.out if self.rules.refused_card is RefusedCard.TURNED_DOWN else ()

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """Refused cards left face up, each covered by the next (``refused_card = covered``), bottom first."""
        return self.out if self.rules.refused_card is RefusedCard.COVERED else ()

    # -- the rules ----------------------------------------------------------------------------------------------
    def _list_legal(self) -> list[Action]:
        s = self.state
        return _MOVES[s.phase][0](s)

    def _diagnose(self, a: Action) -> tuple[str, str | None]:
        return diagnose(self, a)

    def _text(self, a: Action) -> str:
        return a.text(self.table)

    def _words(self, action: "Action | str") -> str:
        """What an action would do here, in words: "pass the 5♣ to the dealer" (see :mod:`conquian.games.conquian.words`)."""
        return describe(self, action)

    # -- transitions ------------------------------------------------------------------------------------------------
    def _apply(self, a: Action) -> None:
        apply(self.state, a)

    # -- irregularities ------------------------------------------------------------------------------------------
    def report(self, irregularity: "Irregularity | str") -> "Game":
        """Report an irregularity of the deal: ``'a card faced in the pack'`` or ``'a card exposed by the dealer'``.

        Under ``misdeal = new-deal`` the deal ends as a misdeal (:attr:`Termination.MISDEAL`: no score, the same
        dealer deals again); under ``play-on`` the card is turned down again and the deal goes on, the report kept
        in the record.  A card can be exposed by the dealer only while dealing, before any play.
        """
        what = Irregularity.parse(irregularity)
        s = self.state
        if self.is_over:
            raise IllegalMove(f"report of {what}: the deal is over ({s.outcome})", reason="the deal is over")
        if what is Irregularity.EXPOSED_BY_DEALER and (self._history or s.out or any(s.melds)):
            raise IllegalMove(f"report of {what}: a card is exposed by the dealer only while dealing, before any "
                              f"play", reason="the deal is done")
        self._reports.append((len(self._history), what.value))
        if self.rules.misdeal is Misdeal.NEW_DEAL:
            self._legal = None
            misdeal(s)
        return self

    # -- records ----------------------------------------------------------------------------------------------------
    _check = staticmethod(check)
    _format_position = staticmethod(format_position)
    _parse_position = staticmethod(parse_position)
    _parse_record = staticmethod(parse_record)

    def replayed(self):
        """See :meth:`conquian.deal.Deal.replayed`; a deal with an irregularity reported is not played again move by
        move (its record is: :meth:`from_record`)."""
        if self._reports:
            raise PositionError("a deal with an irregularity reported is not played again move by move; read its "
                                "record (Game.from_record) instead")
        return super().replayed()

    def _start_text(self, pack, cut) -> str:
        players = f"\nplayers: {self.players}" if self.players != 2 else ""  # a game of two, as records always were
        return f"variant: {self.rules}{players}\npack: {format_cards(pack)}\ncut: {cut}"

    def _write_record(self, start: str, moves: list) -> str:
        lines = [(str(who), text) for who, text in moves]
        for before, what in reversed(self._reports):  # from the last, so that earlier places stay put
            lines.insert(before, ("report", what))
        return format_record(start, lines, self.state.outcome)

    @classmethod
    def _record_start(cls, rec) -> "Game":
        if rec.position is not None:
            return cls.from_position(rec.position)
        return cls(rec.variant, rec.players, pack=rec.pack, cut=rec.cut)

    @staticmethod
    def _record_lines(rec):
        return rec.lines()


def position(text: str) -> Game:
    """Set up a deal from position text.

    >>> g = position('''
    ... variant: foster-1913
    ... pone hand: 9♠ 2♥ 3♥ 4♣ 5♣ 6♦ A♦ 2♣ 7♦ 3♦
    ... dealer hand: 9♥ 5♥ 7♥
    ... dealer melds: [10♠ 10♥ 10♦ 10♣] [A♠ 2♠ 3♠]
    ... offer: 8♠ drawn by pone
    ... ''')
    >>> g.to_act
    Role.PONE

    Lines are ``key: value``: ``variant`` (any rule-set text), ``dealer hand``, ``dealer melds``,
    ``pone hand``, ``pone melds``, ``stock`` (top first; ``rest`` stands for every card placed
    nowhere else, in deck order, and is the default), ``out`` (cards out of play; it may end with
    ``rest`` instead, for an empty stock), and one of ``offer: C turned up``, ``offer: C drawn by R``,
    ``offer: C passed by R``, ``offer: C discarded by R``, ``offer: C demanded of R``,
    ``offer: C refused by R`` (a card passed to R, or a discard where drawn cards are not passed), ``offer: C
    discard refused by R`` (the opponent's discard), ``C drawn and refused by R`` or ``C turned up and refused
    by R`` (R's own first card),
    ``to discard: R`` or ``result: R wins`` / ``result: tableau``.  The position must be one that play
    can reach (:func:`conquian.games.conquian.checks.check`): a card discarded by a player who has used no card, a
    winner without the cards down, or a tableau with cards left in the stock are errors.
    """
    return Game.from_position(text)
