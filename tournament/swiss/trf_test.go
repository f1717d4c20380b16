package swiss

import (
	"bytes"
	"cmp"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// fiveHistory is the standings test's small event; Anna alone has a
// FIDE ID.
func fiveHistory() ([]Player, []Round) {
	players := []Player{{"A", "Anna", 2000, "12345678"}, {"B", "Ben", 1900, ""}, {"C", "Cleo", 1800, ""}, {"D", "Dan", 1700, ""}, {"E", "Eve", 1600, ""}}
	history := []Round{
		{{White: "A", Black: "B", Result: WhiteWins}, {White: "C", Black: "D", Result: Draw}, {White: "E"}},
		{{White: "E", Black: "A", Result: BlackWins}, {White: "B", Black: "C", Result: WhiteWins}, {White: "D"}},
		{{White: "C", Black: "E", Result: WhiteWins}, {White: "D", Black: "B", Result: BlackWins}, {White: "A"}},
	}
	return players, history
}

func TestWriteTRFGolden(t *testing.T) {
	players, history := fiveHistory()
	ev := Event{Name: "Gambit Open", Start: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)}
	var buf bytes.Buffer
	if err := WriteTRF(&buf, ev, players, history); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	wantHead := []string{"012 Gambit Open", "042 2026/12/01", "052 2026/12/03", "062 5", "092 Swiss Dutch"}
	if !slices.Equal(lines[:5], wantHead) {
		t.Errorf("header = %q, want %q", lines[:5], wantHead)
	}
	// Player 1, column by column (C.04.2, TRF16).
	want := "001" + // 1-3
		" " + "   1" + // 5-8 starting rank
		" " + " " + "   " + // 10 sex, 11-13 title
		" " + "Anna                             " + // 15-47 name
		" " + "2000" + // 49-52 rating
		" " + "   " + // 54-56 federation
		" " + "   12345678" + // 58-68 FIDE ID
		" " + "          " + // 70-79 birth date
		" " + " 3.0" + // 81-84 points
		" " + "   1" + // 86-89 rank
		"  " + "   2 w 1" + // 92-99 round 1: beat player 2 with White
		"  " + "   5 b 1" + // 102-109 round 2: beat player 5 with Black
		"  " + "0000 - U" // 112-119 round 3: the pairing-allocated bye
	if got := lines[5]; got != want {
		t.Errorf("001 line:\n got %q\nwant %q", got, want)
	}
	if got := lines[5][91:99]; got != "   2 w 1" {
		t.Errorf("columns 92-99 = %q", got)
	}
	// The FIDE-ID field of a player without one is blank, never their ID.
	for _, tt := range []struct {
		line int
		want string
	}{{5, "   12345678"}, {6, "           "}, {7, "           "}, {8, "           "}, {9, "           "}} {
		if got := lines[tt.line][57:68]; got != tt.want {
			t.Errorf("line %d: FIDE-ID field (58-68) = %q, want %q", tt.line+1, got, tt.want)
		}
	}
	// Dan, fourth seed, ranked fourth: draw, bye, loss.
	if got, want := lines[8][80:], " 1.5    4     3 b =  0000 - U     2 w 0"; got != want {
		t.Errorf("player 4 from column 81 = %q, want %q", got, want)
	}
}

// normalized sorts a history's games as ReadTRF returns them, the
// players named as ReadTRF names them (id: by their starting rank): by
// White's starting rank, the byes last.
func normalized(history []Round, id map[string]string) []Round {
	out := make([]Round, len(history))
	for i, r := range history {
		out[i] = slices.Clone(r)
		for j := range out[i] {
			g := &out[i][j]
			g.White = id[g.White]
			if g.Black != "" {
				g.Black = id[g.Black]
			}
		}
		slices.SortFunc(out[i], func(a, b Game) int {
			if a.IsBye() != b.IsBye() {
				if a.IsBye() {
					return 1
				}
				return -1
			}
			return cmp.Compare(a.White, b.White)
		})
	}
	return out
}

func TestTRFRoundTrip(t *testing.T) {
	players, history := fiveHistory()
	history = append(history, Round{{White: "B", Black: "E", Result: WhiteForfeitWin}, {White: "A", Black: "D", Result: NoResult}})
	t.Run("small", func(t *testing.T) { roundTrip(t, players, history) })

	// A paired event: 13 players, 6 rounds, random results.
	rng := rand.New(rand.NewPCG(7, 7))
	big := field(13)
	var played []Round
	for range 6 {
		r, err := Pair(big, played, 6)
		if err != nil {
			t.Fatal(err)
		}
		for i := range r {
			if !r[i].IsBye() {
				r[i].Result = Result(1 + rng.IntN(5))
			}
		}
		played = append(played, r)
	}
	t.Run("paired", func(t *testing.T) { roundTrip(t, big, played) })
}

func roundTrip(t *testing.T, players []Player, history []Round) {
	ev := Event{Name: "Round trip", Type: "Swiss Dutch (xiangqi)", Start: time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)}
	var buf bytes.Buffer
	if err := WriteTRF(&buf, ev, players, history); err != nil {
		t.Fatal(err)
	}
	written := buf.String()
	gotEv, gotPlayers, gotHistory, err := ReadTRF(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if gotEv != ev {
		t.Errorf("event = %+v, want %+v", gotEv, ev)
	}
	// The players come back named by their starting rank, their name,
	// rating and FIDE ID kept.
	want, _ := rankPlayers(players)
	id := map[string]string{}
	for i := range want {
		id[want[i].ID] = readID(i + 1)
		want[i].ID = id[want[i].ID]
	}
	if !slices.Equal(gotPlayers, want) {
		t.Errorf("players = %v, want %v", gotPlayers, want)
	}
	if w := normalized(history, id); !slices.EqualFunc(gotHistory, w, slices.Equal) {
		t.Errorf("history:\n got %v\nwant %v", gotHistory, w)
	}
	// What was read writes the same file again.
	var again bytes.Buffer
	if err := WriteTRF(&again, gotEv, gotPlayers, gotHistory); err != nil {
		t.Fatal(err)
	}
	if again.String() != written {
		t.Errorf("written again:\n%s\nwant\n%s", again.String(), written)
	}
}

func TestWriteTRFErrors(t *testing.T) {
	players, history := fiveHistory()
	tests := []struct {
		name    string
		players []Player
		history []Round
	}{
		{"FIDE ID too long", []Player{{ID: "a", FideID: "123456789012"}}, nil},
		{"FIDE ID not a number", []Player{{ID: "a", FideID: "a-b"}}, nil},
		{"empty ID", []Player{{ID: ""}}, nil},
		{"rating too big", []Player{{ID: "a", Rating: 12000}}, nil},
		{"unknown player", players[:4], history},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := WriteTRF(new(bytes.Buffer), Event{}, tt.players, tt.history); err == nil {
				t.Error("no error")
			}
		})
	}
}

func TestReadTRFErrors(t *testing.T) {
	players, history := fiveHistory()
	var buf bytes.Buffer
	if err := WriteTRF(&buf, Event{Name: "x"}, players, history); err != nil {
		t.Fatal(err)
	}
	good := strings.Split(buf.String(), "\n")
	// replace returns the file with line n (1-based) changed at column col.
	replace := func(n, col int, text string) string {
		lines := slices.Clone(good)
		l := lines[n-1]
		lines[n-1] = l[:col-1] + text + l[min(len(l), col-1+len(text)):]
		return strings.Join(lines, "\n")
	}
	// Line 4 is player 1 (no dates in this header).
	tests := []struct {
		name, file, want string
	}{
		{"bad rank", replace(4, 5, "  x1"), "trf: line 4: column 5: "},
		{"FIDE ID not a number", replace(4, 58, "       X12"), "trf: line 4: column 58: "},
		{"FIDE ID twice", replace(5, 58, "   12345678"), "trf: line 5: column 58: FIDE ID"},
		{"bad opponent", replace(4, 92, "  2x"), "trf: line 4: column 92: "},
		{"bad colour", replace(4, 97, "x"), "trf: line 4: column 97: "},
		{"bad result", replace(4, 99, "?"), "trf: line 4: column 99: "},
		{"unknown opponent", replace(4, 92, "  42"), "trf: line 4: column 92: opponent 42"},
		{"one-sided game", replace(4, 92, "   3"), "trf: line 4: column 92: round 1"},
		{"results disagree", replace(5, 99, "1"), "trf: line 5: column 99: round 1"},
		{"bad date", "042 2026-12-01\n", "trf: line 1: column 5: "},
		{"half-point bye", replace(4, 112, "0000 - H"), "trf: line 4: column 119: half-point"},
		{"duplicate rank", replace(5, 5, "   1"), "trf: line 5: column 5: starting rank 1 is used twice"},
		{"short line", "01\n", "trf: line 1: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, _, err := ReadTRF(strings.NewReader(tt.file))
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %q, want it to start %q", err, tt.want)
			}
			var te *TRFError
			if !errors.As(err, &te) {
				t.Errorf("%v is not a *TRFError", err)
			}
		})
	}
}

func FuzzReadTRF(f *testing.F) {
	players, history := fiveHistory()
	var buf bytes.Buffer
	if err := WriteTRF(&buf, Event{Name: "fuzz", Start: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}, players, history); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.String())
	f.Add("001    1      A                                 1500             X1\n")
	f.Add("001    1                                                          a                       1.0    1     2 w 1\n")
	f.Add("### comment\n012 x\n\n")
	f.Fuzz(func(t *testing.T, s string) {
		ev, ps, rounds, err := ReadTRF(strings.NewReader(s))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "trf: ") {
				t.Errorf("error %q lacks the trf prefix", err)
			}
			return
		}
		// What reads must write without panicking (it may be refused).
		_ = WriteTRF(new(bytes.Buffer), ev, ps, rounds)
	})
}

// TestTRFAccountIDs: an ID is no FIDE ID: any ID is written (the file
// names players by starting rank), its FIDE-ID field blank.
func TestTRFAccountIDs(t *testing.T) {
	players := []Player{{ID: "an account id, long", Name: "Ann", Rating: 1500}, {ID: "u2", Name: "Bob", Rating: 1400}}
	var buf bytes.Buffer
	if err := WriteTRF(&buf, Event{Name: "x"}, players, []Round{{{White: "an account id, long", Black: "u2", Result: Draw}}}); err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(buf.String(), "\n") {
		if strings.HasPrefix(l, "001") && strings.TrimSpace(l[57:68]) != "" {
			t.Errorf("FIDE-ID field %q in %q, want it blank", l[57:68], l)
		}
	}
	if strings.Contains(buf.String(), "u2") || strings.Contains(buf.String(), "account") {
		t.Errorf("an ID written:\n%s", buf.String())
	}
}
