// Package jieqigame registers jieqi (揭棋, package variant/jieqi) with the
// live game: its rules as game.Rules, what each viewer may see of it, its
// computer player (engine/jieqibot, given a seat's sight only) and the
// verifier of its seeded layout.
//
// What a viewer sees: the public board (face-down pieces as X and x), the
// moves with what they turned up, and the pieces taken as far as that
// viewer knows them: a piece taken face down is known to its captor only
// (the rule set of package variant/jieqi), so a spectator, who could be
// either player in another tab, knows it as neither. The layout is dealt
// from the game's secret seed, committed to before the first move and
// revealed with the layout once the game is over.
package jieqigame

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine/jieqibot"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/variant/jieqi"
	"github.com/gambitchess/gambit/xiangqi"
)

// Jieqi is the variant's name.
const Jieqi game.Variant = "jieqi"

// The registration. No takebacks: a move taken back would have turned a
// piece up for nothing, and could be tried again knowing what it is. One
// screen needs no hand-over: both players see the same board, and what
// only a captor knows (the pieces it took face down) is in the side panel
// of the side to move.
func init() {
	game.Register(&game.Spec{
		Name:         Jieqi,
		Label:        "Jieqi",
		Labels:       map[string]string{"zh-TW": "揭棋", "zh-CN": "揭棋"},
		Tag:          "jieqi",
		Board:        game.BoardXiangqi,
		Sides:        [2]string{"Red", "Black"},
		Setup:        setup,
		Rules:        rulesAt,
		Seeded:       true,
		NoTakeback:   true,
		Hidden:       true,
		Terminations: game.TerminationNames(jieqi.Checkmate, jieqi.InsufficientMaterial, jieqi.Termination.String),
		Computer: &game.Computer{
			Levels: []game.Level{
				{Name: "easy", Label: "Easy (1 ply, guesses the face-down pieces)", Labels: map[string]string{"zh-TW": "簡單（1 層，猜測暗子）", "zh-CN": "简单（1 层，猜测暗子）"}, Depth: 1},
				{Name: "hard", Label: "Hard (2 plies, weighs what a piece may turn up as)", Labels: map[string]string{"zh-TW": "困難（2 層，權衡暗子可能翻出的棋子）", "zh-CN": "困难（2 层，权衡暗子可能翻出的棋子）"}, Depth: 2},
			},
			Play: choose,
		},
		Verify: &game.Verifier{
			Short: "Check a finished jieqi game: its seed against the commitment, the layout, and every reveal",
			Help: "verify reads a jieqi game in PGN, as Gambit writes it once the game is over\n" +
				"(with its [Seed] and [Layout] revealed), checks that the seed hashes to the\n" +
				"[SeedHash] published at the start and deals the layout, and replays the game\n" +
				"checking every move and that every {[%reveal]} and [%take] is what the layout\n" +
				"dealt. \"-\" reads standard input.",
			Run: verify,
		},
		Tree: &game.Tree{Perft: perft, Moves: moves},
	})
}

func verify(r io.Reader) (string, error) {
	plies, reveals, err := jieqi.Verify(r)
	return fmt.Sprintf("seed matches its hash and deals the layout; %d moves, %d reveals: every reveal checks", plies, reveals), err
}

// Turned is what a move of jieqi records beside its text, as the viewer
// may know it: the piece a face-down mover turned up as (a FEN letter,
// upper case for Red; public), and the piece it took, "?" when it was
// taken face down and the viewer is not its captor.
type Turned struct {
	Reveal string `json:"reveal,omitempty"`
	Took   string `json:"took,omitempty"`
}

// ExtendsVariant says Turned is jieqi's.
func (Turned) ExtendsVariant() game.Variant { return Jieqi }

// Taken is what a viewer of jieqi knows beside the board: per side (Red
// first) the pieces of that side taken whose type the viewer knows, as FEN
// letters, and how many more were taken face down unidentified.
type Taken struct {
	Known   [2]string `json:"known"`
	Unknown [2]int    `json:"unknown"`
}

// ExtendsVariant says Taken is jieqi's.
func (Taken) ExtendsVariant() game.Variant { return Jieqi }

// setup reads a public jieqi FEN (X and x for face-down pieces) to start
// from; "" is the usual start. The pieces are dealt from the game's seed.
func setup(text string) (string, []string, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", nil, nil
	}
	p, err := jieqi.ParseFEN(text)
	if err != nil {
		return "", nil, fmt.Errorf("%w: %w", game.ErrBadSetup, err)
	}
	return p.FEN(), nil, nil
}

func rulesAt(start, seedText string) (game.Rules, error) {
	seed, err := fair.ParseSeed(seedText)
	if err != nil {
		return nil, fmt.Errorf("%w: jieqi: %w", game.ErrBadSetup, err)
	}
	if start == "" {
		return &rules{g: jieqi.NewGame(seed), start: start}, nil
	}
	g, err := jieqi.NewGameFromFEN(start, seed)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", game.ErrBadSetup, err)
	}
	return &rules{g: g, start: start}, nil
}

// rules is game.Rules over package variant/jieqi, and hidden: the board is
// public, the identities of the face-down pieces are nobody's, and a piece
// taken face down is its captor's.
type rules struct {
	g     *jieqi.Game
	start string // the public start FEN given ("" for the usual one), for Clone
}

// side maps a jieqi colour to the game's sides: Red moves first, as White.
func side(c jieqi.Color) chess.Color {
	if c == jieqi.Red {
		return chess.White
	}
	return chess.Black
}

// colorOf maps the game's side back to jieqi's.
func colorOf(c chess.Color) jieqi.Color {
	if c == chess.White {
		return jieqi.Red
	}
	return jieqi.Black
}

func (r *rules) Turn() chess.Color         { return side(r.g.Turn()) }
func (r *rules) Ply() int                  { return r.g.Ply() }
func (r *rules) FEN() string               { return r.g.FEN() }
func (r *rules) StartFEN() string          { p := r.g.StartPosition(); return p.FEN() }
func (r *rules) Pop() bool                 { return false } // the variant has no takebacks
func (r *rules) Claimable() (string, bool) { return "", false }

// CanMate: a flag fall loses whatever is left, as in xiangqi.
func (r *rules) CanMate(chess.Color) bool { return true }

func (r *rules) Dests() map[string][]string {
	out := map[string][]string{}
	for _, u := range r.g.LegalUCI() {
		out[u[0:2]] = append(out[u[0:2]], u[2:4])
	}
	return out
}

func (r *rules) Play(text string) (game.Step, error) {
	pl, err := r.g.PushUCI(strings.ToLower(text))
	if err != nil {
		if errors.Is(err, jieqi.ErrInvalidMove) {
			return game.Step{}, fmt.Errorf("%w: %w", game.ErrInvalidMove, err)
		}
		return game.Step{}, fmt.Errorf("%w: %w", game.ErrIllegalMove, err)
	}
	before, _ := r.g.PositionAt(r.g.Ply() - 1)
	return stepOf(&before, pl.SeenBy(jieqi.NoColor), r.g.FEN()), nil
}

// History is every move as a spectator knows it: nothing of a piece taken
// face down. Each viewer's own is in its Sight.
func (r *rules) History() []game.Step { return r.steps(jieqi.NoColor, false) }

// steps writes the moves as seer knows them (all of them with all).
func (r *rules) steps(seer jieqi.Color, all bool) []game.Step {
	p := r.g.StartPosition()
	played := r.g.History()
	out := make([]game.Step, len(played))
	for i, pl := range played {
		if !all {
			pl = pl.SeenBy(seer)
		}
		var next jieqi.Position
		p.MakeMove(pl.Move, &next)
		out[i] = stepOf(&p, pl, next.FEN())
		p = next
	}
	return out
}

// lastStep is the last move as seer knows it (all: as it was), if any.
func (r *rules) lastStep(seer jieqi.Color, all bool) (game.Step, bool) {
	pl, ok := r.g.Last() // not History: this runs for every viewer after every move
	if !ok {
		return game.Step{}, false
	}
	if !all {
		pl = pl.SeenBy(seer)
	}
	before, _ := r.g.PositionAt(r.g.Ply() - 1)
	return stepOf(&before, pl, r.g.FEN()), true
}

// stepOf writes a move played in before, as its viewer knows it, with the
// public FEN after it: its SAN is Chinese notation in traditional
// characters and what it showed (炮二平五 翻俥, as xiangqi's SAN is its
// Chinese notation; the browser writes it again in the reader's script),
// its WXF the same in WXF (C2.5=R).
func stepOf(before *jieqi.Position, pl jieqi.Played, fen string) game.Step {
	st := game.Step{UCI: pl.UCI(), SAN: pl.ChineseIn(before, xiangqi.Traditional), WXF: pl.WXF(before), FEN: fen, Color: game.SideOf(side(pl.Color))}
	var t Turned
	if pl.Revealed != jieqi.NoPieceType {
		t.Reveal = string(xiangqi.NewPiece(pl.Color, pl.Revealed).Char())
	}
	switch {
	case pl.Captured != xiangqi.NoPiece:
		t.Took = string(pl.Captured.Char())
	case pl.CapturedDown:
		t.Took = "?"
	}
	if t != (Turned{}) {
		st.Ext = game.Ext{Extension: t}
	}
	return st
}

func (r *rules) Check() (string, bool) {
	p := r.g.Position()
	if !p.InCheck() {
		return "", false
	}
	return p.KingSquare(p.SideToMove()).String(), true
}

func (r *rules) Outcome() game.Outcome {
	o := r.g.Outcome()
	return game.OutcomeOf(o.Over(), o.Termination, o.Draw, side(o.Winner),
		game.Statuses[jieqi.Termination]{Mate: jieqi.Checkmate, Stalemate: jieqi.Stalemate, Forfeit: jieqi.PerpetualCheck}) // a stalemate loses, as a perpetual check does
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

// Sight is the game as a viewer knows it: the public board, the moves with
// what they turned up, and the pieces taken as far as the viewer knows
// them (a spectator: only what both players know). Once over, everything,
// with the seed.
func (r *rules) Sight(seer chess.Color, spectator, over, history bool) game.Sight {
	viewer := colorOf(seer)
	if spectator {
		viewer = jieqi.NoColor
	}
	var known jieqi.Position
	if over {
		known = r.g.Position() // the true position knows every piece taken
	} else {
		known = r.g.View(viewer).Position
	}
	s := game.Sight{FEN: r.g.FEN(), StartFEN: r.StartFEN()}
	s.Check, _ = r.Check()
	if history {
		s.Moves = r.steps(viewer, over)
	}
	if last, ok := r.lastStep(viewer, over); ok {
		s.Last = &last
	}
	s.Fair = &game.Fairness{Commitment: r.g.Commitment()}
	if over {
		s.Fair.Seed = r.g.Seed().String()
	}
	s.Ext = game.Ext{Extension: takenOf(&known)}
	return s
}

// takenOf lists what p knows of the pieces taken.
func takenOf(p *jieqi.Position) Taken {
	var t Taken
	for c := jieqi.Red; c <= jieqi.Black; c++ {
		known, unknown := p.Lost(c)
		var sb strings.Builder
		for pt := jieqi.Advisor; pt <= jieqi.Soldier; pt++ {
			for range known[pt] {
				sb.WriteByte(xiangqi.NewPiece(c, pt).Char())
			}
		}
		t.Known[c], t.Unknown[c] = sb.String(), unknown
	}
	return t
}

// PGN writes the game with its reveals and the seed's hash; the seed, the
// layout and the pieces taken face down once the game is over.
func (r *rules) PGN(h game.PGNHeader) (string, error) {
	return game.WritePGN(h, "Red", r.g.WritePGN)
}

// choose asks the jieqi player, giving it its seat's sight rebuilt: the
// public board and what the seat knows of the pieces taken.
func choose(ctx context.Context, s game.Sight, seat chess.Color, level game.Level) (string, error) {
	taken, ok := game.ExtAs[Taken](s.Ext)
	if !ok {
		return "", errors.New("jieqi bot: nothing of the pieces taken in the sight")
	}
	var known [2][8]int
	for c, letters := range taken.Known {
		for i := range len(letters) {
			pc := xiangqi.PieceFromChar(letters[i])
			if pc == xiangqi.NoPiece || pc.Color() != jieqi.Color(c) || pc.Type() == jieqi.King {
				return "", fmt.Errorf("jieqi bot: taken piece %q", letters[i])
			}
			known[c][pc.Type()]++
		}
	}
	sight, err := jieqi.SightOf(s.FEN, colorOf(seat), known, taken.Unknown)
	if err != nil {
		return "", fmt.Errorf("jieqi bot: %w", err)
	}
	m := jieqibot.Choose(ctx, sight, level.Depth)
	if m == jieqi.MoveNone {
		return "", fmt.Errorf("jieqi bot: no move in %s", s.FEN)
	}
	return m.String(), nil
}

// parse reads a public jieqi FEN; "" is the start.
func parse(fen string) (jieqi.Position, error) {
	if fen == "" {
		return jieqi.StartPosition(), nil
	}
	return jieqi.ParseFEN(fen)
}

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
	for _, e := range jieqi.Divide(&p, depth) {
		out = append(out, game.Divide{Move: e.Move.String(), Nodes: e.Nodes})
		total += e.Nodes
	}
	return out, total, nil
}

// moves lists the legal moves of a public position in ICCS.
func moves(fen string, _ game.MoveOptions) ([]string, error) {
	p, err := parse(fen)
	if err != nil {
		return nil, err
	}
	var ml jieqi.MoveList
	p.GenerateLegal(&ml)
	out := make([]string, 0, ml.Len())
	for i := range ml.Len() {
		out = append(out, ml.At(i).String())
	}
	return out, nil
}
