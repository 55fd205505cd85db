"""What every game's rule set shares: its text (``ID(axis=value, ...)``), and the hook through which that text may
name a declared source.

A game's rule-set class (:class:`conquian.games.conquian.rules.RuleSet`, :class:`conquian.games.romme.rules.RommeRules`)
is a frozen dataclass of axes (:mod:`conquian.axes`) built on :class:`RuleSetText`.  The registry of declared sources
is not imported here: :mod:`conquian.registry` installs itself with :func:`use_registry`, so that rule-set text can
name a source and a game's refusal can cite the passage of the rule in force (:func:`cite`) without any game's module
importing the registry (which reads every game's declarations).
"""

from __future__ import annotations

import typing
from typing import Any

from .axes import RuleSetBase
from .errors import ConflictingRules, RuleError, UnknownVariant
from .text import shorten, word_key

__all__ = ["RuleSetText", "conflict_checks", "Registry", "use_registry", "preset", "source_rules", "cite", "parse_any", "MAX_RULE_TEXT",
           "split_rule_text", "rule_text"]


class RuleSetText(RuleSetBase):
    """What every game's rule set does with text: ``ID``, ``ID(axis=value, ...)`` or ``GAME(axis=value, ...)``.

    ``str`` writes the shortest form (a declared source's id, with only what differs from it); :meth:`parse` reads
    any of them back, a game's name giving that game's defaults.  A source of another game is refused:
    :func:`conquian.registry.parse_rules` reads the text of any game's rule set.

    >>> from conquian import RuleSet
    >>> RuleSet.parse('foster-1913(pack=spanish)').pack
    <Pack.SPANISH: 'spanish'>
    >>> str(RuleSet.parse('Foster_1913( pack = Spanish )'))
    'foster-1913(pack=spanish)'
    """

    GAME: str = ""

    def __str__(self) -> str:
        return rule_text(self, self.GAME)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"

    @classmethod
    def parse(cls, text):
        """Read rule-set text of this game; the inverse of ``str``."""
        if isinstance(text, cls):
            return text
        name, overrides, shown = split_rule_text(text)
        base = cls() if word_key(name) == cls.GAME else source_rules(name, cls, shown)
        return base.replace(**overrides)


# -- the registry hook: rule-set text may name a declared source ---------------------------------------
class Registry(typing.Protocol):
    """What rule-set text needs of the registry of sources."""

    def lookup(self, name: str) -> Any: ...
    def preset(self, source: str) -> Any: ...
    def cite(self, rules: Any, axis: str) -> str: ...
    def parse(self, text: str) -> Any: ...


_registry: "Registry | None" = None


def use_registry(registry: Registry) -> None:
    """Let rule-set text name sources: ``registry.lookup(name)`` and ``registry.preset(id)`` give their rule sets."""
    global _registry
    _registry = registry


def preset(source: "str | None") -> Any:
    """The declared rule set of a source id (of any game), or None: what ``str`` of a rule set compares against."""
    return _registry.preset(source) if source is not None and _registry else None


def cite(rules: Any, axis: str) -> str:
    """The rule in force on ``axis``, with its source's passage (see :func:`conquian.registry.cite`)."""
    if _registry is None:
        ax = next(a for a in type(rules).AXES if a.name == axis)
        return f"rule {axis} = {ax.format(getattr(rules, axis))}"
    return _registry.cite(rules, axis)


def parse_any(text: str) -> Any:
    """Rule-set text of any game read into its game's rule set (see :func:`conquian.registry.parse_rules`)."""
    if _registry is None:
        raise UnknownVariant(f"no registry of sources is loaded, so {shorten(str(text))!r} names nothing")
    return _registry.parse(text)


def source_rules(name: str, cls: type, shown: str) -> Any:
    """The declared rule set a name in rule-set text looks up; it must be one of ``cls`` (the game being read)."""
    if _registry is None:
        raise UnknownVariant(f"no registry of sources is loaded, so {shorten(name)!r} names nothing")
    base = _registry.lookup(name)
    if not isinstance(base, cls):
        raise RuleError(f"rule-set text {shown!r}: {shorten(name)!r} is a source of {type(base).GAME}, not of {cls.GAME}; "
                        f"conquian.registry.parse_rules reads the rules of any game")
    return base


#: The longest rule-set text read: every axis of the largest game written out with its longest value is about 630
#: characters; this leaves room for any spacing a person types, and is read in well under a millisecond.
MAX_RULE_TEXT = 10_000


def split_rule_text(text: str) -> tuple[str, dict[str, str], str]:
    """``ID(axis=value, ...)`` split into the id, the settings (axis -> value text) and the text as errors show it.

    Only the syntax is read here; which axes and values are valid is the rule-set class's business.
    """
    if not isinstance(text, str):
        raise TypeError(f"rule-set text must be a string, not {type(text).__name__}")
    if len(text) > MAX_RULE_TEXT:  # refused before anything is read, as positions and records are
        raise RuleError(f"rule-set text {shorten(text)!r} of {len(text):,} characters, more than any rule set's "
                        f"({MAX_RULE_TEXT:,} at most)")
    shown = shorten(text)
    t = text.strip()
    name, args = t, None
    if "(" in t:
        head, _, rest = t.partition("(")
        if not rest.endswith(")"):
            raise RuleError(f"rule-set text {shown!r}: '(' without a closing ')' at the end")
        name, args = head.strip(), rest[:-1]
        if "(" in args or ")" in args:
            raise RuleError(f"rule-set text {shown!r}: parentheses inside the settings")
    elif ")" in t:
        raise RuleError(f"rule-set text {shown!r}: ')' without '('")
    if not name or not all(ch.isascii() and (ch.isalnum() or ch in " ._-") for ch in name):
        raise RuleError(f"rule-set text {shown!r} is not of the form ID or ID(axis=value, ...): "
                        f"an id is ASCII letters, digits, '-', '_', '.' and spaces")
    overrides: dict[str, str] = {}
    if args is not None and args.strip():
        for i, part in enumerate(args.split(","), 1):
            key, sep, value = part.partition("=")
            key = key.strip()
            if not sep or not key:
                raise RuleError(f"rule-set text {shown!r}: setting {i} ({shorten(part.strip(), 30)!r}) "
                                f"is not axis=value")
            if key in overrides:
                raise RuleError(f"rule-set text {shown!r}: axis {shorten(key)!r} is set twice")
            overrides[key] = value.strip()
    return name, overrides, shown


def rule_text(rules: Any, game: str) -> str:
    """A rule set as text: its source and the axes it changes, else the full ``game(axis=value, ...)`` form."""
    axes = type(rules).AXES
    base = preset(rules.source)
    if base is not None and type(base) is type(rules):
        changed = [ax for ax in axes if getattr(base, ax.name) != getattr(rules, ax.name)]
        args = ", ".join(f"{ax.name}={ax.format(getattr(rules, ax.name))}" for ax in changed)
        return f"{rules.source}({args})" if args else rules.source
    return game + "(" + ", ".join(f"{ax.name}={ax.format(getattr(rules, ax.name))}" for ax in axes) + ")"


def conflict_checks(axes: dict, checks: list):
    """The decorator a game's rules module declares a conflict between two of its axes with.

    ``@conflict("min_set", "max_set", why)`` on a predicate of a rule set appends to ``checks`` a check that raises
    :class:`~conquian.errors.ConflictingRules` naming both axes with their values and ``why`` (text, or a function of
    the rule set giving it) when the predicate holds; ``axes`` maps the game's axis names to its axes.
    """
    def conflict(a: str, b: str, why):
        def decorator(predicate):
            def check(rules) -> None:
                if predicate(rules):
                    reason = why(rules) if callable(why) else why
                    raise ConflictingRules(f"{a}={axes[a].format(getattr(rules, a))} conflicts with "
                                           f"{b}={axes[b].format(getattr(rules, b))}: {reason}", (a, b))
            check.axes = (a, b)
            checks.append(check)
            return predicate
        return decorator
    return conflict
