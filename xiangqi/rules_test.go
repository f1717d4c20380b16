package xiangqi

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// ruling is one transcribed case of testdata/rulings.tsv: a position, the
// moves that repeat it, and how the rules judge the repetition.
type ruling struct {
	id, source, fen, moves, rules, expected, kind, note string
	line                                                int
}

// readRulings reads testdata/rulings.tsv: tab-separated id, source, FEN,
// moves (ICCS), rule set (wxf, chinese or both), the ruling ("red loses",
// "black loses" or "draw"), the kind, and a note; '#' starts a comment.
func readRulings(t *testing.T) []ruling {
	t.Helper()
	f, err := os.Open("testdata/rulings.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []ruling
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "id\t") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) < 7 {
			t.Fatalf("rulings.tsv:%d: %d columns, want at least 7", n, len(c))
		}
		out = append(out, ruling{id: c[0], source: c[1], fen: c[2], moves: c[3], rules: c[4], expected: c[5], kind: c[6], note: strings.Join(c[7:], " "), line: n})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// wantOutcome turns a ruling's words into the Outcome it means.
func (r ruling) wantOutcome(t *testing.T) Outcome {
	t.Helper()
	kind := map[string]Termination{
		"perpetual check": PerpetualCheck, "perpetual chase": PerpetualChase,
		"one check one chase": CheckAndChase, "perpetual mate threat": MateThreat, "repetition": Repetition,
	}[r.kind]
	switch r.expected {
	case "draw":
		return draw(Repetition)
	case "red loses":
		return win(kind, Black)
	case "black loses":
		return win(kind, Red)
	}
	t.Fatalf("rulings.tsv:%d: ruling %q", r.line, r.expected)
	return Outcome{}
}

// TestRulings plays every transcribed case and checks that the game ends
// with its ruling, under each rule set it names, by its last move (a case
// that goes on past the third occurrence, as fs-1162 does, ends there).
func TestRulings(t *testing.T) {
	cases := readRulings(t)
	if len(cases) < 30 {
		t.Fatalf("%d cases in testdata/rulings.tsv, want at least 30", len(cases))
	}
	for _, c := range cases {
		sets := []Rules{RulesWXF, RulesChinese}
		switch c.rules {
		case "wxf":
			sets = sets[:1]
		case "chinese":
			sets = sets[1:]
		}
		for _, rs := range sets {
			t.Run(c.id+"/"+rs.String(), func(t *testing.T) {
				g, err := NewGameFromFEN(c.fen)
				if err != nil {
					t.Fatalf("line %d: %v", c.line, err)
				}
				g.SetRules(rs)
				for i, m := range strings.Fields(c.moves) {
					if g.Outcome().Over() {
						break
					}
					if _, err := g.PushUCI(m); err != nil {
						t.Fatalf("line %d: ply %d: %v", c.line, i+1, err)
					}
				}
				if got, want := g.Outcome(), c.wantOutcome(t); got != want {
					t.Errorf("line %d (%s): got %v, want %v", c.line, c.source, got, want)
				}
			})
		}
	}
}

// TestJudgeActs checks the verdicts of the two rule sets on cycles of four
// moves (Red, Black, Red, Black) whose acts are given; the moves touch no
// chased piece.
func TestJudgeActs(t *testing.T) {
	var x, y Bitboard // two black pieces Red may chase
	x.Set(NewSquare(0, 9))
	y.Set(NewSquare(8, 9))
	idle, check, threat := Act{}, Act{Check: true}, Act{MateThreat: true}
	chaseX, chaseY := Act{Chased: x}, Act{Chased: y}
	checkChaseX := Act{Check: true, Chased: x}
	var z Bitboard // a red piece Black may chase
	z.Set(NewSquare(4, 4))
	blackChase := Act{Chased: z}
	moves := []Move{NewMove(NewSquare(1, 0), NewSquare(1, 1)), NewMove(NewSquare(1, 8), NewSquare(1, 7)),
		NewMove(NewSquare(1, 1), NewSquare(1, 0)), NewMove(NewSquare(1, 7), NewSquare(1, 8))}
	tests := []struct {
		name         string
		acts         [4]Act
		wxf, chinese Outcome
	}{
		{"both idle", [4]Act{idle, idle, idle, idle}, draw(Repetition), draw(Repetition)},
		{"perpetual check", [4]Act{check, idle, check, idle}, win(PerpetualCheck, Black), win(PerpetualCheck, Black)},
		{"one check one idle", [4]Act{check, idle, idle, idle}, draw(Repetition), draw(Repetition)},
		{"perpetual chase", [4]Act{chaseX, idle, chaseX, idle}, win(PerpetualChase, Black), win(PerpetualChase, Black)},
		{"chase while checking, one piece", [4]Act{checkChaseX, idle, chaseX, idle}, win(PerpetualChase, Black), win(PerpetualChase, Black)},
		{"two pieces in turn", [4]Act{chaseX, idle, chaseY, idle}, draw(Repetition), draw(Repetition)},
		{"one chase one idle", [4]Act{chaseX, idle, idle, idle}, draw(Repetition), draw(Repetition)},
		{"one check one chase", [4]Act{check, idle, chaseX, idle}, draw(Repetition), win(CheckAndChase, Black)},
		{"perpetual mate threat", [4]Act{threat, idle, threat, idle}, draw(Repetition), win(MateThreat, Black)},
		{"mutual chase", [4]Act{chaseX, blackChase, chaseX, blackChase}, draw(Repetition), draw(Repetition)},
		{"mutual check", [4]Act{check, check, check, check}, draw(Repetition), draw(Repetition)},
		{"check against chase", [4]Act{check, blackChase, check, blackChase}, win(PerpetualCheck, Black), win(PerpetualCheck, Black)},
		{"chase against one check one chase", [4]Act{chaseX, blackChase, chaseX, {Check: true}}, win(PerpetualChase, Black), draw(Repetition)},
	}
	for _, tt := range tests {
		for _, rs := range []struct {
			r    Rules
			want Outcome
		}{{RulesWXF, tt.wxf}, {RulesChinese, tt.chinese}} {
			// Under WXF no move is a mate threat: Classify leaves it unset.
			acts := tt.acts
			if got := JudgeActs(acts[:], moves, Red, rs.r); got != rs.want {
				t.Errorf("%s, %v: got %v, want %v", tt.name, rs.r, got, rs.want)
			}
		}
	}
}

// TestClassifyCheckingMove: a move that gives check reads the pieces it
// attacks as if the check were answered: a protected piece, or one offered
// in exchange, is not chased because the check stops the recapture for a
// move (the same shape without the check is idle).
func TestClassifyCheckingMove(t *testing.T) {
	for _, tt := range []struct{ fen, move, want string }{
		{"1r2k4/1n7/9/9/4N4/9/9/9/9/3KR4 w - - 0 1", "e5c6", "check"},     // discovered check; the horse on b8 is protected by b9 and could take back
		{"1r1k5/1n7/9/9/4N4/9/9/9/9/4KR3 w - - 0 1", "e5c6", "idle"},      // the same without the check
		{"4k4/1n7/9/9/4N4/9/9/9/9/3KR4 w - - 0 1", "e5d7", "check"},       // the horse on d7 offers an exchange
		{"4k4/1c7/9/9/4N4/9/9/9/9/3KR4 w - - 0 1", "e5c6", "check+chase"}, // the cannon on b8 is unprotected
	} {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUCI(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		var after Position
		p.MakeMove(m, &after)
		if got := Classify(&p, &after, m, RulesWXF).String(); got != tt.want {
			t.Errorf("%s %s: %s, want %s", tt.fen, tt.move, got, tt.want)
		}
	}
}
