package round

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/server/wire"
)

func TestParseClientMsg(t *testing.T) {
	tests := []struct {
		in      string
		want    ClientMsg
		wantErr error
	}{
		{`{"t":"move","d":{"u":"e2e4"}}`, ClientMsg{T: "move", U: "e2e4"}, nil},
		{`{"t":"sync","d":{"v":7}}`, ClientMsg{T: "sync", V: 7}, nil},
		{`{"t":"resign"}`, ClientMsg{T: "resign"}, nil},
		{`{"t":"draw-offer","d":{}}`, ClientMsg{T: "draw-offer"}, nil},
		{`{"t":"move","d":{"u":""}}`, ClientMsg{}, wire.ErrBadRequest},
		{`{"t":"move","d":"e2e4"}`, ClientMsg{}, wire.ErrBadRequest},
		{`{"t":"sync"}`, ClientMsg{}, wire.ErrBadRequest},
		{`{"d":{}}`, ClientMsg{}, wire.ErrBadRequest},
		{`{"t":"castle"}`, ClientMsg{}, wire.ErrUnknownType},
		{`[1,2]`, ClientMsg{}, wire.ErrBadRequest},
		{``, ClientMsg{}, wire.ErrBadRequest},
		{`{"t":"move","d":{"u":"` + strings.Repeat("a", MaxMessage) + `"}}`, ClientMsg{}, wire.ErrTooLarge},
		{`{"t":"chat","d":{"text":" gg "}}`, ClientMsg{T: "chat", Text: "gg"}, nil},
		{`{"t":"chat","d":{"text":"` + strings.Repeat("♞", chatMaxRunes) + `"}}`, ClientMsg{T: "chat", Text: strings.Repeat("♞", chatMaxRunes)}, nil},
		{`{"t":"chat","d":{"text":"` + strings.Repeat("♞", chatMaxRunes+1) + `"}}`, ClientMsg{}, wire.ErrBadRequest},
		{`{"t":"chat","d":{"text":"  "}}`, ClientMsg{}, wire.ErrBadRequest},
		{`{"t":"chat","d":{"text":"a\u0000b"}}`, ClientMsg{}, wire.ErrBadRequest},
		{`{"t":"chat","d":{"text":"a\u202eb"}}`, ClientMsg{}, wire.ErrBadRequest},
		{`{"t":"chat","d":{"text":1}}`, ClientMsg{}, wire.ErrBadRequest},
		{`{"t":"chat"}`, ClientMsg{}, wire.ErrBadRequest},
	}
	for _, tt := range tests {
		got, err := ParseClientMsg([]byte(tt.in))
		in := tt.in[:min(len(tt.in), 40)]
		if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil && got != tt.want) {
			t.Errorf("parseClientMsg(%s) = %+v, %v; want %+v, %v", in, got, err, tt.want, tt.wantErr)
		}
	}
}

// TestEncodeIsTheEnvelope: encode writes the envelope around the data
// itself; its bytes are those of marshalling the envelope, for data with
// characters JSON escapes and for every kind of message.
func TestEncodeIsTheEnvelope(t *testing.T) {
	tests := []struct {
		typ string
		d   any
	}{
		{"move", StateJSON{ID: "abc", FEN: "8/8/8/8/8/8/8/8 w - - 0 1", Dests: map[string][]string{"e2": {"e3", "e4"}}}},
		{"state", StateJSON{Seats: map[string]SeatJSON{"white": {Name: "<b>&\"é♞\u2028"}}}},
		{"hello", map[string]any{"you": []string{"white"}}},
		{"error", ErrorJSON{Code: "bad_request", Message: "a <script> & \"quote\""}},
	}
	for _, tt := range tests {
		data, err := json.Marshal(tt.d)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(envelope{T: tt.typ, D: data})
		if err != nil {
			t.Fatal(err)
		}
		if got := encode(tt.typ, tt.d); string(got) != string(want) {
			t.Errorf("encode(%s) = %s, want %s", tt.typ, got, want)
		}
	}
}
