package xiangqi

import "testing"

// TestGivesCheckEveryMove checks GivesCheck, which does not make the
// move, against the position after it on every legal move of the perft
// positions and of those two plies after them, and that checks by every
// kind of piece, and checks uncovered by a piece moving off a line or a
// horse's leg, were among them.
func TestGivesCheckEveryMove(t *testing.T) {
	byPiece := map[PieceType]int{}
	uncovered := 0
	var walk func(p *Position, plies int)
	walk = func(p *Position, plies int) {
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Moves() {
			var child Position
			p.MakeMove(m, &child)
			if got, want := p.GivesCheck(m), child.InCheck(); got != want {
				t.Fatalf("%s: GivesCheck(%s) = %v, the position after it says %v", p.FEN(), m, got, want)
			}
			if child.InCheck() {
				pt := p.board[m.From()].Type()
				byPiece[pt]++
				// Uncovered: the general stays attacked with the moved
				// piece lifted off the board.
				lifted := child
				lift(&lifted, m.To())
				if lifted.IsAttacked(lifted.kings[child.side], p.side) {
					uncovered++
				}
			}
			if plies > 1 {
				walk(&child, plies-1)
			}
		}
	}
	for _, c := range loadPerft(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		walk(&p, 3)
	}
	for _, pt := range []PieceType{Chariot, Horse, Cannon, Soldier} {
		if byPiece[pt] == 0 {
			t.Errorf("no check by a %v among the moves: %v", pt, byPiece)
		}
	}
	if uncovered == 0 {
		t.Error("no uncovered check among the moves")
	}
	t.Logf("checks by piece %v, uncovered %d", byPiece, uncovered)
}

// FuzzGivesCheck checks GivesCheck against the position after the move on
// every legal move of positions reached by fuzzed walks from the start.
func FuzzGivesCheck(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{3, 17, 40, 2})
	f.Fuzz(func(t *testing.T, path []byte) {
		p := StartPosition()
		var ml MoveList
		for _, b := range path {
			p.GenerateLegal(&ml)
			if ml.Len() == 0 {
				return
			}
			p.Play(ml.At(int(b) % ml.Len()))
		}
		p.GenerateLegal(&ml)
		for _, m := range ml.Moves() {
			var child Position
			p.MakeMove(m, &child)
			if p.GivesCheck(m) != child.InCheck() {
				t.Fatalf("%s: GivesCheck(%s) = %v, the position after it says %v", p.FEN(), m, p.GivesCheck(m), child.InCheck())
			}
		}
	})
}

// lift takes the piece on s off the board and its side's occupancy, as
// IsAttacked reads them.
func lift(p *Position, s Square) {
	c := p.board[s].Color()
	p.board[s] = NoPiece
	p.rankOcc[c][sqRank[s]] &^= 1 << sqFile[s]
	p.fileOcc[c][sqFile[s]] &^= 1 << sqRank[s]
}
