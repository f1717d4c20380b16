# Gambit: the two set-up commands are `make run` and `make test`.
GO       ?= go
BIN      := bin/gambit
FUZZTIME ?= 1000x
PKGS     := ./...

.PHONY: run build test vet lint tidy-check fmt-check unit fuzz-smoke bench perft-deep clean web web-unit race-web e2e demo puzzles

# The main job: build the web UI and the binary, then play in the browser
# at http://localhost:8080 (games are kept in ./gambit-data; make run ADDR=:9090
# for another port).
run: web build
	$(BIN) serve --addr $(or $(ADDR),:8080) --data gambit-data

# The rules library at work on the start position (what `run` showed before the web app).
demo: build
	@echo "== gambit perft --depth 5 --divide"
	@$(BIN) perft --depth 5 --divide
	@echo "== gambit moves (start position)"
	@$(BIN) moves
	@echo "== gambit fen, normalizing an unusable en-passant square"
	@$(BIN) fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
	@echo "== gambit perft --variant xiangqi --depth 4"
	@$(BIN) perft --variant xiangqi --depth 4

# The browser UI: npm packages from web/package-lock.json, type-checked by tsc
# and bundled by esbuild into web/public/assets (embedded by package web).
web: web/node_modules/.package-lock.json
	cd web && node node_modules/typescript/bin/tsc -p . && node build.mjs

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund

# The UI modules that need no browser (variant registry, texts), under
# node's test runner.
web-unit: web/node_modules/.package-lock.json
	cd web && node test/run.mjs

# The web packages' tests under the race detector.
# The packages the race detector runs (their tests run there only, not
# again in unit: every test runs once in make test).
RACE_PKGS := ./game/ ./server/... ./store/

race-web:
	$(GO) test -race -count=1 $(RACE_PKGS)

# Browser end-to-end tests: a real `gambit serve` and Debian's Chromium,
# two files at once (each its own server and browser; most of a test's time
# is waiting on a page, so two on two cores take 330 s where one took 430).
e2e: web build
	cd web && node --test --test-force-exit --test-concurrency=2 e2e/

build:
	@mkdir -p bin
	$(GO) build -o $(BIN) ./cmd/gambit

# Everything: formatting, vet, every test, and a short run of every fuzz target.
test: fmt-check tidy-check vet lint unit web-unit race-web fuzz-smoke e2e

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet $(PKGS)

# staticcheck at the version go.mod pins (its `tool` directive): nothing from
# $GOPATH/bin, the same linter on every machine.
lint:
	$(GO) tool staticcheck $(PKGS)

# go.mod and go.sum must be what `go mod tidy` makes of the imports.
tidy-check:
	@$(GO) mod tidy -diff >/dev/null || { echo "go.mod/go.sum are not tidy: run go mod tidy"; $(GO) mod tidy -diff; exit 1; }

unit:
	$(GO) test -count=1 $$($(GO) list $(PKGS) | grep -v -x -F "$$($(GO) list $(RACE_PKGS))")
	$(GO) test -count=1 -short -tags gambitdebug -run 'Perft' ./chess/ ./xiangqi/

# Runs each fuzz target for FUZZTIME (a count of inputs: 1000 in make test,
# where the seeds also run as unit tests; `make fuzz-smoke FUZZTIME=100000x`
# for a longer search; a time budget such as
# 5s trips the Go fuzzer's "context deadline exceeded" on a loaded machine);
# failures are kept in testdata/fuzz. A
# target that fails is run once more: a real finding fails again on its saved
# input, while the Go fuzzer's occasional "context deadline exceeded" on a
# loaded machine does not.
fuzz-smoke:
	@set -e; for f in $$(grep -l '^func Fuzz' $$(find . -name '*_test.go' -not -path '*/node_modules/*')); do \
		dir=$$(dirname $$f); \
		for t in $$(grep -o '^func Fuzz[A-Za-z0-9_]*' $$f | sed 's/^func //'); do \
			echo "fuzz $$dir $$t ($(FUZZTIME))"; \
			$(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $$dir >/dev/null 2>&1 || \
				{ echo "  again, to tell a finding (kept in testdata/fuzz, fails again) from a fuzzer time-out"; \
				  $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $$dir || exit 1; }; \
		done; \
	done

# Benchmarks (run on a quiet machine; compare runs with benchstat).
bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 5 ./chess/ ./chess/pgn/ ./xiangqi/
	$(GO) test -run '^$$' -bench BenchmarkPGNCheckCommand -benchmem -count 5 ./cmd/gambit/
	# The relayed move (BENCH.md, "The server's cost per move"): end to end, the hub alone, the store's append.
	$(GO) test -run '^$$' -bench BenchmarkRelayMove -benchtime 500x -benchmem -count 5 ./server/
	$(GO) test -run '^$$' -bench BenchmarkMoveLoop -benchmem -count 5 ./server/round/
	$(GO) test -run '^$$' -bench 'BenchmarkAppend$$' -benchmem -count 5 ./store/

# The starter puzzles (puzzle/starter): `gambit puzzles find` over the real
# games of the test data (GAMBIT_DATA, else ../shared/data) at its default
# budget, a file at a time into .puzzles/ (a file done is kept: an
# interrupted run goes on where it stopped), then checked, the themes named
# afresh, each searched again from its own position (one that no longer
# holds is left out), and merged. About two CPU-hours for the 5,186 chess games.
PUZZLE_DATA ?= $(or $(GAMBIT_DATA),../shared/data)
puzzles: build
	@mkdir -p .puzzles/chess .puzzles/xiangqi
	@for f in $(PUZZLE_DATA)/pgn/games/*.pgn; do out=.puzzles/chess/$$(basename $$f .pgn).csv; \
	  [ -s $$out ] || $(BIN) puzzles find $$f -o $$out.part && mv -f $$out.part $$out 2>/dev/null; [ -s $$out ] || exit 1; done
	@for f in $(PUZZLE_DATA)/xiangqi/pgn/*.pgn; do out=.puzzles/xiangqi/$$(basename $$f .pgn).csv; \
	  [ -s $$out ] || $(BIN) puzzles find $$f -o $$out.part && mv -f $$out.part $$out 2>/dev/null; [ -s $$out ] || exit 1; done
	$(BIN) puzzles check --themes --recheck -o puzzle/starter/chess.csv .puzzles/chess/*.csv
	$(BIN) puzzles check --themes --recheck -o puzzle/starter/xiangqi.csv .puzzles/xiangqi/*.csv

# Every perft count in shared/data, however deep (hours for the Chess960 file).
perft-deep:
	$(GO) test -count=1 -timeout 0 -run 'TestPerft' ./chess/ -perft.maxnodes=0

clean:
	rm -rf bin web/public/assets
