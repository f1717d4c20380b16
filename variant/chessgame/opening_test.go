package chessgame

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/opening"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/internal/shareddata"
	"github.com/gambitchess/gambit/variant/xiangqigame"
)

// TestOpening: a chess game names its opening in Opening and in the PGN
// tags ECO and Opening, follows takebacks, and a game that has none (a
// set-up start, xiangqi, a Chess960 start but 518) says nothing.
func TestOpening(t *testing.T) {
	tests := []struct {
		name    string
		variant game.Variant
		setup   string
		moves   []string
		eco     string // "": none
		opening string
	}{
		{"king's knight", Chess, "", []string{"e2e4", "e7e5", "g1f3"}, "C40", "King's Knight Opening"},
		{"from a pasted PGN", Chess, "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *", nil, "B90", "Sicilian Defense: Najdorf Variation"},
		{"not yet", Chess, "", nil, "", ""},
		{"set-up position", Chess, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", []string{"e7e5", "g1f3"}, "", ""},
		{"chess960 518", Chess960, "518", []string{"e2e4", "e7e5", "g1f3"}, "C40", "King's Knight Opening"},
		{"chess960 0", Chess960, "0", []string{"e2e4", "e7e5"}, "", ""},
		{"xiangqi", xiangqigame.Xiangqi, "", []string{"h2e2", "h9g7"}, "", ""},
	}
	for _, tt := range tests {
		g, err := game.New(game.Options{ID: "o", Mode: game.ModeLocal, Variant: tt.variant, Setup: tt.setup,
			Seats: [2]game.Seat{{Kind: game.SeatHuman}, {Kind: game.SeatHuman}}, Now: time.Now})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		for _, m := range tt.moves {
			if _, err := g.Move(g.Turn(), m); err != nil {
				t.Fatalf("%s: %s: %v", tt.name, m, err)
			}
		}
		o, ok := g.Opening()
		if ok != (tt.eco != "") || o.ECO != tt.eco || o.Name != tt.opening {
			t.Errorf("%s: Opening() = %+v, %v; want %s %s", tt.name, o, ok, tt.eco, tt.opening)
		}
		pgn := pgnOf(t, g)
		hasTags := strings.Contains(pgn, `[ECO "`+tt.eco+`"]`) && strings.Contains(pgn, `[Opening "`+tt.opening+`"]`)
		if hasTags != (tt.eco != "") || (tt.eco == "" && strings.Contains(pgn, "[ECO ")) {
			t.Errorf("%s: PGN tags wrong:\n%s", tt.name, pgn)
		}
	}
}

// TestOpeningFollowsTakebacks: the name is cached per position, so a
// move taken back and another played at the same ply renames the game.
func TestOpeningFollowsTakebacks(t *testing.T) {
	r := newChessRules(chess.StartPosition())
	for _, m := range []string{"e2e4", "e7e5", "g1f3"} {
		if _, err := r.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if o, _ := r.Opening(); o.ECO != "C40" {
		t.Fatalf("after 1.e4 e5 2.Nf3: %+v", o)
	}
	r.Pop()
	if _, err := r.Play("f2f4"); err != nil {
		t.Fatal(err)
	}
	if o, _ := r.Opening(); o.Name != "King's Gambit" {
		t.Errorf("after 1.e4 e5 2.f4: %+v, want King's Gambit", o)
	}
}

// TestOpeningAfterTakebacksAndATransposition: the same position at the
// same ply, reached again another way after takebacks, is named by its
// own way (review of opening.Next: 1.Na3 a6 2.Nf3 is the Sodium Attack,
// 1.Nf3 a6 2.Na3 the Zukertort's St. George Defense).
func TestOpeningAfterTakebacksAndATransposition(t *testing.T) {
	r := newChessRules(chess.StartPosition())
	for _, m := range []string{"b1a3", "a7a6", "g1f3"} {
		if _, err := r.Play(m); err != nil {
			t.Fatal(err)
		}
		r.Opening()
	}
	r.Pop()
	r.Pop()
	r.Pop()
	for i, m := range []string{"g1f3", "a7a6", "b1a3", "b8c6"} {
		if _, err := r.Play(m); err != nil {
			t.Fatal(err)
		}
		if i < 2 {
			continue // unasked: the hub asks once a command, which may play several
		}
		got, gotOK := r.opening()
		want, wantOK := opening.Classify(r.g)
		if got != want || gotOK != wantOK {
			t.Fatalf("after %s: %+v %v, want %+v %v", m, got, gotOK, want, wantOK)
		}
	}
}

// TestOpeningCarriedByPlay: Play carries the name one ply on (so Opening
// does not replay the game at every move), and what Opening answers is
// Classify's answer for the game as it stands, through real games with
// the name asked at some plies and not others, and moves taken back and
// played again or differently between.
func TestOpeningCarriedByPlay(t *testing.T) {
	f, err := os.Open(shareddata.Path(t, "pgn/games/twic0920.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := pgn.NewReader(f)
	for i := range 60 {
		pg, err := rd.Next()
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		r := newChessRules(pg.Start())
		check := func(when string) {
			t.Helper()
			got, gotOK := r.opening()
			want, wantOK := opening.Classify(r.g)
			if got != want || gotOK != wantOK {
				t.Fatalf("game %d ply %d %s: Opening %+v %v, Classify %+v %v", i, r.g.Ply(), when, got, gotOK, want, wantOK)
			}
		}
		play := func(uci string) {
			t.Helper()
			if _, err := r.Play(uci); err != nil {
				t.Fatalf("game %d: %s: %v", i, uci, err)
			}
		}
		ply := 0
		for n := range pg.Mainline() {
			pos := r.g.Position()
			uci := pos.UCI(n.Move)
			ply++
			if ply%7 == 0 { // another move first, taken back
				var ml chess.MoveList
				pos.GenerateLegal(&ml)
				play(pos.UCI(ml.Moves()[0]))
				check("after another move")
				r.Pop()
			}
			play(uci)
			if ply%3 != 0 {
				check("after the move")
			}
			if ply%11 == 0 { // taken back and played again, unasked
				r.Pop()
				play(uci)
			}
		}
		check("at the end")
	}
}

// TestFENFollowsPlayAndPop: the FEN written once a position is the
// position's own after every move and takeback, the move counters
// included (1.Nf3 Nf6 2.Ng1 Ng8 is the start's placement at other
// counters).
func TestFENFollowsPlayAndPop(t *testing.T) {
	r := newChessRules(chess.StartPosition())
	check := func(when string) {
		t.Helper()
		p := r.g.Position()
		if got, want := r.FEN(), p.FEN(); got != want {
			t.Fatalf("%s: FEN %q, want %q", when, got, want)
		}
		s := r.g.StartPosition()
		if got, want := r.StartFEN(), s.FEN(); got != want {
			t.Fatalf("%s: StartFEN %q, want %q", when, got, want)
		}
	}
	check("at the start")
	for _, step := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "-", "-", "-", "-", "e2e4", "e7e5", "-", "b8c6", "g1f3", "-", "-", "d7d5"} {
		if step == "-" {
			r.Pop()
			check("after a takeback")
			continue
		}
		if _, err := r.Play(step); err != nil {
			t.Fatal(err)
		}
		check("after " + step)
	}
	// A move taken back and another played, the FEN unasked between.
	r.Pop()
	if _, err := r.Play("d7d6"); err != nil {
		t.Fatal(err)
	}
	check("after d7d5 taken back unasked and d7d6 played")
	c := r.Clone()
	if got, want := c.FEN(), r.FEN(); got != want {
		t.Errorf("a clone's FEN %q, want %q", got, want)
	}
}

// pgnOf returns g's PGN, failing the test when it cannot be written.
func pgnOf(t *testing.T, g *game.Game) string {
	t.Helper()
	out, err := g.View(game.Spectator).PGN()
	if err != nil {
		t.Fatal(err)
	}
	return out
}
