package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/variant/bomb"
	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/variant/fog"
	"github.com/gambitchess/gambit/variant/fog/foggame"
)

// movePattern finds a move written out in a message.
var movePattern = regexp.MustCompile(`"uci":"[a-h]`)

// wireMsg is a state or move message as a test reads it back.
type wireMsg struct {
	raw   []byte
	typ   string
	state round.StateJSON
}

// decodeTape reads the state and move messages of a recording.
func decodeTape(t *testing.T, tape [][]byte) []wireMsg {
	t.Helper()
	var out []wireMsg
	for _, data := range tape {
		var m inMsg
		mustDecode(t, data, &m)
		if m.T != "state" && m.T != "move" {
			continue
		}
		w := wireMsg{raw: data, typ: m.T}
		mustDecode(t, m.D, &w.state)
		out = append(out, w)
	}
	return out
}

// TestFogWireCapture plays a whole online fog-of-war game over real
// WebSockets, records every byte both players and a spectator receive,
// and checks that before the end none of it shows a piece in the fog or a
// move of the opponent's: each player's board is exactly its view of the
// true position, and the spectator's is empty. The HTTP state and the PGN
// endpoint are checked the same way while the game runs.
func TestFogWireCapture(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	host, guest, g, _ := onlinePair(t, s, srv, `{"mode":"online","variant":"fogofwar","color":"white"}`)
	watcher := dial(t, srv, g.ID, "")
	watcher.state("state")
	seats := map[chess.Color]*wsClient{chess.White: host, chess.Black: guest}

	truth := fog.NewGame(fog.StartPosition())
	var played [2][]string // each side's moves, in UCI
	httpChecked := false
	// 56 plies keep each player within its burst of 30 messages (limit.go).
	for ply := 0; ply < 56; ply++ {
		now := truth.Position()
		turn := now.SideToMove()
		var st round.StateJSON
		if ply == 0 { // onlinePair read the first state already
			tape := decodeTape(t, host.recorded())
			st = tape[len(tape)-1].state
		} else {
			st = seats[turn].position(ply)
		}
		if st.Status != "started" && st.Status != "created" {
			break
		}
		u := pickMove(st.Dests, st.FEN, ply)
		if u == "" {
			t.Fatalf("ply %d: no destinations for %s", ply, turn)
		}
		seats[turn].send(`{"t":"move","d":{"u":"` + u + `"}}`)
		if err := truth.PushUCI(u); err != nil {
			t.Fatalf("ply %d: %s refused by the rules: %v", ply, u, err)
		}
		played[turn] = append(played[turn], u)
		if truth.Outcome().Over() {
			break
		}
		if ply >= 10 && !httpChecked { // the first ply from 10 after which the game goes on
			checkHiddenHTTP(t, s.Handler(), g.ID)
			httpChecked = true
		}
	}
	if !httpChecked {
		t.Errorf("the game ended at ply %d, before the hidden parts were looked for over HTTP", len(truth.Moves()))
	}
	if !truth.Outcome().Over() {
		host.position(len(truth.Moves())) // the last move is in before resigning
		host.send(`{"t":"resign"}`)       // the end shows everything, however it comes
	}
	last := truth.Position()
	{
		for _, c := range []*wsClient{host, guest, watcher} {
			end := finalState(t, c)
			if end.FEN != last.FEN() || fogOf(end.Ext) != nil {
				t.Errorf("after the end: board %s, fog %v; want the whole board %s", end.FEN, fogOf(end.Ext), last.FEN())
			}
			if len(end.Moves) != len(truth.Moves()) || slices.ContainsFunc(end.Moves, func(s game.Step) bool { return s.UCI == "" }) {
				t.Errorf("after the end: history %+v; want all %d moves shown", end.Moves, len(truth.Moves()))
			}
		}
	}
	positions := truth.Positions()
	for c, client := range map[chess.Color]*wsClient{chess.White: host, chess.Black: guest} {
		for _, m := range decodeTape(t, client.recorded()) {
			if m.state.Status != "started" && m.state.Status != "created" {
				continue // the end shows everything
			}
			v := positions[m.state.Ply].View(c)
			if m.state.FEN != v.FEN() {
				t.Errorf("%s at ply %d was sent board %s; its view is %s", c, m.state.Ply, m.state.FEN, v.FEN())
			}
			wantFog := ^v.Visible
			if got, err := game.ParseSquareNames(fogOf(m.state.Ext)); err != nil || got != wantFog {
				t.Errorf("%s at ply %d: fog %v is not the complement of its view", c, m.state.Ply, fogOf(m.state.Ext))
			}
			seenUpTo := (m.state.Ply + 1) / 2 // the opponent's moves made by then, at most
			for _, u := range played[c.Other()][:min(seenUpTo, len(played[c.Other()]))] {
				if slices.Contains(played[c], u) {
					continue // the same squares were a move of its own too
				}
				if bytes.Contains(m.raw, []byte(`"`+u+`"`)) {
					t.Errorf("%s was sent the opponent's move %s at ply %d: %s", c, u, m.state.Ply, m.raw)
				}
			}
		}
	}
	for _, m := range decodeTape(t, watcher.recorded()) {
		if m.state.Status != "started" && m.state.Status != "created" {
			continue
		}
		if !strings.HasPrefix(m.state.FEN, "8/8/8/8/8/8/8/8 ") || len(fogOf(m.state.Ext)) != 64 || movePattern.Match(m.raw) {
			t.Errorf("the spectator was sent %s", m.raw)
		}
	}
}

// pickMove chooses a destination deterministically, varied by ply: the
// test needs a game that ends, not a good one, so it takes what it sees
// (the king first) when it can.
func pickMove(dests map[string][]string, view string, ply int) string {
	board, _, _ := strings.Cut(view, " ")
	p, err := chess.ParseFENKingEnPrise(board + " w - - 0 1")
	var all, captures []string
	for from, tos := range dests {
		for _, to := range tos {
			sq, _ := chess.ParseSquare(to)
			if fsq, _ := chess.ParseSquare(from); err == nil && p.PieceAt(fsq).Type() == chess.Pawn && (sq.Rank() == chess.Rank1 || sq.Rank() == chess.Rank8) {
				to += "q" // a destination is a square; the move names the promotion
			}
			all = append(all, from+to)
			if err == nil && p.PieceAt(sq) != chess.NoPiece {
				if p.PieceAt(sq).Type() == chess.King {
					return from + to
				}
				captures = append(captures, from+to)
			}
		}
	}
	if len(captures) > 0 {
		all = captures
	}
	slices.Sort(all)
	if len(all) == 0 {
		return ""
	}
	return all[(ply*7919)%len(all)]
}

// checkHiddenHTTP checks the HTTP answers about a running fog game: the
// state shows no piece, the PGN no move.
func checkHiddenHTTP(t *testing.T, h http.Handler, id string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/games/"+id, nil))
	var st round.StateJSON
	mustDecode(t, rec.Body.Bytes(), &st)
	if !strings.HasPrefix(st.FEN, "8/8/8/8/8/8/8/8 ") || movePattern.Match(rec.Body.Bytes()) {
		t.Errorf("GET /api/games/%s during play: %s", id, rec.Body)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/games/"+id+"/pgn", nil))
	_, movetext, _ := strings.Cut(rec.Body.String(), "\n\n")
	if movetext != "*\n" {
		t.Errorf("the PGN's movetext during play is %q, want the result alone", movetext)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/games", nil))
	if strings.Contains(rec.Body.String(), `"fen"`) {
		t.Errorf("the game list shows a board: %s", rec.Body)
	}
}

// TestFogBotSeesOnlyItsSight: the fog bot's move comes from its seat's
// Sight alone: two games that differ only in what the bot's side cannot
// see give the same Sight, and so the same move.
func TestFogBotSeesOnlyItsSight(t *testing.T) {
	mk := func(fen string) *game.Game {
		g, err := game.New(game.Options{ID: "x", Mode: game.ModeComputer, Variant: foggame.FogOfWar, Setup: fen,
			Seats: [2]game.Seat{{Kind: game.SeatHuman}, {Kind: game.SeatBot, Level: "hard"}}})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	a := mk("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
	b := mk("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1") // White's queen gone: Black cannot see it
	sa, sb := a.Sight(game.SeatViewer(chess.Black), true), b.Sight(game.SeatViewer(chess.Black), true)
	ja, _ := json.Marshal(sa)
	jb, _ := json.Marshal(sb)
	if !bytes.Equal(ja, jb) {
		t.Fatalf("the sights differ:\n%s\n%s", ja, jb)
	}
	level := hardLevel(foggame.FogOfWar)
	ma, err := choose(foggame.FogOfWar)(t.Context(), sa, chess.Black, level)
	if err != nil {
		t.Fatal(err)
	}
	mb, _ := choose(foggame.FogOfWar)(t.Context(), sb, chess.Black, level)
	if ma != mb {
		t.Errorf("moves differ: %s / %s", ma, mb)
	}
	if _, err := a.Move(chess.Black, ma); err != nil {
		t.Errorf("the bot's move %s: %v", ma, err)
	}
}

// TestFogAgainstTheComputer: a person plays fog of war against the
// computer over a WebSocket, and the computer answers.
func TestFogAgainstTheComputer(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"computer","variant":"fogofwar","color":"white","level":"easy"}`)
	c := dial(t, srv, g.ID, g.Token)
	c.state("state")
	c.send(`{"t":"move","d":{"u":"e2e4"}}`)
	st := c.position(2)
	if st.Turn != "white" || len(st.Dests) == 0 {
		t.Fatalf("after the computer's reply: %+v", st)
	}
	if st.Last == nil || st.Last.SAN != "?" || st.Last.UCI != "" {
		t.Errorf("the computer's move was shown: %+v", st.Last)
	}
}

// TestHiddenBotDeclinesDraws: the players of the variants of hidden
// information decline a draw offer (judging it would take the whole game),
// and the game goes on; a takeback is refused.
func TestHiddenBotDeclinesDraws(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"computer","variant":"fogofwar","color":"white","level":"easy"}`)
	c := dial(t, srv, g.ID, g.Token)
	c.state("state")
	c.send(`{"t":"move","d":{"u":"e2e4"}}`)
	c.position(2)
	c.send(`{"t":"draw-offer"}`)
	offered := c.state("state")
	if offered.DrawOffer != "white" {
		t.Fatalf("after the offer: %+v", offered)
	}
	if ans := c.state("state"); ans.DrawOffer != "" || ans.Status != "started" {
		t.Errorf("after the computer's answer: offer %q, status %s", ans.DrawOffer, ans.Status)
	}
	c.send(`{"t":"takeback"}`)
	c.wantError("no_takeback")
}

// TestFogEndingMoveShowsAll: the move that ends a fog game comes to each
// player as a whole state, with every move shown, since all is revealed.
func TestFogEndingMoveShowsAll(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	host, guest, _, _ := onlinePair(t, s, srv, `{"mode":"online","variant":"fogofwar","color":"white","setup":"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"}`)
	host.send(`{"t":"move","d":{"u":"e1e8"}}`) // takes the king
	end := guest.state("state")
	if end.Status != "mate" || end.Termination != "king captured" || len(end.Moves) != 1 || end.Moves[0].UCI != "e1e8" || fogOf(end.Ext) != nil {
		t.Errorf("the loser was sent %+v", end)
	}
}

// TestHiddenDifferential plays two online games side by side whose moves
// differ only where the rules hide them, and checks that every socket that
// may not see the difference receives the same bytes in both games before
// the end, as the hostile probe compared them. In fog of war Black's moves
// differ, out of White's sight: White's seat, a spectator, a spectator
// asking to follow Black and White asking to follow Black all get the
// same bytes. In bomb chess the mines differ (each game draws its own
// seed) and no mine goes off: every socket, both seats included, gets the
// same bytes but for the seed's commitment.
func TestHiddenDifferential(t *testing.T) {
	t.Run("fogofwar", func(t *testing.T) {
		white := []string{"e2e3", "a2a3", "h2h3", "b2b3"}
		blackA := []string{"b8c6", "c6b8", "b8c6", "c6b8"}
		blackB := []string{"g8h6", "h6g8", "g8h6", "h6g8"}
		hiddenDifferential(t, "fogofwar", [2][]string{white, blackA}, [2][]string{white, blackB}, "black")
	})
	t.Run("bomb", func(t *testing.T) {
		hiddenDifferential(t, "bomb", [2][]string{}, [2][]string{}, "")
	})
	t.Run("dice", diceDifferential)
	t.Run("jieqi", func(t *testing.T) {
		// Two layouts, the same public board: while only the generals
		// move, every byte of every socket is the same in both games (no
		// state, no dests, no extension tells a face-down piece).
		red := []string{"e0e1", "e1e0", "e0e1"} // not four: the start a third time draws
		black := []string{"e9e8", "e8e9", "e9e8"}
		hiddenDifferential(t, "jieqi", [2][]string{red, black}, [2][]string{red, black}, "")
	})
}

// diceDifferential: dice chess's secret is its seed, which rolls every
// turn to come. Of many games it takes two whose first rolls happen to be
// the same (their seeds differ), plays the same first move in both, and
// checks that every socket, both seats included, reads the same bytes but
// for the seed's commitment, up to the roll of the next turn (public once
// rolled, and different).
func diceDifferential(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), CreatePerMinute: 100000})
	const body = `{"mode":"online","variant":"dice","color":"white"}`
	first := map[string]created{}
	var a, b created
	for range 400 { // 216 ordered rolls: two alike are all but certain well before
		g := create(t, s.Handler(), body)
		if diceOf(g.State.Ext) == nil {
			t.Fatalf("no dice in the first state: %+v", g.State)
		}
		roll := strings.Join(diceOf(g.State.Ext).Rolled, ",")
		if other, ok := first[roll]; ok {
			a, b = other, g
			break
		}
		first[roll] = g
	}
	if a.ID == "" {
		t.Fatal("400 games and no two with the same first roll")
	}
	tapes := [2]map[string]*wsClient{}
	for i, g := range []created{a, b} {
		joined := join(t, s.Handler(), g.ID, http.StatusOK)
		tapes[i] = map[string]*wsClient{
			"white":     dial(t, srv, g.ID, g.Token),
			"black":     dial(t, srv, g.ID, joined.Token),
			"spectator": dial(t, srv, g.ID, ""),
		}
		var st round.StateJSON
		for name, c := range tapes[i] {
			if got := c.nextBoard(); name == "white" {
				st = got
			}
		}
		u := pickMove(st.Dests, st.FEN, 0)
		tapes[i]["white"].send(`{"t":"move","d":{"u":"` + u + `"}}`)
		for _, c := range tapes[i] {
			c.nextBoard()
		}
	}
	for name := range tapes[0] {
		gotA, gotB := sameBytesView(t, tapes[0][name], a.ID), sameBytesView(t, tapes[1][name], b.ID)
		if n := len(gotA); n > 0 && len(gotB) == n && strings.Contains(string(gotA[n-1]), `"turn":"black"`) {
			gotA, gotB = gotA[:n-1], gotB[:n-1] // the turn passed: Black's roll, public and different
		}
		if len(gotA) < 2 || len(gotA) != len(gotB) {
			t.Fatalf("%s: %d messages in game A, %d in game B", name, len(gotA), len(gotB))
		}
		for i := range gotA {
			if !bytes.Equal(gotA[i], gotB[i]) {
				t.Errorf("%s: message %d differs:\n A %s\n B %s", name, i, gotA[i], gotB[i])
				break
			}
		}
	}
}

// hiddenDifferential runs one differential (see TestHiddenDifferential):
// games A and B play their moves by side (in bomb chess, none given, moves
// clear of both games' mines are chosen), and every socket but the seat
// named by secret ("" none) must read the same in both.
func hiddenDifferential(t *testing.T, variant string, movesA, movesB [2][]string, secret string) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	type table struct {
		id      string
		sockets map[string]*wsClient
		mines   chess.Bitboard
	}
	open := func() table {
		host, guest, g, joined := onlinePair(t, s, srv, `{"mode":"online","variant":"`+variant+`","color":"white"}`)
		tb := table{id: g.ID, sockets: map[string]*wsClient{
			"white":                  host,
			"black":                  guest,
			"spectator":              dial(t, srv, g.ID, ""),
			"spectator follow=black": dial(t, srv, g.ID, "", "follow=black"),
			"spectator follow=white": dial(t, srv, g.ID, "", "follow=white"),
			"white follow=black":     dial(t, srv, g.ID, g.Token, "follow=black"),
			"black follow=white":     dial(t, srv, g.ID, joined.Token, "follow=white"),
		}}
		for name, c := range tb.sockets {
			if name != "white" && name != "black" { // onlinePair read theirs
				c.nextBoard()
			}
		}
		if variant == "bomb" {
			tb.mines = minesOf(t, s, g.ID)
		}
		return tb
	}
	a, b := open(), open()
	if variant == "bomb" {
		movesA = clearOfMines(a.mines | b.mines)
		movesB = movesA
	}
	plies := 2 * min(len(movesA[0]), len(movesA[1]), len(movesB[0]), len(movesB[1])) // a move a side, in turn
	if plies < 2 {
		t.Fatalf("no moves to play: %v, %v", movesA, movesB)
	}
	for ply := range plies {
		for _, tb := range []struct {
			t     table
			moves [2][]string
		}{{a, movesA}, {b, movesB}} {
			seat := [2]string{"white", "black"}[ply%2]
			tb.t.sockets[seat].send(`{"t":"move","d":{"u":"` + tb.moves[ply%2][ply/2] + `"}}`)
			for name, c := range tb.t.sockets {
				// One board message a socket a ply, whatever it shows: a
				// view kept behind would be caught by the comparison.
				if st := c.nextBoard(); st.Status != "started" || name == seat && st.Ply != ply+1 {
					t.Fatalf("ply %d: %s was sent ply %d of a game %s", ply+1, name, st.Ply, st.Status)
				}
			}
		}
	}
	for name := range a.sockets {
		if name == secret || strings.HasPrefix(name, secret+" ") && secret != "" {
			continue
		}
		gotA, gotB := sameBytesView(t, a.sockets[name], a.id), sameBytesView(t, b.sockets[name], b.id)
		if len(gotA) != len(gotB) {
			t.Errorf("%s: %d messages in game A, %d in game B", name, len(gotA), len(gotB))
			continue
		}
		for i := range gotA {
			if !bytes.Equal(gotA[i], gotB[i]) {
				t.Errorf("%s: message %d differs:\n A %s\n B %s", name, i, gotA[i], gotB[i])
				break
			}
		}
	}
}

// sameBytesView is what a socket read, as the differential compares it:
// every message but presence (whose timing is the network's), with the
// game's id and a seeded game's commitment written out of it.
func sameBytesView(t *testing.T, c *wsClient, id string) [][]byte {
	t.Helper()
	commitment := regexp.MustCompile(`"commitment":"[0-9a-f]+"`)
	var out [][]byte
	for _, data := range c.recorded() {
		var m inMsg
		mustDecode(t, data, &m)
		if m.T == "presence" {
			continue
		}
		data = bytes.ReplaceAll(data, []byte(id), []byte("ID"))
		out = append(out, commitment.ReplaceAll(data, []byte(`"commitment":"C"`)))
	}
	return out
}

// nextBoard reads messages until a state or a move arrives.
func (c *wsClient) nextBoard() round.StateJSON {
	c.t.Helper()
	for {
		data, err := c.read(10 * time.Second)
		if err != nil {
			c.t.Fatalf("waiting for a state or a move: %v", err)
		}
		var m inMsg
		var st round.StateJSON
		mustDecode(c.t, data, &m)
		if m.T == "state" || m.T == "move" {
			mustDecode(c.t, m.D, &st)
			return st
		}
	}
}

// minesOf reads a bomb game's hidden mines from its stored seed.
func minesOf(t *testing.T, s *Server, id string) chess.Bitboard {
	t.Helper()
	g, err := s.loadGame(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	seed, err := fair.ParseSeed(g.Header().Seed)
	if err != nil {
		t.Fatal(err)
	}
	return bomb.NewGame(chess.StartPosition(), seed).Hidden()
}

// clearOfMines picks three moves a side, from the start, that land on no
// square of mines nor on one another's squares (a7a6 then b8a6 would be
// illegal; pawns come first, so no knight stands in a pawn's way).
func clearOfMines(mines chess.Bitboard) [2][]string {
	candidates := [2][]string{
		{"a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3", "h2h3", "b1a3", "b1c3", "g1f3", "g1h3"},
		{"a7a6", "b7b6", "c7c6", "d7d6", "e7e6", "f7f6", "g7g6", "h7h6", "b8a6", "b8c6", "g8f6", "g8h6"},
	}
	var out [2][]string
	for side, list := range candidates {
		taken := mines // a square mined, or where an earlier pick went
		for _, u := range list {
			to, _ := chess.ParseSquare(u[2:4])
			if len(out[side]) < 3 && taken&to.Bitboard() == 0 {
				out[side] = append(out[side], u)
				taken |= to.Bitboard()
			}
		}
	}
	return out
}
