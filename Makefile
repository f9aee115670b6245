# Choreo — two commands do everything on a fresh Debian machine:
#   make run    installs what is missing, builds, starts choreod in the foreground
#   make test   installs what is missing, builds, runs every test suite
SHELL := /bin/bash
SWIFT ?= swift
PYTHON ?= python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BUILD_FLAGS := -Xswiftc -warnings-as-errors --explicit-target-dependency-import-check error
BIN := .build/debug

.PHONY: all deps build run test check test-swift test-e2e test-journeys lint format clean openrpc

all: build

## deps: install the Debian and Python packages the build and the tests need (only what is missing)
deps:
	@missing=""; \
	pkg-config --exists jansson 2>/dev/null || missing="$$missing libjansson-dev pkg-config"; \
	command -v socat >/dev/null || missing="$$missing socat"; \
	command -v jq >/dev/null || missing="$$missing jq"; \
	command -v chromium-headless-shell >/dev/null || missing="$$missing chromium-headless-shell"; \
	command -v rsvg-convert >/dev/null || missing="$$missing librsvg2-bin"; \
	for font in fonts-dejavu-core fonts-dejavu-extra fonts-liberation; do \
		dpkg -s $$font >/dev/null 2>&1 || missing="$$missing $$font"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
	@$(PYTHON) -c 'import pytest' 2>/dev/null || $(PYTHON) -m pip install -q pytest
	@$(PYTHON) -c 'import xdist' 2>/dev/null || $(PYTHON) -m pip install -q pytest-xdist  # make test-e2e on both cores
	@$(PYTHON) -c 'import mcp' 2>/dev/null || $(PYTHON) -m pip install -q 'mcp>=2.3,<3'  # the official MCP client (Tests/e2e/test_mcp.py)
	@$(PYTHON) -c 'import yaml, jsonschema' 2>/dev/null || $(PYTHON) -m pip install -q pyyaml jsonschema  # journey files against their schema
	@$(PYTHON) -c 'import PIL' 2>/dev/null || $(PYTHON) -m pip install -q pillow  # the report's screenshot goldens
	@# The Python client, editable from this checkout, before any step that uses it: the docs' pytest blocks need its
	@# pytest plugin (the choreo_session fixture). Reinstalled when the copy Python finds is not this checkout's.
	@$(PYTHON) scripts/client_installed.py clients/python/src || \
		PIP_ROOT_USER_ACTION=ignore $(PYTHON) -m pip install -q -e 'clients/python[test]'

## build: compile everything (warnings are errors; module layering is checked)
build: deps
	$(SWIFT) build $(BUILD_FLAGS)

## run: build only the daemon and start it in the foreground on the default socket (or CHOREO_SOCKET / SOCKET=path)
run: deps
	$(SWIFT) build $(BUILD_FLAGS) --product choreod
	$(BIN)/choreod $(if $(SOCKET),--socket $(SOCKET))

## install: release builds of choreod and journey into $(PREFIX)/bin (default /usr/local; DESTDIR for staging), and
## the Python client with pip
PREFIX ?= /usr/local
.PHONY: install
install: deps
	$(SWIFT) build -c release --product choreod
	$(SWIFT) build -c release --product journey
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/release/choreod .build/release/journey $(DESTDIR)$(PREFIX)/bin/
	$(PYTHON) -m pip install -q ./clients/python
	@echo "installed choreod and journey in $(DESTDIR)$(PREFIX)/bin (on PATH?) and the Python client (import choreo)"

## test: every test suite: format lint first (it answers in seconds), then the Swift unit and protocol tests, the
##   journeys, the end-to-end tests against the real daemon (on both cores), the docs and the clients; each stage's
##   time is printed as it ends and all of them at the end.
TEST_STAGES = lint test-swift test-journeys test-e2e test-docs test-clients
test: deps
	@start=$$(date +%s); $(SWIFT) build $(BUILD_FLAGS) --build-tests || exit 1; \
		times="build $$(( $$(date +%s) - start )) s"; echo "== build: $$(( $$(date +%s) - start )) s"; \
		for stage in $(TEST_STAGES); do \
			start=$$(date +%s); $(MAKE) --no-print-directory $$stage || { echo "== $$stage failed"; exit 1; }; \
			took=$$(( $$(date +%s) - start )); echo "== $$stage: $$took s"; times="$$times, $$stage $$took s"; \
		done; echo "== make test passed: $$times"

test-swift:
	$(SWIFT) test --skip-build

## check: the inner loop, under 3 minutes on a warm build: the build with the tests, format lint, the Swift suites
##   and the example journeys. `make test` runs everything (and CI runs `make test`).
.PHONY: check
check: deps
	@start=$$(date +%s); $(SWIFT) build $(BUILD_FLAGS) --build-tests && \
		$(MAKE) --no-print-directory lint test-swift && $(BIN)/journey run journeys/examples && \
		echo "== make check passed in $$(( $$(date +%s) - start )) s"

test-journeys:
	$(BIN)/journey run journeys/

## test-e2e: on both cores (pytest-xdist, a file's tests on one worker, so a module's daemon is shared as before), with
##   the SwiftUI reference's own tests in the same run (their CPU fills the workers' waits for the daemon);
##   E2E_WORKERS=0 runs them in one process.
E2E_WORKERS ?= 2
test-e2e:
	CHOREOD=$(BIN)/choreod PREFS_CHOREOD=$(BIN)/prefs-choreod JOURNEY=$(BIN)/journey $(PYTHON) -m pytest -q -p no:choreo \
		$(if $(filter 0,$(E2E_WORKERS)),,-n $(E2E_WORKERS) --dist loadfile) Tests/e2e scripts/test_swiftui_physics.py

## test-release: the end-to-end tests of valid requests that used to kill the daemon (issue 42), of its bounds and of the
##   stateful fuzzer's short run, against a release build of choreod (a release build traps where a debug build does,
##   minus the debug checks; these cases were found against one). Not in `make test`: the release build takes minutes.
RELEASE_E2E = Tests/e2e/test_valid_requests_never_kill.py Tests/e2e/test_pending_input.py Tests/e2e/test_isolation.py \
	Tests/e2e/test_faults.py Tests/e2e/test_stateful_fuzz.py Tests/e2e/test_bad_input.py
.PHONY: test-release
test-release: deps
	$(SWIFT) build -c release $(BUILD_FLAGS) --product choreod
	CHOREOD=.build/release/choreod $(PYTHON) -m pytest -q -p no:choreo $(RELEASE_E2E)

## release: dist/choreo-VERSION-linux-ARCH.tar.gz — choreod and journey in release builds with Swift's runtime linked in
##   (they need only libjansson4), INSTALL.md, the README, CHANGELOG, protocol documents, example journeys and the Python
##   client; then checked by following INSTALL.md in a fresh folder (scripts/release.py). Tag the commit vVERSION.
RELEASE_SCRATCH := .build-release
.PHONY: release
release: deps
	@# With Swift's runtime linked in, journey (Foundation's networking, for the MCP SDK) links libcurl.
	@test -e /usr/lib/$$(uname -m)-linux-gnu/libcurl.so || ($(SUDO) apt-get update -qq && \
		$(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcurl4-openssl-dev >/dev/null)
	$(SWIFT) build -c release $(BUILD_FLAGS) --static-swift-stdlib --scratch-path $(RELEASE_SCRATCH) --product choreod
	$(SWIFT) build -c release $(BUILD_FLAGS) --static-swift-stdlib --scratch-path $(RELEASE_SCRATCH) --product journey
	$(PYTHON) scripts/release.py --bin $(RELEASE_SCRATCH)/release --out dist

## test-docs: every code block of the user docs runs (journeys and Swift shown verbatim from files that run;
##   shell, Python, JSON requests and transcripts against a fresh choreod): scripts/check_docs.py says how.
.PHONY: test-docs
test-docs: deps
	$(PYTHON) scripts/method_table.py --check
	CHOREOD=$(BIN)/choreod JOURNEY=$(BIN)/journey $(PYTHON) scripts/check_docs.py

## test-clients: the Python client's own suite (replies validated against protocol/openrpc.json) and the shell examples
.PHONY: test-clients
test-clients: deps
	@# PYTHONPATH: this checkout's client first, even if another copy of the package is installed. On both cores, as
	@# the end-to-end tests (each test starts what it needs; E2E_WORKERS=0 runs them in one process).
	CHOREOD=$(BIN)/choreod PYTHONPATH=clients/python/src $(PYTHON) -m pytest -q \
		$(if $(filter 0,$(E2E_WORKERS)),,-n $(E2E_WORKERS)) clients/python
	CHOREOD=$(BIN)/choreod JOURNEY=$(BIN)/journey bash clients/shell/run-all.sh

## openrpc: regenerate protocol/openrpc.json from the method declarations (Sources/ChoreoProtocol/Methods+*.swift)
##   and protocol/apps.json (every stock app's app.describe), then the fuzz dictionary, protocol/README.md's method
##   table and the documents journey embeds (Sources/JourneyCLI/StockDocuments+Generated.swift: journey links no app)
##   from them. All are checked in; tests fail when one differs from what it is made from.
openrpc:
	$(SWIFT) build $(BUILD_FLAGS) --product choreod
	$(BIN)/choreod --print-openrpc > protocol/openrpc.json
	$(BIN)/choreod --print-apps > protocol/apps.json
	$(PYTHON) scripts/fuzz_dict.py
	$(PYTHON) scripts/method_table.py
	$(PYTHON) scripts/stock_documents.py

## state-reference: regenerate protocol/state.md and protocol/apps.json from the apps' features and the engine's
##   declarations, and the documents journey carries. Checked in; tests fail when they differ from what the
##   declarations generate.
.PHONY: state-reference
state-reference:
	$(SWIFT) build $(BUILD_FLAGS) --product choreod
	$(BIN)/choreod --print-state-reference > protocol/state.md
	$(BIN)/choreod --print-apps > protocol/apps.json
	$(PYTHON) scripts/stock_documents.py

## journey-schema: regenerate protocol/journey.schema.json (journey files, for editors) from the step declarations.
##   Checked in; a test fails when it differs from what the declarations generate.
.PHONY: journey-schema
journey-schema:
	$(SWIFT) build $(BUILD_FLAGS) --product journey
	$(BIN)/journey schema > protocol/journey.schema.json

## film-strip: redraw the README's film strip of the hero transition (Tests/e2e/test_film.py checks it is current)
FILM_JOURNEY = journeys/examples/finpessoal-hero-tap-plays-light-and-presents-the-detail-sheet.yaml
FILM_STRIP = journeys/examples/hero-film.svg
film-strip: build
	$(BIN)/journey film $(FILM_JOURNEY) --from 0 --to 467 --every 4 --strip $(FILM_STRIP)

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

## fuzz: two libFuzzer targets on framing + JSON + dispatch (Fuzz/), each for FUZZ_SECONDS (default 60): the harness
##   built with AddressSanitizer (.build-fuzz), then without sanitizers for throughput (.build-fuzz-fast, about
##   5x the executions). Seeds: Fuzz/seeds, Fuzz/corpus (journeys' requests) and the bad-input corpus; new inputs go
##   to .build-fuzz/corpus, crashes to .build-fuzz/artifacts. FUZZ_FAST_SECONDS runs the fast one longer;
##   FUZZ_MAX_LEN (default 8192 bytes) bounds an input, FUZZ_TIMEOUT (default 20 s) one input's time.
FUZZ_SECONDS ?= 60
FUZZ_FAST_SECONDS ?= $(FUZZ_SECONDS)
FUZZ_SCRATCH := .build-fuzz
FUZZ_FAST_SCRATCH := .build-fuzz-fast
FUZZ_MAX_LEN ?= 8192
FUZZ_TIMEOUT ?= 20
FUZZ_ARGS = Fuzz/seeds Fuzz/corpus Tests/e2e/corpus -dict=Fuzz/choreo.dict -max_len=$(FUZZ_MAX_LEN) -timeout=$(FUZZ_TIMEOUT) \
	-rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix=$(FUZZ_SCRATCH)/artifacts/
.PHONY: fuzz fuzz-asan fuzz-fast
fuzz: fuzz-asan fuzz-fast

fuzz-asan: deps
	$(SWIFT) build -c release --package-path Fuzz --scratch-path $(FUZZ_SCRATCH) \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
	@mkdir -p $(FUZZ_SCRATCH)/corpus $(FUZZ_SCRATCH)/artifacts
	LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan-suppressions.txt \
		$(FUZZ_SCRATCH)/release/ChoreoFuzz $(FUZZ_SCRATCH)/corpus $(FUZZ_ARGS) -max_total_time=$(FUZZ_SECONDS)

## fuzz-fast: the same harness with libFuzzer's coverage only (no sanitizer), for executions per second.
fuzz-fast: deps
	$(SWIFT) build -c release --package-path Fuzz --scratch-path $(FUZZ_FAST_SCRATCH) \
		-Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
	@mkdir -p $(FUZZ_SCRATCH)/corpus $(FUZZ_SCRATCH)/artifacts
	$(FUZZ_FAST_SCRATCH)/release/ChoreoFuzz $(FUZZ_SCRATCH)/corpus $(FUZZ_ARGS) -max_total_time=$(FUZZ_FAST_SECONDS)

## soak: random journeys (Sources/ChoreoSoak) for SOAK_CASES cases per app of SOAK_STEPS steps, release build.
##   Every invariant is checked after every step; a failing case is shrunk and written as a journey to .build/soak.
##   `make test` runs a fixed budget of the same (Tests/ChoreoSoakTests).
SOAK_CASES ?= 1000
SOAK_STEPS ?= 200
SOAK_SEED ?= 1
SOAK_ARGS ?=
.PHONY: soak
soak:
	$(SWIFT) build -c release $(BUILD_FLAGS) --product choreo-soak
	.build/release/choreo-soak --cases $(SOAK_CASES) --steps $(SOAK_STEPS) --seed $(SOAK_SEED) $(SOAK_ARGS)

## test-sanitized: the suites where memory and threads are at stake, under AddressSanitizer (test-asan) and then
##   ThreadSanitizer (test-tsan), each in its own build directory (.build-asan, .build-tsan). Not part of `make test`.
##   Swift: the JSON bridge (jansson), the motion math and its frame cache, the request path with its per-session
##   locks, the server and the client (SANITIZED_SWIFT); then the hostile end-to-end tests and the parallel sessions
##   against the sanitized choreod (SANITIZED_E2E). The apps' and the runner's own suites are plain Swift values and
##   run in `make test`; under ASan they took more than half an hour. Leak reports of the test harnesses themselves
##   (XCTest, Foundation) are suppressed: Tests/e2e/lsan-suppressions.txt.
SANITIZED_SWIFT := ChoreoJSONTests|ChoreoMotionTests|ChoreoProtocolTests|ChoreoServerTests|ChoreoClientTests
SANITIZED_E2E := Tests/e2e/test_bad_input.py Tests/e2e/test_faults.py Tests/e2e/test_load.py Tests/e2e/test_security.py \
	Tests/e2e/test_parallel_sessions.py
SANITIZER_ENV := CHOREO_SANITIZED=1 LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/e2e/lsan-suppressions.txt \
	TSAN_OPTIONS="halt_on_error=1 suppressions=$(CURDIR)/Tests/e2e/tsan-suppressions.txt"
.PHONY: test-sanitized test-asan test-tsan
test-sanitized: test-asan test-tsan

test-asan: deps
	$(SWIFT) build --scratch-path .build-asan --sanitize=address $(BUILD_FLAGS) --build-tests
	$(SANITIZER_ENV) CHOREOD=.build-asan/debug/choreod $(SWIFT) test --scratch-path .build-asan --sanitize=address \
		--skip-build --filter '$(SANITIZED_SWIFT)'
	$(SANITIZER_ENV) CHOREOD=.build-asan/debug/choreod CHOREO_LOAD_CONNECTIONS=100 $(PYTHON) -m pytest -q -p no:choreo $(SANITIZED_E2E)

test-tsan: deps
	$(SWIFT) build --scratch-path .build-tsan --sanitize=thread $(BUILD_FLAGS) --build-tests
	$(SANITIZER_ENV) CHOREOD=.build-tsan/debug/choreod $(SWIFT) test --scratch-path .build-tsan --sanitize=thread \
		--skip-build --filter '$(SANITIZED_SWIFT)'
	$(SANITIZER_ENV) CHOREOD=.build-tsan/debug/choreod CHOREO_LOAD_CONNECTIONS=50 $(PYTHON) -m pytest -q -p no:choreo $(SANITIZED_E2E)

clean:
	rm -rf .build

## bench: performance benchmarks (Benchmarks/README.md): release build, C baselines, table, Benchmarks/results/latest.json
##   Not a test: nothing here asserts a timing. BENCH_ARGS="--quick" for a short smoke run, "--only clock,memory" for some.
BENCH_SCRATCH := .build-bench
.PHONY: bench bench-deps
bench-deps:
	@missing=""; \
	command -v cc >/dev/null || missing="$$missing gcc"; \
	command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	pkg-config --exists jansson 2>/dev/null || missing="$$missing libjansson-dev"; \
	command -v taskset >/dev/null || missing="$$missing util-linux"; \
	command -v $(PYTHON) >/dev/null || missing="$$missing python3"; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

## callgrind: instructions per request on the request path (decode -> dispatch -> encode) under valgrind, in process:
##   repeatable where timings are not (Benchmarks/callgrind.py; CALLGRIND_LABEL names the run in the results file).
.PHONY: callgrind
callgrind:
	@command -v valgrind >/dev/null || ($(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null)
	@# As in bench: the path dependency's build plan is dropped first (SwiftPM keeps it across a file added or moved).
	rm -f $(BENCH_SCRATCH)-inprocess/release.yaml
	$(SWIFT) build -c release --package-path Benchmarks/InProcess --scratch-path $(BENCH_SCRATCH)-inprocess --product choreo-callgrind
	$(PYTHON) Benchmarks/callgrind.py --bin $(BENCH_SCRATCH)-inprocess/release/choreo-callgrind \
		--out Benchmarks/results/callgrind.json --label "$(or $(CALLGRIND_LABEL),$$(git describe --always --dirty))"

bench: bench-deps
	$(SWIFT) build -c release --scratch-path $(BENCH_SCRATCH) --product choreod
	$(SWIFT) build -c release --scratch-path $(BENCH_SCRATCH) --product journey
	@# The in-process harness is optional: if it does not build, bench.py skips its rows. Its build plan is dropped
	@# first: SwiftPM keeps a path dependency's plan across a file moving between that package's modules.
	rm -f $(BENCH_SCRATCH)-inprocess/release.yaml
	-$(SWIFT) build -c release --package-path Benchmarks/InProcess --scratch-path $(BENCH_SCRATCH)-inprocess
	$(MAKE) --no-print-directory -C Benchmarks OUT=$(CURDIR)/$(BENCH_SCRATCH)/c
	$(PYTHON) Benchmarks/bench.py --bin $(BENCH_SCRATCH)/release --cbin $(BENCH_SCRATCH)/c \
		--inprocess $(BENCH_SCRATCH)-inprocess/release/choreo-inprocess $(BENCH_ARGS)

## bench-big-suite: 10,000 journeys made of copies of the acceptance suite, in one process and in two shards, with the
##   time of each (Benchmarks/big_suite.py; the README's "Scaling past one machine" quotes it). A few minutes.
.PHONY: bench-big-suite
bench-big-suite:
	$(SWIFT) build -c release --scratch-path $(BENCH_SCRATCH) --product choreod
	$(SWIFT) build -c release --scratch-path $(BENCH_SCRATCH) --product journey
	$(PYTHON) Benchmarks/big_suite.py --bin $(BENCH_SCRATCH)/release $(BIG_SUITE_ARGS)
