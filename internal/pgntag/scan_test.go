package pgntag

import (
	"errors"
	"strings"
	"testing"
)

func TestScan(t *testing.T) {
	toks, err := Scan("[Event \"A \\\"b\\\"\"]\n\n1.e4 {[%dice N B P]} e5 ; a rest-of-line comment\n% an escape line\n2... Nf3 -- $1 1-0\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []Token{
		{TagToken, "Event", `A "b"`, 1},
		{NumberToken, "1", ".", 3}, {WordToken, "e4", "", 3}, {CommentToken, "[%dice N B P]", "", 3}, {WordToken, "e5", "", 3},
		{NumberToken, "2", "...", 5}, {WordToken, "Nf3", "", 5}, {WordToken, "--", "", 5}, {WordToken, "$1", "", 5}, {WordToken, "1-0", "", 5},
	}
	if len(toks) != len(want) {
		t.Fatalf("Scan = %+v", toks)
	}
	for i := range want {
		if toks[i] != want[i] {
			t.Errorf("token %d = %+v, want %+v", i, toks[i], want[i])
		}
	}
}

func TestScanErrors(t *testing.T) {
	for _, bad := range []string{"{open", "[Event \"x\"", "[Ev ent \"x\"]", "[Event x]", "1. e4 (e5)", "e4 }"} {
		if _, err := Scan(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("Scan(%q) = %v, want ErrSyntax", bad, err)
		}
	}
}

func FuzzScan(f *testing.F) {
	f.Add("[Event \"x\"]\n1. e4 {c} e5 1-0")
	f.Add("{")
	f.Add("[A \"\\\"]")
	f.Fuzz(func(t *testing.T, text string) {
		toks, err := Scan(text)
		if err == nil {
			for _, tk := range toks {
				if tk.Line < 1 {
					t.Fatalf("token %+v has no line", tk)
				}
			}
		}
	})
}

func TestReadGame(t *testing.T) {
	tags, movetext, err := ReadGame(strings.NewReader("[A \"1\"]\n[B \"2\"]\n1. e4 *"), 100)
	if err != nil || tags["A"] != "1" || tags["B"] != "2" || len(movetext) != 3 {
		t.Fatalf("ReadGame = %v, %+v, %v", tags, movetext, err)
	}
	if _, _, err := ReadGame(strings.NewReader(strings.Repeat("e4 ", 50)), 100); !errors.Is(err, ErrSyntax) {
		t.Errorf("a game over the limit: %v", err)
	}
}
