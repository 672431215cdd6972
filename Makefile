# make run  : play Space Mission in the terminal (the main job until the online table exists)
# make test : lint, type-check and run every test, in a virtual environment of its own
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/navcomp play

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(STAMP)
	$(BIN)/mypy src/navcomp

unit: $(STAMP)
	$(BIN)/pytest -q

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/navcomp bench engine --players 4

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
