package pgntag

import (
	"bufio"
	"strings"
	"testing"
)

func TestWriteTagEscapes(t *testing.T) {
	var sb strings.Builder
	w := bufio.NewWriter(&sb)
	WriteTag(w, "White", "Say \"hi\"\\ then\nbye")
	w.Flush()
	if want := "[White \"Say \\\"hi\\\"\\\\ then bye\"]\n"; sb.String() != want {
		t.Fatalf("WriteTag = %q, want %q", sb.String(), want)
	}
}

func TestMovetextWraps(t *testing.T) {
	var sb strings.Builder
	w := bufio.NewWriter(&sb)
	m := Movetext{W: w, Width: 10}
	for _, tok := range []string{"1.", "e4", "e5", "2.", "Nf3", "%x", "1-0"} {
		m.Token(tok)
	}
	m.End()
	w.Flush()
	want := "1. e4 e5\n2. Nf3 %x\n1-0\n"
	if sb.String() != want {
		t.Fatalf("movetext = %q, want %q", sb.String(), want)
	}
	for _, line := range strings.Split(strings.TrimSpace(sb.String()), "\n") {
		if len(line) > 10 || strings.HasPrefix(line, "%") {
			t.Errorf("line %q", line)
		}
	}
}

func TestMovetextNoEscapeLine(t *testing.T) {
	var sb strings.Builder
	w := bufio.NewWriter(&sb)
	m := Movetext{W: w, Width: 10}
	m.Token("1.")
	m.Token("e4")
	m.Token("%abcdefg") // wraps, and would start its line with '%'
	m.End()
	w.Flush()
	if want := "1. e4\n %abcdefg\n"; sb.String() != want {
		t.Fatalf("movetext = %q, want %q", sb.String(), want)
	}
}

func TestWriteTagsLeavesOwnAndReturnsResult(t *testing.T) {
	var sb strings.Builder
	w := bufio.NewWriter(&sb)
	result, ok := WriteTags(w, [][2]string{{"Event", "e"}, {"variant", "x"}, {"Result", "1-0"}, {"bad name", "y"}}, []string{"Variant"})
	w.Flush()
	if want := "[Event \"e\"]\n[Result \"1-0\"]\n"; sb.String() != want || result != "1-0" || !ok {
		t.Fatalf("WriteTags wrote %q, result %q %v", sb.String(), result, ok)
	}
	if _, ok := WriteTags(w, nil, nil); ok {
		t.Error("a result with no tags")
	}
}

// TestWriteTagAsEscape: WriteTag writes what Escape returns, between the
// quotes, for plain, escaped and non-ASCII values.
func TestWriteTagAsEscape(t *testing.T) {
	for _, v := range []string{"", "Réti, Richard", "\\", "\"\"", "a\nb\\\"c", "\xff"} {
		var sb strings.Builder
		w := bufio.NewWriter(&sb)
		WriteTag(w, "Event", v)
		w.Flush()
		if want := "[Event \"" + Escape(v) + "\"]\n"; sb.String() != want {
			t.Errorf("WriteTag(%q) = %q, want %q", v, sb.String(), want)
		}
	}
}
