"""The how-tos hold: each is followed on a scratch copy of the project, and the copy's own checks pass.

``docs/howto/add-a-source.md`` is followed with a copy of a declaration under a new id, with aliases of its own and a
passage that occurs only in its own text; ``docs/howto/add-a-game.md`` with a trivial variant of Rommé registered
under another name (``rommino``: its room a copy of Rommé's, its site part a copy of Rommé's, one declaration).  Each
test touches only files its how-to lists, and runs the copy's checks in a subprocess with this venv and the copy
first on the path, so that they test the copy, not this checkout.  Every ``literalinclude`` of a how-to must still
find its file and its markers.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conquian.registry import sources_dir

from support import copy_project, not_copied

ROOT = Path(__file__).resolve().parent.parent
HOWTO = ROOT / "docs" / "howto"
#: What the copy's checks need: the engine (its compiled parts included), the declarations, the tests and their
#: configuration, the site's extension and the statistics data file.
COPIED = ("conquian", "variants", "tests", "docs/_ext", "docs/_data", "pyproject.toml", "conftest.py")
#: The copy's checks that read the built site or the pages' text (the copy has no pages).
BUILT = ("tests/test_statistics.py::test_the_pages_show_the_files_figures",
         "tests/test_statistics.py::test_every_ruling_page_says_what_it_changes",
         "tests/test_statistics.py::test_what_the_effects_page_says_of_switches_that_change_no_deal_holds_in_the_data")


@pytest.fixture
def copy(tmp_path) -> Path:
    """A scratch copy of the project at ``tmp/project``, the source texts beside it in ``tmp/shared/sources``."""
    texts = sources_dir()
    if texts is None:
        pytest.skip("the source texts are not beside this checkout (../shared/sources, or set CONQUIAN_SOURCES)")
    project = copy_project(COPIED, tmp_path / "project")
    shutil.copytree(texts, tmp_path / "shared" / "sources")
    return project


def _env(project: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "COV_"))}
    env.update(PYTHONPATH=str(project), CONQUIAN_SOURCES=str(project.parent / "shared" / "sources"),
               PYTHONDONTWRITEBYTECODE="1")
    return env


def _run(project: Path, *args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=project, env=_env(project), capture_output=True, text=True,
                          timeout=timeout)


def _pytest(project: Path, *args: str) -> None:
    done = _run(project, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not long", "-W", "error", *args,
                timeout=1500)
    assert done.returncode == 0, f"the copy's {' '.join(args)}:\n{done.stdout[-4000:]}\n{done.stderr[-2000:]}"


def _edit(path: Path, old: str, new: str) -> None:
    """Replace ``old`` (which must occur) by ``new``: a how-to's step, which fails loudly if the file has changed."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path}: {old!r} not found: the how-to's step no longer fits the file"
    path.write_text(text.replace(old, new), encoding="utf-8")


def _touched(project: Path) -> set[str]:
    """The files of the copy that differ from this checkout's (new ones included), and the new source texts."""
    found = set()
    for name in COPIED:
        for path in ([project / name] if (project / name).is_file() else (project / name).rglob("*")):
            if not path.is_file() or not_copied(None, [path.name]) or path.suffix == ".so":  # built, not written
                continue
            rel = path.relative_to(project).as_posix()
            if not (ROOT / rel).is_file() or (ROOT / rel).read_bytes() != path.read_bytes():
                found.add(rel)
    texts = sources_dir()
    for path in (project.parent / "shared" / "sources").iterdir():
        if not (texts / path.name).is_file():
            found.add("../shared/sources/" + path.name)
    return found


def _listed(howto: str, touched: set[str], names: dict[str, str]) -> None:
    """Every file a test touched is named in its how-to: by its path, or by its folder and its name (a room's
    modules), with ``<id>`` and ``<game>`` for the names the test chose."""
    text = (HOWTO / howto).read_text(encoding="utf-8")
    unlisted = []
    for path in sorted(touched):
        general = path
        for concrete, placeholder in names.items():
            general = general.replace(concrete, placeholder)
        folder, _, file = general.rpartition("/")
        if f"`{general}`" not in text and not (f"`{folder}/`" in text and f"`{file}`" in text):
            unlisted.append(general)
    assert not unlisted, f"{howto} does not list the files its steps touch: {unlisted}"


# -- the markers --------------------------------------------------------------------------------------------------
INCLUDE = re.compile(r"```\{literalinclude\} (\S+)\n((?::[\w-]+:.*\n)*)")


@pytest.mark.parametrize("howto", sorted(p.name for p in HOWTO.glob("*.md")))
def test_every_literalinclude_finds_its_file_and_markers(howto):
    page = HOWTO / howto
    includes = INCLUDE.findall(page.read_text(encoding="utf-8"))
    for target, options in includes:
        path = (page.parent / target).resolve()
        assert path.is_file(), f"{howto}: includes {target}, which is not there"
        text = path.read_text(encoding="utf-8")
        for key, value in re.findall(r":(start-at|start-after|end-at|end-before): (.*)", options):
            marker = value.strip()[1:-1] if value.strip()[:1] in "'\"" else value.strip()
            assert marker in text, f"{howto}: {target} has no {key} marker {marker!r}"
        for name in re.findall(r":pyobject: (\S+)", options):
            assert re.search(rf"^\s*(class|def) {name}\b", text, re.M), f"{howto}: {target} has no {name}"


def test_the_game_howto_includes_the_files_of_the_new_layout():
    targets = [t for t, _ in INCLUDE.findall((HOWTO / "add-a-game.md").read_text(encoding="utf-8"))]
    assert "../../conquian/games/__init__.py" in targets and "../../conquian/games/romme/__init__.py" in targets
    rooms = ("../../conquian/games/", "../../docs/_ext/conquian_site/games/")
    assert not [t for t in targets if not t.startswith(rooms)], targets


# -- add a source -------------------------------------------------------------------------------------------------
NEW_SOURCE = "hoyle-nl"
#: A sentence only the new source's text has, and the passage of the declaration that quotes it instead of the Dutch.
OWN_PASSAGE = "Wie als eerste elf kaarten heeft neergelegd, wint het spel."


@pytest.mark.long
def test_adding_a_source_as_the_howto_says(copy):
    texts = copy.parent / "shared" / "sources"
    # 1. the text beside the checkout: the Dutch page's, with a sentence of its own
    (texts / f"{NEW_SOURCE}.txt").write_text((texts / "dutch.txt").read_text(encoding="utf-8") + "\n"
                                             + OWN_PASSAGE + "\n", encoding="utf-8")
    # 2. the declaration: a copy of the Dutch one with its own id, aliases, text and one passage of its own
    declaration = copy / "variants" / f"{NEW_SOURCE}.toml"
    shutil.copy2(copy / "variants" / "dutch.toml", declaration)
    _edit(declaration, 'id = "dutch"', f'id = "{NEW_SOURCE}"')
    _edit(declaration, 'short = "Dutch"', 'short = "Hoyle (Dutch copy)"')
    _edit(declaration, 'text = "dutch.txt"', f'text = "{NEW_SOURCE}.txt"')
    _edit(declaration, 'aliases = ["nl", "nederlands"]', 'aliases = ["hoyle", "hoyle-dutch"]')
    text = declaration.read_text(encoding="utf-8")
    first = re.search(r'^passage = "(.*)"$', text, re.M)
    declaration.write_text(text.replace(first.group(0), f'passage = "{OWN_PASSAGE}"', 1), encoding="utf-8")
    # the tests' list of sources, in order of authority
    listed = re.search(r'^CONQUIAN_SOURCES = \[.*"dutch", "french"\]$',
                       (copy / "tests" / "test_declarations.py").read_text(encoding="utf-8"), re.M).group(0)
    _edit(copy / "tests" / "test_declarations.py", listed, listed.replace('"french"', f'"{NEW_SOURCE}", "french"'))
    _listed("add-a-source.md", _touched(copy), {NEW_SOURCE: "<id>"})

    done = _run(copy, "-c", "import conquian; print(conquian.__file__); print(conquian.variant('Hoyle'));"
                            "print(conquian.DECLARATIONS['hoyle-nl'].text)")
    assert done.stdout.split() == [str(copy / "conquian" / "__init__.py"), NEW_SOURCE, f"{NEW_SOURCE}.txt"], done.stderr
    # the passage check reads the new text: the sentence of its own is found there, and only there
    _pytest(copy, "tests/test_declarations.py", "tests/test_statistics.py", *(f"--deselect={t}" for t in BUILT))
    (texts / f"{NEW_SOURCE}.txt").write_text((texts / "dutch.txt").read_text(encoding="utf-8"), encoding="utf-8")
    refused = _run(copy, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_declarations.py", "-k",
                   "passage_occurs and hoyle")
    assert refused.returncode == 1 and OWN_PASSAGE in refused.stdout, refused.stdout[-2000:]
    # until make stats runs again, the statistics page says the new source has no figures yet
    page = _run(copy, "-c", "import sys; sys.path.insert(0, 'docs/_ext')\n"
                            "from conquian_site.statistics import StatisticsDirective, load\n"
                            "from conquian_site.strongcheck import load_checks\n"
                            "class Page:  # the directive, without Sphinx: the strong player's check from docs/\n"
                            "    def strong_data(self, d): return load_checks('docs', d)\n"
                            "parts = StatisticsDirective.sources(Page(), load('docs'))\n"
                            "print(' '.join(p.astext() for p in parts if p.tagname == 'paragraph'))")
    assert "No figures yet for Hoyle (Dutch copy): it was declared after these figures were made; run make stats" \
        in page.stdout, page.stderr


# -- add a game ---------------------------------------------------------------------------------------------------
NEW_GAME = "rommino"
GAME_SOURCE = "rommino-spielwiki"


@pytest.mark.long
def test_adding_a_game_as_the_howto_says(copy):
    room = copy / "conquian" / "games" / NEW_GAME
    # 1-4. the room: here a copy of Rommé's, with its own name in its rule-set class and its entry
    shutil.copytree(copy / "conquian" / "games" / "romme", room, ignore=not_copied)
    _edit(room / "rules.py", 'RommeRules.GAME = "romme"', f'RommeRules.GAME = "{NEW_GAME}"')
    _edit(room / "__init__.py", 'GameType("romme", "Rommé",', f'GameType("{NEW_GAME}", "Rommino",')
    # 5. the one list of games
    games = copy / "conquian" / "games" / "__init__.py"
    _edit(games, "from . import conquian, romme\n", f"from . import conquian, romme, {NEW_GAME}\n")
    _edit(games, "(conquian.GAME, romme.GAME)", f"(conquian.GAME, romme.GAME, {NEW_GAME}.GAME)")
    # 6. a source of the game
    declaration = copy / "variants" / f"{GAME_SOURCE}.toml"
    shutil.copy2(copy / "variants" / "romme-spielwiki.toml", declaration)
    _edit(declaration, 'id = "romme-spielwiki"', f'id = "{GAME_SOURCE}"')
    _edit(declaration, 'game = "romme"', f'game = "{NEW_GAME}"')
    _edit(declaration, 'short = "Spielwiki"', 'short = "Rommino"')
    _edit(declaration, 'aliases = ["spielwiki"]', 'aliases = ["rommino"]')
    # 7. the site's part: a copy of Rommé's, reading the new room
    site = copy / "docs" / "_ext" / "conquian_site" / "games" / NEW_GAME
    shutil.copytree(site.parent / "romme", site, ignore=not_copied)
    for module in site.glob("*.py"):
        module.write_text(module.read_text(encoding="utf-8").replace("conquian.games.romme.",
                                                                     f"conquian.games.{NEW_GAME}."), encoding="utf-8")
    # the structure test's list of rooms
    _edit(copy / "tests" / "test_structure.py", '== ["conquian", "romme"]', f'== ["conquian", "romme", "{NEW_GAME}"]')
    _listed("add-a-game.md", _touched(copy), {GAME_SOURCE: "<id>", NEW_GAME: "<game>"})

    code = f"""
import random, conquian
from conquian.games import game, games
print(conquian.__file__)
print(*[g.name for g in games()])
g = game({NEW_GAME!r})
deal = g.new_deal({GAME_SOURCE!r}, 3, seed=5)
rng = random.Random(5)
while not deal.is_over:  # the generic interface only
    deal.play(rng.choice(deal.legal_actions()))
print(type(deal.rules).GAME, deal.outcome is not None, len(deal.history) > 10)
"""
    done = _run(copy, "-c", code)
    assert done.stdout.split("\n")[:3] == [str(copy / "conquian" / "__init__.py"), f"conquian romme {NEW_GAME}",
                                           f"{NEW_GAME} True True"], done.stdout + done.stderr
    cli = _run(copy, "-m", "conquian.cli", "simulate", "--variant", GAME_SOURCE, "--players", "3", "--games", "3",
               "--seed", "2", "--json")
    assert cli.returncode == 0 and f'"variant": "{GAME_SOURCE}"' in cli.stdout and '"games": 3' in cli.stdout, \
        cli.stdout + cli.stderr
    site_games = _run(copy, "-c", "import sys; sys.path.insert(0, 'docs/_ext')\n"
                                  "from conquian_site.games import SITE_GAMES; print(*SITE_GAMES)")
    assert site_games.stdout.split() == ["conquian", "romme", NEW_GAME], site_games.stderr
    _pytest(copy, "tests/test_games.py", "tests/test_structure.py")
