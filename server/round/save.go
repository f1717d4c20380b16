package round

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/lobby"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// summaryOf is what listings read about g: the store's summary columns.
func summaryOf(g *game.Game) store.Summary {
	s := store.Summary{ID: g.ID(), Variant: string(g.Variant()), Mode: string(g.Mode()), Status: g.Status().String(),
		Result: g.Result(), Finished: g.Status().Finished(), Public: g.Public(), Version: g.Version(),
		CreatedAt: g.CreatedAt(), UpdatedAt: g.UpdatedAt(), Plies: g.Ply(), Termination: g.Outcome().Termination,
		Active: g.Active()}
	white, black := g.Seat(chess.White), g.Seat(chess.Black)
	s.White, s.Black = white.Name, black.Name
	s.WhiteKind, s.BlackKind = string(white.Kind), string(black.Kind)
	s.Players = []string{white.Player, black.Player}
	s.TimeControl = lobby.TimeControl(g.Clock())
	if o, ok := g.Opening(); ok {
		s.ECO, s.Opening = o.ECO, o.Name
	}
	return s
}

// CreateGame stores a new game in st: its header, no events yet. A failing
// store counts in storeErrors.
func CreateGame(ctx context.Context, st store.Log, storeErrors prometheus.Counter, g *game.Game) error {
	header, err := json.Marshal(g.Header())
	if err != nil {
		return fmt.Errorf("%w: encode game %s: %v", wire.ErrStorage, g.ID(), err)
	}
	if err := st.Create(ctx, summaryOf(g), header, nil); err != nil {
		storeErrors.Inc()
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return nil
}

// AppendEvents stores in st events that g has just applied, expecting the
// stored game at the version before them: a second writer fails with
// store.ErrConflict instead of overwriting.
func AppendEvents(ctx context.Context, st store.Log, storeErrors prometheus.Counter, g *game.Game, evs []game.Event) error {
	out := make([]store.Event, len(evs))
	for i, e := range evs {
		data, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("encode event %d of game %s: %w", e.V, g.ID(), err)
		}
		out[i] = store.Event{V: e.V, Type: string(e.Type), Data: data}
	}
	if err := st.Append(ctx, g.ID(), evs[0].V-1, out, summaryOf(g)); err != nil {
		storeErrors.Inc()
		return err
	}
	return nil
}

// LoadGame reads game id from st and replays its events, on the clock now.
func LoadGame(ctx context.Context, st store.Log, storeErrors prometheus.Counter, id string, now func() time.Time) (*game.Game, error) {
	stored, err := st.Load(ctx, id)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			storeErrors.Inc()
		}
		return nil, err
	}
	evs := make([]game.Event, len(stored.Events))
	for i, e := range stored.Events {
		if err := json.Unmarshal(e.Data, &evs[i]); err != nil {
			return nil, fmt.Errorf("%w: game %s event %d: %v", game.ErrBadRecord, id, e.V, err)
		}
	}
	return game.Load(stored.Header, evs, now)
}
