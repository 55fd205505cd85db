"""The committed data files the statistics pages are drawn from (``docs/_data/``), read: a file missing, unreadable
or of another layout stops the build with a message that names it and the command that makes it."""

from __future__ import annotations

import json
from pathlib import Path

from sphinx.errors import ExtensionError

from conquian import DECLARATIONS

__all__ = ["read_data", "sources_named"]


def read_data(path: Path, make: str, schema: int, error: type = ExtensionError) -> tuple[dict, str]:
    """The file at ``path`` (made by ``make``, e.g. ``make stats``) as a JSON object of layout ``schema``, and how
    messages name it; ``error`` (an :class:`~sphinx.errors.ExtensionError`) raised otherwise."""
    where = f"{path} (made by '{make}')"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise error(f"{where}: missing; run '{make}'") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise error(f"{where}: unreadable: {exc}") from None
    if not isinstance(data, dict) or data.get("schema") != schema:
        raise error(f"{where}: layout {data.get('schema') if isinstance(data, dict) else '?'}, not {schema}; run "
                    f"'{make}' again")
    return data, where


def sources_named(blocks: dict, source: str) -> str:
    """A source's rule set as the statistics pages name it: the source and every other one that a data file's
    ``blocks`` (source -> its block) give as the same rules (``same_as``), by their short names: "Dutch, French"."""
    names = [source] + [s for s, b in blocks.items() if b.get("same_as") == source]
    return ", ".join(DECLARATIONS[s].short for s in names)
