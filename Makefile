# toolguard: `make run` serves the embedded default; `make test` runs the suite.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run serve worker test lint bench demo clean topology verify-wheel

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt

# Migrate, seed the demo bank (printing its credentials), then serve with a worker.
run: install
	mkdir -p var
	$(BIN)/python manage.py migrate --noinput -v0
	$(BIN)/python manage.py createcachetable
	$(BIN)/python manage.py seed_demo --json-file var/demo-credentials.json
	@echo
	@echo "toolguard on http://$(HOST):$(PORT)/review/"
	@echo "Sign in as reviewer, reviewer2 or compliance with the password above (the sign-in page says where they are kept)"
	@echo "Admin at http://$(HOST):$(PORT)/admin/ needs a staff user: $(BIN)/python manage.py createsuperuser"
	@echo "Audit log signed with var/audit-signing.pem (made on first run); receipts verify offline against var/audit-signing.pub.pem: make verify-wheel"
	$(BIN)/python manage.py qcluster & QPID=$$!; \
	trap 'kill $$QPID 2>/dev/null' EXIT INT TERM; \
	$(BIN)/gunicorn -c python:toolguard.gunicorn_conf toolguard.wsgi:application --bind $(HOST):$(PORT) --workers 2 --access-logfile -

# The offline verifier (toolguard_verify/) as a wheel under dist/, for an auditor's
# machine: pip install dist/toolguard_verify-*.whl (docs/audit.md). Builds offline
# with the setuptools the virtualenv already has.
verify-wheel: $(BIN)/python
	$(BIN)/pip wheel --quiet --no-deps --no-build-isolation --wheel-dir dist ./toolguard_verify
	@ls dist/toolguard_verify-*.whl

# Two phases, each split over TEST_JOBS processes (each process on its own test
# database and Redis database): first the tests that keep to their transaction,
# then those that commit rows (live servers, browsers), whose rows the first
# kind must never see. tests/conftest.py says which is which. Exit 5 (nothing
# selected) is fine: `make test PYTEST_ARGS=tests/core` may hold one kind only.
TEST_JOBS ?= 2
test: install
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadfile --phase=isolated --durations=15 $(PYTEST_ARGS) || [ $$? -eq 5 ]
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadfile --phase=committing --durations=25 $(PYTEST_ARGS) || [ $$? -eq 5 ]

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy .
	$(BIN)/lint-imports

bench: install
	$(BIN)/python bench/run_all.py

# The deployment as hosts in network namespaces on this machine (topology/,
# docs/operations.md): two app hosts (nginx, gunicorn, worker), a Patroni pair,
# etcd and Redis, with a delaying forwarder between hosts. Needs root. Runs in
# the foreground and prints the URLs; Ctrl-C removes every host.
RTT_MS ?= 2
topology: install
	$(BIN)/python -m topology --rtt-ms $(RTT_MS)

# Replay the chapter's bank incident against the toolguard `make run` is serving
# (starts nothing itself); exits 1 if any money reached the attacker's account.
demo:
	$(BIN)/python examples/incident_replay.py --base-url http://$(HOST):$(PORT) --credentials var/demo-credentials.json

# Keeps var/audit-signing.pem: what it signed stays verifiable (delete it by hand with the data).
clean:
	rm -rf var/*.sqlite3* var/.migrated
