package server

import (
	"cmp"
	"context"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/node"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// The lobby: open challenges anyone may accept. A challenge is an online
// game created with {"lobby": true}: public, with an open seat. It is listed
// while its creator is connected to it (and for challengeGrace after its
// creation, while the creator's page opens); a challenge whose creator left
// drops out of the list, and one taken or finished is gone. Accepting is
// joining (POST /api/games/{id}/join). Quick pairing (POST /api/pair) takes
// the oldest listed challenge of the same variant and time control from
// someone else, or else opens one and waits.
//
// The list lives in memory, kept by the games' hubs. With several nodes,
// each node sends its own challenges to the others every lobbyBeat (see
// cluster.go), and lists theirs beside its own until they stop coming.

// challengeGrace is how long a new challenge is listed before its creator
// has connected to it.
const challengeGrace = 30 * time.Second

// challenge is one open challenge in the lobby.
type challenge struct {
	ID          string       `json:"id"`
	Variant     game.Variant `json:"variant"`
	Color       string       `json:"color"` // the creator's colour
	TimeControl string       `json:"timeControl,omitempty"`
	CreatedAt   time.Time    `json:"createdAt"`
	Mine        bool         `json:"mine,omitempty"` // set per asker

	creator string // player id
	present bool   // the creator is connected
}

// lobby is the list of open challenges, safe for concurrent use.
type lobby struct {
	mu     sync.Mutex
	open   map[string]challenge
	remote map[string]remoteChallenges // other nodes' challenges, by node
	pair   sync.Mutex                  // one quick pairing at a time, so two waiting players always meet
}

// remoteChallenges are the challenges another node last sent, listed until
// their expiry.
type remoteChallenges struct {
	list    []challenge
	expires time.Time
}

func newLobby() *lobby {
	return &lobby{open: map[string]challenge{}, remote: map[string]remoteChallenges{}}
}

// note lists g when it is an open challenge, with whether its creator is
// connected, and drops it otherwise. Hubs call it on every change.
func (l *lobby) note(g *game.Game, connected func(chess.Color) bool) {
	c, ok := challengeOf(g)
	l.mu.Lock()
	defer l.mu.Unlock()
	if !ok {
		delete(l.open, g.ID())
		return
	}
	creator, _ := game.ParseColor(c.Color)
	c.present = connected(creator)
	l.open[g.ID()] = c
}

// drop removes game id (its hub retired).
func (l *lobby) drop(id string) {
	l.mu.Lock()
	delete(l.open, id)
	l.mu.Unlock()
}

// challengeOf describes g as a challenge, if it is one.
func challengeOf(g *game.Game) (challenge, bool) {
	if g.Mode() != game.ModeOnline || !g.Public() || g.Status() != game.Created {
		return challenge{}, false
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if g.Seat(c.Other()).Kind == game.SeatOpen && g.Seat(c).Kind == game.SeatHuman {
			ch := challenge{ID: g.ID(), Variant: g.Variant(), Color: game.ColorName(c), CreatedAt: g.CreatedAt(),
				creator: g.Seat(c).Player}
			ch.TimeControl = timeControlOf(g.Clock())
			return ch, true
		}
	}
	return challenge{}, false
}

// list returns the listed challenges, this node's and the others', oldest
// first, marked for player.
func (l *lobby) list(now time.Time, player string) []challenge {
	l.mu.Lock()
	out := make([]challenge, 0, len(l.open))
	add := func(c challenge) {
		if c.present || now.Sub(c.CreatedAt) < challengeGrace {
			c.Mine = player != "" && c.creator == player
			out = append(out, c)
		}
	}
	for _, c := range l.open {
		add(c)
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
	slices.SortFunc(out, func(a, b challenge) int {
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// own returns this node's challenges, for the other nodes.
func (l *lobby) own() []node.LobbyEntry {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]node.LobbyEntry, 0, len(l.open))
	for _, c := range l.open {
		out = append(out, node.LobbyEntry{ID: c.ID, Variant: c.Variant, Color: c.Color, TimeControl: c.TimeControl,
			CreatedAt: c.CreatedAt, Creator: c.creator, Present: c.present})
	}
	return out
}

// noteRemote lists node's challenges until expires, in place of the ones
// it sent before.
func (l *lobby) noteRemote(node string, entries []node.LobbyEntry, expires time.Time) {
	list := make([]challenge, len(entries))
	for i, e := range entries {
		list[i] = challenge{ID: e.ID, Variant: e.Variant, Color: e.Color, TimeControl: e.TimeControl, CreatedAt: e.CreatedAt,
			creator: e.Creator, present: e.Present}
	}
	l.mu.Lock()
	l.remote[node] = remoteChallenges{list: list, expires: expires}
	l.mu.Unlock()
}

// handleLobby lists the open challenges: GET /api/lobby.
func (s *Server) handleLobby(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.lobby.list(s.now(), playerOf(r)))
}

// pairRequest is the body of POST /api/pair.
type pairRequest struct {
	Variant string     `json:"variant"`
	Clock   *clockSpec `json:"clock"`
}

// handlePair pairs the caller with the next person who asks for the same
// game: it joins the oldest listed challenge of that variant and time
// control made by someone else, or opens one (random colour) and the caller
// waits on its page for the next person.
func (s *Server) handlePair(w http.ResponseWriter, r *http.Request) {
	req, err := decodeBody[pairRequest](http.MaxBytesReader(w, r.Body, maxMessage))
	if err != nil {
		s.httpError(w, err)
		return
	}
	if err := s.takeChallenge(guards.ClientAddress(r)); err != nil { // the narrower limit first: a refused pairing costs no game
		s.httpError(w, err)
		return
	}
	if err := s.takeCreation(guards.ClientAddress(r)); err != nil {
		s.httpError(w, err)
		return
	}
	player, err := ensurePlayer(w, r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	opts, err := s.pairOptions(req, player)
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.lobby.pair.Lock()
	defer s.lobby.pair.Unlock()
	spec, _ := game.Lookup(opts.Variant)
	var tc string
	if c := opts.Clock; c.Initial > 0 {
		tc = timeControlOf(&game.Clock{Initial: c.Initial, Increment: c.Increment, PerMove: c.PerMove})
	}
	for _, c := range s.lobby.list(s.now(), player) {
		if c.Mine || c.Variant != spec.Name || c.TimeControl != tc {
			continue
		}
		if resp, err := s.joinAs(r.Context(), c.ID, player); err == nil {
			writeJSON(w, http.StatusOK, resp)
			return
		}
	}
	s.answerNewGame(w, r, opts, player)
}

// pairOptions is the lobby challenge a pairing request opens when it finds
// none to join: the caller's colour drawn at random.
func (s *Server) pairOptions(req pairRequest, player string) (game.Options, error) {
	opts, _, err := s.gameOptions(createRequest{Mode: game.ModeOnline, Variant: req.Variant, Color: "random", Clock: req.Clock,
		Lobby: true}, player)
	return opts, err
}

// joinAs seats player in game id's open seat, as a join does.
func (s *Server) joinAs(ctx context.Context, id, player string) (createResponse, error) {
	return s.runSeatCommand(ctx, id, joinSeatCmd{player: player})
}
