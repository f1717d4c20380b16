package games

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/variant/chessgame"
)

// FuzzSmallBodies feeds arbitrary bodies to the decoders of the other POST
// requests (join, adopt, pair): no panic, and every failure is a client
// error with its code.
func FuzzSmallBodies(f *testing.F) {
	for _, seed := range []string{`{}`, ``, `{"token":"abc"}`, `{"variant":"chess","clock":{"minutes":3,"increment":2}}`,
		`{"variant":"xiangqi","clock":{"days":3}}`, `{"variant":"chess","clock":{"minutes":3,"increment":2},"rated":true,"waiting":"abcdefghij"}`,
		`{"x":1}`, `[`, `null`} {
		f.Add([]byte(seed))
	}
	h := New(Config{Now: time.Now, MinClock: 15 * time.Second, MaxDays: 14}) // the server's defaults; a pairing asks nothing of the server
	f.Fuzz(func(t *testing.T, body []byte) {
		check := func(err error) {
			if err != nil && !errors.Is(err, wire.ErrBadRequest) && !errors.Is(err, game.ErrBadSetup) {
				t.Errorf("body %q: error %v is not a client error", body, err)
			}
		}
		_, err := wire.DecodeBody[struct{}](bytes.NewReader(body))
		check(err)
		_, err = wire.DecodeBody[adoptRequest](bytes.NewReader(body))
		check(err)
		req, err := wire.DecodeBody[pairRequest](bytes.NewReader(body))
		check(err)
		if err == nil {
			_, err = h.pairOptions(req, "p")
			check(err)
		}
	})
}

// TestRematchOf: a rematch is a new game of the same variant, start and
// time control, the same people (names, players, titles) in swapped
// seats.
func TestRematchOf(t *testing.T) {
	ann := game.Seat{Kind: game.SeatHuman, Player: "p-ann", Name: "ann", Title: "BOT"}
	bob := game.Seat{Kind: game.SeatHuman, Player: "p-bob", Name: "bob"}
	g, err := game.New(game.Options{ID: "first", Mode: game.ModeOnline, Variant: chessgame.Chess960, Setup: "518", Seats: [2]game.Seat{ann, bob},
		Clock: game.ClockConfig{Initial: 3 * time.Minute, Increment: 2 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	opts := RematchOf(g, time.Now)
	next, err := game.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	if next.ID() == g.ID() || !wire.ValidID(next.ID()) || next.Variant() != g.Variant() || next.View(game.Spectator).StartFEN() != g.View(game.Spectator).StartFEN() ||
		next.Seat(chess.White) != bob || next.Seat(chess.Black) != ann || next.Clock().Initial != 3*time.Minute || next.Clock().Increment != 2*time.Second {
		t.Errorf("rematch of %s: %+v", g.ID(), opts)
	}
}
