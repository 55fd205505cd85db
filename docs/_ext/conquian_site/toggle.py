"""``{python}``: a doctest a reader sees only when he opens "Show the Python".

The body is an ordinary doctest, and it runs as one: under ``sphinx-build -b doctest`` (the node is the
``{doctest}`` directive's own) and under ``make test`` (Sybil collects ``{python}`` blocks as it does
``{doctest}`` ones, see ``conftest.py``)::

    ```{python}
    >>> g = position('''
    ... variant: rummy-ch
    ... ...
    ... ''')
    >>> [str(a) for a in g.legal_actions()]
    ['pass']
    ```

Imports a page's examples share go in a hidden set-up (```` ```{doctest} ```` with ``:hide:``); everything else an
example needs it defines itself, so that each one runs, and can be copied, alone.

On the pages readers use (the rulings, the tutorial, the explanations, the index, the matrix, the glance
page), a visible ``{doctest}`` is a build warning: Python is one click away, never in the reader's way.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.ext.doctest import DoctestDirective

from .domain import cq_domain
from .nodes import cq_details

SUMMARY = "Show the Python"

#: Pages a reader reads: no Python outside a toggle (the API reference and the how-to are for developers).
READER_PAGES = ("index", "matrix", "glance", "glossary", "tutorial/", "rulings/", "explanation/")


class PythonDirective(DoctestDirective):
    """``{python}``: a doctest inside a closed "Show the Python" disclosure."""

    def run(self):
        self.name = "doctest"  # the doctest builder knows the node by the directive it comes from
        found = super().run()
        box = cq_details(summary=SUMMARY, classes=["cq-python"])
        box += found
        self.set_source_info(box)
        return [box]


def is_reader_page(docname: str) -> bool:
    return any(docname == p or (p.endswith("/") and docname.startswith(p)) for p in READER_PAGES)


def note_visible_code(app: Sphinx, doctree: nodes.document) -> None:
    """Record every example a reader would see outside a toggle (:mod:`conquian_site.checks` warns about it)."""
    env = app.env
    if not is_reader_page(env.docname):
        return
    for node in doctree.findall(nodes.literal_block):
        if node.get("testnodetype") != "doctest":
            continue
        parent, hidden = node.parent, False
        while parent is not None:
            if isinstance(parent, cq_details):
                hidden = True
                break
            parent = parent.parent
        if not hidden:
            cq_domain(env).note_visible_code(env.docname, node.line or 0)


def setup_toggle(app: Sphinx) -> None:
    app.setup_extension("sphinx.ext.doctest")
    app.add_directive("python", PythonDirective)
    app.connect("doctree-read", note_visible_code)
