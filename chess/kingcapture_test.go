package chess

import "testing"

// TestPlayKingCapture checks the one pseudo-legal case Play tolerates for
// king-capture variants: taking the king leaves a board without it.
func TestPlayKingCapture(t *testing.T) {
	p, err := ParseFEN("4k3/8/8/8/8/8/8/4K2R b K - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	p.Play(NewMove(E8, E7)) // legal; then White's rook plays Rh7, Black's king steps onto the rank...
	p.Play(NewMove(H1, H7))
	p.Play(NewMove(E7, F7)) // ...into the rook's line, illegal in chess
	p.Play(NewMove(H7, F7)) // and the rook takes the king
	if got, want := p.FEN(), "8/5R2/8/8/8/8/8/4K3 b - - 0 3"; got != want {
		t.Errorf("FEN after king capture = %q, want %q", got, want)
	}
	if p.Checkers() != 0 || p.Pieces(Black, King) != 0 {
		t.Errorf("checkers %v, black king %v: want none", p.Checkers(), p.Pieces(Black, King))
	}
}
