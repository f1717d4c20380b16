package game

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// castle960 is a Chess960 position where both sides may castle both ways at
// once: White's king on b1 between rooks on a1 and h1, Black's on g8
// between b8 and h8.
const castle960 = "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1"

func newChess960(t *testing.T, setup string) *Game {
	t.Helper()
	g, err := New(Options{ID: "c960", Mode: ModeLocal, Variant: Chess960, Setup: setup,
		Seats: [2]Seat{{Kind: SeatHuman}, {Kind: SeatHuman}}, Now: time.Now})
	if err != nil {
		t.Fatalf("New(chess960, %q): %v", setup, err)
	}
	return g
}

func TestChess960Setup(t *testing.T) {
	const pgn960 = `[Variant "Chess960"]
[SetUp "1"]
[FEN "` + castle960 + `"]

1. O-O-O O-O 2. Kb1 *`
	tests := []struct {
		name, in  string
		start     string
		moves     string // UCI, space-separated
		wantError bool
	}{
		{"number 518 is the standard start", "518", chess.StartFEN, "", false},
		{"number 0", " 0\n", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", "", false},
		{"number 959", "959", "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1", "", false},
		{"number 960", "960", "", "", true},
		{"a number too long for int", "99999999999999999999999", "", "", true},
		{"negative number", "-1", "", "", true},
		{"X-FEN", castle960, castle960, "", false},
		{"Shredder-FEN", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAhb - 0 1", castle960, "", false},
		{"a FEN with no king", "8/8/8/8/8/8/8/8 w - - 0 1", "", "", true},
		{"PGN of a Chess960 game, castling as king takes rook", pgn960, castle960, "b1a1 g8h8 c1b1", false},
		{"PGN of a standard game", "1. e4 e5 *", "", "", true},
		{"PGN of no game", "[Event \"x\"]", "", "", true},
	}
	for _, tt := range tests {
		start, moves, err := setupOf(Chess960, tt.in)
		switch {
		case tt.wantError && !errors.Is(err, ErrBadSetup):
			t.Errorf("%s: got %q %v, %v; want ErrBadSetup", tt.name, start, moves, err)
		case tt.wantError:
		case err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case start != tt.start || strings.Join(moves, " ") != tt.moves:
			t.Errorf("%s: got %q %q, want %q %q", tt.name, start, strings.Join(moves, " "), tt.start, tt.moves)
		}
	}
}

// TestChess960RandomStart: an empty setup draws a start position: always a
// legal Chess960 array, and not always the same one.
func TestChess960RandomStart(t *testing.T) {
	seen := map[string]bool{}
	for range 200 {
		start, moves, err := setupOf(Chess960, "")
		if err != nil || moves != nil {
			t.Fatalf("random setup: %q %v %v", start, moves, err)
		}
		if err := checkStart960(start); err != nil {
			t.Fatalf("random setup %s: %v", start, err)
		}
		seen[start] = true
	}
	if len(seen) < 2 {
		t.Errorf("200 draws gave %d start position(s)", len(seen))
	}
	g := newChess960(t, "")
	if err := checkStart960(g.startFEN()); err != nil || g.Header().StartFEN != g.startFEN() {
		t.Errorf("a new game's start %s (header %q): %v", g.startFEN(), g.Header().StartFEN, err)
	}
}

// checkStart960 checks that fen is a Chess960 start position: the pawns in
// place, Black mirroring White, bishops on squares of both colours, the
// king between the rooks, every castling right.
func checkStart960(fen string) error {
	p, err := chess.ParseFEN960(fen)
	if err != nil {
		return err
	}
	ranks := strings.Split(strings.Fields(fen)[0], "/")
	back := ranks[7]
	switch {
	case strings.Join(ranks[1:7], "/") != "pppppppp/8/8/8/8/PPPPPPPP":
		return errors.New("pawns or empty ranks out of place")
	case ranks[0] != strings.ToLower(back):
		return errors.New("Black does not mirror White")
	case p.Castling() != chess.AnyCastling || p.SideToMove() != chess.White:
		return errors.New("not every castling right, or Black to move")
	}
	sorted := []byte(back)
	slices.Sort(sorted)
	if string(sorted) != "BBKNNQRR" {
		return errors.New("not the eight pieces of a back rank")
	}
	b1, b2 := strings.IndexByte(back, 'B'), strings.LastIndexByte(back, 'B')
	k, r1, r2 := strings.IndexByte(back, 'K'), strings.IndexByte(back, 'R'), strings.LastIndexByte(back, 'R')
	if (b1+b2)%2 == 0 {
		return errors.New("both bishops on squares of one colour")
	}
	if k < r1 || k > r2 {
		return errors.New("the king is not between its rooks")
	}
	return nil
}

// TestChess960Castling: both sides castle both ways through Game.Move, as
// the king's move onto its rook; the destinations offer it that way, the
// king's two-square step is no castling, and a reload replays it.
func TestChess960Castling(t *testing.T) {
	tests := []struct {
		moves []string
		sans  string
		fen   string
	}{
		{[]string{"b1a1", "g8h8"}, "O-O-O O-O", "1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2"},
		{[]string{"b1h1", "g8b8"}, "O-O O-O-O", "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2"},
	}
	for _, tt := range tests {
		g := newChess960(t, castle960)
		if d := g.DestsFor(Viewer{Seats: [2]bool{true, true}})["b1"]; !slices.Contains(d, "a1") || !slices.Contains(d, "h1") || slices.Contains(d, "g1") {
			t.Errorf("king's dests %v, want a1 and h1 (castling) and no g1", d)
		}
		if _, err := g.Move(chess.White, "b1g1"); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("b1g1: got %v, want ErrIllegalMove (castling is b1h1)", err)
		}
		rec := &recorder{t: t, g: g}
		var sans []string
		for _, u := range tt.moves {
			evs, err := g.Move(g.Turn(), u)
			rec.do(evs, err)
			if evs[0].Step.UCI != u {
				t.Errorf("%s recorded as %s", u, evs[0].Step.UCI)
			}
			sans = append(sans, evs[0].Step.SAN)
		}
		if got := strings.Join(sans, " "); got != tt.sans || g.fen() != tt.fen {
			t.Errorf("%v: got %s, %s; want %s, %s", tt.moves, got, g.fen(), tt.sans, tt.fen)
		}
		sameGame(t, rec.reload(time.Now), g, [2]time.Duration{})
	}
}

// TestChess960Reload: a game from a drawn start, saved and loaded, starts
// from the same position and replays the same moves.
func TestChess960Reload(t *testing.T) {
	g := newChess960(t, "")
	rec := &recorder{t: t, g: g}
	rng := rand.New(rand.NewPCG(960, 0))
	for g.Ply() < 30 && !g.Status().Finished() {
		cg, _ := chessGameOf(g)
		p := cg.Position()
		moves := cg.LegalMoves()
		rec.do(g.Move(g.Turn(), p.UCI(moves[rng.IntN(len(moves))])))
	}
	got := rec.reload(time.Now)
	if got.startFEN() != g.startFEN() || got.Header().StartFEN != g.Header().StartFEN || got.Variant() != Chess960 {
		t.Errorf("reloaded from %s (%s), want %s", got.startFEN(), got.Variant(), g.startFEN())
	}
	sameGame(t, got, g, [2]time.Duration{})
	cg, ok := chessGameOf(got)
	if !ok {
		t.Fatal("reloaded game: ChessGame not ok")
	}
	if start := cg.StartPosition(); !start.Chess960() {
		t.Errorf("reloaded game's chess game starts from %s, not a Chess960 position", start.FEN())
	}
}

// TestChess960PGN: the export names the variant and the start, writes
// castling as O-O, and reads back as the same setup.
func TestChess960PGN(t *testing.T) {
	g := newChess960(t, castle960)
	play(t, g, "b1a1", "g8h8", "c1b1")
	out := pgnOf(t, g)
	for _, want := range []string{`[Variant "Chess960"]`, `[SetUp "1"]`, `[FEN "` + castle960 + `"]`,
		`[Event "Gambit local chess960 game"]`, "1. O-O-O O-O 2. Kb1 *"} {
		if !strings.Contains(out, want) {
			t.Errorf("PGN lacks %s:\n%s", want, out)
		}
	}
	start, moves, err := setupOf(Chess960, out)
	if err != nil || start != castle960 || strings.Join(moves, " ") != "b1a1 g8h8 c1b1" {
		t.Errorf("PGN read back: %q %v %v", start, moves, err)
	}
	// The standard start in Chess960 says so too: its castling is Chess960's.
	std := newChess960(t, "518")
	if out := pgnOf(t, std); !strings.Contains(out, `[Variant "Chess960"]`) || !strings.Contains(out, `[FEN "`+chess.StartFEN+`"]`) {
		t.Errorf("PGN of position 518:\n%s", out)
	}
}

// TestChess960GameForEngines: the chess game behind a Chess960 game is a
// Chess960 one, so an engine reading it castles by Chess960 rules.
func TestChess960GameForEngines(t *testing.T) {
	g := newChess960(t, castle960)
	cg, ok := chessGameOf(g)
	if !ok {
		t.Fatal("ChessGame: not ok in Chess960")
	}
	if p := cg.Position(); !p.Chess960() || p.FEN() != castle960 {
		t.Errorf("ChessGame position %s, Chess960 %v", p.FEN(), p.Chess960())
	}
	if _, ok := xiangqiGameOf(g); ok {
		t.Error("XiangqiGame ok in Chess960")
	}
}

// FuzzChess960Setup: whatever a player pastes, the setup is refused with
// ErrBadSetup or gives a start that reads back as itself and moves a game
// can play from it.
func FuzzChess960Setup(f *testing.F) {
	for _, s := range []string{"", "518", "0", "959", "960", "007", castle960,
		"rkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/RKRNBBQN w CAca - 0 1",
		"[Variant \"Chess960\"]\n[FEN \"" + castle960 + "\"]\n\n1. O-O-O O-O *", "1. e4 e5 *"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		start, moves, err := setupOf(Chess960, text)
		if err != nil {
			if !errors.Is(err, ErrBadSetup) {
				t.Fatalf("%q: error %v does not wrap ErrBadSetup", text, err)
			}
			return
		}
		again, none, err := setupOf(Chess960, start)
		if err != nil || again != start || none != nil {
			t.Fatalf("%q: start %q reads back as %q %v %v", text, start, again, none, err)
		}
		if _, err := New(Options{Variant: Chess960, StartFEN: start, MoveText: moves}); err != nil {
			t.Fatalf("%q: start %q moves %v: %v", text, start, moves, err)
		}
	})
}
