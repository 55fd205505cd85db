"""The two C extensions trust no caller: Conquian's kernel (``conquian.games.conquian._kernel``, native/kernel.c) and Rommé's
compiled walk (``conquian.games.romme._walk``, native/romme_walk.c), called directly with what no rule set, deal or hand
can give.  Every table is checked before use (distinct, in range, within its sizes) and a bad one refused with a
ConquianError subclass naming the entry; a hand no deal can hold is refused at once rather than walked; a long
kernel call answers Ctrl-C.  Valid input plays and answers as before (tests/test_kernel.py,
tests/test_romme_walk_native.py).

Without the extensions built the tests are skipped with the reason, and fail under CI (``CI=true``).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from conquian import VARIANTS, Game
from conquian.games.conquian import kernel
from conquian.errors import CardError, ConquianError, PositionError, RuleError
from conquian.games.romme import walk
from conquian.games.romme.bags import JOKER_SHIFT, bag
from conquian.games.romme.rules import AXIS_BY_NAME as ROMME_AXES
from conquian.players import GreedyPlayer
from support import plain_sigint

ROOT = Path(__file__).resolve().parent.parent
FOSTER = VARIANTS["foster-1913"]
NFLAGS = len(kernel.FLAGS)  # the flags before the deck, the places, the melds and the minimal melds


def _need(built: bool, what: str) -> None:
    if built:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{what} must be built under CI")
    pytest.skip(f"{what} is not built here (no C compiler when the package was installed)")


def _kernel():
    _need(kernel.available(), "the native kernel")
    from conquian.games.conquian import _kernel
    return _kernel


def _walk():
    _need(walk._compiled is not None, "the compiled walk")
    return walk._compiled


def _state():
    return random.Random(1).getstate()[1]


def _with(table: tuple, **parts) -> tuple:
    """The compiled rules ``table`` with some of its parts replaced: deck, place, melds, minimal, or a flag by its
    name (kernel.FLAGS)."""
    t = list(table)
    names = {"deck": NFLAGS, "place": NFLAGS + 1, "melds": NFLAGS + 2, "minimal": NFLAGS + 3}
    for name, value in parts.items():
        t[names[name] if name in names else kernel.FLAGS.index(name)] = value
    return tuple(t)


def _a_set(melds) -> int:
    """A set of the table (cards of one rank: codes equal modulo 13)."""
    return next(m for m in melds if len({c % 13 for c in range(64) if m >> c & 1}) == 1)


# -- the kernel's tables -----------------------------------------------------------------------------------------
def test_a_meld_table_that_lists_one_set_150_times_is_refused():
    """The adversarial review's segfault: a set listed 150 times overflowed the candidates of a card."""
    play = _kernel().play
    good = kernel.compiled(FOSTER)
    melds = good[NFLAGS + 2]
    bad = _with(good, melds=(_a_set(melds),) * 150 + melds[:200])
    with pytest.raises(RuleError, match=r"meld 1 repeats meld 0"):
        play(bad, _state(), 50, (1, 1), False, False, 1000)


def _no_meld(melds, deck) -> int:
    """Two cards of the pack that make no meld of the table."""
    return next(m for a in deck for b in deck if a < b and (m := 1 << a | 1 << b) not in melds)


def _hostile_tables():
    good = kernel.compiled(FOSTER)
    deck, place, melds, minimal = good[NFLAGS:]
    outside = next(c for c in range(64) if c not in deck)
    return [
        ("repeated meld", _with(good, melds=melds + melds[:1]), "repeats meld"),
        ("meld outside the pack", _with(good, melds=melds[:-1] + (melds[-1] | 1 << outside,)), "not in the pack"),
        ("one-card meld", _with(good, melds=melds + (1 << deck[0],)), "fewer than two cards"),
        ("empty meld", _with(good, melds=melds + (0,)), "fewer than two cards"),
        ("negative meld", _with(good, melds=melds + (-3,)), "64-bit mask"),
        ("huge meld", _with(good, melds=melds + (1 << 70,)), "64-bit mask"),
        ("meld not an int", _with(good, melds=melds + ("3♠ 3♥",)), "int"),
        ("too many melds", _with(good, melds=tuple(range(3, 3 + 600))), "too many melds"),
        ("repeated minimal meld", _with(good, minimal=minimal + minimal[:1]), "repeats minimal meld"),
        ("minimal meld not in the table", _with(good, minimal=minimal + (_no_meld(melds, deck),)),
         "not a meld of the table"),
        ("card dealt twice", _with(good, deck=deck[:-1] + deck[:1]), "twice"),
        ("card code out of range", _with(good, deck=deck[:-1] + (64,)), "0..63"),
        ("card of no place", _with(good, deck=deck[:-1] + (outside,)), "no place"),
        ("two cards at one place", _with(good, place=(place[1],) + place[1:]), "place"),
        ("place out of range", _with(good, place=(99,) + place[1:]), "place"),
        ("forcing of 7", _with(good, forcing=7), r"forcing.* 7, not 0\.\.3"),
        ("a flag of 2**70", _with(good, turn_up=2 ** 70), "turn_up"),
        ("a flag not an int", _with(good, turn_up=1.5), "turn_up"),
        ("no cards to win", _with(good, cards_to_win=0), "cards_to_win"),
        ("more cards to win than a hand", _with(good, cards_to_win=good[1] + 2), "cards_to_win"),
    ]


@pytest.mark.parametrize("what, table, says", _hostile_tables(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_hostile_table_is_refused_with_a_rule_error(what, table, says):
    play = _kernel().play
    if what == "a flag not an int" or what == "meld not an int":
        error = TypeError
    else:
        error = RuleError
    with pytest.raises(error, match=says):
        play(table, _state(), 20, (1, 0), True, True, 1000)


def test_generator_states_out_of_range_are_refused():
    play = _kernel().play
    good = kernel.compiled(FOSTER)
    state = _state()
    for bad in (state[:5] + (1 << 32,) + state[6:], state[:5] + (-1,) + state[6:], state[:5] + (1 << 80,) + state[6:]):
        with pytest.raises(ConquianError, match="generator"):
            play(good, bad, 1, (0, 0), False, False, 100)


def test_every_declared_and_derived_table_is_accepted_and_plays_as_before():
    """The checks refuse no table the rule sets give: every source and 300 derived rule sets play deals (their
    equality with the Python engine is tests/test_kernel*.py's)."""
    play = _kernel().play
    sys.path.insert(0, str(ROOT / "tests"))
    from soak import derived_rule_sets
    tried = 0
    for rules in [VARIANTS[s] for s in ("foster-1913", "rummy-ch", "dutch", "french")] + derived_rule_sets(300, 5):
        if kernel.plays(rules):  # a value the kernel does not play (forcing=both) runs on Python, and is refused here
            if not kernel.plays(rules.replace(**{a: False for a in kernel.DEFAULT_ONLY})):
                continue  # only an axis the kernel does not read (the exchange): its table is that of the default
            with pytest.raises(ConquianError, match="kernel rules: field"):
                play(kernel.compiled(rules), _state(), 3, (1, 0), False, True, 1000)
            continue
        out, _ = play(kernel.compiled(rules), _state(), 3, (1, 0), False, True, 1000)
        assert len(out) == 3
        tried += 1
    assert tried >= 240  # the others play a value the kernel does not (forcing=both): refused above


CHILD = textwrap.dedent("""
    import random, sys
    from conquian import VARIANTS
    from conquian.games.conquian import kernel
    from conquian.games.conquian import _kernel
    table = kernel.compiled(VARIANTS["foster-1913"])
    print("playing", flush=True)
    try:
        _kernel.play(table, random.Random(1).getstate()[1], 2_000_000_000, (1, 1), False, False, 1000, True)
    except KeyboardInterrupt:
        print("interrupted")
    """)


def test_ctrl_c_interrupts_a_long_kernel_call():
    """Two thousand million deals in one call (hours), interrupted by SIGINT as Ctrl-C sends it: KeyboardInterrupt,
    not the call's end (the timeout only guards against a call that never looks)."""
    _kernel()
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, cwd=ROOT, preexec_fn=plain_sigint)
    try:
        assert child.stdout.readline() == "playing\n"
        time.sleep(0.5)  # well into the call
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        pytest.fail("the kernel did not answer SIGINT")
    assert out.strip() == "interrupted", err


# -- the compiled walk's bags --------------------------------------------------------------------------------------
COPIES = ROMME_AXES["packs"].maximum  # each natural card at most this many times (one a pack)
JOKERS = ROMME_AXES["jokers"].maximum
MOST = ROMME_AXES["hand_size"].maximum + 1  # the largest hand: the dealer's, who opens with a card more
SUIT = [bag([c]) for c in range(13)]


def _run(call: str, *args):
    fn = getattr(_walk(), call)
    return fn(*args) if call == "laid_out" else fn(*args[:1], [0] * len(args[0]), *args[1:2], 0, True,
                                                   [10] * 52 + [20])


WALK_CHILD = textwrap.dedent("""
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    from conquian import variant
    from conquian.errors import CardError
    from conquian.games.romme import _walk
    from conquian.games.romme.bags import bag
    from conquian.games.romme.hands import hand_melds
    from conquian.games.romme.melds import meld_bag
    from conquian.games.romme.moves import counts_of
    codes = [s * 13 + k for s in range(4) for k in range(3)] * 7  # twelve card codes, seven copies each
    melds = hand_melds(variant("romme-spielwiki").melds, counts_of(codes))
    try:
        _walk.laid_out([meld_bag(m) for m in melds], bag(codes), True, True)
    except CardError as e:
        print(e)
    """)


def test_twelve_codes_of_seven_copies_are_refused_not_walked():
    """The review's hand: twelve card codes seven times each walked for ever, its memory growing (~70 MiB/s).  No
    pack holds a card seven times: refused (the address-space limit and the timeout only guard the test)."""
    _walk()
    try:
        done = subprocess.run([sys.executable, "-c", WALK_CHILD], capture_output=True, text=True, cwd=ROOT,
                              timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("the walk did not refuse the hand")
    assert done.returncode == 0, done.stderr
    assert f"hand: 7 copies of card code 0 (at most {COPIES}" in done.stdout


@pytest.mark.parametrize("call", ["laid_out", "fewest"])
def test_the_largest_hand_a_rule_set_deals_is_walked_and_one_more_card_refused(call):
    largest = [c for c in range(13)] + [c for c in range(MOST - JOKERS - 13)] + [52] * JOKERS
    assert len(largest) == MOST and max(largest.count(c) for c in range(52)) <= COPIES
    melds = [SUIT[0] + SUIT[1] + SUIT[2], SUIT[3] + SUIT[4] + (1 << JOKER_SHIFT)]
    _run(call, melds, bag(largest), True, True)
    with pytest.raises(PositionError, match=f"hand: {MOST + 1} cards .*at most {MOST}"):
        _run(call, melds, bag(largest + [20]), True, True)


@pytest.mark.parametrize("what, melds, hand, error, says", [
    ("a card three times in the hand", [SUIT[0] * 3], SUIT[0] * 3, CardError, f"3 copies of card code 0 .*{COPIES}"),
    ("a card three times in a meld", [SUIT[0] + SUIT[1], SUIT[0] * 3], SUIT[0] * 2 + SUIT[1], CardError,
     "meld 1: 3 copies"),
    ("seven jokers in a meld", [SUIT[0] + (7 << JOKER_SHIFT)], SUIT[0] + SUIT[1], CardError,
     f"meld 0: 7 jokers .*{JOKERS}"),
    ("a meld of more cards than any hand", [sum(SUIT) * 2], sum(SUIT), PositionError, "meld 0: 26 cards"),
])
@pytest.mark.parametrize("call", ["laid_out", "fewest"])
def test_bags_no_deal_can_hold_are_refused(call, what, melds, hand, error, says):
    with pytest.raises(error, match=says):
        _run(call, melds, hand, True, True)


# -- the kernel's playouts from a position -------------------------------------------------------------------------
def _position():
    """A position of Foster's game as kernel.playouts() hands it over: the deal just dealt."""
    s = Game(FOSTER, seed=3).snapshot()
    return [s.hands, s.melds, s.stock, s.out, 0, int(s.actor), s.offer, 0, 0]


def _hostile_positions():
    good = _position()
    hands, melds, stock, out = good[:4]
    card = stock[0]
    outside = next(1 << c for c in range(64) if not (1 << c) & (hands[0] | hands[1] | good[6] | sum(stock)))
    return [
        ("short", tuple(good[:8]), ConquianError, "the position holds 8"),
        ("three hands", tuple([hands + (0,)] + good[1:]), ConquianError, "the hands holds 3"),
        ("a list", list(good), TypeError, "must be a tuple"),
        ("card twice", tuple([(hands[0] | card, hands[1])] + good[1:]), ConquianError, "a card in two places"),
        ("card outside", tuple([(hands[0] | outside, hands[1])] + good[1:]), ConquianError, "not in the pack|out of range"),
        ("stock card of two", tuple(good[:2] + [(stock[0] | stock[1],) + stock[2:]] + good[3:]), ConquianError,
         "one card"),
        ("card missing", tuple(good[:2] + [stock[1:]] + good[3:]), ConquianError, "cards placed"),
        ("no meld", tuple([(hands[0] & ~(hands[0] & -hands[0]), hands[1]), ((hands[0] & -hands[0] | card,), ())]
                          + [stock[1:]] + good[3:]), ConquianError, "no meld of these rules"),
        ("phase", tuple(good[:4] + [7] + good[5:]), ConquianError, "phase"),
        ("actor", tuple(good[:5] + [2] + good[6:]), ConquianError, "actor"),
        ("origin", tuple(good[:7] + [9, 0]), ConquianError, "origin"),
        ("offer while discarding", tuple(good[:4] + [1] + good[5:]), ConquianError, "one card on offer"),
        ("negative mask", tuple([(-1, hands[1])] + good[1:]), ConquianError, "out of range|is -1"),
        ("huge mask", tuple([(1 << 70, hands[1])] + good[1:]), ConquianError, "out of range"),
        ("meld list too long", tuple([hands, ((1,) * 30, ())] + good[2:]), ConquianError, "holds 30"),
    ]


@pytest.mark.parametrize("name, position, error, message", _hostile_positions(), ids=lambda x: x if isinstance(x, str) else "")
def test_playouts_refuse_a_position_no_deal_can_hold(name, position, error, message):
    playouts = _kernel().playouts
    table = kernel.compiled(FOSTER)
    with pytest.raises(error, match=message):
        playouts(table, (position,), 300)
    assert playouts(table, (tuple(_position()),), 300)[0] in (-2, -1, 0, 1)  # and the good one still plays


def test_a_position_with_no_legal_action_is_refused_not_played():
    """Found by the fuzzer: a position every part of which is in order, but which no deal reaches (the dealer to
    discard from an empty hand) has no legal action; a ConquianError says so."""
    hands, melds, stock, out, _phase, _actor, offer, _origin, _forced = _position()
    emptied = tuple(1 << c for c in range(64) if hands[0] >> c & 1)
    position = ((0, hands[1]), melds, stock + (offer,), out + emptied, 1, 0, 0, 0, 0)
    with pytest.raises(ConquianError, match="no legal action at decision 1: no deal reaches it"):
        _kernel().playouts(kernel.compiled(FOSTER), (position,), 300)


def test_playouts_refuse_a_bad_limit_and_too_many_positions():
    playouts = _kernel().playouts
    table = kernel.compiled(FOSTER)
    with pytest.raises(ConquianError, match="limit >= 1"):
        playouts(table, (tuple(_position()),), 0)
    with pytest.raises(TypeError):
        playouts(table, [tuple(_position())], 300)


# -- the kernel's misfits: positions before and after a move, cards renamed ----------------------------------------
def _misfits_args():
    """Foster's deal just dealt, the dealer's first move played by the greedy player: before, after, identity."""
    g = Game(FOSTER, seed=3)
    before = kernel.position(g.snapshot())
    g.play(GreedyPlayer().choose(g))
    return kernel.compiled(FOSTER), (before,), (kernel.position(g.snapshot()),), bytes(range(kernel.MAPPING_SIZE))


def _swapped(identity: bytes, a: int, b: int) -> bytes:
    m = bytearray(identity)
    m[a], m[b] = m[b], m[a]
    return bytes(m)


def test_misfits_refuse_a_mapping_that_is_no_renaming_of_the_pack():
    table, befores, afters, identity = _misfits_args()
    misfits = _kernel().misfits
    assert misfits(table, befores, afters, (identity,)) == (0,)  # the greedy player's own move fits
    deck = sorted(c.code for c in FOSTER.deck)
    outside = next(c for c in range(kernel.MAPPING_SIZE) if c not in deck)
    twice = bytearray(identity)
    twice[deck[0]] = deck[1]
    away = bytearray(identity)
    away[deck[0]] = outside
    for mapping, error, says in [
            (identity[:-1], ConquianError, "must be bytes, 64 long"), (identity + b"\0", ConquianError, "64 long"),
            (list(identity), ConquianError, "must be bytes"), (bytes(twice), ConquianError, "not one to one"),
            (bytes(away), ConquianError, "not one to one"), (bytes([255]) * 64, ConquianError, "not one to one")]:
        with pytest.raises(error, match=says):
            misfits(table, befores, afters, (identity, mapping))
    # cards outside the pack are not read: renaming them changes nothing
    assert misfits(table, befores, afters, (_swapped(identity, outside, outside + 1),)) == (0,)


def test_misfits_refuse_positions_no_deal_holds_and_a_meld_renamed_to_none():
    table, befores, afters, identity = _misfits_args()
    misfits = _kernel().misfits
    with pytest.raises(ConquianError, match="as many positions after as before"):
        misfits(table, befores, (), (identity,))
    with pytest.raises(ConquianError, match="at most 4096"):
        misfits(table, befores * 4097, afters * 4097, (identity,))
    with pytest.raises(ConquianError, match="10\\^8 positions renamed in all"):  # a call of hours is refused at once
        misfits(table, befores * 4000, afters * 4000, (identity,) * 30000)
    with pytest.raises(TypeError):
        misfits(table, list(befores), afters, (identity,))
    for name, bad, error, message in _hostile_positions():
        with pytest.raises(error, match=message):
            misfits(table, (bad,), afters, (identity,))
        with pytest.raises(error, match=message):
            misfits(table, befores, (bad,), (identity,))
    # a meld on the table, one of its cards renamed to a card that makes it none
    g = Game(FOSTER, seed=3)
    greedy = GreedyPlayer()
    while not g.snapshot().melds[0] and not g.snapshot().melds[1]:
        g.play(greedy.choose(g))
    s = g.snapshot()
    meld = (s.melds[0] or s.melds[1])[0]
    low = (meld & -meld).bit_length() - 1
    position = kernel.position(s)
    refused = 0
    for other in (c.code for c in FOSTER.deck if not (meld >> c.code) & 1):
        try:
            misfits(table, (position,), (position,), (_swapped(identity, low, other),))
        except ConquianError as e:
            assert "mapping 0 renames a card of a meld (position 0)" in str(e)
            refused += 1
    assert refused >= 20  # a card of a set or a run swapped for one of another rank and suit: no meld
