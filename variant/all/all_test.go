package all_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	_ "github.com/gambitchess/gambit/variant/all"
	"github.com/gambitchess/gambit/variant/banqi/banqigame"
	"github.com/gambitchess/gambit/variant/bomb/bombgame"
	"github.com/gambitchess/gambit/variant/chessgame"
	"github.com/gambitchess/gambit/variant/dice/dicegame"
	"github.com/gambitchess/gambit/variant/fog/foggame"
	"github.com/gambitchess/gambit/variant/jieqi/jieqigame"
	"github.com/gambitchess/gambit/variant/xiangqigame"
)

// TestRegistry: every variant of the product is registered once, with all
// a variant needs; the seeded ones can be verified, the hidden ones have a
// computer player that plays from its sight.
func TestRegistry(t *testing.T) {
	want := []game.Variant{banqigame.Banqi, bombgame.Bomb, chessgame.Chess, chessgame.Chess960, dicegame.Dice, foggame.FogOfWar, jieqigame.Jieqi, xiangqigame.Xiangqi}
	if got := game.Variants(); !slices.Equal(got, want) {
		t.Errorf("Variants() = %v, want %v", got, want)
	}
	for _, s := range game.Specs() {
		if s.Setup == nil || s.Rules == nil || s.Label == "" || s.Sides[0] == "" || s.Sides[1] == "" || len(s.Terminations) == 0 {
			t.Errorf("%s: incomplete: %+v", s.Name, s)
		}
		if s.Seeded && s.Verify == nil {
			t.Errorf("%s is seeded but cannot be verified", s.Name)
		}
		if s.Hidden && s.Computer == nil {
			t.Errorf("%s hides information but has no computer player of its own (the engines would read the whole game)", s.Name)
		}
	}
}

// TestRegisterAfterReadingPanics: the registry is read without a lock, so
// a registration once it has been read is a start-up panic.
func TestRegisterAfterReadingPanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "after the registry was read") {
			t.Errorf("a registration after reading: %v", r)
		}
	}()
	s, _ := game.Lookup(foggame.FogOfWar)
	late := *s
	late.Name = "late"
	game.Register(&late)
}

// TestNullMoveRefusedUnlessARule: "0000" (UCI's null move, a pass) is
// refused by the command in every registered variant but those whose
// registration makes passing a rule (dice chess).
func TestNullMoveRefusedUnlessARule(t *testing.T) {
	for _, v := range game.Variants() {
		t.Run(string(v), func(t *testing.T) {
			g, err := game.New(game.Options{ID: "n", Mode: game.ModeLocal, Variant: v, Seats: [2]game.Seat{{Kind: game.SeatHuman}, {Kind: game.SeatHuman}}, Now: time.Now})
			if err != nil {
				t.Fatal(err)
			}
			_, err = g.Move(g.Turn(), game.NullMove)
			if spec, _ := game.Lookup(v); spec.Pass {
				if err != nil && strings.Contains(err.Error(), "passing is not a move") {
					t.Fatalf("%s has passing as a rule, but the command refused it: %v", v, err)
				}
				return
			}
			if !errors.Is(err, game.ErrIllegalMove) || !strings.Contains(err.Error(), game.NullMove) {
				t.Fatalf("Move(%q) = %v, want ErrIllegalMove naming the move", game.NullMove, err)
			}
		})
	}
	if s, _ := game.Lookup(dicegame.Dice); !s.Pass {
		t.Error("dice chess lost its pass")
	}
}

// TestHiddenVariantsReload: a fog, dice or bomb game stored as its header
// and events loads back as the same game, with the same secret seed (so
// the same mines and rolls) and the same view for each player.
func TestHiddenVariantsReload(t *testing.T) {
	for _, tt := range []struct {
		v     game.Variant
		moves []string
	}{
		{foggame.FogOfWar, []string{"e2e4", "e7e5", "g1f3"}},
		{bombgame.Bomb, []string{"e2e4", "e7e5", "g1f3"}},
		{dicegame.Dice, nil},   // played from the dice rolled
		{jieqigame.Jieqi, nil}, // played from its legal moves
		{banqigame.Banqi, nil}, // flips and moves from its legal moves
	} {
		g, err := game.New(game.Options{ID: "r", Mode: game.ModeLocal, Variant: tt.v, Seats: [2]game.Seat{{Kind: game.SeatHuman}, {Kind: game.SeatHuman}}})
		if err != nil {
			t.Fatal(err)
		}
		r := &recorder{t: t, g: g}
		for _, u := range tt.moves {
			r.do(g.Move(g.Turn(), u))
		}
		for i := 0; tt.moves == nil && i < 4; i++ {
			r.do(g.Move(g.Turn(), firstDest(g)))
		}
		back := r.reload(time.Now)
		if back.Header().Seed != g.Header().Seed || back.View(game.Spectator).FEN() != g.View(game.Spectator).FEN() || back.Ply() != g.Ply() {
			t.Errorf("%s: reloaded seed %q FEN %s ply %d; want %q %s %d", tt.v, back.Header().Seed, back.View(game.Spectator).FEN(), back.Ply(),
				g.Header().Seed, g.View(game.Spectator).FEN(), g.Ply())
		}
		for _, v := range []game.Viewer{game.SeatViewer(chess.White), game.SeatViewer(chess.Black), game.Spectator} {
			a, b := g.Sight(v, true), back.Sight(v, true)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s: viewer %+v sees another game after reloading:\n%+v\n%+v", tt.v, v, a, b)
			}
		}
	}
}

// firstDest returns the first move of the game's destinations, in order.
func firstDest(g *game.Game) string {
	var all []string
	for from, tos := range g.DestsFor(game.Viewer{Seats: [2]bool{true, true}}) {
		for _, to := range tos {
			all = append(all, from+to)
		}
	}
	slices.Sort(all)
	return all[0]
}

// recorder runs commands on a game and keeps every event, as the store would.
type recorder struct {
	t      *testing.T
	g      *game.Game
	events []game.Event
}

func (r *recorder) do(evs []game.Event, err error) {
	r.t.Helper()
	if err != nil {
		r.t.Fatalf("command refused: %v", err)
	}
	r.events = append(r.events, evs...)
}

// reload encodes the header and events as the store keeps them (JSON) and
// loads them back.
func (r *recorder) reload(now func() time.Time) *game.Game {
	r.t.Helper()
	header, err := json.Marshal(r.g.Header())
	if err != nil {
		r.t.Fatal(err)
	}
	data, err := json.Marshal(r.events)
	if err != nil {
		r.t.Fatal(err)
	}
	var stored []game.Event
	if err := json.Unmarshal(data, &stored); err != nil {
		r.t.Fatal(err)
	}
	g, err := game.Load(header, stored, now)
	if err != nil {
		r.t.Fatalf("load: %v", err)
	}
	return g
}
