"""The native kernel (native/kernel.c) against the Python engine: the same deals, deal for deal.

Every declared Conquian source (here) and 20 derived rule sets (``test_kernel_derived.py``) are played on both engines from the same seeds, with random
players, greedy players and one of each; the outcomes, the deal lengths, the final positions (hands, melds, stock,
cards out of play) and the generator's state afterwards must be identical.  Also: the C source compiles with
warnings as errors, the Python engine takes over when the kernel is missing or switched off (and the command line
says so in one line), and bad input to the kernel is an error, not a crash.

Without a built kernel the comparisons are skipped with the reason shown, and fail under CI (``CI=true``), where the
kernel must have been built.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from conquian import VARIANTS, ConflictingRules, ConquianError
from conquian.games.conquian import kernel
from conquian.registry import sources
from conquian.axes import AddToOpponent, Forcing
from conquian.games.conquian.rules import AXES
from conquian.simulation import Simulation

ROOT = Path(__file__).resolve().parent.parent
#: The sources the kernel plays, compared with the Python engine deal for deal (pagat's Mexican game has an exchange
#: before play, which the kernel does not play: it runs on Python, see the test below; without it, see SWITCHED).
CONQUIAN = [s for s in sources("conquian") if not kernel.plays(VARIANTS[s])]


def test_a_source_the_kernel_does_not_play_runs_on_python_saying_why(capsys):
    """pagat's Mexican game is the one source left out of the comparison: asked for the kernel, the simulation says
    why not; left to choose, it plays on Python and says so in one line."""
    assert [s for s in sources("conquian") if s not in CONQUIAN] == ["pagat-mexican"]
    assert kernel.plays(VARIANTS["pagat-mexican"]) == ("the native kernel does not play exchange=true (it reads no "
                                                       "exchange: it plays false only)")
    assert kernel.plays(VARIANTS["pagat-mexican"].replace(exchange=False)) == ""  # forcing both ways: played
    with pytest.raises(ConquianError, match=r"--engine native: the native kernel does not play exchange=true"):
        Simulation("pagat-mexican", 3, strategy="random", engine="native").play(1)
    sim = Simulation("pagat-mexican", 3, strategy="random", engine="auto")
    sim.play(20)
    assert sim.summary()["engine"] == "python" and sim.summary()["games"] == 20


def _need_kernel():
    if kernel.available():
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"the native kernel must be built under CI: {kernel.why_not(VARIANTS['foster-1913'], ['random'])}")
    pytest.skip(f"no native kernel here: {kernel.why_not(VARIANTS['foster-1913'], ['random'])}")


def both(rules, strategy: str, deals: int, seed: int):
    """The same deals on the Python engine and on the kernel: (python results, native results, the two generators)."""
    py = Simulation(str(rules), seed, strategy=strategy, engine="python")
    nat = Simulation(str(rules), seed, strategy=strategy, engine="native")
    return py.play(deals, keep=True, final=True), nat.play(deals, keep=True, final=True), py.rng, nat.rng


def assert_same(rules, strategy: str, deals: int, seed: int) -> None:
    a, b, rng_a, rng_b = both(rules, strategy, deals, seed)
    assert len(a) == len(b) == deals
    for i, (x, y) in enumerate(zip(a, b)):
        assert x == y, f"{rules} ({strategy}, seed {seed}): deal {i} differs:\n python {x}\n native {y}"
    assert rng_a.getstate() == rng_b.getstate(), "the kernel left the generator elsewhere than the Python engine"


@pytest.mark.parametrize("strategy,deals", [("random", 1500), ("greedy", 400), ("greedy,random", 400)])
@pytest.mark.parametrize("source", CONQUIAN)
def test_every_source_plays_the_same_deals_on_both_engines(source, strategy, deals):
    _need_kernel()
    assert_same(VARIANTS[source], strategy, deals, seed=11)


#: Values no source the kernel plays declares: a new meld with two hand cards, regrouping to force, under rules
#: whose melds are regrouped in each of the ways the kernel plays; forcing both ways (pagat's Mexican game without its
#: exchange, as the strong player's playouts play it after the exchange), also with regrouping to force.
SWITCHED = ["foster-1913(two_hand_cards=true)", "rummy-ch(two_hand_cards=true)", "dutch(two_hand_cards=true)",
            "pagat-north-american(two_hand_cards=true)", "foster-1913(force_regrouping=true)",
            "foster-1913(force_regrouping=true, rearranging=free, two_hand_cards=true)",
            "pagat-mexican(exchange=false)", "foster-1913(forcing=both, force_regrouping=true)",
            "pagat-north-american(forcing=both)"]


@pytest.mark.parametrize("rules", SWITCHED)
def test_values_no_source_declares_play_the_same_deals_on_both_engines(rules):
    _need_kernel()
    assert_same(VARIANTS["foster-1913"].parse(rules), "random", 1000, seed=12)
    assert_same(VARIANTS["foster-1913"].parse(rules), "greedy,random", 300, seed=12)
    if "forcing=both" in rules or "exchange" in rules:  # the strong player's playouts are between greedy players
        assert_same(VARIANTS["foster-1913"].parse(rules), "greedy", 300, seed=12)


@pytest.mark.parametrize("source", CONQUIAN)
def test_the_kernels_counts_are_the_python_engines_tally(source):
    """``conquian simulate`` on the kernel asks only for counts (kernel.tally): the same summary as the Python engine."""
    _need_kernel()
    for strategy in ("random", "greedy,random"):
        a = Simulation(source, 9, strategy=strategy, engine="python")
        b = Simulation(source, 9, strategy=strategy, engine="native")
        a.play(300), b.play(300)
        strip = lambda sim: {k: v for k, v in sim.summary().items() if k not in ("seconds", "engine")}
        assert strip(a) == strip(b) and a.rng.getstate() == b.rng.getstate()


def test_an_endless_deal_is_stopped_unfinished_alike_on_both_engines(capsys):
    """Where a card on offer may be taken into the hand, two greedy players can hand one card back and forth for
    ever (the Python engine does it too): both engines stop the deal at MAX_DECISIONS and say so."""
    from conquian.cli import main
    from conquian.simulation import MAX_DECISIONS, UNFINISHED
    rules = VARIANTS["french"].replace(hand_size=15, drawn_to_hand=True)
    py = Simulation(str(rules), 29, strategy="greedy", engine="python").play(7, keep=True)
    assert py[6].ending == UNFINISHED and py[6].decisions == MAX_DECISIONS and py[6].winner is None
    assert [r.ending for r in py[:6]].count(UNFINISHED) == 0
    if kernel.available():
        assert_same(rules, "greedy", 7, 29)
    assert main(["simulate", "--variant", str(rules), "--games", "7", "--seed", "29", "--strategy", "greedy"]) == 0
    assert "1 deals stopped unfinished after 2,000 decisions" in capsys.readouterr().out


def test_every_axis_is_read_by_the_kernel_or_cannot_change_a_deal_or_is_played_at_its_default_only():
    names = [ax.name for ax in AXES]
    assert set(kernel.PLAYS) <= set(names), "PLAYS names an axis RuleSet no longer has"
    assert set(kernel.PLAY_AXES) | set(kernel.TABLE_AXES) | set(kernel.NOT_IN_PLAY) | set(kernel.DEFAULT_ONLY) == \
        set(names)
    assert len(kernel.PLAY_AXES + kernel.TABLE_AXES + tuple(kernel.NOT_IN_PLAY) + kernel.DEFAULT_ONLY) == len(names)
    assert kernel.FLAGS == ("size",) + tuple(n for n in names if n in kernel.PLAY_AXES), "the flags in the axes' order"
    for ax in AXES:
        how = kernel.PLAYS.get(ax.name)
        if isinstance(how, kernel.Flag) and ax.choices is not None and ax.type is not bool:
            assert how.values and all(isinstance(v, ax.type) for v in how.values), \
                f"{ax.name}: a named axis's flag lists the values the kernel plays"


def test_every_declared_source_runs_on_the_kernel():
    """A source that declares a value the kernel does not play would run on the Python engine: each must play on the
    kernel (see docs/howto/add-an-axis.md: an axis the kernel does not read is played at its default only)."""
    for source in CONQUIAN:
        assert kernel.plays(VARIANTS[source]) == "", source


def _header_flags(text: str) -> tuple:
    return tuple(re.findall(r"^    X\((\w+), (-?\w+), (-?\w+)\)", text, flags=re.M))


def test_the_kernels_flags_and_codes_are_generated_from_the_axes():
    """kernel.header() (the kernel_axes.h setup.py writes): the flags in the order compiled() gives them, each within
    its axis's range, each named value coded by its place among the axis's values, and compiled() using those codes."""
    text = kernel.header()
    flags = _header_flags(text)
    assert tuple(f[0] for f in flags) == kernel.FLAGS and f"#define NFLAGS {len(kernel.FLAGS)}" in text
    by_name = {ax.name: ax for ax in AXES}
    rules = VARIANTS["foster-1913"].replace(forcing="reactive", add_to_opponent="never", rearranging="with-new-meld",
                                            first_say="dealer")
    table = kernel.compiled(rules)
    for i, (name, least, most) in enumerate(flags[1:], start=1):
        ax, value = by_name[name], getattr(rules, name)
        if ax.type is bool:
            assert (least, most) == ("0", "1") and table[i] == int(value)
        elif ax.choices is None:
            assert (int(least), int(most)) == (ax.minimum, ax.maximum) and table[i] == value
        else:
            codes = dict(re.findall(rf"\b{name.upper()}_(\w+) = (\d+)", text))
            assert codes == {v.name: str(k) for k, v in enumerate(ax.choices)}, name
            # the range native/ accepts is the values the kernel plays (forcing's 'both' is not among them)
            played = [ax.choices.index(v) for v in (kernel.PLAYS[name].values or ax.choices)]
            assert table[i] == int(codes[value.name]) and (int(least), int(most)) == (min(played), max(played))
    assert kernel.signature(kernel.built_from()) in text


def test_the_compiled_kernel_records_the_axes_it_was_built_from():
    _need_kernel()
    from conquian.games.conquian import _kernel
    assert _kernel.AXES == kernel.built_from() and _kernel.AXES_SIGNATURE == kernel.signature(_kernel.AXES)


def test_a_kernel_built_from_other_axes_is_unavailable_saying_why():
    """Compared at import: a build older than an axis (or a value) is not used, and the reason names what changed."""
    now = kernel.built_from()

    class Build:
        def __init__(self, text):
            self.AXES, self.AXES_SIGNATURE = text, kernel.signature(text)

    assert kernel._stale(Build(now)) == ""
    without = "\n".join(line for line in now.splitlines() if not line.startswith("misdeal:"))
    assert "(since its build, new: misdeal); rebuild it" in kernel._stale(Build(without))
    changed = now.replace("rearranging: flag none borrow", "rearranging: flag none lend borrow")
    assert "(since its build, changed: rearranging)" in kernel._stale(Build(changed))
    assert "built before it recorded its axes" in kernel._stale(object())
    assert "rebuild it" in kernel._stale(Build(without)) and len(kernel._stale(Build(without))) <= 300


def test_rules_the_kernel_does_not_play_run_on_python_saying_why_in_one_line(monkeypatch, capsys):
    """An axis the kernel does not read (here misdeal, taken out of PLAYS) is played at its default only; a value
    it does not list (rearranging free) not at all: the simulation runs on the Python engine and says why."""
    from conquian.axes import Rearranging
    from conquian.cli import main
    from conquian.simulation import Engine
    monkeypatch.delitem(kernel.PLAYS, "misdeal")
    monkeypatch.setitem(kernel.PLAYS, "rearranging", kernel.Flag(Rearranging.NONE, Rearranging.BORROW))
    dutch = VARIANTS["dutch"].replace(rearranging="borrow")
    assert kernel.plays(dutch) == "" and dutch.misdeal.value == "new-deal"
    assert kernel.plays(dutch.replace(misdeal="play-on")) == \
        "the native kernel does not play misdeal=play-on (it reads no misdeal: it plays new-deal only)"
    assert kernel.plays(dutch.replace(rearranging="free")) == \
        "the native kernel does not play rearranging=free (not among its values yet)"
    other = dutch.replace(misdeal="play-on")
    auto = Simulation(str(other), 3)
    assert auto.engine is Engine.PYTHON and "misdeal=play-on" in auto.why_python
    with pytest.raises(ConquianError, match="--engine native: the native kernel does not play misdeal"):
        Simulation(str(other), 3, engine="native")
    if kernel.available():
        assert Simulation(str(dutch), 3).engine is Engine.NATIVE
    assert main(["simulate", "--variant", str(other), "--games", "3", "--seed", "1"]) == 0
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    if kernel.available():
        assert err == ["conquian: the native kernel does not play misdeal=play-on (it reads no misdeal: it plays "
                       "new-deal only); playing with the pure-Python engine"]


def _switches(axis):
    """Every declared Conquian source with ``axis`` switched to each of its other values that the rules allow alone."""
    ax = next(a for a in AXES if a.name == axis)
    for source in CONQUIAN:
        base = VARIANTS[source]
        for value in ax.choices or range(ax.minimum, ax.maximum + 1):
            if value == getattr(base, axis):
                continue  # the source's own value: comparing a rule set with itself proves nothing
            try:
                yield base, base.replace(**{axis: value})
            except ConflictingRules:
                continue


@pytest.mark.parametrize("axis", sorted(set(kernel.NOT_IN_PLAY) - {"stock_exhausted", "add_to_opponent"}))
def test_an_axis_said_not_to_change_play_does_not(axis):
    """Switch each such axis in the Python engine: the same seed gives the very same deals."""
    pairs = list(_switches(axis))
    assert pairs, f"{axis}: no source can switch it alone, so nothing here would be compared"
    for base, other in pairs[:2]:
        a = Simulation(str(base), 4, strategy="random", engine="python").play(60, keep=True, final=True)
        b = Simulation(str(other), 4, strategy="random", engine="python").play(60, keep=True, final=True)
        assert [r.final.stock for r in a] == [r.final.stock for r in b]
        assert [(r.ending, r.winner, r.decisions, r.final.hands, r.final.melds, r.final.out) for r in a] == \
               [(r.ending, r.winner, r.decisions, r.final.hands, r.final.melds, r.final.out) for r in b]


def test_the_axes_that_cannot_be_switched_alone_are_fixed_by_the_kernels_flags():
    """``stock_exhausted`` has one value, and ``add_to_opponent`` is fixed by ``forcing`` (a flag the kernel reads):
    for each forcing value exactly one of its values is allowed, so neither can make two deals differ."""
    ax = next(a for a in AXES if a.name == "stock_exhausted")
    assert len(ax.choices) == 1
    assert not list(_switches("add_to_opponent"))
    assert "forcing" in kernel.PLAY_AXES
    base = VARIANTS["foster-1913"]
    for forcing in Forcing:
        allowed = []
        for value in AddToOpponent:
            try:
                base.replace(forcing=forcing, add_to_opponent=value)
            except ConflictingRules:
                continue
            allowed.append(value)
        assert len(allowed) == 1, (forcing, allowed)


def test_the_checked_mode_finds_no_broken_invariant():
    _need_kernel()
    for source in CONQUIAN:
        for strategy in (["random"] * 2, ["greedy"] * 2):
            results = kernel.play(VARIANTS[source], strategy, random.Random(3), 300, final=False, check=True)
            assert len(results) == 300


def test_the_c_source_compiles_with_warnings_as_errors(tmp_path):
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("no C compiler under CI")
        pytest.skip("no C compiler here")
    include = sysconfig.get_paths()["include"]
    # Both ways setup.py builds it: for any processor of the family, and for this one (the population count inline)
    # where the compiler takes the flag, as setup.py asks it.
    native = subprocess.run([cc, "-march=native", "-x", "c", "-fsyntax-only", "-"], input="int x;\n",
                            capture_output=True, text=True).returncode == 0
    (tmp_path / "kernel_axes.h").write_text(kernel.header(), encoding="utf-8")  # as setup.py writes it
    for flags in ([], ["-march=native"]) if native else ([],):
        done = subprocess.run([cc, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-fsyntax-only", *flags,
                               f"-I{include}", f"-I{tmp_path}", str(ROOT / "native" / "kernel.c")],
                              capture_output=True, text=True)
        assert done.returncode == 0, (flags, done.stderr)


def _simulate(env_extra: dict, code: str) -> subprocess.CompletedProcess:
    env = {**os.environ, **env_extra}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)


CLI = "import sys; from conquian.cli import main; sys.exit(main(sys.argv[1:]))"
ARGS = "['simulate', '--variant', 'dutch', '--games', '40', '--seed', '2', '--json']"


def test_without_the_kernel_the_python_engine_plays_and_says_so_in_one_line():
    blocked = ("import sys; sys.modules['conquian.games.conquian._kernel'] = None; from conquian.cli import main; "
               f"sys.exit(main({ARGS}))")
    done = _simulate({}, blocked)
    assert done.returncode == 0, done.stderr
    lines = [ln for ln in done.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "native kernel is not built" in lines[0] and "pure-Python engine" in lines[0], lines
    assert '"engine": "python"' in done.stdout
    off = _simulate({"CONQUIAN_NATIVE": "0"}, f"import sys; from conquian.cli import main; sys.exit(main({ARGS}))")
    assert off.returncode == 0 and "switched off" in off.stderr
    if kernel.available():  # the two engines print the same tally
        on = _simulate({}, f"import sys; from conquian.cli import main; sys.exit(main({ARGS}))")
        assert '"engine": "native"' in on.stdout and on.stderr == ""
        strip = lambda out: {k: v for k, v in __import__("json").loads(out).items() if k not in ("seconds", "engine")}
        assert strip(on.stdout) == strip(done.stdout)


def test_asking_for_the_kernel_where_there_is_none_is_a_named_error():
    done = _simulate({"CONQUIAN_NATIVE": "0"}, "import sys; from conquian.cli import main; "
                     "sys.exit(main(['simulate', '--variant', 'dutch', '--games', '3', '--engine', 'native']))")
    assert done.returncode == 2
    assert done.stderr.strip().startswith("conquian: error: --engine native:") and "--engine python" in done.stderr
    done = _simulate({}, "import sys; from conquian.cli import main; sys.exit(main(['simulate', '--variant', "
                         "'romme-spielwiki', '--games', '3', '--engine', 'native']))")
    assert done.returncode == 2 and "Rommé has no native kernel" in done.stderr


@pytest.mark.parametrize("bad", [
    (),  # not the rule tuple
    ("x",) * 22,
    (40, 10, 3) + (0,) * 19,  # ten cards do not deal three at a time
])
def test_bad_input_to_the_kernel_is_an_error_not_a_crash(bad):
    _need_kernel()
    from conquian.games.conquian import _kernel
    state = random.Random(1).getstate()[1]
    with pytest.raises((TypeError, ValueError)):
        _kernel.play(bad, state, 1, (0, 0), False, False, 100)
    good = kernel.compiled(VARIANTS["foster-1913"])
    for st in ((), state[:10], state[:624] + (999,)):
        with pytest.raises((TypeError, ValueError)):
            _kernel.play(good, st, 1, (0, 0), False, False, 100)
    with pytest.raises(ValueError):
        _kernel.play(good, state, -1, (0, 0), False, False, 100)
    with pytest.raises(ValueError):
        _kernel.play(good, state, 1, (0, 7), False, False, 100)
