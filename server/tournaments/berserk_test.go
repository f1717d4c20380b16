package tournaments

import (
	"context"
	"errors"
	"github.com/gambitchess/gambit/server/tourney/tourneytest"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/tournament"
)

// TestNoteSavedBerserk: the director creates an arena's games berserkable;
// a game whose saved events hold a berserk has its pairing marked, and a
// berserk win of seven moves scores 3 in the standings, the loser's
// 0, whose berserk refused (it had moved) marks nothing.
func TestNoteSavedBerserk(t *testing.T) {
	for _, sto := range tourneytest.Stores {
		t.Run(sto.Name, func(t *testing.T) {
			st := sto.Open(t)
			ctx := context.Background()
			s, srv, c := directed(st, Config{})
			id := newArenaOf(t, st, c.Now(), 2, Settings{Name: "Berserk", Variant: game.DefaultVariant, Clock: 180, Increment: 2, Minutes: 60,
				Rated: true, Berserkable: true})
			ps := look(t, s, st, id, 1)
			p := ps[0]
			if !srv.Games[p.Game].Berserkable {
				t.Fatal("the arena allows berserk; its game was created without")
			}
			g := gameOf(t, srv, p)
			saved := func(evs []game.Event, err error) {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
				s.NoteSaved(g, evs)
			}
			saved(g.Berserk(chess.White))
			if got, err := st.Pairing(ctx, p.Game); err != nil || got.Berserk != [2]bool{true, false} {
				t.Fatalf("after white's berserk the pairing has %v, %v; want [true false]", got.Berserk, err)
			}
			for _, u := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "b1c3", "f8c5", "d2d3", "d7d6", "c1g5", "h7h6", "g5h4", "c8g4"} {
				saved(g.Move(g.Turn(), u))
			}
			if _, err := g.Berserk(chess.Black); err == nil {
				t.Fatal("black went berserk after its moves")
			}
			saved(g.Resign(chess.Black))
			got, err := st.Pairing(ctx, p.Game)
			if err != nil || got.Berserk != [2]bool{true, false} || got.Outcome == 0 {
				t.Fatalf("at the end the pairing is %+v, %v", got, err)
			}
			tr, err := st.Tournament(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			a, err := s.loadArena(ctx, tr)
			if err != nil {
				t.Fatal(err)
			}
			points := map[string]int{}
			for _, sd := range a.standings() {
				points[sd.Entrant.ID] = sd.Points
			}
			if points[p.White] != 3 || points[p.Black] != 0 {
				t.Errorf("standings %v: want the berserker %s 3 and %s 0", points, p.White, p.Black)
			}
			if err := st.SetBerserk(ctx, "nosuchgame", 0); !errors.Is(err, store.ErrNoTournament) {
				t.Errorf("SetBerserk of no tournament's game: %v", err)
			}
		})
	}
}

// TestAbsentPlayerPaused: an arena's game is mandatory: it cannot be
// aborted, and when Black does not make its first move in time
// (StartLapsed) Black loses it, White scores the win, and Black, who
// never played, is paused, not White.
func TestAbsentPlayerPaused(t *testing.T) {
	for _, sto := range tourneytest.Stores {
		t.Run(sto.Name, func(t *testing.T) {
			st := sto.Open(t)
			ctx := context.Background()
			s, srv, c := directed(st, Config{})
			id := newArena(t, st, c.Now(), 2)
			if err := s.Direct(ctx); err != nil {
				t.Fatal(err)
			}
			p := pending(t, st, id)[0]
			g := gameOf(t, srv, p)
			evs, err := g.Move(chess.White, "e2e4")
			if err != nil {
				t.Fatal(err)
			}
			s.NoteSaved(g, evs)
			if _, err := g.Abort(chess.Black); !errors.Is(err, game.ErrCannotAbort) {
				t.Fatalf("abort of an arena's game: %v, want ErrCannotAbort", err)
			}
			if evs, err = g.StartLapsed(); err != nil {
				t.Fatal(err)
			}
			s.NoteSaved(g, evs)
			if got, err := st.Pairing(ctx, p.Game); err != nil || got.Outcome != int(tournament.WhiteWon) {
				t.Errorf("the pairing after Black never moved: %+v, %v; want White's win", got, err)
			}
			players, err := st.TournamentPlayers(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			state := map[string]string{}
			for _, pl := range players {
				state[pl.User] = pl.State
			}
			if state[p.Black] != store.PlayerPaused || state[p.White] != store.PlayerActive {
				t.Errorf("states after Black never moved: %v; want Black %s paused, White %s active", state, p.Black, p.White)
			}
		})
	}
}
