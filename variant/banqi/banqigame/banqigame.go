// Package banqigame registers banqi (暗棋, package variant/banqi) with the
// live game: its rules as game.Rules, what a viewer sees of it, its
// computer player (engine/banqibot, given the public board only) and the
// verifier of its seeded layout.
//
// What a viewer sees: the public board (face-down pieces as x), the moves
// with what each flip turned up, and the pieces taken. Banqi hides the
// same from everyone, the players included: nobody knows a face-down
// piece until it is flipped, so every viewer, either seat and the
// spectators alike, sees the same game. The layout is dealt from the
// game's secret seed, committed to before the first move and revealed,
// with the layout, once the game is over.
package banqigame

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine/banqibot"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/banqi"
	"github.com/gambitchess/gambit/variant/fair"
)

// Banqi is the variant's name.
const Banqi game.Variant = "banqi"

// BoardBanqi is banqi's board: 4×8 squares, the pieces in the squares,
// positions in banqi's FEN (package variant/banqi).
const BoardBanqi game.Board = "banqi"

// The registration. Seats, not colours: the first player flips first and
// plays the colour it turns up, so the sides are "First" and "Second"
// (chess.White is the first player) and the colours are the FEN's third
// field. No takebacks: a flip taken back would have shown a piece for
// nothing. One screen needs no hand-over: both players see the same.
func init() {
	game.Register(&game.Spec{
		Name:         Banqi,
		Label:        "Banqi",
		Labels:       map[string]string{"zh-TW": "暗棋", "zh-CN": "暗棋"},
		Tag:          "banqi",
		Board:        BoardBanqi,
		Sides:        [2]string{"First", "Second"},
		Setup:        setup,
		Rules:        rulesAt,
		Seeded:       true,
		NoTakeback:   true,
		Hidden:       true,
		Terminations: game.TerminationNames(banqi.NoPieces, banqi.MoveLimit, banqi.Termination.String),
		Computer: &game.Computer{
			Levels: []game.Level{
				{Name: "easy", Label: "Easy (1 ply, weighs what a flip may turn up)", Labels: map[string]string{"zh-TW": "簡單（1 層，權衡翻出的可能）", "zh-CN": "简单（1 层，权衡翻出的可能）"}, Depth: 1},
				{Name: "hard", Label: "Hard (3 plies, weighs what a flip may turn up)", Labels: map[string]string{"zh-TW": "困難（3 層，權衡翻出的可能）", "zh-CN": "困难（3 层，权衡翻出的可能）"}, Depth: 3},
			},
			Play: choose,
		},
		Verify: &game.Verifier{
			Short: "Check a finished banqi game: its seed against the commitment, the layout, and every flip",
			Help: "verify reads a banqi game in PGN, as Gambit writes it once the game is over\n" +
				"(with its [Seed] and [Layout] revealed), checks that the seed hashes to the\n" +
				"[SeedHash] published at the start and deals the layout, and replays the game\n" +
				"checking every move and that every flip (c2=K) turned up what the layout\n" +
				"dealt. \"-\" reads standard input.",
			Run: verify,
		},
		Tree: &game.Tree{Perft: perft, Moves: moves},
	})
}

func verify(r io.Reader) (string, error) {
	plies, flips, err := banqi.Verify(r)
	return fmt.Sprintf("seed matches its hash and deals the layout; %d moves, %d flips: every flip checks", plies, flips), err
}

// Turned is what a flip records beside its text: the piece it turned up,
// a FEN letter, upper case for red (public once flipped). Other moves
// record nothing.
type Turned struct {
	Reveal string `json:"reveal,omitempty"`
}

// ExtendsVariant says Turned is banqi's.
func (Turned) ExtendsVariant() game.Variant { return Banqi }

// Seen is what a viewer of banqi sees beside the board: the pieces taken,
// per colour (red first) as FEN letters in the order they were taken,
// which narrow what a face-down piece may be; and once the game is over
// the board with every face-down piece shown (banqi.LayoutText).
type Seen struct {
	Taken  [2]string `json:"taken"`
	Layout string    `json:"layout,omitempty"`
}

// ExtendsVariant says Seen is banqi's.
func (Seen) ExtendsVariant() game.Variant { return Banqi }

// setup reads a public banqi FEN (x for face-down pieces) to start from;
// "" is the usual start. The pieces are dealt from the game's seed.
func setup(text string) (string, []string, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", nil, nil
	}
	p, err := banqi.ParseFEN(text)
	if err != nil {
		return "", nil, fmt.Errorf("%w: %w", game.ErrBadSetup, err)
	}
	if down, pool := faceDownCount(&p); down > 0 && down != pool {
		// The seed would deal some of the pieces that may lie face down
		// and not others, and the rules, which read the pieces dealt,
		// would tell by the game's end or its moves which ones they were.
		// With none face down (an ending) nothing is dealt.
		return "", nil, fmt.Errorf("%w: banqi: %d pieces face down, but the pieces not face up are %d: a set position with pieces face down holds every piece, face up or face down", game.ErrBadSetup, down, pool)
	}
	return p.FEN(), nil, nil
}

// faceDownCount counts p's face-down squares and the pieces that may lie
// on them (every piece not face up).
func faceDownCount(p *banqi.Position) (down, pool int) {
	for s := banqi.Square(0); s < banqi.NumSquares; s++ {
		if p.IsFaceDown(s) {
			down++
		}
	}
	for _, c := range []banqi.Color{banqi.Red, banqi.Black} {
		for t := banqi.King; t <= banqi.Soldier; t++ {
			pool += p.Pool(banqi.NewPiece(c, t))
		}
	}
	return down, pool
}

func rulesAt(start, seedText string) (game.Rules, error) {
	seed, err := fair.ParseSeed(seedText)
	if err != nil {
		return nil, fmt.Errorf("%w: banqi: %w", game.ErrBadSetup, err)
	}
	fen := start
	if fen == "" {
		fen = banqi.StartFEN
	}
	g, err := banqi.NewGameFromFEN(fen, seed, banqi.DefaultOptions())
	if err != nil {
		return nil, fmt.Errorf("%w: %w", game.ErrBadSetup, err)
	}
	return &rules{g: g, start: start}, nil
}

// rules is game.Rules over package variant/banqi, and hidden: the board
// is public, the identities of the face-down pieces nobody's.
type rules struct {
	g     *banqi.Game
	start string // the public start FEN given ("" for the usual one), for Clone
}

// seat maps a banqi player to the game's sides: the first player is White.
func seat(pl banqi.Player) chess.Color {
	if pl == banqi.First {
		return chess.White
	}
	return chess.Black
}

// player maps a side of the game back to banqi's player.
func player(c chess.Color) banqi.Player {
	if c == chess.White {
		return banqi.First
	}
	return banqi.Second
}

func (r *rules) Turn() chess.Color         { return seat(r.g.Turn()) }
func (r *rules) Ply() int                  { return r.g.Ply() }
func (r *rules) FEN() string               { return r.g.FEN() }
func (r *rules) StartFEN() string          { p := r.g.StartPosition(); return p.FEN() }
func (r *rules) Pop() bool                 { return false } // the variant has no takebacks
func (r *rules) Check() (string, bool)     { return "", false }
func (r *rules) Claimable() (string, bool) { return "", false }

// CanMate: a player may still win while it has a piece (before the first
// flip, everyone may).
func (r *rules) CanMate(c chess.Color) bool {
	p := r.g.Position()
	col := p.ColorOf(player(c))
	return col == banqi.NoColor || p.HasPieces(col)
}

// Dests lists each legal move by its square: a flip as the square to
// itself ({"c2": ["c2"]}).
func (r *rules) Dests() map[string][]string {
	out := map[string][]string{}
	for _, m := range r.g.LegalMoves() {
		from := m.From().String()
		out[from] = append(out[from], m.To().String())
	}
	return out
}

// Play plays coordinate text only ("c2c3", a flip "c2c2"), never SAN: a
// flip written "c2=K" is checked against the piece dealt there, and its
// refusal would tell a player what a face-down piece is not.
func (r *rules) Play(text string) (game.Step, error) {
	m, err := banqi.ParseMove(text)
	if err != nil {
		return game.Step{}, fmt.Errorf("%w: %w", game.ErrInvalidMove, err)
	}
	pl, err := r.g.Push(m)
	if err != nil {
		if errors.Is(err, banqi.ErrInvalidMove) {
			return game.Step{}, fmt.Errorf("%w: %w", game.ErrInvalidMove, err)
		}
		return game.Step{}, fmt.Errorf("%w: %w", game.ErrIllegalMove, err)
	}
	return stepOf(pl, r.g.FEN()), nil
}

// History is every move: everyone sees the same.
func (r *rules) History() []game.Step {
	played := r.g.History()
	out := make([]game.Step, len(played))
	for i, pl := range played {
		p, _ := r.g.PositionAt(i + 1)
		out[i] = stepOf(pl, p.FEN())
	}
	return out
}

// stepOf writes a move with the public FEN after it: its UCI is the
// coordinate text (a flip "c2c2"), its SAN banqi's (c2=K, Rc2-c3), and a
// flip records what it turned up.
func stepOf(pl banqi.Played, fen string) game.Step {
	st := game.Step{UCI: pl.Move.String(), SAN: pl.SAN(), FEN: fen, Color: game.SideOf(seat(pl.Player))}
	if pl.IsFlip() {
		st.Ext = game.Ext{Extension: Turned{Reveal: pl.Piece.String()}}
	}
	return st
}

func (r *rules) Outcome() game.Outcome {
	o := r.g.Outcome()
	// No piece left is the game's own win; no move loses, as in xiangqi.
	return game.OutcomeOf(o.Over(), o.Termination, o.Draw, seat(o.Winner),
		game.Statuses[banqi.Termination]{Mate: banqi.NoPieces, Stalemate: banqi.NoMoves, Forfeit: banqi.PerpetualChase})
}

func (r *rules) Clone() game.Rules {
	c, err := rulesAt(r.start, r.g.Seed().String())
	if err != nil {
		panic(err) // cannot happen: the same start and seed opened this game
	}
	for _, pl := range r.g.History() {
		_, _ = c.(*rules).g.Push(pl.Move) // replaying moves that were legal
	}
	return c
}

// Sight is the game as everyone sees it: the public board, the moves with
// what the flips turned up, the pieces taken. Once over, the seed and the
// board with its face-down pieces shown as well.
func (r *rules) Sight(_ chess.Color, _, over, history bool) game.Sight {
	s := game.Sight{FEN: r.g.FEN(), StartFEN: r.StartFEN()}
	if history {
		s.Moves = r.History()
	}
	if pl, ok := r.g.Last(); ok {
		last := stepOf(pl, s.FEN)
		s.Last = &last
	}
	s.Fair = &game.Fairness{Commitment: r.g.Commitment()}
	seen := Seen{Taken: [2]string{r.g.TakenText(banqi.Red), r.g.TakenText(banqi.Black)}}
	if over {
		s.Fair.Seed = r.g.Seed().String()
		p := r.g.Position()
		seen.Layout = banqi.LayoutText(&p)
	}
	s.Ext = game.Ext{Extension: seen}
	return s
}

// PGN writes the game with its flips and the seed's hash; the seed and the
// layout once the game is over. The seats are the White (first player)
// and Black (second) tags, as PGN's roster names them.
func (r *rules) PGN(h game.PGNHeader) (string, error) {
	return game.WritePGN(h, "White", r.g.WritePGN)
}

// choose asks the banqi player, giving it the public board and the pieces
// taken, from its seat's sight.
func choose(ctx context.Context, s game.Sight, c chess.Color, level game.Level) (string, error) {
	seen, ok := game.ExtAs[Seen](s.Ext)
	if !ok {
		return "", errors.New("banqi bot: nothing of the pieces taken in the sight")
	}
	p, err := banqi.SightOf(s.FEN, seen.Taken)
	if err != nil {
		return "", fmt.Errorf("banqi bot: %w", err)
	}
	if p.Turn() != player(c) {
		return "", fmt.Errorf("banqi bot: seated %s, but the %s player is to move in %s", player(c), p.Turn(), s.FEN)
	}
	m := banqibot.Choose(ctx, p, level.Depth, recurring(s, p.HalfmoveClock()))
	if m == banqi.MoveNone {
		return "", fmt.Errorf("banqi bot: no move in %s", s.FEN)
	}
	return m.String(), nil
}

// recurring returns the keys of the positions of the sight's history
// before the current one that its moves could repeat: the last back, those
// since the last flip or capture. A sight without its moves gives none.
func recurring(s game.Sight, back int) []uint64 {
	fens := make([]string, 0, len(s.Moves)+1)
	fens = append(fens, s.StartFEN)
	for _, st := range s.Moves {
		fens = append(fens, st.FEN)
	}
	if len(s.Moves) == 0 {
		return nil
	}
	fens = fens[:len(fens)-1] // the last is the current position
	var keys []uint64
	for _, fen := range fens[max(len(fens)-back, 0):] {
		if p, err := banqi.ParseFEN(fen); err == nil {
			keys = append(keys, p.Key())
		}
	}
	return keys
}

// parse reads a public banqi FEN; "" is the start.
func parse(fen string) (banqi.Position, error) {
	if fen == "" {
		return banqi.StartPosition(), nil
	}
	return banqi.ParseFEN(fen)
}

// perft counts the public tree: a flip branches into every piece it may
// turn up (banqi.Perft).
func perft(fen string, depth int) ([]game.Divide, uint64, error) {
	p, err := parse(fen)
	if err != nil {
		return nil, 0, err
	}
	if depth <= 0 {
		return nil, 1, nil
	}
	var out []game.Divide
	var total uint64
	for _, e := range banqi.Divide(&p, depth) {
		out = append(out, game.Divide{Move: e.Move.String(), Nodes: e.Nodes})
		total += e.Nodes
	}
	return out, total, nil
}

// moves lists the legal moves of a public position in coordinate text.
func moves(fen string, _ game.MoveOptions) ([]string, error) {
	p, err := parse(fen)
	if err != nil {
		return nil, err
	}
	var ml banqi.MoveList
	p.GenerateLegal(&ml)
	out := make([]string, 0, ml.Len())
	for _, m := range ml.Moves() {
		out = append(out, m.String())
	}
	return out, nil
}
