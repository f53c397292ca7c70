# cardtable developer entry points. `make test` is exactly what CI runs (.ci/run).
# Needs only Python 3.11 with venv/pip: uv is bootstrapped into .tools/, the project into .venv/.

PYTHON ?= python3
UV_VERSION := 0.13.9
UV := .tools/bin/uv
VENV := .venv
BIN := $(VENV)/bin

# Use the machine's Python; never download an interpreter.
export UV_PYTHON_DOWNLOADS := never

.PHONY: help sync npm compile decompile wheel wheel-check serve play test pytest screenshots lint js-lint format types bench bench-suite clean

help:
	@echo "make serve  - start the web table on http://127.0.0.1:8000 (SQLite in ~/.local/share/cardtable)"
	@echo "make play   - play Piece of the Action against 3 random bots in the terminal"
	@echo "make test   - tests (pytest -n auto) as plain Python and compiled, lint (ruff, ESLint) and types (mypy); what CI runs"
	@echo "make compile   - compile the engine with mypyc (bots search 2-2.5x faster); make decompile removes it"
	@echo "make wheel  - build the sdist and the wheel into dist/ (engine compiled where a C compiler is found)"
	@echo "make wheel-check - build the wheel, install it in a clean venv, test the installed compiled engine"
	@echo "make screenshots - retake docs/screenshots/*.png with the browser tests"
	@echo "make lint   - ruff check and ESLint on the web table's JavaScript (npm ci into node_modules/)"
	@echo "make format - ruff format (rewrites files)"
	@echo "make types  - mypy (strict)"
	@echo "make bench  - run benchmarks/*.py"
	@echo "make bench-suite - every speed figure, plain and compiled interleaved (docs/performance.md)"

$(UV):
	$(PYTHON) -m venv .tools
	.tools/bin/pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)

# The environment is exactly uv.lock; --frozen fails instead of re-resolving.
sync: $(UV)
	$(UV) sync --frozen --all-extras --python $(PYTHON)

# The web table's JavaScript tools (ESLint, Prettier, axe-core) exactly as package-lock.json pins
# them; npm ci runs only when the lock is newer than the installed tree, quietly.
NPM_STAMP := node_modules/.package-lock.json
$(NPM_STAMP): package-lock.json package.json
	npm ci --no-audit --no-fund --loglevel=error >/dev/null
	@touch $@

npm: $(NPM_STAMP)

# The engine's hot modules compiled in place by mypyc (docs/performance.md); skipped when the
# build already matches the sources. serve, play and bench use it when the build works and run
# as plain Python when it does not.
compile: sync
	$(BIN)/python tools/compile.py --if-needed

decompile:
	$(PYTHON) tools/compile.py --clean

serve: sync
	$(BIN)/python tools/compile.py --if-needed --optional
	$(BIN)/cardtable serve

play: sync
	$(BIN)/python tools/compile.py --if-needed --optional
	$(BIN)/cardtable play piece-of-the-action --players 4

# The wheel as users get it: sdist, then the wheel from it, whose build hook compiles the engine
# with mypyc where a C compiler is found and is plain Python where not (tools/hatch_build.py).
wheel: sync
	$(UV) build --out-dir dist

# Build the wheel (compiled, or fail), install it in a clean venv, check `cardtable --version`
# says compiled and run the core and conformance tests against the installed package.
wheel-check: sync
	$(BIN)/python tools/check_wheel.py --keep build/wheel

# Every test twice: as plain Python (doctests included) and compiled; and the built wheel
# installed and tested (and the plain fallback wheel built and installed, half a minute). The compiled pass runs on the wheel's own compiled modules, unpacked into
# src/ (compiled once for both; tools/compile.py compiles when no wheel matches the sources).
test: sync npm
	CARDTABLE_PURE=1 CARDTABLE_EXPECT_BUILD=plain $(BIN)/pytest -n auto --dist loadgroup
	$(BIN)/python tools/check_wheel.py --keep build/wheel
	$(BIN)/python tools/check_wheel.py --pure
	$(BIN)/python tools/compile.py --if-needed --from-wheel build/wheel
	CARDTABLE_EXPECT_BUILD=compiled $(BIN)/pytest -n auto --dist loadgroup tests
	$(BIN)/ruff check .
	npx --no-install eslint src/cardtable/server/static
	$(BIN)/mypy

pytest: sync npm
	$(BIN)/pytest -n auto --dist loadgroup

# The browser tests photograph every game view; only this target keeps the photographs.
screenshots: sync
	CARDTABLE_SCREENSHOTS=1 $(BIN)/pytest -n auto --dist loadgroup tests/browser

lint: sync npm
	$(BIN)/ruff check .
	npx --no-install eslint src/cardtable/server/static

js-lint: npm
	npx --no-install eslint src/cardtable/server/static

format: sync
	$(BIN)/ruff format .

types: sync
	$(BIN)/mypy

bench: sync
	$(BIN)/python tools/compile.py --if-needed --optional
	@found=0; for script in benchmarks/*.py; do \
		[ -e "$$script" ] || continue; found=1; \
		case "$$script" in benchmarks/_*) continue;; esac; \
		echo "== $$script"; $(BIN)/python "$$script" || exit 1; \
	done; [ $$found = 1 ] || echo "no benchmarks yet (benchmarks/*.py)"

# Every figure of docs/performance.md in one run (several minutes; not part of the tests).
bench-suite: sync
	$(BIN)/python benchmarks/suite.py

clean:
	rm -rf .tools $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis
