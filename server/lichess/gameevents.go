package lichess

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/store"
)

// The event stream's gameStart and gameFinish (EventStream) are sent for
// every game of an account, however it began (lichess sends them so):
// an invite whose open seat is taken, a rated invite, a lobby or quick
// pairing, an API challenge accepted, a rematch, a game against the
// computer. A game starts when its last open seat is taken, or at its
// creation when it has none; it finishes with the save that ends it. The
// events go to the player id of each human seat: only an account's
// streams subscribe to one. A game on one screen (both seats one
// person's) is no one's to be told about. The server tells the API of
// each game it stores (NoteCreated) and of each save (NoteSaved), on the
// game's hub: what is needed of the game is read there, the rest
// elsewhere.

// NoteCreated tells the players of g, just stored, that it started when
// no seat of it is open (a game against the computer, a rematch).
func (a *API) NoteCreated(g *game.Game) {
	if EventsFor(g) {
		a.noteStart(g)
	}
}

// NoteSaved tells the players of g what evs, just saved, did to it: took
// its last open seat (gameStart), or ended it (gameFinish).
func (a *API) NoteSaved(g *game.Game, evs []game.Event) {
	a.noteSeated(g, evs)
	a.noteFinish(g, evs)
}

// noteSeated tells the players of g that it started when evs, just
// saved, took its last open seat. A seat taken again later (a seat
// adopted) starts nothing.
func (a *API) noteSeated(g *game.Game, evs []game.Event) {
	if Seated(evs) && EventsFor(g) && !g.Status().Finished() && g.Ply() == len(g.Header().Moves) {
		a.noteStart(g)
	}
}

// eventGame is what the event stream needs of a game, copied on its hub
// so that the store is read elsewhere.
type eventGame struct {
	info  GameInfo // every field but the seat's own (color, isMyTurn, opponent, secondsLeft)
	turn  chess.Color
	seats [2]game.Seat
	left  [2]*int // each side's seconds left; none without a clock
}

// eventGameOf copies what the event stream tells of g.
func eventGameOf(g *game.Game) eventGame {
	c := ClockOf(g)
	source := "friend"
	switch {
	case g.Mode() == game.ModeComputer:
		source = "ai"
	case g.Public():
		source = "lobby"
	}
	if t, ok := g.Tournament(); ok { // lichess's sources: "arena", "swiss"
		source = t.Kind
	}
	view := g.View(game.Spectator)
	info := GameInfo{GameID: g.ID(), FullID: g.ID(), ID: g.ID(), Fen: view.FEN(), HasMoved: g.BothMoved(), Perf: Perf(g.Variant(), c),
		Source: source, Speed: Speed(c), Variant: GameVariant(g), Compat: Compat{Board: !g.Hidden()}, TournamentID: ArenaOf(g)}
	if h := view.History(); len(h) > 0 {
		info.LastMove = h[len(h)-1].UCI
	}
	if g.Hidden() && !g.Status().Finished() { // a hidden game's position is its players' own, seen over the WebSocket
		info.Fen, info.LastMove = "", ""
	}
	eg := eventGame{info: info, turn: g.Turn(), seats: [2]game.Seat{g.Seat(chess.White), g.Seat(chess.Black)}}
	if k := g.Clock(); k != nil {
		for _, side := range []chess.Color{chess.White, chess.Black} {
			left := int(k.Remaining(side).Seconds())
			eg.left[side] = &left
		}
	}
	return eg
}

// noteStart sends each human seat of g its gameStart.
func (a *API) noteStart(g *game.Game) {
	eg := eventGameOf(g)
	a.inGameOrder(g.ID(), func() {
		ctx, cancel := context.WithTimeout(a.ctx, 5*time.Second)
		defer cancel()
		for side, info := range a.seatInfos(ctx, eg) {
			if p := eg.seats[side].Player; p != "" && eg.seats[side].Kind == game.SeatHuman {
				a.publish(p, GameEvent{Type: "gameStart", Game: info})
			}
		}
	})
}

// seatInfos is eg as each side's gameStart or gameFinish tells it: with
// its colour, its turn, its opponent, and whether it is rated. An
// account opponent always has a rating, as lichess's GameEventOpponent
// requires: the one it plays a rated game with (ratedSides), else its
// rating in the game's perf now.
func (a *API) seatInfos(ctx context.Context, eg eventGame) [2]GameInfo {
	sides := a.Sides(ctx, eg.seats)
	rated := false
	if rs := a.ratings(); rs != nil {
		rg, err := rs.RatedGame(ctx, eg.info.GameID)
		if rated = err == nil; rated {
			for side, g := range a.ratedSides(ctx, rg) { // the opponent's rating, as lichess's events carry it
				if g != nil && sides[side].ID != "" {
					sides[side].Rating = g.Int()
				}
			}
		}
	}
	for side := range sides { // a casual game's accounts, as lichess's: their ratings in its perf now
		if sides[side].UserID != "" && sides[side].Rating == 0 {
			sides[side].Rating = a.ratingNow(ctx, sides[side].UserID, eg.info.Perf).Int()
		}
	}
	var out [2]GameInfo
	for _, side := range []chess.Color{chess.White, chess.Black} {
		in := eg.info
		in.Color, in.IsMyTurn, in.Rated, in.SecondsLeft = game.ColorName(side), eg.turn == side && in.Status == nil, rated, eg.left[side]
		opp := sides[side.Other()]
		in.Opponent = Opponent{ID: opp.ID, Username: opp.Name, Rating: opp.Rating}
		out[side] = in
	}
	return out
}

// ratingNow is account user's rating in perf now: the first rating
// where it has none, or where the store keeps no ratings or cannot be
// read (the event is sent all the same).
func (a *API) ratingNow(ctx context.Context, user, perf string) rating.Glicko {
	g := rating.Default()
	rs := a.ratings()
	if rs == nil {
		return g
	}
	list, err := rs.UserRatings(ctx, user)
	if err != nil {
		a.log.Warn("cannot read an account's ratings", "err", err)
		return g
	}
	for _, r := range list {
		if r.Perf == perf {
			g = r.Glicko
		}
	}
	return g
}

// anonymous is how the API names a person playing without an account, or
// without a name (lichess's word).
const anonymous = "Anonymous"

// Sides names seats as the API writes players: an account's seat by
// its username with its id, another by the name it gave (a person's, the
// computer's), or Anonymous. A seat counts as an account's only when its
// player is that account's: a name alone proves nothing.
func (a *API) Sides(ctx context.Context, seats [2]game.Seat) [2]Player {
	accounts, _ := a.store.(store.Accounts)
	var out [2]Player
	for c, seat := range seats {
		out[c].Name = seat.Name
		if seat.Name == "" {
			out[c].Name = anonymous
		}
		if seat.Kind != game.SeatHuman || seat.Name == "" || accounts == nil {
			continue
		}
		u, err := accounts.UserByName(ctx, seat.Name)
		if err == nil && a.srv.PlayerOf(u) == seat.Player {
			out[c] = Player{ID: ID(u.Name), Name: u.Name, UserID: u.ID}
		} else if err != nil && !errors.Is(err, store.ErrNoUser) {
			a.log.Warn("cannot name a seat's account", "err", err)
		}
	}
	return out
}

// sidesOf names game id's players, seated in seats, as the API writes
// them (Sides), with their ratings when it is rated (ratedSides).
func (a *API) sidesOf(ctx context.Context, id string, seats [2]game.Seat) ([2]Player, bool) {
	sides := a.Sides(ctx, seats)
	rs := a.ratings()
	if rs == nil {
		return sides, false
	}
	rg, err := rs.RatedGame(ctx, id)
	if err != nil {
		return sides, false
	}
	for side, g := range a.ratedSides(ctx, rg) {
		if g != nil && sides[side].ID != "" {
			sides[side].Rating, sides[side].Provisional = g.Int(), g.Provisional()
		}
	}
	return sides, true
}

// ratedSides are the ratings the accounts of rated game rg play it with,
// by side: those before it once it is rated; until then (and in a game
// that ended unrated) each account's rating in the game's perf now, the
// first rating for an account without one, as lichess shows a game's
// players with their ratings from its start. nil for a side with no
// account, or whose ratings cannot be read.
func (a *API) ratedSides(ctx context.Context, rg store.RatedGame) [2]*rating.Glicko {
	var out [2]*rating.Glicko
	if rg.State == store.RatingApplied {
		w, b := rg.WhiteBefore, rg.BlackBefore
		return [2]*rating.Glicko{&w, &b}
	}
	for side, user := range [2]string{rg.White, rg.Black} {
		if user == "" {
			continue
		}
		rs, err := a.ratings().UserRatings(ctx, user)
		if err != nil {
			a.log.Warn("cannot read a rated game's player's ratings", "game", rg.GameID, "err", err)
			continue
		}
		g := rating.Default()
		for _, r := range rs {
			if r.Perf == rg.Perf {
				g = r.Glicko
			}
		}
		out[side] = &g
	}
	return out
}

// runningStarts are the gameStart events of the games in progress that
// player (an account's player id) sits in, read from the store, as
// lichess sends them when an event stream connects.
func (a *API) runningStarts(ctx context.Context, player string) []GameInfo {
	unfinished := false
	list, err := a.store.List(ctx, store.ListQuery{Player: player, Mine: true, Finished: &unfinished, Limit: store.MaxListLimit})
	if err != nil {
		a.log.Warn("event stream cannot list the games under way", "err", err)
		return nil
	}
	var out []GameInfo
	for _, sum := range list {
		if sum.WhiteKind == string(game.SeatOpen) || sum.BlackKind == string(game.SeatOpen) || sum.Mode == string(game.ModeLocal) {
			continue
		}
		var eg eventGame
		ok := false
		err := a.srv.Read(ctx, sum.ID, func(g *game.Game) {
			if ok = EventsFor(g) && !g.Status().Finished(); ok {
				eg = eventGameOf(g)
			}
		})
		if err != nil || !ok {
			continue
		}
		infos := a.seatInfos(ctx, eg)
		for side, seat := range eg.seats {
			if seat.Kind == game.SeatHuman && seat.Player == player {
				out = append(out, infos[side])
				break // a person in both seats (a game against oneself) hears once
			}
		}
	}
	return out
}

// noteFinish tells the players of g that it is over (a gameFinish event
// each), once: evs, just saved, ended g. It runs on g's hub: what it
// needs of g is read now, the rest elsewhere.
func (a *API) noteFinish(g *game.Game, evs []game.Event) {
	if !g.Status().Finished() || !game.EndedBy(evs) || !EventsFor(g) {
		return
	}
	eg := eventGameOf(g)
	name, id := Status(g)
	eg.info.Status = &GameStatus{ID: id, Name: name}
	eg.info.Winner = StateOf(g).Winner
	a.inGameOrder(g.ID(), func() { a.publishFinish(eg) })
}

// inGameOrder runs job away from game id's hub, after the jobs it was
// given before for the same game: a game's gameStart is published before
// its gameFinish even when it ends at once (an abort), while the store
// reads of one game's events never wait on another's.
func (a *API) inGameOrder(id string, job func()) {
	if !a.order.enqueue(id, job) {
		return // a goroutine already drains id's jobs: it runs this one after the others
	}
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		a.order.drain(id, job)
	}()
}

// serialQueue holds, per key, the jobs waiting for the one running.
type serialQueue struct {
	mu      sync.Mutex
	waiting map[string][]func() // present while a goroutine drains the key
}

func newSerialQueue() *serialQueue { return &serialQueue{waiting: map[string][]func(){}} }

// enqueue reports whether job is key's first while none runs: its caller
// then runs it with drain. Otherwise job waits for the running drain.
func (q *serialQueue) enqueue(key string, job func()) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if jobs, busy := q.waiting[key]; busy {
		q.waiting[key] = append(jobs, job)
		return false
	}
	q.waiting[key] = nil
	return true
}

// drain runs job, then each job queued for key meanwhile, in order, until
// none is left.
func (q *serialQueue) drain(key string, job func()) {
	for job != nil {
		job()
		q.mu.Lock()
		job = nil
		if jobs := q.waiting[key]; len(jobs) > 0 {
			job, q.waiting[key] = jobs[0], jobs[1:]
		} else {
			delete(q.waiting, key)
		}
		q.mu.Unlock()
	}
}

// publishFinish sends each human side its gameFinish, with its rating
// change when the game was rated (applied by the same save that ended it).
func (a *API) publishFinish(eg eventGame) {
	ctx, cancel := context.WithTimeout(a.ctx, 5*time.Second)
	defer cancel()
	infos := a.seatInfos(ctx, eg)
	if rs := a.ratings(); rs != nil {
		rg, err := rs.RatedGame(ctx, eg.info.GameID)
		if err == nil && rg.State == store.RatingApplied {
			w, b := rg.WhiteAfter.Int()-rg.WhiteBefore.Int(), rg.BlackAfter.Int()-rg.BlackBefore.Int()
			infos[chess.White].RatingDiff, infos[chess.Black].RatingDiff = &w, &b
		}
	}
	for side, seat := range eg.seats {
		if seat.Kind == game.SeatHuman && seat.Player != "" && (side == 0 || seat.Player != eg.seats[0].Player) {
			a.publish(seat.Player, GameEvent{Type: "gameFinish", Game: infos[side]})
		}
	}
}
