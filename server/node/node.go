// Package node is what the nodes of a cluster say to each other: the Bus
// a server uses to reach the others (package cluster implements it over
// NATS) and the handler it answers them with, and the messages both carry.
// It sits below both server and cluster, so neither imports the other.
package node

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/gambitchess/gambit/game"
	"time"
)

// Bus carries what the nodes of a cluster ask of each other (package
// cluster implements it over NATS). Nil in Config: one node on its own.
type Bus interface {
	// Node names this node, unique in the cluster.
	Node() string
	// Serve answers the other nodes' requests with h, until Close.
	Serve(h BusHandler) error
	// Join relays a client of this node to game j.Game's hub on node owner.
	Join(ctx context.Context, owner string, j RemoteJoin) (Relay, error)
	// Seat runs a seat command on node owner.
	Seat(ctx context.Context, owner string, req SeatRequest) (SeatAnswer, error)
	// Lobby sends this node's open challenges to the others.
	Lobby(entries []LobbyEntry) error
	// Event sends a line of the event streams of player (a player id) to
	// the other nodes, whose streams of that player write it.
	Event(player string, line []byte) error
	// Act runs a player's action on game req.Game on node owner (an
	// action through the HTTP API, which has no relay).
	Act(ctx context.Context, owner string, req ActRequest) (ActAnswer, error)
	// Forget tells the other nodes that player's account was deleted:
	// their live games forget its name.
	Forget(player string) error
}

// BusHandler is what a node answers other nodes with: the server's
// ClusterHandler.
type BusHandler interface {
	// AcceptRemote joins a client of another node to a game here; its
	// messages from the hub go to out, and what it sends comes through the
	// Inbound returned.
	AcceptRemote(ctx context.Context, j RemoteJoin, out Outbound) (Inbound, error)
	// SeatRemote runs a seat command for another node.
	SeatRemote(ctx context.Context, req SeatRequest) SeatAnswer
	// LobbyFrom lists node's open challenges, as it last sent them.
	LobbyFrom(node string, entries []LobbyEntry)
	// EventFrom writes line, sent by node, to the event streams of
	// player here.
	EventFrom(node, player string, line []byte)
	// ActRemote runs an action for another node.
	ActRemote(ctx context.Context, req ActRequest) ActAnswer
	// ForgetFrom makes the live games here forget player's name, as node
	// asked.
	ForgetFrom(node, player string)
	// ErrorAnswer is how this node answers err (from AcceptRemote): its
	// HTTP status, code and message, for the asking node to answer so.
	ErrorAnswer(err error) (status int, code, message string)
}

// RemoteJoin is a client of one node joining a game owned by another: what
// a WebSocket's join says (the person's id, their address for the limits,
// the last version they saw).
type RemoteJoin struct {
	Game   string `json:"game"`
	Player string `json:"player,omitempty"`
	Addr   string `json:"addr"`
	Since  int64  `json:"since"`
}

// Relay is a client's link to its game's owner, on the client's node.
type Relay interface {
	// Send passes a message of the client to the hub, with the network
	// time this node measured for the connection (the move's lag credit).
	Send(msg []byte, lag time.Duration) error
	// Messages are the hub's messages for the client, in order; closed
	// when the relay ends (the owner dropped the client, or died).
	Messages() <-chan []byte
	// Close ends the relay: the client left.
	Close()
}

// Outbound carries the hub's messages to a client on another node.
type Outbound interface {
	Deliver(msg []byte) error
	Close() // the hub dropped the client
}

// Inbound is a remote client's side at the owner: its messages, its leaving.
type Inbound interface {
	Message(msg []byte, lag time.Duration)
	Leave()
}

// SeatRequest is a seat command for the owner: join the open seat
// (Token empty) or adopt the seats an older release's secret holds.
type SeatRequest struct {
	Game   string `json:"game"`
	Player string `json:"player"`
	Name   string `json:"name,omitempty"`  // the joiner's display name
	Title  string `json:"title,omitempty"` // the joining account's title ("BOT")
	Token  string `json:"token,omitempty"`
}

// SeatAnswer is the owner's answer: the new seat and state, or an error
// with its HTTP status and code.
type SeatAnswer struct {
	Status  int             `json:"status"`
	Code    string          `json:"code,omitempty"`
	Message string          `json:"message,omitempty"`
	Answer  json.RawMessage `json:"answer,omitempty"` // the game as its seated person sees it (games.Seated)
}

// ActRequest is an action for the owner of its game: what a player's
// program asked of it (the server's own message, as JSON), from address
// Addr.
type ActRequest struct {
	Game   string          `json:"game"`
	Player string          `json:"player"`
	Addr   string          `json:"addr"`
	Msg    json.RawMessage `json:"msg"`
}

// ActAnswer is the owner's answer to an action: Status 200, or an error
// with its HTTP status and code.
type ActAnswer struct {
	Status  int    `json:"status"`
	Code    string `json:"code,omitempty"`
	Message string `json:"message,omitempty"`
}

// remoteError is an error another node answered with: its status and code
// stand for it here.
type remoteError struct {
	status        int
	code, message string
}

func (e *remoteError) Error() string { return e.message }

// Answered reports the HTTP status and code of an error another node
// answered with (made by RemoteError), ok false for any other error.
func Answered(err error) (status int, code string, ok bool) {
	var remote *remoteError
	if !errors.As(err, &remote) {
		return 0, "", false
	}
	return remote.status, remote.code, true
}

// RemoteError is the error another node answered with, its HTTP status,
// code and message, to be answered here as it was there (for package
// cluster). errors.As finds it in a wrapped error; Answered reads it.
func RemoteError(status int, code, message string) error {
	return &remoteError{status: status, code: code, message: message}
}

// LobbyEntry is an open challenge as one node tells the others of it.
type LobbyEntry struct {
	ID          string       `json:"id"`
	Variant     game.Variant `json:"variant"`
	Color       string       `json:"color"`
	TimeControl string       `json:"timeControl,omitempty"`
	CreatedAt   time.Time    `json:"createdAt"`
	Creator     string       `json:"creator"`
	Present     bool         `json:"present"`
	Account     string       `json:"account,omitempty"`     // a rated challenge's seeker's account id; "" for a casual one
	Rating      int          `json:"rating,omitempty"`      // that seeker's rating in the game's perf
	Provisional bool         `json:"provisional,omitempty"` // and whether it is provisional
}
