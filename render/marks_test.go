package render

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseMarks(t *testing.T) {
	c := func(s string) Coord { return Coord{s[0] - 'a', s[1] - '0'} }
	tests := []struct {
		in   string
		want Marks
	}{
		{"", Marks{}},
		{"a plain comment", Marks{}},
		{"[%csl Ga4,Rb5] [%cal Ge2e4,Rb1c3]", Marks{
			Squares: []SquareMark{{Green, c("a4")}, {Red, c("b5")}},
			Arrows:  []Arrow{{Green, c("e2"), c("e4")}, {Red, c("b1"), c("c3")}},
		}},
		{"Good move [%clk 0:01:00] [%cal Ye1e8, Bh2e2] [%csl Yi9]", Marks{
			Squares: []SquareMark{{Yellow, c("i9")}},
			Arrows:  []Arrow{{Yellow, c("e1"), c("e8")}, {Blue, c("h2"), c("e2")}},
		}},
		{"[%csl Ga4][%csl Rb5]", Marks{Squares: []SquareMark{{Green, c("a4")}, {Red, c("b5")}}}},
		{"[%cal]", Marks{}},
	}
	for _, tc := range tests {
		got, err := ParseMarks(tc.in)
		if err != nil {
			t.Errorf("ParseMarks(%q): %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseMarks(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

func TestParseMarksErrors(t *testing.T) {
	tests := []struct {
		in      string
		wantErr string
	}{
		{"[%csl Xa4]", `[%csl]: render: bad mark: colour 'X' (want G, R, Y or B)`},
		{"[%csl Ga]", `[%csl]: render: bad mark "Ga": want a colour letter and a square, like Ga4`},
		{"[%csl Gj4]", `[%csl]: render: bad mark: square "j4" (want a file a–i and a rank digit)`},
		{"[%cal Ge2]", `[%cal]: render: bad mark "Ge2": want a colour letter and two squares, like Ge2e4`},
		{"[%cal Ge2eX]", `[%cal]: render: bad mark: square "eX" (want a file a–i and a rank digit)`},
		{"[%csl Ga4", `render: bad mark: unterminated [%csl Ga4`},
	}
	for _, tc := range tests {
		_, err := ParseMarks(tc.in)
		if err == nil || err.Error() != tc.wantErr {
			t.Errorf("ParseMarks(%q): error %v, want %s", tc.in, err, tc.wantErr)
		}
		if !errors.Is(err, ErrMark) {
			t.Errorf("ParseMarks(%q): error does not wrap ErrMark", tc.in)
		}
	}
}

func TestMarksOffTheBoard(t *testing.T) {
	p := mustChess(t, foolsMate)
	for _, tc := range []struct{ marks, want string }{
		{"[%cal Ge2e9]", "render: arrow Ge2e9: e9 is not a chess square"},
		{"[%csl Ri4]", "render: square Ri4: i4 is not a chess square"},
		{"[%csl Ra0]", "render: square Ra0: a0 is not a chess square"},
	} {
		_, err := Chess(&p, Options{Marks: mustMarks(t, tc.marks)})
		var me *MarkError
		if !errors.As(err, &me) || err.Error() != tc.want {
			t.Errorf("%s: error %v, want %s", tc.marks, err, tc.want)
		}
	}
}

func FuzzMarks(f *testing.F) {
	for _, s := range []string{"[%csl Ga4,Rb5] [%cal Ge2e4,Rb1c3]", "[%clk 1:00] x", "[%cal Ye1e8, Bh2e2]", "[%csl", "[%csl Ga4][%cal Ri0a9]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMarks(s)
		if err != nil {
			if !errors.Is(err, ErrMark) {
				t.Fatalf("error %v does not wrap ErrMark", err)
			}
			return
		}
		// Writing the marks back and reading them again changes nothing.
		again, err := ParseMarks(m.String())
		if err != nil {
			t.Fatalf("reparse of %q: %v", m.String(), err)
		}
		if !reflect.DeepEqual(normal(m), normal(again)) {
			t.Fatalf("%q -> %+v -> %q -> %+v", s, m, m.String(), again)
		}
		if strings.Count(m.String(), "[%") > 2 {
			t.Fatalf("String wrote %q", m.String())
		}
	})
}

// normal makes empty and nil lists equal for comparison.
func normal(m Marks) Marks {
	if len(m.Squares) == 0 {
		m.Squares = nil
	}
	if len(m.Arrows) == 0 {
		m.Arrows = nil
	}
	return m
}
