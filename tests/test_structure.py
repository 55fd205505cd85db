"""The shape of the code: modules a reader takes in at once, no import cycles, the public API and old texts kept."""

import ast
import importlib.metadata
import tomllib
from pathlib import Path

import conquian
from conquian import Game

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "conquian"
ENGINE = sorted(PACKAGE.rglob("*.py"))  # the subpackage conquian/romme included
SITE = sorted((ROOT / "docs" / "_ext").rglob("*.py"))
LIMIT = 450


def test_no_module_is_over_the_limit():
    long = {str(p.relative_to(ROOT)): n for p in ENGINE + SITE if (n := len(p.read_text(encoding="utf-8").splitlines())) > LIMIT}
    assert not long, f"modules over {LIMIT} lines: {long}"


def _name(path: Path) -> str:
    """A module's name within the package: ``cards``, ``romme.rules``, ``romme`` for the subpackage's __init__."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The package modules a module imports, anywhere in it (functions included), by their names in the package."""
    here = _name(path).split(".") if path.stem == "__init__" else _name(path).split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - (node.level - 1)]
                if node.module:
                    found.add(".".join(base + node.module.split(".")))
                else:
                    found.update(".".join(base + [a.name]) for a in node.names)
            elif node.module and node.module.startswith("conquian."):
                found.add(node.module.split(".", 1)[1])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".", 1)[1] for a in node.names if a.name.startswith("conquian."))
    return found


def test_the_engine_has_no_import_cycle_not_even_inside_functions():
    graph = {_name(p): _imports(p) - {_name(p)} for p in ENGINE if p.parent != PACKAGE or p.stem != "__init__"}
    graph = {m: {d for d in deps if d in graph} for m, deps in graph.items()}
    assert {"registry", "romme.rules"} <= graph["romme.game"]  # imports from the parent package are followed
    order, seen, stack = [], set(), []

    def visit(m):
        if m in stack:
            raise AssertionError("import cycle: " + " -> ".join(stack[stack.index(m):] + [m]))
        if m in seen:
            return
        stack.append(m)
        for d in sorted(graph[m]):
            visit(d)
        stack.pop()
        seen.add(m)
        order.append(m)

    for m in sorted(graph):
        visit(m)
    assert order.index("text") < order.index("cards") < order.index("rules") < order.index("game")
    assert order.index("romme.rules") < order.index("games") < order.index("registry") < order.index("romme.game")


def test_no_import_inside_a_function():
    for path in ENGINE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
                assert not inner, f"{path.name}: {node.name}() imports inside the function"


PUBLIC = [
    "Card", "Pack", "Suit", "cards", "format_cards", "AXES", "RuleSet", "DECLARATIONS", "VARIANTS", "Status",
    "declaration", "variant", "Action", "Kind", "Game", "Origin", "Outcome", "Phase", "Role", "Termination",
    "position", "Match", "ConquianError", "CardError", "RuleError", "UnknownVariant", "ConflictingRules",
    "DeclarationError", "PositionError", "IllegalMove", "ActionError", "RecordError",
]


def test_the_public_api_is_kept():
    assert all(name in conquian.__all__ and hasattr(conquian, name) for name in PUBLIC)
    g = conquian.Game("dutch", seed=1)
    for name in ("legal_actions", "play", "is_legal", "why_illegal", "record", "from_record", "from_position", "copy",
                 "hand", "melds", "down", "stock", "out", "offer", "origin", "to_act", "is_over", "outcome", "history",
                 "decisions", "turned_down", "discard_pile", "phase", "rules", "table"):
        assert hasattr(g, name), name


def test_records_written_by_the_previous_engine_still_replay():
    records = (ROOT / "tests" / "data" / "records-0.1.txt").read_text(encoding="utf-8").split("\n=====\n")
    assert len(records) == 11
    for text in records:
        g = Game.from_record(text)
        assert g.record() == text


def test_one_version_number_in_one_place():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]  # pyproject reads it from the package
    assert importlib.metadata.version("conquian") == conquian.__version__
    assert conquian.__version__.count(".") == 2
