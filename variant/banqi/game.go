package banqi

import (
	"fmt"

	"github.com/gambitchess/gambit/variant/fair"
)

// Played is one move as it happened: who played it, the move, the piece
// that moved or that the flip turned up (public once played), and the
// piece taken.
type Played struct {
	Player   Player
	Move     Move
	Piece    Piece // the piece moved, or turned up by a flip
	Captured Piece // the piece taken, or NoPiece
}

// IsFlip reports whether the move turned a piece up.
func (pl Played) IsFlip() bool { return pl.Move.IsFlip() }

// String returns the move's SAN ("c2=K", "Rc2-c3").
func (pl Played) String() string { return pl.SAN() }

// Game is the safe face of the package: a game from a seeded layout, under
// a set of Options. It checks every move, records what each move showed,
// and judges the end. It holds the true position and the secret seed:
// give players only public positions (FEN, SightOf). It has no takeback: a
// flip shows what was hidden. Its zero value is not usable; create one
// with NewGame or NewGameFromFEN.
type Game struct {
	seed      fair.Seed
	opts      Options
	positions []Position // true positions, positions[i] after i moves
	played    []Played
	chases    []bool // chases[i]: played[i] left its piece able to take
	outcome   Outcome
}

// NewGame returns a game from the start, its 32 pieces dealt by seed (see
// Deal), played under opts.
func NewGame(seed fair.Seed, opts Options) *Game {
	g, err := NewGameFromFEN(StartFEN, seed, opts)
	if err != nil {
		panic("banqi: the start: " + err.Error())
	}
	return g
}

// NewGameFromFEN returns a game from the public position fen, its
// face-down pieces dealt by seed (see Deal), played under opts.
func NewGameFromFEN(fen string, seed fair.Seed, opts Options) (*Game, error) {
	p, err := ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	if p, err = Deal(p, seed); err != nil {
		return nil, err
	}
	p.SetCannonReach(opts.CannonReach)
	g := &Game{seed: seed, opts: opts}
	g.record(p, false)
	return g, nil
}

func (g *Game) record(p Position, chase bool) {
	g.positions = append(g.positions, p)
	if len(g.positions) > 1 {
		g.chases = append(g.chases, chase)
	}
	g.outcome = g.judge()
}

func (g *Game) cur() *Position { return &g.positions[len(g.positions)-1] }

// Options returns the rules the game is played under.
func (g *Game) Options() Options { return g.opts }

// Seed returns the game's secret seed. Reveal it only once the game is over.
func (g *Game) Seed() fair.Seed { return g.seed }

// Commitment returns the public commitment to the seed (fair.Seed.Commitment).
func (g *Game) Commitment() string { return g.seed.Commitment() }

// Position returns the true current position: secret.
func (g *Game) Position() Position { return *g.cur() }

// StartPosition returns the true position the game started from: secret.
func (g *Game) StartPosition() Position { return g.positions[0] }

// PositionAt returns the true position after ply moves (0: the start);
// false when the game has not that many.
func (g *Game) PositionAt(ply int) (Position, bool) {
	if ply < 0 || ply >= len(g.positions) {
		return Position{}, false
	}
	return g.positions[ply], true
}

// FEN returns the current public position.
func (g *Game) FEN() string { return g.cur().FEN() }

// Turn returns the player to move.
func (g *Game) Turn() Player { return g.cur().turn }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.played) }

// History returns a copy of the moves played.
func (g *Game) History() []Played { return append([]Played(nil), g.played...) }

// Last returns the last move played; false before the first. It copies
// nothing, unlike History.
func (g *Game) Last() (Played, bool) {
	if len(g.played) == 0 {
		return Played{}, false
	}
	return g.played[len(g.played)-1], true
}

// Taken returns the pieces taken in the game of colour c, in the order
// they were taken (public: a piece is taken face up).
func (g *Game) Taken(c Color) []Piece {
	var out []Piece
	for _, pl := range g.played {
		if pl.Captured != NoPiece && pl.Captured.Color() == c {
			out = append(out, pl.Captured)
		}
	}
	return out
}

// LegalMoves returns the legal moves, none once the game is over.
func (g *Game) LegalMoves() []Move {
	if g.outcome.Over() {
		return nil
	}
	var ml MoveList
	g.cur().GenerateLegal(&ml)
	return append([]Move(nil), ml.Moves()...)
}

// Push plays m and returns it as played. It fails, wrapping ErrGameOver
// or ErrIllegalMove, when the game is over or m is not legal.
func (g *Game) Push(m Move) (Played, error) {
	p := g.cur()
	if g.outcome.Over() {
		return Played{}, fmt.Errorf("banqi: play %v: %w (%v)", m, ErrGameOver, g.outcome)
	}
	if !p.IsLegal(m) {
		return Played{}, fmt.Errorf("banqi: play %v in %s: %w", m, p.FEN(), ErrIllegalMove)
	}
	pl := Played{Player: p.turn, Move: m, Piece: p.board[m.From()], Captured: NoPiece}
	if m.IsFlip() {
		pl.Piece = p.identity[m.From()]
	} else if v := p.board[m.To()]; v != NoPiece {
		pl.Captured = v
	}
	var child Position
	p.MakeMove(m, &child)
	g.played = append(g.played, pl)
	g.record(child, !m.IsFlip() && child.Attacks(m.To()))
	return pl, nil
}

// PushText reads a move in coordinate text ("c2c3", a flip "c2c2") or in
// SAN ("c2=K", "Rc2-c3", "c2xc3") and plays it, checking what the text
// claims (a flip's piece, the moving piece's type, a capture) against
// what happens: the error wraps ErrInvalidMove for unreadable text and
// ErrIllegalMove otherwise, and a flip that turned up another piece than
// the text says is not played.
func (g *Game) PushText(text string) (Played, error) {
	n, err := ParseSAN(text)
	if err != nil {
		return Played{}, err
	}
	p := g.cur()
	if !g.outcome.Over() && p.IsLegal(n.Move) {
		if err := claimHolds(p, n); err != nil {
			return Played{}, fmt.Errorf("banqi: play %q: %w: %w", clip(text), ErrIllegalMove, err)
		}
	}
	return g.Push(n.Move)
}

// claimHolds checks what notation n says of its move, legal in p.
func claimHolds(p *Position, n Notation) error {
	from, to := n.Move.From(), n.Move.To()
	switch {
	case n.Move.IsFlip():
		if id := p.identity[from]; n.Reveal != NoPiece && id != NoPiece && id != n.Reveal {
			return fmt.Errorf("the piece on %v is %v, not %v", from, id, n.Reveal)
		}
	case n.Type != NoPieceType && p.board[from].Type() != n.Type:
		return fmt.Errorf("the piece on %v is %v, not %v", from, p.board[from].Type(), n.Type)
	case n.Capture && p.board[to] == NoPiece:
		return fmt.Errorf("%v is empty: nothing to take", to)
	case n.Step && p.board[to] != NoPiece:
		return fmt.Errorf("%v is taken, not stepped to (write x)", to)
	}
	return nil
}

// Outcome returns how the game stands; the zero Outcome while it goes on.
// The rules, judged after each move for the player to move: with no piece
// left it loses (NoPieces); with no legal move it loses (NoMoves); at a
// position's third occurrence (Options.Repetitions) the game is drawn
// (Repetition), unless the chase rule (Options.ChaseLoses) finds the
// opponent chased through it and loses it (PerpetualChase); 180 plies
// without a flip or a capture (Options.DrawPlies) draw (MoveLimit).
// Resignation, time and agreed draws are the caller's.
func (g *Game) Outcome() Outcome { return g.outcome }

func (g *Game) judge() Outcome {
	p := g.cur()
	if us := p.ColorToMove(); us != NoColor && !p.HasPieces(us) {
		return win(NoPieces, p.turn.Other())
	}
	if !p.HasLegalMove() {
		return win(NoMoves, p.turn.Other())
	}
	if o := g.repetition(); o.Over() {
		return o
	}
	if g.opts.DrawPlies > 0 && int(p.halfmove) >= g.opts.DrawPlies {
		return draw(MoveLimit)
	}
	return Outcome{}
}

// repetition judges a position occurring for the Repetitions-th time.
// Only the positions since the last flip or capture can repeat it: those
// are never undone.
func (g *Game) repetition() Outcome {
	n := len(g.positions) - 1
	p := &g.positions[n]
	if g.opts.Repetitions <= 0 {
		return Outcome{}
	}
	count, firstSeen := 1, n
	for i := n - 2; i >= max(n-int(p.halfmove), 0); i -= 2 {
		if g.positions[i].key == p.key {
			count++
			firstSeen = i
		}
	}
	if count < g.opts.Repetitions {
		return Outcome{}
	}
	if g.opts.ChaseLoses {
		if chaser, ok := g.chaser(firstSeen, n); ok {
			return win(PerpetualChase, chaser.Other())
		}
	}
	return draw(Repetition)
}

// chaser returns the one player every move of whose, in plies from to to,
// chased, if exactly one did.
func (g *Game) chaser(from, to int) (Player, bool) {
	all := [2]bool{true, true}
	for i := from; i < to; i++ {
		if !g.chases[i] {
			all[g.played[i].Player] = false
		}
	}
	switch {
	case all[First] && !all[Second]:
		return First, true
	case all[Second] && !all[First]:
		return Second, true
	}
	return First, false
}
