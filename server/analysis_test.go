package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/fog/foggame"
	"github.com/gambitchess/gambit/variant/jieqi/jieqigame"
)

// TestAnalysisAccess: a game's record for the analysis board is given to
// anyone once the game is over; while it is played, to the seated player
// of a game on one screen or against the computer, never to the players or
// spectators of an online game, and never for a game of hidden information.
func TestAnalysisAccess(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	me := randomToken()
	mine := [2]game.Seat{{Kind: game.SeatHuman, Player: playerID(me)}, {Kind: game.SeatHuman, Player: playerID(me)}}
	vsBot := [2]game.Seat{{Kind: game.SeatHuman, Player: playerID(me)}, {Kind: game.SeatBot, Level: "beginner"}}
	white, black, seats := onlineSeats()

	local := storedGame(t, s, game.Options{Mode: game.ModeLocal, Seats: mine}, "e2e4", "e7e5")
	computer := storedGame(t, s, game.Options{Mode: game.ModeComputer, Seats: vsBot}, "e2e4")
	online := storedGame(t, s, game.Options{Mode: game.ModeOnline, Seats: seats}, "e2e4", "e7e5")
	onlineOver := storedGame(t, s, game.Options{Mode: game.ModeOnline, Seats: seats}, foolsMate...)
	fog := storedGame(t, s, game.Options{Mode: game.ModeLocal, Variant: foggame.FogOfWar, Seats: mine})
	playSome(t, s, fog, 4)

	for _, tt := range []struct {
		name, id, secret string
		want             int
	}{
		{"local, its player", local.ID(), me, http.StatusOK},
		{"local, someone else", local.ID(), white, http.StatusConflict},
		{"local, no cookie", local.ID(), "", http.StatusConflict},
		{"computer, its player", computer.ID(), me, http.StatusOK},
		{"computer, someone else", computer.ID(), black, http.StatusConflict},
		{"online live, white", online.ID(), white, http.StatusConflict},
		{"online live, black", online.ID(), black, http.StatusConflict},
		{"online live, spectator", online.ID(), "", http.StatusConflict},
		{"online over, spectator", onlineOver.ID(), "", http.StatusOK},
		{"online over, white", onlineOver.ID(), white, http.StatusOK},
		{"hidden live, its player", fog.ID(), me, http.StatusConflict},
		{"no such game", "zzzzzzzzzzzz", "", http.StatusNotFound},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := fetch(h, "/api/games/"+tt.id+"/analysis", tt.secret)
			if rec.Code != tt.want {
				t.Fatalf("%d %s, want %d", rec.Code, rec.Body, tt.want)
			}
			if tt.want == http.StatusConflict {
				if !strings.Contains(rec.Body.String(), `"code":"in_play"`) || strings.Contains(rec.Body.String(), `"san"`) {
					t.Errorf("refusal %s: want the code in_play and no move", rec.Body)
				}
			}
		})
	}
}

// TestAnalysisRecord: the record holds the start, every move with its
// notation and the position after it, the tags and the result.
func TestAnalysisRecord(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	chess := storedGame(t, s, game.Options{}, foolsMate...)
	xq := storedGame(t, s, game.Options{Variant: game.Xiangqi}, "h2e2", "h9g7")
	finish(t, s, xq)
	for _, tt := range []struct {
		name, id   string
		board      game.Board
		start      string
		sans, fens []string
		result     string
		tags       map[string]string
	}{
		{"chess", chess.ID(), game.BoardChess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			[]string{"f3", "e5", "g4", "Qh4#"}, []string{"", "", "", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"}, "0-1",
			map[string]string{"Result": "0-1", "Termination": "checkmate", "White": "?"}},
		{"xiangqi", xq.ID(), game.BoardXiangqi, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
			[]string{"炮二平五", "馬８進７"}, []string{"", "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"}, "1-0",
			map[string]string{"Result": "1-0", "Red": "?"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := fetch(h, "/api/games/"+tt.id+"/analysis", "")
			var a analysisJSON
			if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil || rec.Code != http.StatusOK {
				t.Fatalf("%d %s %v", rec.Code, rec.Body, err)
			}
			if a.Board != tt.board || a.InitialFEN != tt.start || a.Result != tt.result || len(a.Moves) != len(tt.sans) {
				t.Fatalf("got %+v", a)
			}
			for i, m := range a.Moves {
				if m.SAN != tt.sans[i] || m.UCI == "" || (tt.fens[i] != "" && m.FEN != tt.fens[i]) {
					t.Errorf("move %d: %+v, want SAN %s, FEN %q", i+1, m, tt.sans[i], tt.fens[i])
				}
			}
			for k, v := range tt.tags {
				if a.Tags[k] != v {
					t.Errorf("tag %s = %q, want %q (tags %v)", k, a.Tags[k], v, a.Tags)
				}
			}
		})
	}
}

// TestAnalysisHiddenOver: a game of hidden information, once over, is
// given with everything revealed: every move has its coordinates.
func TestAnalysisHiddenOver(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	for _, v := range []game.Variant{foggame.FogOfWar, jieqigame.Jieqi} {
		t.Run(string(v), func(t *testing.T) {
			white, _, seats := onlineSeats()
			g := storedGame(t, s, game.Options{Mode: game.ModeOnline, Variant: v, Seats: seats})
			playSome(t, s, g, 4)
			if rec := fetch(h, "/api/games/"+g.ID()+"/analysis", white); rec.Code != http.StatusConflict {
				t.Fatalf("in play: %d %s, want 409", rec.Code, rec.Body)
			}
			finish(t, s, g)
			rec := fetch(h, "/api/games/"+g.ID()+"/analysis", "")
			var a analysisJSON
			if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil || rec.Code != http.StatusOK {
				t.Fatalf("over: %d %s %v", rec.Code, rec.Body, err)
			}
			if a.Variant != v || len(a.Moves) != 4 {
				t.Fatalf("over: %+v, want 4 moves of %s", a, v)
			}
			for i, m := range a.Moves {
				if m.UCI == "" || m.FEN == "" || m.SAN == "?" {
					t.Errorf("move %d hidden: %+v", i+1, m)
				}
			}
		})
	}
}

// post sends body as JSON to path.
func post(h http.Handler, path, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest("POST", path, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// TestAnalysisPosition: the analysis board's moves are played by the
// variant's rules: notation, positions, legal moves; a pasted PGN is read
// as a setup; illegal moves and hidden variants are refused clearly.
func TestAnalysisPosition(t *testing.T) {
	h := imageServer(t).Handler()
	for _, tt := range []struct {
		name, body string
		code       int
		want       []string // in the answer
	}{
		{"chess start", `{"variant":"chess"}`, 200, []string{`"turn":"white"`, `"e2":["e3","e4"]`, `"moves":[]`}},
		{"chess moves", `{"variant":"chess","moves":["e2e4","e7e5","g1f3"]}`, 200,
			[]string{`"san":"e4"`, `"san":"Nf3"`, `"fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"`, `"turn":"black"`}},
		{"mate", `{"variant":"chess","moves":["f2f3","e7e5","g2g4","d8h4"]}`, 200, []string{`"san":"Qh4#"`, `"result":"0-1"`, `"termination":"checkmate"`, `"dests":{}`}},
		{"from a FEN", `{"variant":"chess","fen":"4k3/8/8/8/8/8/8/4K2R w K - 0 1","moves":["e1g1"]}`, 200, []string{`"san":"O-O"`}},
		{"xiangqi", `{"variant":"xiangqi","moves":["h2e2"]}`, 200, []string{`"wxf":"C2.5"`, `"turn":"black"`, `"board":"xiangqi"`}},
		{"pasted PGN", `{"variant":"chess","setup":"[Event \"x\"]\n\n1. d4 d5 2. c4 *"}`, 200, []string{`"san":"c4"`, `"initial_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"`}},
		{"illegal", `{"variant":"chess","moves":["e2e5"]}`, 422, []string{`"code":"illegal_move"`, "move 1 (e2e5)"}},
		{"after mate", `{"variant":"chess","moves":["f2f3","e7e5","g2g4","d8h4","a2a3"]}`, 422, []string{"the game is over"}},
		{"bad FEN", `{"variant":"chess","fen":"nonsense"}`, 422, []string{`"code":"bad_setup"`}},
		{"hidden variant", `{"variant":"` + string(foggame.FogOfWar) + `"}`, 400, []string{"full information"}},
		{"unknown variant", `{"variant":"shogi"}`, 400, []string{"unknown variant"}},
		{"both", `{"variant":"chess","setup":"1. e4","moves":["e2e4"]}`, 400, []string{"either setup"}},
		{"unknown field", `{"variant":"chess","x":1}`, 400, []string{"malformed"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := post(h, "/api/analysis/position", tt.body)
			if rec.Code != tt.code {
				t.Fatalf("%d %s, want %d", rec.Code, rec.Body, tt.code)
			}
			for _, w := range tt.want {
				if !strings.Contains(rec.Body.String(), w) {
					t.Errorf("the answer %s lacks %s", rec.Body, w)
				}
			}
		})
	}
}

// TestAnalysisPage: /analysis is the app's page.
func TestAnalysisPage(t *testing.T) {
	rec := fetch(imageServer(t).Handler(), "/analysis?fen=x", "")
	if rec.Code != http.StatusOK || rec.Body.String() != testPage {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
}

// FuzzAnalysisPosition: no request body makes the position endpoint panic,
// and whatever it answers is a status it means.
func FuzzAnalysisPosition(f *testing.F) {
	h := imageServer(f).Handler()
	for _, seed := range []string{`{"variant":"chess","moves":["e2e4"]}`, `{"variant":"xiangqi","fen":"9/9/9/9/9/9/9/9/9/9 w"}`,
		`{"variant":"chess","setup":"1. e4 e5"}`, `{"moves":["e7e8q"]}`, `{"variant":"chess960","setup":"518"}`, `[]`, ``} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		rec := post(h, "/api/analysis/position", body)
		if rec.Code != 200 && (rec.Code < 400 || rec.Code >= 500) {
			t.Fatalf("%q: %d %s", body, rec.Code, rec.Body)
		}
	})
}
