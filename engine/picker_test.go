package engine

import (
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// pickerTestFENs add to the bench positions the moves a picker must not
// lose: castling both ways, en passant, promotions by push and capture,
// and positions in check.
var pickerTestFENs = []string{
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
	"2r1k2r/1P6/8/8/8/8/6p1/R3K2R b KQk - 0 1",
	"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
	"rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3",
}

// TestPickerEveryMoveOnce: at every node of a walk through the bench
// positions and pickerTestFENs, with hash moves, killers and countermoves
// that are legal quiet moves, captures, castling, en passant, illegal or
// repeated, the picker hands out each legal move exactly once, with the
// score scoreMoves gives it (so in its band, best first), and nothing
// else.
func TestPickerEveryMoveOnce(t *testing.T) {
	nodes := 0
	w := newTestWorker(t, chess.StartPosition())
	// Distinct histories within their bounds, so that the order of the
	// quiet moves is tested, not only their band.
	seed := uint32(1)
	for side := range w.history {
		for from := range w.history[side] {
			for to := range w.history[side][from] {
				seed = seed*1664525 + 1013904223 // Numerical Recipes' LCG
				w.history[side][from][to] = int32(seed>>8)%(2*historyMax) - historyMax
			}
		}
	}
	for _, fen := range append(append([]string{}, BenchPositions[:20]...), pickerTestFENs...) {
		p := mustFEN(t, fen)
		var ml chess.MoveList
		p.GenerateLegal(&ml)
		positions := []chess.Position{p}
		for i := range min(ml.Len(), 12) {
			var child chess.Position
			p.MakeMove(ml.At(i), &child)
			positions = append(positions, child)
		}
		for _, q := range positions {
			var qml chess.MoveList
			q.GenerateLegal(&qml)
			// Candidates for the hash move and the refutations: legal moves
			// of every kind, a move of the parent (mostly illegal here),
			// none, and one repeated.
			cands := []chess.Move{chess.MoveNone, ml.At(0), chess.NewMove(chess.A1, chess.H8)}
			for j, m := range qml.Moves() {
				if j%(1+qml.Len()/6) == 0 || m.Kind() != chess.Normal {
					cands = append(cands, m)
				}
			}
			for k, hash := range cands {
				k1, k2 := cands[(k+1)%len(cands)], cands[(k+2)%len(cands)]
				checkPicker(t, w, q, hash, [2]chess.Move{k1, k2}, k1, &qml)
				checkPicker(t, w, q, hash, [2]chess.Move{hash, k2}, hash, &qml) // the hash move a killer too
				checkPicker(t, w, q, hash, [2]chess.Move{k2, k1}, k2, &qml)
				nodes += 3
			}
		}
	}
	if nodes < 5000 {
		t.Errorf("%d nodes checked, want at least 5000", nodes)
	}
}

// checkPicker runs a picker on p with the given hash move, killers and
// countermove and checks what it hands out against legal and against
// the scores scoreMoves gives the same moves.
func checkPicker(t *testing.T, w *worker, p chess.Position, hash chess.Move, killers [2]chess.Move, counter chess.Move, legal *chess.MoveList) {
	t.Helper()
	const ply = 1
	w.stack[ply-1].move, w.stack[ply-1].piece = chess.NewMove(chess.E2, chess.E4), chess.WhitePawn
	w.counter[chess.WhitePawn][chess.E4] = counter
	st := &w.stack[ply]
	st.pos, st.killers = p, killers

	want := map[chess.Move]int32{}
	var scored [256]ScoredMove
	for _, sm := range scored[:w.scoreMoves(ply, legal, &scored, hash)] {
		want[sm.Move] = sm.Score
	}

	w.startPicker(ply, hash)
	seen := map[chess.Move]bool{}
	last := int32(orderHash)
	for {
		sm, ok := w.nextPicked(ply)
		if !ok {
			break
		}
		where := func() string {
			return p.FEN() + ", hash " + p.UCI(hash) + ", killers " + p.UCI(killers[0]) + " " + p.UCI(killers[1]) + ", counter " + p.UCI(counter)
		}
		score, isLegal := want[sm.Move]
		switch {
		case seen[sm.Move]:
			t.Fatalf("%s: %v handed out twice", where(), sm.Move)
		case !isLegal:
			t.Fatalf("%s: %v is not legal", where(), sm.Move)
		case sm.Score != score:
			t.Fatalf("%s: %v scored %d, scoreMoves says %d", where(), sm.Move, sm.Score, score)
		case sm.Score > last:
			t.Fatalf("%s: %v scored %d after a move scored %d", where(), sm.Move, sm.Score, last)
		}
		seen[sm.Move], last = true, sm.Score
	}
	if len(seen) != legal.Len() {
		t.Fatalf("%s, hash %v, killers %v, counter %v: %d moves handed out, %d legal", p.FEN(), hash, killers, counter, len(seen), legal.Len())
	}
}

// TestPickerGiven: a given list (the root's moves) comes out whole, best
// first.
func TestPickerGiven(t *testing.T) {
	w := newTestWorker(t, chess.StartPosition())
	var ml chess.MoveList
	w.stack[0].pos.GenerateLegal(&ml)
	for i, m := range ml.Moves() {
		w.stack[0].moves[i] = ScoredMove{m, int32(i * 7 % 11)}
	}
	w.startGiven(0, ml.Len())
	last, n := int32(1<<30), 0
	seen := map[chess.Move]bool{}
	for {
		sm, ok := w.nextPicked(0)
		if !ok {
			break
		}
		if sm.Score > last || seen[sm.Move] || !ml.Contains(sm.Move) {
			t.Fatalf("move %d: %v scored %d after %d (seen %v)", n, sm.Move, sm.Score, last, seen[sm.Move])
		}
		last, seen[sm.Move] = sm.Score, true
		n++
	}
	if n != ml.Len() {
		t.Errorf("%d moves handed out, %d given", n, ml.Len())
	}
}
