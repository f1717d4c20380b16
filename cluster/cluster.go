// Package cluster links Gambit servers over NATS, so that several nodes on
// one PostgreSQL database serve the same games: it implements node.Bus.
//
// Each live game runs on one node, its owner (the lease holder, see
// store.Leases). A client connected to another node, its edge, is relayed:
// the edge forwards what the client sends to the owner, and the owner sends
// back the hub's messages for that client, already cut for its viewer, so
// hidden information never crosses to a node that would not show it.
//
// Subjects (NODE is a node's id, which must be a valid NATS token):
//
//	gambit.join.NODE   request: a client of the asking node joins a game of NODE
//	gambit.seat.NODE   request: a seat command (join, adopt) for a game of NODE
//	gambit.in.NODE     a relayed client's message, or its leaving (headers Client, Kind, Lag)
//	gambit.out.NODE    the hub's message for a client of NODE, or the end of its relay
//	gambit.alive       every node's heartbeat, each second
//	gambit.lobby       every node's open challenges, each second (header Node)
//
// A node not heard from for Dead is taken for dead: its relayed clients
// are closed on the edges (the browsers reconnect, and find the game on
// the node that took it over), and the owners let its clients go.
package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/gambitchess/gambit/server/node"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
)

// Heartbeat timing: a beat every Beat; a node silent for Dead is gone.
const (
	Beat = time.Second
	Dead = 3 * Beat
)

// queue is how many messages wait for one relayed client, either way; a
// client whose queue fills is dropped, as a slow WebSocket is.
const queue = 64

// Message headers and kinds.
const (
	hClient = "Client"
	hKind   = "Kind"
	hLag    = "Lag"

	kindMsg   = "msg"
	kindLeave = "leave"
	kindEnd   = "end"
)

// Node is one server's link to the others. It is safe for concurrent use.
type Node struct {
	id string
	nc *nats.Conn

	mu      sync.Mutex
	h       node.BusHandler
	relays  map[string]*relay  // clients of this node relayed elsewhere, by client id
	remotes map[string]*remote // clients of other nodes relayed here, by client id
	seen    map[string]time.Time
	subs    []*nats.Subscription
	next    uint64 // client ids
	stop    chan struct{}
	wg      sync.WaitGroup
}

// New returns node id on connection nc. id must be unique in the cluster
// and a NATS subject token (letters, digits, '-' and '_').
func New(nc *nats.Conn, id string) (*Node, error) {
	if !validID(id) {
		return nil, fmt.Errorf("cluster: node id %q: want letters, digits, - and _", id)
	}
	return &Node{id: id, nc: nc, relays: map[string]*relay{}, remotes: map[string]*remote{},
		seen: map[string]time.Time{}, stop: make(chan struct{})}, nil
}

func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// Node implements node.Bus.
func (n *Node) Node() string { return n.id }

// Serve implements node.Bus: it subscribes to this node's subjects and
// starts the heartbeat and the watch over the other nodes.
func (n *Node) Serve(h node.BusHandler) error {
	n.mu.Lock()
	n.h = h
	n.mu.Unlock()
	subs := []struct {
		subject string
		handle  nats.MsgHandler
	}{
		{"gambit.join." + n.id, n.onJoin},
		{"gambit.seat." + n.id, n.onSeat},
		{"gambit.in." + n.id, n.onIn},
		{"gambit.out." + n.id, n.onOut},
		{"gambit.alive", n.onAlive},
		{"gambit.lobby", n.onLobby},
		{"gambit.event", n.onEvent},
		{"gambit.act." + n.id, n.onAct},
		{"gambit.forget", n.onForget},
	}
	for _, s := range subs {
		sub, err := n.nc.Subscribe(s.subject, s.handle)
		if err != nil {
			return fmt.Errorf("cluster: subscribe %s: %w", s.subject, err)
		}
		_ = sub.SetPendingLimits(64*1024, 64<<20)
		n.subs = append(n.subs, sub)
	}
	if err := n.nc.Flush(); err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	n.wg.Add(1)
	go n.beat()
	return nil
}

// Close stops serving: this node's relays end, and the others hear no more
// heartbeats from it.
func (n *Node) Close() {
	select {
	case <-n.stop:
		return
	default:
		close(n.stop)
	}
	for _, s := range n.subs {
		_ = s.Unsubscribe()
	}
	n.wg.Wait()
	n.mu.Lock()
	relays := mapValues(n.relays)
	remotes := mapValues(n.remotes)
	n.mu.Unlock()
	for _, r := range relays {
		r.end()
	}
	for _, r := range remotes {
		r.leave()
	}
}

func mapValues[V any](m map[string]V) []V {
	out := make([]V, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// beat sends a heartbeat every Beat and drops what hangs on silent nodes.
func (n *Node) beat() {
	defer n.wg.Done()
	t := time.NewTicker(Beat)
	defer t.Stop()
	for {
		_ = n.nc.Publish("gambit.alive", []byte(n.id))
		n.dropSilent(time.Now())
		select {
		case <-n.stop:
			return
		case <-t.C:
		}
	}
}

func (n *Node) onAlive(m *nats.Msg) {
	n.mu.Lock()
	n.seen[string(m.Data)] = time.Now()
	n.mu.Unlock()
}

// alive reports whether node was heard from within Dead of now; n.mu held.
func (n *Node) alive(node string, now time.Time) bool {
	return now.Sub(n.seen[node]) < Dead
}

// dropSilent ends the relays to owners gone silent and lets go the clients
// of edges gone silent.
func (n *Node) dropSilent(now time.Time) {
	n.mu.Lock()
	var relays []*relay
	for _, r := range n.relays {
		if !n.alive(r.owner, now) {
			relays = append(relays, r)
		}
	}
	var remotes []*remote
	for _, r := range n.remotes {
		if !n.alive(r.edge, now) {
			remotes = append(remotes, r)
		}
	}
	n.mu.Unlock()
	for _, r := range relays {
		r.end()
	}
	for _, r := range remotes {
		r.leave()
	}
}

// joinRequest is what gambit.join carries.
type joinRequest struct {
	Join   node.RemoteJoin `json:"join"`
	Client string          `json:"client"`
	Edge   string          `json:"edge"`
}

// failure is a request's error answer, as the server would answer it.
type failure struct {
	Status  int    `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Join implements node.Bus.
func (n *Node) Join(ctx context.Context, owner string, j node.RemoteJoin) (node.Relay, error) {
	n.mu.Lock()
	n.next++
	cid := n.id + "-" + strconv.FormatUint(n.next, 36)
	r := &relay{n: n, id: cid, owner: owner, msgs: make(chan []byte, queue)}
	n.relays[cid] = r // before asking: the owner's first messages may come before its answer
	n.mu.Unlock()
	data, err := json.Marshal(joinRequest{Join: j, Client: cid, Edge: n.id})
	if err != nil {
		n.forget(cid)
		return nil, fmt.Errorf("cluster: join: %w", err)
	}
	reply, err := n.nc.RequestWithContext(ctx, "gambit.join."+owner, data)
	if err != nil {
		n.forget(cid)
		return nil, fmt.Errorf("cluster: join game %s on node %s: %w", j.Game, owner, err)
	}
	if err := decodeFailure(reply.Data); err != nil {
		n.forget(cid)
		return nil, err
	}
	n.mu.Lock()
	n.seen[owner] = time.Now() // it answered: alive
	n.mu.Unlock()
	return r, nil
}

// decodeFailure reads a refusal from a reply as the error the server
// would have answered, nil for an acceptance.
func decodeFailure(data []byte) error {
	var f failure
	if err := json.Unmarshal(data, &f); err != nil {
		return node.RemoteError(502, "bad_gateway", "an unreadable answer from another node")
	}
	if f.Status == 0 || f.Status == 200 {
		return nil
	}
	return node.RemoteError(f.Status, f.Code, f.Message)
}

// forget drops relay cid without a word to its owner.
func (n *Node) forget(cid string) {
	n.mu.Lock()
	delete(n.relays, cid)
	n.mu.Unlock()
}

// onJoin answers a join from an edge: the client is joined to the hub, and
// its messages go to the edge.
func (n *Node) onJoin(m *nats.Msg) {
	var req joinRequest
	if err := json.Unmarshal(m.Data, &req); err != nil {
		respond(m, failure{Status: 400, Code: "bad_request", Message: "unreadable join"})
		return
	}
	n.mu.Lock()
	h := n.h
	n.seen[req.Edge] = time.Now()
	n.mu.Unlock()
	r := &remote{n: n, id: req.Client, edge: req.Edge, in: make(chan inMsg, queue), done: make(chan struct{})}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	inbound, err := h.AcceptRemote(ctx, req.Join, r)
	if err != nil {
		respond(m, failureOf(h, err))
		return
	}
	r.inbound = inbound
	n.mu.Lock()
	n.remotes[r.id] = r
	n.mu.Unlock()
	n.wg.Add(1)
	go r.pump()
	respond(m, failure{Status: 200})
}

// failureOf is err as an answer to another node, as h answers it.
func failureOf(h node.BusHandler, err error) failure {
	status, code, message := h.ErrorAnswer(err)
	return failure{Status: status, Code: code, Message: message}
}

func respond(m *nats.Msg, v any) {
	data, _ := json.Marshal(v)
	_ = m.Respond(data)
}

// Seat implements node.Bus.
func (n *Node) Seat(ctx context.Context, owner string, req node.SeatRequest) (node.SeatAnswer, error) {
	data, err := json.Marshal(req)
	if err != nil {
		return node.SeatAnswer{}, fmt.Errorf("cluster: seat: %w", err)
	}
	reply, err := n.nc.RequestWithContext(ctx, "gambit.seat."+owner, data)
	if err != nil {
		return node.SeatAnswer{}, fmt.Errorf("cluster: seat in game %s on node %s: %w", req.Game, owner, err)
	}
	var ans node.SeatAnswer
	if err := json.Unmarshal(reply.Data, &ans); err != nil {
		return node.SeatAnswer{}, fmt.Errorf("cluster: seat answer of node %s: %w", owner, err)
	}
	return ans, nil
}

// onSeat runs a seat command for another node. It answers from its own
// goroutine: a seat command waits for the game's hub.
func (n *Node) onSeat(m *nats.Msg) {
	n.mu.Lock()
	h := n.h
	n.mu.Unlock()
	go func() {
		var req node.SeatRequest
		if err := json.Unmarshal(m.Data, &req); err != nil {
			respond(m, node.SeatAnswer{Status: 400, Code: "bad_request", Message: "unreadable seat command"})
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		respond(m, h.SeatRemote(ctx, req))
	}()
}

// onIn takes a relayed client's message or leaving, for its pump.
func (n *Node) onIn(m *nats.Msg) {
	n.mu.Lock()
	r := n.remotes[m.Header.Get(hClient)]
	n.mu.Unlock()
	if r == nil {
		return // gone already
	}
	if m.Header.Get(hKind) == kindLeave {
		r.leave()
		return
	}
	lag, _ := strconv.ParseInt(m.Header.Get(hLag), 10, 64)
	select {
	case r.in <- inMsg{data: m.Data, lag: time.Duration(lag)}:
	default:
		r.leave() // a client flooding faster than its hub takes: dropped, as a local one would be
	}
}

// onOut passes the hub's message to the relayed client it is for.
func (n *Node) onOut(m *nats.Msg) {
	n.mu.Lock()
	r := n.relays[m.Header.Get(hClient)]
	n.mu.Unlock()
	if r == nil {
		return
	}
	if m.Header.Get(hKind) == kindEnd {
		r.end()
		return
	}
	r.deliver(m.Data)
}

// send publishes a relayed client's message (or its leaving, or the end of
// its relay) on subject; lag, when not zero, is the client's network time.
func (n *Node) send(subject, client, kind string, data []byte, lag time.Duration) error {
	m := nats.NewMsg(subject)
	m.Header.Set(hClient, client)
	m.Header.Set(hKind, kind)
	if lag != 0 {
		m.Header.Set(hLag, strconv.FormatInt(int64(lag), 10))
	}
	m.Data = data
	return n.nc.PublishMsg(m)
}

// relay is a client of this node whose game is on node owner (node.Relay).
type relay struct {
	n     *Node
	id    string
	owner string
	msgs  chan []byte

	once sync.Once
	mu   sync.Mutex // guards msgs against a send after end
	done bool
}

// Send implements node.Relay.
func (r *relay) Send(msg []byte, lag time.Duration) error {
	return r.n.send("gambit.in."+r.owner, r.id, kindMsg, msg, lag)
}

// Messages implements node.Relay.
func (r *relay) Messages() <-chan []byte { return r.msgs }

// Close implements node.Relay: the client left; the owner is told.
func (r *relay) Close() {
	_ = r.n.send("gambit.in."+r.owner, r.id, kindLeave, nil, 0)
	r.end()
}

// deliver queues a message for the client, ending the relay when the
// client does not keep up.
func (r *relay) deliver(data []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return
	}
	select {
	case r.msgs <- data:
	default:
		r.done = true
		close(r.msgs)
		go r.n.forget(r.id)
	}
}

// end closes the relay's messages: the client's connection closes.
func (r *relay) end() {
	r.once.Do(func() {
		r.n.forget(r.id)
		r.mu.Lock()
		if !r.done {
			r.done = true
			close(r.msgs)
		}
		r.mu.Unlock()
	})
}

// inMsg is a relayed client's message with its lag.
type inMsg struct {
	data []byte
	lag  time.Duration
}

// remote is a client of node edge in a game of this node: its messages
// are handed to the hub by its own pump, so one slow hub holds up no other.
type remote struct {
	n       *Node
	id      string
	edge    string
	inbound node.Inbound
	in      chan inMsg
	done    chan struct{}
	once    sync.Once
}

func (r *remote) pump() {
	defer r.n.wg.Done()
	for {
		select {
		case m := <-r.in:
			r.inbound.Message(m.data, m.lag)
		case <-r.done:
			r.inbound.Leave()
			return
		case <-r.n.stop:
			r.inbound.Leave()
			return
		}
	}
}

// leave ends the client here (its pump tells the hub).
func (r *remote) leave() {
	r.once.Do(func() {
		r.n.mu.Lock()
		delete(r.n.remotes, r.id)
		r.n.mu.Unlock()
		close(r.done)
	})
}

// Deliver implements node.Outbound: the hub's message, to the edge.
func (r *remote) Deliver(msg []byte) error {
	return r.n.send("gambit.out."+r.edge, r.id, kindMsg, msg, 0)
}

// Close implements node.Outbound: the hub let the client go; the edge
// closes its connection.
func (r *remote) Close() {
	_ = r.n.send("gambit.out."+r.edge, r.id, kindEnd, nil, 0)
	r.leave()
}

// Lobby implements node.Bus.
func (n *Node) Lobby(entries []node.LobbyEntry) error {
	data, err := json.Marshal(entries)
	if err != nil {
		return fmt.Errorf("cluster: lobby: %w", err)
	}
	m := nats.NewMsg("gambit.lobby")
	m.Header.Set("Node", n.id)
	m.Data = data
	return n.nc.PublishMsg(m)
}

// onLobby passes another node's challenges to the server.
func (n *Node) onLobby(m *nats.Msg) {
	var entries []node.LobbyEntry
	if json.Unmarshal(m.Data, &entries) != nil {
		return
	}
	n.mu.Lock()
	h := n.h
	n.mu.Unlock()
	h.LobbyFrom(m.Header.Get("Node"), entries)
}

// Event implements node.Bus.
func (n *Node) Event(player string, line []byte) error {
	m := nats.NewMsg("gambit.event")
	m.Header.Set("Node", n.id)
	m.Header.Set("Player", player)
	m.Data = line
	if err := n.nc.PublishMsg(m); err != nil {
		return fmt.Errorf("cluster: event: %w", err)
	}
	return nil
}

// onEvent passes another node's event line to the server.
func (n *Node) onEvent(m *nats.Msg) {
	n.mu.Lock()
	h := n.h
	n.mu.Unlock()
	h.EventFrom(m.Header.Get("Node"), m.Header.Get("Player"), m.Data)
}

// Act implements node.Bus.
func (n *Node) Act(ctx context.Context, owner string, req node.ActRequest) (node.ActAnswer, error) {
	data, err := json.Marshal(req)
	if err != nil {
		return node.ActAnswer{}, fmt.Errorf("cluster: act: %w", err)
	}
	reply, err := n.nc.RequestWithContext(ctx, "gambit.act."+owner, data)
	if err != nil {
		return node.ActAnswer{}, fmt.Errorf("cluster: act in game %s on node %s: %w", req.Game, owner, err)
	}
	var ans node.ActAnswer
	if err := json.Unmarshal(reply.Data, &ans); err != nil {
		return node.ActAnswer{}, fmt.Errorf("cluster: act answer of node %s: %w", owner, err)
	}
	return ans, nil
}

// onAct runs an action for another node, from its own goroutine (it
// waits for the game's hub).
func (n *Node) onAct(m *nats.Msg) {
	n.mu.Lock()
	h := n.h
	n.mu.Unlock()
	go func() {
		var req node.ActRequest
		if err := json.Unmarshal(m.Data, &req); err != nil {
			respond(m, node.ActAnswer{Status: 400, Code: "bad_request", Message: "unreadable action"})
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		respond(m, h.ActRemote(ctx, req))
	}()
}

// Forget implements node.Bus.
func (n *Node) Forget(player string) error {
	m := nats.NewMsg("gambit.forget")
	m.Header.Set("Node", n.id)
	m.Header.Set("Player", player)
	if err := n.nc.PublishMsg(m); err != nil {
		return fmt.Errorf("cluster: forget: %w", err)
	}
	return nil
}

// onForget passes another node's forgetting to the server.
func (n *Node) onForget(m *nats.Msg) {
	n.mu.Lock()
	h := n.h
	n.mu.Unlock()
	h.ForgetFrom(m.Header.Get("Node"), m.Header.Get("Player"))
}

var _ node.Bus = (*Node)(nil)
