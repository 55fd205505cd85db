"""From every ruling to its passage and back: locators lead to paragraphs or passages, and each lists its rulings.

Also the family tree (who follows whom) and the bibliography's addresses, from the declarations.
"""

import re
import sys
from pathlib import Path

import pytest

from conquian import DECLARATIONS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from conquian_site.passages import citations, family_svg, lineage_rows, locator_target  # noqa: E402


def test_every_foster_locator_names_a_paragraph_that_holds_its_passage():
    foster = DECLARATIONS["foster-1913"]
    assert [p.label for p in foster.chapter][:6] == ["paragraph 1", "rule 1", "rule 2", "rule 3", "rule 4", "paragraph 2"]
    for entry in foster.entries.values():
        for ev in entry.evidence + entry.context:
            page, anchor = locator_target(foster, ev.locator)
            assert page == "sources/foster-1913" and anchor.startswith(("paragraph-", "rule-"))
            assert " ".join(ev.passage.split()) in " ".join(foster.paragraph(ev.locator).text.split())


def test_the_chapter_is_the_whole_section_of_the_text(source_texts):
    text = (source_texts / "foster-1913.txt").read_text(encoding="utf-8")
    section = text.split("For Two Players", 1)[1].split("This is a portion of a full-text reproduction")[0]
    held = " ".join(p.text for p in DECLARATIONS["foster-1913"].chapter)
    assert " ".join(re.sub(r"^\s*\d\.\s", " ", section, flags=re.M).split()) == " ".join(held.split())


def test_each_paragraph_lists_the_rulings_citing_it():
    cites = citations(DECLARATIONS["foster-1913"])
    assert ("rearranging", "evidence") in cites["paragraph-11"]
    assert ("max_sequence", "evidence") in cites["paragraph-12"]     # implied (see docs/explanation/statuses.md)
    assert ("dealer_rotation", "context") in citations(DECLARATIONS["dutch"])["passage-het-spel-5th-paragraph-last-sentence"]
    assert ("misdeal", "evidence") in cites["paragraph-3"]
    rummy = citations(DECLARATIONS["rummy-ch"])
    assert ("forcing", "evidence") in rummy["passage-zugzwang-1st-sentence"]
    assert ("demanded_use", "evidence") in rummy["passage-zugzwang-1st-sentence"]


def test_who_follows_whom():
    rows = {source: (original, relation) for original, _, relation, source in lineage_rows()}
    assert rows["Dutch"] == ("How to play: Conquian", "translation")
    assert rows["French"] == ("How to play: Conquian", "machine translation")
    assert rows["rummy.ch"][1] == "adaptation" and "Foster 1913" not in rows
    svg = family_svg()
    assert svg.count("cq-tree-edge") == 5 and "<title" in svg  # three lineages, Spielwiki's, Rommé's descent
    assert rows["Spielwiki"] == ("Rommé (German Wikipedia article)", "copy") and "cq-tree-descent" in svg


def test_every_source_online_has_its_address_in_the_bibliography():
    bib = (ROOT / "docs" / "references.bib").read_text(encoding="utf-8")
    for d in DECLARATIONS.values():
        if d.url:
            assert d.url in bib, d.id
        if d.lineage and d.lineage.url:
            assert d.lineage.url in bib, d.id


def test_built_pages_link_locators_to_their_paragraphs(built_site):
    html = built_site
    forcing = (html / "rulings" / "forcing.html").read_text(encoding="utf-8")
    assert '../sources/foster-1913.html#paragraph-10' in forcing
    foster = (html / "sources" / "foster-1913.html").read_text(encoding="utf-8")
    assert 'id="paragraph-11"' in foster and 'id="rule-4"' in foster
    rummy = (html / "sources" / "rummy-ch.html").read_text(encoding="utf-8")
    assert 'id="passage-zugzwang-1st-sentence"' in rummy
