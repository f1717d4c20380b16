package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/internal/shareddata"
)

func TestCommands(t *testing.T) {
	data := shareddata.Dir(t)
	// An openings file in the format of gambit match's (FEN ; moves ; cp),
	// with the comment lines it must skip.
	openings := filepath.Join(t.TempDir(), "openings.epd")
	if err := os.WriteFile(openings, []byte("# balanced openings\n# Format: FEN ; moves <uci> ; cp <eval>\n"+
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 ; moves e2e4 e7e5 ; cp 20\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		args     []string
		stdin    string
		wantCode int
		wantOut  string // exact stdout, or prefix when it ends in "..."
		wantErr  string // substring of stderr
	}{
		{"perft", []string{"perft", "--depth", "4"}, "", 0, "Nodes searched: 197281\n", ""},
		{"perft divide", []string{"perft", "--depth", "2", "--divide", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"}, "", 0,
			"e1d1: 5\ne1d2: 5\ne1e2: 5\ne1f1: 5\ne1f2: 5\ne1g1: 3\nh1f1: 3\nh1g1: 5\nh1h2: 5\nh1h3: 5\nh1h4: 5\nh1h5: 5\nh1h6: 5\nh1h7: 2\nh1h8: 3\n\nNodes searched: 66\n", ""},
		{"perft chess960 castling as king takes rook", []string{"perft", "--variant", "chess960", "--depth", "1", "--divide", "--fen", "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1"}, "", 0, "b1a1: 1\n...", ""},
		{"perft xiangqi", []string{"perft", "--variant", "xiangqi", "--depth", "3"}, "", 0, "Nodes searched: 79666\n", ""},
		{"perft fogofwar", []string{"perft", "--variant", "fogofwar", "--depth", "4"}, "", 0, "Nodes searched: 197742\n", ""},
		{"perft fogofwar castling through attack", []string{"perft", "--variant", "fogofwar", "--depth", "1", "--divide", "--fen", "5rk1/8/8/8/8/8/8/4K2R w K - 0 1"}, "", 0, "e1d1: 1\ne1d2: 1\ne1e2: 1\ne1f1: 1\ne1f2: 1\ne1g1: 1\n...", ""},
		{"moves fogofwar", []string{"moves", "--variant", "fogofwar", "--fen", "4k3/8/8/8/8/8/r7/4K3 w - - 0 1"}, "", 0, "e1d1\ne1d2\ne1e2\ne1f1\ne1f2\n", ""},
		{"moves bad variant", []string{"moves", "--variant", "fog"}, "", 2, "", "fogofwar"},
		{"puzzles find", []string{"puzzles", "find", "--nodes", "5000", "--solve-nodes", "50000", filepath.Join("testdata", "puzzles.pgn")}, "", 0,
			"PuzzleId,FEN,Moves,Rating,RatingDeviation,Themes,GameUrl,Variant,Evals\nl634tq43,r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3,g8f6 h5f7,1500,500,mate mateIn1 oneMove attackingF2F7,puzzles.pgn#1,chess,h5f7=#1/h5g5=-124\n",
			"puzzles.pgn: 2 games (0 skipped), 1 puzzles"},
		{"puzzles find xiangqi", []string{"puzzles", "find", "--nodes", "5000", "--solve-nodes", "50000", filepath.Join("testdata", "puzzles-xiangqi.pgn")}, "", 0,
			"PuzzleId,FEN,Moves,Rating,RatingDeviation,Themes,GameUrl,Variant,Evals\nwpt74gu7,4k4/8r/9/9/9/9/9/9/R8/3K5 b - - 0 1,i8a8 a1a8 e9f9 a8e8,1500,500,mate mateIn2 short stalemate hangingPiece endgame,puzzles-xiangqi.pgn#1,xiangqi,a1a8=#2/a1e1=0 a8e8=#1/d0e0=#1\n",
			"1 games (0 skipped), 1 puzzles"},
		// The same puzzles, found by Debian's engines.
		{"puzzles find stockfish", []string{"puzzles", "find", "--engine", "cmd=/usr/games/stockfish", "--nodes", "5000", "--solve-nodes", "50000", filepath.Join("testdata", "puzzles.pgn")}, "", 0,
			"PuzzleId,FEN,Moves,Rating,RatingDeviation,Themes,GameUrl,Variant,Evals\nl634tq43,r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3,g8f6 h5f7,1500,500,mate mateIn1 oneMove attackingF2F7,puzzles.pgn#1,chess,h5f7=#1/h5g5=-143\n",
			"2 games (0 skipped), 1 puzzles"},
		{"puzzles find fairy-stockfish", []string{"puzzles", "find", "--engine", "cmd=/usr/games/fairy-stockfish", "--nodes", "5000", "--solve-nodes", "50000", filepath.Join("testdata", "puzzles-xiangqi.pgn")}, "", 0,
			"PuzzleId,FEN,Moves,Rating,RatingDeviation,Themes,GameUrl,Variant,Evals\nwpt74gu7,4k4/8r/9/9/9/9/9/9/R8/3K5 b - - 0 1,i8a8 a1a8 e9f9 a8e8,1500,500,mate mateIn2 short stalemate hangingPiece endgame,puzzles-xiangqi.pgn#1,xiangqi,a1a8=#2/a1e1=0 a8e8=#1/d0e0=#1\n",
			"1 games (0 skipped), 1 puzzles"},
		{"puzzles check", []string{"puzzles", "check", filepath.Join("testdata", "puzzles.csv"), filepath.Join("testdata", "puzzles.csv")}, "", 0, "", "puzzles: 1 puzzles hold"},
		{"puzzles check recheck", []string{"puzzles", "check", "--recheck", filepath.Join("testdata", "puzzles.csv")}, "", 0, "", "puzzles: 1 puzzles hold"},
		{"puzzles check refuses", []string{"puzzles", "check", filepath.Join("testdata", "puzzles-bad.csv")}, "", 1, "", "puzzle l634tq43: choice 1: best [h5h4], the solution plays h5f7"},
		{"puzzles find bad engine", []string{"puzzles", "find", "--engine", "nocmd", filepath.Join("testdata", "puzzles.pgn")}, "", 2, "", "--engine"},
		{"puzzles find no file", []string{"puzzles", "find", "nosuch.pgn"}, "", 1, "", "nosuch.pgn"},
		{"perft bad depth", []string{"perft", "--depth", "0"}, "", 2, "", "--depth"},
		{"perft bad flag", []string{"perft", "--dpeth", "3"}, "", 2, "", "unknown flag"},
		{"serve bad trusted proxy", []string{"serve", "--trusted-proxy", "10.0.0.1,10.0.0.0/33"}, "", 2, "", `trusted proxy "10.0.0.0/33"`},
		{"perft bad variant", []string{"perft", "--variant", "shogi"}, "", 2, "", "unknown variant"},
		{"perft bad fen", []string{"perft", "--fen", "xx"}, "", 2, "", "fen:"},
		{"moves", []string{"moves", "--fen", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1"}, "", 0,
			"e1d1 Kd1\ne1d2 Kd2\ne1e2 Ke2\ne1f1 Kf1\ne1f2 Kf2\ne7e8b e8=B\ne7e8n e8=N\ne7e8q e8=Q+\ne7e8r e8=R+\n", ""},
		{"moves xiangqi", []string{"moves", "--variant", "xiangqi"}, "", 0, "a0a1 俥九進一 R9+1\n...", ""},
		{"moves xiangqi simplified", []string{"moves", "--variant", "xiangqi", "--script", "simplified"}, "", 0, "a0a1 车九进一 R9+1\n...", ""},
		{"moves xiangqi bad script", []string{"moves", "--variant", "xiangqi", "--script", "zh"}, "", 2, "", "--script \"zh\": want traditional or simplified"},
		{"fen normalizes", []string{"fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"}, "", 0,
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n", ""},
		{"fen error", []string{"fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, "", 1, "error: fen: field 1 (piece placement): missing or extra king: white has 0 kings\n", ""},
		{"fen stdin", []string{"fen"}, "4k3/8/8/8/8/8/8/4K3 w - -\n\nbad\n", 1, "4k3/8/8/8/8/8/8/4K3 w - - 0 1\nerror: fen: wrong number of fields: got 1, want 4 to 6\n", ""},
		{"fen xiangqi red as r", []string{"fen", "--variant", "xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r"}, "", 0,
			"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n", ""},
		{"too many args", []string{"fen", "a", "b"}, "", 2, "", "arguments"},
		{"pgn check", []string{"pgn", "check", data + "/pgn/edge/pychess/mate.pgn"}, "", 0, data + "/pgn/edge/pychess/mate.pgn: 1 games, 4 plies, 0 errors\n", ""},
		{"pgn check illegal", []string{"pgn", "check", data + "/pgn/edge/rust-pgn-reader/illegal.pgn"}, "", 1,
			data + "/pgn/edge/rust-pgn-reader/illegal.pgn:833:7: game 38: \"b4\": chess: illegal move...", ""},
		{"pgn check one worker", []string{"pgn", "check", "--workers", "1", data + "/pgn/edge/rust-pgn-reader/illegal.pgn"}, "", 1,
			data + "/pgn/edge/rust-pgn-reader/illegal.pgn:833:7: game 38: \"b4\": chess: illegal move...", ""},
		{"pgn check three workers", []string{"pgn", "check", "--workers=3", "-"}, "1. e4 e5 1-0 1. d4 Ke7 0-1\n1. Nf3 *", 1,
			"-:1:20: game 2: \"Ke7\": chess: illegal move in rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n-: 3 games, 3 plies, 1 errors\n", ""},
		{"pgn check workers below 0", []string{"pgn", "check", "--workers=-1", "x.pgn"}, "", 2, "", "at least 0"},
		{"pgn check xiangqi gbk", []string{"pgn", "check", data + "/xiangqi/pgn/cchess-test-gbk.pgn"}, "", 0,
			data + "/xiangqi/pgn/cchess-test-gbk.pgn: 1 games, 25 plies, 0 errors\n", ""},
		{"pgn cat stdin", []string{"pgn", "cat", "-"}, "1.e4 e5 2.Nf3 {good} (2.f4 exf4) Nc6 *", 0,
			"[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {good} (2. f4 exf4) 2... Nc6 *\n\n", ""},
		{"pgn missing file", []string{"pgn", "check", "/nonexistent.pgn"}, "", 1, "", "no such file"},
		{"bench algorithm", []string{"bench", "--algorithm", "minimax", "--depth", "2", "--fen", "7k/8/8/8/8/8/8/K5Rq w - - 0 1"}, "", 0,
			"algorithm minimax depth 2: bestmove g1h1 (Rxh1+)...", ""},
		{"match needs two engines", []string{"match", "--engine", "cmd=/bin/true"}, "", 2, "", "exactly two"},
		{"match openings with comments", []string{"match", "--engine", "cmd=/nonexistent/engine", "--engine", "cmd=b", "--openings", openings}, "", 1, "", "nonexistent"},
		{"match bad tc", []string{"match", "--engine", "cmd=a", "--engine", "cmd=b", "--tc", "fast"}, "", 2, "", "--tc"},
		{"dice verify", []string{"dice", "verify", "testdata/dice.pgn"}, "", 0, "seed matches its hash; 87 turns, 261 dice: every roll checks\n", ""},
		{"dice verify tampered roll", []string{"dice", "verify", "testdata/dice-tampered.pgn"}, "", 1, "",
			"turn 3 (white): die 3 is B in the PGN, the seed rolls N"},
		{"dice verify stdin, no seed", []string{"dice", "verify", "-"}, "[Variant \"Dice chess\"]\n[SeedHash \"00\"]\n\n*", 1, "", "no Seed tag"},
		{"dice verify needs a file", []string{"dice", "verify"}, "", 2, "", "argument"},
		{"bomb verify", []string{"bomb", "verify", "testdata/bomb.pgn"}, "", 0, "seed matches its hash and lays the mines; 12 moves, 3 blasts: every blast checks\n", ""},
		{"bomb verify, a blast dropped", []string{"bomb", "verify", "testdata/bomb-tampered.pgn"}, "", 1, "", "set off the mine on a6, and has no blast comment"},
		{"unknown command", []string{"frobnicate"}, "", 2, "", "unknown command"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(tt.args, strings.NewReader(tt.stdin), &out, &errOut)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.wantCode, errOut.String())
			}
			if prefix, ok := strings.CutSuffix(tt.wantOut, "..."); ok {
				if !strings.HasPrefix(out.String(), prefix) {
					t.Errorf("stdout %q, want prefix %q", out.String(), prefix)
				}
			} else if out.String() != tt.wantOut {
				t.Errorf("stdout %q, want %q", out.String(), tt.wantOut)
			}
			if !strings.Contains(errOut.String(), tt.wantErr) {
				t.Errorf("stderr %q, want it to contain %q", errOut.String(), tt.wantErr)
			}
		})
	}
}

func TestParseEngineSpec(t *testing.T) {
	c, err := parseEngineSpec("cmd=/usr/games/toga2 name=toga option.Number of Threads=1 option.Hash=16 arg=-x")
	if err != nil {
		t.Fatal(err)
	}
	if c.Path != "/usr/games/toga2" || c.Name != "toga" || len(c.Args) != 1 || c.Args[0] != "-x" {
		t.Errorf("parsed %+v", c)
	}
	if len(c.Options) != 2 || c.Options[0].Name != "Number of Threads" || c.Options[0].Value != "1" || c.Options[1].Name != "Hash" {
		t.Errorf("options %+v", c.Options)
	}
	for _, bad := range []string{"name=x", "cmd=a colour=red", "cmd=a option.Broken"} {
		if _, err := parseEngineSpec(bad); err == nil {
			t.Errorf("parseEngineSpec(%q): no error", bad)
		}
	}
}

func TestParsePairs(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" for an error
	}{
		{"[17 46 82 55 23]", "[17 46 82 55 23]"},
		{"17,46,82,55,23", "[17 46 82 55 23]"},
		{" 0, 0,1 ,0,0 ", "[0 0 1 0 0]"},
		{"1,2,3,4", ""},
		{"1,2,3,4,5,6", ""},
		{"1,2,-3,4,5", ""},
		{"1,2,x,4,5", ""},
		{"", ""},
	}
	for _, tt := range tests {
		got, err := parsePairs(tt.in)
		if tt.want == "" {
			if err == nil || !strings.Contains(err.Error(), "--resume") {
				t.Errorf("parsePairs(%q): %v, %v; want an error naming --resume", tt.in, got, err)
			}
			continue
		}
		if err != nil || fmt.Sprint(got) != tt.want {
			t.Errorf("parsePairs(%q) = %v, %v; want %s", tt.in, got, err, tt.want)
		}
	}
}

func TestParseSPRT(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" for an error
	}{
		{"0,5", "{0 5 0.05 0.05}"},
		{" -1.5, 3.5 ,0.1,0.2", "{-1.5 3.5 0.1 0.2}"},
		{"0", ""},
		{"0,5,0.05", ""},
		{"5,0", ""},
		{"0,x", ""},
		{"0,5,0,0.05", ""},
	}
	for _, tt := range tests {
		got, err := parseSPRT(tt.in)
		if tt.want == "" {
			if err == nil || !strings.Contains(err.Error(), "--sprt") {
				t.Errorf("parseSPRT(%q): %v, %v; want an error naming --sprt", tt.in, got, err)
			}
			continue
		}
		if err != nil || fmt.Sprint(*got) != tt.want {
			t.Errorf("parseSPRT(%q) = %v, %v; want %s", tt.in, got, err, tt.want)
		}
	}
}
