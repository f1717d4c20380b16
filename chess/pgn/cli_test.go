package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

const cliInput = `[Event "one"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "two"]
[Result "1-0"]

1. e4 e5 2. Ke3 1-0

[Event "three"]
[Result "1/2-1/2"]
[Termination "Time forfeit"]

1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 1/2-1/2
`

func TestCheck(t *testing.T) {
	var out bytes.Buffer
	s, err := Check("in.pgn", strings.NewReader(cliInput), &out, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `in.pgn:9:13: game 2: "Ke3": chess: illegal move in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
in.pgn: 3 games, 7 plies, 1 errors
`
	if got := out.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if s.Games != 3 || s.Plies != 7 || len(s.Errors) != 1 {
		t.Errorf("summary %+v", s)
	}
}

func TestCat(t *testing.T) {
	tests := []struct {
		opt  Options
		want string
	}{
		{Options{}, "1. e4 {best by test} 1... e5 (1... c5 2. Nf3) 2. Nf3 1/2-1/2"},
		{Options{Mainline: true}, "1. e4 {best by test} 1... e5 2. Nf3 1/2-1/2"},
		{Options{NoComments: true}, "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 1/2-1/2"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		s, err := Cat("in.pgn", strings.NewReader(cliInput), &out, tt.opt)
		if err != nil || len(s.Errors) != 1 || s.Games != 3 {
			t.Fatalf("%+v %v", s, err)
		}
		if got := out.String(); !strings.Contains(got, "\n"+tt.want+"\n") || !strings.Contains(got, "1. f3 e5 2. g4 Qh4# 0-1") {
			t.Errorf("%+v: got\n%s\nwant %s", tt.opt, got, tt.want)
		}
		var errs bytes.Buffer
		s.WriteErrors("in.pgn", &errs)
		if !strings.HasPrefix(errs.String(), "in.pgn:9:13: game 2: ") {
			t.Errorf("errors: %s", errs.String())
		}
	}
}

func TestStats(t *testing.T) {
	var out bytes.Buffer
	var progress int64
	s, err := Stats("in.pgn", strings.NewReader(cliInput), &out, Options{Progress: func(n int64, _ int) { progress = n }})
	if err != nil {
		t.Fatal(err)
	}
	if s.Games != 3 || len(s.Errors) != 1 || s.Results["0-1"] != 1 || s.Results["1/2-1/2"] != 1 {
		t.Errorf("summary %+v", s)
	}
	if s.Endings["checkmate"] != 1 || s.Endings["time forfeit"] != 1 {
		t.Errorf("endings %v", s.Endings)
	}
	if s.FirstMoves["f3"] != 1 || s.FirstMoves["e4"] != 1 {
		t.Errorf("first moves %v", s.FirstMoves)
	}
	if progress != int64(len(cliInput)) {
		t.Errorf("progress %d, want %d", progress, len(cliInput))
	}
	for _, want := range []string{"games   3 (1 with errors)", "checkmate", "time forfeit", "e4"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestStatsRealGames counts how the real games ended.
func TestStatsRealGames(t *testing.T) {
	f, err := os.Open(filepath.Join(dataDir(t), "pgn", "games", "twic0920.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out bytes.Buffer
	s, err := Stats("twic0920.pgn", f, &out, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Games != 2245 || s.Plies != 182591 || s.Endings["checkmate"] == 0 || s.FirstMoves["e4"] == 0 {
		t.Errorf("summary: %d games %d plies, endings %v", s.Games, s.Plies, s.Endings)
	}
}

// treeCheck is what Check reports, computed from the game trees of Next:
// the reference for Check, which visits the games instead.
func treeCheck(t *testing.T, name string, data []byte) string {
	t.Helper()
	var out strings.Builder
	r := NewReader(bytes.NewReader(data))
	plies, errs := 0, 0
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var pe *Error
		switch {
		case errors.As(err, &pe):
			errs++
			fmt.Fprintf(&out, "%s:%v\n", name, pe)
		case err != nil:
			t.Fatal(err)
		default:
			plies += len(g.MainlineMoves())
		}
	}
	fmt.Fprintf(&out, "%s: %d games, %d plies, %d errors\n", name, r.Games(), plies, errs)
	return out.String()
}

// TestCheckAgreesWithTree: on every data file, Check prints what the
// tree reader finds (the same errors, and plies counted on mainlines only).
func TestCheckAgreesWithTree(t *testing.T) {
	for _, path := range append(dataFiles(t, "games"), dataFiles(t, "edge")...) {
		data := readData(t, path)
		name := filepath.Base(path)
		var out bytes.Buffer
		if _, err := Check(name, bytes.NewReader(data), &out, Options{}); err != nil {
			t.Fatal(err)
		}
		if got, want := out.String(), treeCheck(t, name, data); got != want {
			t.Errorf("%s: Check printed:\n%s\nthe tree reader finds:\n%s", name, got, want)
		}
	}
}

// TestCheckParallel: with several workers, in batches of the usual size
// and of one game each, Check prints exactly what it prints with one.
func TestCheckParallel(t *testing.T) {
	for _, size := range []int{batchBytes, 1} {
		t.Run(strconv.Itoa(size), func(t *testing.T) { testCheckParallel(t, size) })
	}
}

func testCheckParallel(t *testing.T, size int) {
	defer func(b int) { batchBytes = b }(batchBytes)
	batchBytes = size
	inputs := map[string][]byte{
		"cli": []byte(cliInput),
		// Games that start in the middle of a line, after comments over
		// several lines, after dots, and a comment never closed.
		"inline":     []byte("1. e4 e5 1-0 1. d4 Ke7 0-1 {c} 1. e4 *\n1. Nf3 Nf6 2. Ke3 * 1. Kf3 *"),
		"inline-tag": []byte("[Event \"a\"] 1. e4 * [Event \"b\"] 1. Kd3 *  [Event \"c\"]\n1. e4 (1. Ke2) *"),
		"comments":   []byte("1. e4 * {multi\nline} 1. Ke2 *\n; rest\n1. e4 { x } e5 (1... Ke7 {y\n}) 1-0\n% escape\n. . 1. Qh5 * ..1. e5 *"),
		"open":       []byte("1. e4 {open\n[Event \"x\"]\n1. d4 Kd7 *\n\xef\xbb\xbf1. e4 caf\xe9 *"),
	}
	for _, path := range append(dataFiles(t, "games"), dataFiles(t, "edge")...) {
		inputs[filepath.Base(path)] = readData(t, path)
	}
	for name, data := range inputs {
		var one, many bytes.Buffer
		s1, err1 := Check(name, bytes.NewReader(data), &one, Options{Workers: 1})
		sn, errn := Check(name, bytes.NewReader(data), &many, Options{Workers: 3})
		if err1 != nil || errn != nil {
			t.Fatalf("%s: %v, %v", name, err1, errn)
		}
		if one.String() != many.String() {
			t.Errorf("%s: 3 workers printed:\n%s\n1 worker:\n%s", name, many.String(), one.String())
		}
		if s1.Games != sn.Games || s1.Plies != sn.Plies || len(s1.Errors) != len(sn.Errors) {
			t.Errorf("%s: summary %+v with 3 workers, %+v with 1", name, sn, s1)
		}
	}
}

// TestCatStatsParallel: Cat and Stats, too, write the same with several
// workers as with one, and find the same errors.
func TestCatStatsParallel(t *testing.T) {
	defer func(b int) { batchBytes = b }(batchBytes)
	batchBytes = 1 << 10
	for _, path := range append(dataFiles(t, "games"), dataFiles(t, "edge")...) {
		data, name := readData(t, path), filepath.Base(path)
		for _, f := range []struct {
			cmd string
			run func(string, io.Reader, io.Writer, Options) (Summary, error)
		}{{"Cat", Cat}, {"Stats", Stats}} {
			var one, many bytes.Buffer
			s1, err1 := f.run(name, bytes.NewReader(data), &one, Options{Workers: 1})
			sn, errn := f.run(name, bytes.NewReader(data), &many, Options{Workers: 2})
			if err1 != nil || errn != nil {
				t.Fatalf("%s %s: %v, %v", f.cmd, name, err1, errn)
			}
			if one.String() != many.String() {
				t.Errorf("%s %s: output differs with 2 workers", f.cmd, name)
			}
			var e1, en strings.Builder
			s1.WriteErrors(name, &e1)
			sn.WriteErrors(name, &en)
			if s1.Games != sn.Games || s1.Plies != sn.Plies || e1.String() != en.String() {
				t.Errorf("%s %s: summary %+v with 2 workers, %+v with 1", f.cmd, name, sn, s1)
			}
		}
	}
}

// slowReader hands out its data a little at a time, pausing before each
// read, as a pipe or a slow disk would.
type slowReader struct{ r io.Reader }

func (s slowReader) Read(p []byte) (int, error) {
	time.Sleep(200 * time.Microsecond)
	return s.r.Read(p[:min(len(p), 256)])
}

// failWriter fails every write, as a closed pipe does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// TestParallelStopsBeforeReturning: when the output fails, Cat returns
// the error only once its reading has stopped, so that nothing the caller
// gave it (the progress callback, a progress bar behind it, the file it
// closes next) is used after it returned.
func TestParallelStopsBeforeReturning(t *testing.T) {
	defer func(b int) { batchBytes = b }(batchBytes)
	batchBytes = 1 << 10
	data := readData(t, dataFiles(t, "games")[0])
	var returned, late atomic.Int64
	opt := Options{Workers: 2, Progress: func(int64, int) {
		if returned.Load() != 0 {
			late.Add(1)
		}
	}}
	if _, err := Cat("games", slowReader{bytes.NewReader(data)}, failWriter{}, opt); err == nil {
		t.Fatal("Cat wrote to a failing writer without an error")
	}
	returned.Store(1)
	time.Sleep(50 * time.Millisecond)
	if n := late.Load(); n > 0 {
		t.Errorf("the progress callback was called %d times after Cat returned", n)
	}
}
