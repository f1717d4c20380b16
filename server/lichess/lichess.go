package lichess

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/rating"
)

// The API for programs answers in lichess's shapes where it overlaps
// (https://lichess.org/api, and the types of @lichess-org/types: GameFull,
// GameStateEvent, ChallengeJson, GameEventInfo): the field names and
// units below are theirs, facts of the protocol; the code is Gambit's own.

// Status is a game's status as lichess names it (scalachess
// Status: created, started, aborted, mate, resign, stalemate, timeout,
// draw, outoftime, variantEnd), with its id.
//
// A game is "started" on lichess from the moment both players are in it
// (an accepted challenge is status 20 before its first move), and
// lichess's clients read any other status as the game's end: lichess-bot
// playing White never moves in a game it thinks "created". Gambit's
// game.Created means "no move yet", so it is "started" here as soon as
// no seat is open (bothSeated, the same test as the event stream's
// gameStart), and "created" only while a seat waits for its player (a
// challenge not yet accepted, an invite whose link no one has opened).
func Status(g *game.Game) (name string, id int) {
	switch g.Status() {
	case game.Created:
		if BothSeated(g) {
			return "started", 20
		}
		return "created", 10
	case game.Started:
		return "started", 20
	case game.Aborted:
		return "aborted", 25
	case game.Mate:
		return "mate", 30
	case game.Resigned:
		return "resign", 31
	case game.Stalemate:
		return "stalemate", 32
	case game.Abandoned:
		if g.Outcome().Termination == "no start" { // a tournament's game its side to move never began
			return "noStart", 37
		}
		return "timeout", 33 // the opponent left and the win was claimed: lichess's timeout
	case game.Draw, game.DrawAgreed:
		return "draw", 34
	case game.Timeout:
		return "outoftime", 35
	}
	return "variantEnd", 60 // lost by a variant's own rule (xiangqi perpetual check or chase)
}

// BothSeated reports whether no seat of g is open: its players are all
// there, so it has begun, moved or not.
func BothSeated(g *game.Game) bool {
	return g.Seat(chess.White).Kind != game.SeatOpen && g.Seat(chess.Black).Kind != game.SeatOpen
}

// Live reports whether a status lichessStatus names is a game's
// before its end: its stream goes on.
func Live(name string) bool { return name == "started" || name == "created" }

// Variant is a variant as lichess writes it.
type Variant struct {
	Key   string `json:"key"`
	Name  string `json:"name"`
	Short string `json:"short"`
}

// fromPositionJSON is lichess's variant of chess from a position other
// than the standard start. lichess's clients set their board up by it:
// lichess-bot plays "Standard" from the standard start whatever
// initialFen says, and "From Position" from initialFen.
var fromPositionJSON = Variant{Key: "fromPosition", Name: "From Position", Short: "FEN"}

// VariantAt names variant v started from start (a FEN, "" for the
// variant's own start): lichess's fromPosition for chess from another
// position than the standard start, else lichessVariant.
func VariantAt(v game.Variant, start string) Variant {
	if (v == "" || v == game.DefaultVariant) && start != "" && start != chess.StartFEN {
		return fromPositionJSON
	}
	return VariantOf(v)
}

// GameVariant is g's variant as lichess names it (lichessVariantAt its
// apiStart).
func GameVariant(g *game.Game) Variant { return VariantAt(g.Variant(), APIStart(g)) }

// APIStart is the position g's moves, as the API lists them (gameState),
// are played from: the one after a setup's imported moves (a pasted
// PGN's), which are part of the start, else g's start.
func APIStart(g *game.Game) string {
	if n := len(g.Header().Moves); n > 0 {
		if h := g.View(game.Spectator).History(); n <= len(h) { // imported moves: everyone's
			return h[n-1].FEN
		}
	}
	return g.View(game.Spectator).StartFEN()
}

// VariantOf names variant v: lichess's "standard" for chess, Gambit's
// own name for the others.
func VariantOf(v game.Variant) Variant {
	if v == "" || v == game.DefaultVariant {
		return Variant{Key: "standard", Name: "Standard", Short: "Std"}
	}
	key := string(v)
	name := key
	if spec, err := game.Lookup(v); err == nil && spec.Label != "" {
		name = spec.Label
	}
	return Variant{Key: key, Name: name, Short: name}
}

// Speed is a time control's speed as lichess names it.
func Speed(c game.ClockConfig) string {
	switch {
	case c.PerMove:
		return rating.Correspondence.String()
	case c.Initial <= 0:
		return "correspondence" // no clock: lichess's unlimited games are correspondence
	}
	return rating.SpeedOf(c.Initial, c.Increment).String()
}

// ClockOf is g's time control.
func ClockOf(g *game.Game) game.ClockConfig {
	k := g.Clock()
	if k == nil {
		return game.ClockConfig{}
	}
	return game.ClockConfig{Initial: k.Initial, Increment: k.Increment, PerMove: k.PerMove}
}

// GameState is a gameState line of the Board API's game stream.
type GameState struct {
	Type      string `json:"type"` // gameState
	Moves     string `json:"moves"`
	WTime     int64  `json:"wtime"`
	BTime     int64  `json:"btime"`
	WInc      int64  `json:"winc"`
	BInc      int64  `json:"binc"`
	Status    string `json:"status"`
	Winner    string `json:"winner,omitempty"`
	WDraw     bool   `json:"wdraw,omitempty"`
	BDraw     bool   `json:"bdraw,omitempty"`
	WTakeback bool   `json:"wtakeback,omitempty"`
	BTakeback bool   `json:"btakeback,omitempty"`
	WBerserk  bool   `json:"wberserk,omitempty"` // went berserk (an arena's game): its winc is 0
	BBerserk  bool   `json:"bberserk,omitempty"`
}

// VeryLong is the time lichess reports for a side without a clock (its
// "infinite" clock, 2^31 - 1 ms).
const VeryLong = 2147483647

// StateOf is g now, as its players' programs see it. Imported moves
// (a setup's) are part of the start, not of moves.
func StateOf(g *game.Game) GameState {
	hist := g.View(game.Spectator).History()
	moves := make([]string, 0, len(hist))
	for _, st := range hist[min(len(g.Header().Moves), len(hist)):] {
		moves = append(moves, st.UCI)
	}
	name, _ := Status(g)
	out := GameState{Type: "gameState", Moves: strings.Join(moves, " "), Status: name, WTime: VeryLong, BTime: VeryLong}
	if k := g.Clock(); k != nil {
		out.WTime, out.BTime = k.Remaining(chess.White).Milliseconds(), k.Remaining(chess.Black).Milliseconds()
		if !k.PerMove {
			out.WInc, out.BInc = k.Increment.Milliseconds(), k.Increment.Milliseconds()
		}
		out.WBerserk, out.BBerserk = k.Berserk(chess.White), k.Berserk(chess.Black)
		if out.WBerserk {
			out.WInc = 0 // a berserker gets no increment
		}
		if out.BBerserk {
			out.BInc = 0
		}
	}
	if o := g.Outcome(); o.Over() && !o.Draw && g.Status() != game.Aborted {
		out.Winner = game.ColorName(o.Winner)
	}
	if by, ok := g.DrawOffer(); ok {
		out.WDraw, out.BDraw = by == chess.White, by == chess.Black
	}
	if by, ok := g.TakebackOffer(); ok {
		out.WTakeback, out.BTakeback = by == chess.White, by == chess.Black
	}
	return out
}

// Player is a side of a game as lichess writes it.
type Player struct {
	ID          string `json:"id,omitempty"`
	Name        string `json:"name"`
	Rating      int    `json:"rating,omitempty"`
	Provisional bool   `json:"provisional,omitempty"`
	UserID      string `json:"-"` // the account's id in the store ("" for none), to read its ratings
}

// Clock is a time control in milliseconds (gameFull's clock).
type Clock struct {
	Initial   int64 `json:"initial"`
	Increment int64 `json:"increment"`
}

// GameFull is the first line of the Board API's game stream.
type GameFull struct {
	Type    string  `json:"type"` // gameFull
	ID      string  `json:"id"`
	Variant Variant `json:"variant"`
	Speed   string  `json:"speed"`
	Perf    struct {
		Name string `json:"name"`
	} `json:"perf"`
	Rated       bool      `json:"rated"`
	CreatedAt   int64     `json:"createdAt"`
	White       Player    `json:"white"`
	Black       Player    `json:"black"`
	InitialFen  string    `json:"initialFen"`
	Clock       *Clock    `json:"clock"`
	DaysPerTurn int       `json:"daysPerTurn,omitempty"`
	State       GameState `json:"state"`
	// TournamentID is the arena the game is played in (lichess names no
	// Swiss event here).
	TournamentID string `json:"tournamentId,omitempty"`
}

// FullOf is g as the game stream's first line, its players named by sides.
func FullOf(g *game.Game, rated bool, sides [2]Player) GameFull {
	c := ClockOf(g)
	out := GameFull{Type: "gameFull", ID: g.ID(), Variant: GameVariant(g), Speed: Speed(c), Rated: rated,
		CreatedAt: g.CreatedAt().UnixMilli(), White: sides[chess.White], Black: sides[chess.Black], InitialFen: "startpos", State: StateOf(g)}
	out.Perf.Name, out.TournamentID = Perf(g.Variant(), c), ArenaOf(g)
	if fen := APIStart(g); g.Variant() != "" && g.Variant() != game.DefaultVariant || fen != chess.StartFEN {
		out.InitialFen = fen
	}
	switch {
	case c.PerMove:
		out.DaysPerTurn = int(c.Initial / (24 * time.Hour))
	case c.Initial > 0:
		out.Clock = &Clock{Initial: c.Initial.Milliseconds(), Increment: c.Increment.Milliseconds()}
	}
	return out
}

// ArenaOf is the id of the arena g is played in; "" for none (a Swiss
// event's game has no tournamentId on lichess).
func ArenaOf(g *game.Game) string {
	if t, ok := g.Tournament(); ok && t.Kind == "arena" {
		return t.ID
	}
	return ""
}

// ID is an account's name as lichess's ids are: in lower case.
func ID(name string) string { return strings.ToLower(name) }

// Line is v as one NDJSON line.
func Line(v any) []byte {
	data, _ := json.Marshal(v)
	return append(data, '\n')
}

// Perf names the rating a game of variant v with clock c counts for:
// chess per speed (lichess's names, "blitz"), every other variant its own.
// Chess's perf is always its speed (speedOf), so an untimed game says
// "correspondence" in both, as lichess's unlimited games do; such a game
// is never rated (the game API refuses it: games.Handler.CheckRated), so no rating of that name moves
// for it.
func Perf(v game.Variant, c game.ClockConfig) string {
	if v != "" && v != game.DefaultVariant {
		return string(v)
	}
	return Speed(c)
}
