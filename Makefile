# Savanna — set-up and everyday commands. Everything installs into a local .venv.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install play serve test lint bench benchmarks clean compile clean-compiled test-compiled

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[all]'
	touch $(STAMP)

install: $(STAMP)

## play: install, then play Banjooli Xeet in the terminal against three bots
play: $(STAMP)
	$(BIN)/savanna play banjooli

## serve: install, then serve the lobby to your network and open it (http://localhost:8000/)
serve: $(STAMP)
	$(BIN)/savanna serve --host 0.0.0.0 --open

## test: install, then run the whole test suite (slow end-to-end tests included)
test: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadfile

## lint: ruff, mypy (strict on the core and the games) and the import contracts (the core knows no game)
lint: $(STAMP)
	$(BIN)/ruff check src tests examples benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports

## bench: engines, ISMCTS and the lab against OpenSpiel's C++ engines (add ARGS=--write to update docs/benchmarks.md)
bench: $(STAMP)
	$(BIN)/python benchmarks/engines.py $(ARGS)

## compile: the optional compiled build of the engines (mypyc, in place); clean-compiled removes it
compile: $(STAMP)
	SAVANNA_COMPILE=1 $(BIN)/python setup.py --quiet build_ext --inplace

## test-compiled: build the compiled engines, then the whole suite on them (with the trace of
## seeded games against the pure build, golden records and trials that prove them identical)
COMPILED_TESTS := tests
test-compiled: compile
	SAVANNA_EXPECT_COMPILED=1 $(BIN)/python -m pytest -n 2 --dist loadfile $(COMPILED_TESTS)

clean-compiled:
	find src -name '*.so' -delete
	rm -rf build

clean: clean-compiled
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
