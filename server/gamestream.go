package server

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/server/round"
)

// lichess's GET /api/stream/game/{id} streams a game to anyone, as its
// page shows it to spectators: a first line telling of the game, then a
// line of the position after each move, and the first line's shape again
// when it ends. A game of hidden information is not streamed before its
// end (its moves are not everyone's); one over is told in its first line.

// moveStreamGame is g as the stream's first line, and the count of its
// moves (the imported ones of a setup too).
func moveStreamGame(g *game.Game, rated bool) (lichess.MoveStreamGame, int) {
	eg := eventGameOf(g)
	name, id := lichess.Status(g)
	hist := g.History()
	out := lichess.MoveStreamGame{ID: g.ID(), Variant: eg.info.Variant, Speed: eg.info.Speed, Perf: eg.info.Perf, Rated: rated,
		InitialFen: g.StartFEN(), Fen: g.FEN(), Player: game.ColorName(g.Turn()), Turns: len(hist),
		StartedAtTurn: len(g.Header().Moves), Source: eg.info.Source, Status: lichess.GameStatus{ID: id, Name: name},
		CreatedAt: g.CreatedAt().UnixMilli(), LastMove: eg.info.LastMove, Winner: lichess.StateOf(g).Winner}
	return out, len(hist)
}

// handleGameStream answers GET /api/stream/game/{id}.
func (s *Server) handleGameStream(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rated := s.isRated(r.Context(), id)
	var first lichess.MoveStreamGame
	var moves int
	var refused error
	err := s.read(r.Context(), id, func(g *game.Game) {
		if g.Hidden() && !g.Status().Finished() {
			refused = fmt.Errorf("%w: game %s", game.ErrHiddenInPlay, id)
			return
		}
		first, moves = moveStreamGame(g, rated)
	})
	if err == nil {
		err = refused
	}
	if err != nil {
		s.httpError(w, err)
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	c := &round.Client{Send: make(chan []byte, round.SendBuffer), Cancel: cancel, Addr: guards.ClientAddress(r)}
	live := lichess.Live(first.Status.Name)
	if live { // a spectator of the game's hub: its messages say when to look again
		link, err := s.openGame(ctx, id, round.JoinCmd{Client: c, Since: -1})
		if err != nil {
			s.httpError(w, err)
			return
		}
		defer link.leave()
	}
	f, ok := s.ndjson(w)
	if !ok {
		return
	}
	if _, err := w.Write(lichess.Line(first)); err != nil || !live {
		return
	}
	f.Flush()
	s.streamMoves(ctx, w, f, c, id, rated, moves)
}

// streamMoves writes a line for each move of game id after the first
// moves, then its first line's shape again once it ends.
func (s *Server) streamMoves(ctx context.Context, w http.ResponseWriter, f http.Flusher, c *round.Client, id string, rated bool, moves int) {
	tick := time.NewTicker(lichess.KeepAlive)
	defer tick.Stop()
	for {
		out := []byte("\n")
		select {
		case <-ctx.Done():
			return
		case <-s.ctx.Done():
			return
		case <-tick.C:
		case <-c.Send:
			var over bool
			out = nil
			err := s.read(ctx, id, func(g *game.Game) {
				if n := len(g.History()); n != moves {
					moves = n
					out = lichess.Line(lichess.MoveLine(g))
				}
				if over = g.Status().Finished(); over {
					end, _ := moveStreamGame(g, rated)
					out = append(out, lichess.Line(end)...)
				}
			})
			if err != nil || over {
				_, _ = w.Write(out)
				f.Flush()
				return
			}
		}
		if len(out) == 0 {
			continue
		}
		if _, err := w.Write(out); err != nil {
			return
		}
		f.Flush()
	}
}

// isRated reports whether game id is rated (its rating record exists).
func (s *Server) isRated(ctx context.Context, id string) bool {
	rs := s.ratings()
	if rs == nil {
		return false
	}
	_, err := rs.RatedGame(ctx, id)
	return err == nil
}
