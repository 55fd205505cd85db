"""The playroom: what the reader's browser asks of the engine, in Python, answered as plain values (JSON).

The site's Web Worker (``cq-worker.js``) runs this module in Pyodide, with the engine and the declarations packed
from this checkout (:mod:`conquian_site.browser`); the same module runs under CPython in the tests.  It is pure:
no docutils, no Sphinx.  One :class:`Room` holds one deal:

- :meth:`Room.deal` starts a match against the computer from rule-set text and a seed (Rommé: 2 to 6 players),
  the reader in one seat, the computer at a level of :mod:`conquian_site.playlevels` in every other;
  :meth:`Room.again` deals the match's next deal, the score kept by :mod:`conquian_site.playscore`;
- :meth:`Room.back` takes back the reader's last move and the computer's reply; :meth:`Room.hint` says what the
  strong player would do;
- :meth:`Room.position` starts from a position's text (the "Try it" button), under its own rules or another
  source's or reading's: the reader plays the seat to act, the computer answers for the others;
- :meth:`Room.view` is the table drawn as HTML (the ``{position}`` diagram's drawing), the legal moves in
  words, where the deal stands and, once it is over, the result;
- :meth:`Room.play` plays the reader's move, then the computer's until the reader is to act again;
- :meth:`Room.why` explains a move that is refused: the reason, the rule and the passage of the source;
- :meth:`Room.record` is the deal as record text, which the engine reads back (``Game.from_record``).

:func:`handle` is the one entry point of the worker: a JSON request in, a JSON answer out; bad input is an
answer with ``error`` (the :class:`~conquian.errors.ConquianError`'s message), never an exception.
"""

from __future__ import annotations

import json
import re
from html import escape

from conquian import DECLARATIONS
from conquian.errors import ConquianError, IllegalMove
from conquian.games import HOME, RULE_SETS, axes_of_game, game_of
from conquian.registry import parse_rules
from conquian.text import shorten

from .drawing import players_from_one, words_html
from .games import site_game
from .playlevels import computer, hint, reason
from . import playjson
from .playjson import MAX_ERROR, shown
from .persons import Persons
from .playscore import Score

__all__ = ["Room", "choices", "handle"]

_VARIANT_LINE = re.compile(r"^[ \t]*variant[ \t]*:.*$", re.MULTILINE | re.IGNORECASE)
_STOCK_OR_OUT = re.compile(r"^[ \t]*(?:stock|out)[ \t]*:.*$", re.MULTILINE | re.IGNORECASE)
#: The home game's axes by name: each has a ruling page (other games' own axes have none).
_RULED = {ax.name: ax for ax in axes_of_game(HOME)}


def choices() -> list[dict]:
    """Every declared source and each of its other readings, as rule-set text with a label and its game.

    >>> [c["label"] for c in choices()][:2]
    ['Foster 1913', 'Foster 1913, other reading: hand cards laid out with a card: any']
    """
    if not _CHOICES:
        _CHOICES.extend(_choices())
    return [dict(c) for c in _CHOICES]


_CHOICES: list[dict] = []


def _choices() -> list[dict]:
    out = []
    for d in DECLARATIONS.values():
        out.append({"rules": d.id, "label": d.short, "game": d.game})
        axes = {ax.name: ax for ax in RULE_SETS[d.game].AXES}
        for name, entry in d.entries.items():
            for r in entry.other_readings:
                value = axes[name].format(r.value)
                text = f"{d.id}({name}={value})"
                try:
                    parse_rules(text)
                except ConquianError:  # a reading that conflicts with the source's other values is no rule set
                    continue
                ax = axes[name]  # the label in a reader's words: the rule's title and the value's words
                # a reading whose passage is in the source's own list of variations (pagat's) is called by its word
                kind = ("variation" if any("variations" in ev.locator.lower() for ev in entry.passages_for(r.value))
                        else "other reading")
                out.append({"rules": text, "label": f"{d.short}, {kind}: {ax.title.lower()}: {ax.words(r.value)}",
                            "game": d.game})
    return out


def _label(rules) -> str:
    d = DECLARATIONS.get(rules.source) if rules.source else None
    if d is not None and str(rules) == d.id:
        return d.short
    return next((c["label"] for c in choices() if c["rules"] == str(rules)), str(rules))


class Room:
    """One deal at the reader's table (see the module's description)."""

    def __init__(self):
        self.game = None
        self.reader = 0
        self.mode = "deal"
        self.log: list[str] = []
        self.level = "easy"
        self.score: "Score | None" = None
        self.names: tuple = ()  # in a match, who sits where in this deal
        self.saved: list = []  # (deal, log) before each of the reader's moves in this deal: what "Take back" restores
        self.players: dict = {}  # seat -> the computer playing it in this deal

    # -- starting ----------------------------------------------------------------------------------------------
    def deal(self, rules: str, seed: int = 0, players: int = 2, seat: int = 1, level: str = "easy") -> dict:
        """A match's first deal from rule-set text and a seed; the reader plays ``seat`` (1: the pone in Conquian,
        the player after the dealer in Rommé; 0: the dealer), the computer at ``level`` every other."""
        r = parse_rules(rules)
        computer(level, 0)  # a level that is none is refused before anything changes
        game = self._new(r, seed, players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise ConquianError(f"a seat is a whole number from 0 to {game.players - 1} for {game.players} players, "
                                f"not {str(seat)[:40]!r}")
        self.level, self.score = level, Score(r, game.players, seat)
        return self._start(game, seat)

    def again(self, seed: int) -> dict:
        """The match's next deal: the reader's seat as the deal passed (the rules say how), the score kept."""
        g = self.game
        if g is None or self.score is None:
            raise ConquianError("no match has been started: deal first")
        if not g.is_over:
            raise ConquianError("this deal is not over yet")
        return self._start(self._new(g.rules, seed, g.players), self.score.seat())

    @staticmethod
    def _new(rules, seed: int, players: int):
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 64:
            raise ConquianError(f"a seed is a whole number from 0 to {2 ** 64 - 1}, not {str(seed)[:40]!r}")
        return game_of(rules).new_deal(rules, players, seed=seed)

    def _start(self, game, seat: int) -> dict:
        self.game, self.reader, self.mode, self.log, self.saved, self.players = game, seat, "deal", [], [], {}
        self.names = tuple(self.score.name(s) for s in range(game.players))  # before the score moves the deal on
        self._computer()
        return self.view()

    def position(self, text: str, rules: "str | None" = None, moves: str = "") -> dict:
        """A position's text, under its own rules or under ``rules`` (rule-set text of the same game), after the
        ``moves`` given (``;`` between them), as a ``{position}`` with ``:play:`` draws it."""
        if rules:
            text = _VARIANT_LINE.sub(lambda m: f"variant: {rules}", text, count=1)
        head = _VARIANT_LINE.search(text)
        if head is None:
            raise ConquianError("a position begins with a 'variant:' line naming its rules")
        g = game_of(parse_rules(head.group(0).split(":", 1)[1].strip())).deal.from_position(text)
        for n, move in enumerate((m.strip() for m in moves.split(";") if m.strip()), 1):
            try:
                g.play(move)
            except ConquianError as exc:
                raise ConquianError(f"move {n} of the position ({move[:40]!r}): {exc}") from None
        self.game, self.mode, self.log, self.saved, self.score, self.names = g, "position", [], [], None, ()
        self.players = {}
        self.reader = int(g.to_act) if g.to_act is not None else 0
        return self.view()

    # -- what the reader sees -------------------------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        role = site_game(self.game).seat_words(seat)
        if self.names:  # a match: the names the score uses ("Computer 1" with three or more)
            return f"{self.names[seat]} ({role})"
        return f"You ({role})" if seat == self.reader else f"The computer ({role})"

    def view(self) -> dict:
        g = self.game
        if g is None:
            raise ConquianError("no deal has been started")
        site, name = site_game(g), game_of(g).name
        seats = range(g.players)
        hidden = () if self.mode == "position" or g.is_over else tuple(s for s in seats if s != self.reader)
        # in a match the reader's seat is drawn at the bottom, next to his moves, whoever deals; a position ("Try
        # it") is drawn as the page's diagram of it is
        below = self.reader if self.mode == "deal" else None
        persons = self._persons() if self.mode == "deal" else None  # a position reads as the page's diagram does
        table = site.table_html(g, hidden, {s: self._name(s) for s in seats}, below, persons)
        state = site.words.state_words(g, persons)
        mine = not g.is_over and int(g.to_act) == self.reader
        moves = [{"text": g.action_text(a), "words": _cap(g.describe(a))} for a in g.legal_actions()] if mine else []
        for m in moves:
            m["html"] = words_html(m["words"])
        kind = "" if name == HOME else f" cq-{name}"  # the home game's table is the plain one
        # the table's own sentences too count players from one, as a page's drawing does ("Player 2 begins …")
        out = {"table": f'<div class="cq-position cq-play-table{kind}">{players_from_one(table)}</div>',
               "state": state, "state_html": words_html(state), "moves": moves, "over": g.is_over,
               "rules": str(g.rules), "label": _label(g.rules), "game": name,
               "reader": self.reader, "log": list(self.log), "log_html": [words_html(x) for x in self.log],
               "others": self._others() if mine else [], "level": self.level, "can_take_back": bool(self.saved)}
        if self.score is not None:
            out["score"] = self.score.words()
        if g.is_over:
            out["result"] = self._result()
        return out

    def _persons(self) -> Persons:
        """Who is who in a sentence of the deal: the players as the table names them, the reader spoken to ("you
        have the say")."""
        return Persons(site_game(self.game).seat_words, {s: self._who(s) for s in range(self.game.players)},
                       self.reader)

    def _result(self) -> str:
        """How the deal ended, every player named as the table names him ("You win.", "Computer 2 has gone out and
        wins. Penalty points: you 31 points …")."""
        return site_game(self.game).words.state_words(self.game, self._persons())

    def _who(self, seat: int) -> str:
        """Who sits at ``seat`` in this deal: "You", or the computer's name."""
        if seat == self.reader:
            return "You"
        return self.names[seat] if self.names else "The computer"

    def _others(self) -> list[dict]:
        """Moves the other sources and readings of this game allow here and these rules do not: each is refused
        here, and :meth:`why` says by which rule."""
        g = self.game
        mine = {m for m in self._texts(g)}
        game = game_of(g).name
        # The same hands, melds and card on offer under the other rules; the stock as the rest of their pack (its
        # order plays no part in what may be done now), the cards out of play left out (the other pack may lack them).
        text = _STOCK_OR_OUT.sub("", str(g)) + "\nstock: rest"
        found: dict[str, list[str]] = {}
        for c in choices():
            if c["game"] != game or c["rules"] == str(g.rules):
                continue
            try:
                other = type(g).from_position(
                    _VARIANT_LINE.sub(f"variant: {c['rules']}", text, count=1))
            except ConquianError:  # a pack the other rules do not use, say
                continue
            if other.to_act != g.to_act:
                continue
            for t in self._texts(other):
                if t not in mine:
                    found.setdefault(t, []).append(c["label"])
        out = []
        for t, labels in found.items():
            try:
                words = _cap(g.describe(t))
            except ConquianError:
                continue
            out.append({"text": t, "words": words, "html": words_html(words), "allowed_by": labels})
        return out

    @staticmethod
    def _texts(g) -> list[str]:
        return [g.action_text(a) for a in g.legal_actions()]

    # -- playing -------------------------------------------------------------------------------------------------
    def play(self, move: "int | str") -> dict:
        """The reader's move (its number in :meth:`view`'s list, or its text), then the computer's moves."""
        g = self.game
        if g is None:
            raise ConquianError("no deal has been started")
        if g.is_over:
            raise ConquianError(f"the deal is over ({g.outcome})")
        if int(g.to_act) != self.reader:
            raise ConquianError("it is the computer's turn, not yours")
        if isinstance(move, int) and not isinstance(move, bool):
            legal = g.legal_actions()
            if not 0 <= move < len(legal):
                raise ConquianError(f"move {move}: there are {len(legal)} legal moves, numbered from 0")
            move = legal[move]
        words = g.describe(move)
        before = (g.copy(), self.log)
        g.play(move)
        self.saved.append(before)
        self.log = [f"{self._name(self.reader)}: {words}"]
        self._computer()
        return self.view()

    def back(self) -> dict:
        """Take back the reader's last move and the computer's reply (not once the deal is over: it has counted)."""
        if self.game is None:
            raise ConquianError("no deal has been started")
        if self.game.is_over:
            raise ConquianError("the deal is over and has counted: deal again")
        if not self.saved:
            raise ConquianError("there is no move of yours to take back in this deal")
        self.game, self.log = self.saved.pop()
        return self.view()

    def hint(self) -> dict:
        """What the strong player would play in the reader's seat, in words (see :func:`playlevels.hint`)."""
        g = self.game
        if g is None or g.is_over or int(g.to_act) != self.reader:
            raise ConquianError("a hint is for your own move, in a deal going on")
        return hint(g)

    def _computer(self) -> None:
        g = self.game
        while not g.is_over and int(g.to_act) != self.reader:
            seat = int(g.to_act)
            # one player a seat for the deal: what it knew at its last move is carried on, not found again
            if seat not in self.players:
                self.players[seat] = computer(self.level, seat)
            player = self.players[seat]
            weighing = player.weigh(g) if hasattr(player, "weigh") else None
            a = weighing.chosen if weighing is not None else player.choose(g)
            why = reason(g, weighing) if weighing is not None else ""
            words = g.describe(a)
            g.play(a)
            self.log.append(f"{self._name(seat)}: {words}{why}")
        if g.is_over and self.score is not None:
            self.score.add(g.outcome)

    def why(self, move: str) -> dict:
        """Why a move is refused here: the reason, the rule in force and the source's passage (``legal`` if not)."""
        g = self.game
        if g is None:
            raise ConquianError("no deal has been started")
        try:
            g.copy().play(move)
        except IllegalMove as exc:
            out = {"legal": False, "move": exc.action, "words": _cap(exc.words), "reason": exc.reason,
                   "axis": exc.axis, "rule": _rule_words(g.rules, exc.axis) or exc.rule,
                   "ruling": _ruling_page(exc.axis)}
            out.update(_passage(g.rules, exc.axis))
            out["html"] = words_html(f"{out['words']}: refused, {exc.reason}.")
            return out
        return {"legal": True, "move": move, "words": _cap(g.describe(move))}

    def record(self) -> str:
        if self.game is None:
            raise ConquianError("no deal has been started")
        return self.game.record()


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rule_words(rules, axis: "str | None") -> str:
    """The rule in force, as the ruling pages write it: "Adding to the opponent's melds: never" (not the axis's
    name in the code)."""
    ax = next((a for a in type(rules).AXES if a.name == axis), None) if axis else None
    return f"{ax.title}: {ax.words(getattr(rules, ax.name))}" if ax is not None else ""


def _ruling_page(axis: "str | None") -> "str | None":
    """The ruling page of an axis of the home game (relative to the site's root); other games' own axes have none."""
    ax = _RULED.get(axis) if axis else None
    return f"rulings/{ax.slug}.html" if ax is not None else None


def _passage(rules, axis: "str | None") -> dict:
    """The passage of the rules' source behind the axis's value: its locator, its words and their English."""
    d = DECLARATIONS.get(rules.source) if rules.source else None
    entry = d.entries.get(axis) if d is not None and axis else None
    if entry is None or not entry.evidence or entry.value != getattr(rules, axis):
        return {}
    ev = entry.evidence[0]
    return {"source": d.short, "status": entry.status.value, "locator": ev.locator, "passage": ev.repaired,
            "english": ev.english, "source_page": f"sources/{d.id}.html"}


ROOM = Room()
#: One room per table of the page (a "Try it" under each position, the play page's deal), so that a move pressed in
#: one table is never played in the deal another table opened since; the oldest is let go past MAX_ROOMS.
ROOMS: dict[str, Room] = {"": ROOM}
MAX_ROOMS = 32


def _room(req: dict) -> Room:
    key = req.get("table", "")
    if isinstance(key, bool) or not isinstance(key, (str, int)):  # the page names its tables by number or text
        raise ConquianError(f"table must be a table's number or name, not {shown(key)}")
    key = str(key)[:40]
    room = ROOMS.pop(key, None) or (ROOM if key == "" else Room())
    ROOMS[key] = room
    while len(ROOMS) > MAX_ROOMS:
        del ROOMS[next(iter(ROOMS))]
    return room


def handle(request: str) -> str:
    """One request of the worker, as JSON: ``{"op": "deal", "rules": ..., "seed": ..., "players": ..., "seat": ...,
    "level": ...}``, ``{"op": "again", "seed": ...}``, ``{"op": "back"}``, ``{"op": "hint"}``,
    ``{"op": "position", "text": ..., "rules": ..., "play": ...}``, ``{"op": "play", "move": N}``, ``{"op": "why", "move":
    TEXT}``, ``{"op": "view"}``, ``{"op": "record"}`` or ``{"op": "choices"}``, each with the ``table`` it is for
    (one deal per table); the answer as JSON, with ``error`` for bad input (at most :data:`MAX_ERROR` characters)."""
    try:
        if not isinstance(request, str):
            raise TypeError(f"a request is JSON text, not {type(request).__name__}")
        # Numbers too long for any field are kept as their length, never converted (see playjson.LongNumber).
        req = json.loads(request, parse_int=playjson.json_int)
        if not isinstance(req, dict):
            raise ConquianError(f"unknown request: a request is a JSON object with an 'op', not {shown(req)}")
        op = req.get("op")
        room = _room(req)
        if op == "deal":
            out = room.deal(playjson.text(req, "rules"), playjson.whole(req.get("seed", 0), "seed"),
                            playjson.whole(req.get("players", 2), "players"), playjson.whole(req.get("seat", 1), "seat"),
                            playjson.text(req, "level", "easy"))
        elif op == "again":
            out = room.again(playjson.whole(req.get("seed", 0), "seed"))
        elif op == "back":
            out = room.back()
        elif op == "hint":
            out = room.hint()
        elif op == "position":
            out = room.position(playjson.text(req, "text"), playjson.text(req, "rules") or None,
                                playjson.text(req, "play"))
        elif op == "play":
            move = req.get("move")
            if isinstance(move, bool) or not isinstance(move, (int, str)):
                raise ConquianError(f"move must be a move's number or its text, not {shown(move)}")
            out = room.play(move)
        elif op == "why":
            out = room.why(playjson.text(req, "move"))
        elif op == "view":
            out = room.view()
        elif op == "record":
            out = {"record": room.record()}
        elif op == "choices":
            out = {"choices": choices()}
        else:
            raise ConquianError(f"unknown request {shorten(escape(op), 40)!r}" if isinstance(op, str)
                                else f"unknown request: its 'op' is text, not {shown(op)}")
    except ConquianError as exc:
        return _error(str(exc))
    except (TypeError, json.JSONDecodeError) as exc:
        return _error(f"a request the playroom cannot read: {shorten(str(exc), 200)}")
    except RecursionError:  # brackets nested thousands deep: the JSON reader gives up before we see the request
        return _error("a request the playroom cannot read: brackets nested too deeply")
    return json.dumps(out)


def _error(message: str) -> str:
    return json.dumps({"error": shorten(message, MAX_ERROR)})
