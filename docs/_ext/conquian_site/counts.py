"""The figures the pages state ("four sources", "12 of 31 rules differ in play"), computed once from the data.

``{count}`KEY` `` writes one of :func:`site_counts` into the text, as a word up to twelve and in digits above
(``{count}`sources` `` → "four"; ``{count}`Sources` `` capitalises it).  The glance page, the matrix and the page
on why the sources differ call the same function, so no two pages can state different figures.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from .data import AXES, WARNING_TYPE, Verdict, computed_verdict, declaration_files, ordered_sources

logger = logging.getLogger(__name__)

WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def site_counts() -> dict[str, int]:
    """Every figure a page states: the Conquian sources, the rules, and how many rules have each verdict.

    ``play``, ``agree-where-they-speak``, ``wording`` and ``agree`` are :class:`~conquian.verdicts.Verdict` values;
    ``sources`` counts the Conquian sources (the witnesses the rulings compare), ``rulings`` the rules (one page each).
    """
    out = {"sources": len(ordered_sources()), "rulings": len(AXES)}
    for verdict in Verdict:
        out[verdict.value] = sum(computed_verdict(ax) is verdict for ax in AXES)
    return out


def in_words(n: int) -> str:
    """A figure as the pages write it: a word up to twelve, digits above."""
    return WORDS[n] if 0 <= n < len(WORDS) else str(n)


class CountRole(SphinxRole):
    """``{count}`KEY` ``: one of :func:`site_counts`, in words; a capital first letter capitalises the word."""

    def run(self):
        for path in declaration_files():
            self.env.note_dependency(str(path))
        key = self.text.strip()
        counts = site_counts()
        if key.lower() not in counts:
            logger.warning(f"{{count}}`{key}`: unknown figure; the figures are: {', '.join(counts)}",
                           location=self.get_location(), type=WARNING_TYPE, subtype="data")
            return [], []
        text = in_words(counts[key.lower()])
        if key[:1].isupper():
            text = text[:1].upper() + text[1:]
        return [nodes.inline(text, text, classes=["cq-count"])], []


def setup_counts(app: Sphinx) -> None:
    app.add_role("count", CountRole())
