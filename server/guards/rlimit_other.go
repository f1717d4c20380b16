//go:build !unix

package guards

// RaiseFileLimit reports no limit it knows of: outside Unix the total
// connection cap falls back to its fixed default (see defaultMaxConns).
func RaiseFileLimit() (uint64, error) { return 0, nil }
