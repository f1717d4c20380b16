package round

import (
	"fmt"
	"github.com/gambitchess/gambit/server/guards"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// Chat in a live game: two rooms, the players' (the two seat holders) and
// the spectators' (everyone else), which never see each other's lines (a
// player's program may write a line to the spectators through the Board
// API, as lichess's may, but no player reads their room). Only
// online games have chat: on one screen or against the computer there is no
// one to talk to. Chat is not a game event: it is not numbered, not saved,
// and lives only in the hub, which keeps each room's last chatLogSize lines
// for the clients that join (a reconnecting one gets them again). A restart,
// or the hub retiring when no one watches, clears it.

// Chat limits.
const (
	ChatLogSize  = 50  // lines kept per room
	chatMaxRunes = 140 // characters per line, after trimming
	ChatRate     = 1   // a connection's lines a second, on average...
	ChatBurst    = 3   // ...after a burst of this many lines
)

// chatRoom is one of a game's two chat rooms.
type chatRoom int

// The rooms: a viewer reads from its own only, and writes to its own (a
// player's program may also write to the spectators', actSay).
const (
	roomPlayers chatRoom = iota
	roomSpectators
	numRooms
)

// String is the room's name on the wire.
func (r chatRoom) String() string {
	if r == roomPlayers {
		return "players"
	}
	return "spectators"
}

// roomOf is the room viewer v belongs to: a seat holder talks with the
// other player, anyone else with the other spectators.
func roomOf(v game.Viewer) chatRoom {
	if v.IsSpectator() {
		return roomSpectators
	}
	return roomPlayers
}

// ChatLine is one line of chat as it goes out.
type ChatLine struct {
	Room string `json:"room"` // "players" or "spectators"
	From string `json:"from"` // "white", "black" or "spectator"
	Name string `json:"name"` // the seat's name (its colour if none), or "Spectator 3f2a"
	Text string `json:"text"`
	At   string `json:"at"` // RFC 3339, UTC
}

// ChatLogJSON is the "chat-log" message a joining client gets: its room's
// recent lines, oldest first.
type ChatLogJSON struct {
	Room  string     `json:"room"`
	Lines []ChatLine `json:"lines"`
}

// chatState is a hub's chat: each room's recent lines. Only the hub's
// goroutine touches it.
type chatState struct {
	rooms [numRooms][]ChatLine
}

// add keeps line in room r, dropping the oldest past chatLogSize.
func (cs *chatState) add(r chatRoom, line ChatLine) {
	lines := append(cs.rooms[r], line)
	if len(lines) > ChatLogSize {
		lines = lines[len(lines)-ChatLogSize:] // append moves it to a fresh array in time: memory stays bounded
	}
	cs.rooms[r] = lines
}

// log returns room r's lines, never nil (an empty log is "lines": []).
func (cs *chatState) log(r chatRoom) []ChatLine {
	if cs.rooms[r] == nil {
		return []ChatLine{}
	}
	return cs.rooms[r]
}

// Chatter is what the hub knows of one connection for chat: the name its
// lines go out under, if a spectator, and its rate limit.
type Chatter struct {
	name   string
	Bucket guards.Bucket
}

// newChatter gives a connection of viewer v its chat identity: a spectator
// gets a short tag, random per connection, so spectators can be told
// apart without any account.
func newChatter(v game.Viewer) Chatter {
	c := Chatter{}
	if v.IsSpectator() {
		c.name = fmt.Sprintf("Spectator %04x", wire.RandomInt(1<<16))
	}
	return c
}

// hasChat reports whether g has chat at all: online games only.
func hasChat(g *game.Game) bool { return g.Mode() == game.ModeOnline }

// chatJoin readies chat for client c, who has just joined, and sends it
// its room's recent lines. Games without chat send nothing.
func (h *Hub) chatJoin(c *Client) {
	c.Chat = newChatter(c.viewer)
	if !hasChat(h.g) {
		return
	}
	r := roomOf(c.viewer)
	h.deliver(c, encode("chat-log", ChatLogJSON{Room: r.String(), Lines: h.chat.log(r)}))
}

// say posts text (already checked by checkChatText) from client c to its
// room, or tells c why not.
func (h *Hub) say(c *Client, text string) {
	if err := h.checkSay(c); err != nil {
		h.deliver(c, ErrorEvent(err))
		return
	}
	h.post(c, roomOf(c.viewer), text)
}

// post adds text from client c to room r (its own, but for a player's
// line sent to the spectators by the Board API, ActCmd) and sends it to
// everyone there.
func (h *Hub) post(c *Client, r chatRoom, text string) {
	from, name := h.speaker(c)
	line := ChatLine{Room: r.String(), From: from, Name: name, Text: text, At: h.env.Now().UTC().Format(time.RFC3339)}
	h.chat.add(r, line)
	msg := encode("chat", line)
	for cl := range h.clients {
		if roomOf(cl.viewer) == r {
			h.deliver(cl, msg)
		}
	}
}

// checkSay reports why client c may not chat now, if it may not: the game
// has no chat, or c (or its address, over all its sockets) is over its
// rate. Only a line that passes takes from c's allowance.
func (h *Hub) checkSay(c *Client) error {
	if !hasChat(h.g) {
		return fmt.Errorf("%w: there is chat in online games only", wire.ErrNoChat)
	}
	return h.env.TakeChatLine(c)
}

// speaker is who client c's lines are from: its seat's colour and name (the
// colour when the seat has none), or "spectator" and its tag.
func (h *Hub) speaker(c *Client) (from, name string) {
	if c.viewer.IsSpectator() {
		return "spectator", c.Chat.name
	}
	color := chess.Black
	if c.viewer.Holds(chess.White) {
		color = chess.White
	}
	name = h.g.Seat(color).Name
	if name == "" {
		name = game.ColorName(color)
	}
	return game.ColorName(color), name
}

// checkChatText trims a chat line and checks it: not empty, at most
// chatMaxRunes characters (runes, not bytes), no control characters: a line
// is one line, nothing in it rings, erases or moves a log reader's cursor,
// and no bidirectional override makes it read other than it is written.
func checkChatText(text string) (string, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", fmt.Errorf("%w: an empty chat line", wire.ErrBadRequest)
	}
	if n := utf8.RuneCountInString(text); n > chatMaxRunes {
		return "", fmt.Errorf("%w: a chat line of %d characters, at most %d", wire.ErrBadRequest, n, chatMaxRunes)
	}
	if strings.IndexFunc(text, isChatControl) >= 0 {
		return "", fmt.Errorf("%w: control characters in a chat line", wire.ErrBadRequest)
	}
	return text, nil
}

// isChatControl reports whether r may not appear in a chat line: a C0 or C1
// control character, or a bidirectional embedding, override or isolate
// (U+202A-U+202E, U+2066-U+2069), which would reorder the text after it.
// The marks LRM and RLM, which right-to-left writing needs, stay allowed.
func isChatControl(r rune) bool {
	return unicode.IsControl(r) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

// CheckChatText is checkChatText for a line that comes another way than
// the WebSocket (the Board API's chat).
func CheckChatText(text string) (string, error) { return checkChatText(text) }
