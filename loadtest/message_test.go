package loadtest

import (
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
)

func TestParseMessage(t *testing.T) {
	tests := []struct {
		in       string
		want     Message
		finished bool
		wantErr  bool
	}{
		{in: `{"t":"hello","d":{"you":["white"]}}`, want: Message{Type: "hello", You: []string{"white"}}},
		{in: `{"t":"move","d":{"v":3,"ply":1,"turn":"black","status":"started","fen":"f","last":{"uci":"e2e4","san":"e4"},"dests":{}}}`,
			want: Message{Type: "move", V: 3, Ply: 1, Turn: "black", Status: "started", FEN: "f", Last: "e2e4", Dests: []byte(`{}`)}},
		{in: `{"t":"state","d":{"status":"mate"}}`, want: Message{Type: "state", Status: "mate"}, finished: true},
		{in: `{"t":"error","d":{"code":"rate_limited","message":"slow down","retryAfter":1}}`, want: Message{Type: "error", Code: "rate_limited"}},
		{in: `{"d":{}}`, wantErr: true},
		{in: `not json`, wantErr: true},
		{in: `{"t":"move","d":{"ply":"one"}}`, wantErr: true},
	}
	for _, tt := range tests {
		got, err := ParseMessage([]byte(tt.in))
		if (err != nil) != tt.wantErr {
			t.Errorf("ParseMessage(%s): error %v, want error %v", tt.in, err, tt.wantErr)
			continue
		}
		if tt.wantErr {
			continue
		}
		if got.Type != tt.want.Type || got.V != tt.want.V || got.Ply != tt.want.Ply || got.Turn != tt.want.Turn ||
			got.Status != tt.want.Status || got.FEN != tt.want.FEN || got.Last != tt.want.Last || got.Code != tt.want.Code ||
			string(got.Dests) != string(tt.want.Dests) || strings.Join(got.You, ",") != strings.Join(tt.want.You, ",") {
			t.Errorf("ParseMessage(%s) = %+v, want %+v", tt.in, got, tt.want)
		}
		if got.Finished() != tt.finished {
			t.Errorf("ParseMessage(%s).Finished() = %v", tt.in, got.Finished())
		}
	}
}

func TestPickMove(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	const promo = "k7/4P3/8/8/8/8/1p6/K7 w - - 0 1"
	tests := []struct {
		dests, fen string
		i          int
		want       string
		count      int
		wantErr    bool
	}{
		{`{"b1":["a3","c3"],"e2":["e3","e4"]}`, start, 0, "b1a3", 4, false},
		{`{"b1":["a3","c3"],"e2":["e3","e4"]}`, start, 3, "e2e4", 4, false},
		{` { "e7" : [ "e8" , "d8" ] } `, promo, 0, "e7e8q", 2, false},
		{`{"b2":["b1"]}`, promo, 0, "b2b1q", 1, false}, // a black pawn promotes on rank 1
		{`{"a1":["b1"]}`, promo, 0, "a1b1", 1, false},  // a king on the last rank is no pawn
		{`{"a1":[]}`, promo, 0, "", 0, true},
		{`{}`, start, 0, "", 0, true},
		{`null`, start, 0, "", 0, true},
		{`{"a1":["b1"],}`, start, 5, "", 0, true},
		{`{"a\"1":["b1"]}`, start, 0, "", 0, true},
		{`["e2"]`, start, 0, "", 0, true},
	}
	for _, tt := range tests {
		got, err := PickMove([]byte(tt.dests), tt.fen, tt.i)
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("PickMove(%s, %d) = %q, %v; want %q, error %v", tt.dests, tt.i, got, err, tt.want, tt.wantErr)
		}
		if n, err := CountMoves([]byte(tt.dests)); err == nil && n != tt.count {
			t.Errorf("CountMoves(%s) = %d, want %d", tt.dests, n, tt.count)
		}
	}
}

// FuzzServerMessage: no server message, however broken, makes the client
// panic, and a move it picks always comes from the destinations.
func FuzzServerMessage(f *testing.F) {
	f.Add([]byte(`{"t":"move","d":{"v":3,"ply":1,"turn":"black","status":"started","fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","last":{"uci":"e2e4"},"dests":{"e7":["e6","e5"],"g8":["f6","h6"]}}}`))
	f.Add([]byte(`{"t":"state","d":{"fen":"k7/4P3/8/8/8/8/8/K7 w - - 0 1","dests":{"e7":["e8"]}}}`))
	f.Add([]byte(`{"t":"hello","d":{"you":["white","black"]}}`))
	f.Add([]byte(`{"t":"error","d":{"code":"x"}}`))
	f.Add([]byte(`{"t":"state","d":{"fen":"9/9/9/9/9/9/9/9/9/9/99999999999 w","dests":{"a0":["a1"]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseMessage(data)
		if err != nil {
			return
		}
		m.Finished()
		n, err := CountMoves(m.Dests)
		if err != nil {
			return
		}
		for i := range min(n, 8) {
			move, err := PickMove(m.Dests, m.FEN, i)
			if err != nil || move == "" {
				t.Fatalf("move %d of %d: %q, %v", i, n, move, err)
			}
		}
		if _, err := PickMove(m.Dests, m.FEN, n); err == nil {
			t.Fatalf("move %d of %d picked", n, n)
		}
	})
}

func FuzzPieceAt(f *testing.F) {
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", byte('e'), byte('2'))
	f.Add("9/9/9", byte('a'), byte('1'))
	f.Fuzz(func(t *testing.T, fen string, file, rank byte) {
		if p := pieceAt(fen, file, rank); p != chess.NoPiece && !strings.Contains(fen, p.String()) {
			t.Fatalf("pieceAt(%q, %c%c) = %v, not in the FEN", fen, file, rank, p)
		}
	})
}
