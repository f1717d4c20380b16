package bombgame

import (
	"context"
	"fmt"
	"io"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine/bombbot"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/bomb"
	"github.com/gambitchess/gambit/variant/chesssetup"
)

// Bomb is bomb chess (package variant/bomb): eight hidden mines on ranks 3
// to 6; a piece that ends its move on one explodes with its neighbours.
const Bomb game.Variant = "bomb"

// The registration. A seed drawn when the game is created lays the mines
// (its hash is shown from the start, the seed and the mines at the end:
// gambit bomb verify). No takebacks: a move taken back would let a player
// try a square again knowing what lies there.
func init() {
	game.Register(&game.Spec{
		Name:         Bomb,
		Label:        "Bomb chess",
		Labels:       map[string]string{"zh-TW": "地雷西洋棋", "zh-CN": "地雷国际象棋"},
		Tag:          "bomb",
		Board:        game.BoardChess,
		Sides:        game.ChessSides,
		Setup:        chesssetup.Read,
		Rules:        bombRulesAt,
		Seeded:       true,
		NoTakeback:   true,
		Hidden:       true,
		ClaimDraw:    true,
		Terminations: game.TerminationNames(bomb.KingExposed, bomb.ThreefoldRepetition, bomb.Termination.String),
		Computer: &game.Computer{
			Levels: []game.Level{
				{Name: "easy", Label: "Easy (1 ply, wary of unknown squares)", Labels: map[string]string{"zh-TW": "簡單（1 層，避開未知的格子）", "zh-CN": "简单（1 层，避开未知格子）"}, Depth: 1},
				{Name: "hard", Label: "Hard (3 plies, wary of unknown squares)", Labels: map[string]string{"zh-TW": "困難（3 層，避開未知的格子）", "zh-CN": "困难（3 层，避开未知格子）"}, Depth: 2},
			},
			Play: choose,
		},
		Verify: &game.Verifier{
			Short: "Check a finished bomb chess game: its seed against the commitment, the mines, and every blast",
			Help: "verify reads a bomb chess game in PGN, as Gambit writes it once the game is\n" +
				"over (with its [Seed] and [Mines] revealed), checks that the seed hashes to the\n" +
				"[SeedHash] published at the start and lays the listed mines, and replays the\n" +
				"game checking that each {[%blast]} comment follows exactly the moves that set\n" +
				"off a mine. \"-\" reads standard input.",
			Run: verify,
		},
	})
}

func verify(r io.Reader) (string, error) {
	plies, blasts, err := bomb.Verify(r)
	return fmt.Sprintf("seed matches its hash and lays the mines; %d moves, %d blasts: every blast checks", plies, blasts), err
}

// Blast is what a move of bomb chess records beside its text when it set
// off a mine: the mine's square, and the squares whose pieces the blast
// removed.
type Blast struct {
	Blast   string   `json:"blast"`
	Cleared []string `json:"cleared"`
}

// ExtendsVariant says Blast is bomb chess's.
func (Blast) ExtendsVariant() game.Variant { return Bomb }

// Mines is what a player of bomb chess knows beside the board: the mines that
// went off (all of them once the game is over), and the squares everyone
// knows hold none.
type Mines struct {
	Mines []string `json:"mines"`
	Safe  []string `json:"safe"`
}

// ExtendsVariant says Mines is bomb chess's.
func (Mines) ExtendsVariant() game.Variant { return Bomb }

// play asks the bomb-chess player: the board, the mines that went off and
// the squares known safe are public; where the others lie it is not told.
func choose(ctx context.Context, s game.Sight, _ chess.Color, level game.Level) (string, error) {
	pos, err := chess.ParseFEN(s.FEN)
	if err != nil {
		return "", fmt.Errorf("bomb bot: %w", err)
	}
	ext, ok := game.ExtAs[Mines](s.Ext)
	if !ok {
		return "", fmt.Errorf("bomb bot: no mines in the sight")
	}
	exploded, err := game.ParseSquareNames(ext.Mines)
	if err != nil {
		return "", fmt.Errorf("bomb bot: %w", err)
	}
	safe, err := game.ParseSquareNames(ext.Safe)
	if err != nil {
		return "", fmt.Errorf("bomb bot: %w", err)
	}
	m := bombbot.Choose(ctx, pos, exploded, safe|bomb.BackRanks, bomb.NumMines-exploded.Count(), level.Depth)
	if m == chess.MoveNone {
		return "", fmt.Errorf("bomb bot: no move in %s", s.FEN)
	}
	return pos.UCI(m), nil
}

func bombRulesAt(start, seedText string) (game.Rules, error) {
	p, seed, err := game.SeededChessStart(Bomb, start, seedText)
	if err != nil {
		return nil, err
	}
	return &bombRules{g: bomb.NewGame(p, seed)}, nil
}

// bombRules is game.Rules over package variant/bomb, and hidden: the board
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

func (r *bombRules) History() []game.Step {
	steps := r.g.Steps()
	out := make([]game.Step, len(steps))
	for i, s := range steps {
		out[i] = bombStep(s)
	}
	return out
}

// bombStep writes a step of the rules as the live game's, with its blast.
func bombStep(s bomb.Step) game.Step {
	st := game.Step{UCI: s.UCI, SAN: s.SAN, FEN: s.FEN, Color: game.SideOf(s.Color)}
	if s.Blast.Exploded {
		st.Ext = game.Ext{Extension: Blast{Blast: s.Blast.Square.String(), Cleared: game.SquareNames(s.Blast.Cleared)}}
	}
	return st
}

func (r *bombRules) Check() (string, bool) {
	p := r.g.Position()
	if r.g.Outcome().Termination == bomb.KingExposed {
		return "", false
	}
	return game.ChessCheck(&p)
}

func (r *bombRules) Claimable() (string, bool) { return game.ClaimText(r.g.Claimable()) }

func (r *bombRules) Dests() map[string][]string {
	if r.g.Outcome().Over() {
		return map[string][]string{}
	}
	p := r.g.Position()
	return game.ChessDests(&p, r.g.Legal())
}

func (r *bombRules) Play(text string) (game.Step, error) {
	if _, err := r.g.PushUCI(text); err != nil {
		if !game.IsChessUCI(text) {
			return game.Step{}, fmt.Errorf("%w: %q", game.ErrInvalidMove, text)
		}
		return game.Step{}, fmt.Errorf("%w: %s", game.ErrIllegalMove, text)
	}
	last, _ := r.g.Last()
	return bombStep(last), nil
}

func (r *bombRules) Outcome() game.Outcome {
	return game.ChessOutcome(r.g.Outcome(), game.Statuses[bomb.Termination]{Mate: bomb.Checkmate, Stalemate: bomb.Stalemate, Forfeit: bomb.KingExposed})
}

func (r *bombRules) Clone() game.Rules {
	c := &bombRules{g: bomb.NewGame(r.g.StartPosition(), r.g.Seed())}
	for _, s := range r.g.Steps() {
		_, _ = c.g.Push(s.Move) // replaying moves that were legal
	}
	return c
}

// game.Sight shows everyone the board and the moves, the mines that went off,
// the squares known safe and the seed's commitment; the other mines and
// the seed only once the game is over.
func (r *bombRules) Sight(_ chess.Color, _, over, history bool) game.Sight {
	s := game.Sight{FEN: r.FEN(), StartFEN: r.StartFEN()}
	s.Check, _ = r.Check()
	if history {
		s.Moves = r.History()
	}
	if last, ok := r.g.Last(); ok {
		step := bombStep(last)
		s.Last = &step
	}
	mines := r.g.Exploded()
	s.Fair = &game.Fairness{Commitment: r.g.Commitment()}
	if over {
		mines |= r.g.Hidden()
		s.Fair.Seed = r.g.Seed().String()
	}
	s.Ext = game.Ext{Extension: Mines{Mines: game.SquareNames(mines), Safe: game.SquareNames(r.g.KnownSafe() & bomb.MineZone)}}
	return s
}

// PGN writes the game with its blasts as {[%blast e4]} comments and the
// seed's hash; the seed and the mines once the game is over.
func (r *bombRules) PGN(h game.PGNHeader) (string, error) {
	return game.WritePGN(h, "White", r.g.WritePGN)
}
