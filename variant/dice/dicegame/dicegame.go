package dicegame

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine/dicebot"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/chesssetup"
	"github.com/gambitchess/gambit/variant/dice"
)

// Dice is dice chess (package variant/dice): three dice a turn name the
// piece types that may move; up to three moves a turn, one per die.
const Dice game.Variant = "dice"

// The registration. A seed drawn when the game is created rolls every die
// (its hash is shown from the start, the seed at the end, so anyone can
// check the rolls: gambit dice verify). No takebacks: a turn taken back
// could be played again knowing the next roll. Passing is a rule: a turn
// whose dice allow no move, or whose player stops.
func init() {
	game.Register(&game.Spec{
		Name:         Dice,
		Label:        "Dice chess",
		Labels:       map[string]string{"zh-TW": "骰子西洋棋", "zh-CN": "骰子国际象棋"},
		Tag:          "dice",
		Board:        game.BoardChess,
		Sides:        game.ChessSides,
		Setup:        chesssetup.Read,
		Rules:        diceRulesAt,
		Seeded:       true,
		NoTakeback:   true,
		Pass:         true,
		Hidden:       true,
		ClaimDraw:    true,
		Terminations: game.TerminationNames(dice.Checkmate, dice.ThreefoldRepetition, dice.Termination.String),
		Computer: &game.Computer{
			Levels: []game.Level{
				{Name: "easy", Label: "Easy (best plan for its own dice)", Labels: map[string]string{"zh-TW": "簡單（只就自己的骰子找最佳走法）", "zh-CN": "简单（只按自己的骰子找最佳走法）"}, Depth: 1},
				{Name: "hard", Label: "Hard (also weighs the opponent's rolls)", Labels: map[string]string{"zh-TW": "困難（也考慮對手可能擲出的骰子）", "zh-CN": "困难（还考虑对手可能掷出的点数）"}, Depth: 2},
			},
			Play: choose,
		},
		Verify: &game.Verifier{
			Short: "Check a finished dice chess game: its seed against the commitment, and every roll",
			Help: "verify reads a dice chess game in PGN, as Gambit writes it once the game is\n" +
				"over (with its [Seed] revealed), checks that the seed hashes to the [SeedHash]\n" +
				"published at the start, and replays the game checking that every [%dice] roll\n" +
				"is the one the seed gives and every move is legal. \"-\" reads standard input.",
			Run: verify,
		},
	})
}

func verify(r io.Reader) (string, error) {
	turns, err := dice.Verify(r)
	return fmt.Sprintf("seed matches its hash; %d turns, %d dice: every roll checks", turns, 3*turns), err
}

// Roll is what a move of dice chess records beside its text: the roll
// of the turn it began (on a turn's first move only), piece letters.
type Roll struct {
	Roll []string `json:"roll"`
}

// ExtendsVariant says Roll is dice chess's.
func (Roll) ExtendsVariant() game.Variant { return Dice }

// Turn is the dice of the turn under way: the three rolled (piece letters,
// "P" a pawn), those still to be used, how many moves the turn has had,
// and whether the player may pass the rest of it (the move "0000").
type Turn struct {
	Rolled  []string `json:"rolled"`
	Left    []string `json:"left"`
	Moves   int      `json:"moves"`
	CanPass bool     `json:"canPass"`
}

// ExtendsVariant says Turn is dice chess's.
func (Turn) ExtendsVariant() game.Variant { return Dice }

// play asks the dice-chess player, with the board and the dice left (all
// public; the seed that rolls the next dice it is not given).
func choose(ctx context.Context, s game.Sight, _ chess.Color, level game.Level) (string, error) {
	pos, err := chess.ParseFEN(s.FEN)
	if err != nil {
		return "", fmt.Errorf("dice bot: %w", err)
	}
	ext, ok := game.ExtAs[Turn](s.Ext)
	if !ok {
		return "", fmt.Errorf("dice bot: no dice in the sight")
	}
	var left []chess.PieceType
	for _, l := range ext.Left {
		pt, ok := pieceTypeOf(l)
		if !ok {
			return "", fmt.Errorf("dice bot: die %q", l)
		}
		left = append(left, pt)
	}
	m, pass := dicebot.Choose(ctx, pos, left, ext.Moves, level.Depth)
	switch {
	case pass:
		return "0000", nil
	case m == chess.MoveNone:
		return "", fmt.Errorf("dice bot: no move in %s", s.FEN)
	}
	return pos.UCI(m), nil
}

// pieceTypeOf reads a die's letter.
func pieceTypeOf(letter string) (chess.PieceType, bool) {
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		if strings.EqualFold(pt.String(), letter) {
			return pt, true
		}
	}
	return chess.NoPieceType, false
}

func diceRulesAt(start, seedText string) (game.Rules, error) {
	p, seed, err := game.SeededChessStart(Dice, start, seedText)
	if err != nil {
		return nil, err
	}
	return &diceRules{g: dice.NewGame(p, seed)}, nil
}

// diceRules is game.Rules over package variant/dice, and hidden: everything
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

func (r *diceRules) History() []game.Step {
	acts := r.g.Actions()
	out := make([]game.Step, len(acts))
	for i, a := range acts {
		out[i] = diceStep(a, i == 0 || acts[i-1].Turn != a.Turn)
	}
	return out
}

// diceStep writes an action as a step; the first of a turn carries its roll.
func diceStep(a dice.Action, first bool) game.Step {
	st := game.Step{UCI: a.UCI, SAN: a.SAN, FEN: a.FEN, Color: game.SideOf(a.Color)}
	if first {
		st.Ext = game.Ext{Extension: Roll{Roll: dieLetters(a.Roll[:])}}
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

func (r *diceRules) Check() (string, bool) { p := r.g.Position(); return game.ChessCheck(&p) }

func (r *diceRules) Claimable() (string, bool) { return game.ClaimText(r.g.Claimable()) }

// Dests lists the moves the dice left allow; passing ("0000") is not a
// destination: the browser offers it as a button while game.Sight says CanPass.
func (r *diceRules) Dests() map[string][]string {
	if r.g.Outcome().Over() {
		return map[string][]string{}
	}
	p := r.g.Position()
	return game.ChessDests(&p, r.g.Legal())
}

func (r *diceRules) Play(text string) (game.Step, error) {
	if err := r.g.PushUCI(text); err != nil {
		if text != "0000" && !game.IsChessUCI(text) {
			return game.Step{}, fmt.Errorf("%w: %q", game.ErrInvalidMove, text)
		}
		return game.Step{}, fmt.Errorf("%w: %s: %v", game.ErrIllegalMove, text, trimDice(err))
	}
	last, first, _ := r.g.Last()
	return diceStep(last, first), nil
}

// trimDice drops the package prefix from a rules error shown to a player.
func trimDice(err error) string { return strings.TrimPrefix(err.Error(), "dice: ") }

func (r *diceRules) Outcome() game.Outcome {
	return game.ChessOutcome(r.g.Outcome(), game.Statuses[dice.Termination]{Mate: dice.Checkmate, Stalemate: dice.Stalemate})
}

func (r *diceRules) Clone() game.Rules {
	c := &diceRules{g: dice.NewGame(r.g.StartPosition(), r.g.Seed())}
	for _, a := range r.g.Actions() {
		_ = c.g.PushUCI(a.UCI) // replaying actions that were legal
	}
	return c
}

// game.Sight shows everyone the whole game and this turn's dice, and the seed's
// commitment; the seed, which would tell every roll to come, once over.
func (r *diceRules) Sight(_ chess.Color, _, over, history bool) game.Sight {
	s := game.Sight{FEN: r.FEN(), StartFEN: r.StartFEN()}
	s.Check, _ = r.Check()
	if history {
		s.Moves = r.History()
	}
	if last, first, ok := r.g.Last(); ok {
		step := diceStep(last, first)
		s.Last = &step
	}
	s.Fair = &game.Fairness{Commitment: r.g.Seed().Commitment()}
	if over {
		s.Fair.Seed = r.g.Seed().String()
	}
	if !r.g.Outcome().Over() {
		rolled := r.g.Rolled()
		s.Ext = game.Ext{Extension: Turn{Rolled: dieLetters(rolled[:]), Left: dieLetters(r.g.Dice()),
			Moves: r.g.MovesThisTurn(), CanPass: r.g.CanPass()}}
	}
	return s
}

// PGN writes the game with each turn's roll as a {[%dice N B P]} comment
// and the seed's hash; the seed once over, for gambit dice verify.
func (r *diceRules) PGN(h game.PGNHeader) (string, error) {
	return game.WritePGN(h, "White", r.g.WritePGN)
}
