package tournaments

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/tourney/tourneytest"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/tournament"
)

// readCounter counts the store's readings of an arena's games.
type readCounter struct {
	store.Tournaments
	reads int
}

func (r *readCounter) TournamentPairings(ctx context.Context, id string) ([]store.TournamentPairing, error) {
	r.reads++
	return r.Tournaments.TournamentPairings(ctx, id)
}

// TestReadingKeptByThisNode: what this node writes of an arena's games
// (pairings, their games made ready, berserk, results) goes into its
// reading, which then equals the store's without reading it again; and
// the director pairs on from it.
func TestReadingKeptByThisNode(t *testing.T) {
	for _, sto := range tourneytest.Stores {
		t.Run(sto.Name, func(t *testing.T) {
			st := &readCounter{Tournaments: sto.Open(t)}
			ctx := context.Background()
			s, srv, c := directed(st, Config{CacheFor: time.Hour})
			id := newArenaOf(t, st, c.Now(), 4, Settings{Name: "Kept", Variant: game.DefaultVariant, Clock: 180, Increment: 2, Minutes: 60,
				Rated: true, Berserkable: true})
			first := look(t, s, st, id, 2)
			for i, p := range first {
				g := gameOf(t, srv, p)
				evs, err := g.Berserk(chess.Color(i))
				if err != nil {
					t.Fatal(err)
				}
				s.NoteSaved(g, evs)
				for _, u := range []string{"e2e4", "e7e5", "g1f3"} {
					evs, err := g.Move(g.Turn(), u)
					if err != nil {
						t.Fatal(err)
					}
					s.NoteSaved(g, evs)
				}
				evs, err = g.Resign(chess.Black)
				if err != nil {
					t.Fatal(err)
				}
				s.NoteSaved(g, evs)
			}
			c.Add(time.Second)
			if err := s.Direct(ctx); err != nil {
				t.Fatal(err)
			}
			if n := len(pending(t, st, id)); n != 2 {
				t.Fatalf("after both games: %d pending, want the four players paired again", n)
			}
			st.reads = 0
			tr, err := st.Tournament(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			a, err := s.loadArena(ctx, tr)
			if err != nil {
				t.Fatal(err)
			}
			if st.reads != 0 {
				t.Errorf("the arena's games were read %d times, want its reading kept", st.reads)
			}
			stored, err := st.TournamentPairings(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			kept := byGame(a.pairings)
			for _, p := range stored {
				got, ok := kept[p.Game]
				if !ok {
					t.Errorf("game %s is stored, not in the reading", p.Game)
					continue
				}
				got.Started, got.Ended, p.Started, p.Ended = got.Started.UTC(), got.Ended.UTC(), p.Started.UTC(), p.Ended.UTC()
				if got != p {
					t.Errorf("game %s: the reading has\n%+v\nthe store\n%+v", p.Game, got, p)
				}
			}
			if len(kept) != len(stored) {
				t.Errorf("the reading has %d games, the store %d", len(kept), len(stored))
			}
			want := tournament.Standings(entrants(a.players), pairingsOf(stored), tr.EndsAt)
			if got := a.standings(); !reflect.DeepEqual(got, want) {
				t.Errorf("the reading's standings\n%+v\nthe store's\n%+v", got, want)
			}
		})
	}
}

// byGame is ps by game id.
func byGame(ps []store.TournamentPairing) map[string]store.TournamentPairing {
	out := make(map[string]store.TournamentPairing, len(ps))
	for _, p := range ps {
		out[p.Game] = p
	}
	return out
}
