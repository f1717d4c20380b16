//go:build !unix

package server

// raiseFileLimit reports no limit it knows of: outside Unix the total
// connection cap falls back to its fixed default (see defaultMaxConns).
func raiseFileLimit() (uint64, error) { return 0, nil }
