package pgn

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"testing"
)

// compareMainline reads data twice, game by game: as trees written by Write
// with Mainline set, and with the streaming mainlineWriter. It returns a
// description of the first difference (output, error or game count), or "".
func compareMainline(data []byte, noComments bool) string {
	mw := newMainlineWriter(WriteOptions{Mainline: true, NoComments: noComments})
	return compareStreaming(data, mw.opt, mw.catMainline, func() int { return mw.plies })
}

// compareStreaming reads data twice, game by game: as trees written by
// Write with opt, and with a streaming writer's cat (plies: the main
// line's plies it streamed of the last game). It returns a description of
// the first difference (output, error or plies), or "".
func compareStreaming(data []byte, opt WriteOptions, cat func(*Reader, *bufio.Writer) error, plies func() int) string {
	tr, vr := NewReader(bytes.NewReader(data)), NewReader(bytes.NewReader(data))
	var want, got bytes.Buffer
	bw := bufio.NewWriter(&got)
	for i := 1; ; i++ {
		want.Reset()
		got.Reset()
		g, terr := tr.Next()
		if terr == nil {
			terr = Write(&want, g, opt)
		}
		verr := cat(vr, bw)
		bw.Flush()
		if fmt.Sprint(terr) != fmt.Sprint(verr) {
			return fmt.Sprintf("game %d: tree error %v, streaming error %v", i, terr, verr)
		}
		if terr == nil && want.String() != got.String() {
			return fmt.Sprintf("game %d: tree writes\n%s\nstreaming writes\n%s", i, want.String(), got.String())
		}
		if terr == nil && plies() != len(g.MainlineMoves()) {
			return fmt.Sprintf("game %d: %d plies streamed, %d in the tree", i, plies(), len(g.MainlineMoves()))
		}
		if terr == io.EOF {
			return ""
		}
		if _, ok := terr.(*Error); terr != nil && !ok {
			return ""
		}
	}
}

// TestMainlineWriterAgrees: Cat --mainline, which streams, writes the bytes
// the tree path writes, on every shared PGN file (real games, studies,
// edge cases), with and without comments.
func TestMainlineWriterAgrees(t *testing.T) {
	for _, path := range dataFiles(t, "") {
		data := readData(t, path)
		for _, noComments := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/nocomments=%v", path, noComments), func(t *testing.T) {
				if d := compareMainline(data, noComments); d != "" {
					t.Fatal(d)
				}
			})
		}
	}
}

// TestMainlineWriterCases: the ways a comment or NAG can reach a mainline
// move around its variations, each compared with the tree path.
func TestMainlineWriterCases(t *testing.T) {
	cases := []string{
		"{root} {root 2} 1. e4 {a} $1 (1. d4 {v} d5) {b} $2 e5 {[%clk 0:01:00]} (1... c5 {[%eval 0.3]}) {[%eval 0.2]} 2. Nf3 *",
		"1. e4 {[%clk} {0:01:00]} e5 1-0",
		"1. e4! (1. d4?! (1. c4) {x}) !? e5 ; rest\n2. Nf3 $13 {} *",
		"{only a comment} *",
		"[Result \"0-1\"]\n1. e4 e5",
		"[FEN \"8/P7/8/8/8/8/8/k6K w - - 0 1\"]\n1. a8=Q+ {promoted} Kb2 *",
		"1. e4 (1. d4 {no move to branch} (1... d5)) *",
		"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. e4 Ke7 Kf9 *\n1. d4 *",
		"1. e4 {" + string(bytes.Repeat([]byte("long comment "), 20)) + "} e5 *",
	}
	for _, c := range cases {
		for _, noComments := range []bool{false, true} {
			if d := compareMainline([]byte(c), noComments); d != "" {
				t.Errorf("%q (no comments %v): %s", c, noComments, d)
			}
		}
	}
}

// TestCatMainlineParallel: Cat --mainline writes the same with three
// workers, cutting at every game, as with one, errors included.
func TestCatMainlineParallel(t *testing.T) {
	defer func(b int) { batchBytes = b }(batchBytes)
	batchBytes = 1
	data := bytes.Join([][]byte{readData(t, dataFiles(t, "games")[0]), []byte("\n1. e4 Ke7 Kf9 *\n{c} 1. d4 (1. e4 {v}) d5 *\n")}, nil)
	var one, many bytes.Buffer
	s1, err1 := Cat("f", bytes.NewReader(data), &one, Options{Workers: 1, Mainline: true})
	sn, errn := Cat("f", bytes.NewReader(data), &many, Options{Workers: 3, Mainline: true})
	if err1 != nil || errn != nil || one.String() != many.String() {
		t.Fatalf("1 worker: %v, 3 workers: %v, outputs equal %v", err1, errn, one.String() == many.String())
	}
	if s1.Games != sn.Games || s1.Plies != sn.Plies || fmt.Sprint(s1.Errors) != fmt.Sprint(sn.Errors) || len(s1.Errors) != 1 {
		t.Fatalf("summaries differ or miss the bad game: %+v / %+v", s1, sn)
	}
}

// FuzzMainlineWriter: on any input, the streaming Cat --mainline and the
// tree path write the same bytes and report the same errors.
func FuzzMainlineWriter(f *testing.F) {
	addEdgeSeeds(f)
	for _, s := range []string{"{r} 1. e4 {a} (1. d4 {v}) {b} $1 e5 {[%clk 0:01:00]} *", "1. e4 {[%clk} {0:01:00]} e5 1-0",
		"1. e4 (1. d4 {x} d5)) e5 *", "[Result \"1-0\"]\n1. e4 $300 !!! ?!? e5"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, noComments := range []bool{false, true} {
			if d := compareMainline(data, noComments); d != "" {
				t.Fatalf("no comments %v: %s", noComments, d)
			}
		}
	})
}
