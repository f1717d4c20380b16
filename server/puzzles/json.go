package puzzles

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// PuzzleAndGame is a puzzle as lichess's API writes one (its
// PuzzleAndGame), with Gambit's fields beside lichess's (package doc).
type PuzzleAndGame struct {
	Game   Game   `json:"game"`
	Puzzle Puzzle `json:"puzzle"`
}

// Game is the game a puzzle came from, as far as Gambit knows it.
type Game struct {
	Clock   string   `json:"clock"` // "-": unknown
	ID      string   `json:"id"`    // the source game's id on this server, "" for none
	Perf    Perf     `json:"perf"`
	PGN     string   `json:"pgn"`     // from the puzzle's FEN to the opponent's move
	Players []Player `json:"players"` // [] while unknown
	Rated   bool     `json:"rated"`
	Source  string   `json:"source"` // Gambit's: where the puzzle came from (store.Puzzle.Game)
}

// Perf is a rating category, as lichess names it: Key is one of its
// PerfType keys.
type Perf struct {
	Key  string `json:"key"`
	Name string `json:"name"`
}

// Player is a player of the source game (lichess's shape); none is
// known yet: the puzzles come from files.
type Player struct {
	Color  string `json:"color"`
	ID     string `json:"id"`
	Name   string `json:"name"`
	Rating int    `json:"rating"`
}

// Puzzle is the puzzle itself, as lichess's PuzzleAndGame.puzzle.
type Puzzle struct {
	ID         string   `json:"id"`
	InitialPly int      `json:"initialPly"`
	Plays      int      `json:"plays"`
	Rating     int      `json:"rating"`
	FEN        string   `json:"fen"`      // before the opponent's move
	LastMove   string   `json:"lastMove"` // the opponent's move
	Solution   []string `json:"solution"`
	Themes     []string `json:"themes"`
	Variant    string   `json:"variant"` // Gambit's: the variant's name
}

// Glicko is a solver's puzzle rating (lichess's PuzzleGlicko).
type Glicko struct {
	Rating      float64 `json:"rating"`
	Deviation   float64 `json:"deviation"`
	Provisional bool    `json:"provisional"`
}

// Batch answers GET /api/puzzle/batch/{angle} (lichess's
// PuzzleBatchSelect).
type Batch struct {
	Puzzles []PuzzleAndGame `json:"puzzles"`
	Glicko  Glicko          `json:"glicko"`
}

// Solved answers POST /api/puzzle/batch/{angle} (lichess's
// PuzzleBatchSolveResponse): the next batch, the solver's rating after
// the rounds, and each round.
type Solved struct {
	Puzzles []PuzzleAndGame `json:"puzzles"`
	Glicko  Glicko          `json:"glicko"`
	Rounds  []Round         `json:"rounds"`
}

// Round is one solution's result: what it changed the solver's rating
// by (0 but for an account's rated first attempt).
type Round struct {
	ID         string `json:"id"`
	Win        bool   `json:"win"`
	RatingDiff int    `json:"ratingDiff"`
}

// Activity is one line of GET /api/puzzle/activity (lichess's
// PuzzleActivity): a round, its puzzle as it stands now.
type Activity struct {
	Date   int64          `json:"date"` // milliseconds
	Puzzle ActivityPuzzle `json:"puzzle"`
	Win    bool           `json:"win"`
}

// ActivityPuzzle is the puzzle of an Activity.
type ActivityPuzzle struct {
	FEN      string   `json:"fen"`
	ID       string   `json:"id"`
	LastMove string   `json:"lastMove"`
	Plays    int      `json:"plays"`
	Rating   int      `json:"rating"`
	Solution []string `json:"solution"`
	Themes   []string `json:"themes"`
	Variant  string   `json:"variant"` // Gambit's
}

// Streak answers GET /api/training/streak.
type Streak struct {
	Puzzles []PuzzleAndGame `json:"puzzles"`
}

// Theme is one entry of GET /api/training/themes.
type Theme struct {
	Key   string `json:"key"`
	Count int    `json:"count"`
}

// glickoJSON is g as lichess writes a puzzle rating.
func glickoJSON(g rating.Glicko) Glicko {
	return Glicko{Rating: g.Rating, Deviation: g.Deviation, Provisional: g.Provisional()}
}

// lichessPerfs are the keys of lichess's PerfType (@lichess-org/types):
// game.perf.key is one of them.
var lichessPerfs = []string{"ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence", "chess960", "crazyhouse",
	"antichess", "atomic", "horde", "kingOfTheHill", "racingKings", "threeCheck"}

// sourceSpeed is the speed of a puzzle's source game as lichess names
// it: the finder's games come from files of over-the-board games, whose
// clock the store does not keep.
const sourceSpeed = "classical"

// perfOf is the perf of a puzzle of spec's variant: its own where lichess
// has a perf of its name, else the source games' speed, named by the
// variant's label where it is not chess.
func perfOf(spec *game.Spec) Perf {
	switch {
	case spec.Name == game.DefaultVariant:
		return Perf{Key: sourceSpeed, Name: "Classical"}
	case slices.Contains(lichessPerfs, string(spec.Name)):
		return Perf{Key: string(spec.Name), Name: spec.Label}
	}
	return Perf{Key: sourceSpeed, Name: spec.Label}
}

// sourceID is the id of the game of this server a puzzle came from (its
// source is the id, or the game's page's path), "" for another source.
func sourceID(source string) string {
	if id := strings.TrimPrefix(source, "/game/"); wire.ValidID(id) {
		return id
	}
	return ""
}

// puzzleJSON writes p as lichess's PuzzleAndGame; now dates its PGN.
func puzzleJSON(p store.Puzzle, now time.Time) (PuzzleAndGame, error) {
	spec, err := game.Lookup(game.Variant(p.Variant))
	if err != nil {
		return PuzzleAndGame{}, fmt.Errorf("puzzles: puzzle %s: %w", p.ID, err)
	}
	if len(p.Moves) == 0 {
		return PuzzleAndGame{}, fmt.Errorf("puzzles: puzzle %s has no move", p.ID)
	}
	g, err := game.New(game.Options{Variant: spec.Name, StartFEN: p.FEN, MoveText: p.Moves[:1], Now: func() time.Time { return now }})
	if err != nil {
		return PuzzleAndGame{}, fmt.Errorf("puzzles: puzzle %s: %w", p.ID, err)
	}
	w, ok := g.Whole()
	if !ok {
		return PuzzleAndGame{}, fmt.Errorf("puzzles: puzzle %s: a variant of hidden information", p.ID)
	}
	pgn, err := w.PGN()
	if err != nil {
		return PuzzleAndGame{}, fmt.Errorf("puzzles: puzzle %s: %w", p.ID, err)
	}
	opponentBlack := g.Turn() == chess.White // the solver moves next: the opponent moved first
	return PuzzleAndGame{
		Game: Game{Clock: "-", ID: sourceID(p.Game), Perf: perfOf(spec), PGN: pgn, Players: []Player{}, Source: p.Game},
		Puzzle: Puzzle{ID: p.ID, InitialPly: initialPly(p.FEN, opponentBlack), Plays: p.Plays, Rating: p.Rating.Int(),
			FEN: p.FEN, LastMove: p.Moves[0], Solution: orEmpty(p.Moves[1:]), Themes: orEmpty(p.Themes), Variant: p.Variant},
	}, nil
}

// activityJSON writes round r of puzzle p as a line of lichess's
// activity.
func activityJSON(r store.PuzzleRound, p store.Puzzle) Activity {
	a := Activity{Date: r.At.UnixMilli(), Win: r.Win,
		Puzzle: ActivityPuzzle{FEN: p.FEN, ID: p.ID, Plays: p.Plays, Rating: p.Rating.Int(), Themes: orEmpty(p.Themes), Variant: p.Variant}}
	if len(p.Moves) > 0 {
		a.Puzzle.LastMove, a.Puzzle.Solution = p.Moves[0], p.Moves[1:]
	}
	a.Puzzle.Solution = orEmpty(a.Puzzle.Solution)
	return a
}

// initialPly is lichess's initialPly of a puzzle at fen: the plies
// played before it, from its move number (the FEN's last field; 1 when
// it has none) and whether the opponent, who moves first, is Black.
func initialPly(fen string, opponentBlack bool) int {
	fields := strings.Fields(fen)
	move := 1
	if len(fields) > 0 {
		if n, err := strconv.Atoi(fields[len(fields)-1]); err == nil && n > 1 {
			move = n
		}
	}
	ply := 2 * (move - 1)
	if opponentBlack {
		ply++
	}
	return ply
}

// orEmpty is s, or an empty list for none (lichess's lists are never
// null).
func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
