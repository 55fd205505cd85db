"""What the records of every game share: the start (position text, or a pack with its settings), ``moves:``, the
moves one a line, the result.  Each game's notation reads the moves (:mod:`conquian.games.conquian.notation`,
:mod:`conquian.games.romme.notation`); the start and the layout are read and written here, once.
"""

from __future__ import annotations

from .errors import PositionError, RecordError
from .text import ascii_lower, parse_int, shorten

__all__ = ["split_record", "write_record", "EMPTY", "pile_text"]

#: What a position line may say for "no cards", in any game.
EMPTY = ("", "empty", "none", "-")


def _listed(words: tuple[str, ...]) -> str:
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


def split_record(text: str, pack_keys: tuple[str, ...], numbers: tuple[str, ...], optional: tuple[str, ...] = ()
                 ) -> tuple["str | None", dict, tuple[tuple[int, str], ...]]:
    """A record's start and body: ``(position text, {}, body)`` for a record that starts from a position, else
    ``(None, values, body)`` with the values of the ``pack_keys`` lines (those in ``numbers`` read as whole
    numbers, 0 when not given); the body is the lines after ``moves:`` with their line numbers.

    Every key of ``pack_keys`` but ``pack``, ``cut`` and those in ``optional`` must be given (an optional number not
    given is left out of the values).
    """
    if not isinstance(text, str):
        raise TypeError(f"a game record must be text, not {type(text).__name__}")
    lines = text.splitlines()
    split = next((i for i, line in enumerate(lines) if ascii_lower(line.strip()) == "moves:"), None)
    if split is None:
        raise RecordError("a game record needs a 'moves:' line after its start")
    head = lines[:split]
    keys: dict[str, tuple[int, str]] = {}
    for n, line in enumerate(head, 1):
        if line.strip() and not line.strip().startswith("#"):
            key, _, value = line.partition(":")
            key = " ".join(ascii_lower(key).split())
            if key in keys:
                raise RecordError(f"record line {n}: {key!r} is given twice (first on line {keys[key][0]})")
            keys[key] = (n, value.strip())
    body = tuple(enumerate(lines[split + 1:], split + 2))
    if "pack" not in keys:
        return "\n".join(head), {}, body
    extra = sorted(set(keys) - set(pack_keys))
    if extra:
        raise RecordError(f"a record that starts from a pack has only {_listed(pack_keys)} lines; "
                          f"not {', '.join(map(repr, extra))}")
    for key in pack_keys:
        if key not in ("pack", "cut") + optional and key not in keys:
            raise RecordError(f"a record that starts from a pack needs a '{key}:' line")
    values: dict = {key: keys[key][1] for key in pack_keys if key in keys}
    for key in numbers:
        if key in optional and key not in keys:
            continue  # an optional number not given is absent from the values, for the game to say what it means
        n, value = keys.get(key, (0, "0"))
        number = parse_int(value)
        if number is None:
            raise RecordError(f"record line {n}: '{key}:' must be a whole number in ASCII digits, not {shorten(value)!r}")
        values[key] = number
    return None, values, body


def write_record(start: str, moves, result, tail: str = "") -> str:
    """A record from its start, the moves as ``(who, action text)``, lines after the moves, and the result."""
    body = "".join(f"\n{who}: {action}" for who, action in moves) + tail
    end = f"\nresult: {result}" if result else ""
    return f"{start}\nmoves:{body}{end}\n"


def pile_text(line: int, key: str, value: str) -> tuple[str, bool]:
    """A position's pile line (the stock, the cards out, the discards) as its cards' text and whether it ends with
    ``rest`` (every card placed nowhere else); an empty line is ``("", False)``."""
    if ascii_lower(value) in EMPTY:
        return "", False
    words = value.split()
    rest = ascii_lower(words[-1]) == "rest"
    if any(ascii_lower(w) == "rest" for w in words[:-1]):
        raise PositionError(f"position line {line} ({key}): 'rest' may only come last")
    return " ".join(words[:-1] if rest else words), rest
