package round

import (
	"encoding/json"
	"strings"
	"testing"

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
		m, err := ParseClientMsg(data)
		if err != nil {
			if _, code := wire.Code(err); code == "internal" {
				t.Errorf("ParseClientMsg(%q): unmapped error %v", data, err)
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

// FuzzPlainMove: a message plainMove reads is read the same by the general
// parse, so the shortcut changes no answer.
func FuzzPlainMove(f *testing.F) {
	for _, seed := range []string{`{"t":"move","d":{"u":"e2e4"}}`, `{"t":"move","d":{"u":"e7e8q"}}`, `{"t":"move","d":{"u":"P@e4"}}`,
		`{"t":"move","d":{"u":""}}`, `{"t":"move","d":{"u":"e2\u0065"}}`, `{"t":"move","d":{"u":"a"}} `, `{"t":"move","d":{"u":"0000"}}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		u, ok := plainMove(data)
		if !ok {
			return
		}
		var env envelope
		if err := json.Unmarshal(data, &env); err != nil {
			t.Fatalf("plainMove read %q from %q, which is not JSON: %v", u, data, err)
		}
		var d struct {
			U string `json:"u"`
		}
		if err := json.Unmarshal(env.D, &d); err != nil || env.T != msgMove || d.U != u || u == "" {
			t.Fatalf("plainMove read %q from %q; the general parse: type %q, %q, %v", u, data, env.T, d.U, err)
		}
	})
}
