"""Sphinx configuration of the Conquian rules site.

Build with ``make html`` (``sphinx-build -b html -c . -W --keep-going -n docs _build/html``).
The pages live in ``docs/``; the project's own Sphinx extension (the ``{cards}`` role and the
directives that render the declarations in ``variants/``) is the package ``docs/_ext/conquian_site/``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))                      # the conquian package of this checkout
sys.path.insert(0, str(ROOT / "docs" / "_ext"))   # the site's extension

from sphinx.errors import ConfigError  # noqa: E402

import conquian  # noqa: E402
from conquian.registry import problems  # noqa: E402

try:  # the declarations are read on first use: the site needs every one of them
    _broken = problems()
except ValueError as exc:  # conquian.errors.DeclarationError: CONQUIAN_VARIANTS names no folder
    raise ConfigError(f"the declarations cannot be loaded: {exc}") from None
if _broken:  # the message names the file and the axis
    raise ConfigError("the declarations cannot be loaded: " + "; ".join(str(e) for e in _broken.values()))

# -- project -----------------------------------------------------------------------------------
project = "Conquian"
author = "the Conquian project"
copyright = "the Conquian project; source texts quoted with attribution"
release = version = conquian.__version__
language = "en"

# -- extensions --------------------------------------------------------------------------------
extensions = [
    "myst_parser",
    "sphinx_design",
    "sphinx_copybutton",
    "sphinx.ext.intersphinx",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinxcontrib.bibtex",
    "conquian_site",
    "sphinx_sitemap",
    "sphinxext.opengraph",
    "notfound.extension",
]

root_doc = "index"
source_suffix = {".md": "markdown"}
exclude_patterns = ["_ext", "_intersphinx", "_static/*.md"]
templates_path: list[str] = []

# -- MyST --------------------------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist", "fieldlist", "attrs_inline"]
myst_heading_anchors = 3

# -- HTML --------------------------------------------------------------------------------------
html_theme = "furo"
html_title = "Conquian: the rules, source by source"
html_static_path = ["docs/_static"]
html_css_files = ["conquian.css"]
html_js_files = [("conquian.js", {"defer": "defer"})]
# A rule word ("forcing", "Zugzwang", "tableau", "pone") lists its ruling page first, above the glossary and the API:
# each ruling page names its rule words ({ruling} :keywords:), and this scorer raises the ruling pages' results.
html_search_scorer = "docs/_static/search-scorer.js"
html_favicon = "docs/_static/favicon.svg"
html_permalinks_icon = "#"
html_show_sourcelink = False
html_last_updated_fmt = None
html_theme_options = {
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
}

# -- the site's address: sitemap, OpenGraph tags, the 404 page ---------------------------------
# A sitemap and og:url need absolute addresses.  The site has no public address of its own yet: the deployment sets
# CONQUIAN_SITE_URL; without it the addresses are those of a local preview (python -m http.server -d _build/html).
html_baseurl = os.environ.get("CONQUIAN_SITE_URL", "http://localhost:8000/").rstrip("/") + "/"
sitemap_url_scheme = "{link}"
sitemap_excludes = ["search.html", "genindex.html", "404.html"]
ogp_site_url = html_baseurl
ogp_site_name = "Conquian: the rules, source by source"
ogp_type = "website"
ogp_enable_meta_description = True
ogp_social_cards = {"enable": False}   # the cards are drawn with matplotlib and would add nothing a reader needs
# The 404 page (docs/404.md) is served for any address; its links and styles are absolute from the site's root.
notfound_urls_prefix = urlparse(html_baseurl).path

# -- copy buttons: copy the code of an example, not its prompts or output ---------------------
copybutton_prompt_text = r">>> |\.\.\. "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True

# -- intersphinx -------------------------------------------------------------------------------
# The inventory ships with the site (docs/_intersphinx/python.inv, the objects.inv of the Python
# 3.11 documentation), so a build needs no network and gives the same result every time.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", ("_intersphinx/python.inv",)),
}

# -- autodoc -----------------------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}
autoclass_content = "class"

# -- doctest (``sphinx-build -b doctest``; the same examples run under pytest through Sybil) ---
# The same option flags as conftest.py gives Sybil: exceptions are compared in full (no
# IGNORE_EXCEPTION_DETAIL), "..." elides, and runs of whitespace compare equal.
import doctest as _doctest  # noqa: E402

doctest_default_flags = _doctest.ELLIPSIS | _doctest.NORMALIZE_WHITESPACE | _doctest.DONT_ACCEPT_TRUE_FOR_1
doctest_test_doctest_blocks = "default"  # the docstrings' examples on the API page run too
# The docstrings' examples run, under pytest, in their own module's namespace (Sybil); on the API page they need
# the same names.  The pages' own examples import what they use (their hidden set-up), and Sybil checks that.
doctest_global_setup = """
import conquian
from conquian import *
from conquian.text import *
from conquian.games.conquian.match import Match
"""

# -- bibliography ------------------------------------------------------------------------------
bibtex_bibfiles = ["docs/references.bib"]  # relative to this file
bibtex_default_style = "plain"
bibtex_reference_style = "label"

# -- nitpicky: every reference must resolve ----------------------------------------------------
nitpicky = True
nitpick_ignore: list[tuple[str, str]] = []
