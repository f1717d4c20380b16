package game

import (
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/fog"
)

// FogOfWar is fog-of-war chess (package variant/fog): each player sees only
// what their pieces could move to, there is no check, and taking the king wins.
const FogOfWar Variant = "fogofwar"

// fogSpec registers fog of war. Setup reads a FEN of these rules (a king
// may stand attacked) or a chess PGN (every legal chess move is a move of
// these rules too). No takebacks: a move taken
// back would have shown squares of the fog. Every state is cut per viewer
// by the rules' Sight.
var fogSpec = &Spec{
	Name:       FogOfWar,
	Label:      "Fog of war",
	Board:      BoardChess,
	Sides:      chessSides,
	Setup:      fogSetup,
	Rules:      func(start, _ string) (Rules, error) { return fogRulesAt(start) },
	NoTakeback: true,
	Hidden:     true,
}

func fogSetup(text string) (string, []string, error) {
	if text = strings.TrimSpace(text); !isChessFEN(text) {
		return chessSetup(text)
	}
	p, err := fog.ParseFEN(text)
	if err != nil {
		return "", nil, fmt.Errorf("%w: %v", ErrBadSetup, err)
	}
	return p.FEN(), nil, nil
}

func fogRulesAt(start string) (Rules, error) {
	p := fog.StartPosition()
	if start != "" {
		var err error
		if p, err = fog.ParseFEN(start); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadSetup, err)
		}
	}
	return &fogRules{g: fog.NewGame(p)}, nil
}

// fogRules is Rules over package variant/fog, and hidden: what a player
// sees is their fog.View of each position.
type fogRules struct {
	g     *fog.Game
	steps []Step // every move as the rules wrote it
}

func (r *fogRules) position() fog.Position { return r.g.Position() }

func (r *fogRules) Turn() chess.Color { p := r.position(); return p.SideToMove() }
func (r *fogRules) Ply() int          { return len(r.g.Moves()) }
func (r *fogRules) FEN() string       { p := r.position(); return p.FEN() }
func (r *fogRules) StartFEN() string  { p := r.g.StartPosition(); return p.FEN() }
func (r *fogRules) Pop() bool         { return false } // the variant has no takebacks
func (r *fogRules) History() []Step   { return r.steps }

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
	return destsOf(&b, ml.Moves())
}

func (r *fogRules) Play(text string) (Step, error) {
	p := r.position()
	if o := r.g.Outcome(); o.Over() {
		return Step{}, fmt.Errorf("%w: %s: the game is over", ErrIllegalMove, text)
	}
	var ml chess.MoveList
	p.Generate(&ml)
	for _, m := range ml.Moves() {
		if p.UCI(m) != text {
			continue
		}
		step := Step{UCI: text, SAN: p.SAN(m), Color: p.SideToMove()}
		if err := r.g.Push(m); err != nil {
			return Step{}, fmt.Errorf("%w: %s: %v", ErrIllegalMove, text, err)
		}
		step.FEN = r.FEN()
		r.steps = append(r.steps, step)
		return step, nil
	}
	if !validUCI(text) {
		return Step{}, fmt.Errorf("%w: %q", ErrInvalidMove, text)
	}
	return Step{}, fmt.Errorf("%w: %s", ErrIllegalMove, text)
}

// validUCI reports whether text has the shape of a UCI move ("e2e4", "e7e8q").
func validUCI(text string) bool {
	if len(text) != 4 && len(text) != 5 {
		return false
	}
	for i := 0; i < 4; i += 2 {
		if text[i] < 'a' || text[i] > 'h' || text[i+1] < '1' || text[i+1] > '8' {
			return false
		}
	}
	return len(text) == 4 || strings.ContainsRune("nbrq", rune(text[4]))
}

func (r *fogRules) Outcome() Outcome {
	o := r.g.Outcome()
	if !o.Over() {
		return Outcome{}
	}
	status := Draw
	switch o.Termination {
	case fog.KingCaptured:
		status = Mate
	case fog.Stalemate:
		status = Stalemate
	}
	return Outcome{Termination: o.Termination.String(), Code: uint8(o.Termination), Winner: o.Winner, Draw: o.Draw, Status: status}
}

func (r *fogRules) Clone() Rules {
	c := &fogRules{g: fog.NewGame(r.g.StartPosition()), steps: append([]Step(nil), r.steps...)}
	for _, m := range r.g.Moves() {
		_ = c.g.Push(m) // replaying moves that were legal
	}
	return c
}

// Sight cuts the game for a viewer: a player sees their fog.View of every
// position (their own moves in full, the opponent's as "?"); a spectator
// sees no piece at all until the game is over, since a spectator's tab is
// one click away for either player; once over, everyone sees everything.
func (r *fogRules) Sight(seer chess.Color, spectator, over, history bool) Sight {
	if over {
		s := Sight{FEN: r.FEN(), StartFEN: r.StartFEN()}
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
func (r *fogRules) sightAt(seer chess.Color, spectator bool, n int, history bool) Sight {
	positions := r.g.Positions()
	see := func(p fog.Position) (fen string, fogged chess.Bitboard) {
		if spectator {
			return blindFEN(p), ^chess.Bitboard(0)
		}
		v := p.View(seer)
		return v.FEN(), ^v.Visible
	}
	seen := func(i int) Step {
		st := r.steps[i]
		fen, _ := see(positions[i+1])
		if spectator || st.Color != seer {
			return Step{SAN: "?", FEN: fen, Color: st.Color}
		}
		st.FEN = fen
		return st
	}
	fen, fogged := see(positions[n])
	start, _ := see(positions[0])
	s := Sight{FEN: fen, StartFEN: start, Extras: Extras{Fog: squareNames(fogged)}}
	if history {
		s.Moves = make([]Step, n)
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

// squareNames lists the squares of b by name, a1 first.
func squareNames(b chess.Bitboard) []string {
	out := make([]string, 0, b.Count())
	for b != 0 {
		out = append(out, b.PopFirst().String())
	}
	return out
}

// PGN writes the game once it is over, with a [Variant "Fog of war"] tag
// and the moves in this variant's SAN (no check signs); while it goes on,
// the moves are hidden, so only the tags are written.
func (r *fogRules) PGN(h PGNHeader) string {
	var sb strings.Builder
	if err := r.g.WritePGN(&sb, h.tagPairs("White"), h.Over); err != nil {
		return err.Error()
	}
	return sb.String()
}
