package round

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
	_ "github.com/gambitchess/gambit/variant/all" // every variant, with its extras
)

// reflected is what encode wrote before encodeState: encoding/json's
// reflection over the state, in the envelope.
func reflected(t testing.TB, typ string, s StateJSON) string {
	t.Helper()
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	env, err := json.Marshal(envelope{T: typ, D: data})
	if err != nil {
		t.Fatal(err)
	}
	return string(env)
}

// checkState fails when encodeState and encoding/json write s apart. The
// destinations are checked against encoding/json's writing of the plain
// map too: Dests.MarshalJSON, which reflected calls, is appendDests.
func checkState(t testing.TB, what string, s StateJSON) {
	t.Helper()
	var scratch []byte
	for _, typ := range []string{"move", "state"} {
		got := encodeState(&scratch, typ, &s)
		if want := reflected(t, typ, s); string(got) != want {
			t.Fatalf("%s: encodeState wrote\n%s\nencoding/json\n%s", what, got, want)
		}
		plain, err := json.Marshal(map[string][]string(s.Dests))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(got, append([]byte(`,"dests":`), plain...)) {
			t.Fatalf("%s: encodeState wrote\n%s\nwithout the destinations as the plain map: %s", what, got, plain)
		}
	}
}

// TestStateEncodingAgrees: the states of real games of every variant, for
// each kind of viewer, as a move carries them and as a whole state, with
// and without a clock, named seats and offers, are written by encodeState
// as encoding/json writes them.
func TestStateEncodingAgrees(t *testing.T) {
	seats := [2]game.Seat{{Kind: game.SeatHuman, Name: "安娜 <ann> & \"co\"", Player: "p1", Title: "BOT"}, {Kind: game.SeatBot, Level: "3"}}
	for _, v := range game.Variants() {
		for _, clock := range []game.ClockConfig{{}, {Initial: 3 * time.Minute, Increment: 2 * time.Second}, {Initial: 24 * time.Hour, PerMove: true}} {
			g, err := game.New(game.Options{ID: "enc1", Mode: game.ModeOnline, Variant: v, Seats: seats, Clock: clock, Public: clock.Initial > 0,
				Berserkable: clock.Initial > 0, Now: time.Now})
			if err != nil {
				t.Fatalf("%s: %v", v, err)
			}
			if !clock.PerMove && clock.Initial > 0 {
				if _, err := g.Berserk(chess.Black); err != nil { // white may still: both berserk marks, one berserkable seat
					t.Fatalf("%s: berserk: %v", v, err)
				}
			}
			rng := rand.New(rand.NewPCG(7, uint64(len(v))))
			for ply := 0; ply < 40 && !g.Status().Finished(); ply++ {
				var last *game.Step
				if h := g.View(game.Spectator).History(); len(h) > 0 {
					last = &h[len(h)-1]
				}
				for i := range viewerKinds {
					s := common(g, viewerOf(i), false)
					if s.Last == nil {
						s.Last = last
					}
					checkState(t, string(v)+" move", s)
					checkState(t, string(v)+" snapshot", Snapshot(g, viewerOf(i)))
				}
				if ply == 6 {
					if _, err := g.Offer(g.Turn(), game.OfferDraw); err != nil {
						t.Fatalf("%s: offer a draw: %v", v, err)
					}
				}
				if !playOne(g, rng) {
					break
				}
			}
		}
	}
}

// playOne plays a random legal move of g; false when there is none it
// can play.
func playOne(g *game.Game, rng *rand.Rand) bool {
	moves := shuffled(rng, g.DestsFor(game.Viewer{Seats: [2]bool{true, true}}))
	for _, u := range moves {
		if _, err := g.Move(g.Turn(), u); err == nil {
			return true
		}
		if _, err := g.Move(g.Turn(), u+"q"); err == nil {
			return true
		}
	}
	return false
}

// TestStateEncodingOddValues: every field set, strings that encoding/json
// escapes (HTML, line separators, invalid UTF-8, control characters),
// empty maps and nil ones.
func TestStateEncodingOddValues(t *testing.T) {
	odd := "<a href=\"x\">&\u2028\u2029\x00\x1f\xff\\ é 將"
	full := StateJSON{V: -3, ID: odd, Mode: game.Mode(odd), Variant: game.Variant(odd), Status: odd, Result: odd, Termination: odd,
		Winner: odd, FEN: odd, StartFEN: odd, Turn: odd, Ply: 1 << 40, SetupPly: -1,
		Moves: []game.Step{{UCI: odd, SAN: odd, WXF: odd, FEN: odd, Color: game.SideOf(chess.Black)}},
		Last:  &game.Step{UCI: odd, SAN: odd, WXF: odd, FEN: odd, Color: game.SideOf(chess.Black)},
		Dests: Dests{odd: {odd, ""}, "": nil}, Check: odd,
		Clock:     &ClockJSON{White: -1, Black: 1 << 50, Running: odd, Initial: 7, Increment: 0, PerMove: true},
		DrawOffer: odd, TakebackOffer: odd, CanClaim: true,
		Seats:  map[string]wire.SeatJSON{odd: {Kind: game.SeatKind(odd), Name: odd, Level: odd, Title: odd}, "white": {}, "": {Kind: "x"}},
		Public: true, Berserkable: true, Berserk: [2]bool{false, true}, Mandatory: true, RuleSet: odd, Fair: &game.Fairness{Commitment: odd, Seed: odd},
		Opening:    &wire.OpeningJSON{ECO: odd, Name: odd},
		SetupNotes: &game.SetupNotes{Intro: odd},
	}
	checkState(t, "every field", full)
	checkState(t, "zero", StateJSON{})
	checkState(t, "empty maps", StateJSON{Dests: Dests{}, Seats: map[string]wire.SeatJSON{}, Moves: []game.Step{}})
}

// FuzzStateEncoding: whatever the strings, encodeState writes what
// encoding/json does.
func FuzzStateEncoding(f *testing.F) {
	f.Add("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "e2e4", "安娜", "C20")
	f.Add("<\u2028>", "\xff\xfe", "\x00", "&amp;")
	f.Fuzz(func(t *testing.T, fen, uci, name, eco string) {
		s := StateJSON{ID: name, FEN: fen, Status: uci, Result: eco, Turn: fen, Check: uci,
			Last:  &game.Step{UCI: uci, SAN: name, WXF: eco, FEN: fen},
			Dests: Dests{uci: {fen, name}}, Clock: &ClockJSON{Running: name},
			Seats: map[string]wire.SeatJSON{name: {Kind: game.SeatKind(uci), Name: name, Level: eco}, fen: {Name: uci}}, Opening: &wire.OpeningJSON{ECO: eco, Name: name}}
		checkState(t, "fuzzed", s)
	})
}

// TestScratchKeptSmall: the hub keeps its scratch buffer for the next
// message, but not one a whole long history made large.
func TestScratchKeptSmall(t *testing.T) {
	var scratch []byte
	small := StateJSON{ID: "g", Dests: Dests{"e2": {"e4"}}}
	encodeState(&scratch, "move", &small)
	if cap(scratch) == 0 || cap(scratch) > keptScratch {
		t.Fatalf("after a move's state: scratch of %d bytes, want it kept", cap(scratch))
	}
	long := StateJSON{ID: "g", Moves: make([]game.Step, 500)}
	for i := range long.Moves {
		long.Moves[i] = game.Step{UCI: "e2e4", SAN: "e4", FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}
	}
	msg := encodeState(&scratch, "state", &long)
	if len(msg) <= keptScratch || scratch != nil {
		t.Fatalf("after a %d-byte state: scratch of %d bytes kept, want none", len(msg), cap(scratch))
	}
}
