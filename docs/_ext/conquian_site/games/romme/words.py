"""Rommé's side of a scenario in words: where a deal stands, and the facts of a ``then`` column (each as the engine
has it, and whether a page's item holds): pure functions, no Sphinx.  The same names as every game's words
(see :mod:`conquian_site.games`); :mod:`conquian_site.scenario` picks the words of a rule set's game.

Seats are numbered as in Rommé position text, 0 the dealer, clockwise.  The facts a ``then`` cell may name:

``to draw: 1``, ``to play: 1``, ``to play: 1, taken 8♦``, ``result: 1 wins``
    the position's last line (where the deal stands)
``hand 1: …``, ``table: [..] [..]``, ``new melds: …``, ``opened: 0 1``, ``discards: …``, ``stock: …``
    a line of the position (cards in any order, melds in any order)
``seat 1 holds 3``, ``stock holds 20``
    how many cards
``penalty 0: 31``
    the penalty points a seat has at the end of the deal (the cards left in his hand)
"""

from __future__ import annotations

import re
from typing import Any

from conquian.cards import BY_CODE, cards
from conquian.errors import ConquianError, PositionError
from conquian.games.romme.actions import Action
from conquian.games.romme.game import RommeGame
from conquian.games.romme.melds import read_meld
from conquian.games.romme.notation import KEYS
from conquian.games.romme.state import Phase, Termination
from conquian.text import split_groups

from ...facts import EMPTY, ExpectationError, cards_equal
from ...markup import split_variant
from ...persons import Persons

__all__ = ["the", "state_words", "fact_words", "fact_value", "fact_matches", "parse_action", "action_text",
           "GAME_FACTS", "first_meld_points", "start"]

GAME_FACTS = tuple(k for k in KEYS if k not in ("variant", "players"))
_MELD_LINES = ("table", "new melds")


def the(seat: "int | None") -> str:
    """``seat 1`` ('' for nobody)."""
    return f"seat {seat}" if seat is not None else ""


def start(scenario, rules) -> RommeGame:
    """The deal a scenario puts to Rommé's rules: a position (a fresh deal and a match are Conquian's only)."""
    if scenario.match or scenario.deal is not None:
        raise PositionError("a fresh deal and a match are put to Conquian's rules only: give Rommé position "
                            "text (players, hands, table, to play)")
    return RommeGame.from_position(f"variant: {rules}\n{split_variant(scenario.position)[1]}")


def parse_action(text: str) -> Action:
    """Rommé action text (``draw``, ``meld [7♠ 🃏=8♠ 9♠]``, ``discard 5♥``) as an action."""
    return Action.parse(text)


def action_text(action: Action, g: RommeGame) -> str:
    return action.text()


def first_meld_points(g: RommeGame) -> int:
    """The points of the melds laid this turn towards a first meld (each joker at the card it stands for)."""
    return sum(m.first_points(g.rules.ace_points) for m in g.snapshot().new)


def state_words(g: RommeGame, persons: "Persons | None" = None) -> str:
    """Where the deal stands, as a sentence: who draws, who plays (and what he must do), how the deal ended.
    ``persons``: who is who (:class:`~conquian_site.persons.Persons`; the play page names the players and speaks to
    the reader), else each seat by its number."""
    p = persons or Persons(the)
    if g.is_over:
        o = g.outcome
        if o.termination is Termination.IDLE:
            n = g.rules.idle_turns
            return (f"{n} turn{'s' if n != 1 else ''} in a row took the top discard and laid nothing: the deal is void, "
                    f"and nobody wins.")
        if o.winner is None:
            return "The stock has run out for good: the deal ends, and nobody wins."
        paid = "; ".join(f"{p.name(i)} {n} point{'s' if n != 1 else ''}" for i, n in enumerate(o.penalties)
                         if i != o.winner)
        double = " (a Hand-Rommé: they count double)" if o.hand_romme else ""
        w = o.winner
        return f"{p.name(w, True)} {p.verb(w, 'has', 'have')} gone out and {p.verb(w, 'wins', 'win')}. " \
               f"Penalty points{double}: {paid}."
    s, seat = g.snapshot(), g.to_act
    who, he, his = p.name(seat, True), p.he(seat), p.his(seat)
    has = p.verb(seat, "has", "have")
    if s.phase is Phase.KEEP:
        return (f"{who} found a joker at the bottom of the packet {he} cut: {he} "
                f"{p.verb(seat, 'keeps', 'keep')} it or {p.verb(seat, 'leaves', 'leave')} it in the pack.")
    if s.phase is Phase.DRAW:
        top = f", or the {g.discards[-1]} on top of the discard pile" if g.discards else ""
        if top and not g.rules.drawn_to_hand:
            top += f" if {he} {p.verb(seat, 'melds', 'meld')} it at once"
        return (f"{who} {p.verb(seat, 'begins', 'begin')} {his} turn: {he} {p.verb(seat, 'takes', 'take')} the top "
                f"card of the stock{top}.")
    if s.taken >= 0:
        return f"{who} {has} taken the {BY_CODE[s.taken]} from the discard pile: {he} must meld it at once."
    if s.new:
        return (f"{who} {has} laid {first_meld_points(g)} points towards {his} first meld this turn; "
                f"{g.rules.first_meld} are needed before {he} may discard.")
    ends = f"and {p.verb(seat, 'ends', 'end')} {his} turn with a discard"
    if seat in g.opened:
        return f"{who} {has} drawn: {he} may meld, lay off and exchange jokers, {ends}."
    return (f"{who} {has} drawn and {has} not made {his} first meld: {he} may lay melds of {g.rules.first_meld} "
            f"points or more, {ends}.")


def _line(g: RommeGame, key: str) -> str:
    """The value of one line of the position text ('' where the line is absent)."""
    lines = str(g).splitlines()
    if key in ("to draw", "to play", "to keep", "result"):
        return lines[-1]
    value = next((ln.split(":", 1)[1].strip() for ln in lines if ln.startswith(key + ":")), "")
    return "" if value == "empty" else value


def fact_value(answer, item: str) -> tuple[str, Any]:
    """The engine's value for the key of one ``then`` item: ``("hand 1", "5♥ 6♥")``, ``("penalty 0", 31)``, ..."""
    g = answer.game
    item = " ".join(item.split())
    low = item.lower()
    held = re.fullmatch(r"(?:seat (\d)|stock) holds (\d+)", low)
    if held:
        if held.group(1) is None:
            return "stock holds", len(g.stock)
        return f"seat {held.group(1)} holds", len(g.hand(_seat(g, held.group(1), item)))
    penalty = re.fullmatch(r"penalty (\d): *(\d+)", low)
    if penalty:
        o = g.outcome
        seat = _seat(g, penalty.group(1), item)
        return f"penalty {seat}", (o.penalties[seat] if o is not None and o.winner is not None else None)
    key, sep, _ = item.partition(":")
    key = " ".join(key.lower().split())
    if not sep or key not in GAME_FACTS:
        raise ExpectationError(f"{item!r} is not a fact of a Rommé deal: write a position line ('to play: 1', "
                               f"'result: 1 wins', 'hand 1: …', 'table: …', 'discards: …', 'opened: 1'), "
                               f"'seat 1 holds 3', 'stock holds 20' or 'penalty 0: 31'")
    return key, _line(g, key)


def _seat(g: RommeGame, text: str, item: str) -> int:
    seat = int(text)
    if seat >= g.players:
        raise ExpectationError(f"{item!r}: there is no seat {seat} among {g.players} players")
    return seat


def fact_words(answer, item: str) -> str:
    """One fact of the ``then`` column, as the engine has it, in words."""
    key, value = fact_value(answer, item)
    g = answer.game
    if key in ("to draw", "to play", "to keep", "result"):
        return state_words(g)
    if key == "stock holds":
        return f"{value} card{'s' if value != 1 else ''} in the stock"
    if key.endswith(" holds"):
        return f"{key} {value if value else 'no'} card{'s' if value != 1 else ''}"
    if key.startswith("penalty "):
        return f"{key.replace('penalty', 'seat')}: {value} penalty points" if value is not None else \
            f"{key.replace('penalty', 'seat')}: no penalty (nobody has gone out)"
    if key.startswith("hand "):
        return f"seat {key.split()[1]}’s hand: {value or 'nothing'}"
    if key == "opened":
        seats = value.split()
        if not seats:
            return "nobody has made his first meld"
        return ", ".join(f"seat {s}" for s in seats) + (" has" if len(seats) == 1 else " have") + " made the first meld"
    names = {"table": "on the table", "new melds": "laid this turn towards a first meld",
             "discards": "the discard pile (bottom to top)", "stock": "the stock", "renewals": "stock renewals",
             "idle turns": "turns in a row that took the top discard and laid nothing"}
    return f"{names.get(key, key)}: {value or 'nothing'}"


def _card_list(text: str) -> list[str]:
    if text.strip().lower() in EMPTY:
        return []
    try:
        return [str(c) for c in cards(text, copies=None)]
    except ConquianError:
        return text.split()


def _melds(text: str) -> list[str]:
    if text.strip().lower() in EMPTY:
        return []
    try:
        return sorted(read_meld(content).text() for content, _, _ in split_groups(text))
    except (ValueError, ConquianError):
        return [text]


def fact_matches(answer, item: str) -> tuple[bool, str]:
    """Whether one ``then`` item holds, and the engine's own version of it."""
    key, value = fact_value(answer, item)
    item = " ".join(item.split())
    if key in ("to draw", "to play", "to keep", "result"):
        return item.lower() == value.lower(), value
    if key.endswith(" holds"):
        return int(item.split()[-1]) == value, f"{key} {value}"
    if key.startswith("penalty "):
        return value is not None and int(item.split(":")[1]) == value, f"{key}: {value}"
    expected = item.split(":", 1)[1].strip()
    if key in _MELD_LINES:
        return _melds(expected) == _melds(value), f"{key}: {value}"
    if key == "opened":
        return sorted(expected.replace(",", " ").split()) == sorted(value.split()), f"{key}: {value}"
    if key == "discards":  # a pile is in order, bottom to top
        return _card_list(expected) == _card_list(value), f"{key}: {value}"
    return cards_equal(expected, value), f"{key}: {value}"
