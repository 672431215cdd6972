# make run  : the online table on http://127.0.0.1:8000 (SQLite in ./data)
# make test : lint, type-check and run every test, in a virtual environment of its own
#             (installs Debian's Chromium if missing: the browser tests drive it)
#             (starts the local PostgreSQL if it is down: the server tests run on it too)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run play test lint typecheck unit services chromium bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

HOST ?= 127.0.0.1
PORT ?= 8000

run: $(STAMP)
	$(BIN)/navcomp serve --host $(HOST) --port $(PORT)

play: $(STAMP)
	$(BIN)/navcomp play

services:
	./scripts/services.sh

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(STAMP)
	$(BIN)/mypy src/navcomp

# The browser tests drive Debian's Chromium (Playwright's own browser download cannot work
# here); the CJK fonts let the Japanese screenshots show Japanese.
chromium:
	command -v chromium >/dev/null && dpkg -s fonts-noto-cjk >/dev/null 2>&1 || \
		(apt-get update && apt-get install -y chromium fonts-noto-cjk)

unit: $(STAMP) services chromium
	$(BIN)/pytest -q

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/navcomp bench engine --players 4

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
