// Package uci is the Universal Chess Interface adapter of the Gambit
// engine: it reads commands from an io.Reader, writes replies to an
// io.Writer and drives an *engine.Engine. It holds no search code.
//
// Usage:
//
//	e := engine.New(engine.DefaultOptions())
//	err := uci.Run(ctx, os.Stdin, os.Stdout, e)
//
// RunEPD runs an EPD test suite (bm/am) against the engine.
package uci
