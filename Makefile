# Two entry points: `make` builds the database and the site, `make check` runs every check.
VENV ?= .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
NODE := node_modules/.installed
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all check lint test bench servers clean

all: $(INSTALLED) $(NODE)
	$(BIN)/wythoff build
	$(BIN)/wythoff site

check: lint test

lint: $(INSTALLED)
	$(BIN)/ruff check builder tests bench

test: $(INSTALLED) $(NODE) servers
	$(BIN)/python -m pytest -n 2

bench: $(INSTALLED)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/load.py

# Debian's Chromium runs the end-to-end tests of the site (headless), and a
# throwaway PostgreSQL cluster checks the database on a server.
servers:
	@command -v chromium >/dev/null && ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium and postgresql for the end-to-end tests"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium postgresql >/dev/null; }

$(INSTALLED): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

# KaTeX and sql.js, copied into the site by `wythoff site`.
$(NODE): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf $(VENV) node_modules build data/*.sqlite data/csv data/bfiles data/metadata.json data/wythoff-data.zip
