package export

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/xiangqi"
)

// Game is one game of the exports as NDJSON, in lichess's game export
// shape (its moves in SAN, as lichess writes them).
type Game struct {
	ID          string            `json:"id"`
	Rated       bool              `json:"rated"`
	Variant     string            `json:"variant"`
	Speed       string            `json:"speed"`
	Perf        string            `json:"perf"`
	CreatedAt   int64             `json:"createdAt"`
	LastMoveAt  int64             `json:"lastMoveAt"`
	Status      string            `json:"status"`
	Players     map[string]Player `json:"players"`
	Winner      string            `json:"winner,omitempty"`
	Opening     *Opening          `json:"opening,omitempty"`
	Moves       string            `json:"moves,omitempty"` // left out with moves=false
	PGN         string            `json:"pgn,omitempty"`   // pgnInJson=true
	InitialFen  string            `json:"initialFen,omitempty"`
	LastFen     string            `json:"lastFen,omitempty"` // lastFen=true
	DaysPerTurn int               `json:"daysPerTurn,omitempty"`
	Analysis    []MoveAnalysis    `json:"analysis,omitempty"` // evals=true, for a reviewed game
	Clock       *Clock            `json:"clock,omitempty"`
	Clocks      []int64           `json:"clocks,omitempty"` // clocks=true: centiseconds left after each move
}

// Clock is an exported game's clock, in seconds as lichess
// writes it there.
type Clock struct {
	Initial   int64 `json:"initial"`
	Increment int64 `json:"increment"`
	TotalTime int64 `json:"totalTime"` // initial + 40 × increment: lichess's estimate of a game's length
}

// User is an exported game's player as lichess writes it.
type User struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Player is a side of an exported game: an account's seat has User; any
// other its Name (the name given, the computer's, or Anonymous).
type Player struct {
	User        *User           `json:"user,omitempty"`
	Name        string          `json:"name,omitempty"`
	Rating      int             `json:"rating,omitempty"`
	RatingDiff  int             `json:"ratingDiff,omitempty"`
	Provisional bool            `json:"provisional,omitempty"`
	Analysis    *PlayerAnalysis `json:"analysis,omitempty"` // evals=true, for a reviewed game
}

// PlayerAnalysis sums up a side's moves in the game's review.
type PlayerAnalysis struct {
	Inaccuracy int  `json:"inaccuracy"`
	Mistake    int  `json:"mistake"`
	Blunder    int  `json:"blunder"`
	ACPL       int  `json:"acpl"`
	Accuracy   *int `json:"accuracy,omitempty"` // accuracy=true
}

// MoveAnalysis is the review of one move: the evaluation after it
// (centipawns or a mate, from White's side) and, for a move judged an
// inaccuracy, mistake or blunder, the judgment and the best move.
type MoveAnalysis struct {
	Eval     *int      `json:"eval,omitempty"`
	Mate     *int      `json:"mate,omitempty"`
	Best     string    `json:"best,omitempty"`
	Judgment *Judgment `json:"judgment,omitempty"`
}

// Judgment is lichess's word on a move: Inaccuracy, Mistake or Blunder,
// with its comment.
type Judgment struct {
	Name    string `json:"name"`
	Comment string `json:"comment"`
}

// Opening is the opening a game reached: its ECO code, its name and the
// ply of the position that names it.
type Opening struct {
	ECO  string `json:"eco"`
	Name string `json:"name"`
	Ply  int    `json:"ply"`
}

// Side names a seat as the API writes players: an account's seat by its
// id and username, any other by Name alone.
type Side struct {
	ID   string // the account's id; "" for a seat that is no account's
	Name string // the username, the name given, the computer's, or Anonymous
}

// snapshot is what the export copies of a game while it holds it (on the
// game's goroutine when live), so that all else happens without it.
type snapshot struct {
	id               string
	facts            Facts
	mode             game.Mode
	seats            [2]game.Seat
	status           game.Status
	termination      string // the PGN standard's word for the ending
	result           string // "1-0", "0-1", "1/2-1/2", "*"
	first            string // the first mover's tag: White, or xiangqi's Red
	pgn              string
	sans             []string
	left             []time.Duration // game.MoveClocks
	chess            bool            // chess's PGN (chess, Chess960): [%clk] goes in
	xiangqi          bool
	startFEN, fen    string
	created, updated time.Time
	opening          *Opening
}

// snapshotOf copies what the exports need of g.
func snapshotOf(g *game.Game, f Facts) (snapshot, error) {
	w, ok := g.Whole()
	if !ok {
		return snapshot{}, fmt.Errorf("export: game %s: %w", g.ID(), game.ErrHiddenInPlay)
	}
	text, err := w.PGN()
	if err != nil {
		return snapshot{}, err
	}
	s := snapshot{id: g.ID(), facts: f, mode: g.Mode(), seats: [2]game.Seat{g.Seat(chess.White), g.Seat(chess.Black)},
		status: g.Status(), termination: pgnTermination(g), result: g.Result(), first: g.Spec().Sides[0], pgn: text, left: g.MoveClocks(),
		startFEN: w.StartFEN(), fen: w.FEN(), created: g.CreatedAt(), updated: g.UpdatedAt()}
	for _, step := range w.History() {
		s.sans = append(s.sans, step.SAN)
	}
	// The board's own PGN (package chess/pgn or xiangqi/pgn writes it).
	spec := g.Spec()
	s.chess = spec.BoardPGN && spec.Board == game.BoardChess
	s.xiangqi = spec.BoardPGN && spec.Board == game.BoardXiangqi
	if o, ok := g.Opening(); ok {
		s.opening = &Opening{ECO: o.ECO, Name: o.Name, Ply: o.Ply}
	}
	return s, nil
}

// pgnTermination is g's ending as the PGN standard's Termination tag
// words it, and lichess's export writes it: "Unterminated" while it goes
// on, "Abandoned" for a game aborted, "Time forfeit" for a flag fallen or
// a game left (lichess's timeout), "Rules infraction" for a loss by
// breaking xiangqi's repetition rules (perpetual check or chase, one check
// one chase, perpetual mate threat), "Normal" for
// every other ending by the rules or the players (mate, resignation,
// stalemate, a draw). Gambit's own word for it ("threefold repetition")
// stays in the PGN of GET /api/games/{id}/pgn and in the JSON's status.
func pgnTermination(g *game.Game) string {
	switch g.Status() {
	case game.Created, game.Started:
		return "Unterminated"
	case game.Aborted:
		return "Abandoned"
	case game.Timeout, game.Abandoned:
		return "Time forfeit"
	case game.Forfeit:
		switch g.Outcome().Termination {
		case xiangqi.PerpetualCheck.String(), xiangqi.PerpetualChase.String(), xiangqi.CheckAndChase.String(), xiangqi.MateThreat.String():
			return "Rules infraction"
		}
	}
	return "Normal"
}

// exported is everything an export writes of one game, read: the
// snapshot, its players' names, its rating record and its review.
type exported struct {
	snapshot
	sides  [2]Side
	rated  *store.RatedGame // nil: not rated
	review *review.Review   // nil: none, or not asked for
}

// colorNames are the colours' keys in lichess's JSON.
var colorNames = [2]string{"white", "black"}

// pgnText is e's PGN as o asks, ending with gameEnd; site is the game's
// address ("" keeps Gambit's Site).
func (e *exported) pgnText(o options, site string) string {
	text := e.pgn
	if o.Evals && e.review != nil {
		if out, err := review.AnnotatePGN(text, e.review, e.xiangqi); err == nil {
			text = out
		}
	}
	if o.Clocks && e.chess && e.timed() {
		text = withClocks(text, e.left)
	}
	set := []tag{{"Site", site}, {e.first, e.sides[0].Name}, {"Black", e.sides[1].Name}, {"Termination", e.termination},
		{"GameId", e.id}, {"UTCDate", e.created.UTC().Format("2006.01.02")}, {"UTCTime", e.created.UTC().Format("15:04:05")}}
	if !o.Opening {
		set = append(set, tag{"Opening", ""}) // removed: lichess writes it with opening=true only (ECO always)
	}
	if rg := e.rated; rg != nil && rg.State == store.RatingApplied {
		set = append(set, tag{"WhiteElo", strconv.Itoa(rg.WhiteBefore.Int())}, tag{"BlackElo", strconv.Itoa(rg.BlackBefore.Int())},
			tag{"WhiteRatingDiff", signed(rg.WhiteAfter.Int() - rg.WhiteBefore.Int())},
			tag{"BlackRatingDiff", signed(rg.BlackAfter.Int() - rg.BlackBefore.Int())})
	}
	return shape(editTags(text, set), o, e.result)
}

// timed reports whether e's moves were played on a clock that lichess
// writes after them: not a game without one, nor a correspondence game.
func (e *exported) timed() bool { return e.facts.Clock.Initial > 0 && !e.facts.Clock.PerMove }

// signed writes n with its sign, as lichess's rating diff tags.
func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// json is e in lichess's JSON shape as o asks; text is its PGN, for
// pgnInJson.
func (e *exported) json(o options, text string) Game {
	f := e.facts
	out := Game{ID: e.id, Variant: f.Variant, Speed: f.Speed, Perf: f.Perf, Status: f.Status, Winner: f.Winner,
		CreatedAt: e.created.UnixMilli(), LastMoveAt: e.updated.UnixMilli(), Players: map[string]Player{}}
	for c, s := range e.sides {
		p := Player{Name: s.Name}
		if s.ID != "" {
			p = Player{User: &User{ID: s.ID, Name: s.Name}}
		}
		out.Players[colorNames[c]] = p
	}
	if rg := e.rated; rg != nil {
		out.Rated = true
		if rg.State == store.RatingApplied {
			rate := func(c string, before, after int, prov bool) {
				p := out.Players[c]
				p.Rating, p.RatingDiff, p.Provisional = before, after-before, prov
				out.Players[c] = p
			}
			rate("white", rg.WhiteBefore.Int(), rg.WhiteAfter.Int(), rg.WhiteBefore.Provisional())
			rate("black", rg.BlackBefore.Int(), rg.BlackAfter.Int(), rg.BlackBefore.Provisional())
		}
	}
	if o.Moves {
		out.Moves = strings.Join(e.sans, " ")
	}
	if o.Opening {
		out.Opening = e.opening
	}
	if o.PGNInJSON {
		out.PGN = text
	}
	if e.startFEN != chess.StartFEN {
		out.InitialFen = e.startFEN
	}
	if o.LastFEN {
		out.LastFen = e.fen
	}
	c := f.Clock
	switch {
	case c.PerMove:
		out.DaysPerTurn = int(c.Initial / (24 * time.Hour))
	case c.Initial > 0:
		in, inc := int64(c.Initial.Seconds()), int64(c.Increment.Seconds())
		out.Clock = &Clock{Initial: in, Increment: inc, TotalTime: in + 40*inc}
	}
	if o.Clocks && e.timed() {
		out.Clocks = centis(e.left, len(e.sans))
	}
	if o.Evals && e.review != nil {
		out.Analysis = analysisOf(e.review)
	}
	if (o.Evals || o.Accuracy) && e.review != nil {
		for c, s := range [2]review.Side{e.review.White, e.review.Black} {
			p := out.Players[colorNames[c]]
			p.Analysis = &PlayerAnalysis{Inaccuracy: s.Inaccuracies, Mistake: s.Mistakes, Blunder: s.Blunders, ACPL: s.ACPL}
			if o.Accuracy && s.Judged > 0 {
				a := int(s.Accuracy + 0.5)
				p.Analysis.Accuracy = &a
			}
			out.Players[colorNames[c]] = p
		}
	}
	return out
}

// centis are the times left after each of a game's moves in centiseconds,
// as lichess's JSON "clocks": only when every one of its moves has one
// (a game set up from a PGN has moves played on no clock here).
func centis(left []time.Duration, moves int) []int64 {
	if len(left) != moves || moves == 0 {
		return nil
	}
	out := make([]int64, len(left))
	for i, d := range left {
		if d < 0 {
			return nil
		}
		out[i] = d.Milliseconds() / 10
	}
	return out
}

// analysisOf is rv as lichess's JSON "analysis": one entry a move.
func analysisOf(rv *review.Review) []MoveAnalysis {
	out := make([]MoveAnalysis, 0, len(rv.Moves))
	for _, m := range rv.Moves {
		var a MoveAnalysis
		switch {
		case m.MateAfter != 0:
			a.Mate = &m.MateAfter
		case m.After > -review.MateCP && m.After < review.MateCP:
			a.Eval = &m.After
		}
		if m.Class.NAG() != 0 {
			name := strings.ToUpper(string(m.Class[:1])) + string(m.Class[1:])
			a.Best, a.Judgment = m.BestUCI, &Judgment{Name: name, Comment: m.Advice()}
		}
		out = append(out, a)
	}
	return out
}
