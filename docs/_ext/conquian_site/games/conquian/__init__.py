"""Conquian's part of the site: its words and its table diagram (the home game's; see :mod:`conquian_site.games`).

=================  ==========================================================================================
module             its one job
=================  ==========================================================================================
:mod:`.words`      where a deal stands in words, a match's deal in words, the facts of a ``then`` column
:mod:`.score`      the play page's score: the match of the reader's deals
:mod:`.table`      the table diagram (the dealer above, the middle of the table, the pone below), in HTML and
                   in sentences
=================  ==========================================================================================
"""

from __future__ import annotations

from . import words
from .score import Score
from .table import position_html, seat_words, table_html, text_lines

__all__ = ["words", "position_html", "table_html", "seat_words", "text_lines", "Score"]
