"""A broken file in the variants folder never breaks ``import conquian``: asking for it names the file and the problem.

Each case runs in a fresh interpreter with ``CONQUIAN_VARIANTS`` pointing at a temporary folder: the good
declarations copied, plus one broken file.  The library raises a :class:`~conquian.errors.DeclarationError`
when the broken source is asked for, the other sources keep working, and the command line prints one line and
exits 2.
"""

import json
import os
import shutil
import subprocess
import sys

import pytest

import conquian
from conquian import DECLARATIONS

PROBE = """
import json, conquian
from conquian.errors import DeclarationError
out = {"imported": True}
try:
    conquian.variant(%r)
    out["broken"] = None
except DeclarationError as exc:
    out["broken"] = str(exc)
try:
    out["other"] = str(conquian.variant("rummy-ch"))
except DeclarationError as exc:
    out["other"] = "error: " + str(exc)
print(json.dumps(out))
"""


def _run(folder, *args):
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "CONQUIAN_VARIANTS": str(folder)})


def _folder(tmp_path):
    folder = tmp_path / "variants"
    folder.mkdir()
    for d in DECLARATIONS.values():
        shutil.copy(d.path, folder / d.path.name)
    return folder


def _dutch_text():
    return DECLARATIONS["dutch"].path.read_text(encoding="utf-8")


# name of the broken source, how to break it, what the error says
CASES = {
    "bad TOML": ("dutch", lambda f: (f / "dutch.toml").write_text(_dutch_text() + "\n[[[oops\n", encoding="utf-8"),
                 r"dutch.toml: not valid TOML"),
    "not UTF-8": ("dutch", lambda f: (f / "dutch.toml").write_bytes(_dutch_text().encode("utf-8") + b"\n# \xff\xfe\n"),
                  r"dutch.toml: not UTF-8 text (byte "),
    "an existing source's name": (
        "hoyle-nl",
        lambda f: (f / "hoyle-nl.toml").write_text(_dutch_text().replace('id = "dutch"', 'id = "hoyle-nl"', 1),
                                                   encoding="utf-8"),
        r"hoyle-nl.toml: the name 'nl' is already claimed by "),
    "a declaration the checks refuse": (
        "dutch", lambda f: (f / "dutch.toml").write_text(_dutch_text().replace("[axes.turn_up]", "[axes.turn_upp]", 1),
                                                         encoding="utf-8"),
        r"dutch.toml: unknown axis 'turn_upp'"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_broken_file_is_named_when_asked_for_and_the_others_keep_working(tmp_path, case):
    name, damage, says = CASES[case]
    folder = _folder(tmp_path)
    damage(folder)
    done = _run(folder, "-c", PROBE % name)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["imported"] and out["other"] == "rummy-ch"
    assert out["broken"] is not None and str(folder) in out["broken"] and says in out["broken"]
    cli = _run(folder, "-m", "conquian.cli", "rules", name)
    assert cli.returncode == 2 and cli.stdout == ""
    assert cli.stderr.count("\n") == 1 and says in cli.stderr and cli.stderr.startswith("conquian: error: ")
    assert _run(folder, "-m", "conquian.cli", "rules", "rummy-ch").returncode == 0


def test_the_variants_command_lists_the_good_sources_and_names_the_broken_file(tmp_path):
    folder = _folder(tmp_path)
    CASES["bad TOML"][1](folder)
    done = _run(folder, "-m", "conquian.cli", "variants")
    assert done.returncode == 2
    assert "rummy-ch" in done.stdout and "dutch" not in done.stdout
    assert done.stderr.count("\n") == 1 and "dutch.toml: not valid TOML" in done.stderr


def test_a_variants_folder_that_does_not_exist_fails_on_use_not_on_import(tmp_path):
    missing = tmp_path / "nowhere"
    done = _run(missing, "-c", "import conquian; print(conquian.__version__)")
    assert done.returncode == 0 and done.stdout.strip() == conquian.__version__
    done = _run(missing, "-c", "import conquian\ntry:\n    conquian.variant('dutch')\nexcept conquian.DeclarationError as e:"
                               "\n    print(e)")
    assert done.stdout.startswith("CONQUIAN_VARIANTS=") and "no such folder" in done.stdout
    cli = _run(missing, "-m", "conquian.cli", "variants")
    assert cli.returncode == 2 and cli.stderr.count("\n") == 1 and "no such folder" in cli.stderr

