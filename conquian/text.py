"""The lexical layer shared by every parser: words, names, whole numbers, lines and bracketed groups.

Every function here runs in time linear in its input and uses no regular expression, so no input can
make a parser hang.  Only ASCII letters are folded to lower case and only ASCII digits are read as digits:
a look-alike (the long s ``ſ``, the Kelvin sign, Arabic-Indic or superscript digits) is never silently
taken for a letter or a digit.
"""

from __future__ import annotations

from typing import Any, Iterator

__all__ = ["ascii_lower", "word_key", "normalise_id", "parse_int", "shorten", "split_groups", "key_lines",
           "leading_word", "MAX_DIGITS", "shown_number"]

_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_SEPARATORS = frozenset(" \t\r\n\f\v_-")
_KEY = str.maketrans({**_LOWER, **{ord(c): " " for c in _SEPARATORS}})  # lower case, and every separator a space
#: The longest whole number any text of this package holds (a cut, a rule value): nine digits.
MAX_DIGITS = 9


def ascii_lower(text: str) -> str:
    """Lower-case the ASCII letters only."""
    return text.translate(_LOWER)


def word_key(text: str) -> str:
    """A word or name as compared: ASCII lower case, runs of spaces, ``_`` and ``-`` as one ``-``, trimmed.

    >>> word_key('  Low_or High ')
    'low-or-high'
    """
    # str methods only, no loop over the characters: a megabyte of text is read in milliseconds
    return "-".join(filter(None, text.translate(_KEY).split(" ")))


normalise_id = word_key
"""A source id as looked up: ``'Foster 1913'``, ``'FOSTER_1913'`` -> ``'foster-1913'``."""


def parse_int(text: str) -> int | None:
    """A whole number written in ASCII digits (surrounding spaces allowed), or None.

    >>> parse_int(' 12 '), parse_int('²'), parse_int('1e3'), parse_int('9' * 5000)
    (12, None, None, None)
    """
    t = text.strip(" \t")
    if not t or len(t) > MAX_DIGITS or not t.isascii() or not t.isdigit():
        return None
    return int(t)


def shown_number(n: int) -> str:
    """A number for an error message: itself, or how many digits it has if that would not fit (Python will not
    even write out an int of more than 4300 digits).

    >>> shown_number(-12), shown_number(10 ** 5000), shown_number(-10 ** 12)
    ('-12', 'a number of about 5001 digits', 'a negative number of 13 digits')
    """
    sign = "negative " if n < 0 else ""
    if n.bit_length() <= 64:
        digits = len(str(abs(n)))
        return str(n) if digits <= MAX_DIGITS else f"a {sign}number of {digits} digits"
    digits = int(n.bit_length() * 0.30103) + 1  # log10(2): no conversion to text, which is slow for huge numbers
    return f"a {sign}number of about {digits} digits"


def shorten(text: str, limit: int = 60) -> str:
    """Text for an error message: at most ``limit`` characters, an ellipsis marking a cut.

    Messages quote it with ``!r``, which writes a control character or a lone surrogate as up to ten, so such a
    character counts for what ``repr`` makes of it:

    >>> shorten('abcdef', 4), shorten('\\x00' * 9, 10), len(repr(shorten('\\ud800' * 40, 30))) <= 32
    ('abc…', '\\x00\\x00…', True)
    >>> shorten('a card he has drawn into his hand and keep', 36)  # a cut inside a word ends at a space near it
    'a card he has drawn into his hand…'
    """
    if len(text) <= limit and text.isprintable() and "\\" not in text:
        return text
    widths = [1 if ch.isprintable() and ch != "\\" else len(repr(ch)) - 2 for ch in text[:limit + 1]]
    if len(text) <= limit and sum(widths) <= limit:
        return text
    n = width = 0
    while n < len(widths) and width + widths[n] <= limit - 1:
        width += widths[n]
        n += 1
    if 0 < n < len(text) and not text[n].isspace():  # cut in a word: end at the last space before it, if near
        space = text.rfind(" ", max(0, n - 20), n)
        if space > 0:
            n = space
    return text[:n].rstrip() + "…"


def split_groups(text: str) -> Iterator[tuple[str, bool, int]]:
    """Split ``'[5♥ 6♥ 7♥] [K♠ K♥ K♣] 8♦'`` into ``(content, bracketed, offset)`` pieces, in order.

    Bracketed pieces are the text between ``[`` and ``]``; the text between groups is yielded as
    unbracketed pieces (stripped; empty ones skipped).  Nested or unbalanced brackets raise ValueError
    with the offset of the culprit; callers turn it into their own error.
    """
    i, n = 0, len(text)
    start = 0
    while i < n:
        ch = text[i]
        if ch == "[":
            loose = text[start:i].strip()
            if loose:
                yield loose, False, start
            close = text.find("]", i + 1)
            if close < 0:
                raise ValueError(f"'[' at character {i + 1} is never closed")
            nested = text.find("[", i + 1, close)
            if nested >= 0:
                raise ValueError(f"'[' at character {nested + 1} opens inside a group")
            yield text[i + 1:close], True, i
            i = start = close + 1
            continue
        if ch == "]":
            raise ValueError(f"']' at character {i + 1} closes no group")
        i += 1
    loose = text[start:].strip()
    if loose:
        yield loose, False, start


def key_lines(text: str, keys, what: str, error: type[Exception], expected: str = "") -> dict[str, tuple[int, str]]:
    """``key: value`` lines (blank lines and ``#`` comments skipped) to ``{key: (line, value)}``.

    A key must be one of ``keys`` (compared in ASCII lower case, runs of spaces as one); a key given twice, or a
    line that is not ``key: value``, raises ``error`` naming ``what`` and the line.  ``expected`` says in the
    message which keys there are (by default, all of them).
    """
    fields: dict[str, tuple[int, str]] = {}
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key = " ".join(ascii_lower(key).split())
        if not sep or key not in keys:
            raise error(f"{what} line {n} ({shorten(line)!r}): expected 'key: value' with a key among: "
                        f"{expected or ', '.join(keys)}")
        if key in fields:
            raise error(f"{what} line {n}: {key!r} is given twice (first on line {fields[key][0]})")
        fields[key] = (n, value.strip())
    return fields


def leading_word(text: str, kinds: type, what: str, error: type[Exception]) -> tuple[Any, str, str]:
    """The first word of ``text`` as a member of the enum ``kinds`` (by value, ASCII lower case), the rest of the
    text, and the text shortened for messages; a word that is none of them raises ``error`` listing them."""
    shown = shorten(text.strip())
    word, _, rest = text.strip().partition(" ")
    try:
        kind = kinds(ascii_lower(word))
    except ValueError:
        raise error(f"{what} {shown!r}: {shorten(word, 20)!r} is not an {what}; {what}s: "
                    f"{', '.join(k.value for k in kinds)}") from None
    return kind, rest.strip(), shown
