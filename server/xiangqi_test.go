package server

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/profile"
	"github.com/gambitchess/gambit/variant/chessgame"
	"github.com/gambitchess/gambit/variant/xiangqigame"
)

// chariotMate: Red mates in two, a0a9 d9d8 b0d0.
const chariotMate = "3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1"

func TestXiangqiOverHTTPAndWebSocket(t *testing.T) {
	dir := t.TempDir()
	st := openStore(t, dir)
	s, srv, stop := serve(t, st, nil)
	g := create(t, s.Handler(), `{"mode":"local","variant":"xiangqi","setup":"`+chariotMate+`"}`)
	if g.State.Variant != xiangqigame.Xiangqi || g.State.FEN != chariotMate || !slices.Contains(g.State.Dests["a0"], "a9") {
		t.Fatalf("created %+v", g.State)
	}
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	p.send(`{"t":"move","d":{"u":"a0a9"}}`)
	if m := p.state("move"); m.Last == nil || m.Last.SAN != "俥九進九" || m.Last.WXF != "R9+9" || m.Variant != xiangqigame.Xiangqi {
		t.Fatalf("move event %+v", m)
	}
	p.send(`{"t":"move","d":{"u":"d9e9"}}`) // the flying general forbids it
	p.wantError("illegal_move")
	p.send(`{"t":"draw-claim"}`)
	p.wantError("cannot_claim")
	p.send(`{"t":"move","d":{"u":"d9d8"}}`)
	p.state("move")
	p.send(`{"t":"move","d":{"u":"b0d0"}}`)
	end := p.state("move")
	if end.Status != "mate" || end.Result != "1-0" || end.Termination != "checkmate" || end.Winner != "white" ||
		end.Check != "d8" || len(end.Dests) != 0 {
		t.Fatalf("after the mate: %+v", end)
	}
	p.conn.CloseNow()
	stop()
	st.Close()

	// After a restart the game, its variant and its PGN are still there.
	s, _, _ = serve(t, openStore(t, dir), nil)
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/games/"+g.ID+"/pgn", nil))
	for _, want := range []string{`[Format "Chinese"]`, `[Red "?"]`, "1. 俥九進九 將４進１", "俥八平六", "1-0"} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("PGN lacks %q:\n%s", want, rec.Body.String())
		}
	}
	rec = httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/games", nil))
	var list []profile.Summary
	if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil || len(list) != 1 ||
		list[0].Variant != xiangqigame.Xiangqi || list[0].Termination != "checkmate" {
		t.Errorf("list: %v %s", err, rec.Body.String())
	}
}

func TestXiangqiAgainstTheComputer(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"computer","variant":"xiangqi","color":"black","level":"beginner","clock":{"minutes":1,"increment":0}}`)
	p := dial(t, srv, g.ID, g.Token, "v=0")
	p.next("hello")
	first := p.position(1) // the computer opens as Red
	if first.Ply != 1 || first.Turn != "black" {
		t.Fatalf("computer's first move: %+v", first)
	}
	from, tos := anyDest(first.Dests)
	p.send(`{"t":"move","d":{"u":"` + from + tos + `"}}`)
	p.state("move")
	if reply := p.state("move"); reply.Ply != 3 {
		t.Fatalf("computer's reply: ply %d", reply.Ply)
	}
	p.send(`{"t":"takeback"}`)
	if tb := p.state("state"); tb.Ply != 1 || tb.Turn != "black" {
		t.Fatalf("takeback: ply %d turn %s", tb.Ply, tb.Turn)
	}
	p.send(`{"t":"move","d":{"u":"` + from + tos + `"}}`) // both sides have moved: a resignation is a loss, not an abort
	p.state("move")
	if reply := p.state("move"); reply.Ply != 3 {
		t.Fatalf("computer's reply after the takeback: ply %d", reply.Ply)
	}
	p.send(`{"t":"resign"}`)
	end := p.state("state")
	if end.Status != "resigned" || end.Result != "1-0" || end.Termination != "resignation" {
		t.Fatalf("resign: %+v", end)
	}
	if name := end.Seats["white"].Name; name != "Gambit Beginner" {
		t.Errorf("computer seat named %q", name)
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/levels?variant=xiangqi", nil))
	if !strings.Contains(rec.Body.String(), "Alpha-beta (2 plies)") || strings.Contains(rec.Body.String(), "Minimax") || strings.Contains(rec.Body.String(), "skill") {
		t.Errorf("xiangqi levels: %s", rec.Body.String())
	}
	rec = httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/levels?variant=go", nil))
	if rec.Code != 422 {
		t.Errorf("levels of an unknown variant: %d", rec.Code)
	}
}

// anyDest returns one legal move from dests, the first in sorted order.
func anyDest(dests map[string][]string) (string, string) {
	var froms []string
	for f := range dests {
		froms = append(froms, f)
	}
	slices.Sort(froms)
	return froms[0], dests[froms[0]][0]
}

func TestEngineBotPlaysXiangqi(t *testing.T) {
	bot := computer.NewEngineBot(7)
	g, err := game.New(game.Options{Variant: xiangqigame.Xiangqi})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"greedy", "beginner", "full"} {
		l, _ := computer.LevelFor(chessgame.Chess, name)
		l.MoveTime = min(l.MoveTime, 200*time.Millisecond)
		m, err := bot.Move(context.Background(), g, l)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !slices.Contains(g.DestsFor(game.Viewer{Seats: [2]bool{true, true}})[m[:2]], m[2:4]) {
			t.Fatalf("%s played illegal %s", name, m)
		}
	}
	mate, err := game.New(game.Options{Variant: xiangqigame.Xiangqi, StartFEN: chariotMate, MoveText: []string{"a0a9", "d9d8"}})
	if err != nil {
		t.Fatal(err)
	}
	full, _ := computer.LevelFor(chessgame.Chess, "full")
	full.MoveTime = 300 * time.Millisecond
	if m, err := bot.Move(context.Background(), mate, full); err != nil || m != "b0d0" {
		t.Errorf("full level in a mate in one: %s %v, want b0d0", m, err)
	}
	greedy, _ := computer.LevelFor(xiangqigame.Xiangqi, "greedy")
	m, err := bot.Move(context.Background(), mate, greedy)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mate.Move(chess.White, m); err != nil || mate.Result() != "1-0" {
		t.Errorf("greedy level in a mate in one played %s (%v), result %s", m, err, mate.Result())
	}
	if bot.AcceptsDraw(context.Background(), g, chess.Black) {
		t.Error("Black accepted a draw in the xiangqi start position (too early: computer/judge.go)")
	}
}
