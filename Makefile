# The two commands of the quick start: `make html` and `make test`.  Both bootstrap .venv from pyproject.toml.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SPHINXOPTS ?= -W --keep-going -n

# Python may cache compiled modules here (__pycache__, ignored by git) even where the environment says not to: the
# test run starts many Python processes (workers, the command line, Sphinx builds), each compiling the engine again.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: html test test-long doctest venv bench bench-instructions soak soak-native fuzz-kernel stats stats-strong clean

venv: $(VENV)/.installed

# The kernel is built from the axes (setup.py generates its header from them): a change to them rebuilds it.
$(VENV)/.installed: pyproject.toml setup.py $(wildcard native/*.c native/*.h) conquian/axes.py conquian/games/conquian/rules.py conquian/games/conquian/kernel.py
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,docs,browser]'
	touch $@

# Pyodide (the engine in the reader's browser) from npm, pinned by package-lock.json; installed again when the lock
# changes.  The site extension copies the few files it needs into _build/html/_pyodide.
NPM_STAMP := node_modules/.installed

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

html: venv $(NPM_STAMP)
	$(PY) -m sphinx -b html -c . $(SPHINXOPTS) docs _build/html

# Every unit test, every example in docs/ (through Sybil) and the browser test, on every core: each test goes to
# whichever worker is free, except a page's examples and a browser file's tests, kept together on one worker
# (conftest.py's schedule, under --dist loadgroup; the browser files first).  The tests marked `long`
# (the same behaviours at depth: more seeds, examples, deals) are left to `make test-long`; CI runs both.
test: venv $(NPM_STAMP)
	$(PY) -m pytest -n auto --dist loadgroup -m "not long"

test-long: venv $(NPM_STAMP)
	$(PY) -m pytest -n auto --dist loadgroup -m long

doctest: venv
	$(PY) -m sphinx -b doctest -c . $(SPHINXOPTS) docs _build/doctest

# The statistics pages' data: every source's rule set and every ruling switched, greedy players, 100,000 deals a cell
# on the native kernel (Rommé on the Python engine); written to docs/_data/statistics.json, which is committed.
# Configure with STATS, e.g. make stats STATS="--deals 1000 --romme-deals 50".
STATS ?=
# On every core here, or on a Dask cluster: make stats SCHEDULER=tcp://host:8786 (the same figures either way).
stats: venv
	$(PY) -m conquian.statistics $(STATS) $(if $(SCHEDULER),--scheduler $(SCHEDULER))

# The greedy figures checked with the strong computer player: each source's rules and the switches that move the share
# of won deals most, between strong players at the normal level (docs/_data/statistics-strong.json, committed).
# Every switch of every Conquian source, the largest first, saved after each cell: stopped, it carries on
# where it stopped when run again (--afresh: from the start). Configure with STRONG, e.g.
# make stats-strong STRONG="--checks 2 --deals 4000"; SCHEDULER as for make stats.
STRONG ?=
stats-strong: venv
	$(PY) -m conquian.strong_check $(STRONG) $(if $(SCHEDULER),--scheduler $(SCHEDULER))

# The native kernel against the Python engine and `conquian simulate` against RLCard's gin rummy; the new engine
# against the one before the rebuild, the same deals, alternating repeats; Rommé for 2 and 4 players; every parser
# on a megabyte of hostile text.
bench: venv
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) benchmarks/bench_kernel.py
	$(PY) benchmarks/bench_games.py
	$(PY) benchmarks/bench_romme.py
	$(PY) benchmarks/bench_parsers.py

# The same comparison counted in instructions (callgrind), which this machine's drift does not move.
bench-instructions: venv
	$(PY) benchmarks/bench_instructions.py

# Random deals per source and over derived rule sets, every position checked by an invariant checker independent of
# the engine; configure with SOAK, e.g. make soak SOAK="--deals 1000000 --derived 40 --processes 1" (see tests/soak.py).
SOAK ?=
soak: venv
	$(PY) tests/soak.py $(SOAK)

# The soak at scale on the native kernel (10⁶ deals per source by default), checked from outside on samples.
soak-native: venv
	$(PY) tests/soak_native.py $(SOAK)

# The native kernel fuzzed under AddressSanitizer and UndefinedBehaviorSanitizer (random rule sets and seeds).
fuzz-kernel: venv
	$(PY) tests/fuzz_kernel.py $(FUZZ)

clean:
	rm -rf _build
