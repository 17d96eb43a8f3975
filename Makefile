# pbem: every entry point a developer or CI needs. `make test` is the one CI runs.

GO          ?= go
STATICCHECK_VERSION := v0.8.2
TOOLS       := $(CURDIR)/.tools
STATICCHECK := $(TOOLS)/staticcheck
OUT         ?= out

.PHONY: all build run test deps check vet staticcheck unit race bench bench-games fmt golden fuzz gamefuzz clean

all: build

# A static binary with its version (git describe) and commit built in:
# `bin/pbem version` says which.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT  ?= $(shell git rev-parse HEAD 2>/dev/null)
BIN     ?= bin/pbem
build:
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags "-s -w -X main.version=$(VERSION) -X main.commit=$(COMMIT)" -o $(BIN) ./cmd/pbem

# The newcomer's first command: a game played over mail servers inside
# the process, robots on both sides, its mails, reports, maps and audited
# archive written to $(DEMO) (pbem demo; TURNS game-turns).
DEMO  ?= demo-out
TURNS ?= 2
run: build
	./bin/pbem demo -turns $(TURNS) -o $(DEMO)

# Every test: formatting, vet, staticcheck, unit tests, race detector on the
# daemon packages. The signature tests drive real gpg, mutt and ssh-keygen,
# so `deps` installs them first.
test: deps check unit race

# The tools the tests drive (orders/sig signs with them at test time):
# command, then the Debian package that has it. Installs only what is
# missing; that needs root (CI runs as root), otherwise it says what to run.
DEPS := gpg:gnupg mutt:mutt ssh-keygen:openssh-client dovecot:dovecot-imapd /usr/lib/dovecot/lmtp:dovecot-lmtpd openssl:openssl
deps:
	@missing=; for d in $(DEPS); do \
		command -v $${d%%:*} >/dev/null 2>&1 || missing="$$missing $${d#*:}"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" != 0 ]; then \
		echo "make deps: missing Debian packages:$$missing"; \
		echo "make deps: run as root, or: sudo apt-get install -y$$missing"; \
		exit 1; \
	fi; \
	echo "make deps: installing$$missing"; \
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends$$missing

check: fmt-check vet staticcheck

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

$(STATICCHECK):
	GOBIN=$(TOOLS) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

staticcheck: $(STATICCHECK)
	$(STATICCHECK) ./...

# unit also runs each fuzz target briefly; `make fuzz` runs them longer.
# The brief run counts executions rather than seconds: with a duration,
# Go 1.26's fuzz coordinator may report its own deadline as a failure
# when the time runs out (golang/go#75804, fixed in Go 1.27).
FUZZSHORT ?= 30000x
BENCHTIME ?= 1s
unit:
	$(GO) test -shuffle=on ./...
	$(MAKE) --no-print-directory fuzz FUZZTIME=$(FUZZSHORT) FUZZ="$(FUZZUNIT)"

race:
	$(GO) test -race -short ./pbem/... ./cmd/...

# Every benchmark of the project, then one table of each figure beside its
# floor from the same run (scripts/benchtable); the raw output stays in
# $(OUT)/bench.txt to compare one run with the next. BENCH picks the
# benchmarks by regular expression, as go test -bench does. The timeout
# is go test's for one package: pbem/referee's take about ten minutes
# (BenchmarkGames builds stores of 300 games).
BENCH ?= .
BENCHTIMEOUT ?= 60m
bench:
	mkdir -p $(OUT)
	$(GO) test -run XXX -timeout $(BENCHTIMEOUT) -bench '$(BENCH)' -benchmem -benchtime $(BENCHTIME) ./... | tee $(OUT)/bench.txt
	@echo
	$(GO) run ./scripts/benchtable < $(OUT)/bench.txt

# BenchmarkGames alone (issue 20): one game's resolution with its safety
# copy, audit, export, a tick and an outbox drain, beside 1, 100 and 300
# finished games, each figure set beside the same at 1 game. Building
# its stores takes a few minutes; GAMESOP picks operations by regular
# expression (GAMESOP=audit). The raw output is $(OUT)/bench-games.txt.
GAMESOP ?=
bench-games:
	mkdir -p $(OUT)
	$(GO) test -run XXX -timeout $(BENCHTIMEOUT) -bench '^BenchmarkGames$$/$(GAMESOP)' -benchmem -benchtime $(BENCHTIME) ./pbem/referee | tee $(OUT)/bench-games.txt
	@echo
	$(GO) run ./scripts/benchtable < $(OUT)/bench-games.txt

fmt:
	gofmt -w $$(git ls-files '*.go')

golden:
	$(GO) test ./... -update

# Every fuzz target of the repository, each for $(FUZZTIME).
FUZZTIME ?= 30s
FUZZ := FuzzParse:./orders/ FuzzReadBinding:./orders/ FuzzVerify:./orders/sig/ FuzzReadMail:./orders/sig/ FuzzParts:./orders/sig/ FuzzLoad:./engine/scenario/ FuzzRead:./pbem/intake/ FuzzReceive:./pbem/referee/ FuzzParse:./engine/qty/
FUZZUNIT := $(FUZZ)
fuzz:
	@for t in $(FUZZ); do \
		echo "$(GO) test -run XXX -fuzz '^$${t%%:*}\$$' -fuzztime $(FUZZTIME) $${t#*:}"; \
		$(GO) test -run XXX -fuzz "^$${t%%:*}\$$" -fuzztime $(FUZZTIME) $${t#*:} || exit 1; \
	done

# Whole games of every ruleset with random orders, legal and not
# (pbem/gamefuzz): GAMES of them, or as many as GAMEFUZZTIME allows (a Go
# duration, 30m); SYSTEM=kw plays only that rules system's games. `make
# unit` plays a few hundred; a failing game is written to
# pbem/gamefuzz/testdata/ to replay.
GAMES ?= 1000
GAMEFUZZTIME ?=
SYSTEM ?=
gamefuzz:
	$(GO) test ./pbem/gamefuzz -run '^TestGames$$' -v -timeout 0 $(if $(GAMEFUZZTIME),-duration $(GAMEFUZZTIME),-games $(GAMES)) $(if $(SYSTEM),-system $(SYSTEM))

clean:
	rm -rf bin $(OUT) $(TOOLS) $(DEMO)
