package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/review"
)

// TestReviewCommand runs gambit review and analyse as a user would, with
// Gambit's engine and with Stockfish really started, at small budgets.
func TestReviewCommand(t *testing.T) {
	dir := t.TempDir()
	chessPGN := filepath.Join(dir, "mate.pgn")
	xqPGN := filepath.Join(dir, "xq.pgn")
	write := func(path, text string) {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(chessPGN, "[Event \"a\"]\n[Result \"*\"]\n\n1. d4 *\n\n[Event \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n")
	write(xqPGN, "[Game \"Chinese Chess\"]\n[Red \"r\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. 俥九进一 車1进1 2. 俥九平六 車1平4 3. 俥六进七 *\n")
	tests := []struct {
		name     string
		args     []string
		wantCode int
		want     []string // substrings of stdout
		wantErr  string
	}{
		{"chess text", []string{"review", chessPGN, "--game", "2", "--nodes", "20000"}, 0,
			[]string{"Engine gambit, nodes 20000", "Nf6??", "blunder", "Black: accuracy", "1 blunders"}, ""},
		{"chess book", []string{"review", chessPGN, "--game", "2", "--nodes", "5000", "--book", "2"}, 0, []string{"   1  e4 ", "book"}, ""},
		{"stockfish", []string{"review", chessPGN, "--game", "2", "--depth", "8", "--engine", "cmd=/usr/games/stockfish name=sf"}, 0,
			[]string{"Engine sf, depth 8", "Nf6??"}, ""},
		{"xiangqi", []string{"review", xqPGN, "--nodes", "20000"}, 0, []string{"scores in centipawns from Red's side", "車１平４", "Red: accuracy"}, ""},
		{"no such game", []string{"review", chessPGN, "--game", "3"}, 1, nil, "has 2 game(s), not 3"},
		{"depth and nodes", []string{"review", chessPGN, "--depth", "3", "--nodes", "9"}, 2, nil, "--depth or --nodes, not both"},
		{"bad engine", []string{"review", chessPGN, "--engine", "path=x"}, 2, nil, "unknown key"},
		{"analyse", []string{"analyse", "--fen", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "--multipv", "2", "--depth", "5"}, 0,
			[]string{"1. #1 depth", "Ra8#", "2. "}, ""},
		{"analyse xiangqi fairy", []string{"analyse", "--variant", "xiangqi", "--depth", "6", "--engine", "cmd=/usr/games/fairy-stockfish"}, 0,
			[]string{"1. "}, ""},
		{"analyse xiangqi lines", []string{"analyse", "--variant", "xiangqi", "--depth", "4", "--multipv", "2"}, 0,
			[]string{"1. ", "\n2. "}, ""},
		{"analyse bad fen", []string{"analyse", "--fen", "xx"}, 2, nil, "--fen"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(tt.args, strings.NewReader(""), &out, &errOut)
			if code != tt.wantCode || !strings.Contains(errOut.String(), tt.wantErr) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, errOut.String(), tt.wantCode, tt.wantErr)
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("stdout lacks %q:\n%s", w, out.String())
				}
			}
		})
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"review", chessPGN, "--game", "2", "--nodes", "5000", "--json"}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("--json: exit %d: %s", code, errOut.String())
	}
	var r review.Review
	if err := json.Unmarshal(out.Bytes(), &r); err != nil || len(r.Moves) != 7 || r.Moves[5].SAN != "Nf6" || r.Moves[6].After != review.MateCP {
		t.Errorf("--json: %v: %+v", err, r)
	}
}
