"""The Rommé declaration: an entry with evidence for every axis of Rommé, every passage verbatim from the article,
statuses that say where the article reports a variant, and the loader's errors for a bad Rommé file."""

import pytest

from conquian import DECLARATIONS, DeclarationError, RommeRules, Status, variant
from conquian.declarations import load_declaration
from conquian.games.romme.rules import AXES

from test_declarations import squash

DECL = DECLARATIONS["romme-spielwiki"]


def test_the_declaration_is_of_rommé_and_amounts_to_the_articles_rules():
    assert DECL.game == "romme" and isinstance(DECL.rules, RommeRules) and DECL.rules == RommeRules()
    assert variant("Spielwiki") is DECL.rules and DECL.licence == "cc-by-sa" and DECL.language == "de"
    assert list(DECL.entries) == [ax.name for ax in AXES]


@pytest.mark.parametrize("axis", [ax.name for ax in AXES])
def test_every_axis_has_an_entry_with_the_evidence_its_status_needs(axis):
    entry = DECL.entries[axis]
    assert entry.value == getattr(DECL.rules, axis)
    if entry.status is Status.SILENT:
        assert entry.note.strip()
    else:
        assert entry.evidence
    if entry.status is Status.AMBIGUOUS:
        assert entry.note and len({r.value for r in entry.readings}) >= 2 and entry.value in {r.value for r in entry.readings}
    for ev in entry.evidence:
        assert ev.locator.strip() and ev.english.strip()


@pytest.mark.parametrize("axis, others", [("round_the_corner", ["true"]), ("ace_value", ["ten"]),
                                          ("first_meld", ["30", "35", "42"]), ("jokers", ["4", "2", "0"]),
                                          ("drawn_to_hand", ["false"])])
def test_each_practice_the_article_reports_is_filed_under_its_reading(axis, others):
    entry = DECL.entries[axis]
    ax = next(a for a in AXES if a.name == axis)
    reported = lambda ev: "manchmal" in ev.passage.lower() or ev.locator.startswith("Varianten")
    assert [ax.format(r.value) for r in entry.other_readings] == others
    for value in entry.other_readings:
        assert any(reported(ev) for ev in entry.passages_for(value.value)), (axis, value)
    assert not any(reported(ev) for ev in entry.passages_for(entry.value)), axis


def test_statuses():
    by = {s: sorted(a for a, e in DECL.entries.items() if e.status is s) for s in Status}
    # jokers side by side and natural cards in a meld: one case settled, the rest this site's (statuses.md)
    assert by[Status.SILENT] == ["adjacent_jokers", "idle_turns", "min_cut", "min_naturals", "stock_renewals"]
    # the article's "manchmal" and its list of common deviations are readings (docs/explanation/statuses.md)
    assert by[Status.AMBIGUOUS] == ["ace_value", "cut_joker", "drawn_to_hand", "first_meld", "going_out", "jokers",
                                    "max_sequence", "round_the_corner"]
    assert by[Status.IMPLIED] == []


def test_where_the_article_reports_a_variant_the_note_says_so():
    for axis, entry in DECL.entries.items():
        words = " ".join(ev.passage for ev in entry.evidence)
        for marker in ("Manchmal", "manchmal", "Vielfach", "je nach Variante"):
            if marker in words:
                assert marker.lower() in entry.note.lower(), (axis, marker)


def test_every_passage_occurs_in_the_article(source_texts):
    text = squash((source_texts / DECL.text).read_text(encoding="utf-8"))
    missing = [(axis, ev.locator, ev.passage) for axis, entry in DECL.entries.items() for ev in entry.evidence
               if squash(ev.passage) not in text]
    assert not missing, f"passages not found in {DECL.text}: {missing}"


def _write(tmp_path, edit):
    bad = tmp_path / "romme-spielwiki.toml"
    bad.write_text(edit(DECL.path.read_text(encoding="utf-8")), encoding="utf-8")
    return bad


@pytest.mark.parametrize("edit, message", [
    (lambda s: s.replace("[axes.packs]", "[axes.forcing]\nvalue = \"none\"\nstatus = \"silent\"\nnote = \"x\"\n\n[axes.packs]", 1),
     r"unknown axis 'forcing'; the axes of romme are: packs, jokers, min_set"),
    (lambda s: s.replace('game = "romme"', 'game = "canasta"'), r"game 'canasta' is not one the engine plays; games: conquian, romme"),
    (lambda s: s.replace('game = "romme"', 'game = "conquian"'), r"unknown axis 'packs'; the axes of conquian are"),
    (lambda s: s.replace('[axes.jokers]\nvalue = 6', '[axes.jokers]\nvalue = 7'), r"axis 'jokers', value: axis 'jokers' cannot be 7"),
    (lambda s: s.replace('[axes.packs]\nvalue = 2', '[axes.packs]\nvalue = 1'), r"jokers=6 conflicts with packs=1"),
    (lambda s: s.replace('licence = "cc-by-sa"', 'licence = "gpl"'), r"licence 'gpl' is not one of public-domain, quote-short, cc-by-sa"),
])
def test_bad_rommé_declarations(tmp_path, edit, message):
    with pytest.raises(DeclarationError, match=r"romme-spielwiki\.toml: .*" + message):
        load_declaration(_write(tmp_path, edit))
