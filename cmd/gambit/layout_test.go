package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// allowedImports lists, for each package of the module, the module packages
// it may import: the one-way flow chess, xiangqi <- engine <- uci <- match;
// chess, xiangqi <- game <- server; chess, xiangqi <- render (beside engine,
// its generator below it importing nothing of the module); cmd wires everything. Third-party and
// standard packages are not restricted here, except that the rules packages
// may use only the standard library. An internal helper sits below every
// package that imports it: internal/elo (the Elo math) below engine and match,
// internal/tt (the transposition table) and internal/benchrun (the bench
// harness) below engine and engine/xq.
var allowedImports = map[string][]string{
	"chess":               {},
	"xiangqi":             {},
	"variant/fog":         {"chess", "internal/pgntag"},
	"variant/fair":        {},
	"variant/bomb":        {"chess", "variant/fair", "internal/pgntag"},
	"variant/dice":        {"chess", "variant/fair", "internal/pgntag"},
	"engine/dicebot":      {"chess", "engine", "variant/dice"},
	"chess/pgn":           {"chess", "internal/pgntag"},
	"xiangqi/pgn":         {"xiangqi", "internal/pgntag"},
	"engine":              {"chess", "internal/elo", "internal/tt", "internal/benchrun"},
	"render":              {"chess", "xiangqi"},
	"render/internal/gen": {},
	"render/viewer":       {"chess", "chess/pgn", "xiangqi", "xiangqi/pgn", "internal/charset", "internal/pgntag"},
	"engine/xq":           {"xiangqi", "internal/tt", "internal/benchrun"},
	"engine/fogbot":       {"chess", "engine", "variant/fog"},
	"engine/bombbot":      {"chess", "engine", "variant/bomb"},
	"uci":                 {"chess", "xiangqi", "engine", "engine/xq"},
	"match":               {"chess", "chess/pgn", "xiangqi", "xiangqi/pgn", "engine/xq", "uci", "internal/elo"},
	"game":                {"chess", "chess/pgn", "xiangqi", "xiangqi/pgn", "internal/pgntag", "variant/fog", "variant/fair", "variant/dice", "variant/bomb"},
	"store":               {},
	"store/storetest":     {"store"},
	"server":              {"chess", "chess/pgn", "xiangqi", "game", "store", "engine", "engine/xq", "engine/fogbot", "engine/dicebot", "engine/bombbot", "variant/bomb", "variant/dice", "render", "render/viewer", "web"}, // render/viewer: GET /game/{id}.html
	"web":                 {},
	"cluster":             {"server"}, // nodes over NATS: beside server, wired by cmd
	"loadtest":            {"chess"},  // chess.ParsePlacement only: a player reads the board it is sent, the server judges the moves
	"internal/charset":    {},
	"internal/elo":        {},
	"internal/tt":         {}, // the transposition table of engine and engine/xq
	"internal/benchrun":   {}, // the bench-signature harness of engine and engine/xq
	"internal/pgntag":     {},
	"internal/pgtest":     {}, // a throwaway PostgreSQL for tests
	"internal/cputime":    {}, // the process CPU time, for timing tests and benchmarks
	"internal/shareddata": {}, // finds ../shared/data (or $GAMBIT_DATA) for tests
}

// stdlibOnly are the packages that may import nothing outside the standard library.
var stdlibOnly = []string{"chess", "xiangqi", "variant/fog", "variant/fair", "variant/bomb", "variant/dice", "chess/pgn", "xiangqi/pgn", "engine", "engine/xq", "internal/elo", "internal/tt", "internal/benchrun", "internal/pgntag", "internal/shareddata", "render/viewer"}

func TestImportLayering(t *testing.T) {
	const module = "github.com/gambitchess/gambit/"
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		pkg := strings.TrimPrefix(fields[0], module)
		listed[pkg] = true
		if pkg == "cmd/gambit" {
			continue
		}
		allowed, known := allowedImports[pkg]
		if !known {
			t.Errorf("package %s is not in allowedImports: decide where it sits in the layering", pkg)
			continue
		}
		for _, imp := range fields[1:] {
			local, ok := strings.CutPrefix(imp, module)
			switch {
			case ok && !slices.Contains(allowed, local):
				t.Errorf("%s imports %s, which the layering forbids", pkg, local)
			case !ok && slices.Contains(stdlibOnly, pkg) && strings.Contains(strings.Split(imp, "/")[0], "."):
				t.Errorf("%s imports %s: it may use only the standard library and the packages below it", pkg, imp)
			}
		}
	}
	// Every package of the table was listed, so the check above saw them all.
	for pkg := range allowedImports {
		if !listed[pkg] {
			t.Errorf("go list did not list %s, which allowedImports names", pkg)
		}
	}
}
