package round

import (
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
