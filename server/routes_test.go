package server

import (
	"context"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/web"
)

// wantAccess is what each route lets a token do, written out here apart
// from the code that registers it: a route added without a line here, or
// whose access changes, fails TestRouteScopes until this table says so.
var wantAccess = map[string]string{
	"POST /api/games":                             "needs challenge:write",
	"POST /api/swiss/{id}/{action}":               "needs tournament:write",
	"GET /api/swiss/{id}":                         "public",
	"GET /api/swiss/{id}/games":                   "public",
	"GET /api/swiss/{id}/results":                 "public",
	"GET /swiss/{file}":                           "public",
	"GET /swiss/{id}/socket":                      "seen with tournament:write",
	"GET /api/swiss":                              "public",
	"POST /api/games/{id}/join":                   "needs challenge:write",
	"POST /api/games/{id}/adopt":                  "browser only",
	"GET /api/games":                              "seen with board:play",
	"GET /api/games/{id}":                         "public",
	"GET /api/games/{id}/{part}":                  "seen with board:play",
	"POST /api/games/export/_ids":                 "seen with board:play",
	"POST /api/games/{id}/review":                 "public",
	"GET /api/games/{id}/review":                  "public",
	"GET /api/games/{id}/analysis":                "seen with board:play",
	"POST /api/analysis/position":                 "public",
	"GET /api/user/{name}":                        "public",
	"GET /api/user/{name}/games":                  "seen with board:play",
	"GET /api/user/{name}/games.pgn":              "seen with board:play",
	"GET /api/user/{name}/rating.svg":             "public",
	"GET /api/user/{name}/rating-history":         "public",
	"GET /api/leaderboard/{perf}":                 "public",
	"GET /api/levels":                             "public",
	"GET /api/variants":                           "public",
	"GET /api/lobby":                              "seen with board:play",
	"POST /api/pair":                              "needs board:play",
	"GET /api/puzzle/daily":                       "public",
	"GET /tournament":                             "public",
	"GET /tournament/{id}":                        "public",
	"GET /tournament/{id}/socket":                 "seen with tournament:write",
	"GET /api/tournament":                         "public",
	"POST /api/tournament":                        "needs tournament:write",
	"GET /api/tournament/{id}":                    "seen with tournament:write",
	"POST /api/tournament/{id}/join":              "needs tournament:write",
	"POST /api/tournament/{id}/withdraw":          "needs tournament:write",
	"POST /api/tournament/{id}/pause":             "needs tournament:write",
	"GET /api/tournament/{id}/results":            "public",
	"GET /api/tournament/{id}/games":              "public",
	"GET /api/puzzle/next":                        "needs puzzle:read",
	"GET /api/puzzle/activity":                    "needs puzzle:read",
	"GET /api/puzzle/batch/{angle}":               "needs puzzle:read",
	"POST /api/puzzle/batch/{angle}":              "needs puzzle:write",
	"GET /api/puzzle/{id}":                        "public",
	"GET /api/training/streak":                    "public",
	"GET /api/training/themes":                    "public",
	"GET /api/opening":                            "public",
	"GET /api/book":                               "public",
	"GET /ws/game/{id}":                           "needs board:play",
	"GET /game/{file}":                            "seen with board:play",
	"GET /api/":                                   "public",
	"GET /":                                       "public",
	"GET /{$}":                                    "public",
	"GET /favicon.ico":                            "public",
	"GET /analysis":                               "public",
	"GET /account":                                "public",
	"GET /@/{name}":                               "public",
	"GET /leaderboard":                            "public",
	"GET /bots":                                   "public",
	"GET /training":                               "public",
	"GET /training/{id}":                          "public",
	"POST /api/signup":                            "public",
	"POST /api/login":                             "public",
	"POST /api/logout":                            "browser only",
	"POST /api/logout/all":                        "browser only",
	"GET /api/session":                            "public",
	"GET /api/account/sessions":                   "browser only",
	"DELETE /api/account/sessions/{id}":           "browser only",
	"POST /api/account/password":                  "browser only",
	"DELETE /api/account":                         "browser only",
	"POST /api/token":                             "public",
	"POST /api/token/test":                        "public",
	"POST /api/bot/account/upgrade":               "needs bot:play",
	"DELETE /api/token":                           "public",
	"GET /api/account/tokens":                     "browser only",
	"DELETE /api/account/tokens/{id}":             "browser only",
	"POST /api/account/passkeys/begin":            "browser only",
	"POST /api/account/passkeys/finish":           "browser only",
	"GET /api/account/passkeys":                   "browser only",
	"DELETE /api/account/passkeys/{id}":           "browser only",
	"POST /api/login/passkey/begin":               "public",
	"POST /api/login/passkey/finish":              "public",
	"GET /api/account":                            "any token",
	"GET /api/account/playing":                    "any token",
	"GET /api/challenge":                          "needs challenge:read",
	"POST /api/board/game/{id}/claim-victory":     "needs board:play",
	"POST /api/board/game/{id}/claim-draw":        "needs board:play",
	"GET /api/bot/game/stream/{id}":               "needs bot:play",
	"POST /api/bot/game/{id}/move/{move}":         "needs bot:play",
	"POST /api/bot/game/{id}/resign":              "needs bot:play",
	"POST /api/bot/game/{id}/abort":               "needs bot:play",
	"POST /api/bot/game/{id}/berserk":             "needs bot:play",
	"POST /api/bot/game/{id}/claim-victory":       "needs bot:play",
	"POST /api/bot/game/{id}/claim-draw":          "needs bot:play",
	"POST /api/bot/game/{id}/draw/{answer}":       "needs bot:play",
	"POST /api/bot/game/{id}/takeback/{answer}":   "needs bot:play",
	"POST /api/bot/game/{id}/chat":                "needs bot:play",
	"GET /api/bot/online":                         "public",
	"GET /api/bot/game/{id}/{part}":               "needs bot:play",
	"POST /api/challenge/{id}/cancel":             "needs challenge:write",
	"GET /api/users/status":                       "public",
	"GET /api/stream/game/{id}":                   "public",
	"GET /game/export/{id}":                       "public",
	"GET /api/stream/event":                       "needs challenge:read",
	"POST /api/challenge/{name}":                  "needs challenge:write",
	"POST /api/challenge/{id}/accept":             "needs challenge:write",
	"POST /api/challenge/{id}/decline":            "needs challenge:write",
	"GET /api/board/game/stream/{id}":             "needs board:play",
	"POST /api/board/game/{id}/move/{move}":       "needs board:play",
	"POST /api/board/game/{id}/resign":            "needs board:play",
	"POST /api/board/game/{id}/abort":             "needs board:play",
	"POST /api/board/game/{id}/berserk":           "needs board:play",
	"POST /api/board/game/{id}/draw/{answer}":     "needs board:play",
	"POST /api/board/game/{id}/takeback/{answer}": "needs board:play",
	"POST /api/board/game/{id}/chat":              "needs board:play",
	"GET /api/board/game/{id}/{part}":             "needs board:play",
}

// routeExample is a request path that pattern's route answers.
func routeExample(pattern string) (method, path string) {
	method, path, _ = strings.Cut(pattern, " ")
	r := strings.NewReplacer("{id}", "abcdefghij", "{part}", "pgn", "{name}", "bob", "{perf}", "blitz", "{file}", "abcdefghij.svg",
		"{move}", "e2e4", "{answer}", "yes", "{angle}", "mix", "{$}", "")
	path = r.Replace(path)
	if path == "/api/" {
		path = "/api/nothing-here"
	}
	return method, path
}

// TestRouteScopes: every route × every scope, and a browser's session: a
// token without the scope a route needs (or on a browser's own page) is
// refused with missing_scope before the route runs; with the scope, and
// for a signed-in browser or a stranger, the route never answers
// missing_scope. The routes' access is the table wantAccess.
func TestRouteScopes(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Assets: web.FS()})
	_, routes := s.handler()
	for _, r := range routes {
		if want, ok := wantAccess[r.Pattern]; !ok {
			t.Errorf("route %q is missing from wantAccess (it is %s)", r.Pattern, r.Access)
		} else if r.Access.String() != want {
			t.Errorf("route %q: %s, wantAccess says %s", r.Pattern, r.Access, want)
		}
	}
	for pattern := range wantAccess {
		if !slices.ContainsFunc(routes, func(r account.Route) bool { return r.Pattern == pattern }) {
			t.Errorf("wantAccess lists %q, which is no route", pattern)
		}
	}

	ann := newBrowser(t, srv)
	ann.want(201, "POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`)
	newProgram(t, srv, "bob")
	tokens := map[string]string{}
	for _, scope := range account.Scopes {
		var tok struct{ Token string }
		body := (&program{t: t, srv: srv}).want(200, "POST", "/api/token", "application/json",
			`{"username":"ann","password":"long enough pass","scopes":["`+scope+`"]}`)
		if err := json.Unmarshal([]byte(body), &tok); err != nil {
			t.Fatal(err)
		}
		tokens[scope] = tok.Token
	}
	// The token revoking itself, and the browser signing itself out, come
	// last: the others need them.
	last := []string{"DELETE /api/token", "POST /api/logout", "POST /api/logout/all", "DELETE /api/account"}
	slices.SortStableFunc(routes, func(a, b account.Route) int {
		return boolInt(slices.Contains(last, a.Pattern)) - boolInt(slices.Contains(last, b.Pattern))
	})
	for _, scope := range account.Scopes {
		for _, r := range routes {
			method, path := routeExample(r.Pattern)
			status, code := tryRoute(t, srv.URL, method, path, http.Header{"Authorization": {"Bearer " + tokens[scope]}})
			refused := status == http.StatusForbidden && code == "missing_scope"
			if want := r.Access.RefusesWithout(scope); refused != want {
				t.Errorf("%s with a %s token: %d %s; refused for the scope: want %v", r.Pattern, scope, status, code, want)
			}
		}
	}
	for _, who := range []struct {
		name string
		h    http.Header
	}{{"a stranger", http.Header{}}, {"a signed-in browser", ann.cookieHeader()}} {
		for _, r := range routes {
			method, path := routeExample(r.Pattern)
			if status, code := tryRoute(t, srv.URL, method, path, who.h); status == http.StatusForbidden && code == "missing_scope" {
				t.Errorf("%s as %s: refused for a scope", r.Pattern, who.name)
			}
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tryRoute sends method path with header h (and an empty JSON body, as
// the page's own requests do) and returns the status and the error code;
// a stream is cut off once its status arrives.
func tryRoute(t *testing.T, base, method, path string, h http.Header) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var body io.Reader
	if method != "GET" {
		body = strings.NewReader("{}")
	}
	r, err := http.NewRequestWithContext(ctx, method, base+path, body)
	if err != nil {
		t.Fatal(err)
	}
	r.Header = h.Clone()
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	var e struct{ Code string }
	if resp.StatusCode >= 400 {
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		_ = json.Unmarshal(data, &e)
	}
	return resp.StatusCode, e.Code
}

// TestRoutesOnlyThroughTheTable: no package of the server registers a
// route on a ServeMux but through account.Routes (which gives each its
// access), except the metrics' listener of its own.
func TestRoutesOnlyThroughTheTable(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") ||
			path == "metrics.go" || path == filepath.Join("account", "routes.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Handle" || sel.Sel.Name == "HandleFunc") && len(call.Args) == 2 {
				t.Errorf("%s: %s registers a route with no access (use account.Routes)", path, sel.Sel.Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
