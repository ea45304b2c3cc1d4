# tradeterm — every entry point. `make test` on a fresh Debian 12 machine goes from
# nothing to green: it runs `make deps` (system packages) first.

SWIFT      ?= swift
PREFIX     ?= /usr/local
ARGS       ?=
BENCH_ARGS ?=
SECONDS    ?= 60
# Release builds link the Swift runtime and Foundation statically: one self-contained binary that
# starts in about half the time (no dynamic relocation of the Swift libraries at every start).
RELEASE    ?= bash scripts/release-build.sh

.PHONY: all deps build debug run demo test lint format bench bench-hour conformance fuzz soak order-file clean install uninstall

all: build

## deps: ncursesw, tmux, curl and a libcurl with WebSocket support (idempotent; on Debian 12
## it enables bookworm-backports from the system's own mirror: scripts/apt-backports.sh)
deps:
	@bash scripts/deps.sh

## build: release build of tradeterm
build: deps
	$(RELEASE) tradeterm

debug: deps
	$(SWIFT) build

## run: the dashboard against BitMEX (make run ARGS="--symbol ETHUSD")
run: build
	.build/release/tradeterm $(ARGS)

## demo: the dashboard against the built-in simulated exchange, no network needed
demo: build
	.build/release/tradeterm --demo $(ARGS)

## test: every unit and integration test, after the test of make deps' mirror detection (no
## network, < 1 s). A hung test fails the run after TEST_TIMEOUT seconds (the suite takes about
## a minute); line-buffered so the log shows what ran last.
TEST_TIMEOUT ?= 1200
test: deps
	bash scripts/test-apt-backports.sh
	$(SWIFT) build
	$(SWIFT) build --build-tests
	timeout --kill-after=30 $(TEST_TIMEOUT) stdbuf -oL -eL $(SWIFT) test --skip-build

## lint: style check, as CI sees it
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks Fuzz

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests Benchmarks Fuzz

## bench: release-build benchmarks; prints the table and writes BENCHMARKS.md
## (the running-cost and start-up figures run the release tradeterm and tradeterm-sim in tmux)
bench: deps
	$(RELEASE) tradeterm
	$(RELEASE) tradeterm-sim
	$(RELEASE) TradetermBench
	.build/release/TradetermBench $(BENCH_ARGS)

## bench-hour: issue 17's hour (about 61 minutes): candles + Activity + heatmap at 200×50 against
## tradeterm-sim --activity, RSS every minute; writes Benchmarks/activity-hour.md (make bench shows it)
bench-hour: deps
	$(RELEASE) tradeterm
	$(RELEASE) tradeterm-sim
	$(RELEASE) TradetermBench
	.build/release/TradetermBench --only activity-hour

## conformance: the Autobahn WebSocket suite (kosoku) against tradeterm's WebSocket layer
conformance: deps
	@bash scripts/conformance.sh

## soak: the long fault scenarios and 30 minutes at 100x BitMEX's rate (release build; about
## 40 minutes). SOAK_ARGS="--quick" runs every scenario short; "--minutes N" sets the rate run.
SOAK_ARGS ?=
soak: deps
	$(RELEASE) tradeterm-soak
	.build/release/tradeterm-soak $(SOAK_ARGS)

## fuzz: libFuzzer + ASan on the decoder and the book for SECONDS (make fuzz SECONDS=600)
fuzz: deps
	@bash scripts/fuzz.sh $(SECONDS)

## order-file: rewrites scripts/tradeterm.order, the functions start-up and a streaming dashboard
## run, which the release link lays out together (valgrind's callgrind for SECONDS of streaming)
order-file: deps
	@bash scripts/order-file.sh $(SECONDS)

clean:
	rm -rf .build

## install: the release binary, its man page and its bash, zsh and fish completions under PREFIX
## (make install PREFIX=~/.local); uninstall removes the same files
MANDIR     ?= $(PREFIX)/share/man/man1
BASHDIR    ?= $(PREFIX)/share/bash-completion/completions
ZSHDIR     ?= $(PREFIX)/share/zsh/site-functions
FISHDIR    ?= $(PREFIX)/share/fish/vendor_completions.d
EXTRAS     := .build/install-extras

install: build
	mkdir -p $(EXTRAS)
	bash scripts/man-page.sh .build/release/tradeterm > $(EXTRAS)/tradeterm.1
	.build/release/tradeterm --generate-completion-script bash > $(EXTRAS)/tradeterm.bash
	.build/release/tradeterm --generate-completion-script zsh > $(EXTRAS)/_tradeterm
	.build/release/tradeterm --generate-completion-script fish > $(EXTRAS)/tradeterm.fish
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) \
		$(DESTDIR)$(FISHDIR)
	install -m 755 .build/release/tradeterm $(DESTDIR)$(PREFIX)/bin/tradeterm
	install -m 644 $(EXTRAS)/tradeterm.1 $(DESTDIR)$(MANDIR)/tradeterm.1
	install -m 644 $(EXTRAS)/tradeterm.bash $(DESTDIR)$(BASHDIR)/tradeterm
	install -m 644 $(EXTRAS)/_tradeterm $(DESTDIR)$(ZSHDIR)/_tradeterm
	install -m 644 $(EXTRAS)/tradeterm.fish $(DESTDIR)$(FISHDIR)/tradeterm.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/tradeterm $(DESTDIR)$(MANDIR)/tradeterm.1 \
		$(DESTDIR)$(BASHDIR)/tradeterm $(DESTDIR)$(ZSHDIR)/_tradeterm $(DESTDIR)$(FISHDIR)/tradeterm.fish
