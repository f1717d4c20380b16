package pgn

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// FuzzReader feeds arbitrary bytes to the reader. It must never panic, every
// error must be an *Error with a position, and each good game must survive
// a write and a read unchanged.
func FuzzReader(f *testing.F) {
	addEdgeSeeds(f)
	for _, s := range []string{"1. e4 (1. d4 {x} d5)) e5 *", "{", "(", "[A \"\\", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
		"%\n[FEN \"8/P7/8/8/8/8/8/k6K w - - 0 1\"]\n1. a8=N a8b1 *", "1. e4 $300 !!! ?!? e5 *"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data))
		for i := 0; ; i++ {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				e, ok := err.(*Error)
				if !ok || e.Line < 1 || e.Col < 1 || e.Game < 1 {
					t.Fatalf("game %d: error %#v", i+1, err)
				}
				continue
			}
			var buf bytes.Buffer
			if err := Write(&buf, g, WriteOptions{}); err != nil {
				t.Fatal(err)
			}
			back, err := NewReader(&buf).Next()
			if err != nil {
				t.Fatalf("game %d written as\n%s\nreads back with %v", i+1, buf.String(), err)
			}
			if d := sameGame(g, back); d != "" {
				t.Fatalf("game %d written as\n%s\nreads back different: %s", i+1, buf.String(), d)
			}
		}
		// The fast paths must agree on the number of games.
		r1, r2 := NewReader(bytes.NewReader(data)), NewReader(bytes.NewReader(data))
		var ml Mainline
		for {
			e1 := r1.NextMainline(&ml)
			_, e2 := r2.NextTags()
			if (e1 == io.EOF) != (e2 == io.EOF) {
				t.Fatalf("NextMainline %v, NextTags %v", e1, e2)
			}
			if e1 == io.EOF {
				break
			}
		}
		if r1.Games() != r.Games() {
			t.Fatalf("NextMainline read %d games, Next %d", r1.Games(), r.Games())
		}
	})
}

// FuzzCheckParallel: Check prints the same with three workers, cutting the
// input at every game, as with one; the splitter's skim and the workers'
// full reading must end every game at the same place.
func FuzzCheckParallel(f *testing.F) {
	addEdgeSeeds(f)
	for _, s := range []string{"1. e4 e5 1-0 1. d4 Ke7 0-1 {c} 1. e4 *\n1. Nf3 Nf6 2. Ke3 * 1. Kf3 *",
		"[Event \"a\"] 1. e4 * [Event \"b\"] 1. Kd3 *", "1. e4 {open\n[Event \"x\"]\n1. d4 *", "0!1/2\"", "1. e4 e.p.1-0 *"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer func(b int) { batchBytes = b }(batchBytes)
		batchBytes = 1
		var one, many bytes.Buffer
		_, err1 := Check("f", bytes.NewReader(data), &one, Options{Workers: 1})
		_, errn := Check("f", bytes.NewReader(data), &many, Options{Workers: 3})
		if err1 != nil || errn != nil || one.String() != many.String() {
			t.Fatalf("1 worker (%v):\n%s\n3 workers (%v):\n%s", err1, one.String(), errn, many.String())
		}
	})
}

// addEdgeSeeds seeds f with the first 2 KiB of each of the shared edge
// cases' files.
func addEdgeSeeds(f *testing.F) {
	f.Helper()
	for _, path := range dataFiles(f, "edge") {
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		if len(b) > 2<<10 {
			b = b[:2<<10]
		}
		f.Add(b)
	}
}
