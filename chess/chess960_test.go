package chess

import (
	"errors"
	"strings"
	"testing"
)

// TestStartPosition960Numbers: known numbers of Scharnagl's scheme. Line n of
// shared/data/perft/chess960.epd (960 for 0) is a game a few moves from
// position n, which is where the arrays below can be seen.
func TestStartPosition960Numbers(t *testing.T) {
	tests := []struct {
		n    int
		want string // White's back rank, a1 to h1
	}{
		{0, "BBQNNRKR"},
		{1, "BQNBNRKR"},
		{2, "BQNNRBKR"},
		{518, "RNBQKBNR"}, // the standard start
		{959, "RKRNNQBB"},
	}
	for _, tt := range tests {
		p, err := StartPosition960(tt.n)
		if err != nil {
			t.Fatalf("StartPosition960(%d): %v", tt.n, err)
		}
		want := strings.ToLower(tt.want) + "/pppppppp/8/8/8/8/PPPPPPPP/" + tt.want + " w KQkq - 0 1"
		if got := p.FEN(); got != want {
			t.Errorf("StartPosition960(%d) = %s, want %s", tt.n, got, want)
		}
		if !p.Chess960() {
			t.Errorf("StartPosition960(%d) is not a Chess960 position", tt.n)
		}
	}
	std, _ := StartPosition960(518)
	if standard := StartPosition(); std.Key() != standard.Key() || std.FEN() != StartFEN {
		t.Errorf("position 518 %s differs from the standard start", std.FEN())
	}
}

// TestStartPosition960All: the 960 numbers give 960 different arrays, each
// with the bishops on opposite colours, the king between the rooks, Black
// mirroring White, and all four castling rights.
func TestStartPosition960All(t *testing.T) {
	seen := map[string]int{}
	for n := range Chess960Positions {
		p, err := StartPosition960(n)
		if err != nil {
			t.Fatalf("StartPosition960(%d): %v", n, err)
		}
		rank := strings.Fields(p.FEN())[0][len("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"):]
		if err := checkBackRank960(rank); err != nil {
			t.Errorf("position %d (%s): %v", n, rank, err)
		}
		if black := strings.Split(p.FEN(), "/")[0]; black != strings.ToLower(rank) {
			t.Errorf("position %d: Black's %s does not mirror White's %s", n, black, rank)
		}
		if p.Castling() != AnyCastling {
			t.Errorf("position %d: castling rights %v, want all four", n, p.Castling())
		}
		if m, dup := seen[rank]; dup {
			t.Errorf("positions %d and %d are both %s", m, n, rank)
		}
		seen[rank] = n
	}
}

// checkBackRank960 checks the rules of a Chess960 back rank.
func checkBackRank960(rank string) error {
	if len(rank) != 8 {
		return errors.New("not eight pieces")
	}
	for _, pc := range []struct {
		letter string
		n      int
	}{{"R", 2}, {"N", 2}, {"B", 2}, {"Q", 1}, {"K", 1}} {
		if strings.Count(rank, pc.letter) != pc.n {
			return errors.New("wrong count of " + pc.letter)
		}
	}
	b1, b2 := strings.Index(rank, "B"), strings.LastIndex(rank, "B")
	if (b1+b2)%2 == 0 {
		return errors.New("bishops on squares of one colour")
	}
	k, r1, r2 := strings.Index(rank, "K"), strings.Index(rank, "R"), strings.LastIndex(rank, "R")
	if k < r1 || k > r2 {
		return errors.New("king not between the rooks")
	}
	return nil
}

func TestStartPosition960Range(t *testing.T) {
	for _, n := range []int{-1, 960, 1 << 40} {
		if _, err := StartPosition960(n); !errors.Is(err, ErrChess960Number) {
			t.Errorf("StartPosition960(%d): got %v, want ErrChess960Number", n, err)
		}
	}
}
