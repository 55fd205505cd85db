"""Described evidence (a page that is not stored, such as pagat.com's, declared with ``kind = "described"``): a rule in
our words, a section the facts file names and a few of the page's words at most; the loader refuses a passage, a long
quotation or rendering, and a kind and licence that disagree, each message naming the file and the place."""

from __future__ import annotations

import pytest

from conquian import DECLARATIONS, DeclarationError
from conquian.declaration_evidence import MAX_DESCRIBED_CHARS, MAX_QUOTED_WORDS, facts_locators, read_evidence
from conquian.declarations import load_declaration


def test_the_facts_file_names_the_sections_of_pagats_page(source_texts):
    sections = facts_locators((source_texts / "pagat-conquian.md").read_text(encoding="utf-8"))
    assert {"Mexican Conquian", "Mexican Conquian, Forcing", "Mexican Conquian, The exchange",
            "Mexican Conquian, Players, Cards and Deal", "Mexican Conquian, Variations the page lists",
            "The North American two-player game"} <= sections
    assert not any(s.endswith(".") or "**" in s for s in sections)
    # bold words opening a line inside the North American paragraph ("**face down**") are no section
    assert [s for s in sections if s.startswith("The North American two-player game")] == [
        "The North American two-player game"]


def test_a_described_rule_is_read_as_our_words_with_the_pages_own():
    ev = read_evidence({"locator": "Mexican Conquian, Forcing", "english": "Either opponent may make him meld it.",
                        "quoted": "two words"}, "here", english_source=True, described=True)
    assert (ev.described, ev.passage, ev.quoted, ev.english) == (True, "", "two words",
                                                                  "Either opponent may make him meld it.")


@pytest.mark.parametrize("raw, message", [
    ({"passage": "The centre card can never be taken.", "locator": "Play", "english": "x"},
     "a described source quotes no passage"),
    ({"locator": "Play", "english": "A card is used at once or not at all.",
      "quoted": "one two three four five six seven eight nine"}, f"'quoted' holds 9 words; a described source is "
                                                                 f"quoted by {MAX_QUOTED_WORDS} words at most"),
    ({"locator": "Play", "english": "x" * (MAX_DESCRIBED_CHARS + 1)}, f"'english' is {MAX_DESCRIBED_CHARS + 1} characters"),
    ({"locator": "Play"}, "missing key 'english'"),
    ({"locator": "Play", "english": "ok", "page": 3}, "unknown key 'page'; valid keys: locator, english, quoted, reading"),
], ids=["a passage", "nine words quoted", "a long rendering", "no rendering", "an unknown key"])
def test_a_described_rule_the_loader_refuses(raw, message):
    with pytest.raises(DeclarationError, match="^here, evidence 1: ") as caught:
        read_evidence(raw, "here, evidence 1", english_source=True, described=True)
    assert message in str(caught.value)


def test_a_stored_texts_evidence_takes_no_quoted_words():
    with pytest.raises(DeclarationError, match="unknown key 'quoted'"):
        read_evidence({"passage": "p", "locator": "l", "quoted": "p"}, "here", english_source=True, described=False)


@pytest.mark.parametrize("edit, message", [
    (lambda s: s.replace('licence = "quote-short"', 'licence = "describe-only"'),
     "a described source (kind = \"described\") and only such a source has the licence 'describe-only': kind is "
     "'text', licence 'describe-only'"),
    (lambda s: s.replace('licence = "quote-short"', 'kind = "described"\nlicence = "quote-short"'),
     "kind is 'described', licence 'quote-short'"),
    (lambda s: s.replace('licence = "quote-short"', 'kind = "summary"\nlicence = "quote-short"'),
     "kind 'summary' is not one of text, described"),
    (lambda s: s.replace('licence = "quote-short"', 'kind = "described"\nlicence = "describe-only"'),
     "axis 'pack', evidence 1: a described source quotes no passage"),
], ids=["a describing licence on a text", "a described kind quoting", "an unknown kind", "passages in a described file"])
def test_a_file_whose_kind_and_evidence_disagree_is_refused(tmp_path, edit, message):
    text = DECLARATIONS["rummy-ch"].path.read_text(encoding="utf-8")
    changed = edit(text)
    assert changed != text
    path = tmp_path / "rummy-ch.toml"
    path.write_text(changed, encoding="utf-8")
    with pytest.raises(DeclarationError) as caught:
        load_declaration(path)
    assert str(caught.value).startswith(str(path)) and message in str(caught.value), str(caught.value)
