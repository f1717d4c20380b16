package game

// Whole is the whole of a game — its positions, its moves with the FEN
// after each, its PGN — for a reader that may see all of it. Game.Whole
// hands one out only where every viewer may: in a variant that hides
// nothing, or once the game is over. So an output built from a Whole
// cannot leak what a hidden game in play keeps from its players, whoever
// builds it; what such a game shows is built from a viewer's Sight (and,
// for the player to move, DestsFor).
type Whole interface {
	// FEN returns the current position in FEN.
	FEN() string
	// StartFEN returns the start position in FEN.
	StartFEN() string
	// History returns every move played with its notation and the FEN
	// after it.
	History() []Step
	// PGN returns the game in its variant's PGN export format (Rules.PGN):
	// the seven-tag roster with the first mover's tag as the variant names
	// it, and what the variant adds (SetUp and FEN, its Variant tag, its
	// seed once over).
	PGN() (string, error)
}

// Whole returns g's whole record, where every viewer may see all of it
// (Readable): false for a game of hidden information in play.
func (g *Game) Whole() (Whole, bool) {
	if _, ok := g.Readable(); !ok {
		return nil, false
	}
	return whole{g}, true
}

// whole is a readable game's Whole.
type whole struct{ g *Game }

func (r whole) FEN() string          { return r.g.fen() }
func (r whole) StartFEN() string     { return r.g.startFEN() }
func (r whole) History() []Step      { return r.g.history() }
func (r whole) PGN() (string, error) { return r.g.pgn() }

// View is g as viewer v may read it: the whole game where every viewer may
// (Whole), else v's Sight of it — the board, start and moves as v sees
// them — and the PGN its rules write of a game in play for everyone (its
// tags, no hidden move: Rules.PGN before the end). An output that names
// its viewer and reads View cannot show more than that viewer's sight.
func (g *Game) View(v Viewer) Whole {
	if w, ok := g.Whole(); ok {
		return w
	}
	return sightView{s: g.Sight(v, true), pgn: g.pgn}
}

// sightView is a hidden game in play as one viewer sees it.
type sightView struct {
	s   Sight
	pgn func() (string, error)
}

func (s sightView) FEN() string          { return s.s.FEN }
func (s sightView) StartFEN() string     { return s.s.StartFEN }
func (s sightView) History() []Step      { return s.s.Moves }
func (s sightView) PGN() (string, error) { return s.pgn() }
