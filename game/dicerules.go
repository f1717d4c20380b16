package game

import (
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/dice"
)

// Dice is dice chess (package variant/dice): three dice a turn name the
// piece types that may move; up to three moves a turn, one per die.
const Dice Variant = "dice"

// diceSpec registers dice chess. A seed drawn when the game is created
// rolls every die (its hash is shown from the start, the seed at the end,
// so anyone can check the rolls: gambit dice verify). No takebacks: a turn
// taken back could be played again knowing the next roll.
var diceSpec = &Spec{
	Name:       Dice,
	Label:      "Dice chess",
	Board:      BoardChess,
	Sides:      chessSides,
	Setup:      chessSetup,
	Rules:      diceRulesAt,
	Seeded:     true,
	NoTakeback: true,
	Pass:       true,
	Hidden:     true,
}

func diceRulesAt(start, seedText string) (Rules, error) {
	p, seed, err := seededStart(Dice, start, seedText)
	if err != nil {
		return nil, err
	}
	return &diceRules{g: dice.NewGame(p, seed)}, nil
}

// diceRules is Rules over package variant/dice, and hidden: everything
// is public but the seed, which rolls the dice to come.
type diceRules struct{ g *dice.Game }

func (r *diceRules) Turn() chess.Color { return r.g.Turn() }
func (r *diceRules) Ply() int          { return r.g.Ply() }
func (r *diceRules) FEN() string       { p := r.g.Position(); return p.FEN() }
func (r *diceRules) StartFEN() string  { p := r.g.StartPosition(); return p.FEN() }
func (r *diceRules) Pop() bool         { return false } // the variant has no takebacks

func (r *diceRules) CanMate(c chess.Color) bool {
	p := r.g.Position()
	return !p.HasInsufficientMaterial(c)
}

func (r *diceRules) History() []Step {
	acts := r.g.Actions()
	out := make([]Step, len(acts))
	for i, a := range acts {
		out[i] = diceStep(a, i == 0 || acts[i-1].Turn != a.Turn)
	}
	return out
}

// diceStep writes an action as a step; the first of a turn carries its roll.
func diceStep(a dice.Action, first bool) Step {
	st := Step{UCI: a.UCI, SAN: a.SAN, FEN: a.FEN, Color: a.Color}
	if first {
		st.Roll = dieLetters(a.Roll[:])
	}
	return st
}

// dieLetters writes dice as piece letters ("N", "P").
func dieLetters(types []chess.PieceType) []string {
	out := make([]string, len(types))
	for i, pt := range types {
		out[i] = strings.ToUpper(pt.String())
	}
	return out
}

func (r *diceRules) Check() (string, bool) { p := r.g.Position(); return checkOf(&p) }

func (r *diceRules) Claimable() (string, bool) { return claimText(r.g.Claimable()) }

// Dests lists the moves the dice left allow; passing ("0000") is not a
// destination: the browser offers it as a button while Sight says CanPass.
func (r *diceRules) Dests() map[string][]string {
	if r.g.Outcome().Over() {
		return map[string][]string{}
	}
	p := r.g.Position()
	return destsOf(&p, r.g.Legal())
}

func (r *diceRules) Play(text string) (Step, error) {
	if err := r.g.PushUCI(text); err != nil {
		if text != "0000" && !validUCI(text) {
			return Step{}, fmt.Errorf("%w: %q", ErrInvalidMove, text)
		}
		return Step{}, fmt.Errorf("%w: %s: %v", ErrIllegalMove, text, trimDice(err))
	}
	last, first, _ := r.g.Last()
	return diceStep(last, first), nil
}

// trimDice drops the package prefix from a rules error shown to a player.
func trimDice(err error) string { return strings.TrimPrefix(err.Error(), "dice: ") }

func (r *diceRules) Outcome() Outcome {
	o := r.g.Outcome()
	if !o.Over() {
		return Outcome{}
	}
	status := Draw
	switch o.Termination {
	case dice.Checkmate:
		status = Mate
	case dice.Stalemate:
		status = Stalemate
	}
	return Outcome{Termination: o.Termination.String(), Code: uint8(o.Termination), Winner: o.Winner, Draw: o.Draw, Status: status}
}

func (r *diceRules) Clone() Rules {
	c := &diceRules{g: dice.NewGame(r.g.StartPosition(), r.g.Seed())}
	for _, a := range r.g.Actions() {
		_ = c.g.PushUCI(a.UCI) // replaying actions that were legal
	}
	return c
}

// Sight shows everyone the whole game and this turn's dice, and the seed's
// commitment; the seed, which would tell every roll to come, once over.
func (r *diceRules) Sight(_ chess.Color, _, over, history bool) Sight {
	s := Sight{FEN: r.FEN(), StartFEN: r.StartFEN()}
	s.Check, _ = r.Check()
	if history {
		s.Moves = r.History()
	}
	if last, first, ok := r.g.Last(); ok {
		step := diceStep(last, first)
		s.Last = &step
	}
	s.Fair = &Fairness{Commitment: r.g.Seed().Commitment()}
	if over {
		s.Fair.Seed = r.g.Seed().String()
	}
	if !r.g.Outcome().Over() {
		rolled := r.g.Rolled()
		s.Dice = &DiceSight{Rolled: dieLetters(rolled[:]), Left: dieLetters(r.g.Dice()), Moves: r.g.MovesThisTurn(),
			CanPass: r.g.CanPass()}
	}
	return s
}

// PGN writes the game with each turn's roll as a {[%dice N B P]} comment
// and the seed's hash; the seed once over, for gambit dice verify.
func (r *diceRules) PGN(h PGNHeader) string {
	var sb strings.Builder
	if err := r.g.WritePGN(&sb, h.tagPairs("White"), h.Over); err != nil {
		return err.Error()
	}
	return sb.String()
}
