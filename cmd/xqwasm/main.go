//go:build js && wasm

// Command xqwasm is the analysis board's xiangqi engine: Gambit's own
// (engine/xq) speaking UCI as `gambit uci` does, compiled to WebAssembly
// (GOOS=js GOARCH=wasm, by web/build.mjs) and run in a Web Worker
// (web/src/analysis/xqworker.ts). The worker hands it each command line by
// calling gambitUCI(line); it answers each line by calling gambitOut(line).
//
// A Go program in a worker reads the worker's messages only while all its
// goroutines wait: during a search a "stop" waits for the search to end,
// so the page bounds each search in time and replaces a worker that does
// not stop at once (analysis/engine.ts).
package main

import (
	"context"
	"io"
	"strings"
	"syscall/js"

	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/uci"
)

// jsLines writes what it is given to gambitOut, one call per line.
type jsLines struct{ out js.Value }

func (w jsLines) Write(p []byte) (int, error) {
	for _, line := range strings.Split(strings.TrimRight(string(p), "\n"), "\n") {
		w.out.Invoke(line)
	}
	return len(p), nil
}

func main() {
	commands := make(chan string, 1024)
	js.Global().Set("gambitUCI", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 1 {
			select {
			case commands <- args[0].String():
			default: // a page sending over a thousand commands unread loses some
			}
		}
		return nil
	}))
	r, w := io.Pipe()
	go func() {
		for c := range commands {
			if _, err := io.WriteString(w, c+"\n"); err != nil {
				return
			}
		}
	}()
	out := jsLines{out: js.Global().Get("gambitOut")}
	if err := uci.Run(context.Background(), r, out, engine.New(engine.DefaultOptions())); err != nil {
		out.Write([]byte("info string " + err.Error()))
	}
}
