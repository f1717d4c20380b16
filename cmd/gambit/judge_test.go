package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/internal/shareddata"
)

// TestJudge: gambit judge gives each game of a PGN file the rules'
// result, says whether the record agrees, and exits 1 when one does not.
func TestJudge(t *testing.T) {
	for _, rules := range []string{"wxf", "chinese"} {
		var out, errs bytes.Buffer
		code := run([]string{"judge", "--rules", rules, "testdata/judge.pgn"}, nil, &out, &errs)
		if code != 1 {
			t.Errorf("%s: exit %d, want 1 (one game disagrees); stderr %q", rules, code, errs.String())
		}
		want := []string{
			"testdata/judge.pgn#1 Red - Black: 0-1 perpetual chase by Red, plies 2-9; recorded 0-1: agrees",
			"testdata/judge.pgn#2 Red - Black: 0-1 perpetual chase by Red, plies 2-9; recorded 1/2-1/2: disagrees",
			"testdata/judge.pgn#3 Red - Black: * the rules end nothing; recorded 1-0: agrees",
		}
		if got := strings.Split(strings.TrimSpace(out.String()), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: got\n%s\nwant\n%s", rules, out.String(), strings.Join(want, "\n"))
		}
	}
	var out, errs bytes.Buffer
	if code := run([]string{"judge", "--rules", "local", "testdata/judge.pgn"}, nil, &out, &errs); code != 2 || !strings.Contains(errs.String(), `unknown rules "local"`) {
		t.Errorf("unknown rules: exit %d, stderr %q; want 2 naming the rules", code, errs.String())
	}
}

// TestJudgeRuleSets: one check one chase is a draw by the WXF rules and
// lost by the Chinese ones; --rules chooses.
func TestJudgeRuleSets(t *testing.T) {
	for _, tt := range []struct {
		rules, line string
		code        int
	}{
		{"wxf", "1/2-1/2 repetition, plies 1-8; recorded 1/2-1/2: agrees", 0},
		{"chinese", "0-1 one check one chase by Red, plies 1-8; recorded 1/2-1/2: disagrees", 1},
	} {
		var out, errs bytes.Buffer
		code := run([]string{"judge", "--rules", tt.rules, "testdata/judge-rules.pgn"}, nil, &out, &errs)
		want := "testdata/judge-rules.pgn#1 Red - Black: " + tt.line + "\n"
		if code != tt.code || out.String() != want {
			t.Errorf("%s: exit %d, %q; want %d, %q (stderr %q)", tt.rules, code, out.String(), tt.code, want, errs.String())
		}
	}
}

// TestJudgeRealGames: the real games of the shared data (GBK among them)
// are read, and none disagrees with the rules.
func TestJudgeRealGames(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(shareddata.Dir(t), "xiangqi", "pgn", "*.pgn"))
	if err != nil || len(files) < 5 {
		t.Fatalf("xiangqi PGN files: %v, %v", files, err)
	}
	var out, errs bytes.Buffer
	if code := run(append([]string{"judge"}, files...), nil, &out, &errs); code != 0 {
		t.Errorf("exit %d: %s%s", code, out.String(), errs.String())
	}
	if n := strings.Count(out.String(), "checkmate at ply"); n < 3 {
		t.Errorf("%d games end in checkmate, want at least 3:\n%s", n, out.String())
	}
}
