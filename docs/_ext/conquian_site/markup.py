"""The site's directive markup, read once: the fenced blocks of a MyST page, and what a ``{position}`` body holds.

The extension, the test collector (``conftest.py``) and the site's tests all read a page's blocks through
:func:`blocks`, so that the three never disagree on where a block starts, what its options are, or on which line
an error is.  The scan goes line by line with string methods (no regular expression that could backtrack on a
hostile page):

* a fence is three or more backticks or colons, indented by at most three spaces, followed by ``{name}`` and the
  directive's argument (a directive) or by anything else (a plain code block, e.g. ```` ```python ````);
* a block ends at a line holding only the same fence character, at least as many times as it opened with;
* a directive's body is read for nested blocks (a ``{verdict}`` holds ``{compare}`` blocks, a ``{source-tab}`` holds
  a ``{python}``); a plain code block's body is literal text, never read for blocks;
* a directive's options are the ``:key: value`` lines at the top of its body.
"""

from __future__ import annotations

from dataclasses import dataclass, field
__all__ = ["Block", "blocks", "split_variant"]

FENCE_CHARS = "`:"


@dataclass(frozen=True)
class Block:
    """One fenced block of a page.  Lines are the page's (from 1); ``start``/``end`` are offsets in the page text,
    from the opening fence to the end of the closing fence's line (or of the page, when the block is unclosed)."""

    name: str                #: the directive's name, ``""`` for a plain code block
    argument: str            #: what follows ``{name}`` on the opening line (stripped)
    options: dict[str, str] = field(hash=False)
    line: int                #: the opening fence's line
    body_line: int           #: the line of the body's first line (after the options and blank lines)
    start: int
    end: int
    body_start: int          #: the offsets of the body in the page text
    body_end: int
    fence: str               #: the opening fence (``````` ``` ``````` or ``::::``...)
    depth: int = 0           #: how many blocks hold this one
    closed: bool = True      #: False when the page ended before the closing fence
    page: str = field(default="", repr=False, compare=False)

    @property
    def body(self) -> str:
        return self.page[self.body_start:self.body_end]

    @property
    def body_lines(self) -> list[str]:
        return self.body.split("\n") if self.body_end > self.body_start else []

    def children(self) -> list["Block"]:
        """The blocks directly inside this one (none inside a plain code block)."""
        return [b for b in blocks(self.page) if b.depth == self.depth + 1
                and self.body_start <= b.start and b.end <= self.body_end]


def _fence(line: str) -> tuple[str, str] | None:
    """``(fence, rest)`` when the line opens or closes a fence, else None."""
    stripped = line.lstrip(" ")
    if len(line) - len(stripped) > 3 or not stripped or stripped[0] not in FENCE_CHARS:
        return None
    ch = stripped[0]
    n = len(stripped) - len(stripped.lstrip(ch))
    if n < 3:
        return None
    return stripped[:n], stripped[n:]


def _is_option(line: str) -> bool:
    s = line.strip()
    key, sep, _ = s[1:].partition(":")
    return s[:1] == ":" and bool(sep) and bool(key) and key.replace("-", "").replace("_", "").isalnum()


@dataclass
class _Open:
    """A block whose closing fence is not read yet."""

    fence: str
    name: str
    argument: str
    index: int                       # the opening line's index
    options: dict[str, str] = field(default_factory=dict)
    body: int | None = None          # the index of the body's first line, once known
    reading_options: bool = True


def blocks(text: str, name: str | None = None, *, nested: bool = True) -> list[Block]:
    """The fenced blocks of a page, in page order (outer before inner); only those named ``name`` if given;
    ``nested=False`` gives only the outermost blocks.  One pass over the lines, with a stack of open blocks."""
    starts, at = [], 0
    lines = text.split("\n")
    for line in lines:
        starts.append(at)
        at += len(line) + 1
    found: list[tuple[int, Block]] = []  # (opening index, block): sorted at the end into page order
    stack: list[_Open] = []

    def close(top: _Open, last: int, closed: bool) -> None:
        first = top.body if top.body is not None else last
        body_start = starts[first] if first < len(lines) else len(text)
        body_end = (starts[last] - 1 if closed else len(text)) if last > first else body_start
        end = starts[last] + len(lines[last]) if closed else len(text)
        found.append((top.index, Block(top.name, top.argument, top.options, top.index + 1, first + 1, starts[top.index],
                                       end, body_start, body_end, top.fence, len(stack), closed, text)))

    for i, line in enumerate(lines):
        fence = _fence(line)
        top = stack[-1] if stack else None
        if top is not None and fence and fence[0][0] == top.fence[0] and len(fence[0]) >= len(top.fence) \
                and not fence[1].strip():
            stack.pop()
            close(top, i, True)
            continue
        if top is not None and top.body is None:  # still in the options and the blank lines after them
            if top.name and top.reading_options and _is_option(line):
                key, _, value = line.strip()[1:].partition(":")
                top.options[key] = value.strip()
                continue
            top.reading_options = False
            if not line.strip():
                continue
            top.body = i
        if top is not None and not top.name:  # a plain code block: literal text
            continue
        if fence is None or (not fence[1].strip() and fence[0][0] == ":"):  # a bare ``:::`` opens nothing
            continue
        rest = fence[1].strip()
        directive, argument = "", rest
        if rest.startswith("{") and "}" in rest:
            directive, _, argument = rest[1:].partition("}")
            directive, argument = directive.strip(), argument.strip()
        stack.append(_Open(fence[0], directive, argument, i))
    while stack:
        top = stack.pop()
        close(top, len(lines), False)
    found.sort(key=lambda pair: pair[0])
    return [b for _, b in found if (name is None or b.name == name) and (nested or b.depth == 0)]


def split_variant(body: str) -> tuple[str | None, str]:
    """A ``{position}`` body's ``variant:`` value (None if it has none) and the position text without that line."""
    variant, kept = None, []
    for line in body.split("\n"):
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() == "variant":
            if variant is None:
                variant = value.strip()
            continue
        kept.append(line)
    return variant, "\n".join(kept)
