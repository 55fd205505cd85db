"""Every source declares every axis with the evidence its status needs, and every passage really occurs in its text."""

import re

import pytest

from conquian import DECLARATIONS, VARIANTS, Status
from conquian.declarations import load_declaration, sources_dir
from conquian.errors import DeclarationError
from conquian.rules import AXES

SOURCES = sources_dir()
CONQUIAN_SOURCES = ["foster-1913", "rummy-ch", "dutch", "french"]


def squash(text: str) -> str:
    """Whitespace normalised, and typographic quotes folded, for comparing a passage with its text."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", text).strip()


def test_the_four_conquian_sources_are_declared():
    assert list(DECLARATIONS) == CONQUIAN_SOURCES  # most authoritative first
    assert list(VARIANTS) == list(DECLARATIONS)


@pytest.mark.parametrize("source", CONQUIAN_SOURCES)
@pytest.mark.parametrize("axis", [ax.name for ax in AXES])
def test_every_source_has_an_entry_for_every_axis(source, axis):
    entry = DECLARATIONS[source].entries[axis]
    assert entry.value == getattr(VARIANTS[source], axis)
    if entry.status is not Status.SILENT:
        assert entry.evidence, f"{source}: {axis} is {entry.status} without a passage"
    else:
        assert entry.note.strip(), f"{source}: {axis} is silent without the reason for the value"
    if entry.status is Status.AMBIGUOUS:
        assert len(entry.readings) >= 2 and entry.note.strip()
    for ev in entry.evidence:
        assert ev.locator.strip() and ev.english.strip()


@pytest.mark.skipif(SOURCES is None, reason="../shared/sources/ is not beside this checkout, so passages cannot be checked")
@pytest.mark.parametrize("source", CONQUIAN_SOURCES)
def test_every_passage_occurs_in_its_source_text(source):
    decl = DECLARATIONS[source]
    text = squash((SOURCES / decl.text).read_text(encoding="utf-8"))
    missing = [(axis, ev.locator, ev.passage) for axis, entry in decl.entries.items() for ev in entry.evidence
               if squash(ev.passage) not in text]
    assert not missing, f"{decl.path}: passages not found in {decl.text}: {missing}"


def test_a_declaration_missing_an_axis_is_rejected_naming_file_and_axis(tmp_path):
    src = DECLARATIONS["foster-1913"].path.read_text(encoding="utf-8")
    cut = re.sub(r"\[axes\.max_sequence\].*?(?=\n\[axes\.)", "", src, flags=re.S)
    bad = tmp_path / "foster-1913.toml"
    bad.write_text(cut, encoding="utf-8")
    with pytest.raises(DeclarationError, match=r"foster-1913\.toml: no entry for axis 'max_sequence'"):
        load_declaration(bad)


def test_a_fifth_source_is_one_more_file(tmp_path):
    """Copy the declarations, add one file, and the engine knows and plays the new source."""
    import shutil
    import subprocess
    import sys
    folder = tmp_path / "variants"
    shutil.copytree(DECLARATIONS["dutch"].path.parent, folder)
    text = (folder / "dutch.toml").read_text(encoding="utf-8").replace('id = "dutch"', 'id = "hoyle-nl"', 1)
    text = text.replace('aliases = ["nl", "nederlands"]', 'aliases = ["hoyle"]', 1)
    (folder / "hoyle-nl.toml").write_text(text, encoding="utf-8")
    code = ("import conquian, random; g = conquian.Game(conquian.variant('Hoyle'), seed=1); rng = random.Random(1)\n"
            "while not g.is_over: g.play(rng.choice(g.legal_actions()))\n"
            "print(list(conquian.VARIANTS), g.outcome is not None)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**__import__("os").environ, "CONQUIAN_VARIANTS": str(folder)})
    assert done.stdout.strip() == "['foster-1913', 'rummy-ch', 'dutch', 'hoyle-nl', 'french'] True"
