# hwdoctor development tasks. Two entry points matter: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip
CONSTRAINTS := constraints/dev.txt
PYTEST_ARGS ?=

.PHONY: demo test lint typecheck pytest bench completions clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

# Reinstall only when the project metadata or the pins change.
$(VENV)/.ml-installed: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(PIP) install --quiet -c $(CONSTRAINTS) --config-settings editable_mode=compat -e '.[ml]'
	touch $@

$(VENV)/.test-installed: $(VENV)/.ml-installed
	$(PIP) install --quiet -c $(CONSTRAINTS) --config-settings editable_mode=compat -e '.[ml,test]'
	touch $@

demo: $(VENV)/.ml-installed
	$(BIN)/hwdoctor detect

lint: $(VENV)/.test-installed
	$(BIN)/ruff check hwdoctor tests benchmarks completions
	$(BIN)/ruff format --check hwdoctor tests benchmarks completions

typecheck: $(VENV)/.test-installed
	$(BIN)/mypy

pytest: $(VENV)/.test-installed
	$(BIN)/python -m pytest -n auto $(PYTEST_ARGS)

test: lint typecheck pytest

bench: $(VENV)/.test-installed
	$(BIN)/python benchmarks/run.py

completions: $(VENV)/.ml-installed
	$(BIN)/python completions/generate.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
