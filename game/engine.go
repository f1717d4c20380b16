package game

import (
	"context"
	"fmt"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// A variant of full information declares how the engines read it (its
// Spec.Engine): Gambit's own search for its board, the UCI spelling of its
// positions and moves for an external engine (Spec.UCI says how to set
// one up), what a draw offer's judgement needs of the board, and the
// per-ply reads a review makes. The computer's seats, the reviews, the
// matches and the command line take a game through this interface alone:
// none of them asks which rules library is underneath.

// Engine is a game's record as the engines read it: its positions from the
// start, each read by its ply (0, the start, to Plies, the position now;
// a move by its index, below Plies). A ply out of that range is a
// programming error, and panics, but in FromUCI and Branch, which read
// what another program gave and say so in an error. It only reads the
// game it was opened on, a copy the caller may search while the game goes
// on. It is not safe for concurrent use.
type Engine interface {
	// Plies returns the number of moves played.
	Plies() int
	// FEN returns the FEN of the position after ply plies.
	FEN(ply int) string
	// WhiteToMove reports whether the first side (White; xiangqi's Red) is
	// to move after ply plies.
	WhiteToMove(ply int) bool
	// Move returns move i (0-based) in the board's notation (SAN; Chinese
	// notation in xiangqi) and as coordinate text (UCI; ICCS).
	Move(i int) (san, coord string)
	// Line writes coordinate moves played from the position after ply
	// plies in the board's notation, stopping at the first move that is
	// not legal.
	Line(ply int, coords []string) []string
	// Terminal reports whether the position after ply plies has no legal
	// move, and whether the side to move then has lost (mated; in xiangqi
	// having no move loses) rather than drawn (stalemate).
	Terminal(ply int) (over, lost bool)
	// BookPlies returns how many plies of the game its board's opening
	// table names (0 for a board without one).
	BookPlies() int
	// UCI returns the position after ply plies as a UCI engine is given
	// it: the start FEN (Shredder-FEN castling in Chess960) and the moves
	// from it in the engine's spelling.
	UCI(ply int) UCIPosition
	// FromUCI reads move text an engine wrote, played after the coordinate
	// moves line from the position after ply plies, into coordinate text:
	// an error when it is not a legal move there.
	FromUCI(ply int, line []string, text string) (string, error)
	// Search runs Gambit's own engine for the board on the position after
	// ply plies (with the positions before it, for repetitions) and
	// returns its best line; info, if not nil, is given each exact line
	// as the search finds it. The engine is kept from one search to the
	// next while o's settings are the same (what it learnt, its hash,
	// serves the next position). When ctx ends it returns the best found
	// so far, an error only when it has none.
	Search(ctx context.Context, ply int, o SearchOptions, info func(SearchLine)) (SearchLine, error)
	// Branch returns the engines' reading of the game played to ply and
	// then on by the coordinate moves of line (a line the game did not
	// take: a puzzle's solution), or an error at the first move of line
	// that is not legal. It keeps this one's search engine, and what it
	// learnt.
	Branch(ply int, line []string) (Engine, error)
	// DrawFacts returns what the computer's judgement of a draw offer
	// needs of the position after ply plies, for side c (the puzzles'
	// finder reads its material too).
	DrawFacts(ply int, c chess.Color) DrawFacts
}

// UCIPosition is a position as a UCI engine is given it.
type UCIPosition struct {
	FEN      string   // the start, as the engine reads FENs
	Moves    []string // the moves from it, in the engine's spelling
	Chess960 bool     // the start is a Chess960 one (the engine needs UCI_Chess960)
}

// SearchOptions set up the board's engine and bound one search. A board's
// engine reads what it has a setting for and ignores the rest.
type SearchOptions struct {
	// Algorithm names the search ("greedy", "minimax", "negamax",
	// "alphabeta", "full"; "" for full) where the board's engine teaches
	// them (package engine); others search in full.
	Algorithm string
	// Elo weakens the engine to play at a rating, where the board's engine
	// measures one (package engine); 0 for none.
	Elo int
	// Skill weakens the engine to a skill level, 1 (weakest) to 20,
	// where the board's engine has them (engine/xq); 0 for full strength.
	Skill int
	// Seed seeds a weakened engine's deliberate errors.
	Seed uint64
	// Hash is the size of the engine's hash table in MB (0: its default).
	Hash int
	// Depth, Nodes and MoveTime bound the search (0: no bound of that
	// kind); MultiPV asks for that many lines (0 or 1: one).
	Depth    int
	Nodes    uint64
	MoveTime time.Duration
	MultiPV  int
}

// SearchLine is one line a search found.
type SearchLine struct {
	// Moves are the line's moves in coordinate text, the best first.
	Moves []string
	// CP is the score in centipawns from the side to move's point of
	// view, when Mate is 0.
	CP int
	// Mate is the distance to mate in moves: positive when the side to
	// move mates, negative when it is mated, 0 when the score is CP.
	Mate int
	// Depth is the depth searched; MultiPV the line's rank (1 the best).
	Depth, MultiPV int
}

// DrawFacts are what the computer's judgement of a draw offer reads of
// the board, for one side.
type DrawFacts struct {
	// Material is the side's lead in material, in centipawns (a pawn or a
	// soldier is 100).
	Material int
	// MoveNumber is the position's move number.
	MoveNumber int
	// Hopeless: the side cannot win, or the position is dead in practice.
	Hopeless bool
}

// Engine returns the engines' reading of a copy of g, where g is Readable
// and its variant is played by the engines (Spec.Engine): false for a
// variant whose computer plays from a sight, and for a hidden game in
// play.
func (g *Game) Engine() (Engine, bool) {
	r, ok := g.Readable()
	if !ok || g.spec.Engine == nil {
		return nil, false
	}
	return g.spec.Engine(r.Clone()), true
}

// LinePosition is a rules library's position, as an Engine plays lines
// from it: package chess's and package xiangqi's *Position.
type LinePosition[P, M any] interface {
	*P
	ParseUCI(text string) (M, error)
	IsLegal(m M) bool
	MakeMove(m M, child *P)
}

// PlayLine plays the coordinate moves of line from start, calling each (if
// not nil) with the position before each move and the move. It stops at
// the first move that is not legal where it comes, and returns the
// position reached and how many moves it played.
func PlayLine[P, M any, PP LinePosition[P, M]](start P, line []string, each func(p PP, m M)) (P, int) {
	p := start
	for i, text := range line {
		m, err := PP(&p).ParseUCI(text)
		if err != nil || !PP(&p).IsLegal(m) {
			return p, i
		}
		if each != nil {
			each(&p, m)
		}
		var child P
		PP(&p).MakeMove(m, &child)
		p = child
	}
	return p, len(line)
}

// LineGame is a rules library's game, as an Engine's Branch replays one:
// package chess's and package xiangqi's *Game.
type LineGame[M any] interface {
	Push(m M) error
	PushUCI(text string) (M, error)
}

// CheckPly returns an error unless ply is a position of a record of plies
// moves (0 to plies).
func CheckPly(ply, plies int) error {
	if ply < 0 || ply > plies {
		return fmt.Errorf("ply %d of a game of %d", ply, plies)
	}
	return nil
}

// ReplayLine plays on g the moves of a record, then the coordinate moves
// of line: an error names the first move either refuses.
func ReplayLine[M any](g LineGame[M], moves []M, line []string) error {
	for i, m := range moves {
		if err := g.Push(m); err != nil {
			return fmt.Errorf("replaying ply %d: %w", i+1, err)
		}
	}
	for _, s := range line {
		if _, err := g.PushUCI(s); err != nil {
			return fmt.Errorf("line %q: %w", s, err)
		}
	}
	return nil
}
