// Package app serves the web app's own files and pages: its assets, its
// page (index.html) in the reader's language for / and for the routes
// the app draws itself, a 404 page in the reader's language for any
// other address, and the favicon that browsers ask for by habit. The app
// words its pages itself (web/src/main.ts); the server writes the words
// a page must have before it runs (its <html lang>, <title>, description
// and <noscript>, see media.AppPage) in the language of ?lang=, else of
// Accept-Language, with Vary: Accept-Language.
//
//	a := app.New(web.FS(), media.AppPage, fail)
//	mux.HandleFunc("GET /{$}", a.Index)
//	mux.HandleFunc("GET /", a.Files(http.FileServerFS(web.FS())))
package app

import (
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/gambitchess/gambit/internal/lang"
)

// Pages serves the app of one file system.
type Pages struct {
	assets fs.FS
	page   func(page []byte, l lang.Lang, title string) []byte
	fail   func(http.ResponseWriter, error)
}

// New returns the pages of the app in assets (index.html at its root);
// page words index.html in a language (media.AppPage), and fail answers
// an error as the server answers every one.
func New(assets fs.FS, page func(page []byte, l lang.Lang, title string) []byte, fail func(http.ResponseWriter, error)) *Pages {
	return &Pages{assets: assets, page: page, fail: fail}
}

// Route answers a route of the app that is no file with its page,
// index.html, which words it (web/src/main.ts route).
func (p *Pages) Route(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeFileFS(w, r, p.assets, "index.html")
}

// Index answers the app's page in the asker's language (?lang=, then
// Accept-Language): its <html lang>, <title>, description and <noscript>.
func (p *Pages) Index(w http.ResponseWriter, r *http.Request) {
	p.worded(w, r, http.StatusOK)
}

// worded answers the app's page in the asker's language, with status.
func (p *Pages) worded(w http.ResponseWriter, r *http.Request, status int) {
	page, err := fs.ReadFile(p.assets, "index.html")
	if err != nil {
		p.fail(w, fmt.Errorf("server: reading index.html: %w", err))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	lang.Vary(w.Header())
	w.WriteHeader(status)
	w.Write(p.page(page, lang.FromRequest(r), ""))
}

// Files answers the app's files (its script, styles, icons) with files,
// and any other address with the app's page and 404 Not Found: the page
// says in the reader's language that nothing is there, with a link home
// (web/src/main.ts notFound), where Go's file server would answer a bare
// English "404 page not found" (or list a folder).
func (p *Pages) Files(files http.Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if st, err := fs.Stat(p.assets, name); err == nil && !st.IsDir() {
			files.ServeHTTP(w, r)
			return
		}
		p.worded(w, r, http.StatusNotFound)
	}
}

// Favicon answers the /favicon.ico that browsers and feed readers ask for
// by habit with the app's SVG icon (pages link it as /favicon.svg).
func (p *Pages) Favicon(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "image/svg+xml")
	http.ServeFileFS(w, r, p.assets, "favicon.svg")
}
