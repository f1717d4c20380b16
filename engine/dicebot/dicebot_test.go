package dicebot

import (
	"context"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
)

const (
	P = chess.Pawn
	N = chess.Knight
	B = chess.Bishop
	R = chess.Rook
	Q = chess.Queen
	K = chess.King
)

func TestChoose(t *testing.T) {
	tests := []struct {
		name     string
		fen      string
		dice     []chess.PieceType
		moves    int
		level    int
		want     string // UCI, "0000" for a pass, or "from:a4" for any move of that square
		wantPass bool
	}{
		{"free queen", "4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1", []chess.PieceType{N, K, K}, 0, 1, "e3d5", false},
		{"free queen level 2", "4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1", []chess.PieceType{N, K, K}, 0, 2, "e3d5", false},
		{"mate in one", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", []chess.PieceType{R, K, K}, 0, 1, "a1a8", false},
		{"mate in one level 2", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", []chess.PieceType{K, R, K}, 0, 2, "a1a8", false},
		// the knight blocks the file: move it away, then mate
		{"mate with two dice", "6k1/5ppp/8/8/N7/8/8/R5K1 w - - 0 1", []chess.PieceType{N, R}, 0, 1, "from:a4", false},
		{"mate with two dice, second move", "6k1/5ppp/1N6/8/8/8/8/R5K1 w - - 0 1", []chess.PieceType{R}, 1, 1, "a1a8", false},
		// e4e5 is taken by a pawn: level 2 sees it and passes
		{"pass rather than hang a pawn", "4k3/8/3p1p2/8/4P3/8/8/4K3 w - - 0 1", []chess.PieceType{P}, 1, 2, "0000", true},
		{"no pass before a move", "4k3/8/3p1p2/8/4P3/8/8/4K3 w - - 0 1", []chess.PieceType{P}, 0, 2, "e4e5", false},
		{"no die left: pass", chess.StartFEN, nil, 2, 1, "0000", true},
		{"black takes the queen", "4k3/8/8/3Q4/8/4n3/8/4K3 b - - 0 1", []chess.PieceType{N}, 0, 2, "e3d5", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos, err := chess.ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			m, pass := Choose(context.Background(), pos, tt.dice, tt.moves, tt.level)
			got := m.String()
			if pass {
				got = "0000"
			}
			if pass != tt.wantPass {
				t.Fatalf("got %s pass %v, want %s", got, pass, tt.want)
			}
			if sq, ok := cutPrefix(tt.want, "from:"); ok {
				if m.From().String() != sq {
					t.Errorf("got %s, want a move from %s", got, sq)
				}
				return
			}
			if got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func cutPrefix(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):], true
	}
	return s, false
}

func TestChooseDeterministic(t *testing.T) {
	fens := []string{
		chess.StartFEN,
		"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	}
	for _, fen := range fens {
		pos, _ := chess.ParseFEN(fen)
		for level := 1; level <= 2; level++ {
			dice := []chess.PieceType{Q, N, P}
			m1, p1 := Choose(context.Background(), pos, dice, 0, level)
			m2, p2 := Choose(context.Background(), pos, dice, 0, level)
			if m1 != m2 || p1 != p2 {
				t.Errorf("%s level %d: %v %v then %v %v", fen, level, m1, p1, m2, p2)
			}
			if !pos.IsLegal(m1) {
				t.Errorf("%s level %d: %v is not legal", fen, level, m1)
			}
		}
	}
}

func TestChooseBounded(t *testing.T) {
	// three queen dice in an open position: the largest kind of turn
	pos, _ := chess.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	start := time.Now()
	m, _ := Choose(context.Background(), pos, []chess.PieceType{Q, Q, Q}, 0, 2)
	t.Logf("%v in %v", m, time.Since(start))

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if m, pass := Choose(ctx, pos, []chess.PieceType{Q, B, N}, 0, 2); pass || !pos.IsLegal(m) {
		t.Errorf("with ctx done: %v %v, want a legal move", m, pass)
	}
}

func TestChooseNothingToDo(t *testing.T) {
	mated, _ := chess.ParseFEN("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	if m, pass := Choose(context.Background(), mated, nil, 0, 2); m != chess.MoveNone || pass {
		t.Errorf("mated: %v %v", m, pass)
	}
}
