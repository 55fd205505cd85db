"""Reading the play page's requests: the numbers and texts of a JSON request, each checked and refused with a
clear message (see :func:`conquian_site.playroom.handle`).  Pure: the worker runs it in Pyodide."""

from __future__ import annotations

from conquian.errors import ConquianError
from conquian.text import shorten

__all__ = ["MAX_ERROR", "MAX_NUMBER_DIGITS", "json_int", "shown", "text", "whole"]

#: The longest message an answer carries: a refusal, a reason, never the whole of what was sent.
MAX_ERROR = 300
#: The most digits a JSON number of a request may have: a seed, the largest number asked for, is below 2**64.
MAX_NUMBER_DIGITS = len(str(2 ** 64 - 1))


class LongNumber:
    """A JSON number with more digits than any field takes, kept as its length: converting it whole would be slow
    and, past 4,300 digits, a ``ValueError`` of CPython's own (its limit on converting text to integers)."""

    __slots__ = ("digits",)

    def __init__(self, digits: int):
        self.digits = digits

    def __repr__(self) -> str:
        return f"a number of {self.digits:,} digits"


def json_int(text: str) -> "int | LongNumber":
    digits = len(text) - text.startswith("-")
    return int(text) if digits <= MAX_NUMBER_DIGITS else LongNumber(digits)


def shown(value) -> str:
    """A value of a request in an error message: short, whatever was sent."""
    if isinstance(value, LongNumber):
        return repr(value)
    kind = {str: "text", bool: "true or false", type(None): "null", list: "a list", dict: "an object",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)
    return f"{kind} {shorten(repr(value), 40)}" if isinstance(value, (str, int, float)) and not isinstance(value, bool) \
        else kind


def text(req: dict, key: str, default: str = "") -> str:
    value = req.get(key)
    if value is None:
        return default
    if not isinstance(value, str):
        raise ConquianError(f"{key} must be text, not {shown(value)}")
    return value


def whole(value, name: str) -> int:
    """A whole number given as a JSON number or as text in ASCII digits, of at most :data:`MAX_NUMBER_DIGITS`
    digits (a seed may be up to 2**64 - 1): not a bool, a fraction, ``'１'`` or ``'1_0'`` (which ``int()`` would
    take); a longer one is refused by its length, never converted."""
    if type(value) is int:
        return value  # at most MAX_NUMBER_DIGITS digits: longer ones were read as LongNumber
    text = value.strip(" ") if isinstance(value, str) else ""
    digits = text[1:] if text.startswith("-") else text
    if not 0 < len(digits) <= MAX_NUMBER_DIGITS or not digits.isascii() or not digits.isdigit():
        raise ConquianError(f"{name} must be a whole number of at most {MAX_NUMBER_DIGITS} digits, not {shown(value)}")
    return int(text)
