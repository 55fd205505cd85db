"""A position (or a fresh deal, or a match) put to a rule set, and the engine's answer in words: pure functions,
no Sphinx.  ``{compare}`` and ``{position}`` render what this finds; the expectation a page writes is read and
checked by :mod:`conquian_site.expectation`.

A row's rules are a source id or rule-set text with a label (:func:`side_of`), of any game the engine plays:
``rummy-ch``, ``foster-1913(rearranging=free) as Foster, other reading``, ``romme-spielwiki(drawn_to_hand=false)``.
The scenario (:class:`Scenario`) is a position (text without its variant line), a fresh deal of the pack in order,
or a match between Ana and Ben (the last two for Conquian); :func:`run` plays the moves and collects what the
player to act may do and what he may not (with the engine's :class:`~conquian.errors.IllegalMove` taken apart).

Everything that differs between the games is picked by the game of the rule set (``type(rules).GAME``): how a
scenario starts (:meth:`Scenario.start`), and the module that reads actions and says where a deal stands and what
its facts are (:data:`WORDS`: each game's ``words``, from its folder in :mod:`conquian_site.games`, each with the
same functions).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from conquian import DECLARATIONS
from conquian.deal import Deal
from conquian.errors import ConquianError, IllegalMove, PositionError
from conquian.games import game_of as _game_of
from conquian.registry import parse_rules

from .facts import EMPTY, ExpectationError
from .games import SITE_GAMES

__all__ = ["Side", "Scenario", "Step", "Refusal", "Answer", "side_of", "run", "state_words", "fact_words",
           "fact_value", "fact_matches", "EMPTY", "ExpectationError", "WORDS", "game_of",
           "words_of", "parse_action", "action_text", "axis_in"]

#: Each game's words and facts: one module per game, with the same functions (see :mod:`conquian_site.games`).
WORDS: dict[str, ModuleType] = {name: site.words for name, site in SITE_GAMES.items()}


def game_of(rules: Any) -> str:
    """The name of the game a rule set (or a deal) is of, as :mod:`conquian.games` lists it."""
    return _game_of(rules).name


def words_of(rules: Any) -> ModuleType:
    return WORDS[game_of(rules)]


def axis_in(rules: Any, name: str):
    """The axis of that name in the rule set's game, or None where its game has none."""
    return next((ax for ax in type(rules).AXES if ax.name == name), None)


def parse_action(rules: Any, text: str):
    """Action text read as an action of the rule set's game."""
    return words_of(rules).parse_action(text)


def action_text(action: Any, g: Any) -> str:
    return words_of(g.rules).action_text(action, g)


def state_words(g: Any) -> str:
    """Where the deal stands, as a sentence (in the words of the game's module)."""
    return words_of(g.rules).state_words(g)


def fact_words(answer: "Answer", item: str) -> str:
    """One fact of the ``then`` column, as the engine has it, in words."""
    return words_of(answer.side.rules).fact_words(answer, item)


def fact_value(answer: "Answer", item: str) -> tuple[str, Any]:
    return words_of(answer.side.rules).fact_value(answer, item)


def fact_matches(answer: "Answer", item: str) -> tuple[bool, str]:
    """Whether one ``then`` item holds, and the engine's own version of it."""
    return words_of(answer.side.rules).fact_matches(answer, item)


# -- who plays: a source, or rule-set text with a label ------------------------------------------------------

@dataclass(frozen=True)
class Side:
    """One row's rules: as written, the reader's label, the rule set, the declared source it derives from."""

    key: str
    label: str
    rules: Any
    """A rule set of its game (:class:`~conquian.games.conquian.rules.RuleSet`, :class:`~conquian.games.romme.rules.RommeRules`)."""
    source: str | None
    plain: bool
    """The key is a declared source's id: the row shows that source's own ruling."""


def side_of(text: str) -> Side:
    """``rummy-ch``, ``foster-1913(pack=spanish)`` or ``foster-1913(rearranging=free) as Foster, other reading``."""
    rule_text, _, label = text.partition(" as ")
    rule_text = rule_text.strip()
    rules = parse_rules(rule_text)  # of any game; RuleError (or UnknownVariant) names what is wrong
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
                f"{axis_in(rules, k).title.lower()}: {axis_in(rules, k).words(v[1])}" for k, v in changed.items())
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

    def start(self, rules: Any):
        """The game (or match) under the rules; a :class:`ConquianError` if it cannot arise under them."""
        return words_of(rules).start(self, rules)


@dataclass(frozen=True)
class Step:
    """One move played (or one deal of a match), in notation and in words; ``who`` played it (``the dealer``,
    ``seat 1``, or for a match the dealer's name)."""

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
    game: "Deal | None" = None
    match: Any = None
    """A match (:class:`conquian.Match`), where the scenario is one."""
    may: list[tuple[Any, str]] = field(default_factory=list)
    """Every legal action of the player to act afterwards, with its words."""
    refusals: dict[Any, Refusal] = field(default_factory=dict)
    """The asked actions that are illegal afterwards."""

    @property
    def actor(self) -> Any:
        """The player to act afterwards (a :class:`~conquian.games.conquian.state.Role`, or a Rommé seat), None if none."""
        return self.game.to_act if self.game is not None else None

    @property
    def actor_words(self) -> str:
        """The player to act, in words: ``the dealer``, ``seat 1`` ('' for nobody)."""
        return words_of(self.side.rules).the(self.actor) if self.game is not None else ""


def run(scenario: Scenario, side: Side, play: "tuple[str, ...] | None" = None, ask: tuple[str, ...] = ()) -> Answer:
    """Put the scenario to one row's rules, play the moves, and collect what the player to act may and may not do."""
    answer = Answer(side)
    try:
        started = scenario.start(side.rules)
    except ConquianError as exc:
        answer.impossible = str(exc)
        return answer
    moves = scenario.play if play is None else play
    words = words_of(side.rules)
    if not isinstance(started, Deal):  # a match: the moves are deal results
        answer.match = started
        for n, result in enumerate(moves, 1):
            dealer, ties = started.dealer, started.ties
            try:
                points = started.add(result)
            except ConquianError as exc:
                answer.impossible = f"deal {n} ({result!r}): {exc}"
                return answer
            answer.steps.append(Step(dealer, result, words.deal_words(started, dealer, points, ties)))
        return answer
    g = answer.game = started
    for n, move in enumerate(moves, 1):
        who = words.the(g.to_act)
        try:
            if move.lower().startswith("report:"):
                if not hasattr(g, "report"):  # only a game whose deal takes reports has irregularities
                    raise PositionError(f"{_game_of(side.rules).title} has no irregularities to report: 'report:' "
                                        f"is no move under {side.rules}")
                what = move.split(":", 1)[1].strip()
                g.report(what)
                answer.steps.append(Step("", move, f"{what} is reported"))
                continue
            said = g.describe(move)
            g.play(move)
        except ConquianError as exc:
            answer.impossible = f"move {n} ({move!r}): {exc}"
            return answer
        answer.steps.append(Step(who, move, said))
    answer.may = [(a, g.describe(a)) for a in g.legal_actions()]
    legal = {a for a, _ in answer.may}
    for text in ask:
        action = words.parse_action(text)
        if action in legal:
            continue
        try:
            g.copy().play(action)
        except IllegalMove as exc:
            answer.refusals[action] = Refusal(words.action_text(action, g), exc.words, exc.reason, exc.axis, exc.rule)
    return answer
