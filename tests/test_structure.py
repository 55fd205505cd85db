"""The shape of the code: modules a reader takes in at once, no import cycles, the public API and old texts kept."""

import ast
import importlib.metadata
import tomllib
from pathlib import Path

import conquian
import conquian.games
from conquian import Game
from conftest import ENGINE_PATTERNS as ENGINE_SYBIL_PATTERNS

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


def _graph() -> dict[str, set[str]]:
    graph = {_name(p): _imports(p) - {_name(p)} for p in ENGINE if p.parent != PACKAGE or p.stem != "__init__"}
    return {m: {d for d in deps if d in graph} for m, deps in graph.items()}


ROOMS = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file())
SHARED = sorted(_name(p) for p in ENGINE if p.parent == PACKAGE and p.stem != "__init__")


def _below(graph: dict[str, set[str]], module: str) -> set[str]:
    """Every module ``module`` imports, directly or not."""
    seen, todo = set(), [module]
    while todo:
        for d in graph[todo.pop()]:
            if d not in seen:
                seen.add(d)
                todo.append(d)
    return seen


def test_the_engine_has_no_import_cycle_not_even_inside_functions():
    graph = _graph()
    assert {"rulesets", "games.romme.rules"} <= graph["games.romme.game"]  # imports from the parent package are followed
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
    assert order.index("text") < order.index("cards") < order.index("rulesets") < order.index("games.conquian.rules")
    assert order.index("games.romme.game") < order.index("games") < order.index("registry") < order.index("simulation")


def test_one_room_per_game_and_the_games_listed_once():
    assert ROOMS == sorted(conquian.games.GAMES) == ["conquian", "romme"]
    graph = _graph()
    for room in ROOMS:
        for m in (m for m in graph if m.startswith(f"games.{room}.") or m == f"games.{room}"):
            # a room stands on the shared layer only: no other room, not the list, nothing that reads the list
            up = {d for d in _below(graph, m) if d == "games" or (d.startswith("games.") and not d.startswith(f"games.{room}"))}
            assert not up, f"{m} imports {sorted(up)}: a game's room imports the shared layer and its own modules only"
    for m in SHARED:
        rooms = {d for d in graph[m] if d.startswith("games.")}
        assert not rooms, f"shared module {m} imports {sorted(rooms)}: only conquian.games (the list) imports the rooms"


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


# -- no tool asks which game it holds: the command line, the shared engine and the site look a game up ------------
GAME_NAMES = set(conquian.games.RULE_SETS)
GAME_TITLES = {g.title for g in conquian.games.games()}
GAME_CLASSES = ({g.deal.__name__ for g in conquian.games.games()} | {cls.__name__ for cls in conquian.games.RULE_SETS.values()}
                | {"Match", "RommeMatch"})
# Every shared module (conquian.games, the list, and conquian/__init__, the public API, name the games' modules).
NEUTRAL = [PACKAGE / f"{m}.py" for m in SHARED]
# The site's per-game folders (docs/_ext/conquian_site/games/<game>/, one per game listed) are exempt; every other
# module of the extension, the site's list of games (games/__init__.py) included, is checked.
SITE_GAME_MODULES = {ROOT / "docs" / "_ext" / "conquian_site" / "games" / name for name in GAME_NAMES}
SITE_NEUTRAL = [p for p in SITE if not SITE_GAME_MODULES & set(p.parents)]


def _docstrings(tree: ast.AST) -> set[int]:
    """The string constants that are docstrings (a module's, a class's or a function's first statement)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _branches_on_a_game(path: Path, root: Path = ROOT) -> list[str]:
    """Places that name a game (a string, a dictionary key, a default), test a game's class, read a flag named after
    a game, or import a game's room or its classes.  Docstrings may name games; so may ``prog="conquian"`` (the
    command's name, which is the project's)."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = _docstrings(tree)
    allowed = {id(k.value) for k in ast.walk(tree) if isinstance(k, ast.keyword) and k.arg == "prog"}
    for node in ast.walk(tree):
        where = f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in GAME_NAMES | GAME_TITLES:
            if id(node) not in docstrings | allowed:
                found.append(f"{where}: names the game {node.value!r}")
        elif isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if (isinstance(node.ops[0], (ast.Is, ast.IsNot)) and isinstance(side, ast.Name)
                        and side.id in GAME_CLASSES):
                    found.append(f"{where}: 'is {side.id}'")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("isinstance", "issubclass"):
            named = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)} if len(node.args) > 1 else set()
            if named & GAME_CLASSES:
                found.append(f"{where}: {node.func.id}(..., {', '.join(sorted(named & GAME_CLASSES))})")
        elif isinstance(node, ast.Attribute) and node.attr in GAME_NAMES:
            found.append(f"{where}: reads .{node.attr}")
        elif isinstance(node, ast.ImportFrom):
            module = ("." * node.level) + (node.module or "")
            parts = module.replace(".", " ").split()
            names = {a.name for a in node.names}
            in_room = any(a == "games" and b in GAME_NAMES for a, b in zip(parts, parts[1:]))
            if in_room or "romme" in parts or (parts and parts[-1] == "games" and names & GAME_NAMES):
                found.append(f"{where}: imports {module}")
            elif module in ("conquian", ".") and names & GAME_CLASSES:
                found.append(f"{where}: imports {', '.join(sorted(names & GAME_CLASSES))}")
    return found


def test_the_checker_finds_a_branch_on_a_game(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""A docstring may say romme."""\n'
                      "from conquian import RommeGame\nfrom .romme.game import RommeGame\nif game_of(r) == 'romme':\n"
                      "    pass\nif self.romme:\n    pass\nif isinstance(rules, (RuleSet, int)):\n    pass\n"
                      "TABLE = {'conquian': 1}\nfrom conquian.games.conquian import kernel\nfrom conquian.games import romme\n"
                      "parser = Parser(prog='conquian')\ntitle = 'Rommé'\n", encoding="utf-8")
    found = _branches_on_a_game(sample, tmp_path)
    assert len(found) == 9 and all(f.startswith("sample.py:") for f in found), found
    assert not any("docstring" in f or ":1:" in f or ":13:" in f for f in found), found


def test_no_branch_on_a_game_outside_its_own_package():
    found = [f for path in NEUTRAL + SITE_NEUTRAL for f in _branches_on_a_game(path)]
    assert not found, "branches on a game's name or class (ask conquian.games / conquian_site.games instead):\n" + \
        "\n".join(found)


def test_every_docstring_example_of_the_engine_runs_as_a_test():
    """Sybil's patterns (conftest.py) reach every engine module with an example: a room moved or added stays run."""
    collected = {p for pattern in ENGINE_SYBIL_PATTERNS for p in ROOT.glob(pattern)}
    with_examples = {p for p in ENGINE if ">>> " in p.read_text(encoding="utf-8")}
    assert with_examples and with_examples <= collected, sorted(str(p.relative_to(ROOT)) for p in with_examples - collected)
    assert PACKAGE / "games" / "conquian" / "kernel.py" in with_examples
