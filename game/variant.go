package game

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"sync/atomic"

	"github.com/gambitchess/gambit/chess"
)

// Spec describes one variant: everything Gambit knows of it, in one
// registration. Every variant registers from its own package
// (variant/chessgame for chess and Chess960, variant/xiangqigame,
// variant/NAME/NAMEgame), which calls Register from its init, so nothing
// outside a variant's packages names it: the live game, the server, images, link previews, the subcommands
// and the browser (GET /api/variants) ask the registry instead.
type Spec struct {
	Name Variant
	// Label is the variant's name as people write it ("Chess960").
	Label string
	// Labels is the variant's name in the other languages the server
	// writes, by BCP 47 tag: "zh-TW" (繁體中文) and "zh-CN" (简体中文),
	// in the browser's terms (web/src/lang/); Label for one it lacks.
	Labels map[string]string
	// Board is the board the variant is played on.
	Board Board
	// Sides names the sides, the first mover's first ("White", "Black";
	// xiangqi's "Red", "Black").
	Sides [2]string
	// Setup reads what a player pastes to start from (a FEN or a PGN of the
	// variant; "" for the variant's usual start) into a start FEN ("" for
	// the standard one) and moves in coordinate text played from it. A new
	// game keeps its result in the Header, so a start Setup chooses (the
	// drawn position of Chess960) is chosen once, when the game is created,
	// and a loaded game replays from it.
	Setup func(text string) (start string, moves []string, err error)
	// Rules returns the rules at start (a FEN; "" for the standard start)
	// with the game's secret seed (Header.Seed; "" unless Seeded). It only
	// reads them: it draws nothing.
	Rules func(start, seed string) (Rules, error)
	// RuleSets are the sets of rules a game of the variant may be played
	// by, its default first (xiangqi's repetition rules: "wxf",
	// "chinese"); nil for a variant with one. A game's choice is kept in
	// its Header and given to its Rules, which then implement RuleSetter.
	RuleSets []string
	// Seeded variants draw a secret seed when a game is created (for
	// rolls, hidden squares), kept in the Header.
	Seeded bool
	// NoTakeback refuses takebacks: in a variant of hidden information a
	// move taken back would have shown what it should not (a hidden
	// square, the next draw), and could be tried again.
	NoTakeback bool
	// Pass says passing, the null move "0000", is a rule of the variant
	// (a turn that allows no move, or whose player stops).
	// Everywhere else a command to play it is refused; a stored record that
	// holds one (from before the refusal) still loads.
	Pass bool
	// Hidden variants keep information from their players: their
	// Rules.Sight differs per viewer, the server builds each viewer's
	// messages apart, and their computer players are given a Sight only.
	Hidden bool
	// HandOver: each seat sees what the other may not (not only the
	// spectators are kept out), so a game on one screen hides the board
	// between turns until the next player asks for it.
	HandOver bool
	// Tag is the variant's short mark beside a game's players ("960";
	// "" for chess).
	Tag string
	// Terminations names the endings its rules find on the board, as
	// Outcome.Termination writes them; the browser words each.
	Terminations []string
	// ClaimDraw says a player claims the draws its rules allow
	// (Rules.Claimable), rather than the rules judging them.
	ClaimDraw bool
	// How a computer plays the variant, one of two ways. Computer plays
	// from a seat's Sight (the hidden games' own players); Engine reads a
	// game of full information whole (engine.go: Gambit's own search and,
	// through UCI, external engines), and the reviews read it too.
	Computer *Computer
	// Engine opens rules r (a copy, the engine's own) for the engines;
	// nil for a variant the engines do not read.
	Engine func(r Rules) Engine
	// UCI is how a UCI engine is told to play the variant (Stockfish,
	// Fairy-Stockfish); set with Engine.
	UCI *UCIDialect
	// Verify checks a finished game's record (its PGN) against the
	// commitment to its seed: for `gambit NAME verify` (seeded variants).
	Verify *Verifier
	// BoardPGN says the variant's PGN is its board's own game: package
	// chess/pgn (or xiangqi/pgn) reads it and replays it as it was played,
	// so the standalone viewer can show it. A variant with rules of its own
	// (a hidden square, a face-down piece) leaves it false: those readers
	// would replay its moves wrong, or refuse them.
	BoardPGN bool
	// Notes reads what a pasted setup says beside its moves (a PGN's tags,
	// comments and variations), kept with the game's start to be shown
	// with the imported moves; nil when the variant keeps none.
	Notes func(setup string) *SetupNotes
	// Tree generates the variant's moves for `gambit perft` and `gambit
	// moves --variant NAME`; nil for a variant the commands do not count.
	Tree *Tree
	// PuzzleThemes names the board's themes of a puzzle (package puzzle):
	// the motifs its solution shows, in lichess's theme keys ("fork",
	// "pin", "backRankMate" …) or the board's own (xiangqi's
	// "smotheredPalace" …). fen is the position before the opponent's
	// move; moves, in coordinate text, that move and then the solution.
	// nil for a variant without puzzles of its own motifs.
	PuzzleThemes func(fen string, moves []string) []string
}

// Tree is a variant's move generator for the command line. FENs are the
// variant's own ("" for its start); moves its coordinate text.
type Tree struct {
	// Perft counts the leaf nodes of the move tree to depth, with the
	// count under each first move.
	Perft func(fen string, depth int) (divide []Divide, total uint64, err error)
	// Moves lists the legal moves of fen, one line each, as the options
	// ask.
	Moves func(fen string, o MoveOptions) ([]string, error)
}

// MoveOptions are how Tree.Moves writes the moves.
type MoveOptions struct {
	// Simplified writes Chinese notation (xiangqi boards) in simplified
	// characters (马八进七) rather than traditional ones (傌八進七).
	Simplified bool
}

// Divide is the node count under one first move (perft divide).
type Divide struct {
	Move  string
	Nodes uint64
}

// Computer is a variant's computer player: its levels, weakest first, and
// how it chooses a move from what its seat sees (never from the game).
type Computer struct {
	Levels []Level
	// Play returns the move, in the variant's coordinate text, that the
	// computer seated at seat plays in s at level. When ctx ends it
	// returns promptly with the best it has.
	Play func(ctx context.Context, s Sight, seat chess.Color, level Level) (string, error)
}

// UCIDialect is how a UCI engine is set up for a variant: the engines read
// the variant's rules through its board's library (package chess or
// xiangqi), which the variant's Rules expose to them.
type UCIDialect struct {
	// Variant is the UCI_Variant value an engine that has the option is
	// set to ("chess", "xiangqi"); an engine without the option plays
	// "chess" alone.
	Variant string
	// Chess960 says the engine must be told UCI_Chess960, and given
	// Shredder-FEN castling.
	Chess960 bool
}

// UCIDefaultVariant is the UCI_Variant an engine plays unless told
// otherwise, and the one an engine without the option plays.
const UCIDefaultVariant = "chess"

// Speaks reports whether an engine plays the dialect d: one with the
// UCI_Variant option (hasVariant) plays the values it declares (variants),
// one without it chess alone; Chess960 needs the UCI_Chess960 option
// (chess960).
func (d *UCIDialect) Speaks(hasVariant bool, variants []string, chess960 bool) bool {
	switch {
	case d == nil || d.Chess960 && !chess960:
		return false
	case !hasVariant:
		return d.Variant == UCIDefaultVariant
	}
	return slices.Contains(variants, d.Variant)
}

// UCIOption is one option of a UCI engine, by name and value.
type UCIOption struct{ Name, Value string }

// Options returns the options that set an engine up for d: UCI_Variant,
// d's variant, and UCI_Chess960. Without all, those at an engine's default
// (UCI_Variant chess, UCI_Chess960 false) are left out, for an engine
// started for d; with all, both are given, for an engine that may have
// played another dialect before. The caller sends those the engine
// declares.
func (d *UCIDialect) Options(all bool) []UCIOption {
	var out []UCIOption
	if all || d.Variant != UCIDefaultVariant {
		out = append(out, UCIOption{"UCI_Variant", d.Variant})
	}
	if all || d.Chess960 {
		out = append(out, UCIOption{"UCI_Chess960", strconv.FormatBool(d.Chess960)})
	}
	return out
}

// Level is one strength of a variant's computer player.
type Level struct {
	Name   string            // in requests ("easy")
	Label  string            // as people read it, in English: the computer's seat is "Gambit " + Label
	Labels map[string]string // Label in other languages, by tag ("zh-TW"), as the web app words it
	Depth  int               // the player's own setting, read by Play
}

// Verifier checks a finished seeded game: Run reads its PGN and returns a
// one-line summary of what it checked, or the first thing that does not
// hold; Help is the command's description.
type Verifier struct {
	Short, Help string
	Run         func(pgn io.Reader) (summary string, err error)
}

// specs is the registry: each variant package's Register, all during
// package initialisation; only read after that.
var specs = map[Variant]*Spec{}

// sealed is set by the registry's first reader: from then on it is read
// without a lock, so Register panics.
var sealed atomic.Bool

// Register adds a variant to the registry. Call it from the variant's
// package init (as image.RegisterFormat is), never later: once the
// registry has been read (Lookup, Specs, Variants) it panics, as it does on
// a variant registered twice or a Spec missing what every variant needs,
// a programming error found at start-up.
func Register(s *Spec) {
	if sealed.Load() {
		panic(fmt.Sprintf("game.Register: %s registered after the registry was read: register from init", s.Name))
	}
	if err := addSpec(specs, s); err != nil {
		panic("game.Register: " + err.Error())
	}
}

// addSpec adds s to registry r, or says why it may not.
func addSpec(r map[Variant]*Spec, s *Spec) error {
	switch {
	case s.Name == "" || s.Label == "" || s.Board == "" || s.Sides[0] == "":
		return fmt.Errorf("%q: a variant needs a name, a label, a board and sides", s.Name)
	case s.Setup == nil || s.Rules == nil:
		return fmt.Errorf("%s: a variant needs Setup and Rules", s.Name)
	case s.Seeded && s.Verify == nil:
		return fmt.Errorf("%s: a seeded variant needs Verify, so anyone can check its draws", s.Name)
	case s.Computer != nil && s.Engine != nil:
		return fmt.Errorf("%s: a computer plays a variant one way: from a sight (Computer) or by an engine (Engine)", s.Name)
	case (s.Engine == nil) != (s.UCI == nil):
		return fmt.Errorf("%s: an engine's variant needs its UCI dialect, and only it", s.Name)
	case s.Hidden && s.Engine != nil:
		return fmt.Errorf("%s: the engines read the whole game, which a hidden variant keeps from its players", s.Name)
	}
	if _, dup := r[s.Name]; dup {
		return fmt.Errorf("%s registered twice", s.Name)
	}
	r[s.Name] = s
	return nil
}

// Specs returns every registered variant, by name. The Specs are the
// registry's own: read them, never change them.
func Specs() []*Spec {
	out := make([]*Spec, 0, len(specs))
	for _, v := range Variants() {
		out = append(out, specs[v])
	}
	return out
}

// Board is the kind of board a variant is played on: what draws it, and
// how its positions read.
type Board string

// The boards.
const (
	BoardChess   Board = "chess"   // 8×8, chess's FEN
	BoardXiangqi Board = "xiangqi" // 9×10, xiangqi's FEN
)

// ChessSides are the sides' names on a chess board.
var ChessSides = [2]string{"White", "Black"}

// Lookup returns the registered variant named v ("" reads as chess, for
// records from before variants).
func Lookup(v Variant) (*Spec, error) {
	sealed.Store(true)
	if v == "" {
		v = DefaultVariant
	}
	s, ok := specs[v]
	if !ok {
		return nil, fmt.Errorf("%w: unknown variant %q (want one of %v)", ErrBadSetup, v, Variants())
	}
	return s, nil
}

// ParseVariant returns the variant named s ("" means chess).
func ParseVariant(s string) (Variant, error) {
	spec, err := Lookup(Variant(s))
	if err != nil {
		return "", err
	}
	return spec.Name, nil
}

// Variants returns the names of the registered variants, sorted.
func Variants() []Variant {
	sealed.Store(true)
	out := make([]Variant, 0, len(specs))
	for v := range specs {
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}

// DefaultRuleSet is the rule set of a game that names none: the first of
// RuleSets, or "" for a variant with one.
func (s *Spec) DefaultRuleSet() string {
	if len(s.RuleSets) == 0 {
		return ""
	}
	return s.RuleSets[0]
}

// RuleSetter is implemented by the Rules of a variant with RuleSets: the
// live game gives them the rule set its Header names.
type RuleSetter interface {
	SetRuleSet(name string) error
}
