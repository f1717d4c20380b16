// Package web holds Gambit's browser UI: TypeScript sources in src/, bundled
// by esbuild (make web) into public/assets/, and embedded here so that the
// gambit binary alone serves everything.
package web

import (
	"embed"
	"io/fs"
)

// public is the built UI. index.html is committed; assets/ is built by
// `make web` (git-ignored). Without it the page says how to build it.
//
//go:embed public
var public embed.FS

// FS returns the UI files with index.html at the root.
func FS() fs.FS {
	sub, err := fs.Sub(public, "public")
	if err != nil {
		panic(err) // "public" is a valid path embedded above
	}
	return sub
}
