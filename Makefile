# make run  : the online table on http://127.0.0.1:8000 (SQLite in ./data)
# make test : lint, type-check and run every test, in a virtual environment of its own
#             (installs Debian's Chromium and nginx if missing: the tests drive them)
#             (starts the local PostgreSQL if it is down: the server tests run on it too)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run play test lint typecheck unit services debian-packages bench clean

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
	$(BIN)/lint-imports --no-cache

typecheck: $(STAMP)
	$(BIN)/mypy src/navcomp

# Debian's packages the tests use: Chromium for the browser tests (Playwright's own browser
# download cannot work here), with the CJK fonts the Japanese screenshots need; nginx and
# redis-server for the reverse-proxy and Redis tests.
DEBIAN_PACKAGES := chromium fonts-noto-cjk nginx-light redis-server openssl

debian-packages:
	dpkg -s $(DEBIAN_PACKAGES) >/dev/null 2>&1 || \
		(apt-get update && apt-get install -y $(DEBIAN_PACKAGES))

# The browser tests and the others run side by side, each in a pytest run of its own.
unit: $(STAMP) services debian-packages
	./scripts/test_lanes.sh $(BIN)

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/navcomp bench engine --players 4

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
