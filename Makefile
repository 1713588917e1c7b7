# make run | make test | make bench | make lint | make prod | make clean
# The first target run creates .venv (Python 3.11, else python3) and installs the
# project; the stamp file makes later runs skip pip until pyproject.toml changes.

SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
PIP := $(PY) -m pip install --quiet --disable-pip-version-check
BOOTSTRAP_PYTHON := $(shell command -v python3.11 || command -v python3)
DEV_STAMP := $(VENV)/.installed-dev
BENCH_STAMP := $(VENV)/.installed-bench
PROD_STAMP := $(VENV)/.installed-production

.PHONY: help run test test-slow test-all test-compiled-engine engine bench bench-web soak lint format messages clean redis-server prod

help:
	@echo "make run    start the site on http://127.0.0.1:8000 with a demo login"
	@echo "make test   lint, type-check the engine, run the fast tests (under a minute)"
	@echo "make test-slow  the browser, worker, production and benchmark-smoke tests"
	@echo "make test-all   both: the whole suite, as CI runs it"
	@echo "make engine compile the scoring engine again after changing it (mypyc)"
	@echo "make bench  benchmark the scoring engine, seating and the exports"
	@echo "make bench-web  load-test standings and hand submission on gunicorn"
	@echo "make soak   soak and fault runs on PostgreSQL, Redis, gunicorn and Celery (~20 min)"
	@echo "make lint   ruff, and mypy over the engine (strict) and the apps"
	@echo "make prod   production on this host: gunicorn, Celery worker and beat (docs/operations.md)"
	@echo "make clean  remove caches and collected static files"

$(PY):
	$(BOOTSTRAP_PYTHON) -m venv $(VENV)

# The scoring engine is compiled with mypyc into the venv at install, where a
# C compiler exists (scripts/build_engine.py; `make engine` after changing
# it); otherwise, or while its build is of older sources, it runs as Python.
# MAHJONG_ENGINE_REQUIRED=1 (CI) makes a failed compilation an error.
BUILD_ENGINE := $(PY) scripts/build_engine.py $(if $(MAHJONG_ENGINE_REQUIRED),--require,)

$(DEV_STAMP): pyproject.toml | $(PY)
	@echo "Installing the project and its tools into $(VENV) (once, and again when pyproject.toml changes)..."
	$(PIP) -e '.[dev]'
	$(BUILD_ENGINE)
	@touch $@

$(BENCH_STAMP): pyproject.toml $(DEV_STAMP)
	$(PIP) -e '.[dev,bench]'
	@touch $@

$(PROD_STAMP): pyproject.toml | $(PY)
	$(PIP) -e '.[production]'
	$(BUILD_ENGINE)
	@touch $@

engine: $(DEV_STAMP)
	$(BUILD_ENGINE)

run: $(DEV_STAMP)
	@echo "Preparing the database (migrate)..."
	@$(PY) manage.py migrate --noinput --verbosity 0
	@$(PY) manage.py load_demo
	$(PY) manage.py runserver 127.0.0.1:8000

# The export tests start a real Redis server and Celery worker: install
# Debian's redis-server when it is missing and we may (root with apt-get);
# otherwise those tests are skipped with a loud message.
redis-server:
	@command -v redis-server >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends redis-server >/dev/null \
	      || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends redis-server >/dev/null; }; \
	  else echo "redis-server missing: the worker tests will be skipped"; fi; }

# The fast pass runs on every core (pytest-xdist, one test database per
# worker); the slow pass (browser, Redis and Celery, production servers, the
# benchmarks' smoke runs, long walks: `-m slow`, tests/conftest.py) runs on
# its own, with the property tests again at their full count of examples
# (tests/support/examples.py). Together they are the whole suite. An empty
# PYTHONDONTWRITEBYTECODE lets pytest cache its rewritten test modules
# (collecting anew costs each worker about 8 s).
PYTEST := PYTHONDONTWRITEBYTECODE= $(BIN)/pytest

test: $(DEV_STAMP) redis-server
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy --strict scoring/engine
	node --test tests/js/
	$(ENGINE_PYTHON) $(PYTEST) -q -n auto --dist loadfile --no-migrations -m "not slow"
	@$(MAKE) --no-print-directory test-compiled-engine

# The suite runs the engine's Python sources, the reference, which some tests
# instrument; the engine's own tests run again on its compiled build, when
# there is one of the current sources (the slow pass also compares the two on
# the benchmark corpus: tests/engine/test_compiled_engine.py).
ENGINE_PYTHON := MAHJONG_ENGINE=python
ENGINE_BUILT := $(PY) -c 'import sys, scoring.engine._implementation as i; sys.exit(i.installed_build()[0] is None)'

test-compiled-engine: $(DEV_STAMP)
	@if [ -n "$(MAHJONG_ENGINE_REQUIRED)" ] || $(ENGINE_BUILT); then \
	  echo "The engine's tests again, on its compiled build:"; \
	  MAHJONG_ENGINE=compiled $(PYTEST) -q -n auto --dist loadfile -m "not slow" tests/engine; \
	else echo "No compiled build of the engine's current sources (make engine): its tests ran on the sources only."; fi

# The browser tests run one at a time: two headless Chromiums on two cores
# made full-page screenshots stall (30 s timeouts, refused captures) in CI.
test-slow: $(DEV_STAMP) redis-server
	HYPOTHESIS_PROFILE=full $(ENGINE_PYTHON) $(PYTEST) -q -n auto -m "(slow or hypothesis) and not e2e"
	$(ENGINE_PYTHON) $(PYTEST) -q -m e2e

test-all: test test-slow

bench: $(BENCH_STAMP)
	$(PY) -m bench.engine
	$(PY) -m bench.parse
	$(PY) -m bench.seating
	$(PY) -m bench.exports
	$(PY) -m bench.rankings

# A real server (gunicorn) under load on loopback; about 2 minutes. Exits 1
# when a target is missed. DATABASE_URL=postgres://... to run on PostgreSQL.
bench-web: $(BENCH_STAMP)
	$(PY) -m bench.web $(if $(DATABASE_URL),--database-url $(DATABASE_URL),)

# Reliability (bench/soak/, run as python -m bench.soak): a throwaway PostgreSQL cluster (needs Debian's
# postgresql binaries), Redis, gunicorn, a Celery worker and beat on loopback;
# a 10-minute soak, then four fault runs; about 20 minutes. Exits 1 when a
# target is missed. Options through SOAK_ARGS, e.g. SOAK_ARGS="--minutes 2 --json".
soak: $(BENCH_STAMP) redis-server
	$(PY) -m bench.soak $(SOAK_ARGS)

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy --strict scoring/engine
	$(BIN)/mypy common config clubs tournaments scoring exports rankings stats operations

format: $(DEV_STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Maintainers: after changing translatable text, update and compile the Dutch
# catalogue (needs GNU gettext). The compiled .mo file is committed, so running
# the site never needs gettext.
messages: $(DEV_STAMP)
	$(PY) manage.py makemessages --locale nl --add-location file --ignore 'staticfiles/*' --ignore 'bench/*' --ignore 'tests/*'
	$(PY) manage.py compilemessages --locale nl --ignore '.venv' --ignore 'staticfiles'

# Production on this host (docs/operations.md): refuses, saying what to set,
# unless DATABASE_URL is postgres://... and CELERY_BROKER_URL redis://...;
# then installs the `production` extra, runs check --deploy, migrate and
# collectstatic, and gunicorn (WEB_BIND, WEB_WORKERS), a Celery worker and
# Celery beat until Ctrl-C or SIGTERM (operations/prod.py).
prod: | $(PY)
	@$(PY) -m operations.prod check
	@$(MAKE) --no-print-directory $(PROD_STAMP)
	@exec $(PY) -m operations.prod run

clean:
	find . -path ./$(VENV) -prune -o -type d -name __pycache__ -exec rm -rf {} +
	rm -rf .pytest_cache .mypy_cache .ruff_cache .hypothesis staticfiles build *.egg-info
