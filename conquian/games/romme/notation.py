"""Rommé position and record text: reading them into plain values, and writing them back.

A position is ``key: value`` lines::

    variant: romme-spielwiki
    players: 3
    hand 0: 2♠ 3♠ 7♥ 🃏          one line per seat, 0 the dealer, clockwise ("empty" for none)
    hand 1: ...
    hand 2: ...
    table: [7♠ 🃏=8♠ 9♠] [6♠ 6♥ 🃏]
    new melds: [K♠ K♥ K♣]        melds of the player to play, laid this turn towards his first meld
    opened: 1                     seats that made their first meld in an earlier turn
    stock: 5♦ 9♣ rest             top card first; 'rest' = every card placed nowhere else, in pack order
    discards: 4♣ 10♥              bottom first: the last card is the top of the discard pile
    renewals: 1                   how often the stock has been renewed from the discard pile
    idle turns: 3                 turns in a row that took the top discard and laid nothing (this one included)
    to play: 2                    or 'to play: 2, taken 10♥', 'to draw: 2', 'to keep: 2' (a joker found
                                  at the cut), 'result: 2 wins', 'result: 2 wins, hand-romme',
                                  'result: nobody wins'

``variant``, ``players`` and one of the last keys are required; ``table``, ``new melds``, ``opened``,
``discards``, ``renewals`` and ``idle turns`` default to none, and ``stock`` to ``rest``.  Reading is syntax only; the
snapshot is then checked as a state of play (:func:`conquian.games.romme.state.check`).  Every message names the line.

A record is a start (``variant``, ``players``, ``pack`` top card first and ``cut`` lines, or a position), a
``moves:`` line, one ``SEAT: ACTION`` line per move (``1: draw``) and optionally ``result: ...``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...cards import BY_CODE, cards as _cards, format_cards
from ...errors import CardError, PositionError, RecordError, RuleError
from ...records import EMPTY as _EMPTY, pile_text, split_record, write_record
from ...text import ascii_lower, key_lines, parse_int, shorten, split_groups
from .melds import read_meld
from .rules import RommeRules
from .state import Outcome, Phase, Snapshot, Termination, penalty

__all__ = ["KEYS", "MAX_POSITION", "MAX_RECORD", "parse_position", "format_position", "RecordText", "parse_record", "format_record"]

_SEATS = 6
MAX_POSITION = 20_000
"""The most characters position text may have (comments included)."""
MAX_RECORD = 500_000
"""The most characters a record may have: far more than a deal's record, bounded by stock, table and idle_turns."""
KEYS = ("variant", "players", *(f"hand {i}" for i in range(_SEATS)), "table", "new melds", "opened", "stock",
        "discards", "renewals", "idle turns", "to keep", "to draw", "to play", "result")
_PHASES = ("to keep", "to draw", "to play", "result")


def _fields(text: str, what: str, error) -> dict[str, tuple[int, str]]:
    return key_lines(text, KEYS, what, error,
                     f"variant, players, hand 0 ... hand {_SEATS - 1}, {', '.join(KEYS[2 + _SEATS:])}")


def _seat(text: str, players: int, line: int, key: str) -> int:
    seat = parse_int(text)
    if seat is None or seat >= players:
        raise PositionError(f"position line {line} ({key}): {shorten(text.strip(), 20)!r} is not a seat; seats are "
                            f"0 (the dealer) to {players - 1}")
    return seat


def parse_position(text: str) -> Snapshot:
    """Read position text into a snapshot (not yet checked as a state of play)."""
    if not isinstance(text, str):
        raise TypeError(f"position text must be a string, not {type(text).__name__}")
    if len(text) > MAX_POSITION:  # 110 cards and the keys fill about 1,000: refused before anything is read
        raise PositionError(f"position text of {len(text)} characters, more than any position ({MAX_POSITION} at most)")
    fields = _fields(text, "position", PositionError)
    for key, example in (("variant", "variant: romme-spielwiki"), ("players", "players: 3")):
        if key not in fields:
            raise PositionError(f"position: no '{key}:' line (e.g. '{example}')")
    n, v = fields["variant"]
    try:
        rules = RommeRules.parse(v)
    except RuleError as exc:
        raise PositionError(f"position line {n}: {exc}") from None
    n, v = fields["players"]
    players = parse_int(v)
    if players is None or not 2 <= players <= _SEATS:
        raise PositionError(f"position line {n}: 'players:' is a number from 2 to {_SEATS}, not {shorten(v, 20)!r}")

    def cards_of(key: str, value: str) -> list[int]:
        try:
            return [c.code for c in _cards(value, copies=None)]
        except CardError as exc:
            raise PositionError(f"position line {fields[key][0]} ({key}): {exc}") from None

    def melds_of(key: str) -> tuple:
        line, value = fields[key]
        if ascii_lower(value) in _EMPTY:
            return ()
        try:
            pieces = list(split_groups(value))
            if any(not bracketed for _, bracketed, _ in pieces):
                raise ValueError("melds are written in brackets, e.g. [5♥ 6♥ 7♥] [K♠ K♥ 🃏]")
            return tuple(sorted(read_meld(content) for content, _, _ in pieces))
        except (ValueError, CardError) as exc:
            raise PositionError(f"position line {line} ({key}): {exc}") from None

    for i in range(players, _SEATS):
        if f"hand {i}" in fields:
            raise PositionError(f"position line {fields[f'hand {i}'][0]}: there is no seat {i} among {players} players")
    hands = []
    for i in range(players):
        line, value = fields.get(f"hand {i}", (0, ""))
        hands.append(tuple(sorted(cards_of(f"hand {i}", value))) if ascii_lower(value) not in _EMPTY else ())
    table = melds_of("table") if "table" in fields else ()
    new = melds_of("new melds") if "new melds" in fields else ()
    opened: tuple[int, ...] = ()
    if "opened" in fields and ascii_lower(fields["opened"][1]) not in _EMPTY:
        line, value = fields["opened"]
        opened = tuple(sorted({_seat(w, players, line, "opened") for w in value.replace(",", " ").split()}))
    renewals, idle = (_count(fields, key) for key in ("renewals", "idle turns"))
    phase, actor, taken, outcome = _phase(fields, players)
    discards, discards_rest = _pile(fields, "discards", "", cards_of)
    stock, stock_rest = _pile(fields, "stock", "empty" if discards_rest else "rest", cards_of)
    if discards_rest and stock_rest:
        raise PositionError("position: 'rest' may end the stock line or the discards line, not both")
    if stock_rest or discards_rest:
        placed = Counter(c for h in hands for c in h) + Counter(stock) + Counter(discards)
        for m in table + new:
            placed.update(m.naturals())
            placed[52] += m.jokers
        if phase is Phase.KEEP:
            placed[52] += 1
        rest = list((Counter(c.code for c in rules.shape.cards) - placed).elements())
        rest.sort(key=lambda c: (c == 52, c))
        (stock if stock_rest else discards).extend(rest)
    if outcome is not None and outcome.winner is not None:
        double = 2 if outcome.hand_romme else 1
        outcome = Outcome(Termination.WIN, outcome.winner, tuple(0 if i == outcome.winner else double * penalty(rules, h)
                                                                for i, h in enumerate(hands)), outcome.hand_romme)
    elif outcome is not None:
        void = idle >= rules.idle_turns  # nobody wins: the deal went nowhere, or the stock ran out
        outcome = Outcome(Termination.IDLE if void else Termination.STOCK, None, (0,) * players)
    return Snapshot(rules, tuple(hands), table, tuple(stock), tuple(discards), phase, actor, new, opened, taken,
                    renewals, outcome, idle)


def _count(fields, key: str) -> int:
    if key not in fields:
        return 0
    line, value = fields[key]
    number = parse_int(value)
    if number is None:
        raise PositionError(f"position line {line} ({key}): a whole number, not {shorten(value, 20)!r}")
    return number


def _pile(fields, key: str, default: str, cards_of) -> tuple[list[int], bool]:
    line, value = fields.get(key, (0, default))
    text, rest = pile_text(line, key, value)
    return (cards_of(key, text) if text else []), rest


def _phase(fields, players: int):
    given = [k for k in _PHASES if k in fields]
    if len(given) != 1:
        raise PositionError(f"position: give exactly one of {', '.join(repr(k + ':') for k in _PHASES)} "
                            f"(found {', '.join(given) or 'none'})")
    key = given[0]
    line, value = fields[key]
    if key == "result":
        words = ascii_lower(value).replace(",", " , ").split()
        if words == ["nobody", "wins"]:
            return Phase.OVER, None, -1, Outcome(Termination.STOCK)
        if len(words) in (2, 4) and words[1] == "wins" and (len(words) == 2 or words[2:] == [",", "hand-romme"]):
            return Phase.OVER, None, -1, Outcome(Termination.WIN, _seat(words[0], players, line, key),
                                                 hand_romme=len(words) == 4)
        raise PositionError(f"position line {line}: a result is 'SEAT wins', 'SEAT wins, hand-romme' or 'nobody wins'")
    seat_text, comma, extra = value.partition(",")
    actor = _seat(seat_text, players, line, key)
    taken = -1
    if comma:
        words = extra.split()
        if key != "to play" or len(words) != 2 or ascii_lower(words[0]) != "taken":
            raise PositionError(f"position line {line}: expected '{key}: SEAT'" +
                                (" or 'to play: SEAT, taken CARD'" if key == "to play" else ""))
        try:
            found = _cards(words[1])
        except CardError as exc:
            raise PositionError(f"position line {line} (to play): {exc}") from None
        if len(found) != 1:
            raise PositionError(f"position line {line} (to play): one card is taken, not {len(found)}")
        taken = found[0].code
    return {"to keep": Phase.KEEP, "to draw": Phase.DRAW, "to play": Phase.PLAY}[key], actor, taken, None


def _cards_text(rules: RommeRules, codes, order: bool = True) -> str:
    cs = [BY_CODE[c] for c in codes]
    return format_cards(rules.shape.hand_order(cs) if order else cs) or "empty"


def format_position(s: Snapshot) -> str:
    """A snapshot as position text (the inverse of :func:`parse_position`)."""
    r = s.rules
    lines = [f"variant: {r}", f"players: {s.players}"]
    lines += [f"hand {i}: {_cards_text(r, hand)}" for i, hand in enumerate(s.hands)]
    if s.table:
        lines.append("table: " + " ".join(m.text() for m in s.table))
    if s.new:
        lines.append("new melds: " + " ".join(m.text() for m in s.new))
    if s.opened:
        lines.append("opened: " + " ".join(map(str, s.opened)))
    lines.append(f"stock: {_cards_text(r, s.stock, False)}")
    if s.discards:
        lines.append(f"discards: {_cards_text(r, s.discards, False)}")
    if s.renewals:
        lines.append(f"renewals: {s.renewals}")
    if s.idle:
        lines.append(f"idle turns: {s.idle}")
    if s.phase is Phase.OVER:
        lines.append(f"result: {s.outcome}")
    else:
        taken = f", taken {BY_CODE[s.taken]}" if s.taken >= 0 else ""
        lines.append(f"to {s.phase.value}: {s.actor}{taken}")
    return "\n".join(lines)


# -- records ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RecordText:
    """A record split into its parts: the start, and the moves as ``(line, seat, action text)``."""

    position: "str | None"
    variant: str
    players: int
    pack: str
    cut: int
    moves: tuple[tuple[int, int, str], ...]
    result: "str | None"


def parse_record(text: str) -> RecordText:
    """Split a record into its start, its moves and its result (the game replays the moves)."""
    if isinstance(text, str) and len(text) > MAX_RECORD:
        raise RecordError(f"record text of {len(text)} characters, more than any deal's record ({MAX_RECORD} at most)")
    position, values, body = split_record(text, ("variant", "players", "pack", "cut"), ("players", "cut"))
    moves, result = [], None
    for n, line in body:
        line = line.strip()
        if not line:
            continue
        who, sep, act = line.partition(":")
        who = ascii_lower(who.strip())
        if who == "result":
            if result is not None:
                raise RecordError(f"record line {n}: a second 'result:' line")
            result = " ".join(act.split())
            continue
        if result is not None:
            raise RecordError(f"record line {n}: moves after the result")
        seat = parse_int(who)
        if not sep or seat is None:
            raise RecordError(f"record line {n} ({shorten(line)!r}): expected 'SEAT: ACTION', e.g. '1: draw'")
        moves.append((n, seat, act.strip()))
    return RecordText(position, values.get("variant", ""), values.get("players", 0), values.get("pack", ""),
                      values.get("cut", 0), tuple(moves), result)


def format_record(start: str, moves: list[tuple[int, str]], result: "Outcome | None") -> str:
    """A record from its start (position text, or variant, players, pack and cut lines), the moves and the result."""
    return write_record(start, moves, result)
