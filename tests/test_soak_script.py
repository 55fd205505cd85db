"""The soak script's own machinery on a handful of deals (the soak itself is run by hand: make soak)."""

import soak


def test_a_chunk_of_deals_is_tallied_and_deep_checked():
    t = soak.run_chunk(("dutch", 1, 0, 6, 3))
    assert (t.deals, t.broken, t.deep) == (6, 0, 2) and t.positions > 6 and t.wins + t.ties == 6


def test_a_broken_invariant_is_counted_with_the_seed_that_replays_it(monkeypatch):
    def broken(game):
        raise AssertionError("a card is in two places")

    monkeypatch.setattr(soak, "check_invariants", broken)
    t = soak.run_chunk(("foster-1913(misdeal=play-on)", 1, 0, 3, 0))
    assert t.deals == 3 and t.broken == 3
    text, seed, message = t.breaks[0]
    assert text == "foster-1913(misdeal=play-on)" and isinstance(seed, int) and "two places" in message


def test_derived_rule_sets_are_consistent_and_reproducible():
    first, again = soak.derived_rule_sets(40, 2026), soak.derived_rule_sets(40, 2026)
    assert first == again and len(set(first)) == 40 and all(str(r).count("(") == 1 for r in first)


def test_the_run_reports_its_figures_and_exits_1_on_a_break(capsys, monkeypatch):
    assert soak.main(["--deals", "2", "--derived", "1", "--romme-derived", "1", "--derived-deals", "2",
                      "--deep-every", "2"]) == 0
    out = capsys.readouterr().out
    assert "all: 18 deals" in out and "invariant breaks: 0" in out  # seven sources, two derived rule sets, 2 each
    monkeypatch.setattr(soak, "check_invariants", lambda game: (_ for _ in ()).throw(AssertionError("x")))
    assert soak.main(["--deals", "1", "--derived", "0", "--romme-derived", "0"]) == 1
    assert "BROKEN under foster-1913" in capsys.readouterr().out


def test_rommé_deals_are_soaked_too():
    t = soak.run_chunk(("romme-spielwiki", 1, 0, 4, 2))
    assert (t.deals, t.broken, t.deep) == (4, 0, 2) and t.positions > 40 and t.wins + t.ties == 4
    derived = soak.romme_rule_sets(5, 2026)
    assert derived == soak.romme_rule_sets(5, 2026) and len(set(derived)) == 5
    t = soak.run_chunk((str(derived[0]), 1, 0, 2, 0))
    assert t.deals == 2 and t.broken == 0


def test_a_broken_rommé_invariant_is_counted(monkeypatch):
    monkeypatch.setattr(soak.support_romme, "check_invariants", lambda game: (_ for _ in ()).throw(AssertionError("y")))
    t = soak.run_chunk(("romme-spielwiki", 1, 0, 2, 0))
    assert t.broken == 2 and t.breaks[0][0] == "romme-spielwiki" and "y" in t.breaks[0][2]
