"""The strong computer player (:mod:`conquian.players`, :mod:`conquian.montecarlo`): its samples keep what its seat
sees and knows, its choices are legal and fixed by its seed, and the simulation plays it on the Python engine."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from conquian import Game
from conquian.games import game_of
from conquian.games.conquian import kernel
from conquian.games.conquian.state import Phase
from conquian.montecarlo import PLAYOUT_LIMIT, knowledge, known_cards, playout, sample, sampled, weigh
from conquian.players import LEVELS, GreedyPlayer, RandomPlayer, StrongPlayer, parse_strategies
from conquian.errors import ConquianError, StrategyError
from conquian.registry import parse_rules
from conquian.simulation import Simulation


def _codes(cards):
    return Counter(c.code for c in cards)


def _midway(rules: str, players: int, seed: int, moves: int):
    r = parse_rules(rules)
    g = game_of(r).new_deal(r, players, seed=seed)
    greedy = GreedyPlayer()
    for _ in range(moves):  # at most that many moves, stopping short of the deal's end
        a = greedy.choose(g)
        if g.copy().play(a).is_over:
            break
        g.play(a)
    return g


@pytest.mark.parametrize("rules, players", [("foster-1913", 2), ("pagat-mexican", 3), ("romme-spielwiki", 3)])
@pytest.mark.parametrize("moves", [0, 7, 25])
def test_a_sample_keeps_what_the_seat_sees_and_redeals_only_what_it_cannot(rules, players, moves):
    g = _midway(rules, players, 4, moves)
    me = int(g.to_act)
    hidden = game_of(g).hidden.hidden_places(me, g.players)
    real = g.places()
    for seed in range(5):
        s = sample(g, me, random.Random(seed))
        got = s.places()
        for name, cards in real.items():
            if name in hidden:
                assert len(got[name]) == len(cards), name  # each unseen place keeps its count
            else:
                assert got[name] == cards, name  # what the seat sees is untouched
        pool = sum((_codes(real[n]) for n in hidden), Counter())
        assert sum((_codes(got[n]) for n in hidden), Counter()) == pool  # the same cards, placed anew
        assert s.legal_actions() == g.legal_actions()
        # checked only for what it moved, a sample is still a deal the game's full check finds possible
        assert str(type(s).from_snapshot(s.snapshot())) == str(s)
    assert g.places() == real  # the deal sampled from is unchanged


@pytest.mark.parametrize("contents, error", [
    ({"stock": [0, 1]}, "must hold as many cards as before"),
    ({"pone hand": [99]}, "card codes are whole numbers 0 to 52"),
    ({"middle hand": []}, "is no place"),
    ({"dealer pocket": []}, "is no place"),
])
def test_a_sample_that_would_move_cards_wrongly_is_refused(contents, error):
    """Conquian's ``with_cards`` checks what it moves (``Deal.moved``): as many cards in each place, the same
    cards, once each, nothing else changed."""
    g = _midway("foster-1913", 2, 4, 7)
    with pytest.raises(ConquianError, match=error):
        game_of(g).hidden.with_cards(g, contents)
    stock = [c.code for c in g.stock]
    seen = next(c.code for c in g.hand("dealer"))  # a card the pone can see is not his to deal
    with pytest.raises(ConquianError, match="must be the same cards, each once"):
        game_of(g).hidden.with_cards(g, {"stock": [seen] + stock[1:]})
    assert str(game_of(g).hidden.with_cards(g, {"stock": stock[::-1]}).stock[0]) == str(g.stock[-1])
    s = g.snapshot()
    with pytest.raises(ConquianError, match="moved: forced would change"):
        g.moved(dataclasses.replace(s, forced=not s.forced), ("stock",))
    with pytest.raises(ConquianError, match="are not fields"):
        g.moved(s, ("pocket",))


def test_the_card_passed_before_play_stays_in_the_hand_it_went_to():
    g = Game("pagat-mexican", 2, seed=8)
    mine = g.to_act
    g.play(g.legal_actions()[0])  # the first to choose passes a card face down
    given = next(iter(Counter(c.code for c in g.places()[f"{mine} gives"])))
    g.play(g.legal_actions()[0])  # the other chooses: the cards change hands
    while g.to_act != mine:
        g.play(GreedyPlayer().choose(g))
    other = f"{'dealer' if str(mine) == 'pone' else 'pone'} hand"
    assert given in _codes(g.places()[other])  # this deal's gift is still held when its giver is to act again
    assert known_cards(g, mine)[other] == Counter({given: 1})
    for seed in range(10):
        assert given in _codes(sample(g, mine, random.Random(seed)).places()[other])


@pytest.mark.parametrize("rules, players", [("foster-1913", 2), ("pagat-mexican", 3), ("romme-spielwiki", 2)])
def test_the_strong_player_plays_legal_moves_fixed_by_its_seed(rules, players):
    g = _midway(rules, players, 6, 9)
    a = StrongPlayer("normal", seed=1).choose(g)
    assert a in g.legal_actions()
    assert StrongPlayer("normal", seed=1).choose(g.copy()) == a
    w = StrongPlayer("normal", seed=1).weigh(g)
    assert w.chosen == a and len(w.scores) == len(w.wins) == len(w.actions)
    assert all(0 <= n <= w.samples for n in w.wins) and all(-1 <= x <= 1 for x in w.scores)


def test_levels_and_strategy_names():
    assert parse_strategies("strong,greedy", 2) == ["strong", "greedy"]
    assert parse_strategies("normal", 3) == ["normal"] * 3
    with pytest.raises(StrategyError, match="levels are normal, strong"):
        StrongPlayer("hard")


def test_the_simulation_plays_the_strong_player_on_python_and_says_why():
    sim = Simulation("foster-1913", seed=3, strategy="normal,greedy")
    assert sim.engine.value == "python" and "no normal player" in sim.why_python
    sim.play(2)
    assert sim.games == 2 and sum(sim.tally.wins.values()) + sim.tally.ties == 2


@pytest.mark.parametrize("rules, players", [("foster-1913", 2), ("pagat-mexican", 3), ("romme-spielwiki", 3)])
def test_a_deal_replayed_passes_through_every_state_it_was_in(rules, players):
    r = parse_rules(rules)
    g = game_of(r).new_deal(r, players, seed=2)
    greedy, states = GreedyPlayer(), []
    for _ in range(20):
        if g.is_over:
            break
        states.append(g.snapshot())
        g.play(greedy.choose(g))
    steps = list(g.replayed())
    assert [s.snapshot() for _w, _a, s in steps] == states
    assert [(w, a) for w, a, _s in steps] == list(g.history)
    assert all(s.history == g.history[:i] for i, (_w, _a, s) in enumerate(steps))


def test_a_deal_with_an_irregularity_reported_is_not_replayed_and_its_unseen_cards_are_all_unknown():
    g = Game("foster-1913(misdeal=play-on)", seed=4)
    g.report("a card faced in the pack")
    g.play(g.legal_actions()[0])
    with pytest.raises(Exception, match="irregularity reported is not played again move by move"):
        list(g.replayed())
    k = knowledge(g, g.to_act)
    assert k.telling == () and all(not c for c in k.known.values())


def _said(k) -> tuple:
    """Knowledge as values: the known cards, and each telling deal and move as position text."""
    return ({n: dict(c) for n, c in k.known.items()}, [str(g) for g in k.telling],
            [(str(a), str(b)) for a, b in k.moves])


@pytest.mark.parametrize("rules, players", [("foster-1913", 2), ("pagat-mexican", 3), ("pagat-north-american", 2),
                                            ("rummy-ch", 2), ("romme-spielwiki", 3)])
def test_knowledge_carried_on_from_an_earlier_choice_is_the_knowledge_found_afresh(rules, players):
    """The strong player carries what it knew at its last choice on to the next in the same deal: the same known
    cards, passes and moves as replaying the deal from its start, at every choice of a whole deal; never carried
    from another seat's, nor onto another deal."""
    for seed in (1, 2, 3):
        r = parse_rules(rules)
        g = game_of(r).new_deal(r, players, seed=seed)
        greedy, earlier, carried = GreedyPlayer(), None, 0
        while not g.is_over and g.decisions < 120:
            me = g.to_act
            fresh = knowledge(g, me)
            if earlier is not None and earlier.at[1] == int(me):
                carried += 1
            on = knowledge(g, me, earlier)
            assert _said(on) == _said(fresh), (rules, seed, g.decisions)
            if int(me) == 0:
                earlier = on
            g.play(greedy.choose(g))
        assert carried > 3, (rules, seed)
    other = game_of(r).new_deal(r, players, seed=99)
    assert not other.follows(earlier.at[0]) and _said(knowledge(other, 0, earlier)) == _said(knowledge(other, 0))


def test_a_deal_follows_another_only_if_it_is_that_deal_played_on():
    g = Game("foster-1913(misdeal=play-on)", seed=4)
    start = g.copy()
    g.play(g.legal_actions()[0])
    assert g.follows(start) and g.follows(g.copy()) and not start.follows(g)
    assert not Game("foster-1913(misdeal=play-on)", seed=5).follows(start)
    reported = g.copy().report("a card faced in the pack")
    assert not reported.follows(g)  # an irregularity since: what was known is found again, not carried on
    k = knowledge(g, g.to_act)
    after = reported.copy()
    after.play(after.legal_actions()[0])
    assert _said(knowledge(after, after.to_act, k)) == _said(knowledge(after, after.to_act))


@pytest.mark.parametrize("rules, players", [("pagat-mexican", 3), ("pagat-mexican", 2), ("pagat-north-american", 2),
                                            ("romme-spielwiki", 3)])
def test_whole_deals_with_the_strong_player_in_one_seat_end(rules, players):
    """pagat's games (and Rommé) played to the end with the strong player among greedy and random ones."""
    r = parse_rules(rules)
    ended = 0
    for seed in range(1):
        g = game_of(r).new_deal(r, players, seed=seed)
        others = [GreedyPlayer(), RandomPlayer(random.Random(seed))]
        strong = StrongPlayer("normal", seed=seed)
        for _ in range(2000):
            if g.is_over:
                break
            seat = int(g.to_act)
            g.play(strong.choose(g) if seat == 0 else others[seat % 2].choose(g))
        ended += g.is_over
    assert ended == 1


# -- playouts on the kernel ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["foster-1913", "pagat-north-american", "rummy-ch", "dutch", "french",
                                   "pagat-mexican"])
def test_playouts_on_the_kernel_score_as_the_python_engine(rules, monkeypatch):
    if not kernel.available():
        pytest.skip(kernel.why_not(parse_rules(rules), ["greedy"]))
    games = []
    for seed in range(12):
        g = _midway(rules, 2, seed, 2 + seed * 3)  # past the exchange, where there is one (pagat's Mexican game)
        for a in g.legal_actions()[:4]:  # after the action weighed, as weigh() plays them out
            games.append(g.copy().play(a))
    greedy = GreedyPlayer()
    native = kernel.playouts(games, PLAYOUT_LIMIT)
    python = [playout(g.copy(), 0, greedy) for g in games]  # scored from the dealer's seat
    assert native is not None and len(native) == len(games)
    assert [0.0 if w < 0 else 1.0 if w == 0 else -1.0 for w in native] == python
    assert {1.0, -1.0} <= set(python)  # both seats win some: the comparison is not of nothing
    # the strong player's weighing is the same whichever engine plays its playouts
    for seed in (1, 5):
        g = _midway(rules, 2, seed, 6)
        fast = weigh(g, random.Random(seed), 8, 4, greedy)
        monkeypatch.setenv("CONQUIAN_NATIVE", "0")
        slow = weigh(g, random.Random(seed), 8, 4, greedy)
        monkeypatch.delenv("CONQUIAN_NATIVE")
        assert fast == slow


def test_playouts_the_kernel_cannot_play_are_left_to_python():
    three = _midway("pagat-mexican", 3, 2, 5)
    assert kernel.playouts([three], PLAYOUT_LIMIT) is None  # three players
    exchange = _midway("pagat-mexican", 2, 2, 1)  # the exchange half done: the kernel does not play it
    assert exchange.snapshot().phase is Phase.EXCHANGE
    assert kernel.playouts([exchange], PLAYOUT_LIMIT) is None
    assert kernel.playouts([exchange.copy().play(exchange.legal_actions()[0]), exchange], PLAYOUT_LIMIT) is None
    north_american = _midway("pagat-north-american", 2, 2, 5)  # games under two rule sets at once
    assert kernel.playouts([north_american, _midway("foster-1913", 2, 2, 5)], PLAYOUT_LIMIT) is None
    assert kernel.playouts([], PLAYOUT_LIMIT) == []


# -- reading every move of the opponent (the kernel's misfits; an option, not a level) ---------------------------------
def _renamed(g, me: int, mapping: bytes):
    """The deal ``g`` with the cards seat ``me`` cannot see renamed by ``mapping`` (the Python engine's way)."""
    hidden = game_of(g).hidden
    places = g.places()
    return hidden.with_cards(g, {name: [mapping[c.code] for c in places[name]]
                                 for name in hidden.hidden_places(me, g.players)})


def _python_misfits(moves, me: int, mapping: bytes) -> int:
    """How many of the moves a greedy player, the cards renamed, would have left otherwise: the Python engine's
    answer to the question the kernel answers."""
    greedy, count = GreedyPlayer(), 0
    for before, after in moves:
        b, a = _renamed(before, me, mapping), _renamed(after, me, mapping)
        mine = b.copy().play(greedy.choose(b)).snapshot()
        theirs = a.snapshot()
        count += (mine.hands, mine.melds, mine.offer, mine.phase) != (theirs.hands, theirs.melds, theirs.offer,
                                                                     theirs.phase)
    return count


def _deal_with_moves(rules: str, seed: int, moves: int, opponent):
    """A deal of ``moves`` moves, the dealer (seat 0) greedy and the pone playing ``opponent``; the pone's moves as
    the dealer knows them."""
    g, greedy = Game(rules, seed=seed), GreedyPlayer()
    for _ in range(moves):
        player = greedy if int(g.to_act) == 0 else opponent
        a = player.choose(g)
        if g.copy().play(a).is_over:
            break
        g.play(a)
    return g


@pytest.mark.parametrize("rules", ["foster-1913", "dutch", "rummy-ch", "pagat-north-american",
                                   "foster-1913(forcing=both)"])
def test_the_kernel_counts_the_moves_a_greedy_player_would_not_have_made_as_python_does(rules):
    if not kernel.available():
        pytest.skip(kernel.why_not(parse_rules(rules), ["greedy"]))
    rng, compared, seen = random.Random(rules), 0, Counter()
    for seed in range(6):
        for opponent in (GreedyPlayer(), RandomPlayer(random.Random(seed))):
            g = _deal_with_moves(rules, seed, 8 + 4 * seed, opponent)
            known = knowledge(g, 0)
            pool = sorted(c for name in game_of(g).hidden.hidden_places(0, 2) for c in _codes(g.places()[name]).elements()
                          if name == "stock" or c not in known.known.get(name, Counter()))
            identity = bytes(range(kernel.MAPPING_SIZE))
            mappings = [identity]
            for _ in range(6):
                dealt = pool[:]
                rng.shuffle(dealt)
                m = bytearray(identity)
                for a, b in zip(pool, dealt):
                    m[a] = b
                mappings.append(bytes(m))
            counts = kernel.misfits(kernel.moves_read(known.moves), mappings)
            assert counts == [_python_misfits(known.moves, 0, m) for m in mappings], (rules, seed)
            if isinstance(opponent, GreedyPlayer):
                assert counts[0] == 0  # the real cards fit every move a greedy opponent made
            compared += len(mappings)
            seen.update(c > 0 for c in counts)
    # both answers met, a fit more often than by the real cards alone (each greedy deal's identity)
    assert compared == 6 * 2 * 7 and seen[True] > 20 and seen[False] > 6


@pytest.mark.parametrize("rules", ["foster-1913", "dutch"])
def test_reading_every_move_guesses_a_greedy_opponents_hand_better_than_reading_his_passes(rules):
    if not kernel.available():
        pytest.skip(kernel.why_not(parse_rules(rules), ["greedy"]))
    guessed = {"passes": 0, "moves": 0}
    for seed in range(12):
        g = _deal_with_moves(rules, seed, 10 + seed % 4 * 3, GreedyPlayer())
        me = int(g.to_act)
        hidden = game_of(g).hidden
        theirs = hidden.hand_place(1 - me)
        known = knowledge(g, me)
        for reads in guessed:
            dealt = sampled(g, me, random.Random(seed), 32, known, reads)
            assert len(dealt) == 32
            for d in dealt:  # what the seat sees is kept, whatever it reads
                for name, cards in d.places().items():
                    if name not in hidden.hidden_places(me, 2):
                        assert _codes(cards) == _codes(g.places()[name])
                guessed[reads] += sum((_codes(d.places()[theirs]) & _codes(g.places()[theirs])).values())
    # the cards of his hand guessed right, over 12 positions and 32 samples each
    assert guessed["moves"] > 1.1 * guessed["passes"], guessed


def test_reading_every_move_falls_back_on_the_passes_where_the_kernel_cannot_read_the_moves():
    for g in (_midway("pagat-mexican", 3, 2, 9), _midway("romme-spielwiki", 2, 2, 9)):
        me = g.to_act
        assert [d.snapshot() for d in sampled(g, me, random.Random(4), 5, None, "moves")] == \
            [d.snapshot() for d in sampled(g, me, random.Random(4), 5, None, "passes")]
    with pytest.raises(ConquianError, match="reads 'everything': 'passes' or 'moves'"):
        sampled(g, me, random.Random(4), 5, None, "everything")


def test_reading_every_move_is_an_option_of_the_strong_player_not_a_level():
    assert {level.reads for level in LEVELS.values()} == {"passes"}
    g = _deal_with_moves("foster-1913", 4, 12, GreedyPlayer())
    player = StrongPlayer("normal", seed=2, reads="moves")
    assert repr(player) == "StrongPlayer('normal', seed=2, reads='moves')" and repr(StrongPlayer("normal")) == \
        "StrongPlayer('normal', seed=0)"
    assert player.choose(g) in g.legal_actions() and player.choose(g) == StrongPlayer("normal", 2, "moves").choose(g)
    with pytest.raises(StrategyError, match="reads 'everything': passes or moves"):
        StrongPlayer("normal", reads="everything")
