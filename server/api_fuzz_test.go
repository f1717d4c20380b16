package server

import (
	"slices"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/server/wire/wiretest"
	"github.com/gambitchess/gambit/variant/chessgame"
)

// clientError fails unless err is nil or a 4xx with a message
// (wiretest.ClientError).
func clientError(t *testing.T, what string, err error) {
	t.Helper()
	wiretest.ClientError(t, what, err)
}

// FuzzChallengeBody feeds arbitrary challenge bodies, form and JSON,
// through parseParams and parseChallenge: no panic, every refusal a 4xx,
// and what is accepted is within the limits.
func FuzzChallengeBody(f *testing.F) {
	for _, seed := range []struct{ mt, body string }{
		{formType, "rated=true&clock.limit=300&clock.increment=3&color=white&variant=standard"},
		{formType, "days=3&variant=xiangqi"},
		{formType, "clock.limit=300&clock.limit=60"},
		{formType, "%zz"},
		{"application/json", `{"rated":true,"clock":{"limit":300,"increment":2},"color":"black"}`},
		{"application/json", `{"clock.limit":"600","variant":"fogofwar"}`},
		{"application/json", `{"a":{"b":{"c":1}}}`},
		{"application/json", `[1,2]`},
		{"text/plain", "x"},
		{formType, "fen=r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R+b+KQkq+-+3+3"},
		{formType, "variant=fromPosition&fen=7k/5Q2/6K1/8/8/8/8/8+b+-+-+0+1"},
		{formType, "variant=chess960&fen=bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR+w+HFhf+-+2+9"},
		{"application/json", `{"variant":"xiangqi","fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"}`},
		{formType, "fen=8/8/8/8/8/8/8/8+w+-+-+0+1"},
		{formType, "variant=fromPosition"},
	} {
		f.Add(seed.mt, []byte(seed.body))
	}
	f.Fuzz(func(t *testing.T, mt string, body []byte) {
		fields, err := lichess.ParseParams(mt, body)
		clientError(t, "parseParams", err)
		if err != nil {
			return
		}
		req, err := lichess.ParseChallenge(fields)
		clientError(t, "parseChallenge", err)
		if err == nil && (req.Limit < 0 || req.Limit > 10800 || req.Inc < 0 || req.Inc > 180 || req.Days < 0 || req.Days > lichess.MaxDays) {
			t.Fatalf("accepted out of range: %+v", req)
		}
		if err != nil || req.FEN == "" {
			return
		}
		// An accepted FEN is a chess or Chess960 position, as its rules
		// write it, with a move to play.
		parse := chess.ParseFEN
		switch req.Variant {
		case "":
		case string(chessgame.Chess960):
			parse = chess.ParseFEN960
		default:
			t.Fatalf("a fen accepted for variant %q", req.Variant)
		}
		p, perr := parse(req.FEN)
		var moves chess.MoveList
		if perr == nil {
			p.GenerateLegal(&moves)
		}
		if perr != nil || p.FEN() != req.FEN || moves.Len() == 0 {
			t.Fatalf("accepted fen %q: %v, %d moves", req.FEN, perr, moves.Len())
		}
	})
}

// FuzzMovePath feeds arbitrary {move} path segments to parseMovePath: no
// panic, a refusal is a 4xx, and an accepted move is 4 or 5 lower-case
// letters and digits.
func FuzzMovePath(f *testing.F) {
	for _, seed := range []string{"e2e4", "e7e8q", "h2e2", "H2-E2", "e2", "e2e4e5", "é2e4", "../x", "0000", ""} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, m string) {
		got, err := lichess.ParseMovePath(m)
		clientError(t, "parseMovePath", err)
		if err != nil {
			return
		}
		if len(got) < 4 || len(got) > 5 || strings.ToLower(got) != got {
			t.Fatalf("parseMovePath(%q) = %q", m, got)
		}
	})
}

// FuzzBoardChat feeds arbitrary chat bodies to the Board API's chat
// parser: no panic, a refusal is a 4xx, and an accepted line is a chat
// message with a text, for the spectators exactly when room=spectator.
func FuzzBoardChat(f *testing.F) {
	for _, seed := range []string{"room=player&text=gg", "room=spectator&text=hi", "text=", "text=a%00b", "room=player", "x=1",
		"room=Spectator&text=hi", "room=spectator&room=player&text=x", "text=" + strings.Repeat("é", 141)} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		fields, err := lichess.ParseParams(formType, []byte(body))
		clientError(t, "parseParams", err)
		if err != nil {
			return
		}
		m, err := parseBoardChat(fields)
		clientError(t, "parseBoardChat", err)
		if err == nil && (m.T != "chat" || m.Text == "" || m.Spectators != (fields["room"] == "spectator")) {
			t.Fatalf("parseBoardChat(%v) = %+v", fields, m)
		}
	})
}

// FuzzDeclineBody feeds arbitrary decline bodies, form and JSON, through
// parseParams and parseDecline: no panic, every refusal a 4xx, and an
// accepted reason is one of lichess's, with its text.
func FuzzDeclineBody(f *testing.F) {
	for _, seed := range []struct{ mt, body string }{
		{formType, "reason=tooFast"},
		{formType, "reason=TOOSLOW"},
		{formType, ""},
		{formType, "reason=nope"},
		{formType, "reason=generic&reason=later"},
		{"application/json", `{"reason":"noBot"}`},
		{"application/json", `{"reason":{"key":"later"}}`},
	} {
		f.Add(seed.mt, []byte(seed.body))
	}
	f.Fuzz(func(t *testing.T, mt string, body []byte) {
		fields, err := lichess.ParseParams(mt, body)
		clientError(t, "parseParams", err)
		if err != nil {
			return
		}
		d, err := lichess.ParseDecline(fields)
		clientError(t, "parseDecline", err)
		if err == nil && (d.Text == "" || !slices.Contains(lichess.DeclineReasons, d)) {
			t.Fatalf("parseDecline(%v) = %+v", fields, d)
		}
	})
}
