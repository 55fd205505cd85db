"""Described sources (pagat.com's page, not stored): every piece of evidence names a section the facts file has, quotes
a few words at most and says the rest in our words; the loader refuses a passage, a long quotation or rendering, and a
kind and licence that disagree, each message naming the file and the place."""

from __future__ import annotations

import pytest

from conquian import DECLARATIONS, DeclarationError
from conquian.declaration_evidence import MAX_DESCRIBED_CHARS, MAX_QUOTED_WORDS, facts_locators
from conquian.declarations import load_declaration

DESCRIBED = [d.id for d in DECLARATIONS.values() if d.described]


def _evidence(decl):
    """Every piece of evidence of a declaration, with where it stands: entries, their context, the play rules."""
    for axis, entry in decl.entries.items():
        for ev in entry.evidence + entry.context:
            yield f"axis {axis}", ev
    for rule in decl.play:
        for ev in rule.evidence:
            yield f"play rule {rule.rule[:40]!r}", ev


def test_pagats_two_games_are_described_sources():
    assert DESCRIBED == ["pagat-mexican", "pagat-north-american"]
    for source in DESCRIBED:
        decl = DECLARATIONS[source]
        assert decl.licence == "describe-only" and decl.text == "pagat-conquian.md"
        assert decl.url == "https://www.pagat.com/rummy/conquian.html"


@pytest.mark.parametrize("source", DESCRIBED)
def test_every_locator_is_a_section_the_facts_file_names(source, source_texts):
    decl = DECLARATIONS[source]
    sections = facts_locators((source_texts / decl.text).read_text(encoding="utf-8"))
    assert "Mexican Conquian, Forcing" in sections and "The North American two-player game" in sections
    wrong = [(where, ev.locator) for where, ev in _evidence(decl) if ev.locator not in sections]
    assert not wrong, f"{decl.path}: locators the facts file does not name: {wrong}; it names: {sorted(sections)}"


@pytest.mark.parametrize("source", DESCRIBED)
def test_described_evidence_is_our_words_and_a_few_of_the_pages(source):
    decl = DECLARATIONS[source]
    pieces = list(_evidence(decl))
    assert len(pieces) >= 20  # every rule the page settles has its evidence
    for where, ev in pieces:
        assert ev.described and not ev.passage, f"{decl.path}: {where} quotes a passage"
        assert ev.english.strip() and len(ev.english) <= MAX_DESCRIBED_CHARS
        assert len(ev.quoted.split()) <= MAX_QUOTED_WORDS


# -- the loader's refusals --------------------------------------------------------------------------------------------
# (a described rule's own refusals, one piece of evidence at a time: tests/test_described_evidence.py)
@pytest.mark.parametrize("edit, message", [
    (lambda s: s.replace('licence = "describe-only"', 'licence = "quote-short"'),
     "a described source (kind = \"described\") and only such a source has the licence 'describe-only'"),
    (lambda s: s.replace('kind = "described"', 'kind = "summary"'), "kind 'summary' is not one of text, described"),
    (lambda s: s.replace('[[axes.forcing.evidence]]\n', '[[axes.forcing.evidence]]\npassage = "give it"\n', 1),
     "axis 'forcing', evidence 1: a described source quotes no passage"),
], ids=["a quoting licence", "an unknown kind", "a passage in one entry"])
def test_a_described_file_the_loader_refuses(tmp_path, edit, message):
    text = DECLARATIONS["pagat-north-american"].path.read_text(encoding="utf-8")
    changed = edit(text)
    assert changed != text
    path = tmp_path / "pagat-north-american.toml"
    path.write_text(changed, encoding="utf-8")
    with pytest.raises(DeclarationError) as caught:
        load_declaration(path)
    assert str(caught.value).startswith(str(path)) and message in str(caught.value), str(caught.value)
