# Two commands set everything up from nothing: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: run test lint format bench package smoke clean translations screenshots

# The GUI's translations: the Qt Linguist source (edited with Linguist, kept current by
# `make translations`) and the compiled file the app loads, built into the package so that
# the wheel and the frozen build carry it.
TS := resources/translations/neardup_zh_CN.ts
QM := app/neardup/data/translations/neardup_zh_CN.qm

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { echo "Could not create $(VENV): install python3-venv (Debian: apt-get install python3-venv)"; exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall whenever pyproject.toml changes.
$(VENV)/.installed-app: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	mkdir -p $(dir $(QM)) && $(BIN)/pyside6-lrelease -silent $(TS) -qm $(QM)
	touch $@

# The tests run the Dask executor on a real local cluster: the dask extra comes with them.
$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,dask]'
	mkdir -p $(dir $(QM)) && $(BIN)/pyside6-lrelease -silent $(TS) -qm $(QM)
	touch $@ $(VENV)/.installed-app

# Compiled again whenever the translations change.
$(QM): $(TS) | $(VENV)/.installed-app
	mkdir -p $(dir $(QM)) && $(BIN)/pyside6-lrelease -silent $(TS) -qm $(QM)

# Collect every tr()/translate() string of the GUI into the .ts (new ones unfinished, gone
# ones dropped), then compile it. Translate the new strings with Qt Linguist.
translations: $(VENV)/.installed-app
	$(BIN)/pyside6-lupdate -extensions py app/neardup/gui -no-obsolete -locations relative -ts $(TS)
	$(BIN)/pyside6-lrelease $(TS) -qm $(QM)

run: $(VENV)/.installed-app $(QM)
	$(BIN)/neardup $(ARGS)

test: $(VENV)/.installed-test $(QM)
	$(BIN)/lint-imports --no-cache
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

lint: $(VENV)/.installed-test
	$(BIN)/ruff check app tests benchmarks scripts
	$(BIN)/ruff format --check app tests benchmarks scripts
	$(BIN)/mypy app
	$(BIN)/lint-imports --no-cache

format: $(VENV)/.installed-test
	$(BIN)/ruff format app tests benchmarks scripts
	$(BIN)/ruff check --fix app tests benchmarks scripts

bench: $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet -e '.[test,dask,bench]'
	$(BIN)/python benchmarks/bench_index.py
	$(BIN)/python benchmarks/bench_quality.py
	$(BIN)/python benchmarks/bench_throughput.py
	$(BIN)/python benchmarks/bench_kind_rule.py
	$(BIN)/python benchmarks/bench_disguise.py
	$(BIN)/python benchmarks/bench_real_text.py --peers
	$(BIN)/python benchmarks/bench_soak.py
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/bench_models.py

# The README's screenshots of the real window (needs a Chinese font: fonts-noto-cjk).
screenshots: $(VENV)/.installed-test $(QM)
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/screenshots.py

# The PyInstaller one-folder desktop app in dist/neardup (see packaging/README.md).
package: | $(BIN)/python
	$(BIN)/python packaging/build.py

# Only the frozen-build smoke test; it rebuilds dist/neardup when the sources changed.
smoke: $(VENV)/.installed-test
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -m frozen tests/frozen

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
