package pgn

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// compareFull reads data twice, game by game: as trees written by Write, and
// with the streaming fullWriter (compareStreaming).
func compareFull(data []byte, noComments bool) string {
	fw := newFullWriter(WriteOptions{NoComments: noComments})
	return compareStreaming(data, WriteOptions{NoComments: noComments}, fw.catFull, func() int { return fw.plies })
}

// TestFullWriterAgrees: Cat, which streams, writes the bytes the tree path
// writes, on every shared PGN file (real games, studies, edge cases), with
// and without comments.
func TestFullWriterAgrees(t *testing.T) {
	for _, path := range dataFiles(t, "") {
		data := readData(t, path)
		for _, noComments := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/nocomments=%v", path, noComments), func(t *testing.T) {
				if d := compareFull(data, noComments); d != "" {
					t.Fatal(d)
				}
			})
		}
	}
}

// fullCases are the ways comments, NAGs and variations can meet, where the
// order written differs from the order read.
var fullCases = []string{
	"{root} {root 2} 1. e4 {a} $1 (1. d4 {v} d5) {b} $2 e5 {[%clk 0:01:00]} (1... c5 {[%eval 0.3]}) {[%eval 0.2]} 2. Nf3 *",
	"1. e4 e5 (1... c5 (1... e6) 2. Nf3) 2. Nf3 *",
	"1. e4 e5 (1... c5 (1... e6 {x} (1... d5 2. exd5)) 2. Nf3 (2. c3 (2. d4)) {y}) (1... c6) 2. Nf3 *",
	"1. e4 ({s1} {s2} 1. d4 {v}) ({t} 1. c4 (1. Nf3)) e5 *",
	"1. e4 {[%clk} {0:01:00]} e5 1-0",
	"1. e4! (1. d4?! (1. c4) {x}) !? e5 ; rest\n2. Nf3 $13 {} *",
	"{only a comment} *",
	"[Result \"0-1\"]\n1. e4 e5",
	"[FEN \"8/P7/8/8/8/8/8/k6K w - - 0 1\"]\n1. a8=Q+ {promoted} (1. Kg2 {k}) Kb2 *",
	"1. e4 (1. d4 {no move to branch} (1... d5)) *",
	"1. e4 ( {empty} ) e5 () 2. Nf3 *",
	"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. e4 Ke7 Kf9 *\n1. d4 *",
	"1. e4 {" + string(bytes.Repeat([]byte("long comment "), 20)) + "} (1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 Nbd7 7. Rc1 c6 8. Bd3 dxc4) e5 *",
	"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O (4. d3 {} Bc5) Nxe4 (4... Be7) 5. d4) 4. Ba4 *",
}

// TestFullWriterCases compares each of fullCases with the tree path.
func TestFullWriterCases(t *testing.T) {
	for _, c := range fullCases {
		for _, noComments := range []bool{false, true} {
			if d := compareFull([]byte(c), noComments); d != "" {
				t.Errorf("%q (no comments %v): %s", c, noComments, d)
			}
		}
	}
}

// TestCatParallel: Cat writes the same with three workers, cutting at every
// game, as with one, errors included, with and without comments.
func TestCatParallel(t *testing.T) {
	defer func(b int) { batchBytes = b }(batchBytes)
	batchBytes = 1
	data := bytes.Join([][]byte{readData(t, dataFiles(t, "games")[0]), []byte("\n1. e4 Ke7 Kf9 *\n{c} 1. d4 (1. e4 {v} (1. c4)) d5 *\n")}, nil)
	for _, noComments := range []bool{false, true} {
		var one, many bytes.Buffer
		s1, err1 := Cat("f", bytes.NewReader(data), &one, Options{Workers: 1, NoComments: noComments})
		sn, errn := Cat("f", bytes.NewReader(data), &many, Options{Workers: 3, NoComments: noComments})
		if err1 != nil || errn != nil || one.String() != many.String() {
			t.Fatalf("1 worker: %v, 3 workers: %v, outputs equal %v", err1, errn, one.String() == many.String())
		}
		if s1.Games != sn.Games || s1.Plies != sn.Plies || fmt.Sprint(s1.Errors) != fmt.Sprint(sn.Errors) || len(s1.Errors) != 1 {
			t.Fatalf("summaries differ or miss the bad game: %+v / %+v", s1, sn)
		}
	}
}

// FuzzFullWriter: on any input, the streaming Cat and the tree path write
// the same bytes and report the same errors.
func FuzzFullWriter(f *testing.F) {
	addEdgeSeeds(f)
	for _, s := range fullCases {
		f.Add([]byte(s))
	}
	f.Add([]byte("1. e4 (1. d4 {x} d5)) e5 *"))
	f.Add([]byte("[Result \"1-0\"]\n1. e4 $300 !!! ?!? e5"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, noComments := range []bool{false, true} {
			if d := compareFull(data, noComments); d != "" {
				t.Fatalf("no comments %v: %s", noComments, d)
			}
		}
	})
}

// commentFields splits a comment's text as the writer once did, with
// strings.FieldsFunc: the reference for nextWord.
func commentFields(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return r < utf8.RuneSelf && isSpace(byte(r)) || r == '\n' })
}

// checkWords compares nextWord and countWords with commentFields.
func checkWords(t *testing.T, text string) {
	var got []string
	for j := 0; j < len(text); {
		var wd string
		if wd, j = nextWord(text, j); wd != "" {
			got = append(got, wd)
		}
	}
	want := commentFields(text)
	if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) || countWords(text) != len(want) {
		t.Fatalf("%q: words %q (%d counted), want %q", text, got, countWords(text), want)
	}
}

// TestCommentWords: the comment writer splits words as FieldsFunc did.
func TestCommentWords(t *testing.T) {
	for _, s := range []string{"", " ", "a", " a  b\tc\n", "é\u00a0x", "\xff \xfe", "[%clk 0:01:00] x", "\r\va\fb"} {
		checkWords(t, s)
	}
}

// FuzzCommentWords: nextWord agrees with FieldsFunc on any text.
func FuzzCommentWords(f *testing.F) {
	f.Add(" a  b\tc\n\xff")
	f.Fuzz(checkWords)
}
