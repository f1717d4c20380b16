// Package lobby keeps the open challenges anyone may accept, in memory:
// what GET /api/lobby lists and quick pairing takes from. The server's
// hubs note their games in it as they change; it knows no HTTP and no hub.
//
// The lobby: open challenges anyone may accept. A challenge is an online
// game created with {"lobby": true}: public, with an open seat. It is listed
// while its creator is connected to it (and for ChallengeGrace after its
// creation, while the creator's page opens); a challenge whose creator left
// drops out of the list, and one taken or finished is gone. Accepting is
// joining (POST /api/games/{id}/join). Quick pairing (POST /api/pair) takes
// the oldest listed challenge of the same variant and time control from
// someone else, or else opens one and waits (package games: Handler.Pair).
// A rated challenge (a "seek") is listed with its seeker's rating; rated
// quick pairing meets the closest rating within a range that widens while
// people wait (pool.go).
//
// The list lives in memory, kept by the games' hubs. With several nodes,
// each node sends its own challenges to the others every lobbyBeat (see
// the server's cluster.go), and lists theirs beside its own until they stop coming.
package lobby

import (
	"cmp"
	"github.com/gambitchess/gambit/server/node"
	"github.com/gambitchess/gambit/store"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// ChallengeGrace is how long a new challenge is listed before its creator
// has connected to it.
const ChallengeGrace = 30 * time.Second

// Challenge is one open challenge in the lobby.
type Challenge struct {
	ID          string       `json:"id"`
	Variant     game.Variant `json:"variant"`
	Color       string       `json:"color"` // the creator's colour
	TimeControl string       `json:"timeControl,omitempty"`
	CreatedAt   time.Time    `json:"createdAt"`
	Mine        bool         `json:"mine,omitempty"` // set per asker
	Rated       bool         `json:"rated,omitempty"`
	Rating      int          `json:"rating,omitempty"`      // a rated seek's seeker's rating in the game's perf
	Provisional bool         `json:"provisional,omitempty"` // that rating is provisional (shown with a "?")

	creator string // player id
	account string // a rated seek's seeker's account id
	present bool   // the creator is connected
}

// Seeker is who made a rated challenge: their account and its rating in
// the challenge's perf, as the lobby lists it and pairing compares it.
type Seeker struct {
	Account     string
	Rating      int
	Provisional bool
}

// Lobby is the list of open challenges, safe for concurrent use.
type Lobby struct {
	mu     sync.Mutex
	open   map[string]Challenge
	remote map[string]remoteChallenges // other nodes' challenges, by node
	rated  map[string]Seeker           // this node's rated challenges' seekers, by game id
	Pair   sync.Mutex                  // one quick pairing at a time, so two waiting players always meet
}

// remoteChallenges are the challenges another node last sent, listed until
// their expiry.
type remoteChallenges struct {
	list    []Challenge
	expires time.Time
}

// New makes an empty lobby.
func New() *Lobby {
	return &Lobby{open: map[string]Challenge{}, remote: map[string]remoteChallenges{}, rated: map[string]Seeker{}}
}

// Note lists g when it is an open challenge, with whether its creator is
// connected, and drops it otherwise. Hubs call it on every change.
func (l *Lobby) Note(g *game.Game, connected func(chess.Color) bool) {
	c, ok := ChallengeOf(g)
	l.mu.Lock()
	defer l.mu.Unlock()
	if !ok {
		delete(l.open, g.ID())
		delete(l.rated, g.ID())
		return
	}
	creator, _ := game.ParseColor(c.Color)
	c.present = connected(creator)
	l.open[g.ID()] = c
}

// NoteRated records that challenge id is rated, made by seeker. The
// server calls it as it creates the challenge, before the game's hub
// notes it.
func (l *Lobby) NoteRated(id string, seeker Seeker) {
	l.mu.Lock()
	l.rated[id] = seeker
	l.mu.Unlock()
}

// Drop removes game id (its hub retired).
func (l *Lobby) Drop(id string) {
	l.mu.Lock()
	delete(l.open, id)
	delete(l.rated, id)
	l.mu.Unlock()
}

// withSeeker is c with its seeker's rating, when it is a rated challenge
// of this node; l.mu held.
func (l *Lobby) withSeeker(c Challenge) Challenge {
	if sk, ok := l.rated[c.ID]; ok {
		c.Rated, c.Rating, c.Provisional, c.account = true, sk.Rating, sk.Provisional, sk.Account
	}
	return c
}

// Account is the account id of a rated challenge's seeker; "" for a
// casual one.
func (c Challenge) Account() string { return c.account }

// ChallengeOf describes g as a challenge, if it is one.
func ChallengeOf(g *game.Game) (Challenge, bool) {
	if g.Mode() != game.ModeOnline || !g.Public() || g.Status() != game.Created {
		return Challenge{}, false
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if g.Seat(c.Other()).Kind == game.SeatOpen && g.Seat(c).Kind == game.SeatHuman {
			ch := Challenge{ID: g.ID(), Variant: g.Variant(), Color: game.ColorName(c), CreatedAt: g.CreatedAt(),
				creator: g.Seat(c).Player}
			ch.TimeControl = TimeControl(g.Clock())
			return ch, true
		}
	}
	return Challenge{}, false
}

// List returns the listed challenges, this node's and the others', oldest
// first, marked for player.
func (l *Lobby) List(now time.Time, player string) []Challenge {
	l.mu.Lock()
	out := make([]Challenge, 0, len(l.open))
	add := func(c Challenge) {
		if c.present || now.Sub(c.CreatedAt) < ChallengeGrace {
			c.Mine = player != "" && c.creator == player
			out = append(out, c)
		}
	}
	for _, c := range l.open {
		add(l.withSeeker(c))
	}
	for node, r := range l.remote {
		if now.After(r.expires) {
			delete(l.remote, node) // the node stopped sending: gone, or its challenges are
			continue
		}
		for _, c := range r.list {
			if _, here := l.open[c.ID]; !here { // moved here meanwhile: this node's word is fresher
				add(c)
			}
		}
	}
	l.mu.Unlock()
	slices.SortFunc(out, func(a, b Challenge) int {
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// Own returns this node's challenges, for the other nodes.
func (l *Lobby) Own() []node.LobbyEntry {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]node.LobbyEntry, 0, len(l.open))
	for _, c := range l.open {
		c = l.withSeeker(c)
		out = append(out, node.LobbyEntry{ID: c.ID, Variant: c.Variant, Color: c.Color, TimeControl: c.TimeControl,
			CreatedAt: c.CreatedAt, Creator: c.creator, Present: c.present,
			Account: c.account, Rating: c.Rating, Provisional: c.Provisional})
	}
	return out
}

// NoteRemote lists the challenges of node from until expires, in place of
// the ones it sent before.
func (l *Lobby) NoteRemote(from string, entries []node.LobbyEntry, expires time.Time) {
	list := make([]Challenge, len(entries))
	for i, e := range entries {
		list[i] = Challenge{ID: e.ID, Variant: e.Variant, Color: e.Color, TimeControl: e.TimeControl, CreatedAt: e.CreatedAt,
			creator: e.Creator, present: e.Present,
			Rated: e.Account != "", account: e.Account, Rating: e.Rating, Provisional: e.Provisional}
	}
	l.mu.Lock()
	l.remote[from] = remoteChallenges{list: list, expires: expires}
	l.mu.Unlock()
}

// TimeControl names a clock's time control as listings show it: "5+3"
// (minutes and seconds of increment), "3d" (days per move), "" for none.
func TimeControl(k *game.Clock) string {
	switch {
	case k == nil:
		return ""
	case k.PerMove:
		return strconv.Itoa(int(k.Initial/(24*time.Hour))) + "d"
	}
	return store.TimeControl(k.Initial.Milliseconds(), k.Increment.Milliseconds())
}
