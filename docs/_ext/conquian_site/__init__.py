"""The site's Sphinx extension: everything a page says about a source comes from its declaration.

Laid out as the engine is: shared modules, which never ask which game they hold, and one folder per game in
``games/`` (listed by looping over :data:`conquian.games.GAMES`).  One module per family, each with its own
``setup_*`` (after sphinx-design's layout):

``data``      pure helpers on the engine's data (sources in order, value groups, matrix rows, verdicts; the home
              game's axes, asked of :mod:`conquian.games`)
``domain``    the ``cq`` domain: per-page data (a ruling page's axis, verdict and source tabs); site links
``nodes``     nodes and building blocks; the ``{cards}`` and ``{status}`` roles; verdicts resolved after reading
``shared``    the base class of the directives
``rulings``   ``{ruling}`` (the summary banner), ``{entry}``, ``{verdict}``
``scenario``  pure: a position put to several rule sets (of any game the engine plays), the engine's answers
              checked against an expectation; what differs between the games is asked of the rule set's game
``facts``     pure: what every game's facts share (the expectation's error, the words for nothing, card lists)
``games``     the site's list of games: each game's part of the site (its words, its drawing), from its folder,
              looked up by a rule set's game; a game without a folder stops the build, saying what to add
``games/conquian/``  pure: Conquian's words (``words``: a deal and a match in words, the facts of a ``then``
              column) and table diagram (``table``: the dealer, the middle of the table, the pone)
``games/romme/``  pure: Rommé's words and table diagram (seats, hands, jokers, the table, the piles)
``position``  ``{position}``: a position drawn as a table diagram, as the position's game draws it
``compare``   ``{compare}``: one position under every source, executed at build time, checked, in words
``toggle``    ``{python}``: a doctest behind "Show the Python"
``tabs``      ``{source-tabs}`` and ``{source-tab}``: a ruling page's tabs, one per source
``sources``   ``{source-record}``, ``{source-rules}``, ``{sources-grid}``
``passages``  ``{source-chapter}``, ``{source-passages}``, ``{family-tree}``, ``{verdict-rule}``; where each
              locator leads (a paragraph of a source held whole, a passage on a source's page)
``tables``    ``{rulings-table}``, ``{rulings-toctree}``, ``{differences}``, ``{declaration-keys}``
``matrix``    ``{comparison-matrix}`` (sticky, filterable) and ``{glance}`` (the rules in common, the disagreements)
``counts``    the figures the pages state, and ``{count}``, computed once
``download``  every source × rule cell as JSON and CSV with a JSON Schema, written into the built site
``rulebook``  ``{rules-of}``: "The rules of X", one page per source (written when the build starts)
``statistics``  the statistics pages' figures (from ``docs/_data/statistics.json``)
``datafiles``  the statistics' committed data files read (missing, unreadable, another layout: the build stops)
``strongcheck``  the strong player's check of them (``docs/_data/statistics-strong.json``): its table, its section
``findings``  pure: what the figures say (changes compared deal by deal, Holm's correction, greyed rows, the
              plain sentences that open the pages)
``plots``     the statistics pages' dot-and-whisker plots, as inline SVG
``checks``    every axis has a ruling page, every ruling page its parts (warnings naming file and axis)
``api``       the API reference: short names, public bases, no type docstrings on constants
``drawing``   pure: cards, prose with cards (the site and the browser draw alike; each game's table uses them)
``playroom``  pure: what the reader's browser asks of the engine ("Try it", a match against the computer)
``playjson``  pure: the numbers and texts of the playroom's requests, checked
``playlevels``  pure: the computer's levels, the hint, the computer's reasons in words
``playscore``  pure: the play page's match, its score in words (each game's ``Score`` keeps it)
``browser``   ``{play}``; Pyodide, the packed engine and its memory snapshot (made by ``snapshot.mjs``) in the site

Axis metadata (groups, titles, questions, what a value means) and the status vocabulary (word, mark, meaning)
come from the engine (:mod:`conquian.axes`, :mod:`conquian.status`), never from source text.  A declaration
missing data stops the build as the configuration starts (``conf.py`` asks :func:`conquian.registry.problems`; the
``DeclarationError`` names the file and the axis).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

import conquian
from conquian import DECLARATIONS
from conquian.registry import variants_dir

from .api import setup_api
from .statistics import setup_statistics
from .browser import setup_browser
from .checks import setup_checks
from .compare import setup_compare
from .counts import setup_counts
from .domain import setup_domain
from .download import setup_download
from .matrix import setup_matrix
from .nodes import setup_nodes
from .passages import setup_passages
from .position import setup_position
from .rulebook import setup_rulebook
from .rulings import setup_rulings
from .sources import setup_sources
from .tables import setup_tables
from .tabs import setup_tabs
from .toggle import setup_toggle


def setup(app: Sphinx) -> dict[str, Any]:
    if not DECLARATIONS:
        raise ExtensionError(f"{variants_dir()}: no declarations (variants/*.toml): the site has nothing to show")
    setup_domain(app)
    setup_nodes(app)
    setup_counts(app)
    setup_rulings(app)
    setup_tabs(app)
    setup_sources(app)
    setup_rulebook(app)
    setup_passages(app)
    setup_tables(app)
    setup_matrix(app)
    setup_download(app)
    setup_position(app)
    setup_compare(app)
    setup_toggle(app)
    setup_checks(app)
    setup_api(app)
    setup_browser(app)
    setup_statistics(app)
    return {"version": conquian.__version__, "parallel_read_safe": True, "parallel_write_safe": True,
            "env_version": 5}
