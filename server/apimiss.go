package server

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// The API's answer to a request no route of it takes: its JSON error
// body, as every refusal of the API has, where ServeMux would answer a
// wrong method with its own "405 method not allowed" in text/plain, and
// the app's page catch-all (GET /) would take any GET. A program reading
// the body as JSON (lichess's clients read response.json()["error"])
// gets one.

// apiCatchAll are the patterns that take a path under /api/ without
// being its endpoint: the API's own catch-all and the app's pages'.
var apiCatchAll = map[string]bool{"GET /api/": true, "GET /": true}

// apiMethods are the methods asked about a path, in the order an Allow
// header lists them.
var apiMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// apiMisses serves mux, answering the requests under /api/ that none of
// its endpoints takes with apiMiss.
func (s *Server) apiMisses(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			if _, pattern := mux.Handler(r); pattern == "" || apiCatchAll[pattern] {
				s.apiMiss(w, r, mux)
				return
			}
		}
		mux.ServeHTTP(w, r)
	})
}

// apiMiss answers r, which no endpoint of mux takes: 405
// method_not_allowed, with Allow, when an endpoint has its path under
// other methods; else 404 not_found.
func (s *Server) apiMiss(w http.ResponseWriter, r *http.Request, mux *http.ServeMux) {
	var allow []string
	for _, m := range apiMethods {
		other := r.Clone(r.Context())
		other.Method = m
		if _, pattern := mux.Handler(other); pattern != "" && !apiCatchAll[pattern] {
			allow = append(allow, m)
		}
	}
	if len(allow) == 0 {
		s.httpError(w, fmt.Errorf("%w: no such endpoint %.10s %.100s", store.ErrNotFound, r.Method, r.URL.Path))
		return
	}
	w.Header().Set("Allow", strings.Join(allow, ", "))
	s.httpError(w, fmt.Errorf("%w: %.10s %.100s: this endpoint takes %s", wire.ErrMethodNotAllowed, r.Method, r.URL.Path, strings.Join(allow, ", ")))
}
