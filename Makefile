# Two entry points: `make` builds the database and the site, `make check` runs every check.
VENV ?= .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed

.PHONY: all check lint test bench clean

all: $(INSTALLED)
	$(BIN)/wythoff build
	$(BIN)/wythoff site

check: lint test

lint: $(INSTALLED)
	$(BIN)/ruff check builder tests bench

test: $(INSTALLED)
	$(BIN)/python -m pytest -n 2

bench: $(INSTALLED)
	$(BIN)/python bench/engine.py

$(INSTALLED): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

clean:
	rm -rf $(VENV) build data/*.sqlite data/csv data/bfiles
