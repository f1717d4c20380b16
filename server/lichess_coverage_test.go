package server

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/web"
)

// lichessRoutesFile lists lichess's API routes (one per operation of
// lichess's OpenAPI document, as @lichess-org/types types it) and marks
// those Gambit serves; web/e2e/lichess-contract.test.mjs requests every
// route marked tested or own there and checks its answers against
// lichess's types.
const lichessRoutesFile = "../web/e2e/lichess-routes.json"

// lichessTypes is the package lichessRoutesFile was made from, where
// web's npm packages are installed.
const lichessTypes = "../web/node_modules/@lichess-org/types"

type lichessRoutes struct {
	Types  string         `json:"types"` // "@lichess-org/types@2.0.171"
	Routes []lichessRoute `json:"routes"`
}

type lichessRoute struct {
	Route     string `json:"route"`     // "GET /api/account": lichess's method and path
	Operation string `json:"operation"` // its operationId: "accountMe"
	Tag       string `json:"tag"`       // lichess's grouping: "Account"
	// Gambit is what Gambit does there: "" not served; "tested"
	// (requested by the contract test, its answers checked); "own: why"
	// (Gambit's own operation at lichess's path, requested, not checked);
	// "refused: why" (a route of Gambit's takes the path by its wildcard
	// and answers 404).
	Gambit string `json:"gambit,omitempty"`
}

func readLichessRoutes(t *testing.T) lichessRoutes {
	t.Helper()
	data, err := os.ReadFile(lichessRoutesFile)
	if err != nil {
		t.Fatal(err)
	}
	var lr lichessRoutes
	if err := json.Unmarshal(data, &lr); err != nil {
		t.Fatalf("%s: %v", lichessRoutesFile, err)
	}
	return lr
}

// TestLichessRouteCoverage: every route Gambit registers that takes one
// of lichess's API paths is in the contract test. For each of lichess's
// routes (lichessRoutesFile), the route of Gambit's that net/http gives
// its request is found among the server's own routes (the app's pages
// and the API's 404 for no path are none); a route reached must be
// marked tested or own (and then the contract test, which requests
// every route so marked, fails until it requests it) or refused (and
// answer 404 here); a route not reached must be marked nothing. So a
// route Gambit adds at a lichess path fails a test until the contract
// test covers it. The file is checked against @lichess-org/types where
// web's packages are installed (make test's web-unit installs them),
// and docs/api.md's table of lichess's routes against the file.
func TestLichessRouteCoverage(t *testing.T) {
	lr := readLichessRoutes(t)
	if len(lr.Routes) == 0 {
		t.Fatalf("%s lists no routes", lichessRoutesFile)
	}

	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Assets: web.FS()})
	_, routes := s.handler()
	mux := http.NewServeMux()
	for _, r := range routes {
		mux.HandleFunc(r.Pattern, func(http.ResponseWriter, *http.Request) {})
	}
	none := []string{"", "GET /", "GET /api/"} // no route, the app's pages (404 for others), the API's 404
	ann := newProgram(t, srv, "ann")
	for _, lr := range lr.Routes {
		method, path, _ := strings.Cut(lr.Route, " ")
		example := regexp.MustCompile(`\{\w+\}`).ReplaceAllString(path, "abcdefgh")
		_, pattern := mux.Handler(httptest.NewRequest(method, example, nil))
		reached := !slices.Contains(none, pattern)
		kind, _, _ := strings.Cut(lr.Gambit, ":")
		switch {
		case reached && kind == "":
			t.Errorf("lichess's %s reaches Gambit's route %q: mark it in %s (tested, and request it in the contract test; or own or refused, saying why)", lr.Route, pattern, lichessRoutesFile)
		case !reached && kind != "":
			t.Errorf("lichess's %s reaches no route of Gambit's, but %s marks it %q", lr.Route, lichessRoutesFile, lr.Gambit)
		case kind == "refused":
			if status, code := ann.call(method, example, "", ""); status != http.StatusNotFound {
				t.Errorf("lichess's %s (%s, refused in %s): %d %s; want 404", lr.Route, pattern, lichessRoutesFile, status, code)
			}
		case reached && kind != "tested" && kind != "own":
			t.Errorf("lichess's %s: %s marks it %q; want tested, own: or refused:", lr.Route, lichessRoutesFile, lr.Gambit)
		}
	}

	t.Run("the package's", func(t *testing.T) { checkLichessTypes(t, lr) })
	t.Run("docs/api.md", func(t *testing.T) { checkLichessDocs(t, lr) })
}

// checkLichessTypes checks lr against the package it was made from, when
// web's packages are installed: the same version, and the paths of its
// lichess-api.d.ts, in order, with their operations.
func checkLichessTypes(t *testing.T, lr lichessRoutes) {
	pkg, err := os.ReadFile(lichessTypes + "/package.json")
	if os.IsNotExist(err) {
		t.Skipf("%s is not installed (make web-unit installs it)", lichessTypes)
	}
	if err != nil {
		t.Fatal(err)
	}
	var meta struct{ Name, Version string }
	if err := json.Unmarshal(pkg, &meta); err != nil {
		t.Fatal(err)
	}
	if got := meta.Name + "@" + meta.Version; got != lr.Types {
		t.Fatalf("web/node_modules has %s; %s was made from %s: make it again from the one installed", got, lichessRoutesFile, lr.Types)
	}
	dts, err := os.Open(lichessTypes + "/lichess-api.d.ts")
	if err != nil {
		t.Fatal(err)
	}
	defer dts.Close()
	// openapi-typescript writes each path as `  "/path": {` in
	// `export interface paths`, and each method of it as
	// `    get: operations["operationId"];`.
	pathLine := regexp.MustCompile(`^  "(/[^"]*)": \{$`)
	opLine := regexp.MustCompile(`^    (get|put|post|delete|patch|head|options|trace): operations\["(\w+)"\];$`)
	var want []string
	in, path := false, ""
	sc := bufio.NewScanner(dts)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "export interface paths {":
			in = true
		case in && line == "}":
			in = false
		case in:
			if m := pathLine.FindStringSubmatch(line); m != nil {
				path = m[1]
			} else if m := opLine.FindStringSubmatch(line); m != nil {
				want = append(want, strings.ToUpper(m[1])+" "+path+" "+m[2])
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range lr.Routes {
		got = append(got, r.Route+" "+r.Operation)
	}
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("%s's routes differ from %s's (%d, %d): make it again\n got: %v\nwant: %v", lichessRoutesFile, lr.Types, len(got), len(want), got, want)
	}
}

// checkLichessDocs checks docs/api.md's table of lichess's routes: every
// route of lr once, under the heading of its tag, "supported" or
// "partly" where the contract test covers it (tested), else "not".
func checkLichessDocs(t *testing.T, lr lichessRoutes) {
	data, err := os.ReadFile("../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("^\\| `([A-Z]+ /[^`]*)` \\| (supported|partly|not)\\b")
	type docRow struct{ tag, status string }
	rows := map[string]docRow{}
	heading := ""
	for _, line := range strings.Split(string(data), "\n") {
		if h, ok := strings.CutPrefix(line, "### "); ok {
			heading = h
		}
		if m := row.FindStringSubmatch(line); m != nil {
			if _, dup := rows[m[1]]; dup {
				t.Errorf("docs/api.md lists %s twice", m[1])
			}
			rows[m[1]] = docRow{heading, m[2]}
		}
	}
	for _, r := range lr.Routes {
		got, ok := rows[r.Route]
		if !ok {
			t.Errorf("docs/api.md's table of lichess's routes lacks %s (%s)", r.Route, r.Tag)
			continue
		}
		delete(rows, r.Route)
		served := strings.HasPrefix(r.Gambit, "tested")
		if got.tag != r.Tag || served != (got.status != "not") {
			t.Errorf("docs/api.md: %s under %q, %s; want under %q, %s", r.Route, got.tag, got.status, r.Tag, map[bool]string{true: "supported or partly", false: "not"}[served])
		}
	}
	for route := range rows {
		t.Errorf("docs/api.md's table lists %s, which is not one of lichess's routes (%s)", route, lichessRoutesFile)
	}
}
