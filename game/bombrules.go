package game

import (
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/bomb"
)

// Bomb is bomb chess (package variant/bomb): eight hidden mines on ranks 3
// to 6; a piece that ends its move on one explodes with its neighbours.
const Bomb Variant = "bomb"

// bombSpec registers bomb chess. A seed drawn when the game is created
// lays the mines (its hash is shown from the start, the seed and the
// mines at the end). No takebacks: a move taken back would let a player
// try a square again knowing what lies there.
var bombSpec = &Spec{
	Name:       Bomb,
	Label:      "Bomb chess",
	Board:      BoardChess,
	Sides:      chessSides,
	Setup:      chessSetup,
	Rules:      bombRulesAt,
	Seeded:     true,
	NoTakeback: true,
	Hidden:     true,
}

func bombRulesAt(start, seedText string) (Rules, error) {
	p, seed, err := seededStart(Bomb, start, seedText)
	if err != nil {
		return nil, err
	}
	return &bombRules{g: bomb.NewGame(p, seed)}, nil
}

// bombRules is Rules over package variant/bomb, and hidden: the board
// and the moves are public; the mines are not, until they go off or the
// game ends.
type bombRules struct{ g *bomb.Game }

func (r *bombRules) Turn() chess.Color { return r.g.Turn() }
func (r *bombRules) Ply() int          { return r.g.Ply() }
func (r *bombRules) FEN() string       { p := r.g.Position(); return p.FEN() }
func (r *bombRules) StartFEN() string  { p := r.g.StartPosition(); return p.FEN() }
func (r *bombRules) Pop() bool         { return false } // the variant has no takebacks
func (r *bombRules) CanMate(c chess.Color) bool {
	return r.g.CanMate(c)
}

func (r *bombRules) History() []Step {
	steps := r.g.Steps()
	out := make([]Step, len(steps))
	for i, s := range steps {
		out[i] = bombStep(s)
	}
	return out
}

// bombStep writes a step of the rules as the live game's, with its blast.
func bombStep(s bomb.Step) Step {
	st := Step{UCI: s.UCI, SAN: s.SAN, FEN: s.FEN, Color: s.Color}
	if s.Blast.Exploded {
		st.Blast = s.Blast.Square.String()
		st.Cleared = squareNames(s.Blast.Cleared)
	}
	return st
}

func (r *bombRules) Check() (string, bool) {
	p := r.g.Position()
	if r.g.Outcome().Termination == bomb.KingExposed {
		return "", false
	}
	return checkOf(&p)
}

func (r *bombRules) Claimable() (string, bool) { return claimText(r.g.Claimable()) }

func (r *bombRules) Dests() map[string][]string {
	if r.g.Outcome().Over() {
		return map[string][]string{}
	}
	p := r.g.Position()
	return destsOf(&p, r.g.Legal())
}

func (r *bombRules) Play(text string) (Step, error) {
	if _, err := r.g.PushUCI(text); err != nil {
		if !validUCI(text) {
			return Step{}, fmt.Errorf("%w: %q", ErrInvalidMove, text)
		}
		return Step{}, fmt.Errorf("%w: %s", ErrIllegalMove, text)
	}
	last, _ := r.g.Last()
	return bombStep(last), nil
}

func (r *bombRules) Outcome() Outcome {
	o := r.g.Outcome()
	if !o.Over() {
		return Outcome{}
	}
	status := Draw
	switch o.Termination {
	case bomb.Checkmate:
		status = Mate
	case bomb.Stalemate:
		status = Stalemate
	case bomb.KingExposed:
		status = Forfeit
	}
	return Outcome{Termination: o.Termination.String(), Code: uint8(o.Termination), Winner: o.Winner, Draw: o.Draw, Status: status}
}

func (r *bombRules) Clone() Rules {
	c := &bombRules{g: bomb.NewGame(r.g.StartPosition(), r.g.Seed())}
	for _, s := range r.g.Steps() {
		_, _ = c.g.Push(s.Move) // replaying moves that were legal
	}
	return c
}

// Sight shows everyone the board and the moves, the mines that went off,
// the squares known safe and the seed's commitment; the other mines and
// the seed only once the game is over.
func (r *bombRules) Sight(_ chess.Color, _, over, history bool) Sight {
	s := Sight{FEN: r.FEN(), StartFEN: r.StartFEN()}
	s.Check, _ = r.Check()
	if history {
		s.Moves = r.History()
	}
	if last, ok := r.g.Last(); ok {
		step := bombStep(last)
		s.Last = &step
	}
	mines := r.g.Exploded()
	s.Fair = &Fairness{Commitment: r.g.Commitment()}
	if over {
		mines |= r.g.Hidden()
		s.Fair.Seed = r.g.Seed().String()
	}
	s.Mines = squareNames(mines)
	s.Safe = squareNames(r.g.KnownSafe() & bomb.MineZone)
	return s
}

// PGN writes the game with its blasts as {[%blast e4]} comments and the
// seed's hash; the seed and the mines once the game is over.
func (r *bombRules) PGN(h PGNHeader) string {
	var sb strings.Builder
	if err := r.g.WritePGN(&sb, h.tagPairs("White"), h.Over); err != nil {
		return err.Error()
	}
	return sb.String()
}
