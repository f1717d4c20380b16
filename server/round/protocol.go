package round

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// MaxMessage is the largest client message the server reads. A WebSocket
// message over it closes the connection with 1009 (message too big): a
// frame that declares more is refused from its header, before its payload
// is read (wsframe.go), and a message of smaller fragments when its sum
// passes the limit (the library's read limit). parseClientMsg checks it
// again for a message that comes another way.
const MaxMessage = 2048

// envelope is the wire format of every WebSocket message.
type envelope struct {
	T string          `json:"t"`
	D json.RawMessage `json:"d,omitempty"`
}

// Client message types.
const (
	msgMove        = "move"
	msgTakeback    = "takeback"
	msgResign      = "resign"
	msgAbort       = "abort"
	msgDrawOffer   = "draw-offer"
	msgDrawAccept  = "draw-accept"
	msgDrawDecline = "draw-decline"
	msgDrawClaim   = "draw-claim"
	msgSync        = "sync"
	// Online takebacks: ask the opponent, who answers.
	msgTakebackOffer   = "takeback-offer"
	msgTakebackAccept  = "takeback-accept"
	msgTakebackDecline = "takeback-decline"
	// Yes to a takeback, in one step: accept the opponent's offer if there
	// is one, else offer (lichess's Board API /takeback/yes).
	msgTakebackYes = "takeback-yes"
	// The opponent left: claim the win ({"draw":true}: call it a draw).
	msgClaimVictory = "claim-victory"
	// After an online game: play again with colours swapped.
	msgRematchOffer   = "rematch-offer"
	msgRematchDecline = "rematch-decline"
	// Chat (online games): a line for the sender's room (hub_chat.go).
	msgChat = "chat"
	// An arena's game: go berserk before one's first move (half the time,
	// no increment, one more point for a win).
	msgBerserk = "berserk"
)

// ClientMsg is a decoded client message.
type ClientMsg struct {
	T    string
	U    string        // move, coordinate text (UCI for chess, ICCS for xiangqi)
	V    int64         // sync, last version seen
	Draw bool          // claim-victory: call it a draw instead
	Lag  time.Duration // move: the network credit the connection earned (set by the server, never read from the client)
	Read time.Time     // when the server read it off the WebSocket (set by the server), for the relay latency metric

	Text string // chat, the line trimmed and checked (checkChatText)
	// Spectators sends a player's chat line to the spectators' room
	// instead of the players' (the Board API's room=spectator, as
	// lichess's: a program greets the watchers). Set by the server, never
	// read from a WebSocket: there a player writes to the players.
	Spectators bool
}

// ParseClientMsg decodes and checks one client message.
func ParseClientMsg(data []byte) (ClientMsg, error) {
	if len(data) > MaxMessage {
		return ClientMsg{}, fmt.Errorf("%w: %d bytes, at most %d", wire.ErrTooLarge, len(data), MaxMessage)
	}
	if u, ok := plainMove(data); ok {
		return ClientMsg{T: msgMove, U: u}, nil
	}
	var env envelope
	if err := json.Unmarshal(data, &env); err != nil {
		return ClientMsg{}, fmt.Errorf("%w: malformed JSON: %v", wire.ErrBadRequest, err)
	}
	m := ClientMsg{T: env.T}
	switch env.T {
	case msgMove:
		var d struct {
			U string `json:"u"`
		}
		if err := decodeData(env.D, &d); err != nil || d.U == "" {
			return ClientMsg{}, fmt.Errorf("%w: move needs {\"u\": \"e2e4\"}", wire.ErrBadRequest)
		}
		m.U = d.U
	case msgSync:
		var d struct {
			V int64 `json:"v"`
		}
		if err := decodeData(env.D, &d); err != nil {
			return ClientMsg{}, fmt.Errorf("%w: sync needs {\"v\": number}", wire.ErrBadRequest)
		}
		m.V = d.V
	case msgClaimVictory:
		var d struct {
			Draw bool `json:"draw"`
		}
		if len(env.D) > 0 && json.Unmarshal(env.D, &d) != nil {
			return ClientMsg{}, fmt.Errorf("%w: claim-victory takes nothing or {\"draw\": true}", wire.ErrBadRequest)
		}
		m.Draw = d.Draw
	case msgChat:
		var d struct {
			Text string `json:"text"`
		}
		if err := decodeData(env.D, &d); err != nil {
			return ClientMsg{}, fmt.Errorf("%w: chat needs {\"text\": \"...\"}", wire.ErrBadRequest)
		}
		text, err := checkChatText(d.Text)
		if err != nil {
			return ClientMsg{}, err
		}
		m.Text = text
	case msgTakeback, msgResign, msgAbort, msgDrawOffer, msgDrawAccept, msgDrawDecline, msgDrawClaim,
		msgTakebackOffer, msgTakebackAccept, msgTakebackDecline, msgTakebackYes, msgRematchOffer, msgRematchDecline, msgBerserk:
	case "":
		return ClientMsg{}, fmt.Errorf("%w: missing message type \"t\"", wire.ErrBadRequest)
	default:
		return ClientMsg{}, fmt.Errorf("%w %q", wire.ErrUnknownType, env.T)
	}
	return m, nil
}

// plainMove reads a move written as the browser and the load generator
// write it, {"t":"move","d":{"u":"e2e4"}} with the text in letters, digits
// and @+=-: the message of every move, read without encoding/json (which
// cost about 3% of the server's CPU under load). Anything else is left to
// the general parse, which reads the same message the same way
// (FuzzPlainMove).
func plainMove(data []byte) (string, bool) {
	const head, tail = `{"t":"move","d":{"u":"`, `"}}`
	if len(data) <= len(head)+len(tail) || string(data[:len(head)]) != head || string(data[len(data)-len(tail):]) != tail {
		return "", false
	}
	u := data[len(head) : len(data)-len(tail)]
	for _, c := range u {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '@' || c == '+' || c == '=' || c == '-') {
			return "", false
		}
	}
	return string(u), true
}

func decodeData(raw json.RawMessage, v any) error {
	if len(raw) == 0 {
		return fmt.Errorf("no data")
	}
	return json.Unmarshal(raw, v)
}

// ClockJSON is a clock as the browser sees it, in milliseconds.
type ClockJSON struct {
	White     int64  `json:"white"`
	Black     int64  `json:"black"`
	Running   string `json:"running,omitempty"`
	Initial   int64  `json:"initial"`
	Increment int64  `json:"increment"`
	PerMove   bool   `json:"perMove,omitempty"` // correspondence: Initial is each move's time (days per move)
}

// StateJSON is the game as events carry it. A "state" event fills Moves
// (the whole history); a "move" event fills Last instead.
type StateJSON struct {
	V           int64        `json:"v"`
	ID          string       `json:"id"`
	Mode        game.Mode    `json:"mode"`
	Variant     game.Variant `json:"variant"`
	Status      string       `json:"status"`
	Result      string       `json:"result"`
	Termination string       `json:"termination,omitempty"`
	Winner      string       `json:"winner,omitempty"`
	FEN         string       `json:"fen"`
	StartFEN    string       `json:"startFen,omitempty"`
	Turn        string       `json:"turn"`
	Ply         int          `json:"ply"`
	SetupPly    int          `json:"setupPly,omitempty"` // moves imported with the setup, never taken back
	Moves       []game.Step  `json:"moves,omitempty"`
	Last        *game.Step   `json:"last,omitempty"`
	Dests       Dests        `json:"dests"`
	Check       string       `json:"check,omitempty"`
	Clock       *ClockJSON   `json:"clock,omitempty"`
	DrawOffer   string       `json:"drawOffer,omitempty"`
	// TakebackOffer is the side asking to take back its last move (online).
	TakebackOffer string                   `json:"takebackOffer,omitempty"`
	CanClaim      bool                     `json:"canClaim"`
	Seats         map[string]wire.SeatJSON `json:"seats"`
	Public        bool                     `json:"public,omitempty"` // listed for everyone (a lobby challenge, a game on one screen); an invite is not
	// Berserkable: this viewer's seat may go berserk now (an arena's game
	// that allows it, before the seat's first move); never a spectator's.
	Berserkable bool `json:"berserkable,omitempty"`
	// Berserk says who went berserk, by side (white, black): public.
	Berserk [2]bool `json:"berserk,omitzero"`
	// Mandatory: a tournament's game, which is played or lost (no abort,
	// no takeback, no rematch): public.
	Mandatory bool `json:"mandatory,omitempty"`
	// Tournament is the tournament the game is played in: public.
	Tournament *game.Tournament `json:"tournament,omitempty"`
	// RuleSet is the set of rules the game is played by, for a variant
	// with several (xiangqi's repetition rules: wxf, chinese): public.
	RuleSet string `json:"ruleSet,omitempty"`
	// Fair is the commitment to a seeded game's secret seed (the seed once
	// over); Ext what the variant shows beside the board, as the viewer may
	// see it (the variant's own type).
	Fair *game.Fairness `json:"fair,omitempty"`
	Ext  game.Ext       `json:"ext,omitzero"`
	// Opening names the opening of a chess or Chess960 game from the
	// standard start (lichess's table), once a named position is reached.
	Opening *wire.OpeningJSON `json:"opening,omitempty"`
	// SetupNotes are what a pasted PGN said beside its imported moves (its
	// tags, comments and variations), in full states only.
	SetupNotes *game.SetupNotes `json:"setupNotes,omitempty"`
}

// Dests are the legal destinations by square, as the side to move's board
// offers them. They marshal to what encoding/json makes of the map (keys
// sorted, strings escaped alike) without its reflection, which allocated
// once per square: they are in every message to the side to move.
type Dests map[string][]string

// MarshalJSON implements json.Marshaler.
func (d Dests) MarshalJSON() ([]byte, error) { return appendDests(make([]byte, 0, 16*len(d)), d), nil }

// appendDests appends d as encoding/json writes the map.
func appendDests(out []byte, d Dests) []byte {
	var keys [64]string // a board's squares; more are sorted all the same
	return appendObject(out, d, keys[:0], appendStrings)
}

// appendStrings appends list as encoding/json writes a []string.
func appendStrings(out []byte, list []string) []byte {
	if list == nil {
		return append(out, "null"...)
	}
	out = append(out, '[')
	for i, s := range list {
		if i > 0 {
			out = append(out, ',')
		}
		out = appendJSONString(out, s)
	}
	return append(out, ']')
}

// appendObject appends m as encoding/json writes a map with string keys:
// null when nil, else the keys sorted, each with value's writing of its
// value. keys is room for the keys (an array's, so that sorting a small
// map's keys allocates nothing).
func appendObject[V any](out []byte, m map[string]V, keys []string, value func([]byte, V) []byte) []byte {
	if m == nil {
		return append(out, "null"...)
	}
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out = append(out, '{')
	for i, k := range keys {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(appendJSONString(out, k), ':')
		out = value(out, m[k])
	}
	return append(out, '}')
}

// appendJSONString appends s as a JSON string: as it is between quotes
// when nothing in it needs escaping (a square's name, a name in Chinese),
// else as encoding/json writes it. encoding/json writes valid UTF-8 as it
// is but for U+2028 and U+2029, so only those, invalid bytes, control
// characters, quotes, backslashes and <>& take the slow way.
func appendJSONString(out []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
				return appendMarshalled(out, s)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			return appendMarshalled(out, s)
		}
		i += size
	}
	return append(append(append(out, '"'), s...), '"')
}

// Snapshot describes g as viewer v sees it, with the whole history: a
// "state".
func Snapshot(g *game.Game, v game.Viewer) StateJSON {
	s := common(g, v, true)
	if v.Holds(g.Turn()) {
		s.addDests(g, v)
	}
	return s
}

// see sets the board, the history (with full), the last move and the
// variant's extras to what viewer v may see of them.
func (s *StateJSON) see(g *game.Game, v game.Viewer, full bool) {
	sight := g.Sight(v, full)
	s.FEN, s.Check, s.Fair, s.Ext, s.Last = sight.FEN, sight.Check, sight.Fair, sight.Ext, sight.Last
	if full {
		s.StartFEN, s.Moves, s.SetupNotes = sight.StartFEN, sight.Moves, g.Header().Notes
		if s.Moves == nil {
			s.Moves = []game.Step{}
		}
	}
}

// addDests gives s the legal destinations and the claim: only a viewer who
// holds the side to move gets them (the browser's board offers them, and
// no one else needs them).
func (s *StateJSON) addDests(g *game.Game, v game.Viewer) {
	s.Dests, s.CanClaim = g.DestsFor(v), g.CanClaimDraw()
}

// common is g as viewer v sees it, without the legal destinations; full
// adds the whole history (a "state"). In a game of full information it is
// the same for every viewer, and without full (a "move") the caller sets
// Last from the event: the history is never rebuilt for one move. In a
// variant of hidden information, board, history and last move are cut for
// v here, so no message of such a game is built without its viewer.
func common(g *game.Game, v game.Viewer, full bool) StateJSON {
	s := StateJSON{V: g.Version(), ID: g.ID(), Mode: g.Mode(), Variant: g.Variant(), Status: g.Status().String(), Result: g.Result(),
		Turn: game.ColorName(g.Turn()), Ply: g.Ply(), SetupPly: len(g.Header().Moves), Dests: Dests{},
		Seats: map[string]wire.SeatJSON{}, Opening: wire.OpeningOf(g)}
	if o := g.Outcome(); o.Over() {
		s.Termination = o.Termination
		if !o.Draw {
			s.Winner = game.ColorName(o.Winner)
		}
	}
	s.Public, s.Mandatory, s.RuleSet = g.Public(), g.Mandatory(), g.RuleSet()
	if t, ok := g.Tournament(); ok {
		s.Tournament = &t
	}
	s.Berserk = [2]bool{g.Berserked(chess.White), g.Berserked(chess.Black)}
	s.Berserkable = CanBerserk(g, v)
	if c, ok := g.DrawOffer(); ok {
		s.DrawOffer = game.ColorName(c)
	}
	if c, ok := g.TakebackOffer(); ok {
		s.TakebackOffer = game.ColorName(c)
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		seat := g.Seat(c)
		s.Seats[game.ColorName(c)] = wire.SeatJSON{Kind: seat.Kind, Name: seat.Name, Level: seat.Level, Title: seat.Title}
	}
	if k := g.Clock(); k != nil {
		s.Clock = &ClockJSON{White: k.Remaining(chess.White).Milliseconds(), Black: k.Remaining(chess.Black).Milliseconds(),
			Initial: k.Initial.Milliseconds(), Increment: k.Increment.Milliseconds(), PerMove: k.PerMove}
		if c, ok := k.Running(); ok {
			s.Clock.Running = game.ColorName(c)
		}
	}
	s.see(g, v, full)
	return s
}

// CanBerserk reports whether viewer v may go berserk in g now: it holds a
// seat that may (Berserker). A spectator never may.
func CanBerserk(g *game.Game, v game.Viewer) bool {
	if v.IsSpectator() || !g.Berserkable() {
		return false
	}
	return g.CanBerserk(Berserker(g, v))
}

// Berserker is the side viewer v goes berserk as: its one seat; holding
// both (one screen), the side to move.
func Berserker(g *game.Game, v game.Viewer) chess.Color { return Acting(v, g.Turn()) }

// encode marshals an envelope; the values encoded here always marshal.
func encode(t string, d any) []byte {
	if s, ok := d.(StateJSON); ok && plainType(t) {
		var scratch []byte
		return encodeState(&scratch, t, &s)
	}
	data, err := json.Marshal(d)
	if err != nil {
		data, _ = json.Marshal(map[string]string{"code": "internal", "message": err.Error()})
		t = "error"
	}
	// The envelope is written around the data rather than marshalled: that
	// would scan and copy the data a second time, for the same bytes.
	if !plainType(t) {
		out, _ := json.Marshal(envelope{T: t, D: data})
		return out
	}
	out := make([]byte, 0, len(`{"t":"","d":}`)+len(t)+len(data))
	out = append(append(append(append(append(out, `{"t":"`...), t...), `","d":`...), data...), '}')
	return out
}

// plainType tells whether message type t is written in JSON as it is,
// between quotes: letters, digits and hyphens, as every type is.
func plainType(t string) bool {
	for _, c := range []byte(t) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// ErrorEvent is the error message for err.
func ErrorEvent(err error) []byte {
	return encode("error", wire.ErrorBody(err))
}
