package banqi

import (
	"errors"
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		"xxxxxxxx/xxxxxxxx/xxxxxxxx/xxKxxxxx b r 0 1",
		"8/8/8/C1x1r3 w r 0 1",
		"xpxxxxxx/1Rxxxxxx/xxxxcxxx/xxxAxxxx w b 12 34",
		"8/8/8/K6k b b 179 200",
	} {
		p := mustFEN(t, fen)
		if got := p.FEN(); got != fen {
			t.Errorf("ParseFEN(%q).FEN() = %q", fen, got)
		}
	}
	// E and H read as B and N; left-out fields are "w - 0 1".
	p := mustFEN(t, "8/8/8/8")
	if got, want := p.FEN(), "8/8/8/8 w - 0 1"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	p = mustFEN(t, "8/8/8/Eh6 b r")
	if got, want := p.FEN(), "8/8/8/Bn6 b r 0 1"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		fen   string
		err   error
		field int
	}{
		{"", ErrFENEmpty, 1},
		{"8/8/8", ErrRankCount, 1},
		{"8/8/8/9", ErrRankLength, 1},
		{"8/8/8/xxxxxxxxx", ErrRankLength, 1},
		{"8/8/8/7", ErrRankLength, 1},
		{"8/8/8/Z7 w r", ErrPieceChar, 1},
		{"8/8/8/KK6 w r", ErrTooManyPieces, 1},
		{"8/8/8/PPPPPP2 w r", ErrTooManyPieces, 1},
		{"8/8/8/8 x", ErrSideToMove, 2},
		{"8/8/8/8 w g", ErrFirstColor, 3},
		{"8/8/8/K7 w -", ErrBeforeFirstFlip, 3},
		{"xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx b -", ErrBeforeFirstFlip, 3},
		{"8/8/8/8 w r -1 1", ErrClock, 4},
		{"8/8/8/8 w r 0 x", ErrClock, 5},
		{"8/8/8/8 w r 0 0", ErrFullmoveZero, 5},
		{"8/8/8/8 w r 0 1 more", ErrFENFields, 6},
	}
	for _, tt := range tests {
		_, err := ParseFEN(tt.fen)
		var fe *FENError
		if !errors.Is(err, tt.err) || !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("ParseFEN(%q) = %v, want %v in field %d", tt.fen, err, tt.err, tt.field)
		}
	}
}

func TestParseFENPool(t *testing.T) {
	p := mustFEN(t, "8/8/8/KPx5 b r 0 1")
	if got := p.Pool(NewPiece(Red, King)); got != 0 {
		t.Errorf("the red general is face up, yet the pool has %d", got)
	}
	if got := p.Pool(NewPiece(Red, Soldier)); got != 4 {
		t.Errorf("one red soldier face up: the pool has %d, want 4", got)
	}
	if got := p.Pool(NewPiece(Black, Soldier)); got != 5 {
		t.Errorf("the pool has %d black soldiers, want 5", got)
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, "8/8/8/C1x1r3 w r 0 1", "xpxxxxxx/1Rxxxxxx/xxxxcxxx/xxxAxxxx w b 12 34", "8/8/8/8", "x", "8/8/8/KK6 w r"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "banqi: fen: field ") {
				t.Fatalf("error %q does not say which field", err)
			}
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("FEN() of a parsed position does not parse: %q: %v", out, err)
		}
		if q.FEN() != out || q.Key() != p.Key() || q.Key() != q.computeKey() {
			t.Fatalf("round trip: %q -> %q", out, q.FEN())
		}
		_ = Perft(&p, 2)
	})
}
