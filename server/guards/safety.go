package guards

import (
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// ContentSecurityPolicy allows the page only its own scripts (no inline
// script at all), its own images (and data: images, the pieces' SVGs), its
// own connections (its WebSocket) and no framing: a page holding seat
// secrets runs no script it did not ship. Inline styles are allowed, as
// lichess allows them: the boards position pieces with style attributes,
// and a style cannot run code. The analysis board's engine is WebAssembly
// run in a worker, both served by Gambit itself: 'wasm-unsafe-eval' lets
// the page compile WebAssembly (and nothing else: no eval of script text),
// and worker-src 'self' names the only workers it may start.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// SecurityHeaders go on every response, the connection cap's raw 503
// included (connlimit.go).
var SecurityHeaders = [...][2]string{
	{"Content-Security-Policy", ContentSecurityPolicy},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "no-referrer"},
	{"X-Frame-Options", "DENY"},
}

// Secure sets the security headers on every response and refuses a state-
// changing request from another site: a POST must come from this origin
// (when the browser says where it comes from) and carry JSON, which no
// cross-site form or simple request can send without the browser asking
// first. A request refused is answered by refuse, with an error wrapping
// ErrCrossSite.
//
// reads are the paths whose POST changes nothing (lichess's POST
// /api/games/export/_ids, a list of ids too long for a URL, which programs
// send as plain text without a token): they are let through from
// anywhere, as a GET is. A page of another site can make a browser send
// one, but not read the answer (no CORS), and nothing changes.
func Secure(next http.Handler, refuse func(http.ResponseWriter, error), reads ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, kv := range SecurityHeaders {
			h.Set(kv[0], kv[1])
		}
		read := r.Method == http.MethodPost && slices.Contains(reads, r.URL.Path)
		if r.Method != http.MethodGet && r.Method != http.MethodHead && !read && !bearer(r) {
			if err := sameSiteJSON(r); err != nil {
				refuse(w, err)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// bearer reports whether r authenticates with a token (Authorization:
// Bearer), as programs do: such a request is judged by its token alone,
// none of its cookies count (package server/account), and no page of
// another site can make a browser send that header without a CORS
// preflight this server never grants; so it may have any origin and any
// body type (lichess's form bodies included).
func bearer(r *http.Request) bool {
	scheme, _, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	return strings.EqualFold(scheme, "Bearer")
}

// ErrCrossSite refuses a request made from another site.
var ErrCrossSite = errors.New("server: cross-site request refused")

// sameSiteJSON checks a state-changing request's Origin, Sec-Fetch-Site
// and Content-Type. A request with neither Origin nor Sec-Fetch-Site is let
// through (on to the Content-Type check): every browser sends one of them
// on a POST, so such a request comes from a program (curl, gambit's own
// tools), which no other site can make a visitor's browser send.
func sameSiteJSON(r *http.Request) error {
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "", "same-origin", "none": // none: typed by the user, not sent by a page
	default: // cross-site, same-site (a sibling subdomain), or a value no browser sends
		return fmt.Errorf("%w: Sec-Fetch-Site %.40q", ErrCrossSite, site)
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || u.Host != r.Host {
			return fmt.Errorf("%w: origin %.100q is not this site", ErrCrossSite, o)
		}
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return fmt.Errorf("%w: send Content-Type: application/json", ErrCrossSite)
	}
	return nil
}
