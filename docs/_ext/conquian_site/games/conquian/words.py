"""Conquian's side of a scenario in words: where a deal stands, one deal of a match, and the facts of a ``then``
column (each as the engine has it, and whether a page's item holds): pure functions, no Sphinx.

Every game's words have the same functions (see :mod:`conquian_site.games`); what they share
(:class:`~conquian_site.facts.ExpectationError`, the words for nothing, :func:`~conquian_site.facts.cards_equal`)
is in :mod:`conquian_site.facts`.  Conquian's alone: a fresh deal of the pack in order and a match between
:data:`PLAYERS` (:func:`start`), and a deal of that match in words (:func:`deal_words`).
"""

from __future__ import annotations

import re
from typing import Any

from conquian import Game, Match, position
from conquian.games.conquian.actions import Action
from conquian.cards import format_cards
from conquian.games.conquian.notation import KEYS
from conquian.games.conquian.state import Origin, Phase, Role, Termination, after, before
from conquian.games.conquian.words import role_words

from ...facts import ExpectationError, cards_equal
from ...markup import split_variant
from ...persons import Persons

__all__ = ["the", "state_words", "deal_words", "fact_words", "fact_value", "fact_matches", "parse_action",
           "action_text", "GAME_FACTS", "PLAYERS", "start"]

PLAYERS = ("Ana", "Ben")
GAME_FACTS = tuple(k for k in KEYS if k != "variant") + ("turned down", "discard pile")


def start(scenario, rules) -> "Game | Match":
    """The deal a scenario puts to Conquian's rules: a match, a fresh deal of the pack in order, or a position."""
    if scenario.match:
        return Match(rules, players=PLAYERS, first_dealer=PLAYERS[0])
    if scenario.deal is not None:
        return Game(rules, pack=rules.deck, cut=scenario.deal)
    return position(f"variant: {rules}\n{split_variant(scenario.position)[1]}")


def parse_action(text: str) -> Action:
    """Conquian action text (``use [8♠ 9♠ 10♠]``, ``pass``) as an action."""
    return Action.parse(text)


def action_text(action: Action, g: Game) -> str:
    """An action as text, its cards in the pack's sequence order."""
    return action.text(g.table)


def the(role: "Role | None") -> str:
    """``the dealer``, ``the pone``, ``the middle player`` ('' for nobody)."""
    return "" if role is None else role_words(role)


def state_words(g: Game, persons: "Persons | None" = None) -> str:
    """Where the deal stands, as a sentence: who has the say to which card, who must discard, how it ended.
    ``persons``: who is who (:class:`~conquian_site.persons.Persons`; the play page names the players and speaks to
    the reader), else each seat by its role."""
    p = persons or Persons(lambda seat: the(Role(seat)))
    actor, card = g.to_act, g.offer
    previous = Role(before(actor, g.players)) if actor is not None else None
    if g.phase is Phase.OVER:
        o = g.outcome
        if o.termination is Termination.WIN:
            return f"{p.name(o.winner, True)} {p.verb(o.winner, 'wins', 'win')}."
        if o.termination is Termination.TABLEAU:
            return "The stock is exhausted: the deal is a tie (a tableau)."
        return "A misdeal: the deal is void, and the same dealer deals again."
    if g.phase is Phase.EXCHANGE:
        chosen = sum(1 for c in g.snapshot().given if c)
        done = f"; {chosen} card{'s' if chosen != 1 else ''} chosen so far, face down" if chosen else ""
        return (f"Before play: {p.name(actor)} {p.verb(actor, 'chooses', 'choose')} a card to pass face down to "
                f"{p.name(after(actor, g.players))}{done}.")
    if g.phase is Phase.DISCARD:
        forced = f" ({p.he(actor)} {p.verb(actor, 'was', 'were')} forced)" if g.snapshot().forced else ""
        return f"{p.name(actor, True)} must discard{forced}."
    if g.phase is Phase.REFUSED:  # among three, the demand may be of another than the player before (see claim)
        claim = g.snapshot().claim
        target, decliner = (Role(claim[0]), Role(claim[1])) if claim else (previous, previous)
        if target != decliner:
            return (f"{p.name(target, True)} declined the {card}, though it fits {p.his(target)} meld, and "
                    f"{p.name(decliner)} passed it on; {p.name(actor)} may still demand that {p.name(target)} take it.")
        waived = f"; {p.name(previous)} did not demand it" if claim else ""
        return (f"{p.name(target, True)} declined the {card}, though it fits {p.his(target)} meld{waived}; "
                f"{p.name(actor)} may demand that {p.he(target)} take it.")
    origin = g.origin
    has = p.verb(actor, "has", "have")
    how = {
        Origin.TURNED_UP: f"The {card} was turned up at the deal; {p.name(actor)} {has} the first say to it.",
        Origin.DRAWN: f"{p.name(actor, True)} {has} turned up the {card} from the stock and {has} the say to it.",
        Origin.PASSED: f"{p.name(previous, True)} turned up the {card} and passed it; {p.name(actor)} {has} the say.",
        Origin.DISCARD: f"{p.name(previous, True)} discarded the {card}; {p.name(actor)} {has} the say to it.",
        Origin.DEMANDED: (f"{p.name(actor, True)} declined the {card} and {p.verb(actor, 'is', 'are')} made to take "
                          f"it: {p.he(actor)} must use it."),
    }
    return how[origin]


def deal_words(m: Match, dealer: str, points: int, ties: int = 0) -> str:
    """One deal of a match, in words: who dealt, how it ended, what was scored (and why, after a tie)."""
    r = m.results[-1]
    if r.outcome.termination is Termination.TABLEAU:
        return f"{dealer} deals; the deal is a tie (a tableau): nobody scores"
    if r.outcome.termination is Termination.MISDEAL:
        return f"{dealer} deals; a misdeal: nobody scores"
    unit = "point" if m.rules.scoring.value == "point" else "stake unit"
    unit += "" if points == 1 else "s"
    loser = [p for p in m.players if p != r.winner][0]
    paid = f", paid by {loser}" if m.rules.scoring.value != "point" else ""
    why = ""
    if ties and m.rules.tableau_stake.value == "carried":
        why = f" (1 for this game, {ties} carried from the tied game{'s' if ties > 1 else ''})"
    elif ties and m.rules.tableau_stake.value == "doubled-once":
        why = " (the game counts double" + (f", once for the {ties} tied games" if ties > 1 else "") + ")"
    elif ties:
        why = " (the game counts double" + (f" {ties} times over" if ties > 1 else "") + ")"
    return f"{dealer} deals; {r.winner} wins and scores {points} {unit}{paid}{why}"


def fact_words(answer, item: str) -> str:
    """One fact of the ``then`` column, as the engine has it, in words."""
    key, value = fact_value(answer, item)
    m, g = answer.match, answer.game
    if m is not None:
        if key == "score":
            unit = "point" if m.rules.scoring.value == "point" else "stake unit"
            n = m.scores[value]
            unit += "" if abs(n) == 1 else "s"
            return f"{value}: {n:+d} {unit}" if m.rules.scoring.value != "point" else f"{value}: {n} {unit}"
        if key == "deals":
            return f"{m.dealer} deals next"
        if key == "stop":
            return "the match may end here" if m.may_stop else "the next game must be played: the match may not end here"
        return item
    if key in ("offer", "to discard", "to give", "result"):
        return state_words(g)
    if key.startswith("holds "):
        who = key.split()[1]
        cards = f"{value if value else 'no'} card{'' if value == 1 else 's'}"  # "no cards", "1 card"
        return f"{cards} in the stock" if who == "stock" else f"{the(Role.parse(who))} holds {cards}"
    if key == "to act":
        return f"the {value} acts first" if not answer.steps else f"the {value} acts next"
    names = {"dealer hand": "the dealer's hand", "pone hand": "the pone's hand", "dealer melds": "the dealer's melds",
             "pone melds": "the pone's melds", "middle hand": "the middle player's hand",
             "middle melds": "the middle player's melds", "stock": "the stock", "out": "out of play",
             "turned down": "turned face down", "discard pile": "on the discard pile"}
    return f"{names.get(key, key)}: {value or 'nothing'}"


def fact_value(answer, item: str) -> tuple[str, Any]:
    """The engine's value for the key of one ``then`` item: ``("offer", "offer: 5♣ drawn by pone")``, ..."""
    m, g = answer.match, answer.game
    item = " ".join(item.split())
    if m is not None:
        if item in ("may stop", "must play on"):
            return "stop", ("may stop" if m.may_stop else "must play on")
        words = item.split()
        if len(words) == 2 and words[1] == "deals":
            return "deals", f"{m.dealer} deals"
        if len(words) == 2 and words[0] in m.players:
            return "score", words[0]
        raise ExpectationError(f"{item!r} is not a fact of a match ('Ana 2', 'Ben deals', 'may stop', 'must play on')")
    held = re.fullmatch(r"(dealer|pone|middle|stock) holds (\d+)", item.lower())
    if held:
        who = held.group(1)
        return "holds " + who, len(g.stock) if who == "stock" else len(g.hand(who))
    if item.lower().startswith("to act:"):
        return "to act", str(g.to_act)
    key, sep, _ = item.partition(":")
    key = " ".join(key.lower().split())
    if not sep or key not in GAME_FACTS:
        raise ExpectationError(f"{item!r} is not a fact of a deal: write a position line ('offer: 5♣ drawn by pone', "
                               f"'to discard: dealer', ...), 'turned down: …', 'discard pile: …', 'pone holds 10', "
                               f"'stock holds 19' or 'to act: pone'")
    if key == "turned down":
        return key, format_cards(g.turned_down)
    if key == "discard pile":
        return key, format_cards(g.discard_pile)
    if key in ("offer", "to discard", "to give", "result"):
        line = str(g).splitlines()[-1]
        return key, line
    line = next((ln for ln in str(g).splitlines() if ln.startswith(key + ":")), f"{key}: ")
    return key, line.split(":", 1)[1].strip()


def fact_matches(answer, item: str) -> tuple[bool, str]:
    """Whether one ``then`` item holds, and the engine's own version of it."""
    key, value = fact_value(answer, item)
    item = " ".join(item.split())
    m = answer.match
    if m is not None:
        if key == "score":
            name, number = item.split()
            actual = f"{name} {m.scores[name]}"
            return number.lstrip("+") == str(m.scores[name]), actual
        return item == value, value
    if key in ("offer", "to discard", "to give", "result"):
        return item == value, value
    if key.startswith("holds "):
        return int(item.split()[-1]) == value, f"{key.split()[1]} holds {value}"
    if key == "to act":
        return item.split(":", 1)[1].strip().lower() == value, f"to act: {value}"
    expected = item.split(":", 1)[1].strip()
    if key in ("turned down", "discard pile", "stock", "out", "dealer hand", "pone hand", "middle hand"):
        return cards_equal(expected, value), f"{key}: {value}"
    return " ".join(expected.split()) == value, f"{key}: {value}"

