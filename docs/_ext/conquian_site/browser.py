"""The engine in the reader's browser: Pyodide and the packed engine in the built site, and ``{play}``.

At the end of an HTML build:

- the few files of Pyodide that run Python in a Web Worker are copied from ``node_modules/pyodide`` (the npm
  package pinned by ``package-lock.json``; ``make html`` runs ``npm ci``) into ``_pyodide/``, with a ``NOTICE``
  crediting it and its licence (MPL-2.0);
- the engine is packed into ``_static/cq-engine.zip``: the ``conquian`` package (its games' rooms,
  ``conquian/games/**``, included) with the declarations of ``variants/``, and the pure modules of this extension
  the worker runs (:mod:`conquian_site.playroom`, the drawing it shares with ``{position}``, and every game's
  folder of :mod:`conquian_site.games`).  The zip is reproducible: names sorted, fixed timestamps;
- the interpreter with the engine imported is saved as ``_static/cq-engine.snap.gz`` (Node runs ``snapshot.mjs``
  beside this module; kept in the checkout's ``_build/cq-snapshot/`` under the zip's and Pyodide's digest, so
  that a build that changed neither makes none).  The worker restores it in well under a second, where starting Python and
  importing the engine take seconds, and falls back to that if the snapshot is not the zip's.

Nothing loads from another host, and a page pays nothing for this until the reader presses "Try it" or "Deal":
``conquian.js`` then loads ``cq-play.js`` and ``cq-play.css``, which start the worker ``cq-worker.js``.

``{play}`` is the form of the play page: the rules (every source and each of its other readings, grouped by
game), the number of players for the games a deal of which takes a number (Rommé: 2 to 6), a seed; and the play
area, an element with class ``cq-play``.
"""

from __future__ import annotations

import fcntl
import hashlib
import io
import json
import os
import shutil
import subprocess
import zipfile
from html import escape
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

import conquian
from conquian.games import games
from conquian.registry import parse_rules, variants_dir

from .data import WARNING_TYPE
from .nodes import cq_html
from .playlevels import LEVELS
from .playroom import choices
from .shared import CqDirective

logger = logging.getLogger(__name__)

ROOT = Path(conquian.__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
#: The files the worker needs: the module loader, the interpreter and its standard library, the package list.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: The extension's modules the worker imports (pure: no docutils, no Sphinx); a folder (the games' parts) whole.
SITE_MODULES = ("playroom.py", "playjson.py", "playlevels.py", "playscore.py", "persons.py", "drawing.py", "facts.py",
                "markup.py", "games")
#: The number of players the play page offers first, for a game a deal of which takes a number.
FIRST_PLAYERS = 3
_EPOCH = (1980, 1, 1, 0, 0, 0)


def engine_files() -> list[tuple[str, bytes]]:
    """The files of the packed engine, as (name in the zip, contents), sorted by name."""
    here = Path(__file__).resolve().parent
    pkg = Path(conquian.__file__).resolve().parent
    files = [(f"conquian/{p.relative_to(pkg).as_posix()}", p.read_bytes()) for p in pkg.rglob("*.py")
             if "__pycache__" not in p.parts]
    files += [(f"conquian/variants/{p.name}", p.read_bytes()) for p in sorted(variants_dir().glob("*.toml"))]
    for name in SITE_MODULES:
        found = sorted((here / name).rglob("*.py")) if (here / name).is_dir() else [here / name]
        files += [(f"conquian_site/{p.relative_to(here).as_posix()}", p.read_bytes()) for p in found
                  if "__pycache__" not in p.parts]
    files.append(("conquian_site/__init__.py",
                  b'"""The modules of the site extension that run in the reader\'s browser (see browser.py)."""\n'))
    return sorted(files)


def engine_zip() -> bytes:
    """The packed engine: the same bytes for the same files (sorted, fixed timestamps and modes)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, data in engine_files():
            info = zipfile.ZipInfo(name, _EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return buf.getvalue()


def _version() -> str:
    try:
        return json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return "?"


def copy_pyodide(outdir: Path) -> None:
    """Pyodide's files into ``outdir/_pyodide`` (hard links where the file system allows), and its NOTICE."""
    missing = [f for f in PYODIDE_FILES if not (PYODIDE / f).is_file()]
    if missing:
        logger.warning(f"{PYODIDE}: {', '.join(missing)} missing: run 'npm ci' (make html does) so that the "
                       f"site can run the engine in the reader's browser", type=WARNING_TYPE, subtype="browser")
        return
    dest = outdir / "_pyodide"
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        src, dst = PYODIDE / name, dest / name
        if dst.exists() and dst.stat().st_size == src.stat().st_size and dst.stat().st_mtime >= src.stat().st_mtime:
            continue
        dst.unlink(missing_ok=True)
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)
    (dest / "NOTICE").write_text(
        f"Pyodide {_version()} (https://pyodide.org, source: https://github.com/pyodide/pyodide)\n"
        "Copyright the Pyodide contributors; licensed under the Mozilla Public License 2.0\n"
        "(https://www.mozilla.org/en-US/MPL/2.0/).\n\n"
        "The files in this folder are unmodified copies of files of the npm package 'pyodide' of the same version;\n"
        "its source code is available at the address above.  They run this site's engine in the reader's browser.\n",
        encoding="utf-8")


def write_snapshot(packed: Path, dest: Path, cache: Path) -> None:
    """The engine's memory snapshot (see the module's description) into ``dest``: made by Node from the zip
    ``packed``, or taken from ``cache`` where one was made from the same zip and the same Pyodide (one build at a
    time makes one: the tests build small sites in parallel, all with this engine)."""
    key = hashlib.sha256(packed.read_bytes() + (PYODIDE / "pyodide.asm.wasm").read_bytes()).hexdigest()[:16]
    made = cache / f"{key}.snap.gz"
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not made.is_file() and not _make_snapshot(packed, made):
                return
            shutil.copyfile(made, dest)
            for old in sorted(cache.glob("*.snap.gz"), key=lambda p: p.stat().st_mtime)[:-3]:  # the last three kept
                old.unlink()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _make_snapshot(packed: Path, made: Path) -> bool:
    node = shutil.which("node")
    if node is None:
        logger.warning("node not found: the engine's snapshot is not made, and the reader's browser will start "
                       "Python itself (seconds slower)", type=WARNING_TYPE, subtype="browser")
        return False
    part = made.with_suffix(".part")
    try:
        run = subprocess.run([node, str(Path(__file__).with_name("snapshot.mjs")), str(PYODIDE), str(packed), str(part)],
                             capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        logger.warning("the engine's snapshot took over 600 s and was given up", type=WARNING_TYPE, subtype="browser")
        return False
    if run.returncode != 0 or not part.is_file():
        said = run.stderr.strip()
        # Python's traceback, not the minified JavaScript printed around it (lines of thousands of characters)
        said = said[said.rindex("Traceback"):] if "Traceback" in said else said
        said = "\n".join(line for line in said.splitlines() if len(line) < 300)[-1200:]
        logger.warning(f"the engine's snapshot failed (node exited {run.returncode}): {said}",
                       type=WARNING_TYPE, subtype="browser")
        return False
    part.rename(made)
    return True


def build_finished(app: Sphinx, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    copy_pyodide(out)
    (out / "_static").mkdir(parents=True, exist_ok=True)
    packed = out / "_static" / "cq-engine.zip"
    packed.write_bytes(engine_zip())
    if (out / "_pyodide" / "pyodide.asm.wasm").is_file():
        write_snapshot(packed, out / "_static" / "cq-engine.snap.gz", ROOT / "_build" / "cq-snapshot")


class PlayDirective(CqDirective):
    """``{play}``: the play page's form and play area (see the module's description)."""

    has_content = False

    def run(self):
        self.note_declarations()
        groups: dict[str, list[str]] = {g.name: [] for g in games()}
        for c in choices():
            r = parse_rules(c["rules"])  # how many may sit down: the players menu offers those counts only
            seats = f'data-least="{getattr(r, "min_players", 2)}" data-most="{r.max_players}"'
            groups[c["game"]].append(f'<option value="{escape(c["rules"])}" data-game="{c["game"]}" {seats}>'
                                     f'{escape(c["label"])}</option>')
        options = "".join(f'<optgroup label="{escape(g.title)}">{"".join(groups[g.name])}</optgroup>'
                          for g in games() if groups[g.name])
        several = [g for g in games() if g.players[0] != g.players[1]] or games()  # a deal of these takes a number
        low, high = min(g.players[0] for g in several), max(g.players[1] for g in several)
        players = "".join(f'<option value="{n}"{" selected" if n == FIRST_PLAYERS else ""}>{n}</option>'
                          for n in range(low, high + 1))
        levels = "".join(f'<option value="{k}"{" selected" if k == "normal" else ""}>{escape(words)}</option>'
                         for k, words in LEVELS.items())
        html = (
            '<div class="cq-playroom" data-mode="deal">'
            '<form class="cq-play-setup" aria-label="A new deal">'
            f'<label>Rules <select name="rules">{options}</select></label> '
            f'<label class="cq-players">Players <select name="players" disabled>{players}</select></label> '
            '<label class="cq-seat-choice">Your seat in the first deal <select name="seat">'
            '<option value="1" selected>beside the dealer</option><option value="0">the dealer</option>'
            '</select></label> '
            f'<label class="cq-level-choice">Computer <select name="level">{levels}</select></label> '
            '<label>Deal number <input name="seed" type="number" min="0" step="1" value="" placeholder="random" '
            'inputmode="numeric"></label> '
            '<button type="submit" class="cq-deal">Deal</button></form>'
            '<p class="cq-play-status" role="status" aria-live="polite"></p>'
            '<div class="cq-play"></div>'
            '<noscript><p>Playing needs JavaScript: the engine runs in your browser.</p></noscript></div>')
        return [cq_html(html=html)]


def setup_browser(app: Sphinx) -> None:
    app.add_directive("play", PlayDirective)
    app.connect("build-finished", build_finished)
