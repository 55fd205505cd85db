"""Helpers for the API reference (autodoc): short names in the engine's docstrings, private bases, type docstrings.

* A Python reference the engine's docstrings write short (``RuleSet``, ``RuleSetText.parse``, ``conquian.variant``)
  resolves to the one documented object of the ``conquian`` package it names; a name a module imports from another
  (``conquian.simulation.MAX_DECISIONS``, from :mod:`conquian.gametype`) resolves to where it is documented.
* A private base class (``conquian.games.conquian.rules._Choice``) shows as the public class it derives from.
* A module constant without a docstring of its own does not show its type's (``tuple``'s, ``dict``'s).
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.nodes import make_refnode


def resolve_short_names(app: Sphinx, env, node: nodes.Element, contnode: nodes.Node):
    """Resolve a Python reference the engine's docstrings write short (``RuleSet``, ``conquian.variant``).

    Only names of the ``conquian`` package, and only where exactly one documented object matches; where both
    games have the name (``Action``), the one beside the docstring's module (``conquian.games.conquian.game`` -> ``conquian.games.conquian.actions``,
    ``conquian.games.romme.game`` -> ``conquian.games.romme.actions``).
    """
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "").lstrip(".~")
    if not target or not (target.startswith("conquian.") or "." not in target or target[:1].isupper()):
        return None  # another package's name (``random.Random``) is intersphinx's
    objects = env.get_domain("py").objects
    if target in objects:
        return None
    head, _, name = target.rpartition(".")
    found = {full for full in objects if full.startswith("conquian.") and (
        full.endswith("." + target) or (head and full.startswith(head + ".") and full.endswith("." + name)))}
    if len(found) > 1:  # a name both games have (Action): the one in the package of the docstring's module
        package = (node.get("py:module") or "").rpartition(".")[0]
        found = {full for full in found if full.startswith(package + ".")
                 and "." not in full[len(package) + 1:].rpartition(".")[0]}
    if not found and (head + ".").startswith("conquian."):
        found = _reexported(objects, head, name)
    if len(found) != 1:
        return None
    full = found.pop()
    obj = objects[full]
    return make_refnode(app.builder, node["refdoc"], obj.docname, obj.node_id, contnode, full)


def _attribute(module: str, name: str) -> Any:
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return _MISSING


_MISSING = object()


def _reexported(objects: dict, head: str, name: str) -> set[str]:
    """Where a name that module ``head`` imports from another is documented: the documented ``conquian`` module
    constants, functions and classes of that name that are the very same object."""
    value = _attribute(head, name)
    if value is _MISSING:
        return set()
    return {full for full in objects if full.startswith("conquian.") and full.rpartition(".")[2] == name
            and _attribute(full.rpartition(".")[0], name) is value}


def drop_type_docstrings(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """A module constant without a docstring of its own must not show its type's (``tuple``'s, ``dict``'s)."""
    if what not in ("data", "attribute") or not lines:
        return
    own = inspect.getdoc(type(obj)) or ""
    text = "\n".join(lines).strip()
    if own and text and (text == own.strip() or own.strip().startswith(text)):
        lines[:] = []


def public_bases(app: Sphinx, name: str, obj: Any, options: Any, bases: list) -> None:
    """Show a private base class (``conquian.games.conquian.rules._Choice``) as the public classes it derives from."""
    out = []
    for base in bases:
        while isinstance(base, type) and base.__name__.startswith("_") and base.__bases__:
            base = base.__bases__[0]
        out.append(base)
    bases[:] = out


def setup_api(app: Sphinx) -> None:
    app.connect("missing-reference", resolve_short_names)
    app.setup_extension("sphinx.ext.autodoc")  # for the two autodoc events below
    app.connect("autodoc-process-bases", public_bases)
    app.connect("autodoc-process-docstring", drop_type_docstrings)
