package render

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
)

func TestParsePlacement(t *testing.T) {
	for _, tt := range []struct {
		fen     string
		pieces  int
		side    chess.Color
		wantErr bool
	}{
		{fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", pieces: 32, side: chess.Black},
		{fen: "8/8/8/8/8/8/8/4K3 w - - 0 1", pieces: 1}, // no black king: what fog of war shows
		{fen: "8/8/8/8/8/8/8/8", pieces: 0},
		{fen: "", wantErr: true},
		{fen: "8/8/8/8/8/8/8 w", wantErr: true},
		{fen: "9/8/8/8/8/8/8/8 w", wantErr: true},
		{fen: "7/8/8/8/8/8/8/8 w", wantErr: true},
		{fen: "x7/8/8/8/8/8/8/8 w", wantErr: true},
		{fen: "8/8/8/8/8/8/8/8 x", wantErr: true},
	} {
		pl, err := ParsePlacement(tt.fen)
		if tt.wantErr {
			if !errors.Is(err, ErrPlacement) {
				t.Errorf("ParsePlacement(%q): err %v, want ErrPlacement", tt.fen, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParsePlacement(%q): %v", tt.fen, err)
			continue
		}
		n := 0
		for _, pc := range pl.Board {
			if pc != chess.NoPiece {
				n++
			}
		}
		if n != tt.pieces || pl.Side != tt.side {
			t.Errorf("ParsePlacement(%q): %d pieces, side %v; want %d, %v", tt.fen, n, pl.Side, tt.pieces, tt.side)
		}
	}
}

// TestParsePlacementErrors: an error says what is wrong and where.
func TestParsePlacementErrors(t *testing.T) {
	for _, tt := range []struct{ fen, want string }{
		{"", "render: placement: empty FEN"},
		{"x7/8/8/8/8/8/8/8 w", `render: placement: rank 8: unexpected "x"`},
		{"8/8/8/8/8/7/8/8 w", "render: placement: rank 3: 7 squares, want 8"},
		{"8/8/8/8/8/8/8 w", "render: placement: 7 ranks, want 8"},
		{"8/8/8/8/8/8/8/8 x", `render: placement: side to move "x", want w or b`},
	} {
		if _, err := ParsePlacement(tt.fen); err == nil || err.Error() != tt.want {
			t.Errorf("ParsePlacement(%q): err %v, want %q", tt.fen, err, tt.want)
		}
	}
}

// TestChessPlacementMatchesChess: a legal position drawn from its
// placement is the same drawing as from the position.
func TestChessPlacementMatchesChess(t *testing.T) {
	const fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := ParsePlacement(fen)
	if err != nil {
		t.Fatal(err)
	}
	pl.Check = true
	o := Options{Size: 200, LastMove: "d8h4", Coordinates: true} // no Check: Chess would mark the checker too
	var a, b bytes.Buffer
	d1, _ := Chess(&p, o)
	d2, err := ChessPlacement(&pl, o)
	if err != nil {
		t.Fatal(err)
	}
	_ = d1.WriteSVG(&a)
	_ = d2.WriteSVG(&b)
	if a.String() != b.String() {
		t.Error("ChessPlacement and Chess draw the same position differently")
	}
	o.Check = true
	d2, _ = ChessPlacement(&pl, o)
	b.Reset()
	_ = d2.WriteSVG(&b)
	if !strings.Contains(b.String(), `class="check"`) {
		t.Error("ChessPlacement with Check: no king in check drawn")
	}
	pl = Placement{Check: true} // no king at all: nothing to mark, no panic
	if _, err := ChessPlacement(&pl, o); err != nil {
		t.Error(err)
	}
}
