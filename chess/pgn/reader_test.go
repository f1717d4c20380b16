package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gambitchess/gambit/chess"
)

// readFile reads every game of a file as trees.
func readFile(t *testing.T, path string) ([]*Game, []*Error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, errs, err := ReadAll(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return games, errs
}

// TestRealGames reads the 5,186 games of pgn/games: no errors, and each
// final position agrees with an independent replay through chess.Game and
// with the fast path. Where a PlyCount tag exists, it must match.
func TestRealGames(t *testing.T) {
	total := 0
	for _, path := range dataFiles(t, "games") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			games, errs := readFile(t, path)
			for _, e := range errs {
				t.Errorf("%v", e)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			r := NewReader(f)
			var ml Mainline
			for i, g := range games {
				if err := r.NextMainline(&ml); err != nil {
					t.Fatalf("game %d: NextMainline: %v", i+1, err)
				}
				// Replay with chess's own SAN parser and legality check (not
				// chess.Game, which stops at automatic draws that players
				// sometimes play on from).
				replay, plies := g.Start(), 0
				for n := range g.Mainline() {
					m, err := replay.ParseSAN(replay.SAN(n.Move))
					if err != nil || m != n.Move || m != chess.MoveNull && !replay.IsLegal(m) {
						t.Fatalf("game %d ply %d: SAN round trip: %v %v", i+1, n.Ply(), m, err)
					}
					play(&replay, m)
					plies++
				}
				final := g.Final()
				if final.FEN() != replay.FEN() || ml.Final.FEN() != replay.FEN() {
					t.Fatalf("game %d: final %s, fast path %s, replay %s", i+1, final.FEN(), ml.Final.FEN(), replay.FEN())
				}
				if pc := g.Tags.Get("PlyCount"); pc != "" && pc != strconv.Itoa(plies) {
					t.Errorf("game %d: %d plies, PlyCount %s", i+1, plies, pc)
				}
				if len(ml.Moves) != plies || ml.Result != g.Result {
					t.Errorf("game %d: fast path %d plies %s, tree %d %s", i+1, len(ml.Moves), ml.Result, plies, g.Result)
				}
				for _, tag := range g.Tags {
					if !utf8.ValidString(tag.Value) {
						t.Errorf("game %d: tag %s not UTF-8: %q", i+1, tag.Name, tag.Value)
					}
				}
			}
			if err := r.NextMainline(&ml); err != io.EOF {
				t.Errorf("after the last game: %v, want io.EOF", err)
			}
			total += len(games)
		})
	}
	if total != 5186 {
		t.Errorf("read %d games, want 5186", total)
	}
}

// TestEdgeFiles checks each file of pgn/edge against its description in the
// data README: how many games, how many errors, and a file-specific check.
func TestEdgeFiles(t *testing.T) {
	tests := []struct {
		file  string
		games int // good games
		errs  int
		check func(t *testing.T, games []*Game, errs []*Error)
	}{
		{"python-chess/anastasian-lewis.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			if !slicesContains(gs[0].MainlineMoves(), chess.MoveNull) {
				t.Error("no null move read from Z0")
			}
		}},
		{"python-chess/antichess-programfox.pgn", 0, 2, wantErrIs(ErrUnsupportedVariant)},
		{"python-chess/chessbase-empty-line.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			if got := gs[0].Tags.Get("Date"); got != "2017.12.04" {
				t.Errorf("Date = %q, want the tag after the empty line", got)
			}
			wantPlies(t, gs[0], 134)
		}},
		{"python-chess/cutechess-fischerrandom.pgn", 4, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			for _, g := range gs {
				if s := g.Start(); !s.Chess960() {
					t.Errorf("%s: not read as Chess960", g.Tags.Get("FEN"))
				}
			}
		}},
		{"python-chess/kasparov-deep-blue-1997.pgn", 6, 0, func(t *testing.T, gs []*Game, _ []*Error) { wantPlies(t, gs[0], 89) }},
		{"python-chess/knightvuillaume-jannlee-zh-lichess.pgn", 0, 1, wantErrIs(ErrUnsupportedVariant)},
		{"python-chess/saturs-jannlee-zh-lichess.pgn", 0, 1, wantErrIs(ErrUnsupportedVariant)},
		{"python-chess/molinari-bordais-1979.pgn", 1, 0, wantFinal(chess.Checkmate)},
		{"python-chess/nepomniachtchi-liren-game1.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			if tc := gs[0].Tags.Get("TimeControl"); tc != "40/7200:20/3600:900+30" {
				t.Errorf("TimeControl %q", tc)
			}
		}},
		{"python-chess/stockfish-learning.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			if c := gs[0].Root.Next().Comment; c != "book" {
				t.Errorf("first comment %q, want book", c)
			}
		}},
		{"python-chess/uci-moves.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) { wantPlies(t, gs[0], 113) }},
		{"python-chess/utf8-bom.pgn", 2, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			if got := gs[0].Tags[0]; got.Name != "Event" || got.Value != "A" {
				t.Errorf("first tag %v, want Event A (BOM dropped)", got)
			}
			wantPlies(t, gs[0], 0)
			wantPlies(t, gs[1], 0)
		}},
		{"pychess/annotated.pgn", 1, 0, checkAnnotated},
		{"pychess/badpgn.pgn", 0, 1, wantErrIs(ErrSyntax)},
		{"pychess/chess960rwch.pgn", 20, 0, nil},
		{"pychess/3fold.pgn", 2, 0, func(t *testing.T, gs []*Game, _ []*Error) { wantPlies(t, gs[0], 8) }},
		{"pychess/threefold.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			start, final := gs[0].Start(), gs[0].Final()
			if start.Key() != final.Key() {
				t.Error("the game does not end in the start position")
			}
		}},
		{"pychess/50.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			if f := gs[0].Final(); f.HalfmoveClock() != 108 {
				t.Errorf("halfmove clock %d, want 108", f.HalfmoveClock())
			}
		}},
		{"pychess/50halfmoves.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			if f := gs[0].Final(); f.HalfmoveClock() != 50 {
				t.Errorf("halfmove clock %d, want 50", f.HalfmoveClock())
			}
		}},
		{"pychess/mate.pgn", 1, 0, wantFinal(chess.Checkmate)},
		{"pychess/insufficient_material.pgn", 1, 0, wantFinal(chess.InsufficientMaterial)},
		{"pychess/promotion.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			if gs[0].Result != "*" {
				t.Errorf("result %q, want *", gs[0].Result)
			}
		}},
		{"pychess/fenSetup.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			wantPlies(t, gs[0], 4)
			if got := gs[0].String(); !strings.Contains(got, "\n2... g6 3. h4") {
				t.Errorf("Black-to-move start written as\n%s", got)
			}
		}},
		{"notnil-chess/0001.pgn", 1, 0, nil},
		{"notnil-chess/0002.pgn", 1, 0, nil},
		{"notnil-chess/0003.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			if n := len(gs[0].Root.Next().Children); n != 2 {
				t.Errorf("%d continuations after 1. Nd5, want 2", n)
			}
		}},
		{"notnil-chess/0004.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			n := gs[0].Root.Next()
			if !n.HasClock || n.Clock.Seconds() != 30 || n.Eval == nil || n.Eval.Centipawns != 17 || n.Comment != "" {
				t.Errorf("1. e4: clock %v %v, eval %+v, comment %q", n.HasClock, n.Clock, n.Eval, n.Comment)
			}
		}},
		{"notnil-chess/0005.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			found := false
			for n := gs[0].Root; n != nil; n = n.Next() {
				for _, c := range n.Children {
					found = found || strings.Contains(c.Comment, "→") || strings.Contains(c.StartingComment, "→")
				}
			}
			if !found {
				t.Error("no comment holds the UTF-8 arrow")
			}
		}},
		{"notnil-chess/0006.pgn", 5, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			if gs[0].Tags.Get("UTCDate") == "" || gs[0].Tags.Get("Date") != "" {
				t.Errorf("tags %v", gs[0].Tags)
			}
		}},
		{"notnil-chess/0007.pgn", 5, 0, nil},
		{"notnil-chess/0008.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) { wantPlies(t, gs[0], 4) }},
		{"notnil-chess/0009.pgn", 1, 0, nil},
		{"notnil-chess/0010.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			if c := gs[0].End().Comment; c != "This opening is called the Ruy Lopez." {
				t.Errorf("comment %q", c)
			}
		}},
		{"notnil-chess/0011.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			for n := range gs[0].Mainline() {
				if n.Move.Promotion() == chess.Queen {
					if pos := n.Position(); !pos.InCheck() {
						t.Error("bxc8=Q+ gives no check")
					}
					return
				}
			}
			t.Error("no promotion read")
		}},
		{"notnil-chess/0012.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) { wantPlies(t, gs[0], 0) }},
		{"notnil-chess/0013.pgn", 3, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			if d := maxDepth(gs[2].Root, 0); d < 3 {
				t.Errorf("variations nest %d deep, want 3", d)
			}
		}},
		{"notnil-chess/0014.pgn", 5, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			for _, g := range gs {
				if _, ok := g.Tags.Lookup("White"); ok || g.Result != "*" {
					t.Errorf("tags %v, result %s", g.Tags, g.Result)
				}
			}
		}},
		{"notnil-chess/0015.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) { wantPlies(t, gs[0], 2) }},
		{"notnil-chess/lichess-sample-long-san.pgn", 1, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			for n := range gs[0].Mainline() {
				if n.Move == chess.NewMove(chess.D1, chess.D2) {
					return
				}
			}
			t.Error("Rd1d2 not read")
		}},
		{"mliebelt/32games.pgn", 32, 0, nil},
		{"mliebelt/sampleGames.pgn", 9, 0, nil},
		{"mliebelt/benko.pgn", 2, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			if v, ok := gs[0].Tags.Lookup("WhiteElo"); !ok || v != "" {
				t.Errorf("WhiteElo %q %v, want present and empty", v, ok)
			}
		}},
		{"mliebelt/lichess_mliebelt_2024-01-03.pgn", 8, 0, nil},
		{"rust-pgn-reader/legal.pgn", 100, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			n := 0
			for _, g := range gs {
				if g.Tags.Get("FEN") != "" {
					n++
				}
			}
			if n != 13 {
				t.Errorf("%d games from a FEN, want 13", n)
			}
		}},
		{"rust-pgn-reader/illegal.pgn", 99, 1, func(t *testing.T, _ []*Game, errs []*Error) {
			e := errs[0]
			if e.Line != 833 || e.Col != 7 || e.Game != 38 || e.Text != "b4" || !errors.Is(e, chess.ErrIllegalMove) {
				t.Errorf("got %v, want 833:7: game 38: \"b4\": illegal move", e)
			}
		}},
		{"scalachess/uzchesscup-tags-only.pgn", 45, 0, func(t *testing.T, gs []*Game, _ []*Error) {
			if gs[0].Tags.Get("Event") == "" || gs[1].Tags.Get("Event") != "" || gs[1].Tags.Get("Round") != "1.2" {
				t.Errorf("games split wrongly: %v / %v", gs[0].Tags, gs[1].Tags)
			}
		}},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.file] = true
		t.Run(tt.file, func(t *testing.T) {
			games, errs := readFile(t, filepath.Join(dataDir(t), "pgn", "edge", tt.file))
			if len(games) != tt.games || len(errs) != tt.errs {
				t.Fatalf("%d games and %d errors %v, want %d and %d", len(games), len(errs), errs, tt.games, tt.errs)
			}
			if tt.check != nil {
				tt.check(t, games, errs)
			}
		})
	}
	for _, path := range dataFiles(t, "edge") {
		rel, _ := filepath.Rel(filepath.Join(dataDir(t), "pgn", "edge"), path)
		if !seen[filepath.ToSlash(rel)] {
			t.Errorf("edge file %s has no test", rel)
		}
	}
}

// maxDepth returns how deep variations nest below n.
func maxDepth(n *Node, d int) int {
	best := d
	for i, c := range n.Children {
		cd := d
		if i > 0 {
			cd++
		}
		best = max(best, maxDepth(c, cd))
	}
	return best
}

func slicesContains(ms []chess.Move, m chess.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

func wantPlies(t *testing.T, g *Game, n int) {
	t.Helper()
	if got := len(g.MainlineMoves()); got != n {
		t.Errorf("%d plies, want %d", got, n)
	}
}

func wantErrIs(target error) func(*testing.T, []*Game, []*Error) {
	return func(t *testing.T, _ []*Game, errs []*Error) {
		t.Helper()
		for _, e := range errs {
			if !errors.Is(e, target) {
				t.Errorf("%v, want %v", e, target)
			}
		}
	}
}

func wantFinal(term chess.Termination) func(*testing.T, []*Game, []*Error) {
	return func(t *testing.T, gs []*Game, _ []*Error) {
		t.Helper()
		f := gs[0].Final()
		if got := f.Outcome().Termination; got != term {
			t.Errorf("final position: %v, want %v", got, term)
		}
	}
}

func checkAnnotated(t *testing.T, gs []*Game, _ []*Error) {
	g := gs[0]
	if g.Root.Comment != "Initial main line comment" {
		t.Errorf("root comment %q", g.Root.Comment)
	}
	e4 := g.Root.Next()
	if len(e4.NAGs) != 2 || e4.NAGs[0] != 1 || e4.NAGs[1] != 24 || e4.Comment != "some comment on e4" {
		t.Errorf("e4: NAGs %v comment %q", e4.NAGs, e4.Comment)
	}
	e5 := e4.Next()
	if len(e5.NAGs) != 1 || e5.NAGs[0] != 1 {
		t.Errorf("e5!: NAGs %v", e5.NAGs)
	}
	nf3 := e5.Next()
	if nf3.Comment != "[clk 1:05:23 ] comment on move 2. Nf3" {
		t.Errorf("Nf3 comment %q", nf3.Comment)
	}
	if len(e5.Children) != 2 || e5.Children[1].SAN() != "f4" || e5.Children[1].StartingComment != "Initial variation comment for move 2.f4 ['just for fun']" {
		t.Errorf("variation 2. f4 missing or wrong: %d children", len(e5.Children))
	}
	if len(nf3.Children) != 3 {
		t.Fatalf("%d moves after 2. Nf3, want 3 (Nc6, Nf6, d6)", len(nf3.Children))
	}
	nf6 := nf3.Children[1]
	if nc3 := nf6.Next(); len(nf6.Children) != 3 || nc3.SAN() != "Nc3" {
		t.Errorf("nested variations after 2... Nf6: %d", len(nf6.Children))
	}
	if g.End().SAN() != "Bc4" || len(g.End().NAGs) != 1 || g.End().NAGs[0] != 13 {
		t.Errorf("last move %s %v", g.End().SAN(), g.End().NAGs)
	}
}

func TestLatin1Names(t *testing.T) {
	games, _ := readFile(t, filepath.Join(dataDir(t), "pgn", "games", "dortmund-vanreek-latin1.pgn"))
	found := false
	for _, g := range games {
		if g.Tags.Get("White") == "Réti, Richard" || g.Tags.Get("Black") == "Réti, Richard" {
			found = true
		}
	}
	if !found {
		t.Error(`no player "Réti, Richard": Latin-1 not decoded`)
	}
}

// TestMalformed checks error positions and recovery on small inputs. Each
// input ends with a good game, which must still be read.
func TestMalformed(t *testing.T) {
	const good = "\n\n[Event \"good\"]\n\n1. e4 e5 *\n"
	tests := []struct {
		name, in  string
		line, col int
		text      string
		want      error
	}{
		{"illegal", "1. e4 e5 2. Ke3 *", 1, 13, "Ke3", chess.ErrIllegalMove},
		{"ambiguous", "[FEN \"4k3/8/8/8/8/8/4K3/R6R w - - 0 1\"]\n\n1. Rd1 *", 3, 4, "Rd1", chess.ErrAmbiguousMove},
		{"no promotion piece", "[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n1. a8 *", 2, 4, "a8", chess.ErrAmbiguousMove},
		{"not a move", "1. e4 Xy9 *", 1, 7, "Xy9", chess.ErrInvalidMove},
		{"broken tag", "[Event \"x]\n1. e4 *", 1, 1, "[Event \"x]", ErrSyntax},
		{"unknown variant", "[Variant \"Atomic\"]\n1. e4 *", 1, 1, "Atomic", ErrUnsupportedVariant},
		{"bad FEN", "[FEN \"8/8/8 w - - 0 1\"]\n1. e4 *", 1, 1, "8/8/8 w - - 0 1", nil},
		{"unclosed variation", "1. e4 (1. d4 d5 2. c4\n*", 1, 7, "(", ErrUnbalanced},
		{"unopened variation", "1. e4 e5) 2. Nf3 *", 1, 9, "", ErrUnbalanced},
		{"unterminated comment", "1. e4 {a comment\nthat never ends\n1-0", 1, 7, "{", ErrUnbalanced},
		{"stray character", "1. e4 & e5 *", 1, 7, "&", ErrSyntax},
		{"null move in check", "1. e4 f6 2. Qh5+ -- *", 1, 18, "--", chess.ErrIllegalMove},
		{"variation first", "( 1. e4 ) 1. d4 *", 1, 1, "", ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, errs, err := ReadAll(strings.NewReader(tt.in + good))
			if err != nil {
				t.Fatal(err)
			}
			if len(errs) != 1 {
				t.Fatalf("errors %v, want one", errs)
			}
			e := errs[0]
			if e.Line != tt.line || e.Col != tt.col || e.Game != 1 || (tt.text != "" && e.Text != tt.text) {
				t.Errorf("got %v, want %d:%d: game 1: %q", e, tt.line, tt.col, tt.text)
			}
			if tt.want != nil && !errors.Is(e, tt.want) {
				t.Errorf("got %v, want errors.Is %v", e, tt.want)
			}
			if len(games) != 1 || games[0].Tags.Get("Event") != "good" || len(games[0].MainlineMoves()) != 2 {
				t.Errorf("the good game after the bad one was not read: %d games", len(games))
			}
		})
	}
}

func TestErrorFormat(t *testing.T) {
	e := &Error{Line: 833, Col: 7, Game: 38, Text: "b4", Err: chess.ErrIllegalMove}
	if got, want := e.Error(), `833:7: game 38: "b4": chess: illegal move`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestMovetextForms reads the many ways files write the same moves.
func TestMovetextForms(t *testing.T) {
	const want = "e2e4 e7e5 g1f3 b8c6 f1b5"
	tests := []struct{ name, in string }{
		{"export", "1. e4 e5 2. Nf3 Nc6 3. Bb5 *"},
		{"no spaces", "1.e4 e5 2.Nf3 Nc6 3.Bb5 *"},
		{"black numbers", "1. e4 1... e5 2. Nf3 2... Nc6 3. Bb5 *"},
		{"no numbers", "e4 e5 Nf3 Nc6 Bb5 *"},
		{"two dots", "1. e4 1.. e5 2. Nf3 2.. Nc6 3. Bb5 *"},
		{"glued black", "1.e4 1...e5 2.Nf3 2...Nc6 3.Bb5 *"},
		{"uci", "e2e4 e7e5 g1f3 b8c6 f1b5 *"},
		{"long algebraic", "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 *"},
		{"suffixes", "1. e4! e5?! 2. Nf3!! Nc6?? 3. Bb5!? *"},
		{"comments", "{start} 1. e4 {a} ; rest of line\n e5 2. Nf3 {b}{c} Nc6 3. Bb5 *"},
		{"variations", "1. e4 (1. d4 d5 (1... Nf6)) e5 2. Nf3 Nc6 (2... d6 3. d4) 3. Bb5 *"},
		{"escape", "% escape line\n1. e4 e5\n%another\n2. Nf3 Nc6 3. Bb5 *"},
		{"crlf", "1. e4 e5\r\n2. Nf3 Nc6\r\n3. Bb5 *\r\n"},
		{"nags", "1. e4 $1 e5 $2 $10 2. Nf3 Nc6 3. Bb5 $14 *"},
		{"checks and marks", "1. e4+ e5# 2. Nf3 Nc6 3. Bb5 1/2-1/2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, errs, err := ReadAll(strings.NewReader(tt.in))
			if err != nil || len(errs) > 0 || len(games) != 1 {
				t.Fatalf("%d games, errors %v %v", len(games), errs, err)
			}
			var got []string
			for _, m := range games[0].MainlineMoves() {
				got = append(got, m.String())
			}
			if s := strings.Join(got, " "); s != want {
				t.Errorf("got %s, want %s", s, want)
			}
		})
	}
}

func TestEnPassantNote(t *testing.T) {
	g, err := NewReader(strings.NewReader("1. e4 Nf6 2. e5 d5 3. exd6 e.p. *")).Next()
	if err != nil {
		t.Fatal(err)
	}
	if m := g.End().Move; m.Kind() != chess.EnPassant {
		t.Errorf("last move %v, want en passant", m)
	}
}

func TestSuffixNAGs(t *testing.T) {
	g, err := NewReader(strings.NewReader("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! *")).Next()
	if err != nil {
		t.Fatal(err)
	}
	want := 1
	for n := range g.Mainline() {
		if len(n.NAGs) != 1 || int(n.NAGs[0]) != want {
			t.Errorf("%s: NAGs %v, want [%d]", n.SAN(), n.NAGs, want)
		}
		want++
	}
}

func TestCommentCommands(t *testing.T) {
	in := `1. e4 { [%clk 1:02:03.5] [%emt 0:00:07] [%eval #-3,20] [%csl Ga1,Rh8] [%cal Ge2e4,Bd1h5] good move [%unknown x] } *`
	g, err := NewReader(strings.NewReader(in)).Next()
	if err != nil {
		t.Fatal(err)
	}
	n := g.Root.Next()
	if !n.HasClock || n.Clock.String() != "1h2m3.5s" || !n.HasEMT || n.EMT.Seconds() != 7 {
		t.Errorf("clock %v emt %v", n.Clock, n.EMT)
	}
	if n.Eval == nil || n.Eval.Mate != -3 || n.Eval.Depth != 20 {
		t.Errorf("eval %+v", n.Eval)
	}
	if len(n.Squares) != 2 || n.Squares[1] != (Mark{'R', chess.H8, chess.H8}) || len(n.Arrows) != 2 || n.Arrows[1] != (Mark{'B', chess.D1, chess.H5}) {
		t.Errorf("marks %v %v", n.Squares, n.Arrows)
	}
	if n.Comment != "good move [%unknown x]" {
		t.Errorf("comment %q", n.Comment)
	}
	out := strings.ReplaceAll(g.String(), "\n", " ")
	if !strings.Contains(out, "{[%eval #-3,20] [%clk 1:02:03.5] [%emt 0:00:07] [%csl Ga1,Rh8] [%cal Ge2e4,Bd1h5] good move [%unknown x]}") {
		t.Errorf("written as\n%s", out)
	}
}

func TestVariantChess960(t *testing.T) {
	for _, v := range []string{"Chess960", "chess 960", "fischerandom", "Fischerandom", "Fischer Random"} {
		in := "[Variant \"" + v + "\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 *"
		g, err := NewReader(strings.NewReader(in)).Next()
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		if s := g.Start(); !s.Chess960() {
			t.Errorf("%s: start not Chess960", v)
		}
	}
	// Castling in Chess960 written O-O, and king-takes-rook in UCI.
	in := "[Variant \"Chess960\"]\n[FEN \"nrkbrqbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBRQBN w KQkq - 0 1\"]\n\n1. c3 c6 2. Bc2 Bc7 3. O-O-O *"
	g, err := NewReader(strings.NewReader(in)).Next()
	if err != nil {
		t.Fatal(err)
	}
	if m := g.End().Move; m.Kind() != chess.Castling {
		t.Errorf("O-O-O read as %v", m)
	}
}

func TestProgress(t *testing.T) {
	data := strings.Repeat("1. e4 e5 *\n", 20000)
	r := NewReader(strings.NewReader(data))
	var last int64
	r.OnProgress(func(n int64) { last = n })
	var ml Mainline
	games := 0
	for r.NextMainline(&ml) == nil {
		games++
	}
	if games != 20000 || last != int64(len(data)) || r.BytesRead() != last {
		t.Errorf("%d games, progress %d, want 20000 and %d", games, last, len(data))
	}
}

func TestNextTags(t *testing.T) {
	f, err := os.Open(filepath.Join(dataDir(t), "pgn", "games", "twic-232games.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewReader(f)
	n := 0
	for {
		tags, err := r.NextTags()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if tags.Get("White") == "" {
			t.Errorf("game %d: no White tag", n+1)
		}
		n++
	}
	if n != 232 {
		t.Errorf("%d games, want 232", n)
	}
}

// TestMainlineAllocs checks that the fast path allocates per game, not per move.
func TestMainlineAllocs(t *testing.T) {
	game := "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *\n"
	data := strings.Repeat(game, 50)
	var ml Mainline
	r := NewReader(strings.NewReader(data))
	r.NextMainline(&ml) // warm the reused buffers
	allocs := testing.AllocsPerRun(40, func() {
		if err := r.NextMainline(&ml); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 2 {
		t.Errorf("%.1f allocations per 20-move game, want at most 2 (the tag value)", allocs)
	}
}

// failingReader returns its data, then an error.
type failingReader struct {
	data string
	done bool
}

func (f *failingReader) Read(p []byte) (int, error) {
	if f.done {
		return 0, errors.New("disk on fire")
	}
	f.done = true
	return copy(p, f.data), nil
}

func TestReadError(t *testing.T) {
	r := NewReader(&failingReader{data: "[Event \"a\"]\n1. e4 e5 *\n[Event \"b\"]\n1. d4"})
	if g, err := r.Next(); err != nil || g.Tags.Get("Event") != "a" {
		t.Fatalf("first game: %v", err)
	}
	if g, err := r.Next(); err == nil || err.Error() != "disk on fire" || g != nil {
		t.Errorf("cut game: %v, %v; want the read error", g, err)
	}
}

func TestEvaluationSymbols(t *testing.T) {
	g, err := NewReader(strings.NewReader("1. e4 += e5 = 2. Nf3 +/- Nc6 -+ 3. Bb5 ± a6 ∞ 4. Ba4 +- 0000 *")).Next()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for n := range g.Mainline() {
		got = append(got, n.SAN()+strings.Trim(strings.Replace(strings.Trim(fmt.Sprint(n.NAGs), "[]"), " ", ",", -1), " "))
	}
	if s := strings.Join(got, " "); s != "e414 e510 Nf316 Nc619 Bb516 a613 Ba418 --" {
		t.Errorf("got %s", s)
	}
}

// TestConstantMemory streams the real games twice through Next and checks
// that the heap does not grow with the games read: the reader must keep
// nothing of the games it has handed out.
func TestConstantMemory(t *testing.T) {
	var all []byte
	for _, f := range dataFiles(t, "games") {
		all = append(all, readData(t, f)...)
	}
	r := NewReader(io.MultiReader(bytes.NewReader(all), bytes.NewReader(all)))
	var ms runtime.MemStats
	for n := 1; ; n++ {
		if _, err := r.Next(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if n%3000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > 32<<20 {
				t.Fatalf("after %d games, %d MB of heap in use", n, ms.HeapInuse>>20)
			}
		}
	}
}

// countGames reads path with one of the reader's methods and counts the
// games and the errors.
func countGames(t *testing.T, path string, next func(r *Reader) error) (games, errs int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewReader(f)
	for {
		err := next(r)
		if err == io.EOF {
			return games, errs
		}
		if _, ok := err.(*Error); ok {
			errs++
		} else if err != nil {
			t.Fatal(err)
		}
		games++
	}
}

// TestModesAgree checks that the four ways of reading find the same games
// in every data file, and the three that check moves the same errors.
func TestModesAgree(t *testing.T) {
	var ml Mainline
	for _, path := range append(dataFiles(t, "games"), dataFiles(t, "edge")...) {
		tree, treeErrs := countGames(t, path, func(r *Reader) error { _, err := r.Next(); return err })
		main, mainErrs := countGames(t, path, func(r *Reader) error { return r.NextMainline(&ml) })
		visit, visitErrs := countGames(t, path, func(r *Reader) error { return r.Visit(&eventVisitor{}) })
		tags, _ := countGames(t, path, func(r *Reader) error { _, err := r.NextTags(); return err })
		if tree != main || tree != visit || tree != tags || treeErrs != mainErrs || treeErrs != visitErrs {
			t.Errorf("%s: games/errors: Next %d/%d, NextMainline %d/%d, Visit %d/%d, NextTags %d",
				filepath.Base(path), tree, treeErrs, main, mainErrs, visit, visitErrs, tags)
		}
	}
}

// TestSkimFindsResults: NextTags, which skims the movetext, ends a game at
// the same result token as the full lexer, so that every reader counts the
// same games. FuzzReader found "0!1/2\"": the full lexer reads a number, a
// NAG and the result 1/2, then a stray quote as game 2, while the skim took
// "0!1/2" for one move and saw one game.
func TestSkimFindsResults(t *testing.T) {
	tests := []struct {
		in    string
		games int
	}{
		{"0!1/2\"", 2},
		{"12!1-0 e4", 2},   // number, NAG, result
		{"$1!1-0 *", 2},    // NAG, NAG, result
		{"1. e4!1-0 *", 1}, // "e4!1-0" is one (bad) move token
		{"1. e4 ½-½ 1. d4 *", 2},
		{"1. e4 e5 1-0\n\n1. d4 d5 0-1", 2},
		{"1. e4 e.p.1-0 *", 2}, // the note makes no token: the result follows it
	}
	var ml Mainline
	for _, tc := range tests {
		count := func(next func(*Reader) error) int {
			r := NewReader(strings.NewReader(tc.in))
			n := 0
			for next(r) != io.EOF {
				if n++; n > 10 {
					break
				}
			}
			return n
		}
		tree := count(func(r *Reader) error { _, err := r.Next(); return err })
		main := count(func(r *Reader) error { return r.NextMainline(&ml) })
		tags := count(func(r *Reader) error { _, err := r.NextTags(); return err })
		if tree != tc.games || main != tc.games || tags != tc.games {
			t.Errorf("%q: Next %d games, NextMainline %d, NextTags %d; want %d", tc.in, tree, main, tags, tc.games)
		}
	}
}
