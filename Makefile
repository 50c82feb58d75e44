# The two commands of the README: `make run` (the whole product, locally) and `make test` (every
# check CI runs). Everything they need is installed here, so a fresh machine needs nothing else.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

# A CI run builds everything once, from nothing: incremental compilation's bookkeeping is only a cost there.
ifdef CI
export CARGO_INCREMENTAL := 0
endif

NPM := npm --prefix miniapp
NODE_MODULES := miniapp/node_modules/.package-lock.json
# The real npm `centrifuge` client that platform/tests/it/realtime.rs drives against the hub (with
# the Node of miniapp/'s toolchain, hence `deps` before `test-rust`).
REALTIME_CLIENT := platform/tests/node/node_modules/.package-lock.json
# The independent init-data implementation (@telegram-apps/init-data-node) whose signed data the
# auth service's tests must accept.
INIT_DATA_NODE := auth-service/tests/node/node_modules/.package-lock.json

.PHONY: help run test build deps check-prose check-sizes check-rust validate-deploy test-rust contract-fuzz check-miniapp test-miniapp e2e test-topology chromium clean side-by-side miniapp-build

help:
	@echo "make run   - build and start the whole stack on http://127.0.0.1:$${PORT:-8080}"
	@echo "make test  - run every check: formatting, lints, unit, integration and end-to-end tests"

## Run ---------------------------------------------------------------------------------------

# What ships: the optimised binaries (a debug build costs about three times the CPU per request;
# docs/performance.md). Tests keep the faster-to-build debug profile.
run: build
	scripts/prerender-when-ready.sh &
	cargo run --release --locked --quiet -p stack

build: deps
	$(NPM) run build
	cargo build --release --locked -p stack

## Test --------------------------------------------------------------------------------------

# The checks share the two cores in two phases of lanes that run at once. While the Rust code is linted
# as it is built (both cores busy), the client's packages are installed and it is type-checked, linted
# and built, and deploy/ is validated. Then the Rust tests and the topology, which leave a core idle much
# of the time, run beside the client's unit tests (one worker) and fuzzing (a fixed 90 s, one process).
# The lines of the other lanes are marked [lane 2] and [lane 3]. The end-to-end tests need all of it, so
# they come after, on their own.
test: check-prose check-sizes
	@$(MAKE) --no-print-directory side-by-side LANE1="check-rust" LANE2="deps check-miniapp miniapp-build validate-deploy"
	@$(MAKE) --no-print-directory side-by-side LANE1="test-rust test-topology" LANE2="test-miniapp" LANE3="contract-fuzz" DEBUG_BUILT=1
	@$(MAKE) --no-print-directory e2e MINIAPP_BUILT=1

# Runs the targets of LANE1, LANE2 and LANE3 (if given) at once, each lane in its order; fails if any
# lane failed, naming each lane's status.
side-by-side:
	@lane() { $(MAKE) --no-print-directory -j1 $$2 2>&1 | sed -u "s/^/[lane $$1] /"; }; \
	lane 2 "$(LANE2)" & second=$$!; \
	third=; if [[ -n "$(LANE3)" ]]; then lane 3 "$(LANE3)" & third=$$!; fi; \
	s1=0; $(MAKE) --no-print-directory -j1 $(LANE1) || s1=$$?; \
	s2=0; wait $$second || s2=$$?; \
	s3=0; if [[ -n $$third ]]; then wait $$third || s3=$$?; fi; \
	if (( s1 || s2 || s3 )); then \
		echo "make: [$(LANE1)] ended with $$s1; [$(LANE2)] with $$s2$(if $(LANE3),; [$(LANE3)] with $$s3)" >&2; exit 1; \
	fi

miniapp-build: deps
	$(NPM) run build

# Docs and comments speak of the product, not of how it was made (a second's grep, so it runs first).
check-prose:
	scripts/check-prose.sh

# No source file over 600 lines, no test file over 1,000 (generated files and translation
# catalogues exempt): under a second, so it runs first.
check-sizes:
	scripts/check-file-sizes.sh

# Clippy's lints with warnings denied, on every target, as the debug build compiles them (DEBUG_BUILD).
check-rust:
	cargo fmt --all --check
	$(DEBUG_BUILD)

# The compose file and the Kubernetes manifests against their schemas and the code, offline once its
# pinned checkers are installed under target/ (6–14 s on the shared machine; the first install adds about 20 s).
validate-deploy:
	scripts/validate-deploy.sh

# Every debug target with the features `cargo test --workspace` unifies (its dev-dependencies add some,
# e.g. zerocopy's simd, regex's dfa), compiled by Clippy (scripts/cargo-linted.sh), so the lint, the
# test run, test-topology, contract-fuzz and e2e share one build. `cargo build -p stack`, `-p platform`
# and `--workspace --bins` each resolve other features and would recompile about 40 crates (the
# platform, sqlx, axum, teloxide...) twice more on a clean clone. The scripts run the same command, so
# they also work on their own.
DEBUG_BUILD := scripts/cargo-linted.sh build --workspace --all-targets --locked

# A throw-away PostgreSQL runs beside the tests (TEST_POSTGRES_URL); TEST_REQUIRE_ALL makes tests
# that need it or the Node helpers fail instead of skipping.
test-rust: deps $(REALTIME_CLIENT) $(INIT_DATA_NODE)
	TEST_REQUIRE_ALL=1 scripts/ensure-postgres.sh scripts/cargo-linted.sh test --workspace --locked

# Schema-driven fuzzing of the platform against its OpenAPI document (schemathesis, pinned, in a
# virtual environment under target/): a seeded run of about two minutes.
contract-fuzz:
	DEBUG_BUILT=$(DEBUG_BUILT) scripts/contract-fuzz.sh

check-miniapp: deps
	$(NPM) run typecheck
	$(NPM) run lint
	$(NPM) run check:api-types
	$(NPM) run check:dead-code

test-miniapp: deps
	$(NPM) test

# The stack as `cargo test --workspace` builds it (see DEBUG_BUILD): after test-rust this compiles
# nothing. `make test` has built the miniapp already (MINIAPP_BUILT).
e2e: deps chromium
	$(if $(MINIAPP_BUILT),,$(NPM) run build)
	$(DEBUG_BUILD)
	$(NPM) run e2e

# The production topology of deploy/ (nginx, replicas, PostgreSQL) on loopback, under load and a
# replica's SIGKILL (scripts/test-topology.sh; deploy/README.md says what it checks).
test-topology: deps
	scripts/test-topology.sh

## Set-up ------------------------------------------------------------------------------------

deps: $(NODE_MODULES)

$(NODE_MODULES): miniapp/package.json miniapp/package-lock.json
	$(NPM) ci --no-audit --no-fund
	@touch $@

$(REALTIME_CLIENT): platform/tests/node/package.json platform/tests/node/package-lock.json
	npm ci --prefix platform/tests/node --no-audit --no-fund
	@touch $@

$(INIT_DATA_NODE): auth-service/tests/node/package.json auth-service/tests/node/package-lock.json
	npm ci --prefix auth-service/tests/node --no-audit --no-fund
	@touch $@

chromium:
	@scripts/ensure-chromium.sh

clean:
	rm -rf target miniapp/node_modules miniapp/dist platform/tests/node/node_modules \
		auth-service/tests/node/node_modules
