package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/analysis"
	"github.com/gambitchess/gambit/variant/fog/foggame"
	"github.com/gambitchess/gambit/variant/jieqi/jieqigame"
	"github.com/gambitchess/gambit/variant/xiangqigame"
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
	xq := storedGame(t, s, game.Options{Variant: xiangqigame.Xiangqi}, "h2e2", "h9g7")
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
			var a analysis.Record
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
			var a analysis.Record
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

// TestAnalysisPage: /analysis is the app's page.
func TestAnalysisPage(t *testing.T) {
	rec := fetch(imageServer(t).Handler(), "/analysis?fen=x", "")
	if rec.Code != http.StatusOK || rec.Body.String() != testPage {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
}
