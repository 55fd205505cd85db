"""Position and record text: reading them into plain values, and writing them back.

A position is ``key: value`` lines (see :func:`conquian.games.conquian.game.position` for the keys); reading one gives a
:class:`~conquian.games.conquian.state.Snapshot`, which :func:`conquian.games.conquian.checks.check` then checks as a state of play.  Reading
is syntax only: cards, groups, keys, roles, how the offered card got there; every message names the line.
A record is a start (a pack and a cut, or a position), ``moves:``, one ``role: action`` line per move, and
optionally the result; :func:`parse_record` splits it, and the game replays the moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ...cards import Card, cards as _cards, format_cards, mask_of
from ...errors import CardError, PositionError, RecordError, RuleError
from .rules import RuleSet
from .state import Origin, Outcome, Phase, Role, Snapshot, Termination, after, before, pips, seats
from ...records import EMPTY as _EMPTY, pile_text, split_record, write_record
from ...text import ascii_lower, key_lines, shorten, split_groups

__all__ = ["KEYS", "parse_position", "format_position", "RecordText", "parse_record", "format_record"]

#: The keys of position text.
KEYS = ("variant", "dealer hand", "dealer melds", "pone hand", "pone melds", "middle hand", "middle melds", "stock",
        "out", "dealer gives", "pone gives", "middle gives", "offer", "to discard", "to give", "result")
#: A position with a ``middle hand:`` line is a game of three.
_THIRD = "middle hand"
_HOW = {"drawn by": Origin.DRAWN, "passed by": Origin.PASSED, "discarded by": Origin.DISCARD,
        "demanded of": Origin.DEMANDED, "refused by": None, "drawn and refused by": None, "discard refused by": None,
        "turned up and refused by": None}
_OFFER_FORMS = ("'C turned up', 'C drawn by R', 'C passed by R', 'C discarded by R', 'C demanded of R', "
                "'C refused by R', 'C discard refused by R', 'C drawn and refused by R' or 'C turned up and refused by R'")


class _Reader:
    """Reads the card-bearing lines of one position, remembering where each card was written."""

    def __init__(self, rules: RuleSet, fields: dict[str, tuple[int, str]]):
        self.rules, self.fields = rules, fields
        self.placed: dict[int, str] = {}

    def cards(self, key: str, value: str) -> tuple[Card, ...]:
        line = self.fields[key][0] if key in self.fields else 0
        try:
            cs = _cards(value)
            self.rules.pack.shape.check(cs)
        except CardError as exc:
            raise PositionError(f"position line {line} ({key}): {exc}") from None
        for c in cs:
            if c.code in self.placed:
                raise PositionError(f"position line {line} ({key}): {c} is already in {self.placed[c.code]}")
            self.placed[c.code] = key
        return cs

    def melds(self, key: str) -> tuple[int, ...]:
        line, value = self.fields[key]
        if ascii_lower(value) in _EMPTY:
            return ()
        try:
            pieces = list(split_groups(value))
        except ValueError as exc:
            raise PositionError(f"position line {line} ({key}): {exc}") from None
        if not pieces or any(not bracketed for _, bracketed, _ in pieces):
            raise PositionError(f"position line {line} ({key}): melds are written in brackets, "
                                f"e.g. [5♥ 6♥ 7♥] [K♠ K♥ K♣]")
        out = []
        for content, _, _ in pieces:
            m = mask_of(self.cards(key, content))
            reason, axis = self.rules.table.explain(m)
            if reason:
                raise PositionError(f"position line {line} ({key}): {reason} (rule {axis})")
            out.append(m)
        return tuple(sorted(out))

    def pile(self, key: str, default: str) -> tuple[list[Card], bool]:
        """Cards of the stock or out line, and whether it ends with 'rest' (every card placed nowhere else)."""
        line, value = self.fields.get(key, (0, default))
        text, rest = pile_text(line, key, value)
        return (list(self.cards(key, text)) if text else []), rest


def parse_position(text: str) -> Snapshot:
    """Read position text into a snapshot (not yet checked as a state of play: see :func:`conquian.games.conquian.checks.check`)."""
    if not isinstance(text, str):
        raise TypeError(f"position text must be a string, not {type(text).__name__}")
    fields = key_lines(text, KEYS, "position", PositionError)
    if "variant" not in fields:
        raise PositionError("position: no 'variant:' line (say which rules are in force, e.g. 'variant: foster-1913')")
    try:
        rules = RuleSet.parse(fields["variant"][1])
    except RuleError as exc:
        raise PositionError(f"position line {fields['variant'][0]}: {exc}") from None
    phases = [k for k in ("offer", "to discard", "to give", "result") if k in fields]
    if len(phases) != 1:
        raise PositionError("position: give exactly one of 'offer:', 'to discard:', 'to give:' or 'result:' "
                            f"(found {', '.join(phases) or 'none'})")
    read = _Reader(rules, fields)
    if "middle melds" in fields and _THIRD not in fields:
        raise PositionError(f"position line {fields['middle melds'][0]}: a game of three gives the middle player's hand "
                            f"('middle hand:', 'empty' if he has none)")
    n = 3 if _THIRD in fields else 2
    if n == 2 and "middle gives" in fields:
        raise PositionError(f"position line {fields['middle gives'][0]}: a game of three gives the middle player's "
                            f"hand ('middle hand:')")
    hands, melds = [0] * n, [()] * n
    for role in seats(n):
        hk, mk = f"{role} hand", f"{role} melds"
        if hk in fields and ascii_lower(fields[hk][1]) not in _EMPTY:
            hands[role] = mask_of(read.cards(hk, fields[hk][1]))
        if mk in fields:
            melds[role] = read.melds(mk)
    offer, origin, actor, phase, outcome, forced, given, claim = 0, None, None, Phase.OFFER, None, False, (), ()
    gives = [f"{role} gives" for role in seats(n) if f"{role} gives" in fields]
    if gives and "to give" not in fields:
        raise PositionError(f"position line {fields[gives[0]][0]}: cards are given only before play ('to give: R')")
    if "to give" in fields:
        line, v = fields["to give"]
        try:
            actor = Role.parse(v, n)
        except PositionError as exc:
            raise PositionError(f"position line {line}: {exc}") from None
        phase = Phase.EXCHANGE
        chosen = [0] * n
        for role in seats(n):
            if f"{role} gives" in fields:
                cs = read.cards(f"{role} gives", fields[f"{role} gives"][1])
                if len(cs) != 1:
                    raise PositionError(f"position line {fields[f'{role} gives'][0]}: a player gives one card, "
                                        f"not {len(cs)}")
                chosen[role] = mask_of(cs)
        given = tuple(chosen)
    elif "offer" in fields:
        offer, origin, actor, phase, claim = _offer(read, rules, n, *fields["offer"])
    elif "to discard" in fields:
        line, v = fields["to discard"]
        words = v.split()
        if len(words) == 2 and ascii_lower(words[1]) == "(forced)":
            v, forced = words[0], True
        try:
            actor = Role.parse(v, n)
        except PositionError as exc:
            raise PositionError(f"position line {line}: {exc}") from None
        phase = Phase.DISCARD
    else:
        line, v = fields["result"]
        phase = Phase.OVER
        words = ascii_lower(v).split()
        if words == ["tableau"]:
            outcome = Outcome(Termination.TABLEAU)
        elif words == ["misdeal"]:
            outcome = Outcome(Termination.MISDEAL)
        elif len(words) == 2 and words[0] in [str(r) for r in seats(n)] and words[1] == "wins":
            w = Role.parse(words[0], n)
            left = 0
            for seat, hand in enumerate(hands):
                left |= hand if seat != w else 0
            outcome = Outcome(Termination.WIN, w, pips(rules.table.hand_order(left)))
        else:
            wins = ", ".join(f"'{r} wins'" for r in seats(n))
            raise PositionError(f"position line {line}: a result is {wins}, 'tableau' or 'misdeal'")
    out, out_rest = read.pile("out", "")
    stock, stock_rest = read.pile("stock", "empty" if out_rest else "rest")
    if out_rest and stock_rest:
        raise PositionError("position: 'rest' may end the stock line or the out line, not both")
    rest = [c for c in rules.pack.shape.kinds if c.code not in read.placed]
    if out_rest:
        out += rest
    elif stock_rest:
        stock += rest
    elif rest:
        raise PositionError(f"position: {len(rest)} card(s) are nowhere: {format_cards(rest)} "
                            f"(end the stock line, or the out line, with 'rest' to put them there)")
    return Snapshot(rules, tuple(hands), tuple(melds), tuple(1 << c.code for c in stock),
                    tuple(1 << c.code for c in out), phase, actor, offer, origin, outcome, forced, given, claim)


_THEN = {"waived by": "waived", "passed on by": "passed on"}  # three players: who was asked, or passed the card on


def _offer(read: _Reader, rules: RuleSet, players: int, n: int, v: str):
    """The offer line: (offer, origin, actor, phase, claim)."""
    first, comma, then = v.partition(",")
    if not comma:
        return (*_offer_one(read, rules, players, n, v), ())
    how, _, role_text = " ".join(ascii_lower(then).split()).rpartition(" ")
    names = [str(r) for r in seats(players)]
    if players != 3 or how not in _THEN or role_text not in names:
        raise PositionError(f"position line {n} (offer): after the comma, a game of three says who waived a demand "
                            f"('C refused by R, waived by R2') or passed the card on ('C passed by R, passed on by R2')")
    offer, origin, actor, phase = _offer_one(read, rules, players, n, first)
    role, by = before(actor, players), Role.parse(role_text, players)  # the player the first part names, and R2
    if _THEN[how] == "waived":
        if phase is not Phase.REFUSED or by != actor:
            raise PositionError(f"position line {n} (offer): 'waived by R2' follows a refused card, R2 the player after "
                                f"the refuser ({actor})")
        return offer, origin, Role(after(by, players)), phase, (role, role)
    if phase is not Phase.OFFER or origin is not Origin.PASSED or by != actor:
        raise PositionError(f"position line {n} (offer): 'passed on by R2' follows a passed card, R2 the player it "
                            f"was passed to ({actor if actor is not None else 'the next'})")
    return offer, origin, Role(after(by, players)), Phase.REFUSED, (role, int(by))


def _offer_one(read: _Reader, rules: RuleSet, players: int, n: int, v: str):
    card_text, _, how_text = v.strip().partition(" ")
    how = " ".join(ascii_lower(how_text).split())
    turned = how == "turned up"
    role_text = ""
    names = [str(r) for r in seats(players)]
    if not turned:
        how, _, role_text = how.rpartition(" ")
    if not turned and (how not in _HOW or role_text not in names):
        raise PositionError(f"position line {n} (offer): expected {_OFFER_FORMS}, with R {' or '.join(names)}")
    found = read.cards("offer", card_text)
    if len(found) != 1:
        raise PositionError(f"position line {n} (offer): one card is on offer, not {len(found)}")
    offer = 1 << found[0].code
    if turned:
        first = Role.PONE if rules.first_say.value == "pone" else Role.DEALER
        return offer, Origin.TURNED_UP, first, Phase.OFFER
    role = Role.parse(role_text, players)
    nxt = Role(after(role, players))  # the player after R: he faces what R passed or discarded, and demands what R refused
    if how == "refused by":
        # A card passed to the refuser and declined (where unused draws are dead, none is passed: a discard).
        received = Origin.PASSED if rules.unused_draw.value == "offered" else Origin.DISCARD
        return offer, received, nxt, Phase.REFUSED
    if how == "discard refused by":  # the previous player's discard, declined: said so, never read as a passed card
        return offer, Origin.DISCARD, nxt, Phase.REFUSED
    if how == "drawn and refused by":
        return offer, Origin.DRAWN, nxt, Phase.REFUSED
    if how == "turned up and refused by":
        return offer, Origin.TURNED_UP, nxt, Phase.REFUSED
    origin = _HOW[how]
    actor = role if origin in (Origin.DRAWN, Origin.DEMANDED) else nxt
    return offer, origin, actor, Phase.OFFER


def format_position(s: Snapshot) -> str:
    """A snapshot as position text (the inverse of :func:`parse_position`)."""
    t = s.rules.table
    lines = [f"variant: {s.rules}"]
    for role in seats(s.players):
        hand = t.hand_order(s.hands[role])
        lines.append(f"{role} hand: {format_cards(hand) if hand else 'empty'}")
        if s.melds[role]:
            lines.append(f"{role} melds: " + " ".join("[" + t.text(m) + "]" for m in s.melds[role]))
    stock = [t.cards(b)[0] for b in s.stock]
    lines.append(f"stock: {format_cards(stock) if stock else 'empty'}")
    if s.out:
        lines.append(f"out: {format_cards(t.cards(b)[0] for b in s.out)}")
    card = t.cards(s.offer)[0] if s.offer else None
    actor = s.actor
    previous = Role(before(actor, s.players)) if actor is not None else None
    if s.phase is Phase.EXCHANGE:
        lines += [f"{role} gives: {t.cards(s.given[role])[0]}" for role in seats(s.players) if s.given[role]]
        lines.append(f"to give: {actor}")
    elif s.phase is Phase.OVER:
        lines.append(f"result: {s.outcome}")
    elif s.phase is Phase.DISCARD:
        lines.append(f"to discard: {actor}" + (" (forced)" if s.forced else ""))
    elif s.phase is Phase.REFUSED and s.claim and s.claim[0] != s.claim[1]:  # three players: passed on
        lines.append(f"offer: {card} passed by {Role(s.claim[0])}, passed on by {Role(s.claim[1])}")
    elif s.phase is Phase.REFUSED:
        how = {Origin.DRAWN: "drawn and refused", Origin.TURNED_UP: "turned up and refused",
               Origin.DISCARD: "discard refused"}.get(s.origin, "refused")
        refuser = Role(s.claim[1]) if s.claim else previous
        then = f", waived by {previous}" if s.claim else ""
        lines.append(f"offer: {card} {how} by {refuser}{then}")
    else:
        how = {Origin.TURNED_UP: "turned up", Origin.DRAWN: f"drawn by {actor}", Origin.PASSED: f"passed by {previous}",
               Origin.DISCARD: f"discarded by {previous}", Origin.DEMANDED: f"demanded of {actor}"}[s.origin]
        lines.append(f"offer: {card} {how}")
    return "\n".join(lines)


# -- records ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RecordText:
    """A record split into its start and its body; the body is read line by line as the game replays it."""

    position: str | None
    """The start as position text, or None for a record that starts from a pack."""
    variant: str
    pack: str
    cut: int
    players: int
    """2, unless a ``players:`` line says 3."""
    body: tuple[tuple[int, str], ...]
    """The lines after ``moves:``, with their line numbers."""

    def lines(self) -> Iterator[tuple[int, str, str]]:
        """``(line, what, text)`` for each line of the body, ``what`` being a role, ``'report'`` or ``'result'``.

        Lazily, so that a replay stops at its first bad move however long the record.
        """
        result = None
        for n, line in self.body:
            line = line.strip()
            if not line:
                continue
            who, sep, act = line.partition(":")
            who = ascii_lower(who.strip())
            if result is not None:
                raise RecordError(f"record line {n}: " + ("a second 'result:' line" if who == "result"
                                                          else "moves after the result"))
            if who in ("result", "report"):
                # A report that ends the deal (a misdeal) is followed by nothing but the result: the replay says so.
                text = " ".join(act.split())
                if who == "result":
                    result = text
                yield n, who, text
                continue
            if not sep or who not in ("dealer", "pone", "middle"):
                raise RecordError(f"record line {n} ({shorten(line)!r}): expected 'dealer: ACTION', 'pone: ACTION' or, "
                                  f"with three players, 'middle: ACTION'")
            yield n, who, act.strip()


def parse_record(text: str) -> RecordText:
    """Split a record into its start and its body (the moves are read as the game replays them)."""
    position, values, body = split_record(text, ("variant", "players", "pack", "cut"), ("cut", "players"), ("players",))
    return RecordText(position, values.get("variant", ""), values.get("pack", ""), values.get("cut", 0),
                      values.get("players", 2), body)


def format_record(start: str, lines: list[tuple[str, str]], result: "Outcome | None") -> str:
    """A record from its start (position text, or variant, pack and cut lines), its lines in order (a role and its
    move, or ``'report'`` and the irregularity), and the result."""
    return write_record(start, lines, result)
