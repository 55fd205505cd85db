"""A position (or a fresh deal, or a match) put to a rule set, and the engine's answer in words: pure functions,
no Sphinx.  ``{compare}`` and ``{position}`` render what this finds; the expectation a page writes is read and
checked by :mod:`conquian_site.expectation`.

A row's rules are a source id or rule-set text with a label (:func:`side_of`): ``rummy-ch``,
``foster-1913(rearranging=free) as Foster, other reading``.  The scenario (:class:`Scenario`) is a position
(text without its variant line), a fresh deal of the pack in order, or a match between Ana and Ben; :func:`run`
plays the moves and collects what the player to act may do and what he may not (with the engine's
:class:`~conquian.errors.IllegalMove` taken apart), and :func:`fact_words` says any fact of the result in words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from conquian import DECLARATIONS, Game, Match, position
from conquian.actions import Action
from conquian.cards import format_cards
from conquian.errors import ConquianError, IllegalMove
from conquian.notation import KEYS
from conquian.rules import AXIS_BY_NAME, RuleSet
from conquian.state import Origin, Phase, Role, Termination

__all__ = ["Side", "Scenario", "Step", "Refusal", "Answer", "side_of", "run", "state_words", "deal_words",
           "fact_words", "fact_value", "fact_matches", "strip_variant", "PLAYERS", "EMPTY", "ExpectationError"]

PLAYERS = ("Ana", "Ben")
EMPTY = ("", "—", "-", "nothing", "none")
_GAME_FACTS = tuple(k for k in KEYS if k != "variant") + ("turned down", "discard pile")


class ExpectationError(ValueError):
    """An expectation table that cannot be read: the message says what is wrong, ``line`` (0-based) where."""

    def __init__(self, message: str, line: int = 0):
        super().__init__(message)
        self.line = line


# -- who plays: a source, or rule-set text with a label ------------------------------------------------------

@dataclass(frozen=True)
class Side:
    """One row's rules: as written, the reader's label, the rule set, the declared source it derives from."""

    key: str
    label: str
    rules: RuleSet
    source: str | None
    plain: bool
    """The key is a declared source's id: the row shows that source's own ruling."""


def side_of(text: str) -> Side:
    """``rummy-ch``, ``foster-1913(pack=spanish)`` or ``foster-1913(rearranging=free) as Foster, other reading``."""
    rule_text, _, label = text.partition(" as ")
    rule_text = rule_text.strip()
    rules = RuleSet.parse(rule_text)  # RuleError names what is wrong
    source = rules.source
    plain = source is not None and rule_text == source
    if not label.strip():
        decl = DECLARATIONS.get(source) if source else None
        if decl is None:
            label = rule_text
        elif plain:
            label = decl.short
        else:
            changed = decl.rules.differences(rules)
            label = decl.short + ", with " + "; ".join(
                f"{AXIS_BY_NAME[k].title.lower()}: {AXIS_BY_NAME[k].words(v[1])}" for k, v in changed.items())
    return Side(rule_text, label.strip(), rules, source, plain)


# -- the scenario ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Scenario:
    """What is put to every row: a position (text without its variant line), a fresh deal, or a match."""

    position: str = ""
    deal: int | None = None
    """A fresh deal of each rule set's pack in order, cut this many cards from the top."""
    match: bool = False
    """A match between Ana and Ben, Ana dealing first; the moves are deal results."""
    play: tuple[str, ...] = ()
    ask: tuple[str, ...] = ()

    def start(self, rules: RuleSet) -> "Game | Match":
        """The game (or match) under the rules; a :class:`ConquianError` if it cannot arise under them."""
        if self.match:
            return Match(rules, players=PLAYERS, first_dealer=PLAYERS[0])
        if self.deal is not None:
            return Game(rules, pack=rules.deck, cut=self.deal)
        return position(f"variant: {rules}\n{strip_variant(self.position)}")


def strip_variant(text: str) -> str:
    """Position text without its ``variant:`` line."""
    return "\n".join(line for line in text.splitlines() if not re.match(r"\s*variant\s*:", line, re.I))


@dataclass(frozen=True)
class Step:
    """One move played (or one deal of a match), in notation and in words."""

    who: str
    text: str
    words: str


@dataclass(frozen=True)
class Refusal:
    """An illegal action and why: the engine's :class:`~conquian.errors.IllegalMove`, taken apart."""

    text: str
    words: str
    reason: str
    axis: str | None
    rule: str


@dataclass
class Answer:
    """What the engine answers for one row."""

    side: Side
    impossible: str = ""
    """Why the scenario cannot arise under these rules, or why a move of the play is illegal ('' if it can)."""
    steps: list[Step] = field(default_factory=list)
    game: Game | None = None
    match: Match | None = None
    may: list[tuple[Action, str]] = field(default_factory=list)
    """Every legal action of the player to act afterwards, with its words."""
    refusals: dict[Action, Refusal] = field(default_factory=dict)
    """The asked actions that are illegal afterwards."""

    @property
    def actor(self) -> Role | None:
        return self.game.to_act if self.game is not None else None


def run(scenario: Scenario, side: Side, play: "tuple[str, ...] | None" = None, ask: tuple[str, ...] = ()) -> Answer:
    """Put the scenario to one row's rules, play the moves, and collect what the player to act may and may not do."""
    answer = Answer(side)
    try:
        started = scenario.start(side.rules)
    except ConquianError as exc:
        answer.impossible = str(exc)
        return answer
    moves = scenario.play if play is None else play
    if isinstance(started, Match):
        answer.match = started
        for n, result in enumerate(moves, 1):
            dealer, ties = started.dealer, started.ties
            try:
                points = started.add(result)
            except ConquianError as exc:
                answer.impossible = f"deal {n} ({result!r}): {exc}"
                return answer
            answer.steps.append(Step(dealer, result, deal_words(started, dealer, points, ties)))
        return answer
    g = answer.game = started
    for n, move in enumerate(moves, 1):
        who = str(g.to_act) if g.to_act is not None else ""
        try:
            if move.lower().startswith("report:"):
                what = move.split(":", 1)[1].strip()
                g.report(what)
                answer.steps.append(Step("", move, f"{what} is reported"))
                continue
            words = g.describe(move)
            g.play(move)
        except ConquianError as exc:
            answer.impossible = f"move {n} ({move!r}): {exc}"
            return answer
        answer.steps.append(Step(who, move, words))
    answer.may = [(a, g.describe(a)) for a in g.legal_actions()]
    legal = {a for a, _ in answer.may}
    for text in ask:
        action = Action.parse(text)
        if action in legal:
            continue
        try:
            g.copy().play(action)
        except IllegalMove as exc:
            answer.refusals[action] = Refusal(action.text(g.table), exc.words, exc.reason, exc.axis, exc.rule)
    return answer


# -- words -----------------------------------------------------------------------------------------------------

def the(role: "Role | None") -> str:
    return f"the {role}" if role is not None else ""


def state_words(g: Game) -> str:
    """Where the deal stands, as a sentence: who has the say to which card, who must discard, how it ended."""
    actor, card = g.to_act, g.offer
    if g.phase is Phase.OVER:
        o = g.outcome
        if o.termination is Termination.WIN:
            return f"{the(o.winner).capitalize()} wins."
        if o.termination is Termination.TABLEAU:
            return "The stock is exhausted: the deal is a tie (a tableau)."
        return "A misdeal: the deal is void, and the same dealer deals again."
    if g.phase is Phase.DISCARD:
        forced = " (he was forced)" if g.snapshot().forced else ""
        return f"{the(actor).capitalize()} must discard{forced}."
    if g.phase is Phase.REFUSED:
        return (f"{the(actor.other).capitalize()} declined the {card}, though it fits his meld; "
                f"{the(actor)} may demand that he take it.")
    origin = g.origin
    how = {
        Origin.TURNED_UP: f"The {card} was turned up at the deal; {the(actor)} has the first say to it.",
        Origin.DRAWN: f"{the(actor).capitalize()} has drawn the {card} from the stock and has the say to it.",
        Origin.PASSED: f"{the(actor.other).capitalize()} drew the {card} and passed it; {the(actor)} has the say.",
        Origin.DISCARD: f"{the(actor.other).capitalize()} discarded the {card}; {the(actor)} has the say to it.",
        Origin.DEMANDED: f"{the(actor).capitalize()} declined the {card} and is made to take it: he must use it.",
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
    elif ties:
        why = " (the game counts double" + (f" {ties} times over" if ties > 1 else "") + ")"
    return f"{dealer} deals; {r.winner} wins and scores {points} {unit}{paid}{why}"


def fact_words(answer: Answer, item: str) -> str:
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
    if key in ("offer", "to discard", "result"):
        return state_words(g)
    if key.startswith("holds "):
        who = key.split()[1]
        return f"{value} cards in the stock" if who == "stock" else f"the {who} holds {value} cards"
    if key == "to act":
        return f"the {value} acts first" if not answer.steps else f"the {value} acts next"
    names = {"dealer hand": "the dealer's hand", "pone hand": "the pone's hand", "dealer melds": "the dealer's melds",
             "pone melds": "the pone's melds", "stock": "the stock", "out": "out of play",
             "turned down": "turned face down", "discard pile": "on the discard pile"}
    return f"{names.get(key, key)}: {value or 'nothing'}"


def fact_value(answer: Answer, item: str) -> tuple[str, Any]:
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
    held = re.fullmatch(r"(dealer|pone|stock) holds (\d+)", item.lower())
    if held:
        who = held.group(1)
        return "holds " + who, len(g.stock) if who == "stock" else len(g.hand(who))
    if item.lower().startswith("to act:"):
        return "to act", str(g.to_act)
    key, sep, _ = item.partition(":")
    key = " ".join(key.lower().split())
    if not sep or key not in _GAME_FACTS:
        raise ExpectationError(f"{item!r} is not a fact of a deal: write a position line ('offer: 5♣ drawn by pone', "
                               f"'to discard: dealer', ...), 'turned down: …', 'discard pile: …', 'pone holds 10', "
                               f"'stock holds 19' or 'to act: pone'")
    if key == "turned down":
        return key, format_cards(g.turned_down)
    if key == "discard pile":
        return key, format_cards(g.discard_pile)
    if key in ("offer", "to discard", "result"):
        line = str(g).splitlines()[-1]
        return key, line
    line = next((ln for ln in str(g).splitlines() if ln.startswith(key + ":")), f"{key}: ")
    return key, line.split(":", 1)[1].strip()


def fact_matches(answer: Answer, item: str) -> tuple[bool, str]:
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
    if key in ("offer", "to discard", "result"):
        return item == value, value
    if key.startswith("holds "):
        return int(item.split()[-1]) == value, f"{key.split()[1]} holds {value}"
    if key == "to act":
        return item.split(":", 1)[1].strip().lower() == value, f"to act: {value}"
    expected = item.split(":", 1)[1].strip()
    if key in ("turned down", "discard pile", "stock", "out", "dealer hand", "pone hand"):
        return _cards_equal(expected, value), f"{key}: {value}"
    return " ".join(expected.split()) == value, f"{key}: {value}"


def _cards_equal(a: str, b: str) -> bool:
    norm = lambda s: sorted(s.replace("[", " ").replace("]", " ").split()) if s.lower() not in EMPTY else []
    return norm(a) == norm(b)
