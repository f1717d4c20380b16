package pgn

import (
	"path/filepath"
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// sanTexts returns move texts to try in pos: the SAN, LAN and UCI of every
// legal move, and every piece letter and pawn form for every square, most of
// them illegal.
func sanTexts(pos *chess.Position) []string {
	var ml chess.MoveList
	pos.GenerateLegal(&ml)
	var out []string
	for _, m := range ml.Moves() {
		out = append(out, pos.SAN(m), pos.LAN(m), pos.UCI(m))
	}
	for sq := chess.A1; sq <= chess.H8; sq++ {
		s := sq.String()
		out = append(out, s, "N"+s, "B"+s, "R"+s, "Q"+s, "K"+s, "Nx"+s, s+"=Q", s+"=N")
		for f := byte('a'); f <= 'h'; f++ {
			out = append(out, string(f)+"x"+s, string(f)+"x"+s+"=Q", "N"+string(f)+s, "R"+string(f)+s)
		}
	}
	return out
}

// TestQuickAgrees checks the fast SAN matcher against full move generation
// on every position of a set of real games: whenever quick answers, the
// slow path must give the same move.
func TestQuickAgrees(t *testing.T) {
	files := []string{
		filepath.Join(dataDir(t), "pgn", "games", "twic-232games.pgn"),
		filepath.Join(dataDir(t), "pgn", "edge", "pychess", "chess960rwch.pgn"),
		filepath.Join(dataDir(t), "pgn", "edge", "rust-pgn-reader", "legal.pgn"),
	}
	var ml chess.MoveList
	positions, answered := 0, 0
	for _, path := range files {
		games, _ := readFile(t, path)
		for _, g := range games {
			pos, ply := g.Start(), 0
			for n := range g.Mainline() {
				if ply++; ply%4 != 1 { // a sample keeps the test quick
					play(&pos, n.Move)
					continue
				}
				positions++
				for _, text := range sanTexts(&pos) {
					body, _ := splitSuffix([]byte(text))
					q, err := parseMoveText(body)
					if err != nil {
						continue
					}
					quick := q.quick(&pos)
					if quick == chess.MoveNone {
						continue
					}
					answered++
					slow, err := q.slow(&pos, &ml)
					if err != nil || slow != quick {
						t.Fatalf("%s in %s: quick %v, slow %v %v", text, pos.FEN(), quick, slow, err)
					}
				}
				play(&pos, n.Move)
			}
		}
	}
	if answered == 0 {
		t.Fatal("quick never answered")
	}
	t.Logf("%d positions, %d quick answers checked", positions, answered)
}
