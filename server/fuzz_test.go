package server

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// FuzzParseClientMsg feeds arbitrary WebSocket messages to the parser: it
// must never panic, and every message it accepts has a known type.
func FuzzParseClientMsg(f *testing.F) {
	for _, seed := range []string{`{"t":"move","d":{"u":"e2e4"}}`, `{"t":"move","d":{"u":"h2e2"}}`, `{"t":"sync","d":{"v":7}}`,
		`{"t":"resign"}`, `{"t":"draw-offer","d":{}}`, `{"t":"move","d":"e2e4"}`, `[1,2]`, ``, `{"t":null}`,
		`{"t":"claim-victory"}`, `{"t":"claim-victory","d":{"draw":true}}`, `{"t":"claim-victory","d":[]}`, `{"t":"rematch-offer"}`,
		`{"t":"chat","d":{"text":"good luck"}}`, `{"t":"chat","d":{"text":" \t "}}`, `{"t":"chat","d":{"text":"a\u0007b"}}`,
		`{"t":"chat","d":{"text":"\u202e\u0085\ud83d"}}`, `{"t":"chat","d":{"text":"` + strings.Repeat("é", chatMaxRunes+1) + `"}}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parseClientMsg(data)
		if err != nil {
			if _, code := wire.Code(err); code == "internal" {
				t.Errorf("parseClientMsg(%q): unmapped error %v", data, err)
			}
			return
		}
		switch m.T {
		case msgMove:
			if m.U == "" {
				t.Errorf("accepted a move without text: %q", data)
			}
		case msgChat:
			if _, err := checkChatText(m.Text); err != nil || m.Text != strings.TrimSpace(m.Text) {
				t.Errorf("accepted chat text %q (%v) from %q", m.Text, err, data)
			}
		case msgSync, msgTakeback, msgResign, msgAbort, msgDrawOffer, msgDrawAccept, msgDrawDecline, msgDrawClaim,
			msgTakebackOffer, msgTakebackAccept, msgTakebackDecline, msgClaimVictory, msgRematchOffer, msgRematchDecline:
		default:
			t.Errorf("accepted unknown type %q", m.T)
		}
	})
}

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
		`{"variant":"xiangqi","clock":{"days":3}}`, `{"x":1}`, `[`, `null`} {
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
