package server

import (
	"bytes"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/dice"
	"github.com/gambitchess/gambit/variant/dice/dicegame"
)

// TestDiceWireCapture plays an online dice-chess game over real
// WebSockets: the players see each turn's dice and may pass; the seed that
// rolls the dice to come is never sent before the end, its hash is; after
// the end the PGN the server writes passes dice.Verify, the check
// `gambit dice verify` runs.
func TestDiceWireCapture(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	host, guest, g, _ := onlinePair(t, s, srv, `{"mode":"online","variant":"dice","color":"white"}`)
	watcher := dial(t, srv, g.ID, "")
	watcher.state("state")
	seed := secretOf(t, s, g.ID)
	seats := map[chess.Color]*wsClient{chess.White: host, chess.Black: guest}

	tape := decodeTape(t, host.recorded())
	st := tape[len(tape)-1].state
	passes := 0
	// 36 plies keep each player within its burst of 30 messages (limit.go),
	// however the turns fall.
	for ply := 0; ply < 36 && (st.Status == "started" || st.Status == "created"); ply++ {
		if diceOf(st.Ext) == nil || len(diceOf(st.Ext).Rolled) != 3 {
			t.Fatalf("ply %d: no dice in %+v", ply, st)
		}
		turn := chess.White
		if st.Turn == "black" {
			turn = chess.Black
		}
		u := pickMove(st.Dests, st.FEN, ply)
		if diceOf(st.Ext).CanPass && ply%5 == 0 {
			u = "0000"
			passes++
		}
		seats[turn].send(`{"t":"move","d":{"u":"` + u + `"}}`)
		seen := watcher.position(ply + 1)
		if seen.Last == nil || seen.Last.UCI != u {
			t.Fatalf("ply %d: sent %s, the watcher saw %+v", ply, u, seen.Last)
		}
		white, black := host.position(ply+1), guest.position(ply+1)
		if st = white; seen.Turn == "black" {
			st = black
		}
	}
	if st.Status == "started" {
		host.send(`{"t":"resign"}`)
	}
	for _, c := range []*wsClient{host, guest, watcher} {
		end := finalState(t, c)
		if end.Fair == nil || end.Fair.Seed != seed.String() {
			t.Errorf("at the end: fair %+v", end.Fair)
		}
		for _, m := range decodeTape(t, c.recorded()) {
			if m.state.Status != "started" && m.state.Status != "created" {
				continue
			}
			if bytes.Contains(m.raw, []byte(seed.String())) {
				t.Fatalf("the seed was sent during play: %s", m.raw)
			}
			if m.state.Fair == nil || m.state.Fair.Commitment != seed.Commitment() {
				t.Errorf("no commitment in %s", m.raw)
			}
		}
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/games/"+g.ID+"/pgn", nil))
	turns, err := dice.Verify(strings.NewReader(rec.Body.String()))
	if err != nil || turns == 0 {
		t.Fatalf("dice.Verify(the PGN) = %d, %v\n%s", turns, err, rec.Body)
	}
	end := finalState(t, watcher)
	if !strings.Contains(rec.Body.String(), `[Result "`+end.Result+`"]`) || !strings.HasSuffix(strings.TrimSpace(rec.Body.String()), end.Result) {
		t.Errorf("the PGN does not give the game's result %s:\n%s", end.Result, rec.Body)
	}
	t.Logf("%d turns, %d passes verified", turns, passes)
}

// TestDiceAgainstTheComputer: the computer plays its whole turn, and the
// person gets the next turn's dice.
func TestDiceAgainstTheComputer(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"computer","variant":"dice","color":"white","level":"hard"}`)
	c := dial(t, srv, g.ID, g.Token)
	st := c.state("state")
	for st.Turn == "white" && st.Status != "mate" {
		u := pickMove(st.Dests, st.FEN, st.Ply)
		if diceOf(st.Ext).Moves > 0 {
			u = "0000"
		}
		c.send(`{"t":"move","d":{"u":"` + u + `"}}`)
		st = c.position(st.Ply + 1)
	}
	for st.Turn != "white" {
		st = c.position(st.Ply + 1)
	}
	if diceOf(st.Ext) == nil || diceOf(st.Ext).Moves != 0 || len(st.Dests) == 0 {
		t.Fatalf("after the computer's turn: %+v", st)
	}
}

// TestDiceBotSeesOnlyItsSight: two dice games whose seeds differ (so do
// all their rolls to come) but which rolled the same dice this turn give
// the bot the same Sight but for the seed's commitment, and the same move:
// the seed, which tells the rolls to come, is not among its inputs.
func TestDiceBotSeesOnlyItsSight(t *testing.T) {
	mk := func() *game.Game {
		g, err := game.New(game.Options{ID: "x", Mode: game.ModeComputer, Variant: dicegame.Dice,
			Seats: [2]game.Seat{{Kind: game.SeatBot, Level: "hard"}, {Kind: game.SeatHuman}}})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	a := mk()
	sa := a.Sight(game.SeatViewer(chess.White), true)
	var b *game.Game
	var sb game.Sight
	for range 200 { // three dice of two movable types: one game in eight rolls the same
		b = mk()
		if sb = b.Sight(game.SeatViewer(chess.White), true); slices.Equal(diceOf(sb.Ext).Rolled, diceOf(sa.Ext).Rolled) {
			break
		}
	}
	if a.Header().Seed == b.Header().Seed || !slices.Equal(diceOf(sb.Ext).Rolled, diceOf(sa.Ext).Rolled) {
		t.Fatalf("no second game with the same roll: %v / %v", diceOf(sa.Ext).Rolled, diceOf(sb.Ext).Rolled)
	}
	sameSightSameMove(t, a, sa, sb, chess.White, choose(dicegame.Dice))
}
