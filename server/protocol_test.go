package server

import (
	"errors"
	"strings"
	"testing"
)

func TestParseClientMsg(t *testing.T) {
	tests := []struct {
		in      string
		want    clientMsg
		wantErr error
	}{
		{`{"t":"move","d":{"u":"e2e4"}}`, clientMsg{T: "move", U: "e2e4"}, nil},
		{`{"t":"sync","d":{"v":7}}`, clientMsg{T: "sync", V: 7}, nil},
		{`{"t":"resign"}`, clientMsg{T: "resign"}, nil},
		{`{"t":"draw-offer","d":{}}`, clientMsg{T: "draw-offer"}, nil},
		{`{"t":"move","d":{"u":""}}`, clientMsg{}, ErrBadRequest},
		{`{"t":"move","d":"e2e4"}`, clientMsg{}, ErrBadRequest},
		{`{"t":"sync"}`, clientMsg{}, ErrBadRequest},
		{`{"d":{}}`, clientMsg{}, ErrBadRequest},
		{`{"t":"castle"}`, clientMsg{}, ErrUnknownType},
		{`[1,2]`, clientMsg{}, ErrBadRequest},
		{``, clientMsg{}, ErrBadRequest},
		{`{"t":"move","d":{"u":"` + strings.Repeat("a", maxMessage) + `"}}`, clientMsg{}, ErrTooLarge},
		{`{"t":"chat","d":{"text":" gg "}}`, clientMsg{T: "chat", Text: "gg"}, nil},
		{`{"t":"chat","d":{"text":"` + strings.Repeat("♞", chatMaxRunes) + `"}}`, clientMsg{T: "chat", Text: strings.Repeat("♞", chatMaxRunes)}, nil},
		{`{"t":"chat","d":{"text":"` + strings.Repeat("♞", chatMaxRunes+1) + `"}}`, clientMsg{}, ErrBadRequest},
		{`{"t":"chat","d":{"text":"  "}}`, clientMsg{}, ErrBadRequest},
		{`{"t":"chat","d":{"text":"a\u0000b"}}`, clientMsg{}, ErrBadRequest},
		{`{"t":"chat","d":{"text":"a\u202eb"}}`, clientMsg{}, ErrBadRequest},
		{`{"t":"chat","d":{"text":1}}`, clientMsg{}, ErrBadRequest},
		{`{"t":"chat"}`, clientMsg{}, ErrBadRequest},
	}
	for _, tt := range tests {
		got, err := parseClientMsg([]byte(tt.in))
		in := tt.in[:min(len(tt.in), 40)]
		if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil && got != tt.want) {
			t.Errorf("parseClientMsg(%s) = %+v, %v; want %+v, %v", in, got, err, tt.want, tt.wantErr)
		}
	}
}
