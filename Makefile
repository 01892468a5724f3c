# winrate — every entry point: setup, run, test, dist, bench, asan, fuzz, clean.
# `make run` and `make test` start with `make setup`, which installs what is missing.

SHELL := /bin/bash
# Every recipe line fails on the first failing command, pipes included: a test's
# status is never decided by the last command of a pipe.
.SHELLFLAGS := -eo pipefail -c
PORT ?= 8000
CC ?= cc
EMCC ?= emcc
CHROMIUM ?= /usr/bin/chromium
FUZZ_SECONDS ?= 60
FUZZ_CC ?= clang
# Debian's emscripten needs its node modules on NODE_PATH.
export NODE_PATH := /usr/share/nodejs$(if $(NODE_PATH),:$(NODE_PATH))

GAMES := hopchess codenames escape dice
# -ffp-contract=off: no a*b+c fused into one FMA (clang does it by default
# where the CPU has FMA, as with -mavx512f), so every build computes the
# same bits as the reference solve (GCC's -std=c11 already keeps it off).
CFLAGS_COMMON := -std=c11 -Wall -Wextra -Werror -Ic -ffp-contract=off
# Native builds: AVX2 where this machine has it, for Codenames' quads of
# masks (c/codenames/quads.c: 4-lane vectors in one register; without AVX
# they are not built and the pairs solve serves), and AVX-512 where it has
# that, for its octs (c/codenames/octs.c: 8 lanes). The CLI is built where
# it runs; a binary built here needs a CPU with what this one has.
NATIVE_SIMD ?= $(shell grep -qw avx2 /proc/cpuinfo 2>/dev/null && echo -mavx2)$(shell grep -qw avx512f /proc/cpuinfo 2>/dev/null && echo ' -mavx512f')
CFLAGS_NATIVE := $(CFLAGS_COMMON) $(NATIVE_SIMD)
# CC: the system's cc, GCC on Debian. Clang 14 runs the same number of
# instructions on the 40-hint Codenames board (16.3 G against 16.5 G) but
# took 1.39 times as long on one core (2026-11-27): how it compiles
# finish_pair in pairs.c, as that function alone built by clang was 1.41
# with the rest from GCC. Splitting pairs.c in two files brought clang to
# 1.09 natively but changed nothing in WASM (0.99 with LTO), which runs at
# about native clang's speed; -O3 and -march=native gained nothing with GCC.
# Much of it was one store: finish_pair wrote a lane of a vector through a
# variable index, which clang did through the stack (a failed store
# forwarding); written as doubles (d2524da), clang natively took 0.87-0.89
# of its time and WASM 0.97 of its instructions. With GCC the CLI is built
# with profile-guided optimization (PGO, below).
CFLAGS ?= -O2
LIB_SRCS := $(wildcard c/common/*.c) c/winrate.c $(foreach g,$(GAMES),$(wildcard c/$(g)/*.c))
LIB_HDRS := $(wildcard c/*.h c/common/*.h) $(foreach g,$(GAMES),$(wildcard c/$(g)/*.h))
TEST_SRCS := $(wildcard c/test/*.c)
ASAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

# Emscripten flag groups (see sql.js): the module is an ES module factory for
# the browser and workers; Node loads it by passing wasmBinary. -flto: the
# whole module optimized as one (Debian's emscripten ships LTO system
# libraries): the 25-card Codenames solve 0.92 (25 hints) and 0.86 (40 hints)
# of the time in Node; the native build (GCC) gained nothing from it.
# -sBINARYEN_EXTRA_PASSES=-O4 (wasm-opt's most inlining): 1.003 of the
# instructions on the 25-hint board (V8, node --no-liftoff; 2026-11-27).
# The compiler behind emcc: Debian's emscripten (3.1.6) comes with clang 14;
# WASM_LLVM=19 has it run Debian's clang-19, llc-19, llvm-nm-19 and
# wasm-ld-19 instead (packages clang-19, llvm-19, lld-19; make setup installs
# them). The glue (.mjs) comes out the same, the .wasm different: in
# Chromium 156 (2026-12-07) 0.90-0.95 of clang 14's time on bench/spread.mjs's
# nine 40-hint boards and two of its 25-hint ones (5 alternating pairs each in
# one page), the same results. Clang 22 (bookworm-security) needs -sGLOBAL_BASE raised
# past the stack and gained nothing measurable on clang 19. An EMCC of your
# own (emsdk) runs its own LLVM: WASM_LLVM is then empty.
ifeq ($(origin EMCC),file)
WASM_LLVM ?= 19
endif
EMCC_ENV := $(if $(WASM_LLVM),EM_LLVM_ADD_VERSION=$(WASM_LLVM) EM_CLANG_ADD_VERSION=$(WASM_LLVM))
EMFLAGS := -O3 -flto -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createWinrateCore \
  -sENVIRONMENT=web,worker -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB -sFILESYSTEM=0 \
  -sDYNAMIC_EXECUTION=0 -sTOTAL_STACK=1MB -msimd128 -sEXPORTED_FUNCTIONS=_malloc,_free \
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8
WASM_JS := build/wasm/winrate-core.mjs
# The package's version: the integrations' default CDN URL names it.
VERSION := $(shell node -p "require('./package.json').version" 2>/dev/null)

.PHONY: all setup native wasm site run test test-unit test-simd test-asan test-tsan test-cli test-wasm test-fuzz-replay \
  test-e2e test-e2e-only test-e2e-repeat test-e2e-slow blogs blogs-build test-blogs test-wordpress test-php test-gate test-package asan fuzz dist bench bench-ab clean

all: native wasm

native: build/winrate
wasm: $(WASM_JS)

setup:
	@missing=""; \
	command -v $(EMCC) >/dev/null 2>&1 || missing="$$missing emscripten"; \
	if [ -n "$(WASM_LLVM)" ]; then \
	  command -v clang-$(WASM_LLVM) >/dev/null 2>&1 || missing="$$missing clang-$(WASM_LLVM)"; \
	  command -v llc-$(WASM_LLVM) >/dev/null 2>&1 || missing="$$missing llvm-$(WASM_LLVM)"; \
	  command -v wasm-ld-$(WASM_LLVM) >/dev/null 2>&1 || missing="$$missing lld-$(WASM_LLVM)"; \
	fi; \
	[ -x $(CHROMIUM) ] || missing="$$missing chromium"; \
	command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || missing="$$missing nodejs npm"; \
	command -v $(CC) >/dev/null 2>&1 || missing="$$missing gcc"; \
	command -v $(FUZZ_CC) >/dev/null 2>&1 || missing="$$missing clang"; \
	command -v hugo >/dev/null 2>&1 || missing="$$missing hugo"; \
	command -v php >/dev/null 2>&1 || missing="$$missing php-cli"; \
	command -v zip >/dev/null 2>&1 || missing="$$missing zip"; \
	ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || missing="$$missing libclang-rt-14-dev"; \
	if [ -z "$$missing" ]; then echo "setup: toolchain present (emcc$(if $(WASM_LLVM), with clang-$(WASM_LLVM)), chromium, node, cc, clang + libFuzzer, hugo, php, zip)"; \
	else \
	  echo "setup: apt-get install$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq >/dev/null && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing >/dev/null || \
	  { echo "setup: apt-get failed; install$$missing yourself (see README, 'Without root')"; exit 1; }; \
	fi
	@if [ -d node_modules/preact ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then \
	  echo "setup: npm packages present"; \
	else \
	  echo "setup: npm ci"; npm ci --no-audit --no-fund --loglevel=error >/dev/null || exit 1; \
	fi

# ---- native --------------------------------------------------------------
# The CLI, with GCC, is built with profile-guided optimization: its objects
# built with -fprofile-generate (one per source, under build/pgo, so that the
# profiles of c/*/solve.c stay apart), that program run on PGO_CASES (every
# game; bench cases, but not the 25- and 40-hint boards that `make bench`
# times), and the objects built again in place with -fprofile-use, which
# finds each one's profile by its object's path. The training runs on one
# CPU (taskset), so the solvers use one thread and the profile's counters
# need no atomic updates (with them, on two threads, the training took 2 to 3
# times as long).
# -fprofile-partial-training: code the training never ran is optimized as
# without a profile, not for size. The same bits: no option it turns on
# reorders a floating-point sum (no -ffast-math); api.test.mjs compares the
# CLI's JSON with WASM's byte for byte. Measured 2026-11-27 against the plain
# -O2 build (cachegrind, one thread): 0.91 and 0.91 of the instructions on the
# 25- and 40-hint bench boards, 0.85 and 0.89 on codenames-15 and -20 (both
# trained on), 0.89-0.93 on six random boards that were not (gen-codenames.mjs,
# 15, 25 and 40 hints), 0.88 on hopchess-4x4, 0.85-0.86 on dice-100 and
# dice-two-150, 1.01 on escape-1000. The time gains less than that (make
# bench-ab BASE=5b78084, 15 pairs, one core, a noisy day): 0.97 on the 25-
# and 40-hint boards, 1.02 on the 15-hint one, 0.97 on codenames-20, 0.94 on
# dice-two-150, 0.98 on hopchess-4x4, while the WASM build, the same code,
# measured 0.97-1.06 in the same runs. The build takes about 14 s instead of
# 8. PGO=0 builds it plainly (and so does any other compiler).
PGO ?= $(shell $(CC) -v 2>&1 | grep -q '^gcc version' && echo 1)
PGO_CASES := codenames-25-15h codenames-15 codenames-20 codenames-15-own hopchess-4x4 hopchess-3x4-sweep13 \
  dice-100 dice-100-rolls escape-1000
CLI_SRCS := $(LIB_SRCS) c/cli/main.c
# CLI_DIR: where the CLI goes (test-simd builds another under build/simd).
CLI_DIR ?= build
# $(1): extra flags. Every CLI source to $(CLI_DIR)/pgo/<its path>.o, on every CPU.
define pgo_objects
	@printf '%s\n' $(CLI_SRCS) | xargs -P "$$(nproc)" -I {} sh -c \
	  'mkdir -p $(CLI_DIR)/pgo/$$(dirname {}) && exec $(CC) $(CFLAGS_NATIVE) $(CFLAGS) $(1) -c {} -o $(CLI_DIR)/pgo/$$(dirname {})/$$(basename {} .c).o'
endef

ifeq ($(PGO),1)
$(CLI_DIR)/winrate: $(CLI_SRCS) $(LIB_HDRS) $(PGO_CASES:%=bench/cases/%.txt) $(wildcard $(PGO_CASES:%=bench/cases/%.args))
	@rm -rf $(CLI_DIR)/pgo
	@echo "PGO: instrumented build ($(CLI_DIR)/pgo)"
	$(call pgo_objects,-fprofile-generate -fprofile-update=single)
	@$(CC) $(CFLAGS) -fprofile-generate $(CLI_SRCS:%.c=$(CLI_DIR)/pgo/%.o) -lm -pthread -o $(CLI_DIR)/pgo/train
	@echo "PGO: training on $(PGO_CASES)"
	@cpu=$$(taskset -cp $$$$ | sed 's/.*: //; s/[,-].*//'); \
	for c in $(PGO_CASES); do \
	  args=""; if [ -f bench/cases/$$c.args ]; then args=$$(cat bench/cases/$$c.args); fi; \
	  taskset -c "$$cpu" $(CLI_DIR)/pgo/train $${c%%-*} $$args bench/cases/$$c.txt >/dev/null; \
	done
	@echo "PGO: optimized build ($@)"
	$(call pgo_objects,-fprofile-use -fprofile-partial-training)
	@$(CC) $(CFLAGS) $(CLI_SRCS:%.c=$(CLI_DIR)/pgo/%.o) -lm -pthread -o $@
else
$(CLI_DIR)/winrate: $(CLI_SRCS) $(LIB_HDRS)
	@mkdir -p $(CLI_DIR)
	$(CC) $(CFLAGS_NATIVE) $(CFLAGS) $(CLI_SRCS) -lm -pthread -o $@
endif

# UNIT_DIR: where the unit tests go (test-simd builds another under build/simd).
UNIT_DIR ?= build/test
$(UNIT_DIR)/unit: $(LIB_SRCS) $(LIB_HDRS) $(TEST_SRCS) $(wildcard c/test/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_NATIVE) $(CFLAGS) -Ic/test $(LIB_SRCS) $(TEST_SRCS) -lm -pthread -o $@

build/asan/winrate: $(LIB_SRCS) $(LIB_HDRS) c/cli/main.c
	@mkdir -p build/asan
	$(CC) $(CFLAGS_NATIVE) $(ASAN_FLAGS) $(LIB_SRCS) c/cli/main.c -lm -pthread -o $@

build/asan/unit: $(LIB_SRCS) $(LIB_HDRS) $(TEST_SRCS) $(wildcard c/test/*.h)
	@mkdir -p build/asan
	$(CC) $(CFLAGS_NATIVE) $(ASAN_FLAGS) -Ic/test $(LIB_SRCS) $(TEST_SRCS) -lm -pthread -o $@

build/fuzz/replay: $(LIB_SRCS) $(LIB_HDRS) c/fuzz/fuzz_run.c c/fuzz/replay.c
	@mkdir -p build/fuzz
	$(CC) $(CFLAGS_NATIVE) $(ASAN_FLAGS) $(LIB_SRCS) c/fuzz/fuzz_run.c c/fuzz/replay.c -lm -pthread -o $@

# Every allocation (and thread start) the library makes, failed one at a time (c/test/faults/).
FAULT_WRAP := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=aligned_alloc,--wrap=pthread_create
build/asan/faults: $(LIB_SRCS) $(LIB_HDRS) c/test/faults/faults.c c/test/harness.h
	@mkdir -p build/asan
	$(CC) $(CFLAGS_NATIVE) $(ASAN_FLAGS) -Ic/test $(LIB_SRCS) c/test/faults/faults.c $(FAULT_WRAP) -lm -pthread -o $@

asan: build/asan/winrate build/asan/unit build/asan/faults

# ThreadSanitizer: the threaded solve (Codenames' pairs) races nowhere.
build/tsan/unit: $(LIB_SRCS) $(LIB_HDRS) $(TEST_SRCS) $(wildcard c/test/*.h)
	@mkdir -p build/tsan
	$(CC) $(CFLAGS_NATIVE) -O1 -g -fsanitize=thread -Ic/test $(LIB_SRCS) $(TEST_SRCS) -lm -pthread -o $@

# ---- WASM ----------------------------------------------------------------
$(WASM_JS): $(LIB_SRCS) $(LIB_HDRS) wasm-glue/exports.c Makefile
	@mkdir -p build/wasm
	$(EMCC_ENV) $(EMCC) $(CFLAGS_COMMON) $(EMFLAGS) $(LIB_SRCS) wasm-glue/exports.c -o $@

# ---- the served site: the page with Preact/htm from node_modules ----------
# web/deps.js names the CDN; the site swaps in vendored copies so it works offline.
# SITE=dir builds it elsewhere (parallel test runs each use their own).
SITE ?= build/site
WP_PLUGIN = $(SITE)/integrations/wordpress/winrate
ESBUILD := node_modules/.bin/esbuild
VENDOR := $(SITE)/vendor
site: $(WASM_JS)
	@rm -rf $(SITE) && mkdir -p $(SITE)/build/wasm $(VENDOR)
	@cp index.html $(SITE)/ && cp -r web $(SITE)/ && rm -f $(SITE)/web/screenshot*.png
	@mv $(SITE)/web/integrations $(SITE)/integrations
	@grep -rl '@WINRATE_VERSION@' $(SITE)/integrations | xargs sed -i 's/@WINRATE_VERSION@/$(VERSION)/g'
	@mkdir -p $(SITE)/wasm-glue && cp wasm-glue/*.mjs wasm-glue/winrate.d.mts $(SITE)/wasm-glue/
	@cp build/wasm/winrate-core.mjs build/wasm/winrate-core.wasm $(SITE)/build/wasm/
	@cp web/embed/embed.js web/embed/embed.html $(SITE)/
	@cp node_modules/preact/dist/preact.module.js $(VENDOR)/preact.mjs
	@sed 's/from"preact"/from".\/preact.mjs"/' node_modules/preact/hooks/dist/hooks.module.js > $(VENDOR)/hooks.mjs
	@cp node_modules/htm/dist/htm.module.js $(VENDOR)/htm.mjs
	@sed -E 's#https://esm\.sh/preact@[0-9.]+/hooks#../vendor/hooks.mjs#; s#https://esm\.sh/preact@[0-9.]+#../vendor/preact.mjs#; s#https://esm\.sh/htm@[0-9.]+#../vendor/htm.mjs#' \
	  web/deps.js > $(SITE)/web/deps.js
	@! grep -q 'https://' $(SITE)/web/deps.js || { echo "site: web/deps.js still names a CDN"; exit 1; }
	@# The app as a bundle (the sources stay plain modules): hashed chunks in web/app/, the worker in one
	@# file, index.html naming the entry, its preloads and each tool's chunks, and _headers (web/tools/bundle.mjs).
	@# bench/page.mjs measured it: a cold open in about half the time, ~40 requests down to ~8.
	@rm -rf $(SITE)/web/tools && node web/tools/bundle.mjs $(SITE)
	@# Each tool's default view, answer included, rendered ahead of time into index.html (web/tools/prerender.mjs).
	@node web/tools/prerender.mjs $(SITE)
	@# The offline copy: web/sw.js at the site's root with the app's files and a hash of their contents
	@# (a new deploy changes the hash, so browsers install it); index.html says it has one (data-sw).
	@rm -f $(SITE)/web/sw.js && sed -i 's|<html lang="en"|<html lang="en" data-sw="sw.js"|' $(SITE)/index.html
	@cd $(SITE) && files=$$(find index.html web wasm-glue build vendor -type f ! -path 'web/embed/*' \
	  ! -name '*.d.mts' ! -name 'cli.mjs' | LC_ALL=C sort) && \
	  version=$$(cat $$files | sha256sum | cut -c1-16) && list=$$(echo $$files | sed "s/ /', '/g") && \
	  sed -e "s|@SW_VERSION@|$$version|" -e "s|@SW_FILES@|$$list|" $(CURDIR)/web/sw.js > sw.js
	@# The WordPress plugin holds the whole site (the embed and the app its links open) in assets/.
	@mkdir -p $(WP_PLUGIN)/assets && cp -r $(SITE)/index.html $(SITE)/sw.js $(SITE)/embed.js $(SITE)/embed.html $(SITE)/web \
	  $(SITE)/wasm-glue $(SITE)/build $(SITE)/vendor $(WP_PLUGIN)/assets/
	@cd $(WP_PLUGIN)/.. && rm -f winrate.zip && zip -qrX winrate.zip winrate
	@echo "site: $(SITE) ready"

run: setup all site
	@echo "winrate: serving on http://127.0.0.1:$(PORT)/ (Ctrl-C stops)"
	@node e2e/serve.mjs $(SITE) $(PORT)

dist: site
	@rm -rf dist && cp -r $(SITE) dist
	@echo "dist: $$(du -sh dist | cut -f1) in dist/ (copy it to any static host)"

# ---- tests ---------------------------------------------------------------
test: setup all
	@$(MAKE) --no-print-directory test-gate test-unit test-simd test-asan test-tsan test-cli test-wasm test-php test-fuzz-replay test-package test-e2e
	@echo "make test: all test groups passed"

# The gate itself: a failing unit test must fail test-unit and test-asan.
test-gate: build/test/unit build/asan/unit build/asan/winrate
	@echo "== the test gate fails on a failing unit test"
	@for t in test-unit test-asan; do \
	  if WR_TEST_FORCE_FAIL=1 $(MAKE) --no-print-directory -s $$t >/dev/null 2>&1; then \
	    echo "test-gate: make $$t passed with a failing test"; exit 1; fi; \
	done; echo "test-gate: test-unit and test-asan fail when a test fails"

test-unit: build/test/unit
	@echo "== C unit tests"
	@build/test/unit

# The CLI (with PGO) and the unit tests as built on a CPU with one SIMD level
# less than this one: AVX2 without AVX-512 (Codenames' quads, not octs)
# where this CPU has AVX-512, SSE2 alone (pairs) where it has AVX2 but not
# AVX-512. Each level compiles other code (CN_MAX_LANES, internal.h): on a Zen
# 3 without AVX-512 the PGO build once failed (-Warray-bounds, b2c5187),
# which no machine with AVX-512 could see. About 1 min.
SIMD_FLAGS_avx2 := -mavx2
SIMD_FLAGS_sse2 :=
SIMD_BELOW := $(if $(findstring avx512f,$(NATIVE_SIMD)),avx2,$(if $(findstring avx2,$(NATIVE_SIMD)),sse2))
test-simd:
ifeq ($(SIMD_BELOW),)
	@echo "== SIMD levels: none below this CPU's (no AVX2) to build"
else
	@echo "== the CLI and the unit tests as built on a CPU with $(SIMD_BELOW) and no more"
	@$(MAKE) --no-print-directory CLI_DIR=build/simd/$(SIMD_BELOW) UNIT_DIR=build/simd/$(SIMD_BELOW) \
	  NATIVE_SIMD='$(SIMD_FLAGS_$(SIMD_BELOW))' \
	  build/simd/$(SIMD_BELOW)/winrate build/simd/$(SIMD_BELOW)/unit
	@build/simd/$(SIMD_BELOW)/unit codenames
	@WINRATE=build/simd/$(SIMD_BELOW)/winrate c/test/cli-test.sh
endif

test-tsan: build/tsan/unit
	@echo "== Codenames unit tests under ThreadSanitizer (its solve is the threaded one)"
	@TSAN_OPTIONS=halt_on_error=1 build/tsan/unit codenames

test-asan: build/asan/unit build/asan/winrate build/asan/faults
	@echo "== C unit tests under ASan/UBSan"
	@ASAN_OPTIONS=detect_leaks=1 build/asan/unit
	@echo "== Every allocation failed in turn, under ASan/UBSan"
	@ASAN_OPTIONS=detect_leaks=1 build/asan/faults
	@echo "== CLI tests under ASan/UBSan"
	@WINRATE=build/asan/winrate c/test/cli-test.sh

test-cli: build/winrate $(WASM_JS)
	@echo "== CLI tests (native)"
	@WINRATE=build/winrate c/test/cli-test.sh
	@echo "== CLI tests (Node, WASM build)"
	@WINRATE="node wasm-glue/cli.mjs" c/test/cli-test.sh

# The WordPress plugin's PHP, as shipped (version filled in): php -l on every file.
test-php: site
	@echo "== PHP lint of the WordPress plugin"
	@for f in $$(find $(WP_PLUGIN) -name '*.php' -not -path '*/assets/*'); do php -l "$$f" >/dev/null || exit 1; done
	@echo "php -l: $$(find $(WP_PLUGIN) -name '*.php' -not -path '*/assets/*' | wc -l) files clean"

test-wasm: $(WASM_JS) build/winrate
	@echo "== JS API and worker tests (Node)"
	@node --test --test-reporter=spec wasm-glue/test/
	@echo "== TypeScript declarations (tsc on wasm-glue/test/types/usage.ts, e2e/blogs/jsx/usage.tsx)"
	@npx tsc -p wasm-glue/test/types
	@npx tsc -p e2e/blogs/jsx

test-fuzz-replay: build/fuzz/replay
	@echo "== fuzz corpus replay"
	@build/fuzz/replay c/fuzz/seeds

# The npm package as a user gets it: `npm pack` (its prepack runs make dist),
# installed offline into an empty folder; then its API under Node, its bin on
# every CLI case, its type declarations, and (in test-e2e) its dist/ as a CDN.
PKG_DIR := build/pkg
test-package: dist
	@echo "== npm package: pack, install into an empty folder, use it"
	@rm -rf $(PKG_DIR) && mkdir -p $(PKG_DIR)/app
	@npm pack --pack-destination $(PKG_DIR) --loglevel=error > $(PKG_DIR)/pack.log
	@cd $(PKG_DIR)/app && echo '{ "name": "app", "private": true, "type": "module" }' > package.json && \
	  npm install --offline --no-audit --no-fund --loglevel=error ../winrate-*.tgz > ../install.log
	@node e2e/package-check.mjs $(PKG_DIR)
	@WINRATE="$(CURDIR)/$(PKG_DIR)/app/node_modules/.bin/winrate" c/test/cli-test.sh
	@npx tsc -p $(PKG_DIR)/app

# Playwright runs against a copy of dist/ plus the blog-post fixtures ({{CDN}}
# in a fixture: the second origin, serving the installed package's dist/).
E2E_SITE := build/e2e-site
E2E_PORT ?= 8765
E2E_CDN_PORT ?= 8766
export E2E_PORT E2E_CDN_PORT
test-e2e: dist test-package
	@$(MAKE) --no-print-directory test-e2e-only

# Playwright on the dist/ and package already built (test-e2e builds them).
test-e2e-only:
	@echo "== Playwright (Debian's Chromium)"
	@rm -rf $(E2E_SITE) && cp -r dist $(E2E_SITE)
	@for f in e2e/fixtures/*; do sed 's#{{CDN}}#http://127.0.0.1:$(E2E_CDN_PORT)/#g' "$$f" > $(E2E_SITE)/$$(basename "$$f"); done
	@$(MAKE) --no-print-directory blogs-build BLOGS_SITE=$(E2E_SITE) BLOGS_OUT=$(CURDIR)/$(E2E_SITE)/blogs
	@SITE_DIR=$(E2E_SITE) CDN_DIR=$(PKG_DIR)/app/node_modules/winrate/dist npx playwright test --config e2e/playwright.config.mjs

# Blog posts built by the tools bloggers use, with the shipped integrations
# (e2e/blogs.spec.mjs opens them): Hugo with its default configuration and
# the shortcodes of web/integrations/hugo, markdown-it, marked and MDX.
# blogs-build takes the integrations of a site already built (BLOGS_SITE:
# test-e2e-only passes the copy of dist/ it tests, so nothing is rebuilt).
BLOGS_OUT ?= $(CURDIR)/build/blogs/out
BLOGS_SITE ?= $(SITE)
blogs: site
	@$(MAKE) --no-print-directory blogs-build
blogs-build:
	@rm -rf build/blogs/hugo && mkdir -p build/blogs && cp -r e2e/blogs/hugo build/blogs/hugo
	@cp -r $(BLOGS_SITE)/integrations/hugo/layouts/shortcodes $(BLOGS_SITE)/integrations/hugo/layouts/partials build/blogs/hugo/layouts/
	@hugo --quiet -s build/blogs/hugo -d $(BLOGS_OUT)/hugo
	@node e2e/blogs/build.mjs $(BLOGS_OUT) >/dev/null

# Jekyll and Pandoc posts (Debian's jekyll and pandoc, installed here if
# missing): outside make test, as the tools are big. Builds on test-package
# and dist like test-e2e, then runs e2e/blogs-more.spec.mjs.
test-blogs: dist test-package
	@command -v jekyll >/dev/null && command -v pandoc >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq jekyll pandoc >/dev/null; }
	@rm -rf $(E2E_SITE) && cp -r dist $(E2E_SITE)
	@rm -rf build/blogs/jekyll && mkdir -p build/blogs && cp -r e2e/blogs/jekyll build/blogs/jekyll
	@mkdir -p build/blogs/jekyll/_includes && cp $(E2E_SITE)/integrations/jekyll/_includes/winrate.html build/blogs/jekyll/_includes/
	@cd build/blogs/jekyll && jekyll build --quiet -d $(CURDIR)/$(E2E_SITE)/blogs/jekyll
	@mkdir -p $(E2E_SITE)/blogs/pandoc && pandoc -s --metadata title="A Pandoc post" e2e/blogs/pandoc.md -o $(E2E_SITE)/blogs/pandoc/post.html
	@BLOGS_MORE=1 SITE_DIR=$(E2E_SITE) CDN_DIR=$(PKG_DIR)/app/node_modules/winrate/dist npx playwright test --config e2e/playwright.config.mjs blogs-more
	@$(MAKE) --no-print-directory test-wordpress

# The WordPress plugin in Debian's WordPress (installed here if missing, with
# MariaDB, Apache and mod_php): e2e/wordpress/run.sh starts the daemons on
# local ports, saves posts as every role and runs e2e/wordpress.spec.mjs.
WP_PACKAGES := wordpress mariadb-server apache2 libapache2-mod-php php-mysql curl unzip
test-wordpress: dist
	@missing=$$(for p in $(WP_PACKAGES); do dpkg-query -W -f '$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "test-wordpress: apt-get install" $$missing; \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing >/dev/null; \
	fi
	@e2e/wordpress/run.sh dist/integrations/wordpress/winrate.zip

# The whole Playwright suite REPEAT times in a row (default 5), all must pass:
# a flaky test is a bug (make test-e2e-repeat REPEAT=10).
REPEAT ?= 5
test-e2e-repeat: dist test-package
	@for i in $$(seq 1 $(REPEAT)); do \
	  echo "== Playwright run $$i of $(REPEAT)"; \
	  $(MAKE) --no-print-directory test-e2e-only || { echo "test-e2e-repeat: run $$i failed"; exit 1; }; \
	done; echo "test-e2e-repeat: $(REPEAT) runs in a row passed"

# The Playwright suite with the app's tool chunks answered 1.5 s late (e2e/serve.mjs, E2E_SLOW_TOOLS_MS):
# the prerendered view stays inert that long, so a test that acts on it before the app is live fails
# every time instead of once in a while on a busy machine (stop 41's red CI).
test-e2e-slow: dist test-package
	@echo "== Playwright with the app's tools 1.5 s late"
	@E2E_SLOW_TOOLS_MS=1500 $(MAKE) --no-print-directory test-e2e-only

# ---- fuzzing (clang + libFuzzer) ----------------------------------------
fuzz: setup
	@mkdir -p build/fuzz
	@for g in $(GAMES); do \
	  $(FUZZ_CC) $(CFLAGS_NATIVE) -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	    -fsanitize-coverage-ignorelist=c/fuzz/coverage-ignore.txt -DFUZZ_GAME=\"$$g\" \
	    $(LIB_SRCS) c/fuzz/fuzz_run.c c/fuzz/fuzzer.c -lm -pthread -o build/fuzz/fuzz-$$g || exit 1; \
	  mkdir -p build/fuzz/corpus-$$g; \
	  echo "fuzz: $$g for $(FUZZ_SECONDS)s"; \
	  build/fuzz/fuzz-$$g -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
	    -artifact_prefix=build/fuzz/ build/fuzz/corpus-$$g c/fuzz/seeds/$$g > build/fuzz/$$g.log 2>&1 || \
	    { tail -n 30 build/fuzz/$$g.log; echo "fuzz: $$g found a failure: see build/fuzz/ (add it to c/fuzz/seeds/$$g)"; exit 1; }; \
	  runs=$$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1 \2/p' build/fuzz/$$g.log); \
	  echo "fuzz: $$g: $${runs% *} runs in $${runs#* } s = $$(( $${runs% *} * 60 / ($${runs#* } > 0 ? $${runs#* } : 1) )) runs a minute"; \
	done

# ---- benchmarks ----------------------------------------------------------
# solve times (bench/run.mjs), issue 14's 25-card Codenames boards over many seeds (bench/spread.mjs),
# what a blog post with one widget fetches (bench/sizes.mjs), how fast the page answers
# (bench/page.mjs) and the 25-card Codenames boards in it (bench/codenames-page.mjs)
bench: all dist
	@node bench/run.mjs
	@node bench/spread.mjs
	@node bench/sizes.mjs
	@node bench/page.mjs
	@node bench/codenames-page.mjs

# this tree against another revision (BASE=<git revision>), paired runs that alternate, natively
# on one core and in WASM (bench/ab.mjs); PAIRS per case, CASES from bench/cases
PAIRS ?= 15
bench-ab: build/winrate $(WASM_JS)
	@test -n "$(BASE)" || { echo "usage: make bench-ab BASE=<git revision> [PAIRS=15] [CASES='codenames-25-25h ...']"; exit 2; }
	@rm -rf build/ab && mkdir -p build/ab
	@git archive "$(BASE)" | tar -x -C build/ab
	@echo "bench-ab: building $(BASE) in build/ab"
	@$(MAKE) -s -C build/ab build/winrate $(WASM_JS) >/dev/null
	@node bench/ab.mjs build/ab/build $(PAIRS) $(CASES)

clean:
	rm -rf build dist
