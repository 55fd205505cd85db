"""The game: one deal of two-handed Conquian under any rule set, as a state machine.

A deal starts from a seeded shuffle, a given pack order, or a position written as text
(:func:`position`).  At every moment one player is to act: he has the *say* to the card on offer,
or must discard, or may demand that his opponent take a card he declined.  :meth:`Game.legal_actions`
lists every legal choice once; :meth:`Game.play` applies one, or raises
:class:`~conquian.errors.IllegalMove` naming the rule and its source and leaving the game unchanged.
"""

from __future__ import annotations

import enum
import random
import re
from dataclasses import dataclass
from typing import Iterable

from .actions import Action, Kind
from .cards import Card, SUITS, cards as _cards, format_cards
from .errors import CardError, IllegalMove, PositionError, RecordError, RuleError, ConquianError
from .melds import MeldTable, bits
from .rules import AXIS_BY_NAME, Forcing, HandCards, Rearranging, RefusedCard, RuleSet, UnusedDraw

__all__ = ["Game", "Role", "Phase", "Origin", "Termination", "Outcome", "position"]

_BY_CODE = [Card(r, s) for s in SUITS for r in range(1, 14)]


class Role(enum.IntEnum):
    """The two players of a deal."""

    DEALER = 0
    PONE = 1

    @property
    def other(self) -> "Role":
        return Role(1 - self)

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Role.{self.name}"


_ROLES = (Role.DEALER, Role.PONE)
_USE, _LAY, _FORCE, _DISCARD = Kind.USE, Kind.LAY, Kind.FORCE, Kind.DISCARD
_PASS, _TAKE, _DEMAND, _WAIVE = Action(Kind.PASS), Action(Kind.TAKE), Action(Kind.DEMAND), Action(Kind.WAIVE)


class Phase(enum.Enum):
    OFFER = "offer"
    """A card is on offer and :attr:`Game.to_act` has the say to it."""
    DISCARD = "discard"
    """:attr:`Game.to_act` must discard."""
    REFUSED = "refused"
    """The opponent declined a card that fits his meld; :attr:`Game.to_act` may demand he take it (reactive forcing)."""
    OVER = "over"


class Origin(enum.Enum):
    """How the card on offer came to be there."""

    TURNED_UP = "turned up"
    """It was turned face up at the deal (``turn_up``); the first say is treated as if its holder had drawn it."""
    DRAWN = "drawn"
    """The player with the say just turned it from the stock."""
    PASSED = "passed"
    """The opponent drew it and passed it."""
    DISCARD = "discarded"
    """The opponent discarded it."""
    DEMANDED = "demanded"
    """The player with the say was made to take it and must use it."""


_FIRST_SAY = (Origin.DRAWN, Origin.TURNED_UP)


class Termination(enum.Enum):
    WIN = "win"
    """A player got the cards down that the rules require."""
    TABLEAU = "tableau"
    """A card had to be drawn from an empty stock: a tie."""


@dataclass(frozen=True)
class Outcome:
    """How a deal ended."""

    termination: Termination
    winner: Role | None = None
    loser_pips: int = 0
    """Pips left in the loser's hand (ace 1, court cards 10): the stake where ``scoring = pips``."""

    def __str__(self) -> str:
        return "tableau" if self.winner is None else f"{self.winner} wins"


def _pips(cs: Iterable[Card]) -> int:
    return sum(min(c.rank, 10) for c in cs)


def _or(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


class Game:
    """One deal.

    ``Game(rules, seed=7)`` shuffles with a seeded generator and cuts at random (within the rules'
    minimum); ``Game(rules, pack='...', cut=20)`` uses a given order, top card first, lifting ``cut``
    cards off the top; without ``cut`` (or with ``cut=0``) a given pack is dealt exactly as given.
    ``rules`` may be a :class:`RuleSet` or rule-set text such as ``'rummy-ch'``.
    """

    def __init__(self, rules: "RuleSet | str", *, seed: int | None = None,
                 pack: "str | Iterable[Card] | None" = None, cut: int | None = None):
        self.rules = rules = _rules(rules)
        self.table: MeldTable = rules.table
        rng = random.Random(seed)
        if pack is None:
            order = list(rules.deck)
            rng.shuffle(order)
        else:
            order = list(_cards(pack))
            self.table.mask(order)
            if len(order) != 40:
                raise PositionError(f"a pack order must hold all 40 cards of the {rules.pack.value} pack; got {len(order)}")
        if cut is None:
            # A shuffled pack is cut at random; a pack given in order is dealt as given (already cut).
            cut = rng.randint(rules.min_cut, 40 - rules.min_cut) if pack is None else 0
        if not isinstance(cut, int) or isinstance(cut, bool) or not (
                cut == 0 or rules.min_cut <= cut <= 40 - rules.min_cut):
            raise PositionError(f"cut {cut!r} leaves fewer than {rules.min_cut} cards in a packet; "
                                f"cut between {rules.min_cut} and {40 - rules.min_cut}, or 0 for a pack already cut "
                                f"(rule min_cut={rules.min_cut}{_source_tail(rules, 'min_cut')})")
        self._pack = tuple(order)
        self._cut = cut
        self._start: str | None = None
        order = order[cut:] + order[:cut]
        hands = [0, 0]
        n, k = rules.hand_size, rules.deal_packet
        i = 0
        for _ in range(n // k):
            for role in (Role.PONE, Role.DEALER):  # the dealer deals to his opponent first
                for _ in range(k):
                    hands[role] |= 1 << order[i].code
                    i += 1
        self._hands = hands
        self._melds: list[tuple[int, ...]] = [(), ()]
        self._stock = [1 << c.code for c in reversed(order[i:])]  # top of the stock is the end of the list
        self._out: list[int] = []
        self._history: list[tuple[Role, Action]] = []
        self._outcome: Outcome | None = None
        self._legal: list[Action] | None = None
        self._draw(Role.PONE if rules.first_say.value == "pone" else Role.DEALER)
        if rules.turn_up:
            self._origin = Origin.TURNED_UP

    # -- construction from text ----------------------------------------------------------------
    @classmethod
    def from_position(cls, text: str) -> "Game":
        """A game set up from position text (see :func:`position`)."""
        return _parse_position(text)

    def copy(self) -> "Game":
        g = object.__new__(Game)
        g.__dict__.update(self.__dict__)
        g._hands = list(self._hands)
        g._melds = list(self._melds)
        g._stock = list(self._stock)
        g._out = list(self._out)
        g._history = list(self._history)
        return g

    # -- what a reader sees ----------------------------------------------------------------------
    @property
    def to_act(self) -> Role | None:
        """Who acts next; None once the deal is over."""
        return None if self.phase is Phase.OVER else _ROLES[self._actor]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def offer(self) -> Card | None:
        return _BY_CODE[self._offer.bit_length() - 1] if self._offer else None

    @property
    def origin(self) -> Origin | None:
        return self._origin if self._offer else None

    def hand(self, role: "Role | str") -> tuple[Card, ...]:
        return self.table.hand_order(self._hands[_role(role)])

    def melds(self, role: "Role | str") -> tuple[tuple[Card, ...], ...]:
        return tuple(self.table.cards(m) for m in self._melds[_role(role)])

    def down(self, role: "Role | str") -> int:
        """How many cards the player has down."""
        return _or(self._melds[_role(role)]).bit_count()

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first."""
        return tuple(_BY_CODE[b.bit_length() - 1] for b in reversed(self._stock))

    @property
    def out(self) -> tuple[Card, ...]:
        """Cards out of play (turned down, or covered on the discard pile), in the order they went."""
        return tuple(_BY_CODE[b.bit_length() - 1] for b in self._out)

    @property
    def turned_down(self) -> tuple[Card, ...]:
        """Refused cards turned face down (``refused_card = turned-down``): empty under the other rule."""
        return self.out if self.rules.refused_card is RefusedCard.TURNED_DOWN else ()

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """Refused cards left face up, each covered by the next (``refused_card = covered``), bottom first."""
        return self.out if self.rules.refused_card is RefusedCard.COVERED else ()

    @property
    def history(self) -> tuple[tuple[Role, Action], ...]:
        return tuple(self._history)

    @property
    def decisions(self) -> int:
        """Player decisions made so far in this deal."""
        return len(self._history)

    def __str__(self) -> str:
        return _format_position(self)

    def __repr__(self) -> str:
        return f"Game.from_position({str(self)!r})"

    # -- the rules --------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action, each distinct outcome once."""
        cached = self._legal
        if cached is None:
            cached = self._legal = self._compute_legal()
        return list(cached)

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.OFFER:
            me = self._actor
            c = self._offer
            origin = self._origin
            r = self.rules
            t = self.table
            old = self._melds[me]
            # Most cards on offer fit nothing: test that first, cheaply, before enumerating arrangements.
            if t.could_meld(c, _or(old) | self._hands[me]):
                out = [tuple.__new__(Action, (_USE, arr, 0, 0))
                       for arr in _arrangements(r, t, old, self._hands[me], c)]
                if origin is Origin.DEMANDED:
                    return out
            else:
                out = []
            if r.drawn_to_hand:
                out.append(_TAKE)
            if r.meld_without_use and origin in _FIRST_SAY:
                out.extend(tuple.__new__(Action, (_LAY, arr, 0, 0)) for arr in self._lay_options(me))
            out.append(_PASS)
            forcing = r.forcing
            if forcing is Forcing.ACTIVE:
                melds = t.melds
                out.extend(tuple.__new__(Action, (_FORCE, (), 0, m)) for m in self._melds[1 - me] if m | c in melds)
            elif forcing is Forcing.REACTIVE and origin is Origin.PASSED and self._fits_own(1 - me, c):
                out.append(_DEMAND)
            return out
        if phase is Phase.DISCARD:
            me = self._actor
            hand = self._hands[me]
            out = [tuple.__new__(Action, (_DISCARD, (), b, 0)) for b in bits(hand)]
            if self.rules.forcing is Forcing.ACTIVE:
                melds = self.table.melds
                for onto in self._melds[1 - me]:
                    for b in bits(hand):
                        if onto | b in melds:
                            out.append(tuple.__new__(Action, (_DISCARD, (), b, onto)))
            return out
        if phase is Phase.REFUSED:
            return [_DEMAND, _WAIVE]
        return []

    def is_legal(self, action: "Action | str") -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: "Action | str") -> str | None:
        """None if the action is legal here, else the message :meth:`play` would raise."""
        action = Action.parse(action)
        if action in self._legal_list():
            return None
        return self._explain(action)

    def play(self, action: "Action | str") -> "Game":
        """Apply an action (an :class:`Action` or its text).  Returns the game, for chaining in examples."""
        if type(action) is not Action:
            action = Action.parse(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            raise IllegalMove(self._explain(action))
        self._legal = None
        self._apply(action)
        return self

    def _legal_list(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    # -- options ------------------------------------------------------------------------------------
    def _fits_own(self, role: int, c: int) -> bool:
        melds = self.table.melds
        return any(m | c in melds for m in self._melds[role])

    def _lay_options(self, me: int) -> list[tuple[int, ...]]:
        old, hand = self._melds[me], self._hands[me]
        # A player who passes what he draws asks the same question at his next draw: remember the answer
        # (measured: +15% decisions/s under the Dutch rules, the only ones with meld_without_use).
        memo = self.table.lay_memo
        found = memo.get((old, hand))
        if found is None:
            if len(memo) > 100_000:
                memo.clear()
            down = _or(old)
            found = memo[old, hand] = [arr for arr in _arrangements(self.rules, self.table, old, hand, 0)
                                       if _or(arr) != down]
        return found

    # -- transitions ----------------------------------------------------------------------------------
    def _apply(self, a: Action) -> None:
        me = self._actor
        self._history.append((_ROLES[me], a))
        k = a[0]
        r = self.rules
        if k is Kind.PASS:
            c = self._offer
            if self._origin in _FIRST_SAY and r.unused_draw is UnusedDraw.OFFERED:
                self._origin = Origin.PASSED
                self._actor = 1 - me
            elif r.forcing is Forcing.REACTIVE and self._fits_own(me, c):
                self.phase = Phase.REFUSED
                self._refuser = me
                self._actor = 1 - me
            else:
                self._out.append(c)
                self._offer = 0
                self._draw(me if self._origin not in _FIRST_SAY else 1 - me)
        elif k is Kind.USE:
            before = _or(self._melds[me]) | self._offer
            self._melds[me] = a.melds
            self._hands[me] &= ~(_or(a.melds) & ~before)
            self._offer = 0
            self._after_gain(me)
        elif k is Kind.DISCARD:
            self._hands[me] &= ~a.card
            if r.last_discard_counts and not self._hands[me]:
                self._out.append(a.card)
                self._win(me)
            elif a.onto:
                self._put_on(1 - me, a.onto, a.card)
            else:
                self._offer = a.card
                self._origin = Origin.DISCARD
                self._actor = 1 - me
                self.phase = Phase.OFFER
        elif k is Kind.FORCE:
            c = self._offer
            self._offer = 0
            self._put_on(1 - me, a.onto, c)
        elif k is Kind.DEMAND:
            if self.phase is Phase.REFUSED:
                target = self._refuser
            else:
                target = 1 - me
            self.phase = Phase.OFFER
            self._origin = Origin.DEMANDED
            self._actor = target
        elif k is Kind.WAIVE:
            self._out.append(self._offer)
            self._offer = 0
            self._draw(self._refuser)
        elif k is Kind.TAKE:
            self._hands[me] |= self._offer
            self._offer = 0
            self.phase = Phase.DISCARD
        elif k is Kind.LAY:
            before = _or(self._melds[me])
            self._melds[me] = a.melds
            self._hands[me] &= ~(_or(a.melds) & ~before)

    def _put_on(self, role: int, onto: int, c: int) -> None:
        """A card forced onto a meld of ``role``: he keeps it, and discards in its place unless he has won."""
        self._melds[role] = tuple(sorted(onto | c if m == onto else m for m in self._melds[role]))
        self._actor = role
        self._after_gain(role)

    def _after_gain(self, role: int) -> None:
        if _or(self._melds[role]).bit_count() >= self.rules.cards_to_win:
            self._win(role)
        else:
            self.phase = Phase.DISCARD
            self._actor = role

    def _win(self, role: int) -> None:
        self.phase = Phase.OVER
        loser = self.table.hand_order(self._hands[1 - role])
        self._outcome = Outcome(Termination.WIN, Role(role), _pips(loser))

    def _draw(self, role: int) -> None:
        if not self._stock:
            self.phase = Phase.OVER
            self._offer = 0
            self._outcome = Outcome(Termination.TABLEAU)
            return
        self._offer = self._stock.pop()
        self._origin = Origin.DRAWN
        self._actor = role
        self.phase = Phase.OFFER

    # -- explanations of illegal moves ----------------------------------------------------------------
    def _explain(self, a: Action) -> str:
        reason, axis = self._diagnose(a)
        text = f"{a.text(self.table)!r} is illegal: {reason}"
        if axis:
            text += f" ({cite(self.rules, axis)})"
        return text

    def _diagnose(self, a: Action) -> tuple[str, str | None]:
        r, t = self.rules, self.table
        if self.phase is Phase.OVER:
            return f"the deal is over ({self._outcome})", None
        me = self._actor
        who = str(Role(me))
        for m in (*a.melds, a.onto, a.card):
            if m & ~t.deck_mask:
                bad = _BY_CODE[(m & ~t.deck_mask & -(m & ~t.deck_mask)).bit_length() - 1]
                return f"{bad} is not in the {r.pack.value} pack", "pack"
        k = a.kind
        if self.phase is Phase.REFUSED:
            if k not in (Kind.DEMAND, Kind.WAIVE):
                return (f"{who} must first say whether he demands that {Role(self._refuser)} take "
                        f"{self.offer}, which he declined although it fits his meld ('demand' or 'waive')", "forcing")
        if self.phase is Phase.DISCARD:
            if k is not Kind.DISCARD:
                return f"{who} must discard a card from his hand now", "cards_to_win"
            if not a.card & self._hands[me]:
                return f"{_BY_CODE[a.card.bit_length() - 1]} is not in {who}'s hand", None
            return self._diagnose_onto(me, a.onto, a.card)
        # Phase.OFFER
        c = self._offer
        card = self.offer
        origin = self._origin
        if origin is Origin.DEMANDED and k is not Kind.USE:
            return f"{who} was made to take {card} and must use it", "forcing"
        if k is Kind.DISCARD:
            return f"{who} has the say to {card} and cannot discard before using a card", "drawn_to_hand"
        if k in (Kind.DEMAND, Kind.WAIVE):
            if r.forcing is not Forcing.REACTIVE:
                return f"there is no demanding: {card} is on offer to {who}", "forcing"
            if k is Kind.WAIVE:
                return f"there is no demand to waive: {who} has the say to {card}", "forcing"
            if origin is not Origin.PASSED:
                return (f"{who} can demand only that his opponent take a card the opponent declined; "
                        f"{card} is {who}'s own {origin.value} card", "forcing")
            return (f"{Role(1 - me)} can be made to take only a card that fits one of his melds, "
                    f"and {card} fits none", "forcing")
        if k is Kind.TAKE:
            return "a card on offer is never taken into the hand; it is used in a meld at once or not at all", "drawn_to_hand"
        if k is Kind.FORCE:
            return self._diagnose_onto(me, a.onto, c)
        if k is Kind.PASS:
            return f"{who} cannot pass", None
        if k is Kind.LAY:
            if not r.meld_without_use:
                return f"{who} may meld from his hand only in a turn in which he uses a card", "meld_without_use"
            if origin not in _FIRST_SAY:
                return f"{who} may meld from his hand only after turning a card from the stock", "meld_without_use"
            return self._diagnose_arrangement(me, a.melds, 0)
        if k is Kind.USE:
            return self._diagnose_arrangement(me, a.melds, c)
        return "not possible here", None

    def _diagnose_onto(self, me: int, onto: int, c: int) -> tuple[str, str | None]:
        r, t = self.rules, self.table
        if not onto:
            return "that card cannot be discarded here", None
        opp = Role(1 - me)
        if r.forcing is not Forcing.ACTIVE:
            return "a player never adds a card to his opponent's melds", "add_to_opponent"
        if onto not in self._melds[opp]:
            return f"{opp} has no meld [{t.text(onto)}]", None
        reason, axis = t.explain(onto | c)
        return f"{_BY_CODE[c.bit_length() - 1]} does not fit [{t.text(onto)}]: " + reason, axis

    def _diagnose_arrangement(self, me: int, arr: tuple[int, ...], c: int) -> tuple[str, str | None]:
        r, t = self.rules, self.table
        who = str(Role(me))
        old = self._melds[me]
        T = _or(old)
        hand = self._hands[me]
        new = _or(arr)
        if c and not new & c:
            return f"the melds after the move must take {_BY_CODE[c.bit_length() - 1]}, the card used", None
        stray = new & ~(T | hand | c)
        if stray:
            s = _BY_CODE[(stray & -stray).bit_length() - 1]
            return f"{s} is neither in {who}'s hand nor in his melds", None
        missing = T & ~new
        if missing:
            s = _BY_CODE[(missing & -missing).bit_length() - 1]
            return f"{s} is in {who}'s melds and must stay on the table", None
        for m in arr:
            reason, axis = t.explain(m)
            if reason:
                return reason, axis
        old_set = set(old)
        for m in arr:
            inter = m & T
            if inter and inter not in old_set and r.rearranging is Rearranging.NONE:
                return "melds on the table may be extended but not regrouped", "rearranging"
            if inter and inter != m and not r.lay_off_own and inter in old_set:
                return "a player may not add cards to his own melds", "lay_off_own"
        if r.rearranging is Rearranging.NONE and any(o not in {m & T for m in arr} for o in old):
            return "melds on the table may be extended but not regrouped", "rearranging"
        if r.hand_cards is HandCards.WITH_THE_CARD and c:
            for m in arr:
                if not m & c and m & hand:
                    return ("hand cards go down only in the meld that takes the card used: "
                            f"[{t.text(m)}] does not take {_BY_CODE[c.bit_length() - 1]}", "hand_cards")
        if not c and not new & hand:
            return "the melds must take at least one card from the hand", None
        return "that arrangement is not possible here", None


def _arrangements(r: RuleSet, t: MeldTable, old: tuple[int, ...], hand: int, c: int) -> tuple[tuple[int, ...], ...]:
    """Every arrangement of a player's melds after using ``c`` (or laying from hand, c = 0), in a fixed order.

    Callers test :meth:`~conquian.melds.MeldTable.could_meld` first: most cards on offer fit nothing.
    """
    return tuple(sorted(_enumerate_arrangements(r, t, old, hand, c)))


def _hand_meld_sets(t: MeldTable, rest: int) -> list[tuple[int, ...]]:
    """Every set of disjoint melds made of the cards in ``rest`` (the empty set included), memoised by ``rest``."""
    memo = t.hand_memo
    found = memo.get(rest)
    if found is not None:
        return found
    found = [()]
    lowest = t.lowest
    for b in bits(rest):
        above = rest & ~((b << 1) - 1)  # melds later in the enumeration start above b: no set is listed twice
        for M in lowest.get(b, ()):
            if not M & ~rest:
                found.extend((M,) + tail for tail in _hand_meld_sets(t, above & ~M))
    if len(memo) > 200_000:
        memo.clear()
    memo[rest] = found
    return found


def _enumerate_arrangements(r: RuleSet, t: MeldTable, old: tuple[int, ...], hand: int, c: int) -> set[tuple[int, ...]]:
    """Every arrangement of a player's melds after using card ``c`` (or, with c = 0, after laying from hand).

    An arrangement covers all cards already down, plus ``c``, plus any hand cards, with valid melds,
    subject to the rules on regrouping, laying off and which hand cards may go down.
    """
    T = _or(old)
    must = T | c
    avail = must | hand
    rearrange = r.rearranging is Rearranging.FREE
    lay_off = r.lay_off_own
    old_set = set(old)
    with_card = r.hand_cards is HandCards.WITH_THE_CARD and c
    extra_hand_melds = r.hand_cards is HandCards.ANY
    if not c and not t.any_meld_takes(hand, avail):
        return set()  # laying from the hand: no hand card can go into any meld
    # The melds that could cover a card, within what is available at the start; filled in as the search needs them.
    containing = t.containing
    candidates: dict[int, list[int]] = {}
    results: set[tuple[int, ...]] = set()

    def rec(must: int, avail: int, chosen: tuple[int, ...]) -> None:
        if not must:
            if extra_hand_melds:
                for extra in _hand_meld_sets(t, avail & hand):
                    results.add(tuple(sorted(chosen + extra)))
            else:
                results.add(tuple(sorted(chosen)))
            return
        low = must & -must
        cands = candidates.get(low)
        if cands is None:
            cands = candidates[low] = [M for M in containing[low] if not M & ~start]
        for M in cands:
            if M & ~avail:
                continue
            inter = M & T
            if inter:
                if not rearrange and inter not in old_set:
                    continue
                if not lay_off and inter in old_set and inter != M:
                    continue
                if not rearrange and not lay_off and M != inter:
                    continue
            if with_card and not M & c and M & hand:
                continue
            rec(must & ~M, avail & ~M, chosen + (M,))

    start = avail
    rec(must, avail, ())
    if not rearrange:
        # Without regrouping, every old meld must survive whole inside one new meld (checked above),
        # and no new meld may merge two old ones.
        results = {arr for arr in results if all(((m & T) in old_set or not m & T) for m in arr)}
    return results


def _rules(rules: "RuleSet | str") -> RuleSet:
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, str):
        return RuleSet.parse(rules)
    raise RuleError(f"rules must be a RuleSet or rule-set text, not {rules!r}")


def _role(role: "Role | str") -> Role:
    if isinstance(role, Role):
        return role
    if isinstance(role, str) and role.strip().lower() in ("dealer", "pone"):
        return Role[role.strip().upper()]
    raise PositionError(f"a role is 'dealer' or 'pone', not {role!r}")


def _source_tail(rules: RuleSet, axis: str) -> str:
    c = cite(rules, axis)
    return "; " + c.split(": ", 1)[1] if ": " in c else ""


def cite(rules: RuleSet, axis: str) -> str:
    """``rule AXIS = VALUE: SOURCE (status), LOCATOR: “English rendering”`` for the rule set in force."""
    from .declarations import DECLARATIONS
    ax = AXIS_BY_NAME[axis]
    value = ax.format(getattr(rules, axis))
    head = f"rule {axis} = {value}"
    decl = DECLARATIONS.get(rules.source) if rules.source else None
    if decl is None:
        return head
    entry = decl.entries[axis]
    if entry.value != getattr(rules, axis):
        return f"{head}: an override; {decl.id} declares {ax.format(entry.value)}"
    if entry.evidence:
        ev = entry.evidence[0]
        english = ev.english if len(ev.english) <= 140 else ev.english[:137].rstrip() + "…"
        return f"{head}: {decl.id} ({entry.status.value}), {ev.locator}: “{english}”"
    note = entry.note.split(". ")[0].strip().rstrip(".")
    return f"{head}: {decl.id} ({entry.status.value}; this project's reading: {note})"


# ---------------------------------------------------------------------------------------------------
# Position text
# ---------------------------------------------------------------------------------------------------
_KEYS = ("variant", "dealer hand", "dealer melds", "pone hand", "pone melds", "stock", "out",
         "offer", "to discard", "result")
_OFFER = re.compile(r"(\S+)\s+(?:(turned up)|(drawn by|passed by|discarded by|demanded of|refused by)\s+(dealer|pone))\s*", re.I)


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
    ``offer: C refused by R``, ``to discard: R`` or ``result: R wins`` / ``result: tableau``.
    """
    return _parse_position(text)


def _parse_position(text: str) -> Game:
    if not isinstance(text, str):
        raise PositionError(f"position text must be a string, not {type(text).__name__}")
    fields: dict[str, tuple[int, str]] = {}
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key = " ".join(key.lower().split())
        if not sep or key not in _KEYS:
            raise PositionError(f"position line {n} ({line!r}): expected 'key: value' with a key among: "
                                f"{', '.join(_KEYS)}")
        if key in fields:
            raise PositionError(f"position line {n}: {key!r} is given twice (first on line {fields[key][0]})")
        fields[key] = (n, value.strip())
    if "variant" not in fields:
        raise PositionError("position: no 'variant:' line (say which rules are in force, e.g. 'variant: foster-1913')")
    try:
        rules = RuleSet.parse(fields["variant"][1])
    except RuleError as exc:
        raise PositionError(f"position line {fields['variant'][0]}: {exc}") from None
    t = rules.table
    phases = [k for k in ("offer", "to discard", "result") if k in fields]
    if len(phases) != 1:
        raise PositionError("position: give exactly one of 'offer:', 'to discard:' or 'result:' "
                            f"(found {', '.join(phases) or 'none'})")
    placed: dict[int, str] = {}

    def take(key: str, value: str) -> tuple[Card, ...]:
        line = fields[key][0] if key in fields else 0
        try:
            cs = _cards(value)
            t.mask(cs)
        except CardError as exc:
            raise PositionError(f"position line {line} ({key}): {exc}") from None
        for c in cs:
            if c.code in placed:
                raise PositionError(f"position line {line} ({key}): {c} is already in {placed[c.code]}")
            placed[c.code] = key
        return cs

    def empty(v: str) -> bool:
        return v.lower() in ("", "empty", "none", "-")

    hands, melds = [0, 0], [(), ()]
    for role in Role:
        hk, mk = f"{role} hand", f"{role} melds"
        if hk in fields and not empty(fields[hk][1]):
            hands[role] = _or(1 << c.code for c in take(hk, fields[hk][1]))
        if mk in fields and not empty(fields[mk][1]):
            n, v = fields[mk]
            groups = re.findall(r"\[([^\[\]]*)\]", v)
            if not groups or re.sub(r"\[[^\[\]]*\]", "", v).strip():
                raise PositionError(f"position line {n} ({mk}): melds are written in brackets, e.g. [5♥ 6♥ 7♥] [K♠ K♥ K♣]")
            ms = []
            for g in groups:
                m = _or(1 << c.code for c in take(mk, g))
                reason, axis = t.explain(m)
                if reason:
                    raise PositionError(f"position line {n} ({mk}): {reason} (rule {axis})")
                ms.append(m)
            melds[role] = tuple(sorted(ms))
    offer_card, origin, actor, refuser, phase, outcome = 0, Origin.DRAWN, Role.PONE, 0, Phase.OFFER, None
    if "offer" in fields:
        n, v = fields["offer"]
        m = _OFFER.fullmatch(v)
        if not m:
            raise PositionError(f"position line {n} (offer): expected 'C drawn by R', 'C passed by R', "
                                f"'C discarded by R', 'C demanded of R' or 'C refused by R' with R dealer or pone")
        (card,) = take("offer", m.group(1)) or (None,)
        offer_card = 1 << card.code
        if m.group(2):
            if not rules.turn_up:
                raise PositionError(f"position line {n}: no card is turned up at the deal under these rules "
                                    f"({cite(rules, 'turn_up')}); say 'drawn by pone'")
            how, r_ = "turned up", Role.PONE if rules.first_say.value == "pone" else Role.DEALER
        else:
            how, r_ = m.group(3).lower(), _role(m.group(4))
        if how == "turned up":
            origin, actor = Origin.TURNED_UP, r_
        elif how == "drawn by":
            origin, actor = Origin.DRAWN, r_
        elif how == "passed by":
            if rules.unused_draw is not UnusedDraw.OFFERED:
                raise PositionError(f"position line {n}: a drawn card is not passed to the opponent under these rules "
                                    f"({cite(rules, 'unused_draw')})")
            origin, actor = Origin.PASSED, r_.other
        elif how == "discarded by":
            origin, actor = Origin.DISCARD, r_.other
        elif how in ("demanded of", "refused by"):
            if rules.forcing is not Forcing.REACTIVE:
                raise PositionError(f"position line {n}: no card is demanded under these rules ({cite(rules, 'forcing')})")
            if not any(x | offer_card in t.melds for x in melds[r_]):
                raise PositionError(f"position line {n}: {card} fits none of {r_}'s melds, so it cannot be demanded of him")
            if how == "demanded of":
                origin, actor = Origin.DEMANDED, r_
            else:
                phase, refuser, actor = Phase.REFUSED, int(r_), r_.other
    elif "to discard" in fields:
        n, v = fields["to discard"]
        try:
            actor = _role(v)
        except PositionError as exc:
            raise PositionError(f"position line {n}: {exc}") from None
        phase = Phase.DISCARD
    else:
        n, v = fields["result"]
        phase = Phase.OVER
        if v.lower() == "tableau":
            outcome = Outcome(Termination.TABLEAU)
        else:
            mm = re.fullmatch(r"(dealer|pone) wins", v, re.I)
            if not mm:
                raise PositionError(f"position line {n}: a result is 'dealer wins', 'pone wins' or 'tableau'")
            w = _role(mm.group(1))
            outcome = Outcome(Termination.WIN, w, _pips(t.hand_order(hands[w.other])))
    def pile(key: str, default: str) -> tuple[list[Card], bool]:
        """Cards of the stock or out line, and whether it ends with 'rest' (every card placed nowhere else)."""
        line, value = fields.get(key, (0, default))
        if empty(value):
            return [], False
        words = value.split()
        rest = words[-1].lower() == "rest"
        if any(w.lower() == "rest" for w in words[:-1]):
            raise PositionError(f"position line {line} ({key}): 'rest' may only come last")
        return list(take(key, " ".join(words[:-1] if rest else words))), rest

    out, out_rest = pile("out", "")
    stock_cards, stock_rest = pile("stock", "empty" if out_rest else "rest")
    if out_rest and stock_rest:
        raise PositionError("position: 'rest' may end the stock line or the out line, not both")
    rest = [c for c in rules.deck if c.code not in placed]
    (out if out_rest else stock_cards if stock_rest else []).extend(rest)
    for c in rest if (out_rest or stock_rest) else ():
        placed[c.code] = "out" if out_rest else "stock"
    missing = [c for c in rules.deck if c.code not in placed]
    if missing:
        raise PositionError(f"position: {len(missing)} card(s) are nowhere: {format_cards(missing)} "
                            f"(end the stock line, or the out line, with 'rest' to put them there)")
    # The count invariant: hand + melds = hand_size, one more for a player who must discard.
    if phase is not Phase.OVER:
        for role in Role:
            have = hands[role].bit_count() + _or(melds[role]).bit_count()
            want = rules.hand_size + (1 if phase is Phase.DISCARD and role == actor else 0)
            if have != want:
                raise PositionError(f"position: {role} has {have} cards in hand and melds; "
                                    f"he should have {want} (hand_size={rules.hand_size}"
                                    f"{', plus the card he must discard for' if want > rules.hand_size else ''})")
    for role in Role:
        if _or(melds[role]).bit_count() >= rules.cards_to_win and not (outcome and outcome.winner == role):
            raise PositionError(f"position: {role} has {rules.cards_to_win} cards down and so has won: "
                                f"say 'result: {role} wins'")
    g = object.__new__(Game)
    g.rules, g.table = rules, t
    g._pack, g._cut = None, None
    g._hands, g._melds = hands, list(melds)
    g._stock = [1 << c.code for c in reversed(stock_cards)]
    g._out = [1 << c.code for c in out]
    g._history, g._outcome = [], outcome
    g._offer, g._origin, g._actor, g.phase, g._refuser = offer_card, origin, int(actor), phase, refuser
    g._start = None
    g._legal = None
    g._start = _format_position(g)
    return g


def _format_position(g: Game) -> str:
    t = g.table
    lines = [f"variant: {g.rules}"]
    for role in (Role.DEALER, Role.PONE):
        hand = t.hand_order(g._hands[role])
        lines.append(f"{role} hand: {format_cards(hand) if hand else 'empty'}")
        if g._melds[role]:
            lines.append(f"{role} melds: " + " ".join("[" + t.text(m) + "]" for m in g._melds[role]))
    stock = g.stock
    lines.append(f"stock: {format_cards(stock) if stock else 'empty'}")
    if g._out:
        lines.append(f"out: {format_cards(g.out)}")
    if g.phase is Phase.OVER:
        lines.append(f"result: {g._outcome}")
    elif g.phase is Phase.DISCARD:
        lines.append(f"to discard: {Role(g._actor)}")
    elif g.phase is Phase.REFUSED:
        lines.append(f"offer: {g.offer} refused by {Role(g._refuser)}")
    else:
        actor = Role(g._actor)
        how = {Origin.TURNED_UP: "turned up", Origin.DRAWN: f"drawn by {actor}", Origin.PASSED: f"passed by {actor.other}",
               Origin.DISCARD: f"discarded by {actor.other}", Origin.DEMANDED: f"demanded of {actor}"}[g._origin]
        lines.append(f"offer: {g.offer} {how}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------
# Game records
# ---------------------------------------------------------------------------------------------------
def _record(g: Game) -> str:
    if g._pack is not None:
        head = f"variant: {g.rules}\npack: {format_cards(g._pack)}\ncut: {g._cut}"
    else:
        head = g._start
    moves = "\n".join(f"{role}: {a.text(g.table)}" for role, a in g._history)
    tail = f"\nresult: {g._outcome}" if g._outcome else ""
    return f"{head}\nmoves:\n{moves}{tail}\n" if moves else f"{head}\nmoves:{tail}\n"


def _from_record(text: str) -> Game:
    if not isinstance(text, str):
        raise RecordError(f"a game record must be text, not {type(text).__name__}")
    head, sep, body = text.partition("\nmoves:")
    if not sep:
        raise RecordError("a game record needs a 'moves:' line after its start")
    try:
        fields = dict((k.strip().lower(), v.strip()) for k, _, v in (l.partition(":") for l in head.strip().splitlines()))
        if "pack" in fields:
            extra = set(fields) - {"variant", "pack", "cut"}
            if extra:
                raise RecordError(f"a record that starts from a pack has only variant, pack and cut; not {', '.join(sorted(extra))}")
            cut = fields.get("cut", "")
            if not cut.isdigit():
                raise RecordError(f"record: 'cut:' must be a number, not {cut!r}")
            g = Game(fields.get("variant", ""), pack=fields["pack"], cut=int(cut))
        else:
            g = _parse_position(head)
    except RecordError:
        raise
    except ConquianError as exc:
        raise RecordError(f"record start: {exc}") from None
    result = None
    lines = [l.strip() for l in body.splitlines() if l.strip()]
    for n, line in enumerate(lines, 1):
        who, _, act = line.partition(":")
        who = who.strip().lower()
        if who == "result":
            result = act.strip()
            continue
        if result is not None:
            raise RecordError(f"record move {n}: moves after the result")
        if who not in ("dealer", "pone"):
            raise RecordError(f"record move {n} ({line!r}): expected 'dealer: ACTION' or 'pone: ACTION'")
        if g.is_over:
            raise RecordError(f"record move {n} ({line!r}): the deal is already over ({g.outcome})")
        if str(g.to_act) != who:
            raise RecordError(f"record move {n} ({line!r}): it is {g.to_act}'s turn, not {who}'s")
        try:
            g.play(act)
        except ConquianError as exc:
            raise RecordError(f"record move {n} ({line!r}): {exc}") from None
    if result is not None and str(g.outcome) != result:
        raise RecordError(f"record: the result says {result!r} but the moves give {g.outcome or 'no result yet'}")
    return g


Game.record = lambda self: _record(self)
Game.record.__doc__ = "The whole game as text: its start (pack and cut, or position), every move, the result."
Game.from_record = staticmethod(_from_record)
