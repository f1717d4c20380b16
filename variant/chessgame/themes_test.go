package chessgame

import (
	"slices"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// themeCase is a puzzle: the position before the opponent's move, that
// move and the solution, and the board themes it shows.
type themeCase struct {
	name     string
	chess960 bool
	fen      string
	moves    string
	mate     bool // the solution ends in checkmate
	want     []string
}

var themeCases = []themeCase{
	// Scholar's mate, the starter puzzle: Qxf7# takes on f7 beside the
	// king on e8; nothing else (the queen checks from f7, not the back
	// rank; e7 is open).
	{name: "scholar's mate", fen: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
		moves: "g8f6 h5f7", mate: true, want: []string{"attackingF2F7"}},
	// Philidor's legacy: Nf7+ Kg8 Nh6++ (the queen's check uncovered) Kh8
	// Qg8+! Rxg8 Nf7#, the king walled in by its rook and pawns; the queen
	// given up, the checks all near the h8 corner of a full board.
	{name: "smothered mate", fen: "r6k/ppp1b1pp/2n5/3Q2N1/8/8/PPP2PPP/RNB3K1 b - - 0 1",
		moves: "a7a6 g5f7 h8g8 f7h6 g8h8 d5g8 a8g8 h6f7", mate: true,
		want: []string{"smotheredMate", "doubleCheck", "sacrifice", "discoveredAttack", "kingsideAttack"}},
	// Rd8#: the rook mates on the back rank, f7 g7 h7 the king's own pawns.
	{name: "back-rank mate", fen: "6k1/p4ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1",
		moves: "a7a6 d1d8", mate: true, want: []string{"backRankMate", "endgame", "rookEndgame"}},
	// Qxd8+ Rxd8 Rxd8#: the queen traded for two rooks (no sacrifice), and
	// the rook on f8 that could take the queen is no pin.
	{name: "back-rank mate after a trade", fen: "3r1rk1/p4ppp/8/8/3Q4/8/5PPP/3R2K1 b - - 0 1",
		moves: "a7a6 d4d8 f8d8 d1d8", mate: true, want: []string{"backRankMate", "endgame", "queenRookEndgame"}},
	// Nf6#: the knight leaves the e-file and checks with the rook behind it.
	{name: "double check mate", fen: "rnbqkb1r/p2p1p2/8/8/4N3/8/5PPP/1NB1R1K1 b - - 0 1",
		moves: "a7a6 e4f6", mate: true, want: []string{"doubleCheck", "discoveredAttack"}},
	// Nc7+ forks the king and the rook, then takes the rook.
	{name: "knight fork", fen: "r3k3/p4ppp/8/3N4/8/8/5PPP/6K1 b - - 0 1",
		moves: "h7h6 d5c7 e8d7 c7a8", want: []string{"fork", "endgame"}},
	// e8=N+ forks the king and the queen.
	{name: "underpromotion fork", fen: "8/4P3/5k2/2q5/8/8/6PP/7K b - - 0 1",
		moves: "c5c7 e7e8n f6e5 e8c7", want: []string{"fork", "promotion", "underPromotion", "endgame"}},
	{name: "en passant", fen: "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
		moves: "d7d5 e5d6", want: []string{"enPassant", "endgame", "pawnEndgame"}},
	{name: "castling", fen: "4k3/7p/8/8/8/8/8/R3K3 b Q - 0 1",
		moves: "h7h6 e1c1", want: []string{"castling", "endgame", "rookEndgame"}},
	// Chess960's castling, king takes rook, from a Shredder-FEN and an
	// X-FEN.
	{name: "Chess960 castling, Shredder-FEN", chess960: true, fen: "4k3/7p/8/8/8/8/8/R3K3 b A - 0 1",
		moves: "h7h6 e1a1", want: []string{"castling", "endgame", "rookEndgame"}},
	{name: "Chess960 castling, X-FEN", chess960: true, fen: "1r2k3/7p/8/8/8/8/8/1R2K3 b Q - 0 1",
		moves: "h7h6 e1b1", want: []string{"castling", "endgame", "rookEndgame"}},
	// ...d6 opens b5-e8; d5 attacks the pinned knight with a pawn.
	{name: "pin exploited", fen: "4k3/3p1ppp/2n5/1B6/3P4/8/5PPP/6K1 b - - 0 1",
		moves: "d7d6 d4d5", want: []string{"pin", "endgame"}},
	// Bg5 pins the knight on f6 to the queen on d8.
	{name: "pin to the queen", fen: "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR b KQkq - 1 3",
		moves: "g8f6 c1g5", want: []string{"pin"}},
	// Qg2+ skewers the king on d5 and the queen on a8 behind it.
	{name: "skewer", fen: "q7/7p/8/3k4/8/7Q/8/2K5 b - - 0 1",
		moves: "h7h6 h3g2 d5d6 g2a8", want: []string{"skewer", "endgame", "queenEndgame"}},
	// ...Bb4 attacks the queen, undefended: Qxb4.
	{name: "hanging piece", fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPQ1PPP/RNB2RK1 b kq - 0 1",
		moves: "f8b4 d2b4", want: []string{"hangingPiece"}},
	// Nc6+ uncovers the bishop on b2 against the queen: Bxf6 next.
	{name: "discovered attack", fen: "3k4/ppp2ppp/7q/8/3N4/8/PBP2PPP/6K1 b - - 0 1",
		moves: "h6f6 d4c6 d8d7 b2f6", want: []string{"discoveredAttack", "endgame"}},
	// An opening move: no motif.
	{name: "nothing", fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		moves: "e7e5 g1f3", want: []string{}},
}

// replayed checks with chess.Game that c's moves are legal from its FEN,
// and that a mate puzzle ends in checkmate.
func replayed(t *testing.T, c themeCase) {
	t.Helper()
	parse := chess.ParseFEN
	if c.chess960 {
		parse = chess.ParseFEN960
	}
	p, err := parse(c.fen)
	if err != nil {
		t.Fatal(err)
	}
	g := chess.NewGameFrom(p)
	for _, m := range strings.Fields(c.moves) {
		if _, err := g.PushUCI(m); err != nil {
			t.Fatal(err)
		}
	}
	if o := g.Outcome(); c.mate != (o.Termination == chess.Checkmate) {
		t.Fatalf("ends in %v, mate %v", o, c.mate)
	}
}

func TestPuzzleThemes(t *testing.T) {
	for _, c := range themeCases {
		t.Run(c.name, func(t *testing.T) {
			replayed(t, c)
			spec := chessSpec
			if c.chess960 {
				spec = chess960Spec
			}
			if got := spec.PuzzleThemes(c.fen, strings.Fields(c.moves)); got == nil || !slices.Equal(got, c.want) {
				t.Errorf("themes %q, want %q", got, c.want)
			}
		})
	}
}

// TestPuzzleThemesRefused: nil for what is not a puzzle replayed.
func TestPuzzleThemesRefused(t *testing.T) {
	const fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"
	for _, c := range []struct {
		name, fen, moves string
	}{
		{"a FEN that does not parse", "4k3/8 b", "d7d5 e5d6"},
		{"an illegal move", fen, "d7d5 e5e7"},
		{"text that is no move", fen, "d7d5 e5"},
		{"a null move", fen, "d7d5 0000"},
		{"no solution", fen, "d7d5"},
		{"a solution that ends on the opponent's move", fen, "d7d6 e5d6 e8e7"},
		{"no moves", fen, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := chessSpec.PuzzleThemes(c.fen, strings.Fields(c.moves)); got != nil {
				t.Errorf("themes %q, want nil", got)
			}
		})
	}
}

// TestPuzzleThemesRegistered: both registrations name themes.
func TestPuzzleThemesRegistered(t *testing.T) {
	for _, v := range []game.Variant{Chess, Chess960} {
		spec, err := game.Lookup(v)
		if err != nil || spec.PuzzleThemes == nil {
			t.Errorf("%s: PuzzleThemes not set (%v)", v, err)
		}
	}
}

// FuzzPuzzleThemes: any FEN and moves give themes or nil, never a panic,
// and no theme twice.
func FuzzPuzzleThemes(f *testing.F) {
	for _, c := range themeCases {
		f.Add(c.fen, c.moves, c.chess960)
	}
	f.Add("", "", false)
	f.Add("8/8/8/8/8/8/8/8 w - - 0 1", "e2e4 e7e5", true)
	f.Fuzz(func(t *testing.T, fen, moves string, chess960 bool) {
		spec := chessSpec
		if chess960 {
			spec = chess960Spec
		}
		got := spec.PuzzleThemes(fen, strings.Fields(moves))
		seen := map[string]bool{}
		for _, k := range got {
			if seen[k] {
				t.Fatalf("%q: %s twice", got, k)
			}
			seen[k] = true
		}
	})
}
