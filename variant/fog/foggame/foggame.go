package foggame

import (
	"context"
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine/fogbot"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/chesssetup"
	"github.com/gambitchess/gambit/variant/fog"
)

// FogOfWar is fog-of-war chess (package variant/fog): each player sees only
// what their pieces could move to, there is no check, and taking the king wins.
const FogOfWar game.Variant = "fogofwar"

// The registration. Setup reads a FEN of these rules (a king may stand
// attacked) or a chess PGN (every legal chess move is a move of these
// rules too). No takebacks: a move taken back would have shown squares of
// the fog. Every state is cut per viewer by the rules' Sight, and each
// seat's differs, so one screen hands over between turns.
func init() {
	game.Register(&game.Spec{
		Name:         FogOfWar,
		Label:        "Fog of war",
		Labels:       map[string]string{"zh-TW": "迷霧西洋棋", "zh-CN": "迷雾国际象棋"},
		Tag:          "fog",
		Board:        game.BoardChess,
		Sides:        game.ChessSides,
		Setup:        fogSetup,
		Rules:        func(start, _ string) (game.Rules, error) { return fogRulesAt(start) },
		NoTakeback:   true,
		Hidden:       true,
		HandOver:     true,
		Terminations: game.TerminationNames(fog.KingCaptured, fog.BareKings, fog.Termination.String),
		Computer: &game.Computer{
			Levels: []game.Level{
				{Name: "easy", Label: "Easy (guesses once, 2 plies)", Labels: map[string]string{"zh-TW": "簡單（猜一次局面，2 層）", "zh-CN": "简单（猜一次局面，2 层）"}, Depth: 1},
				{Name: "hard", Label: "Hard (votes over 8 guesses, 3 plies)", Labels: map[string]string{"zh-TW": "困難（猜 8 次局面再投票，3 層）", "zh-CN": "困难（猜 8 次局面后投票，3 层）"}, Depth: 2},
			},
			Play: choose,
		},
		Tree: &game.Tree{Perft: perft, Moves: moves},
	})
}

// Fog is what a player of fog of war sees beside the board: the squares
// in the fog (the FEN has them empty).
type Fog struct {
	Fog []string `json:"fog"`
}

// ExtendsVariant says Fog is fog of war's.
func (Fog) ExtendsVariant() game.Variant { return FogOfWar }

// choose asks the fog-of-war player, giving it the views of its seat: the
// boards it saw and its own moves, never the game.
func choose(ctx context.Context, s game.Sight, seat chess.Color, level game.Level) (string, error) {
	in := fogbot.Input{Color: seat, Views: []string{s.StartFEN}}
	for _, st := range s.Moves {
		in.Views = append(in.Views, st.FEN)
		in.Moves = append(in.Moves, st.UCI)
	}
	ext, ok := game.ExtAs[Fog](s.Ext)
	if !ok {
		return "", fmt.Errorf("fog bot: no fog in the sight")
	}
	var err error
	if in.Fog, err = game.ParseSquareNames(ext.Fog); err != nil {
		return "", fmt.Errorf("fog bot: %w", err)
	}
	strength := fogbot.Easy
	if level.Depth >= 2 {
		strength = fogbot.Hard
	}
	return fogbot.Choose(ctx, in, strength)
}

// parse reads a FEN of fog of war; "" is the start position.
func parse(fen string) (fog.Position, error) {
	if fen == "" {
		return fog.StartPosition(), nil
	}
	return fog.ParseFEN(fen)
}

func perft(fen string, depth int) ([]game.Divide, uint64, error) {
	p, err := parse(fen)
	if err != nil {
		return nil, 0, err
	}
	var out []game.Divide
	var total uint64
	for _, e := range fog.Divide(p, depth) {
		out = append(out, game.Divide{Move: p.UCI(e.Move), Nodes: e.Nodes})
		total += e.Nodes
	}
	if depth == 0 {
		total = 1
	}
	return out, total, nil
}

// moves lists the legal moves in UCI alone: SAN's check and mate marks
// mean nothing in a game without check.
func moves(fen string, _ game.MoveOptions) ([]string, error) {
	p, err := parse(fen)
	if err != nil {
		return nil, err
	}
	var ml chess.MoveList
	p.Generate(&ml)
	var out []string
	for _, m := range ml.Moves() {
		out = append(out, p.UCI(m))
	}
	return out, nil
}

func fogSetup(text string) (string, []string, error) {
	if text = strings.TrimSpace(text); !chesssetup.IsChessFEN(text) {
		return chesssetup.Read(text)
	}
	p, err := fog.ParseFEN(text)
	if err != nil {
		return "", nil, fmt.Errorf("%w: %v", game.ErrBadSetup, err)
	}
	return p.FEN(), nil, nil
}

func fogRulesAt(start string) (game.Rules, error) {
	p := fog.StartPosition()
	if start != "" {
		var err error
		if p, err = fog.ParseFEN(start); err != nil {
			return nil, fmt.Errorf("%w: %v", game.ErrBadSetup, err)
		}
	}
	return &fogRules{g: fog.NewGame(p)}, nil
}

// fogRules is game.Rules over package variant/fog, and hidden: what a player
// sees is their fog.View of each position.
type fogRules struct {
	g     *fog.Game
	steps []game.Step // every move as the rules wrote it
}

func (r *fogRules) position() fog.Position { return r.g.Position() }

func (r *fogRules) Turn() chess.Color    { p := r.position(); return p.SideToMove() }
func (r *fogRules) Ply() int             { return len(r.g.Moves()) }
func (r *fogRules) FEN() string          { p := r.position(); return p.FEN() }
func (r *fogRules) StartFEN() string     { p := r.g.StartPosition(); return p.FEN() }
func (r *fogRules) Pop() bool            { return false } // the variant has no takebacks
func (r *fogRules) History() []game.Step { return r.steps }

// Check is never given: fog of war has no check.
func (r *fogRules) Check() (string, bool)     { return "", false }
func (r *fogRules) Claimable() (string, bool) { return "", false }

// CanMate: a side can still take the king while it has a piece besides its
// king (two bare kings end the game by themselves).
func (r *fogRules) CanMate(c chess.Color) bool {
	p := r.position()
	b := p.Board()
	return b.ByColor(c)&^b.PiecesOfType(chess.King) != 0
}

func (r *fogRules) Dests() map[string][]string {
	p := r.position()
	var ml chess.MoveList
	p.Generate(&ml)
	b := p.Board()
	return game.ChessDests(&b, ml.Moves())
}

func (r *fogRules) Play(text string) (game.Step, error) {
	p := r.position()
	if o := r.g.Outcome(); o.Over() {
		return game.Step{}, fmt.Errorf("%w: %s: the game is over", game.ErrIllegalMove, text)
	}
	var ml chess.MoveList
	p.Generate(&ml)
	for _, m := range ml.Moves() {
		if p.UCI(m) != text {
			continue
		}
		step := game.Step{UCI: text, SAN: p.SAN(m), Color: game.SideOf(p.SideToMove())}
		if err := r.g.Push(m); err != nil {
			return game.Step{}, fmt.Errorf("%w: %s: %v", game.ErrIllegalMove, text, err)
		}
		step.FEN = r.FEN()
		r.steps = append(r.steps, step)
		return step, nil
	}
	if !game.IsChessUCI(text) {
		return game.Step{}, fmt.Errorf("%w: %q", game.ErrInvalidMove, text)
	}
	return game.Step{}, fmt.Errorf("%w: %s", game.ErrIllegalMove, text)
}

func (r *fogRules) Outcome() game.Outcome {
	return game.ChessOutcome(r.g.Outcome(), game.Statuses[fog.Termination]{Mate: fog.KingCaptured, Stalemate: fog.Stalemate})
}

func (r *fogRules) Clone() game.Rules {
	c := &fogRules{g: fog.NewGame(r.g.StartPosition()), steps: append([]game.Step(nil), r.steps...)}
	for _, m := range r.g.Moves() {
		_ = c.g.Push(m) // replaying moves that were legal
	}
	return c
}

// game.Sight cuts the game for a viewer: a player sees their fog.View of every
// position (their own moves in full, the opponent's as "?"); a spectator
// sees no piece at all until the game is over, since a spectator's tab is
// one click away for either player; once over, everyone sees everything.
func (r *fogRules) Sight(seer chess.Color, spectator, over, history bool) game.Sight {
	if over {
		s := game.Sight{FEN: r.FEN(), StartFEN: r.StartFEN()}
		if history {
			s.Moves = r.steps
		}
		if n := len(r.steps); n > 0 {
			s.Last = &r.steps[n-1]
		}
		return s
	}
	return r.sightAt(seer, spectator, len(r.steps), history)
}

// sightAt is the game up to ply n as seer saw it (as no one sees, for a
// spectator): the board then, with its fog, and the moves before it, each
// of the opponent's a "?".
func (r *fogRules) sightAt(seer chess.Color, spectator bool, n int, history bool) game.Sight {
	positions := r.g.Positions()
	see := func(p fog.Position) (fen string, fogged chess.Bitboard) {
		if spectator {
			return blindFEN(p), ^chess.Bitboard(0)
		}
		v := p.View(seer)
		return v.FEN(), ^v.Visible
	}
	seen := func(i int) game.Step {
		st := r.steps[i]
		fen, _ := see(positions[i+1])
		if spectator || st.Color.Color() != seer {
			return game.Step{SAN: "?", FEN: fen, Color: st.Color}
		}
		st.FEN = fen
		return st
	}
	fen, fogged := see(positions[n])
	start, _ := see(positions[0])
	s := game.Sight{FEN: fen, StartFEN: start, Ext: game.Ext{Extension: Fog{Fog: game.SquareNames(fogged)}}}
	if history {
		s.Moves = make([]game.Step, n)
		for i := range n {
			s.Moves[i] = seen(i)
		}
	}
	if n > 0 {
		last := seen(n - 1)
		s.Last = &last
	}
	return s
}

// blindFEN is what a spectator is shown of p: an empty board with the
// side to move and the move number.
func blindFEN(p fog.Position) string {
	b := p.Board()
	side := "w"
	if b.SideToMove() == chess.Black {
		side = "b"
	}
	return fmt.Sprintf("8/8/8/8/8/8/8/8 %s - - 0 %d", side, b.FullmoveNumber())
}

// PGN writes the game once it is over, with a [game.Variant "Fog of war"] tag
// and the moves in this variant's SAN (no check signs); while it goes on,
// the moves are hidden, so only the tags are written.
func (r *fogRules) PGN(h game.PGNHeader) (string, error) {
	return game.WritePGN(h, "White", r.g.WritePGN)
}
