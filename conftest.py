"""Every example is a test: Sybil collects the site's pages (``docs/**/*.md``) and the engine's docstrings
(``conquian/*.py``) under plain pytest.

A ```` ```{doctest} ```` block runs as a doctest; a ```` ```python ```` block runs as code; a
``% skip: next`` comment skips the example after it.  Failures are reported as
``docs/rulings/pack.md, line 42``.  Examples in one page share one namespace, in page order, as
they do under ``sphinx-build -b doctest``, and use the same option flags (see ``conf.py``).
"""

from doctest import DONT_ACCEPT_TRUE_FOR_1, ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.parsers.myst import DocTestDirectiveParser, PythonCodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser

#: The doctest option flags of the site's examples (``doctest_default_flags`` in conf.py).
OPTIONFLAGS = ELLIPSIS | NORMALIZE_WHITESPACE | DONT_ACCEPT_TRUE_FOR_1

#: The Sybil that collects the pages' examples; tests/test_site.py reuses it on altered copies.
SITE_SYBIL = Sybil(
    parsers=[
        DocTestDirectiveParser(optionflags=OPTIONFLAGS),
        PythonCodeBlockParser(doctest_optionflags=OPTIONFLAGS),
        SkipParser(),
    ],
    patterns=["docs/**/*.md"],
    excludes=["docs/_ext/**", "docs/_static/**", "docs/_intersphinx/**"],
)

#: The Sybil that runs the examples in the engine's docstrings (the API page shows them).
ENGINE_SYBIL = Sybil(parsers=[DocTestParser(optionflags=OPTIONFLAGS)], patterns=["conquian/*.py", "conquian/romme/*.py"])

pytest_collect_file = (SITE_SYBIL + ENGINE_SYBIL).pytest()
