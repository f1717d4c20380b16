package server

import (
	"bytes"
	"errors"
	"testing"

	"github.com/gambitchess/gambit/game"
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
		req, err := decodeBody[createRequest](bytes.NewReader(body))
		if err != nil {
			return
		}
		opts, _, err := s.gameOptions(req, "p")
		if err == nil {
			_, err = game.New(opts)
		}
		if err != nil && !errors.Is(err, ErrBadRequest) && !errors.Is(err, game.ErrBadSetup) {
			t.Errorf("body %q: error %v is not a client error", body, err)
		}
	})
}

// FuzzSmallBodies feeds arbitrary bodies to the decoders of the other POST
// requests (join, adopt, pair): no panic, and every failure is a client
// error with its code.
func FuzzSmallBodies(f *testing.F) {
	for _, seed := range []string{`{}`, ``, `{"token":"abc"}`, `{"variant":"chess","clock":{"minutes":3,"increment":2}}`,
		`{"variant":"xiangqi","clock":{"days":3}}`, `{"variant":"chess","clock":{"minutes":3,"increment":2},"rated":true,"waiting":"abcdefghij"}`,
		`{"x":1}`, `[`, `null`} {
		f.Add([]byte(seed))
	}
	s := New(Config{})
	f.Fuzz(func(t *testing.T, body []byte) {
		check := func(err error) {
			if err != nil && !errors.Is(err, ErrBadRequest) && !errors.Is(err, game.ErrBadSetup) {
				t.Errorf("body %q: error %v is not a client error", body, err)
			}
		}
		_, err := decodeBody[struct{}](bytes.NewReader(body))
		check(err)
		_, err = decodeBody[adoptRequest](bytes.NewReader(body))
		check(err)
		req, err := decodeBody[pairRequest](bytes.NewReader(body))
		check(err)
		if err == nil {
			_, err = s.pairOptions(req, "p")
			check(err)
		}
	})
}
