"""A value in a reader's few words, where the rule-set word is the engine's ("spanish", "covered", "reactive").

The matrix shows one value per cell and a ruling page's banner names an ambiguous entry's other reading: both need
a value in two or three words a player understands without the rule's page.  The rule-set words stay in rule-set
text and declarations; :func:`cell_words` maps each enumerated value whose word is the engine's to the reader's,
and keeps every other value (numbers, yes/no, words that already read well: "low or high", "new deal") as
:meth:`~conquian.axes.Axis.words` gives it.  ``tests/test_reader_path.py`` checks that no engine word reaches the
matrix.
"""

from __future__ import annotations

from typing import Any

#: (axis, rule-set word) -> the reader's words.  Only the words a player would not read as meant.
READER_WORDS: dict[tuple[str, str], str] = {
    ("pack", "spanish"): "Spanish pack (A–7, J Q K)",
    ("pack", "ace-to-ten"): "ace to 10",
    ("first_say", "pone"): "the pone",
    ("first_say", "dealer"): "the dealer",
    ("unused_draw", "offered"): "offered to the opponent",
    ("unused_draw", "dead"): "out of play",
    ("refused_card", "turned-down"): "turned face down",
    ("refused_card", "covered"): "left face up",
    ("hand_cards", "with-the-card"): "only with the card used",
    ("hand_cards", "any"): "any melds",
    ("forcing", "none"): "never",
    ("forcing", "active"): "put on his meld",
    ("forcing", "reactive"): "made to take it",
    ("demanded_use", "lay-off"): "added to his meld",
    ("demanded_use", "any"): "any use",
    ("rearranging", "none"): "never",
    ("rearranging", "borrow"): "borrow from four or more",
    ("rearranging", "with-new-meld"): "only for a new meld",
    ("rearranging", "free"): "any regrouping",
    ("stock_exhausted", "tableau"): "a tie",
    ("scoring", "point"): "a point a game",
    ("scoring", "stake"): "a stake",
    ("scoring", "pips"): "the pips in hand",
    ("tableau_stake", "carried"): "carried to the next game",
    ("tableau_stake", "doubled"): "doubled each tie",
    ("tableau_stake", "doubled-once"): "doubled once",
    ("dealer_rotation", "alternate"): "each in turn",
    ("adjacent_jokers", "long-sequences"): "in long sequences",
    ("ace_value", "eleven"): "11 points",
    ("ace_value", "ten"): "10 points",
    ("going_out", "meld-or-discard"): "by a meld or a discard",
    ("going_out", "discard"): "by a discard",
    ("first_dealer", "highest-card"): "highest card",
    ("first_dealer", "lot"): "by lot",
    ("next_dealer", "left"): "the player on the left",
}


def cell_words(axis: Any, value: Any) -> str:
    """The value of ``axis`` in a reader's words: ``cell_words(FORCING, "reactive")`` is "made to take it"."""
    return READER_WORDS.get((axis.name, axis.format(value)), axis.words(value).replace("-", " "))
