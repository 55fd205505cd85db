"""The moves of a Rommé deal, phase by phase: what is legal, and, beside it, why anything else is not.

The turn, and why it is cut into single actions.  A turn has a *draw* (phase ``draw``: ``draw`` the top card
of the stock, or ``take`` the top card of the discard pile) and then a *play* (phase ``play``): one action at a
time, each of which leaves the player in the same phase: ``meld`` one meld from the hand, ``lay`` one card off
on a meld on the table, ``exchange`` a card for a joker on the table (naming the new meld the freed joker goes
into, since it must be melded at once), until he ends the turn with ``discard`` (the last card: going out).
Laying out a whole hand at once would make every combination of melds one action, which explodes with two
packs and six jokers; one meld or one card per action keeps the list of choices short (tens, not thousands).

The first meld.  The melds a player lays in the turn of his first meld must reach ``first_meld`` points
together.  They are held as the turn's *new* melds; the discard is refused while they fall short, and a meld
is offered only if, after it, the points can still be reached with melds from the hand while keeping a card
to discard (or, where Hand-Rommé is open to the player, the whole hand laid out at once): an exact search
(:mod:`conquian.games.romme.search`) decides, so a turn never runs into a dead end, and no meld needs taking back
(the article forbids it: "Einmal gemeldete Karten dürfen nicht mehr in die Hand zurückgenommen werden").
Laying off and exchanging jokers are open once the first meld's points are reached, in the same turn.

Points the article leaves open, and how the engine settles them: laying off and exchanging a joker are open
from the moment the first meld reaches its points, in that same turn ("jederzeit"); a card taken from the
discard pile may be discarded again in the same turn (nothing forbids it); where ``drawn_to_hand`` is false, the
taken card must go into the very next action, a meld ("sofort in einer Meldung").

For each phase one function lists the legal actions, each distinct outcome once, in a fixed order, and one
says why an action is illegal, naming the axis whose rule forbids it.  They read the deal's state
(:class:`~conquian.games.romme.state.State`) and never change it.
"""

from __future__ import annotations

import gc
from itertools import compress

from ...cards import BY_CODE, JOKER_CODE
from .actions import Action, Kind
from .bags import bag
from .hands import hand_melds
from .layouts import Layouts
from .melds import exchange_results, lay_results, touching
from .rules import GoingOut
from .search import Opening, cost
from .walk import compiled, fewest, fewest_compiled, laid_out_compiled
from .state import Phase, State

__all__ = ["legal", "diagnose", "counts_of"]

_new = tuple.__new__  # the engine's own actions skip the shape check of Action()
_DRAW, _TAKE = _new(Action, (Kind.DRAW, -1, None, None, None)), _new(Action, (Kind.TAKE, -1, None, None, None))
_KEEP, _LEAVE = _new(Action, (Kind.KEEP, -1, None, None, None)), _new(Action, (Kind.LEAVE, -1, None, None, None))


#: Melds in a hand from which the first meld's search first tries the melds without idle jokers.
PLAIN_FIRST = 1000
#: Steps of the first meld's searches meld by meld after which one walk answers for the melds still to be asked
#: (:func:`conquian.games.romme.walk.fewest`): the searches meld by meld are quick where most melds can be part of a
#: first meld, the walk where few can (each "no" costs a whole search).
SEARCH_STEPS = 3000
#: Steps each meld asked about adds to SEARCH_STEPS: where most answers are a quick yes (two steps or so each, a
#: hand that makes its first meld many ways), the searches meld by meld go on to the end, quicker than the walk.
STEPS_PER_MELD = 2
#: Where the walk is not compiled: a hand of more than PLAIN_FIRST melds whose bound exceeds the points still
#: needed by this share of it at most goes to the walk at once (measured on the sweep's slowest: 0.35 to 0.6 all
#: some 10 % quicker than asking meld by meld first; 0.35 the least that helps, so the fewest hands are moved).
TIGHT = 0.35


def counts_of(hand) -> list[int]:
    counts = [0] * (JOKER_CODE + 1)
    for c in hand:
        counts[c] += 1
    return counts


def uses(m, code: int) -> bool:
    """Whether meld ``m`` holds the card ``code``: a joker taken from the discards goes into any meld with a joker
    (the article lets any top discard be taken to be melded at once, and a joker may stand for any card)."""
    return m.jokers > 0 if code == JOKER_CODE else code in m.naturals()


def _card(code: int) -> str:
    return str(BY_CODE[code])


class Turn:
    """What the player to play may do now: his hand, whether his first meld is made, the melds he may lay."""

    def __init__(self, s: State, hand=None):
        r = s.rules
        self.s, self.me = s, s.actor
        self.hand = s.hands[self.me] if hand is None else hand
        self.keep = 1 if r.going_out is GoingOut.DISCARD else 0
        self.points = sum(m.first_points(r.ace_points) for m in s.new)
        self.opened = self.me in s.opened or (bool(s.new) and self.points >= r.first_meld)
        self.hand_romme = r.hand_romme and not s.opened  # nobody melded before this turn, the player included
        self.counts = counts_of(self.hand)
        self.bags: list[int] = []  # each meld's bag, in the order of all_melds
        self.all_points: list[int] = []  # each meld's first-meld points, in the same order
        self.all_melds = hand_melds(s.mr, self.counts, bags=self.bags, points=self.all_points, ace=r.ace_points)
        self.search = self.out = self.bag = self.fewest = None
        self.asked = 0  # melds asked about meld by meld
        # The compiled walk answers for every meld quicker than any search asks about one: it alone is asked.
        self.native = compiled()

    def _first_ok(self, m, b: int, points: int) -> bool:
        """Whether laying meld ``m`` (of bag ``b``, counting ``points`` towards a first meld, within the hand)
        before the first meld's points are reached leaves a turn that can end."""
        r = self.s.rules
        need = r.first_meld - self.points
        if points >= need and len(self.hand) - m.size >= self.keep:
            return True  # the points are reached, and a card is left to discard: no search needed
        if self.reachable and self.fewest is None:
            found = None if self.native or self.tight else self._reaches(m, b, need - points)
            if found:
                return True
            if found is None:  # the searches meld by meld have taken their steps: one walk for the rest
                self.fewest = self._walk(need)
                self.reachable = bool(self.fewest)
        if self.fewest is not None and points >= self.fewest.get(b, 1 << 30):
            return True
        return self.hand_romme and b in self._laid_out()

    def _walk(self, need: int) -> dict[int, int]:
        """Every meld at once: for each bag, the fewest points a meld of it must count to be part of a first meld
        of ``need`` points (see :mod:`conquian.games.romme.walk`); compiled where it is built."""
        if self.native:
            return fewest_compiled(self.bags, self.all_points, self.bag, need, bool(self.keep), self.s.rules.ace_points)
        if self.search is None:
            self.search = self._opening(self.all_melds, self.bags, self.all_points)
        return fewest(self.search, self.bag, need, bool(self.keep))

    def _reaches(self, m, b: int, need: int) -> "bool | None":
        """Whether the rest of the hand after meld ``m`` (of bag ``b``) makes ``need`` more points, keeping a card
        if one must be kept: the first meld's searches for this one meld; None once they have taken
        SEARCH_STEPS steps in all, and STEPS_PER_MELD more for each meld asked about."""
        r = self.s.rules
        self.asked += 1
        rest, most = self.bag - b, self.most - cost(m, r.ace_points)[2]
        if self.plain is not None:
            found = self.plain.reaches(rest, need, bool(self.keep), most, self._left(self.search))
            if found is not False:
                return found
        if self.search is None:
            self.search = self._opening(self.all_melds, self.bags, self.all_points)
            # The whole hand's question, exactly: where it is no, so is every meld's (most hands, most turns),
            # and the memos it leaves serve the questions meld by meld.
            whole = self.search.reaches(self.bag, r.first_meld - self.points, bool(self.keep), self.most,
                                        self._left(self.plain))
            if whole is None:
                return None
            self.reachable = whole
        return self.reachable and self.search.reaches(rest, need, bool(self.keep), most, self._left(self.plain))

    def _left(self, other: "Opening | None") -> int:
        """The steps one of the two searches may have taken in all: the searches' steps (see _reaches) less those
        of the ``other``."""
        return SEARCH_STEPS + STEPS_PER_MELD * self.asked - (other.steps if other else 0)

    def _prepare(self) -> None:
        """What the first meld's questions share: the hand's bag and bound, whether the points can be reached."""
        if self.bag is not None:
            return
        r = self.s.rules
        self.bag = bag(self.hand)
        self.most = Opening.bound(self.bag, r.ace_points)
        # The whole hand first: where even every card at its highest cannot make the points, no meld of it can
        # (then only Hand-Rommé is left to ask), and nothing else is built.
        self.reachable = self.most >= r.first_meld - self.points
        # Where the hand makes thousands of melds, a first try over those without idle jokers (a few hundred):
        # points they reach are reached; only a "no" needs every meld.
        many = self.reachable and not self.native and len(self.all_melds) > PLAIN_FIRST
        # A hand of many melds that can only just make its points (TIGHT: the slack a share of the bound at most)
        # goes to the walk at once: most answers would be no, each a whole search.
        self.tight = many and (self.most - (r.first_meld - self.points)) <= TIGHT * self.most
        many = many and not self.tight
        self.plain = self._opening(hand_melds(self.s.mr, self.counts, idle=False)) if many else None

    def _opening(self, melds, bags=None, points=None) -> Opening:
        """The first meld's searches over ``melds``: none will be asked to lose more than the hand's bound exceeds
        the points still needed by."""
        r = self.s.rules
        return Opening(melds, r.ace_points, bags, points, self.most - max(r.first_meld - self.points, 0))

    def _laid_out(self) -> set:
        """The melds (as bags) that some laying out of the whole hand uses, keeping a card (or none, where that
        goes out): one search answers for every meld (Hand-Rommé)."""
        if self.out is None and self.native:
            self.out = laid_out_compiled(self.bags, self.bag, none=not self.keep, one=True)
        if self.out is None:
            layouts = Layouts(self.all_melds, self.bag, self.bags)
            self.out = layouts.used(1) or set()
            if not self.keep:
                self.out |= layouts.used(0) or set()
        return self.out

    def melds(self, must: int = -1) -> list:
        melds, bags, holds = self.all_melds, self.bags, None
        if must >= 0:
            holds = [uses(m, must) for m in melds]
            melds, bags = list(compress(melds, holds)), list(compress(bags, holds))
        if self.opened:
            return [m for m in melds if len(self.hand) - m.size >= self.keep]
        self._prepare()
        if not self.reachable:  # no meld can make the points: Hand-Rommé alone decides, for all at once
            if not self.hand_romme:
                return []
            return list(compress(melds, map(self._laid_out().__contains__, bags)))
        points = self.all_points if holds is None else list(compress(self.all_points, holds))
        out, todo = [], zip(melds, bags, points)
        for m, b, p in todo:  # meld by meld, until the searches give way to the walk (or find no first meld)
            if self._first_ok(m, b, p):
                out.append(m)
            if self.fewest is not None or not self.reachable:
                break
        # The rest with what is now known for every meld at once (thousands of melds, where it comes to that).
        need, fewest, laid = self.s.rules.first_meld - self.points, self.fewest or {}, None
        most_size, no = len(self.hand) - self.keep, 1 << 30
        for m, b, p in todo:
            if p >= fewest.get(b, no) or (p >= need and m.size <= most_size):
                out.append(m)
            elif self.hand_romme:
                if laid is None:
                    laid = self._laid_out()
                if b in laid:
                    out.append(m)
        return out

    def may_discard(self) -> bool:
        s = self.s
        if s.taken >= 0:
            return False
        return not s.new or self.opened or (self.hand_romme and len(self.hand) == 1)


# -- the cut ------------------------------------------------------------------------------------------------
def keep_moves(s: State) -> list[Action]:
    return [_KEEP, _LEAVE]


def keep_why(s: State, a: Action) -> tuple[str, "str | None"]:
    return f"seat {s.actor} found a joker at the bottom of the packet he cut: he must first keep it or leave it", "cut_joker"


# -- the draw ----------------------------------------------------------------------------------------------
def draw_moves(s: State) -> list[Action]:
    out = [_DRAW] if s.stock else []
    if s.discards and (s.rules.drawn_to_hand or _take_melds(s)):
        out.append(_TAKE)
    return out


def _take_melds(s: State) -> list:
    top = s.discards[-1]
    return Turn(s, tuple(sorted(s.hands[s.actor] + (top,)))).melds(must=top)


def draw_why(s: State, a: Action) -> tuple[str, "str | None"]:
    who, k = f"seat {s.actor}", a.kind
    if k in (Kind.KEEP, Kind.LEAVE):
        return "no joker was found at the cut", "cut_joker"
    if k is Kind.TAKE:
        if not s.discards:
            return "the discard pile is empty", "dealer_opens"
        return (f"{who} may take the {_card(s.discards[-1])} only to meld it at once, and it makes no meld he may lay "
                f"now", "drawn_to_hand")
    return f"{who} must first draw: the top card of the stock, or the top card of the discard pile", "drawn_to_hand"


# -- the play ----------------------------------------------------------------------------------------------
def play_moves(s: State) -> list[Action]:
    t = Turn(s)
    if s.taken >= 0:
        return [_new(Action, (Kind.MELD, -1, m, None, None)) for m in t.melds(must=s.taken)]
    out = [_new(Action, (Kind.MELD, -1, m, None, None)) for m in t.melds()]
    if t.opened and len(t.hand) > t.keep:
        out += _lay_offs(s, t) + _exchanges(s, t)
    if t.may_discard():
        out += [_new(Action, (Kind.DISCARD, c, None, None, None)) for c in sorted(set(t.hand))]
    return out


def _targets(s: State) -> list:
    return sorted(set(s.table) | set(s.new))


def _lay_offs(s: State, t: Turn) -> list[Action]:
    if not s.rules.lay_off:
        return []
    out, is_meld, held = [], s.mr.is_meld, set(t.hand)
    for target in _targets(s):
        for c in sorted(held & touching(target)):
            for _, after in lay_results(target, c):
                if is_meld(after):
                    out.append(_new(Action, (Kind.LAY, c, target, after, None)))
    return out


def _exchanges(s: State, t: Turn) -> list[Action]:
    if not s.rules.joker_exchange:
        return []
    out = []
    naturals = {c for c in t.hand if c != JOKER_CODE}
    for target in _targets(s):
        if not target.jokers:
            continue
        for c in sorted(naturals & touching(target)):
            for _, after in exchange_results(target, c):
                counts = list(t.counts)
                counts[c] -= 1
                counts[JOKER_CODE] += 1
                left = len(t.hand) - 1  # the card goes to the table, the joker comes and goes
                for m in hand_melds(s.mr, counts):
                    # Freeing a meld's joker only to lay that very meld again is melding ``after`` from the hand:
                    # the same outcome, listed once, as the meld.
                    if m.jokers and left + 1 - m.size >= t.keep and m != target:
                        out.append(_new(Action, (Kind.EXCHANGE, c, target, after, m)))
    return out


def play_why(s: State, a: Action) -> tuple[str, "str | None"]:
    r, k, me = s.rules, a.kind, s.actor
    who = f"seat {me}"
    t = Turn(s)
    if k in (Kind.KEEP, Kind.LEAVE):
        return "no joker was found at the cut", "cut_joker"
    if k in (Kind.DRAW, Kind.TAKE):
        return f"{who} has drawn for this turn: he melds, lays off, exchanges a joker or discards", None
    if s.taken >= 0 and (k is not Kind.MELD or not uses(a.meld, s.taken)):
        return (f"the {_card(s.taken)} taken from the discard pile must be melded at once, in the next meld",
                "drawn_to_hand")
    if k is Kind.DISCARD:
        if a.card not in t.hand:
            return f"{_card(a.card)} is not in {who}'s hand", None
        return (f"the melds {who} laid this turn count {t.points} points, and a first meld needs {r.first_meld}",
                "first_meld")
    if k is Kind.MELD:
        return _meld_why(s, t, a.meld, t.counts)
    if k is Kind.LAY:
        return _lay_why(s, t, a)
    return _exchange_why(s, t, a)


def _lacks(counts, m) -> "str | None":
    need = counts_of(m.naturals())
    need[JOKER_CODE] = m.jokers
    short = [c for c in range(JOKER_CODE + 1) if need[c] > counts[c]]
    return _card(short[0]) if short else None


def _meld_why(s: State, t: Turn, m, counts) -> tuple[str, "str | None"]:
    who = f"seat {t.me}"
    lack = _lacks(counts, m)
    if lack:
        return f"{who} does not hold the cards of {m.text()}: {lack} is missing", None
    reason, axis = s.mr.explain(m)
    if reason:
        return reason, axis
    if sum(counts) - m.size < t.keep:
        return "the meld would leave no card to discard, and a player goes out by discarding his last card", "going_out"
    return (f"after {m.text()} the melds of this turn could not reach the {s.rules.first_meld} points of a first meld "
            f"(keeping a card to discard)", "first_meld")


def _open_why(s: State, t: Turn, axis: str, what: str) -> "tuple[str, str] | None":
    if not getattr(s.rules, axis):
        return f"{what} is not allowed under these rules", axis
    if not t.opened:
        return f"a player may {what.lower()} only after his first meld ({s.rules.first_meld} points)", axis
    if len(t.hand) <= t.keep:
        return "a player keeps his last card to discard it", "going_out"
    return None


def _onto_why(s: State, t: Turn, a: Action, axis: str, what: str) -> "tuple[str, str | None] | None":
    """Why a hand card cannot go onto a meld on the table (lay off, exchange a joker) before its fit is asked."""
    found = _open_why(s, t, axis, what)
    if found:
        return found
    if a.card not in t.hand:
        return f"{_card(a.card)} is not in seat {t.me}'s hand", None
    if a.meld not in s.table and a.meld not in s.new:
        return f"there is no meld {a.meld.text()} on the table", None
    return None


def _lay_why(s: State, t: Turn, a: Action) -> tuple[str, "str | None"]:
    found = _onto_why(s, t, a, "lay_off", "Lay off")
    if found:
        return found
    if a.after is None:
        if a.card == JOKER_CODE:
            return f"a joker laid on {a.meld.text()} stands for the card just below or just above it", None
        return f"{_card(a.card)} does not fit {a.meld.text()}", None
    return s.mr.explain(a.after)


def _exchange_why(s: State, t: Turn, a: Action) -> tuple[str, "str | None"]:
    found = _onto_why(s, t, a, "joker_exchange", "Exchange a joker")
    if found:
        return found
    if a.after is None:
        return f"no joker in {a.meld.text()} stands for the {_card(a.card)}", None
    if not a.new.jokers:
        return "the joker must be melded again at once, in the new meld, not taken into the hand", "joker_exchange"
    if a.new == a.meld:
        return (f"freeing the joker of {a.meld.text()} to lay the same meld again is melding "
                f"{a.after.text()} from the hand: write 'meld {a.after.text()}'"), None
    counts = list(t.counts)
    counts[a.card] -= 1
    counts[JOKER_CODE] += 1
    return _meld_why(s, t, a.new, counts)


def over_moves(s: State) -> list[Action]:
    return []


def over_why(s: State, a: Action) -> tuple[str, "str | None"]:
    return f"the deal is over ({s.outcome})", None


PHASES = {
    Phase.KEEP: (keep_moves, keep_why),
    Phase.DRAW: (draw_moves, draw_why),
    Phase.PLAY: (play_moves, play_why),
    Phase.OVER: (over_moves, over_why),
}


def legal(g) -> list[Action]:
    """Every legal action in the present phase of the deal ``g`` (a :class:`~conquian.games.romme.game.RommeGame`)."""
    # A hand with many jokers makes over a hundred thousand melds, each a new tuple: the cyclic garbage collector
    # would walk the whole heap several times while they are made (a third to a half of such a listing, measured),
    # though they hold no cycle.  It is paused while listing; the objects are looked at once, afterwards.
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    try:
        s = g.state
        return PHASES[s.phase][0](s)
    finally:
        if collecting:
            gc.enable()


def diagnose(g, a: Action) -> tuple[str, "str | None"]:
    """Why an action that is not legal in the deal ``g`` is illegal: ``(reason, axis or None)``."""
    s = g.state
    return PHASES[s.phase][1](s, a)

