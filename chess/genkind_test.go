package chess

import (
	"path/filepath"
	"testing"
)

// TestGenKindPartition checks that Captures and Quiets split All into two
// disjoint sets, for the legal and the pseudo-legal generators, and that
// each move lands in the right set: Captures holds the captures, en passant
// and every promotion to a queen (Stockfish's "noisy" moves), Quiets
// everything else, under-promotions by a push included. It walks two plies
// from every position of the perft data (one ply from the 960 Chess960
// start positions, and one ply for every file under -short).
func TestGenKindPartition(t *testing.T) {
	files := []struct {
		name     string
		chess960 bool
		depth    int
	}{
		{"cpw.epd", false, 2},
		{"perftsuite.epd", false, 2},
		{"tricky.epd", false, 2},
		{"chess960.epd", true, 1},
		{"chess960-tricky.epd", true, 2},
	}
	for _, file := range files {
		t.Run(file.name, func(t *testing.T) {
			depth := file.depth
			if testing.Short() {
				depth = 1
			}
			for _, c := range readPerftFile(t, filepath.Join(dataDir(t), "perft", file.name)) {
				p, err := ParseFEN960(c.fen)
				if err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				walkGenKinds(t, c.name, &p, depth)
			}
		})
	}
}

// TestGenKindPromotions: the queen promotion by a push is a Captures move,
// also when it blocks a check; the under-promotions by a push are Quiets.
func TestGenKindPromotions(t *testing.T) {
	tests := []struct {
		fen              string
		captures, quiets []string // promotions only
	}{
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", []string{"a7a8q"}, []string{"a7a8r", "a7a8b", "a7a8n"}},
		{"K7/8/8/8/8/8/p6k/8 b - - 0 1", []string{"a2a1q"}, []string{"a2a1r", "a2a1b", "a2a1n"}},
		// In check from a8 along the eighth rank: b8 blocks, a8 captures.
		{"r6K/1P6/8/8/8/8/8/k7 w - - 0 1",
			[]string{"b7b8q", "b7a8q", "b7a8r", "b7a8b", "b7a8n"}, []string{"b7b8r", "b7b8b", "b7b8n"}},
		// A pawn pinned along a diagonal promotes only by taking the pinner.
		{"4b3/3P4/8/1K6/8/8/8/k7 w - - 0 1", []string{"d7e8q", "d7e8r", "d7e8b", "d7e8n"}, nil},
		{"4r3/3P4/8/8/8/8/8/k2K4 w - - 0 1", []string{"d7d8q", "d7e8q", "d7e8r", "d7e8b", "d7e8n"}, []string{"d7d8r", "d7d8b", "d7d8n"}},
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []struct {
			kind GenKind
			want []string
		}{{Captures, tc.captures}, {Quiets, tc.quiets}} {
			var ml MoveList
			p.Generate(k.kind, &ml)
			var got []string
			for _, m := range ml.Moves() {
				if m.Kind() == Promotion {
					got = append(got, p.UCI(m))
				}
			}
			if !sameStrings(got, k.want) {
				t.Errorf("%s kind %d: promotions %v, want %v", tc.fen, k.kind, got, k.want)
			}
		}
		walkGenKinds(t, tc.fen, &p, 0)
	}
}

func sameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, s := range a {
		seen[s]++
	}
	for _, s := range b {
		if seen[s]--; seen[s] < 0 {
			return false
		}
	}
	return true
}

// isNoisy says whether m belongs in Captures.
func isNoisy(p *Position, m Move) bool {
	switch m.Kind() {
	case EnPassant:
		return true
	case Castling:
		return false
	}
	return p.PieceAt(m.To()) != NoPiece || m.Kind() == Promotion && m.Promotion() == Queen
}

func walkGenKinds(t *testing.T, name string, p *Position, depth int) {
	t.Helper()
	type generator struct {
		name string
		gen  func(GenKind, *MoveList)
	}
	gens := []generator{{"Generate", p.Generate}, {"GeneratePseudo", p.GeneratePseudo}}
	if p.Pieces(White, King) == 0 || p.Pieces(Black, King) == 0 {
		gens = gens[1:]
	}
	var all, caps, quiets MoveList
	for _, g := range gens {
		g.gen(All, &all)
		g.gen(Captures, &caps)
		g.gen(Quiets, &quiets)
		for _, m := range caps.Moves() {
			if !isNoisy(p, m) || quiets.Contains(m) || !all.Contains(m) {
				t.Fatalf("%s: %s: %s(Captures) holds %s: noisy %v, in Quiets %v, in All %v",
					name, p.FEN(), g.name, p.UCI(m), isNoisy(p, m), quiets.Contains(m), all.Contains(m))
			}
		}
		for _, m := range quiets.Moves() {
			if isNoisy(p, m) || !all.Contains(m) {
				t.Fatalf("%s: %s: %s(Quiets) holds %s: noisy %v, in All %v", name, p.FEN(), g.name, p.UCI(m), isNoisy(p, m), all.Contains(m))
			}
		}
		for _, m := range all.Moves() {
			if !caps.Contains(m) && !quiets.Contains(m) {
				t.Fatalf("%s: %s: %s(All) holds %s, which is in neither Captures nor Quiets", name, p.FEN(), g.name, p.UCI(m))
			}
		}
	}
	if depth == 0 {
		return
	}
	var legal MoveList
	p.GenerateLegal(&legal)
	for _, m := range legal.Moves() {
		child := *p
		child.Play(m)
		walkGenKinds(t, name, &child, depth-1)
	}
}
