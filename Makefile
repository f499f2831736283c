# Anna — build, run and test. `make test` is what CI runs (see .ci/run).

VERSION   ?= 0.1.0
GO        ?= go
PKG       := github.com/jjgarcianorway/anna-assistant
LDFLAGS   := -s -w -X $(PKG)/version.version=$(VERSION)
# The base64 ed25519 public keys (comma-separated) whose signed releases
# annad installs; empty builds verify and install no update.
RELEASE_KEYS ?=
LDFLAGS   += -X $(PKG)/upkeep/update.releaseKeys=$(RELEASE_KEYS)
BUILD     := CGO_ENABLED=0 $(GO) build -trimpath -buildvcs=false -ldflags '$(LDFLAGS)'
RUNDIR    := $(CURDIR)/.run

.PHONY: all build run test lint unit fuzz bench test-ollama release release-pins release-manifest vmtest clean

all: build

build:
	$(BUILD) -o bin/annad ./cmd/annad
	$(BUILD) -o bin/annactl ./cmd/annactl

# Runs annad as you, on a private socket under .run/, and opens the annactl
# REPL against it; annad stops when the REPL exits. Ollama is expected at
# http://127.0.0.1:11434 unless .run/config.toml says otherwise; without it
# annad still starts, and `annactl status` says what is missing.
#
# The build prints what it is doing: the first one downloads and compiles
# the modules (a minute or two), so a counter shows the packages compiled;
# later builds compile only what changed and take seconds.
run:
	@echo "make run: building annad and annactl into bin/ (the first build downloads and compiles Go modules: a minute or two)"
	@# annad refuses a state directory (or a parent) that group or others
	@# can write, so .run and .run/state are private whatever the umask.
	@mkdir -p -m 0700 $(RUNDIR) $(RUNDIR)/state && chmod 0700 $(RUNDIR) $(RUNDIR)/state
	@{ $(BUILD) -v -o bin/annad ./cmd/annad && $(BUILD) -v -o bin/annactl ./cmd/annactl; echo $$? >$(RUNDIR)/build.rc; } 2>&1 | \
	 awk '/^[^ #:]+$$/ { n++; printf "\r  compiled %d packages", n; fflush(); next } { if (n) print ""; n = 0; print }  END { if (n) print "" }'; \
	 rc=$$(cat $(RUNDIR)/build.rc); rm -f $(RUNDIR)/build.rc; [ "$$rc" = 0 ] || exit $$rc
	@echo "make run: starting annad (socket $(RUNDIR)/anna.sock, config $(RUNDIR)/config.toml, log $(RUNDIR)/annad.log)"
	@./bin/annad --socket $(RUNDIR)/anna.sock --state-dir $(RUNDIR)/state --config $(RUNDIR)/config.toml 2>$(RUNDIR)/annad.log & \
	 pid=$$!; trap "kill $$pid 2>/dev/null; wait $$pid" EXIT INT TERM; \
	 for i in $$(seq 50); do [ -S $(RUNDIR)/anna.sock ] && break; kill -0 $$pid 2>/dev/null || break; sleep 0.1; done; \
	 if [ ! -S $(RUNDIR)/anna.sock ]; then echo "make run: annad did not start; its log says:"; cat $(RUNDIR)/annad.log; exit 1; fi; \
	 ANNA_SOCKET=$(RUNDIR)/anna.sock ./bin/annactl status; \
	 ANNA_SOCKET=$(RUNDIR)/anna.sock ./bin/annactl

test: lint unit

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	$(GO) mod tidy -diff

# -race everywhere; the fuzz targets' seed corpora run as ordinary tests.
# The supervisor's corpus tests skip themselves under -race (they judge on
# one goroutine, so the detector finds nothing and costs minutes) and run
# here a second time without it, with the allocation-count tests, whose
# counts only hold without the detector's instrumentation.
CORPUS_TESTS = ^(TestCorpus|TestBlindCorpus|TestCitedBlindUncited|TestCitedCorpus|TestFactFormBlind|TestClaimCostsNoCopy|TestRulesSkipAnswersTheyCannotJudge)$$
unit:
	$(GO) tool gotestsum --format pkgname-and-test-fails -- -race -count=1 -timeout 20m ./...
	$(GO) tool gotestsum --format pkgname-and-test-fails -- -count=1 -timeout 20m -run '$(CORPUS_TESTS)' ./daemon/supervisor/

# A short real fuzzing run of every fuzz target (not part of `make test`).
fuzz:
	@for t in $$($(GO) test -list 'Fuzz.*' ./... | grep -E '^(Fuzz|ok)' | awk '/^Fuzz/{f=f" "$$1} /^ok/{if(f!="")print $$2":"f; f=""}'); do \
	  pkg=$${t%%:*}; for f in $${t#*:}; do $(GO) test -run XXX -fuzz "^$$f$$" -fuzztime 30s $$pkg || exit 1; done; done

bench:
	$(GO) test -run XXX -bench . -benchmem ./...

# The service desk against a real Ollama server built from source (5–16
# minutes the first time, then cached; see .ci/build-ollama).
test-ollama:
	ANNA_OLLAMA_BIN=$$(.ci/build-ollama | tail -n1) ANNA_REQUIRE_OLLAMA=1 \
	  $(GO) test -count=1 -timeout 15m -run 'Integration|RealOllama' ./daemon/... ./upkeep/...

# Signs dist/ after `make release`: dist/manifest.json names every file
# with its SHA-256 and size, dist/manifest.json.sig is the ed25519 signature
# by the key in $ANNA_SIGNING_KEY_FILE, which stays outside the repository
# (`go run ./upkeep/update/sign -genkey -key FILE` makes one and prints the
# public key for RELEASE_KEYS).
release-manifest:
	@test -n "$$ANNA_SIGNING_KEY_FILE" || { echo "release-manifest: set ANNA_SIGNING_KEY_FILE to the release signing key"; exit 1; }
	$(GO) run ./upkeep/update/sign -dir dist -version $(VERSION)

# Acceptance tests in QEMU VMs (vmtests/): as root, with qemu-system-x86,
# qemu-utils, e2fsprogs, zstd, mmdebstrap and socat (.ci/run installs them).
# The guest image is cached under ~/.cache/anna/vm; one scenario:
# `make vmtest VMRUN=TestBrainRAM`. Failed scenarios leave their transcript
# and console log under vmtests/artifacts/ (or $$ANNA_VM_ARTIFACTS).
VMRUN ?= .
vmtest:
	TMPDIR=$${TMPDIR:-/var/tmp} ANNA_VM=1 $(GO) test -count=1 -timeout 40m -v -run '$(VMRUN)' ./vmtests/

# The release directory that install.sh downloads from (ANNA_RELEASE_URL):
# static binaries for each architecture, the installer's files under their
# basenames (installer.Files) and SHA256SUMS. Byte-identical from the same
# commit in any directory: .ci/repro checks it.
DIST          ?= dist
RELEASE_ARCHS ?= amd64 arm64
RELEASE_FILES := installer/install.sh installer/config.toml installer/sysusers.d/anna.conf \
	installer/polkit/io.github.jjgarcianorway.anna.policy \
	installer/systemd/annad.socket installer/systemd/annad.service

release:
	rm -rf $(DIST)
	mkdir -p $(DIST)
	for arch in $(RELEASE_ARCHS); do \
	  GOOS=linux GOARCH=$$arch $(BUILD) -o $(DIST)/annad-linux-$$arch ./cmd/annad && \
	  GOOS=linux GOARCH=$$arch $(BUILD) -o $(DIST)/annactl-linux-$$arch ./cmd/annactl || exit 1; \
	done
	cp $(RELEASE_FILES) $(DIST)/
	$(MAKE) -s release-pins DIST=$(DIST)
	chmod 0644 $(DIST)/*
	chmod 0755 $(DIST)/install.sh $(DIST)/annad-linux-* $(DIST)/annactl-linux-*
	cd $(DIST) && LC_ALL=C sha256sum $$(LC_ALL=C ls | grep -vx SHA256SUMS) >SHA256SUMS

# dist/ollama.pins: the Ollama release archive install.sh writes into a
# new /etc/anna/config.toml ([ollama] release_url, release_sha256) for the
# machine's architecture, so that annad installs Ollama where it is
# missing. OLLAMA_PINS names a file of lines `ARCH URL SHA256` (amd64 or
# arm64; an http(s) URL of the archive; its SHA-256 in lowercase hex),
# which the release maker checks against the archive itself: annad trusts
# the digest, not the server. Without it the release pins nothing and a
# machine without Ollama ends without a model.
OLLAMA_PINS ?=
release-pins:
	mkdir -p $(DIST)
	@[ -z "$(OLLAMA_PINS)" ] || [ -f "$(OLLAMA_PINS)" -a -r "$(OLLAMA_PINS)" ] || \
	  { echo "release-pins: cannot read OLLAMA_PINS=$(OLLAMA_PINS)"; exit 1; }
	{ echo '# Ollama release archives for install.sh (ARCH URL SHA256); see the Makefile.'; \
	  if [ -n "$(OLLAMA_PINS)" ]; then grep -v '^#' "$(OLLAMA_PINS)" | grep . || true; fi; } >$(DIST)/ollama.pins.new
	@bad=$$(grep -v '^#' $(DIST)/ollama.pins.new | grep -Evx '(amd64|arm64) https?://[A-Za-z0-9._~:/%+-]+ [0-9a-f]{64}' || true); \
	  dup=$$(grep -v '^#' $(DIST)/ollama.pins.new | cut -d' ' -f1 | sort | uniq -d); \
	  if [ -n "$$bad$$dup" ]; then rm -f $(DIST)/ollama.pins.new; \
	    echo "release-pins: each line of OLLAMA_PINS must be 'amd64|arm64 http(s)-URL sha256-hex', one per architecture; not: $$bad$$dup"; exit 1; fi
	mv $(DIST)/ollama.pins.new $(DIST)/ollama.pins

clean:
	rm -rf bin .run dist
