package round

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
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
		{`{"t":"berserk"}`, ClientMsg{T: "berserk"}, nil},
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
		{"state", StateJSON{Seats: map[string]wire.SeatJSON{"white": {Name: "<b>&\"é♞\u2028"}}}},
		{"state", StateJSON{Mandatory: true, Tournament: &game.Tournament{Kind: "swiss", ID: "s1", Name: "<Club> \"Swiss\" 象棋\u2028", Round: 3}}},
		{"state", StateJSON{Mandatory: true, Tournament: &game.Tournament{Kind: "arena", ID: "a1", Name: "Friday Arena"}}},
		{"hello", map[string]any{"you": []string{"white"}}},
		{"error", wire.ErrorJSON{Code: "bad_request", Message: "a <script> & \"quote\""}},
		{"takeback-offer", nil},
		{`odd "type" <é>`, 1}, // not one the server sends: marshalled as it is
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

// TestDestsMarshalAsTheMap: the destinations marshal to the bytes
// encoding/json makes of the plain map, keys sorted and strings escaped
// alike, nil and empty included.
func TestDestsMarshalAsTheMap(t *testing.T) {
	tests := []map[string][]string{
		nil,
		{},
		{"e2": {"e3", "e4"}, "g1": {"f3", "h3"}, "b1": {"a3", "c3"}},
		{"a0": {"a1"}, "P@": {"e4", "d5"}, "x": nil, "y": {}},
		{"<&>": {"\"q\"", "\\", "é", "\u2028", "\x01"}},
	}
	for _, m := range tests {
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(Dests(m))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("Dests(%v) = %s, want %s", m, got, want)
		}
	}
}

// FuzzDestsMarshal: whatever the squares' names, the destinations marshal
// as the plain map does.
func FuzzDestsMarshal(f *testing.F) {
	f.Add("e2", "e4", "g1", "f3")
	f.Add("<", "\u2028", "\"", "\xff")
	f.Fuzz(func(t *testing.T, a, b, c, d string) {
		m := map[string][]string{a: {b, c}, c: {d}, d: nil}
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(Dests(m))
		if err != nil || string(got) != string(want) {
			t.Fatalf("Dests(%q) = %s, %v; want %s", m, got, err, want)
		}
	})
}
