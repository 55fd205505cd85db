"""The registry of declared sources: where the files are, the sources in order, look-up by name, and citations.

The variants folder (``CONQUIAN_VARIANTS`` if set) is read on first use, not at import, so that no file in it can
make ``import conquian`` fail.  A file that cannot be read (not UTF-8, not TOML, a declaration the checks refuse,
a name another file already claims) is left out and remembered (:func:`problems`): asking for it by name raises
its :class:`~conquian.errors.DeclarationError`, naming the file and the problem, while the other sources keep
working.  Rule-set text can name a source through :func:`conquian.rulesets.use_registry`.
"""

from __future__ import annotations

import os
from abc import abstractmethod
from pathlib import Path
from typing import Iterator, Mapping

from .declarations import CREDIBILITY, Declaration, load_declaration
from .errors import DeclarationError, UnknownVariant
from .games import HOME, RULE_SETS
from .rulesets import RuleSetText as RuleSet, split_rule_text, use_registry
from .status import Status
from .text import normalise_id, shorten, word_key

__all__ = ["DECLARATIONS", "VARIANTS", "variant", "declaration", "cite", "variants_dir", "sources_dir",
           "normalise_id", "load_all", "load_folder", "problems", "VariantRegistry", "parse_rules", "sources"]


def variants_dir() -> Path:
    """The folder of declaration files: ``CONQUIAN_VARIANTS``, else inside the installed package, else ``variants/``."""
    env = os.environ.get("CONQUIAN_VARIANTS")
    if env:
        path = Path(env)
        if not path.is_dir():
            raise DeclarationError(f"CONQUIAN_VARIANTS={shorten(env)!r}: no such folder")
        return path
    inside = Path(__file__).resolve().parent / "variants"
    return inside if inside.is_dir() else Path(__file__).resolve().parent.parent / "variants"


def sources_dir() -> Path | None:
    """The folder of source texts (``../shared/sources`` beside a checkout), or None where it is absent."""
    env = os.environ.get("CONQUIAN_SOURCES")
    candidates = [Path(env)] if env else []
    root = Path(__file__).resolve().parent.parent
    candidates += [root.parent / "shared" / "sources", root / "shared" / "sources"]
    return next((c for c in candidates if c.is_dir()), None)


def load_all(folder: Path) -> dict[str, Declaration]:
    """Every declaration in a folder, the most authoritative first; the first file that cannot be read is an error."""
    found, broken = load_folder(folder)
    if broken:
        raise next(iter(broken.values()))
    return found


def load_folder(folder: Path) -> tuple[dict[str, Declaration], dict[Path, DeclarationError]]:
    """The declarations of a folder that can be read, the most authoritative first, and the error of each other file.

    A name (id or alias) claimed twice stays with the file that claims it first in file-name order; the other file is
    in error, naming both, and claims nothing.
    """
    loaded, broken = [], {}
    for path in sorted(folder.glob("*.toml")):
        try:
            loaded.append(load_declaration(path))
        except DeclarationError as exc:
            broken[path] = exc
    claimed: dict[str, Declaration] = {}
    kept = []
    for d in loaded:
        clash = None
        for name in (d.id, *d.aliases):
            other = claimed.setdefault(normalise_id(name), d)
            if other is not d:
                clash = (name, other)
                break
        if clash is None:
            kept.append(d)
            continue
        name, other = clash
        broken[d.path] = DeclarationError(
            f"{d.path}: the name {name!r} is already claimed by {other.path} "
            f"(as its {'id' if normalise_id(other.id) == normalise_id(name) else 'alias'})")
        for n in (d.id, *d.aliases):  # a left-out file claims nothing
            if claimed.get(normalise_id(n)) is d:
                del claimed[normalise_id(n)]
    # Game by game (Conquian first, as conquian.games lists them); within a game primary sources first, then
    # secondary, translations, machine translations.
    games = list(RULE_SETS)
    kept.sort(key=lambda d: (games.index(d.game), CREDIBILITY.index(d.credibility), d.id))
    return {d.id: d for d in kept}, broken


class _Folder:
    """The variants folder, read once on first use: the declarations that load, and the error of every other file."""

    def __init__(self):
        self._found: "dict[str, Declaration] | None" = None
        self.broken: dict[Path, DeclarationError] = {}

    @property
    def found(self) -> dict[str, Declaration]:
        if self._found is None:
            self._found, self.broken = load_folder(variants_dir())
        return self._found

    def problem(self, name: str) -> "DeclarationError | None":
        """The error of the broken file ``name`` would have named (by its file name), if any."""
        key = normalise_id(name)
        self.found  # noqa: B018  (reads the folder)
        return next((e for path, e in self.broken.items() if normalise_id(path.stem) == key), None)


_FOLDER = _Folder()


def problems() -> dict[Path, DeclarationError]:
    """Each file of the variants folder that could not be read, with its error (empty when every file loads)."""
    _FOLDER.found  # noqa: B018  (reads the folder)
    return dict(_FOLDER.broken)


class _ReadOnFirstUse(Mapping):
    """A read-only mapping whose table is built from the variants folder on first use; a broken file's id raises that
    file's error."""

    @abstractmethod
    def _table(self) -> dict:
        """The table itself (read on first use)."""

    def __getitem__(self, key: str):
        table = self._table()
        if key not in table and isinstance(key, str) and (problem := _FOLDER.problem(key)) is not None:
            raise problem
        return table[key]

    def __contains__(self, key) -> bool:
        return key in self._table()

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())

    def __repr__(self) -> str:
        return repr(self._table())


class _Declarations(_ReadOnFirstUse, Mapping[str, Declaration]):
    """Source id to its declaration."""

    def _table(self) -> dict[str, Declaration]:
        return _FOLDER.found


class VariantRegistry(_ReadOnFirstUse, Mapping[str, RuleSet]):
    """Read-only mapping from source id to its rule set (of its game's rule-set class), the most authoritative first."""

    def __init__(self, declarations: Mapping[str, Declaration]):
        self._declarations = declarations
        self._cache: "tuple[dict, dict] | None" = None

    def _table(self) -> dict[str, RuleSet]:
        if self._cache is None:  # built on first use, when the declarations are read
            ds = self._declarations
            self._cache = ({k: d.rules for k, d in ds.items()},
                           {normalise_id(n): d.id for d in ds.values() for n in (d.id, *d.aliases)})
        return self._cache[0]

    def resolve(self, name: str) -> str:
        if not isinstance(name, str):
            raise TypeError(f"a variant name must be text, not {type(name).__name__}")
        rules = self._table()
        if len(name) > 200:  # no id or alias is longer than a line: a longer name is refused without being read through
            raise UnknownVariant(f"unknown variant {shorten(name)!r} ({len(name)} characters; a variant's name has at "
                                 f"most 200)")
        key = self._cache[1].get(normalise_id(name))
        if key is None:
            if (problem := _FOLDER.problem(name)) is not None:
                raise problem
            broken = "".join(f"; {p.name} could not be read" for p in problems())
            known = ", ".join(rules) or f"none: {variants_dir()} holds no declaration"
            raise UnknownVariant(f"unknown variant {shorten(name)!r}; known variants: {known}{broken}")
        return key

    # What rule-set text and the games need of the registry (see conquian.rulesets.use_registry).
    def lookup(self, name: str) -> RuleSet:
        return self._table()[self.resolve(name)]

    def preset(self, source: str) -> RuleSet | None:
        return self._table().get(source)

    def cite(self, rules: RuleSet, axis: str) -> str:
        return cite(rules, axis)

    def parse(self, text: str) -> RuleSet:
        return parse_rules(text)


DECLARATIONS: Mapping[str, Declaration] = _Declarations()
"""Source id to its :class:`~conquian.declarations.Declaration`, the most authoritative source first."""
VARIANTS: VariantRegistry = VariantRegistry(DECLARATIONS)
"""Source id to its rule set (a :class:`~conquian.games.conquian.rules.RuleSet` for Conquian), in the same order."""
use_registry(VARIANTS)


def variant(name: str) -> RuleSet:
    """The rule set of a declared source, looked up by id or alias, ignoring case, ``_`` and spaces.

    >>> variant('Rummy_CH') is VARIANTS['rummy-ch']
    True
    """
    return VARIANTS.lookup(name)


def sources(game: str = HOME) -> list[str]:
    """The ids of one game's declared sources, the most authoritative first.

    >>> from conquian.registry import sources
    >>> sources(), sources("romme")
    (['foster-1913', 'pagat-mexican', 'pagat-north-american', 'rummy-ch', 'dutch', 'french'],
     ['romme-spielwiki'])
    """
    if game not in RULE_SETS:
        raise UnknownVariant(f"unknown game {shorten(str(game))!r}; games: {', '.join(RULE_SETS)}")
    return [i for i, d in DECLARATIONS.items() if d.game == game]


def parse_rules(text):
    """Rule-set text of any game, read into that game's rule-set class.

    A source id (with settings) gives the rule set of the source's game; a game's name gives its full form:

    >>> parse_rules('romme-spielwiki(first_meld=30)').first_meld
    30
    >>> type(parse_rules('conquian(pack=spanish)')).__name__
    'RuleSet'
    """
    if isinstance(text, tuple(RULE_SETS.values())):
        return text
    name, _, _ = split_rule_text(text)
    cls = RULE_SETS.get(word_key(name))
    if cls is None:
        cls = type(VARIANTS.lookup(name))
    return cls.parse(text)


def declaration(name: str) -> Declaration:
    """The declaration (evidence and all) of a declared source."""
    return DECLARATIONS[VARIANTS.resolve(name)]


def cite(rules: RuleSet, axis: str) -> str:
    """``rule AXIS = VALUE: SOURCE (status), LOCATOR: “English rendering”`` for the rule set in force.

    A *silent* entry cites no passage: the text says nothing, so the citation gives this project's reading.
    """
    ax = next(a for a in type(rules).AXES if a.name == axis)
    value = ax.format(getattr(rules, axis))
    head = f"rule {axis} = {value}"
    decl = DECLARATIONS.get(rules.source) if rules.source else None
    if decl is None:
        return head
    entry = decl.entries.get(axis)
    if entry is None:
        return f"{head}: {decl.id} declares nothing here (the question does not arise under its own rules)"
    if entry.value != getattr(rules, axis):
        return f"{head}: an override; {decl.id} declares {ax.format(entry.value)}"
    if entry.status is Status.SILENT or not entry.evidence:
        note = entry.note.split(". ")[0].strip().rstrip(".")
        return f"{head}: {decl.id} (silent; this project's reading: {note})"
    ev = entry.evidence[0]
    english = ev.english if len(ev.english) <= 140 else ev.english[:137].rstrip() + "…"
    return f"{head}: {decl.id} ({entry.status.value}), {ev.locator}: “{english}”"
