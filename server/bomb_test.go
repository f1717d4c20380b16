package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/variant/bomb"
	"github.com/gambitchess/gambit/variant/bomb/bombgame"
	"github.com/gambitchess/gambit/variant/fair"
)

// secretOf reads a live game's seed on its hub, as only the server can.
func secretOf(t *testing.T, s *Server, id string) fair.Seed {
	t.Helper()
	var text string
	if err := s.read(context.Background(), id, func(g *game.Game) { text = g.Header().Seed }); err != nil {
		t.Fatal(err)
	}
	seed, err := fair.ParseSeed(text)
	if err != nil {
		t.Fatalf("the game's seed: %v", err)
	}
	return seed
}

// TestBombWireCapture plays an online bomb-chess game over real WebSockets
// and checks every byte two players and a spectator receive: before the
// end, no mine is named but those that went off, and the seed never shows;
// its hash does, and at the end the seed and all eight mines.
func TestBombWireCapture(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	host, guest, g, _ := onlinePair(t, s, srv, `{"mode":"online","variant":"bomb","color":"white"}`)
	watcher := dial(t, srv, g.ID, "")
	watcher.state("state")
	seed := secretOf(t, s, g.ID)
	mines := bomb.Mines(seed)
	seats := map[chess.Color]*wsClient{chess.White: host, chess.Black: guest}

	var st round.StateJSON
	tape := decodeTape(t, host.recorded())
	st = tape[len(tape)-1].state
	blasts, httpChecks := 0, 0
	for ply := 0; ply < 56 && (st.Status == "started" || st.Status == "created"); ply++ {
		turn := chess.White
		if st.Turn == "black" {
			turn = chess.Black
		}
		u := pickMove(st.Dests, st.FEN, ply)
		seats[turn].send(`{"t":"move","d":{"u":"` + u + `"}}`)
		st = seats[turn.Other()].position(ply + 1)
		if st.Last != nil && blastOf(*st.Last) != "" {
			blasts++
		}
		// After every move while the game goes on: a move can end it (a
		// mine that exposes the king, in 5 of 150 runs before ply 20), and
		// then the seed is rightly shown (the CI run of 2026-12-07 looked
		// once, at ply 20, the ply whose mine had just ended the game).
		if st.Status == "started" {
			checkSeedHiddenHTTP(t, s, g.ID, seed)
			httpChecks++
		}
	}
	if httpChecks == 0 {
		t.Errorf("the game ended at ply %d, before the seed was looked for over HTTP during play", st.Ply)
	}
	if st.Status == "started" {
		host.send(`{"t":"resign"}`)
	}
	for _, c := range []*wsClient{host, guest, watcher} {
		end := finalState(t, c)
		if end.Fair == nil || end.Fair.Seed != seed.String() || len(bombExt(end.Ext).Mines) != bomb.NumMines {
			t.Errorf("at the end: fair %+v, mines %v", end.Fair, bombExt(end.Ext).Mines)
		}
	}
	t.Logf("%d blasts", blasts)
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/games/"+g.ID+"/pgn", nil))
	plies, checked, err := bomb.Verify(strings.NewReader(rec.Body.String()))
	if err != nil || checked != blasts {
		t.Errorf("bomb.Verify(the PGN) = %d plies, %d blasts, %v; %d blasts were sent\n%s", plies, checked, err, blasts, rec.Body)
	}
	for _, c := range []*wsClient{host, guest, watcher} {
		exploded := map[string]bool{}
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
			for _, st := range append(m.state.Moves, derefStep(m.state.Last)...) {
				if b := blastOf(st); b != "" {
					exploded[b] = true
				}
			}
			for _, name := range bombExt(m.state.Ext).Mines {
				sq, _ := chess.ParseSquare(name)
				if !exploded[name] || !mines.Has(sq) {
					t.Errorf("mine %s named at ply %d before it went off", name, m.state.Ply)
				}
			}
		}
	}
}

// finalState waits for the message that ends the game in c's recording.
func finalState(t *testing.T, c *wsClient) round.StateJSON {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		for _, m := range decodeTape(t, c.recorded()) {
			if m.state.Status != "started" && m.state.Status != "created" {
				return m.state
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the game's end never came")
	return round.StateJSON{}
}

func derefStep(s *game.Step) []game.Step {
	if s == nil {
		return nil
	}
	return []game.Step{*s}
}

// checkSeedHiddenHTTP checks that neither the state nor the PGN of a
// running seeded game shows the seed or the mines.
func checkSeedHiddenHTTP(t *testing.T, s *Server, id string, seed fair.Seed) {
	t.Helper()
	for _, path := range []string{"/api/games/" + id, "/api/games/" + id + "/pgn", "/api/games"} {
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		body := rec.Body.String()
		if strings.Contains(body, seed.String()) || strings.Contains(body, "[Mines ") || strings.Contains(body, "[Seed ") {
			t.Errorf("GET %s during play shows the secret: %s", path, body)
		}
	}
}

// TestBombBotSeesOnlyItsSight: two bomb games whose seeds lay different
// mines, at the same public point, give the bot the same Sight but for the
// seed's commitment (which the player does not read), and so the same move.
// White's move stays on rank 2, where no mine lies, so both games are
// surely at the same point; Black's pawns then choose among mine squares.
func TestBombBotSeesOnlyItsSight(t *testing.T) {
	mk := func() *game.Game {
		g, err := game.New(game.Options{ID: "x", Mode: game.ModeComputer, Variant: bombgame.Bomb,
			Setup: "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1",
			Seats: [2]game.Seat{{Kind: game.SeatHuman}, {Kind: game.SeatBot, Level: "hard"}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Move(chess.White, "e1e2"); err != nil {
			t.Fatal(err)
		}
		return g
	}
	a, b := mk(), mk()
	if a.Header().Seed == b.Header().Seed {
		t.Fatal("two games drew the same seed")
	}
	sa, sb := a.Sight(game.SeatViewer(chess.Black), true), b.Sight(game.SeatViewer(chess.Black), true)
	sameSightSameMove(t, a, sa, sb, chess.Black, choose(bombgame.Bomb))
}

// sameSightSameMove checks that two games' sights for the bot's seat are
// the same but for the seed's commitment, that the bot plays the same
// move from each, and that the move is legal in game a.
func sameSightSameMove(t *testing.T, a *game.Game, sa, sb game.Sight, seat chess.Color, play sightPlayer) {
	t.Helper()
	sa.Fair, sb.Fair = nil, nil
	ja, _ := json.Marshal(sa)
	jb, _ := json.Marshal(sb)
	if !bytes.Equal(ja, jb) {
		t.Fatalf("the public sights differ:\n%s\n%s", ja, jb)
	}
	level := hardLevel(a.Variant())
	ma, err := play(context.Background(), sa, seat, level)
	if err != nil {
		t.Fatal(err)
	}
	mb, _ := play(context.Background(), sb, seat, level)
	if ma != mb {
		t.Errorf("moves differ: %s / %s", ma, mb)
	}
	if _, err := a.Move(seat, ma); err != nil {
		t.Errorf("the bot's move %s: %v", ma, err)
	}
}

// TestBombAgainstTheComputer: the computer answers in bomb chess, and the
// state carries the commitment but no mine.
func TestBombAgainstTheComputer(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"computer","variant":"bomb","color":"white","level":"easy"}`)
	c := dial(t, srv, g.ID, g.Token)
	c.state("state")
	c.send(`{"t":"move","d":{"u":"e2e4"}}`)
	st := c.position(2)
	if st.Turn != "white" || st.Fair == nil || st.Fair.Seed != "" || len(bombExt(st.Ext).Safe) == 0 {
		t.Fatalf("after the computer's reply: %+v", st)
	}
}
