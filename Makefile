# Savanna — set-up and everyday commands. Everything installs into a local .venv.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled engines (mypyc) built for the sources below, or pure Python where they cannot
# be built (no C compiler): setup.py decides, never failing. SAVANNA_COMPILE=0 skips them.
NATIVE := $(VENV)/.native
NATIVE_SOURCES := setup.py $(wildcard src/savanna/core/*.py src/savanna/bots/*.py src/savanna/games/*/*.py)

.PHONY: install native play serve test lint bench benchmarks clean compile clean-compiled test-compiled

# pip installs pure Python; $(NATIVE) then builds the compiled engines in place.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[all]'
	touch $(STAMP)

install: $(STAMP)

# Rebuilt when an engine's source changed since (a build older than its sources never runs:
# savanna.native falls back to pure Python and says so).
$(NATIVE): $(STAMP) $(NATIVE_SOURCES)
	$(BIN)/python setup.py --quiet build_ext --inplace
	touch $(NATIVE)
	@$(BIN)/savanna --version

native: $(NATIVE)

## play: install (the compiled engines when a C compiler is there), then play Banjooli Xeet in the terminal against three bots
play: $(NATIVE)
	$(BIN)/savanna play banjooli

## serve: install, then serve the lobby to your network and open it (http://localhost:8000/)
serve: $(STAMP)
	$(BIN)/savanna serve --host 0.0.0.0 --open

## test: install, then run the whole test suite (slow end-to-end tests included) on the
## build installed: compiled when it could be built, and then tests/native proves it plays
## the pure-Python build's games; SAVANNA_PURE_PYTHON=1 make test runs the sources (CI does both)
test: $(NATIVE)
	$(BIN)/python -m pytest -n 2 --dist loadfile

## lint: ruff, mypy (strict on the core and the games; the tests type-checked too) and the import contracts (the core knows no game)
lint: $(STAMP)
	$(BIN)/ruff check src tests examples benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports

## bench: engines, ISMCTS and the lab against OpenSpiel's C++ engines (add ARGS=--write to update docs/benchmarks.md)
bench: $(STAMP)
	$(BIN)/python benchmarks/engines.py $(ARGS)

## compile: the compiled build of the engines (mypyc, in place), or an error (no C compiler);
## clean-compiled removes it (SAVANNA_COMPILE=0 then keeps make play and make test pure)
compile: $(STAMP)
	SAVANNA_COMPILE=1 $(BIN)/python setup.py --quiet build_ext --inplace
	touch $(NATIVE)

## test-compiled: the whole suite on the compiled engines (rebuilt if their sources changed;
## a failure without them), with the trace of seeded games against the pure build, golden
## records and trials that prove them identical
COMPILED_TESTS := tests
test-compiled: $(NATIVE)
	SAVANNA_EXPECT_COMPILED=1 $(BIN)/python -m pytest -n 2 --dist loadfile $(COMPILED_TESTS)

clean-compiled:
	find src -name '*.so' -delete
	rm -f src/savanna/native-build.json $(NATIVE)
	rm -rf build

clean: clean-compiled
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
