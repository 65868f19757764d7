# Werewolf Arena: `make play` plays a game of bots; `make test` runs lint, types, import
# contracts and the default suite (minutes); `make test-full` runs everything (what CI runs).
PY ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

# Bytecode caches make the second run's collection twice as fast; keep them even where the
# environment turns them off.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: play test test-full test-llama bench lint docs clean browser

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# --no-compile: bytecode is written as modules are first imported, for the ones used
# (it halves the install: compiling every installed package took half of it)
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q --no-compile -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q --no-compile -e '.[dev]'
	touch $@ $(STAMP)

play: $(STAMP)
	$(BIN)/arena play $(ARGS)

# mypy keeps one core busy: the other byte-compiles the venv and the tree meanwhile, so a
# fresh clone's tests start with warm bytecode caches (the install skips compiling)
lint: $(DEV_STAMP)
	$(BIN)/ruff check arena agents evals tests scripts
	$(BIN)/lint-imports
	$(BIN)/python -m compileall -q -j 1 $(VENV)/lib arena agents evals tests scripts \
	  >/dev/null 2>&1 & $(BIN)/mypy; status=$$?; wait; exit $$status

# The browser tests drive Debian's chromium; install it when the machine lacks it.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
browser:
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

# One worker per core; tests that must run alone share an xdist_group (Ray's process scan).
PYTEST := $(BIN)/python -m pytest -q -n auto --dist loadgroup

# The default suite: every kind of check, with the preset sweeps on a fixed sample and the
# long journeys left out (marked `slow`; the run ends by saying how many were left).
test: lint browser
	$(PYTEST) -m "not slow"

# Everything: every preset sweep, every browser journey, Ray, the statistical tests.
test-full: lint browser
	$(PYTEST)

# Opt-in, not part of `make test`: games with every seat a model served by llama.cpp's
# llama-server and llama-cpp-python's server (a tiny random-weight model; the first run
# builds llama.cpp, minutes). See docs/tables.md.
test-llama: $(STAMP)
	$(BIN)/python scripts/llama/test_llama.py $(ARGS)

bench: $(DEV_STAMP)
	$(BIN)/python scripts/bench.py
	$(BIN)/python scripts/bench_engine.py
	$(BIN)/python scripts/bench_heuristic.py classic-18 classic-12 --games 20 --ceiling
	$(BIN)/python scripts/bench_llm.py
	$(BIN)/python scripts/balance.py --write
	$(BIN)/python scripts/coverage.py

docs: $(STAMP)
	$(BIN)/python scripts/gen_docs.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
