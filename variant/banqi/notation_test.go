package banqi

import (
	"errors"
	"testing"
)

func TestParseSAN(t *testing.T) {
	c2, c3 := NewSquare(2, 1), NewSquare(2, 2)
	tests := []struct {
		in   string
		want Notation
	}{
		{"c2=K", Notation{Move: NewMove(c2, c2), Reveal: NewPiece(Red, King)}},
		{"c2=p", Notation{Move: NewMove(c2, c2), Reveal: NewPiece(Black, Soldier)}},
		{"Rc2-c3", Notation{Move: NewMove(c2, c3), Type: Chariot, Step: true}},
		{"Cc2xc3", Notation{Move: NewMove(c2, c3), Type: Cannon, Capture: true}},
		{"c2xc3", Notation{Move: NewMove(c2, c3), Capture: true}},
		{"c2c3", Notation{Move: NewMove(c2, c3)}},
		{"C2C2", Notation{Move: NewMove(c2, c2)}},
	}
	for _, tt := range tests {
		got, err := ParseSAN(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseSAN(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "c2", "c2=X", "c2=x", "c2=E", "Qc2-c3", "Rc2c3", "c2xc2", "Rc2-c2", "i1-i2", "c2+c3", "c2=KK"} {
		if _, err := ParseSAN(bad); !errors.Is(err, ErrInvalidMove) {
			t.Errorf("ParseSAN(%q) = %v, want ErrInvalidMove", bad, err)
		}
	}
}

func TestPlayedSAN(t *testing.T) {
	c2, c3 := NewSquare(2, 1), NewSquare(2, 2)
	tests := []struct {
		pl   Played
		want string
	}{
		{Played{Move: NewMove(c2, c2), Piece: NewPiece(Black, Cannon)}, "c2=c"},
		{Played{Move: NewMove(c2, c3), Piece: NewPiece(Black, Horse)}, "Nc2-c3"},
		{Played{Move: NewMove(c2, c3), Piece: NewPiece(Red, Soldier), Captured: NewPiece(Black, King)}, "Pc2xc3"},
	}
	for _, tt := range tests {
		if got := tt.pl.SAN(); got != tt.want {
			t.Errorf("%+v: SAN %q, want %q", tt.pl, got, tt.want)
		}
		if n, err := ParseSAN(tt.want); err != nil || n.Move != tt.pl.Move {
			t.Errorf("ParseSAN(%q) = %+v, %v", tt.want, n, err)
		}
	}
}

func TestParseMove(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Move
	}{{"a1a1", NewMove(0, 0)}, {"h4-h3", NewMove(31, 23)}, {"A1B1", NewMove(0, 1)}} {
		if got, err := ParseMove(tt.in); err != nil || got != tt.want || got == MoveNone {
			t.Errorf("ParseMove(%q) = %v, %v", tt.in, got, err)
		}
	}
	for _, bad := range []string{"", "a0a1", "a1a5", "i1a1", "a1a"} {
		if _, err := ParseMove(bad); !errors.Is(err, ErrInvalidMove) {
			t.Errorf("ParseMove(%q) = %v, want ErrInvalidMove", bad, err)
		}
	}
}

func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"c2=K", "Rc2-c3", "c2xc3", "c2c2", "h4=p", "Ca1xa4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n, err := ParseSAN(text)
		if err != nil {
			if !errors.Is(err, ErrInvalidMove) {
				t.Fatalf("ParseSAN(%q): %v does not wrap ErrInvalidMove", text, err)
			}
			return
		}
		back, err := ParseMove(n.Move.String())
		if err != nil || back != n.Move || n.Move == MoveNone {
			t.Fatalf("ParseSAN(%q) = %+v, whose move reads back as %v, %v", text, n, back, err)
		}
	})
}
