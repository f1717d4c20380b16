package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/gambitchess/gambit/server/games"
	"github.com/gambitchess/gambit/server/node"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Several nodes serve one database. Each live game has one owner at a time,
// the node holding its lease (store.Leases), and only the owner runs its
// hub. A WebSocket that reaches another node is relayed to the owner over
// the Bus: the client's messages go there, and the hub's messages for it,
// already cut for that viewer, come back; a seat command (join, adopt) is
// run by the owner. The leases, renewed while the hubs live and taken over
// when their owner dies, are package live's (live/leases.go).

// lobbyBeat is how often a node sends its challenges to the others, which
// list them for three beats.
const lobbyBeat = time.Second

// ErrorAnswer is how this server answers err: its HTTP status, code and
// message (for package cluster, which answers other nodes so).
func (ClusterHandler) ErrorAnswer(err error) (status int, code, message string) {
	status, code = wire.Code(err)
	return status, code, wire.Message(err)
}

// clustered reports whether s is one node of several.
func (s *Server) clustered() bool { return s.bus != nil && s.leases != nil }

// startCluster answers the other nodes, keeps this node's leases
// (live.Games.KeepLeases) and sends its challenges to the others.
func (s *Server) startCluster() error {
	if !s.clustered() {
		return nil
	}
	if err := s.bus.Serve(ClusterHandler{s: s}); err != nil {
		return fmt.Errorf("server: cluster: %w", err)
	}
	s.wg.Go(func() { s.live.KeepLeases(s.ctx) })
	s.wg.Go(func() { s.sendLobby(s.ctx) })
	return nil
}

// sendLobby sends this node's challenges to the others every lobbyBeat
// until ctx ends.
func (s *Server) sendLobby(ctx context.Context) {
	beat := time.NewTicker(lobbyBeat)
	defer beat.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-beat.C:
			if err := s.bus.Lobby(s.lobby.Own()); err != nil {
				s.log.Warn("send the lobby to the other nodes", "err", err)
			}
		}
	}
}

// ClusterHandler answers the other nodes' requests for a Server.
type ClusterHandler struct{ s *Server }

// AcceptRemote implements BusHandler: a client of another node joins game
// j.Game here, as a WebSocket would.
func (ch ClusterHandler) AcceptRemote(ctx context.Context, j node.RemoteJoin, out node.Outbound) (node.Inbound, error) {
	s := ch.s
	cctx, cancel := context.WithCancel(s.ctx)
	c := &round.Client{Send: make(chan []byte, round.SendBuffer), Cancel: cancel, Addr: j.Addr}
	var h *round.Hub
	join := round.JoinCmd{Client: c, Since: j.Since, Player: j.Player}
	err := s.live.With(ctx, j.Game, func(hh *round.Hub) error {
		h = hh
		return hh.Send(ctx, join)
	})
	if err != nil {
		cancel()
		return nil, err
	}
	go forwardOut(cctx, c, out)
	return &remoteClient{s: s, h: h, c: c}, nil
}

// forwardOut sends the client's messages to its node until the client is
// closed (it left, or the hub dropped it).
func forwardOut(ctx context.Context, c *round.Client, out node.Outbound) {
	defer out.Close()
	for {
		select {
		case <-ctx.Done():
			return
		case data := <-c.Send:
			if out.Deliver(data) != nil {
				c.Close()
				return
			}
		}
	}
}

// remoteClient is a client of another node, at its game's owner.
type remoteClient struct {
	s *Server
	h *round.Hub
	c *round.Client
}

// Message implements Inbound: the message read off the client's
// WebSocket on its node, which measured lag for it.
func (rc *remoteClient) Message(data []byte, lag time.Duration) {
	msg, err := round.ParseClientMsg(data)
	if err != nil {
		rc.c.TrySend(round.ErrorEvent(err))
		return
	}
	msg.Lag = min(max(lag, 0), round.MaxLagCredit)
	msg.Read = time.Now() // the relay latency here counts from the owner's receipt
	if err := rc.h.Send(rc.s.ctx, round.MessageCmd{Client: rc.c, Msg: msg}); err != nil {
		rc.c.Close() // the hub retired: the client reconnects, and finds the game afresh
	}
}

// Leave implements Inbound.
func (rc *remoteClient) Leave() {
	_ = rc.h.Send(rc.s.ctx, round.LeaveCmd{Client: rc.c})
	rc.c.Close()
}

// SeatRemote implements BusHandler.
func (ch ClusterHandler) SeatRemote(ctx context.Context, req node.SeatRequest) node.SeatAnswer {
	resp, err := ch.s.runSeatCommand(ctx, req.Game, round.JoinSeatCmd{Player: req.Player, Name: req.Name, Title: req.Title, Token: req.Token})
	if err != nil {
		status, code := wire.Code(err)
		return node.SeatAnswer{Status: status, Code: code, Message: wire.Message(err)}
	}
	data, err := json.Marshal(resp)
	if err != nil {
		return node.SeatAnswer{Status: 500, Code: "internal", Message: "internal error"}
	}
	return node.SeatAnswer{Status: 200, Answer: data}
}

// LobbyFrom implements BusHandler.
func (ch ClusterHandler) LobbyFrom(node string, entries []node.LobbyEntry) {
	if node == ch.s.bus.Node() {
		return
	}
	ch.s.lobby.NoteRemote(node, entries, ch.s.now().Add(3*lobbyBeat))
}

// EventFrom implements BusHandler.
func (ch ClusterHandler) EventFrom(node, player string, line []byte) {
	if node == ch.s.bus.Node() {
		return
	}
	ch.s.lichess.Deliver(player, line)
}

// ActRemote implements BusHandler.
func (ch ClusterHandler) ActRemote(ctx context.Context, req node.ActRequest) node.ActAnswer {
	var msg round.ClientMsg
	err := json.Unmarshal(req.Msg, &msg)
	if err != nil {
		err = fmt.Errorf("%w: unreadable action: %v", wire.ErrBadRequest, err)
	} else {
		err = ch.s.act(ctx, req.Game, req.Player, req.Addr, msg)
	}
	if err != nil {
		status, code := wire.Code(err)
		return node.ActAnswer{Status: status, Code: code, Message: wire.Message(err)}
	}
	return node.ActAnswer{Status: 200}
}

// actElsewhere runs an action on the game's owner, another node.
func (s *Server) actElsewhere(ctx context.Context, owner string, req node.ActRequest) error {
	ans, err := s.bus.Act(ctx, owner, req)
	if err != nil {
		return fmt.Errorf("%w: the game's server did not answer (%v); try again", wire.ErrBusy, err)
	}
	if ans.Status != 200 {
		return node.RemoteError(ans.Status, ans.Code, ans.Message)
	}
	return nil
}

// seatElsewhere runs a seat command on the game's owner, another node.
func (s *Server) seatElsewhere(ctx context.Context, owner string, req node.SeatRequest) (games.Seated, error) {
	ans, err := s.bus.Seat(ctx, owner, req)
	if err != nil {
		return games.Seated{}, fmt.Errorf("%w: the game's server did not answer (%v); try again", wire.ErrBusy, err)
	}
	if ans.Status != 200 {
		return games.Seated{}, node.RemoteError(ans.Status, ans.Code, ans.Message)
	}
	var resp struct {
		ID    string          `json:"id"`
		Color string          `json:"color"`
		State round.StateJSON `json:"state"`
	}
	if err := json.Unmarshal(ans.Answer, &resp); err != nil {
		return games.Seated{}, fmt.Errorf("seat answer of node %s: %w", owner, err)
	}
	return games.Seated{ID: resp.ID, Color: resp.Color, State: resp.State}, nil
}

// localLink links a client to its game's hub on this node (round.Link).
type localLink struct {
	s *Server
	h *round.Hub
	c *round.Client
}

func (l localLink) Message(ctx context.Context, _ []byte, msg round.ClientMsg) error {
	return l.h.Send(ctx, round.MessageCmd{Client: l.c, Msg: msg})
}

func (l localLink) Leave() { _ = l.h.Send(l.s.ctx, round.LeaveCmd{Client: l.c}) }

// remoteLink links a client to its game's owner, another node.
type remoteLink struct{ r node.Relay }

func (l remoteLink) Message(_ context.Context, raw []byte, msg round.ClientMsg) error {
	return l.r.Send(raw, msg.Lag)
}

func (l remoteLink) Leave() { l.r.Close() }

// openGame joins client join.c to game id: to its hub here, or, when
// another node owns it, through a relay to that node.
func (s *Server) openGame(ctx context.Context, id string, join round.JoinCmd) (round.Link, error) {
	var h *round.Hub
	err := s.live.With(ctx, id, func(hh *round.Hub) error {
		h = hh
		return hh.Send(ctx, join)
	})
	var remote *wire.RemoteOwner
	if errors.As(err, &remote) {
		return s.relayTo(ctx, remote.Node, id, join)
	}
	if err != nil {
		return nil, err
	}
	return localLink{s: s, h: h, c: join.Client}, nil
}

// relayTo links client join.c to game id on node owner.
func (s *Server) relayTo(ctx context.Context, owner, id string, join round.JoinCmd) (round.Link, error) {
	r, err := s.bus.Join(ctx, owner, node.RemoteJoin{Game: id, Player: join.Player, Addr: join.Client.Addr, Since: join.Since})
	if err != nil {
		if _, _, answered := node.Answered(err); answered || errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		return nil, fmt.Errorf("%w: the game's server did not answer (%v); try again", wire.ErrBusy, err)
	}
	c := join.Client
	go func() { // the hub's messages, from the owner, to the WebSocket
		for data := range r.Messages() {
			select {
			case c.Send <- data:
			default: // a client too slow to read is dropped, as the hub would
				c.Close()
			}
		}
		c.Close() // the owner let the client go, or is gone: the browser reconnects
	}()
	return remoteLink{r: r}, nil
}
