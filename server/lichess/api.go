package lichess

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// ChallengeUser is a challenge's player as lichess writes it.
type ChallengeUser struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Challenge is a challenge as lichess writes it (ChallengeJson).
type Challenge struct {
	ID          string        `json:"id"`
	URL         string        `json:"url"`
	Status      string        `json:"status"` // created, accepted, declined, canceled
	Challenger  ChallengeUser `json:"challenger"`
	DestUser    ChallengeUser `json:"destUser"`
	Variant     Variant       `json:"variant"`
	Rated       bool          `json:"rated"`
	Speed       string        `json:"speed"`
	TimeControl TimeControl   `json:"timeControl"`
	Color       string        `json:"color"`      // asked for
	FinalColor  string        `json:"finalColor"` // the challenger's
	Perf        struct {
		// Icon is lichess's glyph of the perf in lichess's own icon font,
		// which lichess's ChallengeJson requires: Gambit has no such font,
		// and sends it empty.
		Icon string `json:"icon"`
		Name string `json:"name"`
	} `json:"perf"`
	InitialFen       string `json:"initialFen,omitempty"`       // the position asked to start from, if any
	DeclineReason    string `json:"declineReason,omitempty"`    // declined: lichess's English text of the reason
	DeclineReasonKey string `json:"declineReasonKey,omitempty"` // declined: its key, in lower case ("toofast")
}

// TimeControl is a challenge's time control as lichess writes it
// (its TimeControl, one of three shapes): a clock has all of limit,
// increment (0 included: lichess-bot reads a clock without one as no
// clock, and declined every x+0 challenge) and show; correspondence has
// daysPerTurn; unlimited has its type alone. MarshalJSON writes the shape
// of Type.
type TimeControl struct {
	Type        string `json:"type"`                  // clock, correspondence, unlimited
	Limit       int    `json:"limit,omitempty"`       // clock: seconds
	Increment   int    `json:"increment,omitempty"`   // clock: seconds
	Show        string `json:"show,omitempty"`        // clock: "5+3" (clockShow)
	DaysPerTurn int    `json:"daysPerTurn,omitempty"` // correspondence
}

// MarshalJSON writes tc in the shape of its type.
func (tc TimeControl) MarshalJSON() ([]byte, error) {
	switch tc.Type {
	case "clock":
		return json.Marshal(struct {
			Type      string `json:"type"`
			Limit     int    `json:"limit"`
			Increment int    `json:"increment"`
			Show      string `json:"show"`
		}{tc.Type, tc.Limit, tc.Increment, tc.Show})
	case "correspondence":
		return json.Marshal(struct {
			Type        string `json:"type"`
			DaysPerTurn int    `json:"daysPerTurn"`
		}{tc.Type, tc.DaysPerTurn})
	}
	return json.Marshal(struct {
		Type string `json:"type"`
	}{tc.Type})
}

// ClockShow writes a clock of limit and increment seconds as lichess
// shows it (scalachess's Clock.Config show): the limit in minutes, whole
// where it is, ¼, ½ and ¾ for 15, 30 and 45 seconds, else at most two
// decimals ("1.5", "0.33"), then "+" and the increment in seconds: "5+0",
// "½+0", "1.5+1".
func ClockShow(limit, increment int) string {
	minutes := ""
	switch limit {
	case 15:
		minutes = "¼"
	case 30:
		minutes = "½"
	case 45:
		minutes = "¾"
	default:
		if limit%60 == 0 {
			minutes = strconv.Itoa(limit / 60)
		} else {
			minutes = strings.TrimRight(strings.TrimRight(strconv.FormatFloat(float64(limit)/60, 'f', 2, 64), "0"), ".")
		}
	}
	return minutes + "+" + strconv.Itoa(increment)
}

// ChallengeEvent is a challenge line of the event stream.
type ChallengeEvent struct {
	Type      string    `json:"type"` // challenge, challengeDeclined, challengeCanceled
	Challenge Challenge `json:"challenge"`
}

// OK is lichess's answer to an action: {"ok": true}.
type OK struct {
	OK bool `json:"ok"`
}

// GameInfo is a game in a gameStart or gameFinish event (lichess's
// GameEventInfo).
type GameInfo struct {
	GameID     string      `json:"gameId"`
	FullID     string      `json:"fullId"`
	ID         string      `json:"id"`
	Color      string      `json:"color"`
	Fen        string      `json:"fen"`
	HasMoved   bool        `json:"hasMoved"`
	IsMyTurn   bool        `json:"isMyTurn"`
	LastMove   string      `json:"lastMove"`
	Opponent   Opponent    `json:"opponent"`
	Perf       string      `json:"perf"`
	Rated      bool        `json:"rated"`
	Source     string      `json:"source"`
	Speed      string      `json:"speed"`
	Variant    Variant     `json:"variant"`
	Compat     Compat      `json:"compat"`
	Status     *GameStatus `json:"status,omitempty"`
	Winner     string      `json:"winner,omitempty"`
	RatingDiff *int        `json:"ratingDiff,omitempty"`
	// SecondsLeft is the seat's time left on its clock (none without
	// one), as lichess's nowPlaying and gameStart tell it.
	SecondsLeft *int `json:"secondsLeft,omitempty"`
	// TournamentID is the arena the game is played in (lichess names no
	// Swiss event here).
	TournamentID string `json:"tournamentId,omitempty"`
}

type Opponent struct {
	ID       string `json:"id,omitempty"` // none for an anonymous person and the computer (lichess's null)
	Username string `json:"username"`
	Rating   int    `json:"rating,omitempty"`
}

type Compat struct {
	Bot   bool `json:"bot"`
	Board bool `json:"board"`
}

type GameStatus struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// GameEvent is a gameStart or gameFinish line of the event stream.
type GameEvent struct {
	Type string   `json:"type"`
	Game GameInfo `json:"game"`
}

// DeclineReason is a reason for declining a challenge, as lichess's
// clients give it: its key and lichess's English text for it
// (lila's translation/source/challenge.xml, decline*).
type DeclineReason struct {
	Key  string // as lichess's API documents it for the request: "tooFast"
	Text string
}

// DeclineReasons are lichess's, in its order; the first is the default.
var DeclineReasons = []DeclineReason{
	{"generic", "I'm not accepting challenges at the moment."},
	{"later", "This is not the right time for me, please ask again later."},
	{"tooFast", "This time control is too fast for me, please challenge again with a slower game."},
	{"tooSlow", "This time control is too slow for me, please challenge again with a faster game."},
	{"timeControl", "I'm not accepting challenges with this time control."},
	{"rated", "Please send me a rated challenge instead."},
	{"casual", "Please send me a casual challenge instead."},
	{"standard", "I'm not accepting variant challenges right now."},
	{"variant", "I'm not willing to play this variant right now."},
	{"noBot", "I'm not accepting challenges from bots."},
	{"onlyBot", "I'm only accepting challenges from bots."},
}

// EventKey is the reason's key as the challengeDeclined event carries it
// (declineReasonKey): in lower case, as lichess writes it there.
func (d DeclineReason) EventKey() string { return strings.ToLower(d.Key) }

// ParseDecline reads the body of POST /api/challenge/{id}/decline: an
// optional reason, one of lichess's keys in any case (lichess reads
// "toofast" as "tooFast"); none is generic. An unknown reason is refused
// rather than taken as generic, so that a program learns of its typo.
func ParseDecline(f map[string]string) (DeclineReason, error) {
	for k := range f {
		if k != "reason" {
			return DeclineReason{}, fmt.Errorf("%w: unknown field %.40q (reason)", wire.ErrBadRequest, k)
		}
	}
	v, ok := f["reason"]
	if !ok || v == "" {
		return DeclineReasons[0], nil
	}
	for _, d := range DeclineReasons {
		if strings.EqualFold(v, d.Key) {
			return d, nil
		}
	}
	keys := make([]string, len(DeclineReasons))
	for i, d := range DeclineReasons {
		keys[i] = d.Key
	}
	return DeclineReason{}, fmt.Errorf("%w: reason %.40q is not one of %s", wire.ErrBadRequest, v, strings.Join(keys, ", "))
}

// MoveStreamGame is the stream's first (and last) line (lichess's
// MoveStreamEntry, the game's part).
type MoveStreamGame struct {
	ID            string     `json:"id"`
	Variant       Variant    `json:"variant"`
	Speed         string     `json:"speed"`
	Perf          string     `json:"perf"`
	Rated         bool       `json:"rated"`
	InitialFen    string     `json:"initialFen"`
	Fen           string     `json:"fen"`
	Player        string     `json:"player"` // the side to move
	Turns         int        `json:"turns"`
	StartedAtTurn int        `json:"startedAtTurn"`
	Source        string     `json:"source"`
	Status        GameStatus `json:"status"`
	CreatedAt     int64      `json:"createdAt"`
	LastMove      string     `json:"lastMove,omitempty"`
	Winner        string     `json:"winner,omitempty"`
}

// MoveStreamMove is a line of the stream after a move: the position,
// the move, and the clocks in seconds.
type MoveStreamMove struct {
	Fen string `json:"fen"`
	LM  string `json:"lm,omitempty"`
	WC  *int   `json:"wc,omitempty"`
	BC  *int   `json:"bc,omitempty"`
}

// MoveLine is g's position after its last move as a line.
func MoveLine(g *game.Game) MoveStreamMove {
	view := g.View(game.Spectator) // a game streamed to anyone
	out := MoveStreamMove{Fen: view.FEN()}
	if h := view.History(); len(h) > 0 {
		out.LM = h[len(h)-1].UCI
	}
	if k := g.Clock(); k != nil {
		w, b := int(k.Remaining(chess.White).Seconds()), int(k.Remaining(chess.Black).Seconds())
		out.WC, out.BC = &w, &b
	}
	return out
}

// Bot is a bot online as lichess's GET /api/bot/online writes it (a
// part of its User).
type Bot struct {
	ID        string `json:"id"`
	Username  string `json:"username"`
	Title     string `json:"title"`
	CreatedAt int64  `json:"createdAt"`
}
