"""docs/howto/add-an-axis.md holds: followed on a scratch copy of the project, with a new axis the native kernel does
not read, the copy imports, loads its declarations, simulates the new axis's other value on the Python engine saying
why in one line, its default on the kernel (rebuilt in the copy, where a C compiler is), and passes its own checks.

The axis is ``deal_order`` (who is dealt the first packet: the dealer's opponent, as the engine always dealt, or the
dealer), two named values.  Each step touches only files the how-to's table lists; the copy's checks run in a
subprocess with this venv and the copy first on the path, so that they test the copy, not this checkout.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conquian.registry import sources, sources_dir

from support import copy_project, not_copied

ROOT = Path(__file__).resolve().parent.parent
HOWTO = ROOT / "docs" / "howto" / "add-an-axis.md"
#: What the copy's checks and its build need: the engine (its compiled parts included), the declarations, the
#: tests and their configuration, the site's extension and data, the C sources and the build.
COPIED = ("conquian", "variants", "tests", "docs/_ext", "docs/_data", "native", "setup.py", "pyproject.toml",
          "README.md", "conftest.py")
#: Every Conquian source, each of which declares the new axis (step 5).
SOURCES = tuple(sources("conquian"))
CLI = "import sys; from conquian.cli import main; sys.exit(main(sys.argv[1:]))"
OTHER = "dutch(deal_order=dealer-first)"


def _edit(path: Path, old: str, new: str) -> None:
    """Replace ``old`` (which must occur once) by ``new``: a step of the how-to, failing loudly if the file changed."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path}: {old!r} is not there once: the how-to's step no longer fits the file"
    path.write_text(text.replace(old, new), encoding="utf-8")


def _env(project: Path, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "COV_", "CONQUIAN_"))}
    env.update(PYTHONPATH=str(project), PYTHONDONTWRITEBYTECODE="1", **extra)
    texts = sources_dir()
    if texts is not None:
        env["CONQUIAN_SOURCES"] = str(texts)
    return env


def _run(project: Path, *args: str, timeout: int = 900) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=project, env=_env(project), capture_output=True, text=True,
                          timeout=timeout)


def _simulate(project: Path, variant: str) -> tuple[str, list[str]]:
    """The engine ``conquian simulate`` used for ``variant`` in the copy, and the lines it wrote to stderr."""
    done = _run(project, "-c", CLI, "simulate", "--variant", variant, "--games", "20", "--seed", "3", "--json")
    assert done.returncode == 0, done.stderr
    return re.search(r'"engine": "(\w+)"', done.stdout).group(1), [ln for ln in done.stderr.splitlines() if ln.strip()]


def _touched(project: Path) -> set[str]:
    """The files of the copy that differ from this checkout's, new ones included (built files left out)."""
    found = set()
    for name in COPIED:
        for path in [project / name] if (project / name).is_file() else (project / name).rglob("*"):
            if not path.is_file() or not_copied(None, [path.name]) or path.suffix in (".so", ".o") or "build" in path.parts:
                continue
            rel = path.relative_to(project).as_posix()
            if not (ROOT / rel).is_file() or (ROOT / rel).read_bytes() != path.read_bytes():
                found.add(rel)
    return found


def _follow_the_howto(project: Path) -> None:
    axes, rules = project / "conquian" / "axes.py", project / "conquian" / "games" / "conquian" / "rules.py"
    # 1. the axis: its enum in conquian/axes.py, its field in RuleSet, the default the rule the engine played
    axes.write_text(axes.read_text(encoding="utf-8") + '''

class DealOrder(Choice):
    PONE_FIRST = "pone-first", "The dealer deals the first packet to his opponent, the last to himself."
    DEALER_FIRST = "dealer-first", "The dealer deals the first packet to himself, the last to his opponent."
''', encoding="utf-8")
    _edit(rules, "from ...axes import (AddToOpponent, Ace, Axis, ", "from ...axes import (AddToOpponent, Ace, Axis, DealOrder, ")
    _edit(rules, "    turn_up: bool = axis(", '''    deal_order: DealOrder = axis(DealOrder.PONE_FIRST, group=Group.DEAL, title="The first packet",
                                 question="Who is dealt the first packet?", doc="The dealer's opponent, or the dealer.")
    turn_up: bool = axis(''')
    # 3. the engine plays it, where the deal is dealt (4: the kernel does not read it: nothing in kernel.py)
    _edit(project / "conquian" / "games" / "conquian" / "game.py", "for j in range(1, players + 1):",
          'for j in range(1, players + 1)[::1 if rules.deal_order.value == "pone-first" else -1]:')
    # 5. every source's answer
    for source in SOURCES:
        _edit(project / "variants" / f"{source}.toml", "\n[axes.turn_up]\n", '''
[axes.deal_order]
value = "pone-first"
status = "silent"
note = "The text does not say who is dealt the first packet; the project deals the dealer's opponent first, as is usual."

[axes.turn_up]
''')
    # 6. its probe
    _edit(project / "tests" / "test_axes.py", "# -- the say ---", '''@probe("deal_order", lambda v: v.value)
def _(r):
    top = Game(r, pack=r.deck, cut=0)  # the pack dealt as it lies: its first card goes to whoever is dealt first
    return "pone-first" if r.deck[0] in top.hand("pone") else "dealer-first"


# -- the say ---''')


@pytest.mark.long
def test_adding_an_axis_as_the_howto_says(tmp_path):
    project = copy_project(COPIED, tmp_path / "project")
    _follow_the_howto(project)
    text = HOWTO.read_text(encoding="utf-8")
    unlisted = [p for p in sorted(_touched(project)) if f"`{p}`" not in text
                and f"`{p.rpartition('/')[2]}`" not in text]
    assert not unlisted, f"add-an-axis.md does not list the files its steps touch: {unlisted}"

    # the copy imports (no assertion on the kernel's axes), and its declarations load with the new axis
    done = _run(project, "-c", "import conquian; from conquian import VARIANTS\n"
                "from conquian.games.conquian import kernel\n"
                "print(conquian.__file__); print(*(VARIANTS[s].deal_order for s in %r))\n"
                "print(kernel.DEFAULT_ONLY); print(kernel.why_not(VARIANTS['dutch'], ['random']))" % (SOURCES,))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == [str(project / "conquian" / "__init__.py"), " ".join(["pone-first"] * len(SOURCES))]
    assert "'deal_order'" in lines[2], lines[2]  # among the axes the kernel plays at their default only
    # the kernel copied here was built before the axis: not used, saying why (or not built here at all)
    assert "since its build, new: deal_order" in lines[3] or "not built" in lines[3], lines[3]
    engine, said = _simulate(project, "dutch")
    assert engine == "python" and len(said) == 1 and "playing with the pure-Python engine" in said[0], said

    # rebuilt as the how-to says, the kernel plays the default, and the other value runs on Python, saying why
    built = _run(project, "setup.py", "build_ext", "--inplace")
    assert built.returncode == 0, built.stderr[-3000:]  # (without a C compiler the build goes on, the kernel unbuilt)
    rebuilt = _simulate(project, "dutch")
    if rebuilt[0] != "native" and os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"the copy's kernel must build under CI: {rebuilt[1]}\n{built.stderr[-3000:]}")
    engine, said = _simulate(project, OTHER)
    assert engine == "python" and len(said) == 1 and "playing with the pure-Python engine" in said[0], said
    if rebuilt[0] == "native":
        assert rebuilt[1] == []
        assert said == ["conquian: the native kernel does not play deal_order=dealer-first (it reads no deal_order: "
                        "it plays pone-first only); playing with the pure-Python engine"]
    native = _run(project, "-c", CLI, "simulate", "--variant", OTHER, "--games", "3", "--engine", "native")
    assert native.returncode == 2 and "--engine native: the native kernel" in native.stderr, native.stderr

    # the copy's own checks: the probes, the declarations, the rules, the kernel against the Python engine
    checks = ["tests/test_axes.py", "tests/test_declarations.py", "tests/test_rules.py", "tests/test_kernel.py"]
    done = _run(project, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not long", "-W", "error", *checks,
                timeout=1800)
    assert done.returncode == 0, f"the copy's checks:\n{done.stdout[-4000:]}\n{done.stderr[-2000:]}"
    assert re.search(r"\bdeal_order\b", _run(project, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                             "tests/test_axes.py", "--collect-only", "-k", "deal_order").stdout)
