package tournaments

import (
	"strconv"
	"strings"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/tournament"
)

// The shapes of lichess's tournament API (@lichess-org/types:
// ArenaTournament, ArenaTournamentFull, the results' lines), with the
// fields Gambit adds said so.

// clockJSON is lichess's Clock: seconds.
type clockJSON struct {
	Limit     int `json:"limit"`
	Increment int `json:"increment"`
}

// variantJSON is lichess's Variant.
type variantJSON struct {
	Key   string `json:"key"`
	Name  string `json:"name"`
	Short string `json:"short"`
}

type perfJSON struct {
	Key      string `json:"key"`
	Name     string `json:"name"`
	Position int    `json:"position"`
	Icon     string `json:"icon"`
}

type ratingObj struct {
	Rating int `json:"rating"`
}

type lightUser struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// arenaJSON is lichess's ArenaTournament: one line of GET /api/tournament.
type arenaJSON struct {
	ID             string      `json:"id"`
	CreatedBy      string      `json:"createdBy"`
	System         string      `json:"system"`
	Minutes        int         `json:"minutes"`
	Clock          clockJSON   `json:"clock"`
	Rated          bool        `json:"rated"`
	FullName       string      `json:"fullName"`
	NbPlayers      int         `json:"nbPlayers"`
	Variant        variantJSON `json:"variant"`
	StartsAt       int64       `json:"startsAt"`
	FinishesAt     int64       `json:"finishesAt"`
	Status         int         `json:"status"` // 10 created, 20 started, 30 finished
	Perf           perfJSON    `json:"perf"`
	SecondsToStart int         `json:"secondsToStart,omitempty"`
	MinRating      *ratingObj  `json:"minRating,omitempty"`
	MaxRating      *ratingObj  `json:"maxRating,omitempty"`
	HasMaxRating   bool        `json:"hasMaxRating,omitempty"`
	BotsAllowed    bool        `json:"botsAllowed,omitempty"`
	Private        bool        `json:"private,omitempty"`
	Winner         *lightUser  `json:"winner,omitempty"`
}

// sheetJSON is lichess's ArenaSheet: each counted game's points, one
// digit each (lila writes them newest first; Gambit oldest first, so the
// sheet reads as the games were played), and the streak.
type sheetJSON struct {
	Scores string `json:"scores"`
	Fire   bool   `json:"fire,omitempty"`
}

// standingPlayer is one line of the standings.
type standingPlayer struct {
	Name     string    `json:"name"`
	Title    string    `json:"title,omitempty"`
	Rank     int       `json:"rank"`
	Rating   int       `json:"rating"`
	Score    int       `json:"score"`
	Sheet    sheetJSON `json:"sheet"`
	Withdraw bool      `json:"withdraw,omitempty"` // Gambit's: left the arena
	Paused   bool      `json:"paused,omitempty"`   // Gambit's: taking a break
}

type duelPlayer struct {
	Name   string `json:"n"`
	Rating int    `json:"r"`
	Rank   int    `json:"k"`
}

// duelJSON is a game being played.
type duelJSON struct {
	ID string        `json:"id"`
	P  [2]duelPlayer `json:"p"`
}

type podiumNB struct {
	Game    int `json:"game"`
	Berserk int `json:"berserk"`
	Win     int `json:"win"`
}

type podiumJSON struct {
	Name        string   `json:"name"`
	Rank        int      `json:"rank"`
	Rating      int      `json:"rating"`
	Score       int      `json:"score"`
	NB          podiumNB `json:"nb"`
	Performance int      `json:"performance"`
}

type standingJSON struct {
	Page    int              `json:"page"`
	Players []standingPlayer `json:"players"`
}

type statsJSON struct {
	Games         int `json:"games"`
	Moves         int `json:"moves"`
	WhiteWins     int `json:"whiteWins"`
	BlackWins     int `json:"blackWins"`
	Draws         int `json:"draws"`
	Berserks      int `json:"berserks"`
	AverageRating int `json:"averageRating"`
}

// meJSON is Gambit's: the viewer's own place, when they joined.
type meJSON struct {
	Rank     int    `json:"rank"`
	Withdraw bool   `json:"withdraw,omitempty"`
	Paused   bool   `json:"paused,omitempty"`
	GameID   string `json:"gameId,omitempty"`
}

// fullJSON is lichess's ArenaTournamentFull: GET /api/tournament/{id},
// and what the live socket pushes (without Me).
type fullJSON struct {
	ID              string       `json:"id"`
	FullName        string       `json:"fullName"`
	Rated           bool         `json:"rated"`
	Berserkable     bool         `json:"berserkable"`
	Clock           clockJSON    `json:"clock"`
	Minutes         int          `json:"minutes"`
	CreatedBy       string       `json:"createdBy"`
	System          string       `json:"system"`
	SecondsToStart  int          `json:"secondsToStart,omitempty"`
	SecondsToFinish int          `json:"secondsToFinish,omitempty"`
	IsStarted       bool         `json:"isStarted,omitempty"`
	IsFinished      bool         `json:"isFinished,omitempty"`
	PairingsClosed  bool         `json:"pairingsClosed,omitempty"`
	StartsAt        string       `json:"startsAt"`
	NbPlayers       int          `json:"nbPlayers"`
	MinRating       *ratingObj   `json:"minRating,omitempty"`
	MaxRating       *ratingObj   `json:"maxRating,omitempty"`
	BotsAllowed     bool         `json:"botsAllowed,omitempty"`
	Perf            perfJSON     `json:"perf"`
	Variant         string       `json:"variant"`
	Description     string       `json:"description,omitempty"`
	Duels           []duelJSON   `json:"duels"`
	Standing        standingJSON `json:"standing"`
	Podium          []podiumJSON `json:"podium,omitempty"`
	Stats           *statsJSON   `json:"stats,omitempty"`
	Private         bool         `json:"private,omitempty"` // Gambit's: joining needs the password
	Me              *meJSON      `json:"me,omitempty"`
	MyUsername      string       `json:"myUsername,omitempty"`
	standings       []tournament.Standing
}

// statusCode is lichess's ArenaStatus of a store status.
func statusCode(status string) int {
	switch status {
	case store.TournamentStarted:
		return 20
	case store.TournamentFinished:
		return 30
	}
	return 10
}

func variantOf(v game.Variant) variantJSON {
	if v == "" || v == game.DefaultVariant {
		return variantJSON{Key: "standard", Name: "Standard", Short: "Std"}
	}
	name := string(v)
	if spec, err := game.Lookup(v); err == nil && spec.Label != "" {
		name = spec.Label
	}
	return variantJSON{Key: string(v), Name: name, Short: name}
}

// perfOf names the rating category perf (lichess's keys: "blitz"; or a
// variant's name).
func perfOf(perf string) perfJSON {
	name := perf
	if perf != "" {
		name = strings.ToUpper(perf[:1]) + perf[1:]
	}
	return perfJSON{Key: perf, Name: name}
}

func ratingLimit(r int) *ratingObj {
	if r == 0 {
		return nil
	}
	return &ratingObj{Rating: r}
}

// secondsUntil is the whole seconds from now to t, 0 once past.
func secondsUntil(now, t time.Time) int { return max(0, int(t.Sub(now).Seconds()+0.999)) }

// sheetDigits writes a sheet's points as lichess's digits (a berserk win
// of 5 is "5"; points above 9 cannot happen: at most 4 + 1).
func sheetDigits(sheet []tournament.Score) string {
	var b strings.Builder
	for _, s := range sheet {
		b.WriteString(strconv.Itoa(s.Points))
	}
	return b.String()
}
