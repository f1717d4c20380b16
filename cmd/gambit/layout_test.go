package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
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
	"variant/seeded":      {"variant/fair", "internal/pgntag"}, // the verifier of a finished seeded game's record
	"variant/bomb":        {"chess", "variant/fair", "variant/seeded", "internal/pgntag"},
	"variant/dice":        {"chess", "variant/fair", "variant/seeded", "internal/pgntag"},
	"engine/dicebot":      {"chess", "engine", "variant/dice"},
	"chess/pgn":           {"chess", "internal/pgntag"},
	"chess/opening":       {"chess"}, // the opening names (lichess's table, embedded)
	"chess/polyglot":      {"chess"}, // Polyglot .bin opening books
	"xiangqi/pgn":         {"xiangqi", "internal/pgntag"},
	"engine":              {"chess", "internal/elo", "internal/tt", "internal/benchrun"},
	"render":              {"chess", "xiangqi"},
	"render/internal/gen": {},
	"render/chart":        {}, // a line chart as SVG: the profile's rating graph
	"render/viewer":       {"chess", "chess/pgn", "xiangqi", "xiangqi/pgn", "internal/charset", "internal/pgntag", "internal/lang"},
	"engine/xq":           {"xiangqi", "internal/tt", "internal/benchrun"},
	"engine/fogbot":       {"chess", "engine", "variant/fog"},
	"engine/bombbot":      {"chess", "engine", "variant/bomb"},
	"uci":                 {"chess", "chess/polyglot", "xiangqi", "engine", "engine/xq"},
	"match":               {"game", "uci", "internal/elo"},             // a variant's rules referee through the registry (game), never a rules library named
	"puzzle":              {"chess", "game", "review"},                 // training puzzles found in games through their Engine, their records
	"puzzle/starter":      {"puzzle"},                                  // the shipped puzzles, embedded CSV
	"tournament":          {},                                          // arenas: lichess's scoring (streaks, berserk) and pairing, standings; stdlib only
	"tournament/swiss":    {},                                          // Swiss events: the FIDE Dutch pairing, tie-breaks, TRF; stdlib only
	"review":              {"game", "chess/pgn", "xiangqi/pgn", "uci"}, // a game's review: lichess's formulas over an engine's evaluations, the game read through game.Engine; the boards' PGN for the annotated text
	"game":                {"chess", "variant/fair"},                   // no rules library but the shared vocabulary: every variant registers from its own package
	// A variant's registration sits above game and its own rules and bot;
	// variant/all lists them for the binary. Nothing imports one but that.
	"variant/chessgame":          {"chess", "chess/opening", "chess/pgn", "game", "variant/chesssetup", "engine"},
	"variant/xiangqigame":        {"chess", "game", "xiangqi", "xiangqi/pgn", "engine/xq"},
	"variant/chesssetup":         {"chess", "chess/pgn", "game"}, // a pasted start on a chess board, for every variant on one
	"variant/fog/foggame":        {"chess", "game", "variant/fog", "engine/fogbot", "variant/chesssetup"},
	"variant/dice/dicegame":      {"chess", "game", "variant/dice", "engine/dicebot", "variant/chesssetup"},
	"variant/bomb/bombgame":      {"chess", "game", "variant/bomb", "engine/bombbot", "variant/chesssetup"},
	"variant/jieqi/jieqigame":    {"chess", "game", "xiangqi", "variant/fair", "variant/jieqi", "engine/jieqibot"},
	"variant/banqi/banqigame":    {"chess", "game", "variant/fair", "variant/banqi", "engine/banqibot"},
	"variant/all":                {"variant/chessgame", "variant/xiangqigame", "variant/fog/foggame", "variant/dice/dicegame", "variant/bomb/bombgame", "variant/jieqi/jieqigame", "variant/banqi/banqigame"},
	"variant/jieqi":              {"xiangqi", "variant/fair", "variant/seeded", "internal/pgntag"},
	"engine/jieqibot":            {"xiangqi", "variant/jieqi"},
	"variant/banqi":              {"variant/fair", "variant/seeded", "internal/pgntag"},
	"engine/banqibot":            {"variant/banqi"},
	"store":                      {"rating"},
	"store/storetest":            {"store", "rating"},
	"server":                     {"chess", "chess/pgn", "chess/opening", "chess/polyglot", "game", "store", "web", "render", "review", "server/guards", "server/node", "server/lobby", "server/sched", "server/wire", "server/computer", "server/media", "server/round", "server/reviews", "internal/lang", "server/account", "render/chart", "rating", "server/analysis", "server/openings", "server/profile", "server/export", "server/lichess", "server/player", "server/games", "server/metrics", "server/app", "server/puzzles", "puzzle", "puzzle/starter", "server/tournaments", "server/swiss", "server/tourney", "server/live"},
	"server/reviews":             {"game", "review", "store", "xiangqi", "render", "server/guards", "server/sched", "server/wire", "internal/lang"},                                                     // the games' reviews, run position by position in the computer's scheduler; read in the reader's script
	"server/puzzles":             {"chess", "game", "puzzle", "rating", "review", "store", "server/sched", "server/wire"},                                                                               // the puzzles: lichess's puzzle API and the puzzle ratings (the puzzles through store.Puzzles, their records through the registry, who asks through the server's view), the finder over finished games
	"server/swiss":               {"chess", "game", "store", "tournament/swiss", "server/wire", "server/tourney"},                                                                                       // the Swiss events: lichess's Swiss API, the director pairing each round under a lease (package tournament/swiss's FIDE Dutch system)
	"server/tourney":             {"chess", "game", "rating", "store", "server/guards", "server/player", "server/wire"},                                                                                 // what the arenas and the Swiss events share: the server they need, the forms' fields, the director's loop
	"server/tourney/tourneytest": {"game", "store", "internal/pgtest"},                                                                                                                                  // the tournaments' tests' fake server, stores and clock; only tests import it
	"server/tournaments":         {"chess", "game", "store", "tournament", "server/guards", "server/wire", "server/tourney"},                                                                            // the arenas: lichess's tournament API, the live pages' sockets, the director under a lease (package tournament's rules)
	"server/round":               {"chess", "game", "store", "server/guards", "server/lobby", "server/sched", "server/wire", "server/computer"},                                                         // the hubs: one live game each, its commands, clocks, computer, presence, chat and wire messages, and its clients' WebSockets
	"server/live":                {"game", "store", "server/round", "server/wire"},                                                                                                                      // the games running on a node, each in its hub: one load at a time, the leases among nodes, the sweep of stale games
	"server/account":             {"store", "server/guards", "server/wire"},                                                                                                                             // sign-up, sign-in, sessions: knows no game
	"server/player":              {"store", "server/guards", "server/wire"},                                                                                                                             // the player cookie: issued, proved, read by the handlers; knows no game nor account
	"server/games":               {"chess", "game", "rating", "store", "server/guards", "server/lobby", "server/wire"},                                                                                  // Gambit's API of games: create, join, adopt, the lobby's list, pairing, rated games; the hubs through games.Server (lobby: the open challenges' model, as round reads it)
	"server/metrics":             {},                                                                                                                                                                    // the server's Prometheus series, on a registry of their own: knows no game
	"server/app":                 {"internal/lang"},                                                                                                                                                     // the web app's own files and pages, in the reader's language
	"server/guards":              {},                                                                                                                                                                    // connection and address limits, proxies, frames, same-site checks: knows no game
	"server/lobby":               {"chess", "game", "store", "server/node"},                                                                                                                             // the open challenges, in memory: no HTTP, no hub
	"server/computer":            {"chess", "chess/polyglot", "game", "uci", "review", "server/guards", "server/wire"},                                                                                  // the computer's levels, its bot over the engines, the count of its games
	"server/lichess":             {"chess", "game", "rating", "store", "server/guards", "server/wire"},                                                                                                  // lichess's API for programs: its shapes and its handlers (the event stream, challenges, the Board and Bot APIs, the game streams), reaching the server through lichess.Server
	"server/media":               {"chess", "chess/opening", "game", "store", "xiangqi", "render", "render/viewer", "server/guards", "server/sched", "server/wire", "internal/lang", "internal/pgntag"}, // a game's page, images and viewer page (render/viewer: GET /game/{id}.html)
	"server/sched":               {},                                                                                                                                                                    // the fair scheduler of the computer's thinking and the drawings: knows no game
	"server/wire":                {"game", "store", "server/guards", "server/node"},                                                                                                                     // the server's errors, their one mapping to HTTP and WebSocket codes, and the shapes several packages write
	"server/node":                {"game"},                                                                                                                                                              // what the nodes say to each other: below server and cluster
	"server/analysis":            {"chess", "game", "server/wire"},                                                                                                                                      // the analysis board's API: a game's record, positions played by the rules
	"server/openings":            {"chess", "chess/opening", "chess/polyglot", "server/wire"},                                                                                                           // GET /api/opening and /api/book: a line's opening, the book's moves
	"server/profile":             {"chess", "game", "rating", "store", "render/chart", "server/wire"},                                                                                                   // the players' profiles, their games, rating graphs, leaderboards, and GET /api/games' listing
	"server/export":              {"chess", "chess/pgn", "game", "review", "store", "xiangqi", "internal/pgntag", "server/wire"},                                                                        // lichess's game exports: a player's games, games by id, as PGN or NDJSON (store.Summary.VisibleTo: who sees which)
	"server/servertest":          {"game", "chess", "chess/polyglot", "review"},                                                                                                                         // what the server packages' tests share; only tests import it
	"server/wire/wiretest":       {"server/wire"},                                                                                                                                                       // the request parsers' tests' shared check; only tests import it
	"web":                        {},
	"cluster":                    {"server/node"}, // nodes over NATS: beside server (neither imports the other), wired by cmd
	"loadtest":                   {"chess"},       // chess.ParsePlacement only: a player reads the board it is sent, the server judges the moves
	"rating":                     {},              // Glicko-2 and the speed categories: stdlib only
	"internal/charset":           {},
	"internal/elo":               {},
	"internal/tt":                {}, // the transposition table of engine and engine/xq
	"internal/benchrun":          {}, // the bench-signature harness of engine and engine/xq
	"internal/pgntag":            {},
	"internal/lang":              {}, // the languages of the server's pages: Accept-Language, the texts' tables
	"internal/pgtest":            {}, // a throwaway PostgreSQL for tests
	"internal/cputime":           {}, // the process CPU time, for timing tests and benchmarks
	"internal/shareddata":        {}, // finds ../shared/data (or $GAMBIT_DATA) for tests
}

// stdlibOnly are the packages that may import nothing outside the standard library.
var stdlibOnly = []string{"tournament", "tournament/swiss", "chess", "chess/opening", "chess/polyglot", "xiangqi", "variant/fog", "variant/fair", "variant/seeded", "variant/bomb", "variant/dice", "variant/jieqi", "engine/jieqibot", "variant/banqi", "engine/banqibot", "chess/pgn", "xiangqi/pgn", "engine", "engine/xq", "internal/elo", "internal/tt", "internal/benchrun", "internal/pgntag", "internal/shareddata", "render/viewer", "internal/lang", "rating", "render/chart"}

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

// namedVariants are the variants beyond chess and xiangqi, each with what
// names it in Go source.
var namedVariants = map[string]*regexp.Regexp{
	"fog of war": regexp.MustCompile(`(?i)\bfog`),
	"dice chess": regexp.MustCompile(`(?i)\bdice`),
	"bomb chess": regexp.MustCompile(`(?i)\bbomb`),
	"jieqi":      regexp.MustCompile(`(?i)jieqi|揭棋`),
	"banqi":      regexp.MustCompile(`(?i)banqi|暗棋|翻翻棋`),
}

// TestVariantsNamedInFewPackages: a variant is its own packages plus one
// registration. Its name (in code or comments, tests aside) appears in at
// most four packages: its rules, its bot, its registration and the list
// that registers every variant (variant/all).
func TestVariantsNamedInFewPackages(t *testing.T) {
	named := map[string]map[string]bool{}
	walkSources(t, func(pkg string, src []byte) {
		for v, re := range namedVariants {
			if re.Match(src) {
				note(named, v, pkg)
			}
		}
	})
	for v := range namedVariants {
		pkgs := slices.Sorted(maps.Keys(named[v]))
		if len(pkgs) == 0 || len(pkgs) > 4 {
			t.Errorf("%s is named in %d packages, want 1 to 4: %v", v, len(pkgs), pkgs)
		}
		t.Logf("%s: %v", v, pkgs)
	}
}

// switchedNames are the variants the registry began with, whose names are
// also words of the code (the chess board, the xiangqi library, a UCI
// engine's UCI_Variant): for them the test below counts the code that
// decides by the name — the name, in any case, compared (== or !=, either
// side), a case of a switch, an argument of strings.EqualFold or its
// like, a map's key or index, directly or through a constant of the file
// — or that names their registering package.
var switchedNames = map[string]struct {
	literal string   // the name as code spells it
	pkg     string   // the registering package's name
	also    []string // the packages beside it and variant/all that may, and why
}{
	"chess": {"chess", "chessgame", []string{
		"chess/pgn", // reads a PGN's Variant tag as players write it
		"game",      // the UCI dialect's default variant (UCIDefaultVariant)
		"uci",       // the engine reads UCI_Variant chess (or standard) from a GUI
	}},
	"Chess960": {"chess960", "chessgame", []string{"chess/pgn"}}, // reads a PGN's Variant tag as players write it
	"xiangqi": {"xiangqi", "xiangqigame", []string{
		"uci", // the engine reads UCI_Variant xiangqi (engine/xq's UCIVariant) from a GUI
	}},
}

// TestChessAndXiangqiNamedInFewPackages: chess, Chess960 and xiangqi
// register as the other variants do, so no code outside their packages
// decides by their names: at most the registration, variant/all, and the
// reader of the PGN Variant tag (chess/pgn, which reads "chess960" as
// the PGN standard's players write it).
func TestChessAndXiangqiNamedInFewPackages(t *testing.T) {
	type file struct {
		pkg string
		f   *ast.File
	}
	var files []file
	fset := token.NewFileSet()
	walkSources(t, func(pkg string, src []byte) {
		f, err := parser.ParseFile(fset, pkg, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, file{pkg, f})
	})
	named := map[string]map[string]bool{}
	where := map[string][]string{} // by variant: where each package decides, first
	for v, how := range switchedNames {
		// The constants of the name, by package name: "xq" -> UCIVariant.
		consts := map[string]map[string]bool{}
		for _, f := range files {
			for c := range constantsNamed(f.f, how.literal) {
				if consts[f.f.Name.Name] == nil {
					consts[f.f.Name.Name] = map[string]bool{}
				}
				consts[f.f.Name.Name][c] = true
			}
		}
		for _, f := range files {
			if at, ok := decidesBy(f.f, how.literal, how.pkg, consts); ok {
				if !named[v][f.pkg] {
					where[v] = append(where[v], fset.Position(at).String())
				}
				note(named, v, f.pkg)
			}
		}
	}
	for v, how := range switchedNames {
		pkgs := slices.Sorted(maps.Keys(named[v]))
		want := slices.Sorted(slices.Values(append([]string{"variant/all", "variant/" + how.pkg}, how.also...)))
		if !slices.Equal(pkgs, want) {
			t.Errorf("code decides by %s's name in %v, want %v (%v)", v, pkgs, want, where[v])
		}
	}
}

// decidesBy reports whether Go file f decides by name (switchedNames'
// doc), or is, imports or names package pkg, and where. consts are the
// constants of the name, by the name of their package.
func decidesBy(f *ast.File, name, pkg string, consts map[string]map[string]bool) (token.Pos, bool) {
	if f.Name.Name == pkg {
		return f.Name.Pos(), true
	}
	for _, imp := range f.Imports {
		if strings.HasSuffix(imp.Path.Value, "/"+pkg+`"`) {
			return imp.Pos(), true
		}
	}
	is := func(e ast.Expr) bool { return isName(e, name, f.Name.Name, consts) }
	found := false
	var at token.Pos
	ast.Inspect(f, func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		at = n.Pos()
		switch n := n.(type) {
		case *ast.BinaryExpr:
			found = found || (n.Op == token.EQL || n.Op == token.NEQ) && (is(n.X) || is(n.Y))
		case *ast.CaseClause:
			found = found || slices.ContainsFunc(n.List, is)
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && slices.Contains([]string{"EqualFold", "HasPrefix", "HasSuffix", "Contains"}, sel.Sel.Name) {
				found = found || slices.ContainsFunc(n.Args, is)
			}
		case *ast.IndexExpr:
			found = found || is(n.Index)
		case *ast.KeyValueExpr:
			found = found || is(n.Key)
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok && id.Name == pkg {
				found = true
			}
		}
		return !found
	})
	return at, found
}

// constantsNamed are the file's constants and variables whose value is
// name (in any case).
func constantsNamed(f *ast.File, name string) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		// A board's kind (game.Board: game.BoardXiangqi; the viewer's
		// viewer.Board) is spelt as the variant first played on it, and
		// decides what draws it: not a variant's name. Nor is the
		// registry's default (game.DefaultVariant, what "" reads as).
		if vs, ok := n.(*ast.ValueSpec); ok && !isIdent(vs.Type, "Board") && !slices.ContainsFunc(vs.Names, func(id *ast.Ident) bool { return id.Name == "DefaultVariant" }) {
			for i, v := range vs.Values {
				if i < len(vs.Names) && isName(v, name, "", nil) {
					out[vs.Names[i].Name] = true
				}
			}
		}
		return true
	})
	return out
}

// isIdent reports whether e is the identifier name.
func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// isName reports whether e, in package self, is the string name (in any
// case, any quotes), a conversion of it (Variant("xiangqi")), or one of
// consts (by package name: a constant of self's, or pkg.Const).
func isName(e ast.Expr, name, self string, consts map[string]map[string]bool) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		s, err := strconv.Unquote(e.Value)
		return e.Kind == token.STRING && err == nil && strings.EqualFold(s, name)
	case *ast.Ident:
		return consts[self][e.Name]
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		return ok && consts[x.Name][e.Sel.Name]
	case *ast.CallExpr:
		return len(e.Args) == 1 && isName(e.Args[0], name, self, consts)
	case *ast.ParenExpr:
		return isName(e.X, name, self, consts)
	}
	return false
}

// walkSources calls visit with each Go source file of the module, tests
// aside, and its package's path.
func walkSources(t *testing.T, visit func(pkg string, src []byte)) {
	t.Helper()
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root:
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go"):
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		pkg, _ := filepath.Rel(root, filepath.Dir(path))
		visit(filepath.ToSlash(pkg), src)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// note adds pkg to the packages that name v.
func note(named map[string]map[string]bool, v, pkg string) {
	if named[v] == nil {
		named[v] = map[string]bool{}
	}
	named[v][pkg] = true
}
