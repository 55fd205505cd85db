"""Each module keeps its private names to itself: no module of the engine reads another's private fields.

A private name is one with a leading underscore (``_hands``), but not a dunder (``__dict__``) nor one of Python's
own protocol names with an underscore at both ends (``_value_`` of an enum).  A read of ``x._name`` is private to
``x``'s module unless ``x`` is ``self`` or ``cls`` (an object's own fields), ``super()``, or a class the module
itself defines; ``from m import _name`` takes a private name from another module, unless it imports a private
*module* of the package (``from . import _kernel``: the compiled part that this module alone wraps).  Each deal's
state is public (``game.state``) and owned once, so the moves and the words read it without such reads.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "conquian"


def _private(name: str) -> bool:
    return name.startswith("_") and not name.endswith("_")


def _bound_in(init: Path) -> set[str]:
    """The names a package's __init__ binds at its top level (so ``from . import x`` could mean one of them)."""
    if not init.is_file():
        return set()
    names = set()
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
    return names


def private_reads(path: Path, root: Path = ROOT) -> list[str]:
    """``file:line: what`` for every read of another module's private name in the module at ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    own_classes = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    found = []
    for node in ast.walk(tree):
        where = f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Attribute) and _private(node.attr):
            x = node.value
            if isinstance(x, ast.Name) and (x.id in ("self", "cls") or x.id in own_classes):
                continue
            if isinstance(x, ast.Call) and isinstance(x.func, ast.Name) and x.func.id == "super":
                continue
            found.append(f"{where}: reads {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom):
            package_itself = node.level and not node.module
            for alias in node.names:
                if not _private(alias.name):
                    continue
                if package_itself and alias.name not in _bound_in(path.parent / "__init__.py"):
                    continue  # a private submodule (a compiled extension), not a private name of another module
                found.append(f"{where}: imports {alias.name} from {'.' * node.level}{node.module or ''}")
    return found


def test_no_module_reads_another_modules_private_fields():
    found = [hit for path in sorted(PACKAGE.rglob("*.py")) for hit in private_reads(path)]
    assert not found, f"{len(found)} read(s) of another module's private names:\n" + "\n".join(found)


@pytest.mark.parametrize("source, hits", [
    ("def f(g):\n    return g._hands[0]\n", ["m.py:2: reads g._hands"]),
    ("from .game import _rules\n", ["m.py:1: imports _rules from .game"]),
    ("from . import _helper\n", ["m.py:1: imports _helper from ."]),  # bound in the package's __init__
    ("from . import _compiled\n", []),  # a private submodule
    ("class A:\n    def f(self, other):\n        return self._x, cls._y, A._z, super()._w, other.__dict__\n", []),
    ("import enum\nclass E(enum.Enum):\n    A = 1\nE.A._value_\n", []),
])
def test_the_check_finds_what_it_should(tmp_path, source, hits):
    (tmp_path / "__init__.py").write_text("_helper = 1\n", encoding="utf-8")
    module = tmp_path / "m.py"
    module.write_text(source, encoding="utf-8")
    assert private_reads(module, tmp_path) == hits
