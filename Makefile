# Two entry points: `make` builds the database and the site, `make check` runs every check;
# `make test` runs the unit tier alone, the one to run while editing.
VENV ?= .venv
# The interpreter of .venv: CPython 3.12 or later where the machine has one (on PATH, or
# installed by pyenv beside the one it selects), else python3.  There line coverage counts
# by sys.monitoring (pyproject.toml, [tool.coverage.run] core): the measured builds, sites
# and commands of `make check` run at nearly their unmeasured speed.
PYTHON ?= $(firstword $(shell for p in python3.12 python3.13 $(wildcard $(PYENV_ROOT)/versions/3.*/bin/python3); do \
  $$p -c 'import sys; assert sys.version_info >= (3, 12)' 2>/dev/null && echo $$p; done) python3)
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
NODE := node_modules/.installed
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Python writes the bytecode of what it compiles (the package's modules, the tests'
# asserts as pytest rewrites them) even where the machine sets PYTHONDONTWRITEBYTECODE:
# otherwise every `wythoff` command the tests start, and every worker, compiles its
# imports again from their sources: seconds of CPU each, for NumPy, numba, pandas and
# SQLAlchemy, more than most of the tests themselves take.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: all check lint warm test test-bounds test-all bench servers vendor clean

all: $(INSTALLED)
	$(BIN)/wythoff build
	$(BIN)/wythoff site

# The Python, Node and Debian packages side by side (each mostly waits on the network
# and the disk), the lint and the warm-up as soon as the Python packages are in (each
# keeps a core busy), then the tiers.
check:
	$(MAKE) --no-print-directory -j 4 --output-sync=target lint warm $(NODE) servers
	$(MAKE) --no-print-directory test-bounds test-all

# Lint: ruff's rules and its formatting, and mypy in strict mode on the package.
lint: $(INSTALLED)
	$(BIN)/ruff check builder tests bench
	$(BIN)/ruff format --check builder tests bench
	$(BIN)/mypy

# What every worker of the full tier would compile first, compiled once and cached:
# numba's kernels (tests/helpers/kernels.py) and the test modules, their asserts
# rewritten by pytest (about four seconds of CPU a worker).
warm: $(INSTALLED)
	$(BIN)/python -m tests.helpers.kernels
	$(BIN)/python -m pytest --collect-only -q tests builder >/dev/null && echo "the tests are collected, their modules cached"

# The tests come in three tiers: tests/unit (the package's modules, in process, and
# the doctests), tests/cli (the `wythoff` command run as a user runs it) and
# tests/e2e (real builds, the site in Chromium, servers, PARI/GP, Node).  Tests
# that share an expensive fixture (a server and its build, a cluster, a site
# rendered again, one game's board of a large sweep) share one worker (--dist
# loadgroup), which makes it once; the builds that many modules read are made
# once for the run, whichever workers ask (a file lock).
PYTEST := $(BIN)/python -m pytest --dist loadgroup

test: $(INSTALLED)
	$(PYTEST) -n 2 tests/unit builder

# The compiled kernels with numba's bounds checks on, compiled afresh into a cache of
# their own (the shared cache holds them compiled without checks): a write past an
# array fails a test here instead of corrupting a result unseen.  Which tests run here
# is written in tests/conftest.py (BOUNDS_TIER); test-all runs every other test
# (--tier rest), so each runs once.  Line coverage is measured in test-all alone:
# measured here too it doubled this tier's time, for lines the rest covers already.
test-bounds: $(INSTALLED)
	NUMBA_BOUNDSCHECK=1 NUMBA_CACHE_DIR=$$(mktemp -d) $(PYTEST) -n 2 -q --tier bounds tests/unit/core

# Every tier but the bounds-checked tests, with the package's line coverage (floor in
# pyproject.toml).  One worker more than the two cores: an end-to-end test often
# waits (on a build it started, a browser, a server, a time limit) while the cores
# have work to do.  The 25 slowest steps are listed at the end: where the next minute is.
test-all: $(INSTALLED) $(NODE) servers
	$(PYTEST) -n 3 --tier rest --durations=25 --cov --cov-report=term tests builder

bench: $(INSTALLED)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/load.py

# Debian's Chromium runs the end-to-end tests of the site (headless), served by
# nginx too as static hosts serve it; a throwaway PostgreSQL cluster checks the
# database on a server, and PARI/GP runs the sequences' PARI programs.
servers:
	@command -v chromium >/dev/null && command -v gp >/dev/null && [ -x /usr/sbin/nginx ] && \
	  ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium, postgresql, pari-gp and nginx-light for the end-to-end tests"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium postgresql pari-gp nginx-light >/dev/null; }

# Every module installed is compiled to bytecode once, here, on every core (pip
# would compile them one by one, 15 s): without it each process compiles what it
# imports of NumPy, numba, pandas and SQLAlchemy from their sources until one writes
# the bytecode, and where PYTHONDONTWRITEBYTECODE is set none ever does.
$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --no-compile -e '.[test]'
	$(BIN)/python -m compileall -q -j 0 $(VENV)/lib >/dev/null
	touch $@

# The browser libraries are vendored in site/assets/vendor with their licences, so
# building the site needs no Node.js.  Node runs the JavaScript unit tests; `make
# vendor` refreshes the vendored copies after a change of package.json.
# The database tools read the published database by HTTP Range requests with
# SQLite's official WebAssembly build, as sqlite-wasm-http packages it, and the
# site's own VFS (site/assets/javascripts/range-vfs.js), in a worker we can
# terminate: sqlite-wasm-http's VFS sized the file from a HEAD request, which
# compressing hosts answer without the file's length, and checked no answer.
# esbuild joins the build's ES modules (bare imports that a worker cannot
# resolve) into one file beside sqlite3.wasm.
$(NODE): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

SQLITE_HTTP_ENTRY := export { default as sqlite3InitModule } from "sqlite-wasm-http/sqlite3.js";

vendor: $(NODE)
	rm -rf site/assets/vendor && mkdir -p site/assets/vendor/katex/fonts site/assets/vendor/sqlite-wasm-http
	cp node_modules/katex/dist/katex.min.js node_modules/katex/dist/katex.min.css node_modules/katex/LICENSE site/assets/vendor/katex/
	cp node_modules/katex/dist/fonts/*.woff2 site/assets/vendor/katex/fonts/
	echo '$(SQLITE_HTTP_ENTRY)' | node_modules/.bin/esbuild --bundle --format=esm --platform=browser \
	  --minify --legal-comments=none --log-level=warning --outfile=site/assets/vendor/sqlite-wasm-http/sqlite-http.js
	cp node_modules/sqlite-wasm-http/deps/dist/sqlite3.wasm node_modules/sqlite-wasm-http/LICENSE site/assets/vendor/sqlite-wasm-http/

clean:
	rm -rf $(VENV) node_modules build data/*.sqlite data/csv data/bfiles data/metadata.json data/wythoff-data.zip
