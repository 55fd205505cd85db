"""Declarations: every source declares every axis with the evidence its status needs, every passage occurs in its
text, and the loader turns every kind of bad file into an error naming the file, the axis and the key."""

import os
import re
import shutil
import subprocess
import sys

import pytest

from conquian import DECLARATIONS, VARIANTS, DeclarationError, Status
from conquian.declarations import load_declaration
from conquian.registry import load_all
from conquian.games.conquian.rules import AXES, AXIS_BY_NAME

CONQUIAN_SOURCES = ["foster-1913", "pagat-mexican", "pagat-north-american", "rummy-ch", "dutch", "french"]
#: The sources quoted from a stored text (the others are described: tests/test_described_sources.py).
QUOTED = [s for s in CONQUIAN_SOURCES if not DECLARATIONS[s].described]


def squash(text: str) -> str:
    """Whitespace normalised, and typographic quotes folded, for comparing a passage with its text."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(text.split())


def test_the_conquian_sources_are_declared():
    assert [i for i, d in DECLARATIONS.items() if d.game == "conquian"] == CONQUIAN_SOURCES  # most authoritative first
    assert list(DECLARATIONS) == CONQUIAN_SOURCES + ["romme-spielwiki"]  # game by game, Conquian first
    assert list(VARIANTS) == list(DECLARATIONS)


@pytest.mark.parametrize("source", CONQUIAN_SOURCES)
@pytest.mark.parametrize("axis", [ax.name for ax in AXES])
def test_every_source_has_an_entry_for_every_axis_that_arises(source, axis):
    if not AXIS_BY_NAME[axis].applies(VARIANTS[source]):
        assert axis not in DECLARATIONS[source].entries
        return
    entry = DECLARATIONS[source].entries[axis]
    assert entry.value == getattr(VARIANTS[source], axis)
    if entry.status is not Status.SILENT:
        assert entry.evidence, f"{source}: {axis} is {entry.status} without a passage"
    else:
        assert entry.note.strip(), f"{source}: {axis} is silent without the reason for the value"
    if entry.status is Status.AMBIGUOUS:
        assert len({r.value for r in entry.readings}) >= 2 and entry.value in {r.value for r in entry.readings}
    for ev in entry.evidence:
        assert ev.locator.strip() and ev.english.strip()


@pytest.mark.parametrize("source", QUOTED)
def test_every_passage_occurs_in_its_source_text(source, source_texts):
    decl = DECLARATIONS[source]
    text = squash((source_texts / decl.text).read_text(encoding="utf-8"))
    missing = [(axis, ev.locator, ev.passage) for axis, entry in decl.entries.items() for ev in entry.evidence
               if squash(ev.passage) not in text]
    assert not missing, f"{decl.path}: passages not found in {decl.text}: {missing}"


# -- the loader: every kind of bad file ---------------------------------------------------------------------
def _write(tmp_path, edit, name="foster-1913"):
    src = DECLARATIONS[name].path.read_text(encoding="utf-8")
    bad = tmp_path / f"{name}.toml"
    bad.write_text(edit(src), encoding="utf-8")
    return bad


@pytest.mark.parametrize("edit, message", [
    (lambda s: s.replace('value = "ace-to-ten"\nstatus = "ambiguous"', 'value = "ace-to-ten"\nstatus = "likely"', 1),
     r"axis 'pack': status 'likely' is not one of stated"),
    # A passage filed under another reading (issue 29): only in an ambiguous entry, under a reading not chosen,
    # and never first (citations quote the first passage).
    (lambda s: s.replace('locator = "For Two Players, paragraph 4, 1st sentence"\n',
                         'locator = "For Two Players, paragraph 4, 1st sentence"\nreading = 12\n', 1),
     r"axis 'min_set', evidence 2: 'reading' files a passage under another reading, which only an ambiguous entry has"),
    (lambda s: s.replace('reading = "spanish"', 'reading = "ace-to-ten"', 1),
     r"axis 'pack', evidence 3: 'reading' names 'ace-to-ten', which is not one of the other readings \(spanish\)"),
    (lambda s: s.replace('reading = "spanish"', 'reading = ["spanish", 7]', 1), r"axis 'pack', evidence 3, reading: axis 'pack' cannot be 7"),
    (lambda s: s.replace('locator = "For Two Players, paragraph 2"\n\n[[axes.pack.evidence]]\npassage = "Suppose',
                         'locator = "For Two Players, paragraph 2"\nreading = "spanish"\n\n[[axes.pack.evidence]]\npassage = "Suppose', 1),
     r"axis 'pack': the first passage must be evidence for the value chosen"),
    (lambda s: s.replace('value = "ace-to-ten"', 'value = "tarot"', 1), r"axis 'pack', value: axis 'pack' cannot be 'tarot'"),
    (lambda s: s.replace("[axes.pack]", "[axes.pack]\ncolour = 1", 1), r"axis 'pack': unknown key 'colour'; valid keys: value, status"),
    (lambda s: s.replace("[axes.pack]", "[axes.jokers]\nvalue = 1\nstatus = \"silent\"\nnote = \"x\"\n\n[axes.pack]", 1),
     r"unknown axis 'jokers'"),
    (lambda s: s.replace('id = "foster-1913"', 'id = "foster"', 1), r"id 'foster' does not match the file name 'foster-1913'"),
    (lambda s: re.sub(r'(\[axes\.forcing\]\nvalue = )"active"', r'\1"reactive"', s),
     r"forcing=reactive conflicts with|add_to_opponent=only-by-forcing conflicts with forcing=reactive"),
    # Wrong types: a number where a list of tables belongs, a table where text belongs, a float value.
    (lambda s: re.sub(r'repairs = \[ \{ found = "can he shown".*', 'repairs = 5', s, count=1),
     r"evidence 1: key 'repairs' must be a list of tables, not a number"),
    (lambda s: s.replace('short = "Foster 1913"', 'short = { a = 1 }', 1), r"key 'short' must be non-empty text, not a table"),
    (lambda s: s.replace('value = 3\n', 'value = 3.5\n', 1), r"axis 'min_set': key 'value' must be a value, not a number"),
    (lambda s: s.replace('aliases = ["foster", "cooncan-1913"]', 'aliases = "foster"', 1), r"key 'aliases' must be a list of texts"),
    (lambda s: s.replace('title = ', 'deep = ' + "[" * 3000 + "]" * 3000 + '\ntitle = ', 1), r"not valid TOML|nested too deeply"),
    (lambda s: s.replace('[[axes.dealer_rotation.readings]]\nvalue = "loser-deals"', '[[axes.dealer_rotation.readings]]\nvalue = "alternate"', 1),
     r"axis 'dealer_rotation': two readings give the same value"),
    (lambda s: s.replace('[axes.dealer_rotation]\nvalue = "alternate"', '[axes.dealer_rotation]\nvalue = "alternate"', 1)
     .replace('reading = "The deal passes', 'reading = "x"\nextra = "The deal passes', 1), r"reading 1: unknown key 'extra'"),
])
def test_bad_declarations(tmp_path, edit, message):
    with pytest.raises(DeclarationError, match=r"foster-1913\.toml: .*" + message):
        load_declaration(_write(tmp_path, edit))


def test_a_stated_entry_without_a_passage_is_rejected(tmp_path):
    def cut(src):
        start = src.index("[[axes.max_sequence.evidence]]")
        return src[:start] + src[src.index("[axes.", start + 10):]
    with pytest.raises(DeclarationError, match=r"axis 'max_sequence': status 'stated' needs at least one passage"):
        load_declaration(_write(tmp_path, cut, "rummy-ch"))


def test_a_declaration_missing_an_axis_is_rejected_naming_file_and_axis(tmp_path):
    bad = _write(tmp_path, lambda s: re.sub(r"\[axes\.max_sequence\].*?(?=\n\[axes\.)", "", s, flags=re.S))
    with pytest.raises(DeclarationError, match=r"foster-1913\.toml: no entry for axis 'max_sequence'"):
        load_declaration(bad)


def test_a_file_not_in_utf8_is_named(tmp_path):
    bad = tmp_path / "foster-1913.toml"
    bad.write_bytes(DECLARATIONS["foster-1913"].path.read_text(encoding="utf-8").encode("latin-1", "replace"))
    with pytest.raises(DeclarationError, match=r"foster-1913\.toml: not UTF-8 text \(byte \d+ is 0x"):
        load_declaration(bad)


def test_an_id_or_alias_claimed_twice_names_both_files(tmp_path):
    folder = tmp_path / "variants"
    shutil.copytree(DECLARATIONS["dutch"].path.parent, folder)
    text = (folder / "dutch.toml").read_text(encoding="utf-8").replace('id = "dutch"', 'id = "foster"', 1)
    (folder / "foster.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DeclarationError, match=r"foster\.toml: the name 'foster' is already claimed by .*foster-1913\.toml "
                                               r"\(as its alias\)"):
        load_all(folder)
    (folder / "foster.toml").unlink()
    text = text.replace('id = "foster"', 'id = "hoyle-nl"', 1)  # keeps the aliases nl, nederlands of dutch
    (folder / "hoyle-nl.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DeclarationError, match=r"hoyle-nl\.toml: the name 'nl' is already claimed by .*dutch\.toml"):
        load_all(folder)


def _run_with_variants(folder, code):
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "CONQUIAN_VARIANTS": str(folder)})


def test_an_empty_registry_says_so(tmp_path):
    done = _run_with_variants(tmp_path, "import conquian; conquian.variant('dutch')")
    assert "unknown variant 'dutch'; known variants: none: " in done.stderr


def test_one_more_source_is_one_more_file(tmp_path):
    """Copy the declarations, add one file, and the engine knows and plays the new source."""
    folder = tmp_path / "variants"
    shutil.copytree(DECLARATIONS["dutch"].path.parent, folder)
    text = (folder / "dutch.toml").read_text(encoding="utf-8").replace('id = "dutch"', 'id = "hoyle-nl"', 1)
    text = text.replace('aliases = ["nl", "nederlands"]', 'aliases = ["hoyle"]', 1)
    (folder / "hoyle-nl.toml").write_text(text, encoding="utf-8")
    code = ("import conquian, random; g = conquian.Game(conquian.variant('Hoyle'), seed=1); rng = random.Random(1)\n"
            "while not g.is_over: g.play(rng.choice(g.legal_actions()))\n"
            "print(list(conquian.VARIANTS), g.outcome is not None)")
    done = _run_with_variants(folder, code)
    # (the how-to's test runs this file in a copy whose list already names a hoyle-nl of its own)
    others = [s for s in CONQUIAN_SOURCES if s != "hoyle-nl"]
    listed = ", ".join(repr(i) for i in [*others[:-1], "hoyle-nl", others[-1], "romme-spielwiki"])
    assert done.stdout.strip() == f"[{listed}] True", done.stderr


# -- guards: a badge never claims more than the text gives ----------------------------------------------------
CLAIMS_SILENCE = re.compile(r"\b(is|are) silent\b|this project's (interpretation|reading)|the project reads|"
                            r"the project chooses|our interpretation", re.I)


def _entries():
    return [(d.id, axis, e) for d in DECLARATIONS.values() for axis, e in d.entries.items()]


@pytest.mark.parametrize("source, axis, entry", _entries(), ids=lambda x: x if isinstance(x, str) else "")
def test_statuses_are_earned(source, axis, entry):
    ax = next(a for a in type(DECLARATIONS[source].rules).AXES if a.name == axis)
    if entry.status is Status.STATED:
        assert not CLAIMS_SILENCE.search(entry.note), f"{source}: {axis} is stated, but its note calls the value a reading"
    if entry.status is Status.AMBIGUOUS:
        values = [r.value for r in entry.readings]
        assert len(set(values)) >= 2 and entry.value in values
        assert all(ax.coerce(v) == v for v in values)  # each reading is a valid value of the axis
    if entry.status is Status.SILENT:
        assert not entry.evidence, f"{source}: {axis} is silent but cites a passage as its authority"
    else:
        assert not entry.context
    _practice_and_extension_rules(source, axis, entry)  # defined below, with the two rules it applies


# docs/explanation/statuses.md, "A practice the text reports": a qualifier that reports a practice makes the value
# ambiguous, unless it names no other way of playing (the note says so); a passage that names another way is filed
# under that reading.  "One case said, the rest extended": a value that also settles what the text does not reach is
# never stated.
PRACTICE = re.compile(r"\b(usually|usual|sometimes|often|manchmal|vielfach|üblicherweise|häufig|gewöhnlich|"
                      r"meestal|soms|souvent|parfois|généralement)\b|je nach Variante", re.I)
NAMES_ANOTHER_WAY = re.compile(r"\b(manchmal|sometimes|soms|parfois)\b", re.I)
EXTENDED = {"tableau_stake": "what happens after two ties running (the text settles one tie)",
            "min_naturals": "melds longer than three cards (the text settles the three-card meld)",
            "adjacent_jokers": "sets (the text settles sequences)"}


def _where(source, axis, passage=None):
    """``file:line`` of an entry (or of one of its passages) in its declaration, for a failure to point at."""
    path = DECLARATIONS[source].path
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, t in enumerate(lines, 1) if t.strip() == f"[axes.{axis}]")
    if passage is not None:
        quoted = passage[:40]
        line = next((i for i, t in enumerate(lines[line:], line + 1) if t.startswith("passage") and quoted in t), line)
    return f"{path}:{line}"


def _practice_and_extension_rules(source, axis, entry):
    for ev in entry.evidence:
        marker = PRACTICE.search(ev.passage or ev.english)  # a described source: what we say it says
        if marker is None:
            continue
        if entry.status in (Status.STATED, Status.IMPLIED):
            assert marker.group(0).lower() in entry.note.lower() and "no other way of playing" in entry.note, (
                f"{_where(source, axis, ev.passage)}: {source} {axis} is {entry.status.value}, but its passage reports "
                f"a practice ({marker.group(0)!r}): make it ambiguous, the practice a reading, or say in the note that "
                f"the qualifier names no other way of playing")
        if NAMES_ANOTHER_WAY.search(ev.passage) or ev.locator.startswith("Varianten"):
            assert ev.for_readings, (f"{_where(source, axis, ev.passage)}: {source} {axis}: a passage naming another "
                                     f"way of playing is filed as evidence for the value chosen; file it under its "
                                     f"reading (reading = ...)")
    if axis in EXTENDED:
        assert entry.status not in (Status.STATED, Status.IMPLIED), (
            f"{_where(source, axis)}: {source} {axis} is {entry.status.value}, but the value also settles "
            f"{EXTENDED[axis]}: that is this site's extension (ambiguous, or silent where one way alone is a value)")


def test_the_loader_refuses_a_silent_entry_with_evidence(tmp_path):
    edit = lambda s: s.replace("[[axes.dealer_rotation.context]]", "[[axes.dealer_rotation.evidence]]", 1)
    with pytest.raises(DeclarationError, match=r"axis 'dealer_rotation': a silent entry cites no passage as its authority"):
        load_declaration(_write(tmp_path, edit, "dutch"))


def test_an_axis_that_does_not_arise_has_no_entry(tmp_path):
    edit = lambda s: s.replace("[axes.demanded_use]", "[axes.force_back]\nvalue = true\nstatus = \"silent\"\nnote = \"x\"\n\n"
                                                      "[axes.demanded_use]", 1)
    with pytest.raises(DeclarationError, match=r"axis 'force_back' does not arise under this source's rules \(only when "
                                               r"forcing is active or both\): remove its entry"):
        load_declaration(_write(tmp_path, edit, "rummy-ch"))
