package server

import (
	"bytes"
	"errors"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/games"
	"github.com/gambitchess/gambit/server/wire"
)

// FuzzCreateRequest feeds arbitrary POST /api/games bodies through decoding,
// checking and game set-up (FEN and PGN of both variants included): no
// panic, and every failure is a client error.
func FuzzCreateRequest(f *testing.F) {
	for _, seed := range []string{`{"mode":"local"}`, `{"mode":"local","variant":"xiangqi","setup":"` + chariotMate + `"}`,
		`{"mode":"computer","color":"black","level":"beginner","variant":"xiangqi"}`,
		`{"mode":"local","setup":"1. e4 e5 2. Nf3 *"}`, `{"mode":"local","variant":"xiangqi","setup":"1. 炮二平五 馬８进７ *"}`,
		`{"mode":"local","clock":{"minutes":5,"increment":3}}`, `{"mode":"local","variant":"shogi"}`, `{"x":1}`,
		`{"mode":"online","lobby":true,"color":"random"}`} {
		f.Add([]byte(seed))
	}
	s := New(Config{})
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := wire.DecodeBody[games.Request](bytes.NewReader(body))
		if err != nil {
			return
		}
		opts, _, err := s.games.Options(req, "p")
		if err == nil {
			_, err = game.New(opts)
		}
		if err != nil && !errors.Is(err, wire.ErrBadRequest) && !errors.Is(err, game.ErrBadSetup) {
			t.Errorf("body %q: error %v is not a client error", body, err)
		}
	})
}
